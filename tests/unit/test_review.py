"""The review of a stored match, as ``companion review`` and the review screen read it: the command's JSON
contract and its words, and privacy (a match still being played is reviewed only as far as it may be disclosed: a
spectator learns no hidden card from a review)."""

from __future__ import annotations

import json

import pytest

from companion.cli.main import main
from companion.core.cards import parse_cards
from companion.games import registry
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.ops import Deal, Discard
from companion.records.review import review_match, review_module, review_stored
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.secrets import leaks, mid_round, store_secrets
from tests.unit.test_review_cribbage import DEALER, _match, _stacked

G = parse_cards


def _saved(store: Store, match) -> int:
    session = MatchSession.create(store, match.setup, registry.get("cribbage"))
    for op in match.log:
        session.apply(op)
    return session.match_id


def _fives_thrown():
    """Ann (the pone) throws her two fives to Bob's crib; Bob throws the advisor's best; the deal is then played out
    by the computers, and the match is stopped after that deal is over."""
    from companion.games.cribbage.players import play_turn

    match = _match(seed=4)
    match.apply(Deal(_stacked()))
    match.apply(Discard(0, tuple(G("5H 5S"))))
    match.apply(Discard(1, analyse(DEALER, True)[0].discard))
    while match.deal_number == 1 and match.phase not in ("deal", "game_over", "match_over"):
        play_turn(match, levels=("hard", "hard"))
    return match


def test_review_json_names_the_costly_discard_with_every_documented_key(home, capsys):
    match_id = _saved(home, _fives_thrown())
    assert main(["review", str(match_id), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"match", "game", "names", "over", "withheld", "decisions"}
    assert (data["match"], data["game"], data["names"], data["over"]) == (match_id, "cribbage", ["Ann", "Bob"], False)
    first = data["decisions"][0]
    assert set(first) == {"seat", "name", "human", "round", "kind", "move", "better", "cost", "chance", "en", "fr"}
    assert (first["name"], first["kind"], first["move"], first["cost"], first["human"]) == \
        ("Ann", "discard", ["5H", "5S"], 15.23, True)
    assert first["fr"].startswith("Ann a jeté 5♥ 5♠")


def test_review_says_each_decision_in_the_chosen_language(home, capsys):
    match_id = _saved(home, _fives_thrown())
    assert main(["--lang", "fr", "review", str(match_id)]) == 0
    out = capsys.readouterr().out
    assert f"Analyse du match n° {match_id}" in out and "1. Donne 1, Ann : coûte 15,2 points" in out
    assert main(["review", "99"]) == 2  # no such match: one line, no traceback


def test_a_running_virtual_match_is_reviewed_only_up_to_its_last_round_over():
    match = mid_round("cribbage", rounds=2, into=3)  # the deal and both discards of the third round
    game = registry.get("cribbage")
    module = review_module(game)
    assert 3 in {d.round for d in module.review(match)}  # the round under way holds a costly discard…
    reviewed = review_match(game, match)
    assert reviewed.withheld == len(match.log) - match.disclosed() > 0
    assert reviewed.decisions and all(d.round < 3 for d in reviewed.decisions)  # …that its review never names


def test_no_review_of_a_running_match_carries_a_hidden_card(home, capsys):
    for secret in store_secrets(home):
        if registry.get(secret.game).review is None:
            continue
        reviewed = review_stored(home, secret.match_id)
        assert reviewed.withheld == len(secret.ops) - secret.disclosed
        assert all(d.index < secret.disclosed for d in reviewed.decisions)
        for argv in (["review", str(secret.match_id), "--json"], ["--lang", "fr", "review", str(secret.match_id)]):
            assert main(argv) == 0
            assert leaks(capsys.readouterr().out, secret) == [], (secret.game, argv)


def test_bench_review_prints_the_time_of_a_long_matchs_review(capsys):
    from companion.dev import bench

    assert main(["bench", "--review"]) == 0
    out = capsys.readouterr().out
    (line,) = [ln for ln in out.splitlines() if ln.startswith("review of a long cribbage match")]
    assert " s (3 games, " in line and "the 2 s target" in line
    for game in ("le31", "trente-et-un", "banker", "2500"):  # a line for each other game's long match
        assert f"review of a long {game} match:" in out and "OVER" not in out
    assert bench.measure_review in bench.MEASUREMENTS


def test_stats_follow_each_players_discards_month_by_month_cached_per_match(home, capsys, monkeypatch):
    first = _saved(home, _fives_thrown())  # October: Ann's fives to Bob's crib, 15.23 given away in one deal
    second = _saved(home, _match(seed=9))  # this month: a match begun, nothing discarded yet
    with home.writing() as conn:
        conn.execute("UPDATE matches SET created = ? WHERE id = ?", ("2025-10-15T20:00:00+00:00", first))
        conn.execute("UPDATE matches SET created = ? WHERE id = ?", ("2025-11-03T20:00:00+00:00", second))
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert set(ann) == {"name", "game", "matches", "wins", "win_rate", "current_streak", "best_streak", "figures",
                        "review"}
    assert ann["review"] == {"2025-10": {"discard": {"cost": 15.23, "decisions": 1}}}
    bob = next(p for p in data["players"] if p["name"] == "Bob")
    assert bob["review"] == {"2025-10": {"discard": {"cost": 0.0, "decisions": 1}}}
    from companion.records import stats  # the app caches each match's trend: a second look reviews none again

    stats.facts(home)
    monkeypatch.setattr(stats, "review_trend", lambda game, match: pytest.fail("reviewed again"))
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data


def test_a_players_trend_is_said_newest_month_first_in_both_languages():
    from companion.records.review import trend_lines

    trend = {"2025-11": {"discard": {"cost": 0.4, "decisions": 9}}, "2025-10": {"discard": {"cost": 0.9, "decisions": 12}}}
    (line,) = trend_lines(registry.get("cribbage"), "Ann", trend)
    assert line.text("en") == "Ann: discards cost 0.40 points a deal in November 2025, 0.90 in October 2025"
    assert line.text("fr") == "Ann : ses écarts coûtent 0,40 points par donne en novembre 2025, 0,90 en octobre 2025"


def test_a_computers_decision_is_named_as_the_computers(home, capsys):
    """Ann's fives thrown by the computer in her seat: the review read « 1. Donne 1, Ann : coûte 15,2 points » as if a
    player had made the mistake; it says whose it was, on every screen that shows the heads (CLI, review screen,
    phone)."""
    from companion.games.base import Setup
    from companion.games.cribbage.engine import CribbageMatch
    from companion.games.cribbage.rules import CribbageRules

    played = _fives_thrown()
    match = CribbageMatch(Setup(("Ann", "Bob"), CribbageRules(players=2), 1, "virtual", 4, ("easy", "human")))
    for op in played.log:
        match.apply(op)
    reviewed = review_match(registry.get("cribbage"), match)
    assert reviewed.head(1, reviewed.decisions[0]).text("fr") == "1. Donne 1, Ann (ordinateur) : coûte 15,2 points"
    assert reviewed.head(1, reviewed.decisions[0]).text("en") == "1. Deal 1, Ann (computer): cost 15.2 points"
    assert main(["review", str(_saved(home, match))]) == 0
    assert "1. Deal 1, Ann (computer): cost 15.2 points" in capsys.readouterr().out
    human = review_match(registry.get("cribbage"), played)  # every seat a player's: names alone
    assert human.head(1, human.decisions[0]).text("en") == "1. Deal 1, Ann: cost 15.2 points"


def test_a_cost_below_two_points_is_said_in_the_singular_in_french():
    from companion.records.review import cost_words

    assert [cost_words(c, None).text("fr") for c in (0.7, 1.0, 1.94, 1.96, 8.8)] == \
        ["coûte 0,7 point", "coûte 1,0 point", "coûte 1,9 point", "coûte 2,0 points", "coûte 8,8 points"]
    assert cost_words(0.7, None).text("en") == "cost 0.7 points"


def test_a_players_own_decisions_come_before_the_computers():
    """Against the easy computer the player's first decision came seventh, under the computer's: his own come
    first now, each group costliest first."""
    from companion.games.base import Setup
    from companion.games.cribbage.engine import CribbageMatch
    from companion.games.cribbage.players import next_op
    from companion.games.cribbage.rules import CribbageRules
    from companion.games.selfplay import play_out

    setup = Setup(("Marie", "Paul"), CribbageRules(players=2), 0, "virtual", 12, ("human", "easy"))
    match = play_out(next_op, CribbageMatch(setup), ("normal", "easy"))
    reviewed = review_match(registry.get("cribbage"), match)
    seats = [decision.seat for decision in reviewed.decisions]
    assert 0 in seats and 1 in seats and seats == sorted(seats)  # every one of Marie's before any of Paul's
    for seat in (0, 1):
        costs = [d.cost if d.chance is None else 30 * d.chance for d in reviewed.decisions if d.seat == seat]
        assert costs == sorted(costs, reverse=True)

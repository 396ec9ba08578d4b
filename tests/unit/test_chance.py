"""Each side's chance to win (issue 40): the cribbage table and its phases, the self-play tables, what a seat may
know, and the self-play JSON that lets anyone check the calibration."""

from __future__ import annotations

import random

import pytest

from companion.core.cards import standard_deck
from companion.games import chance as shared
from companion.games import registry
from companion.games.cribbage import chance as crib_chance
from companion.games.cribbage import endgame
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.players import play_turn
from companion.games.cribbage.rules import CribbageRules

GAMES = ("cribbage", "le31", "2500", "trente-et-un", "banker")


def cribbage(scores: tuple[int, int] = (0, 0), dealer: int = 0, **rules: object) -> CribbageMatch:
    match = CribbageMatch(Setup(("Anne", "Bob"), CribbageRules(**rules), dealer, "virtual", 7))  # type: ignore[arg-type]
    match.scores = list(scores)
    return match


def test_every_game_names_a_chance_module_that_answers_at_the_start() -> None:
    from companion.games.base import Setup as BaseSetup

    for info in map(registry.resolve, GAMES):
        assert info.chance is not None, info.id
        match = info.new_match(BaseSetup(tuple(f"P{i}" for i in range(2)), info.make_rules(2, {}), 0, "virtual", 1))
        found = shared.chances(info, match)
        assert found is not None and len(found) == 2 and sum(found) == pytest.approx(1.0), info.id


def test_the_whole_board_is_shipped_and_agrees_with_the_hard_players_table_near_the_end() -> None:
    assert crib_chance.v(10, 10) == endgame.pone_wins(10, 10)
    assert crib_chance.v(5, 90) == endgame.pone_wins(5, 90)
    # Far from the end, where the hard player's table reads its nearest cell, the whole board answers for itself:
    # at the start of a game the dealer is the favourite (his crib).
    assert crib_chance.v(121, 121) == pytest.approx(0.4409)
    assert crib_chance.v(61, 61) < 0.5


def test_at_120_to_0_with_the_crib_the_leader_all_but_wins() -> None:
    anne, bob = crib_chance.chances(cribbage((120, 0), dealer=0))  # type: ignore[misc]
    assert anne > 0.999 and anne + bob == pytest.approx(1.0)


def test_a_won_game_is_certain() -> None:
    match = cribbage((0, 0))
    while match.phase not in ("game_over", "match_over"):
        play_turn(match)
    winner = match.games[-1].winner
    assert crib_chance.chances(match)[winner] == 1.0  # type: ignore[index]


def test_swapping_the_scores_and_the_deal_swaps_the_chances() -> None:
    for scores in ((0, 0), (98, 85), (115, 119), (40, 100)):
        a = crib_chance.chances(cribbage(scores, dealer=0))
        b = crib_chance.chances(cribbage(scores[::-1], dealer=1))
        assert a is not None and b is not None
        assert a == pytest.approx(b[::-1])
    # Equal scores: the dealer is ahead by exactly what the pone lacks.
    deal, pone = crib_chance.chances(cribbage((60, 60), dealer=0))  # type: ignore[misc]
    assert deal > 0.5 and pone == pytest.approx(crib_chance.v(61, 61))


def test_three_players_have_no_chance_shown() -> None:
    match = CribbageMatch(Setup(("A", "B", "C"), CribbageRules(players=3), 0, "virtual", 1))
    assert crib_chance.chances(match) is None


def test_a_match_of_several_games_counts_the_games_still_needed() -> None:
    match = cribbage((0, 0), games_to_win=2)
    a, b = crib_chance.match_chances(match)  # type: ignore[misc]
    game = crib_chance.chances(match)[0]  # type: ignore[index]
    # Win this game, then one of the next (even), or lose it and win both next.
    assert a == pytest.approx(game * 0.75 + (1 - game) * 0.25) and a + b == pytest.approx(1.0)
    assert crib_chance.match_chances(cribbage((0, 0))) is None  # one game: the game's chance says it all


def _states(seed: int) -> list[CribbageMatch]:
    """A virtual game's states, one per step."""
    match = CribbageMatch(Setup(("Anne", "Bob"), CribbageRules(), seed % 2, "virtual", seed))
    states = []
    while match.phase not in ("game_over", "match_over") and len(states) < 400:
        states.append(CribbageMatch.replay(match.setup, match.log))
        play_turn(match)
    return states


def test_the_tables_chance_never_depends_on_hidden_cards() -> None:
    """The table (seat None) reads the public scores and phase only: with every hand swapped for other cards it
    says the same, at every step of a game; a seat that knows its hand may say otherwise."""
    rng = random.Random(5)
    differs = False
    for state in _states(11):
        before = crib_chance.chances(state, None)
        mine = crib_chance.chances(state, 0)
        d = state.d
        if d is not None and d.kept is not None:
            unseen = [c for c in standard_deck() if c not in state.seen_cards() and c != d.starter]
            rng.shuffle(unseen)
            d.kept = [tuple(unseen[:4]), tuple(unseen[4:8])]
            d.hands = [list(unseen[:4]), list(unseen[4:8])]
        assert crib_chance.chances(state, None) == before
        differs = differs or mine != before
    assert differs  # the seat's own hand was used somewhere in the game


def test_a_game_still_under_way_is_never_shown_as_won_or_lost() -> None:
    # 100 to 0 at the start of a deal (and 120 to 0, the leader the pone): the rounded table says 1.0, yet Bob may
    # still win; the board read « 100 % » and « 0 % ».
    for scores, dealer in (((100, 0), 0), ((120, 0), 1), ((120, 94), 1)):
        anne, bob = crib_chance.chances(cribbage(scores, dealer=dealer))  # type: ignore[misc]
        assert (shared.Percent(anne).display("fr"), shared.Percent(bob).display("en")) == ("99\u00a0%", "1%")
    # A self-play key whose every game was won (or lost) is still a count of games, not a certainty.
    assert 0.0 < shared.from_tally({"k": [0, 266]}, ["k"]) < shared.from_tally({"k": [266, 266]}, ["k"]) < 1.0  # type: ignore[operator]


def test_a_self_play_table_answers_with_the_finest_key_seen_often_enough() -> None:
    table = {"fine": [3, 10], "coarse": [120, 200], "coarser": [500, 1000]}
    assert shared.from_tally(table, ["fine", "coarse", "coarser"]) == 0.6
    assert shared.from_tally(table, ["unseen", "coarser"]) == 0.5
    assert shared.from_tally(table, ["fine"]) is None
    assert shared.normalised([0.6, 0.6]) == (0.5, 0.5)
    assert shared.normalised([0.6, None]) is None


@pytest.mark.parametrize("game", ["le31", "2500", "trente-et-un", "banker"])
def test_a_table_game_read_at_its_start_and_once_decided(game: str) -> None:
    from companion.games.base import Setup as BaseSetup
    from companion.games.selfplay import play_out

    info = registry.resolve(game)
    match = info.new_match(BaseSetup(("A", "B"), info.make_rules(2, {}), 0, "virtual", 3))
    start = shared.chances(info, match)
    assert start is not None and all(0.2 < c < 0.8 for c in start)  # two normal players: near even
    play_out(__import__(info.players, fromlist=["next_op"]).next_op, match, ("normal", "normal"))
    done = shared.chances(info, match)
    assert done is not None and sorted(done) == [0.0, 1.0]


def test_selfplay_json_keeps_its_keys_and_adds_each_chance_shown_with_the_outcome() -> None:
    from companion.games.selfplay import run

    result = run("cribbage", "normal", "normal", games=2, seed=1, jobs=1)
    assert list(result) == ["game", "a", "b", "players", "games", "seed", "a_wins", "win_rate", "ci95", "even",
                            "a_better", "figures", "a_decision_ms_median", "seconds", "chances", "rules"]
    assert result["chances"] and all(0 <= c <= 1 and won in (0, 1) for c, won in result["chances"])
    outcomes = {won for _, won in result["chances"]}
    assert outcomes <= {0, 1}


def test_a_players_phone_shows_his_own_chance_from_what_he_may_know(tmp_path) -> None:
    """The seat's page says « Your chance to win » from its own view: after the cut, Marie's phone counts her own
    hand, so it may differ from the table's figure; Paul's and Marie's pages each show their own side's chance."""
    import asyncio

    from companion.games.base import Setup as BaseSetup
    from companion.serving.seats import Seats
    from companion.store.database import Store
    from companion.store.session import MatchSession

    game = registry.get("cribbage")
    with Store.open(tmp_path / "c.sqlite3") as store:
        setup = BaseSetup(("Marie", "Paul"), game.make_rules(2, {}), 0, "virtual", 7, ("human", "human"))
        session = MatchSession.create(store, setup, game)
        match_id = session.match_id
        table = crib_chance.chances(session.match)
    assert table is not None

    async def look() -> tuple[str, str, str]:
        seats = Seats(tmp_path / "c.sqlite3")
        try:
            return (seats.draw(match_id, 0, "en", whole=True), seats.draw(match_id, 1, "en"),
                    seats.draw(match_id, 1, "fr"))
        finally:
            seats.close()

    marie, paul, paul_fr = asyncio.run(look())
    assert f'<p class="chance">Your chance to win: {round(table[0] * 100)}%</p>' in marie
    assert f'<p class="chance">Your chance to win: {round(table[1] * 100)}%</p>' in paul
    assert f"Vos chances de gagner\u00a0: {round(table[1] * 100)}\u00a0%" in paul_fr

"""Club nights: pairings (properties over 4–40 players and 1–12 rounds), game points and standings worked out by
hand, corrections, players who leave, and the night kept in the store across a crash."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from companion.club.night import ClubNight, NightError, start_op
from companion.club.pairing import circle, met, search
from companion.club.saved import append, create, load, result_from_match, undo
from companion.games.base import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.errors import ConflictError, StoreError
from companion.store.session import MatchSession

FOUR = ["Ann", "Bob", "Cy", "Di"]


def _check_round(pairs, present) -> None:
    seated = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seated) == sorted(present), "everyone present plays once, nobody twice"
    assert sum(1 for _, b in pairs if b is None) == len(present) % 2


@pytest.mark.parametrize("n", range(4, 41))
def test_rotation_pairs_everyone_once_never_repeats_while_avoidable_and_spreads_byes(n):
    players = [f"P{i}" for i in range(n)]
    history: list = []
    for r in range(12):
        pairs = circle(players, r)
        _check_round(pairs, players)
        history.append(pairs)
        distinct_rounds = n - 1 if n % 2 == 0 else n  # after these everyone has met everyone
        repeats = sum(c - 1 for c in met(history).values())
        if r + 1 <= distinct_rounds:
            assert repeats == 0
        byes = [sum(1 for rnd in history for a, b in rnd if b is None and a == p) for p in players]
        assert max(byes) - min(byes) <= 1


def _all_matchings(people):
    if not people:
        yield []
        return
    a = people[0]
    for b in people[1:]:
        rest = [p for p in people[1:] if p != b]
        for m in _all_matchings(rest):
            yield [(a, b)] + m


@pytest.mark.parametrize("n", range(4, 11))
def test_searched_rounds_repeat_a_pair_only_when_no_round_can_avoid_it(n):
    rng = random.Random(n)
    players = [f"P{i}" for i in range(n)]
    history: list = []
    for _ in range(12):
        order = players[:]
        rng.shuffle(order)  # any standings order
        pairs = search(order, history)
        _check_round(pairs, players)
        seen = met(history)
        repeats = sum(seen[frozenset(p)] for p in pairs if p[1] is not None)
        field = [p for p in order if p not in [a for a, b in pairs if b is None]]
        fewest = min(sum(seen[frozenset(p)] for p in m) for m in _all_matchings(field))
        assert repeats == fewest
        history.append(pairs)


@pytest.mark.parametrize("n", [12, 13, 25, 40])
def test_swiss_nights_of_nine_rounds_with_random_results(n):
    rng = random.Random(n)
    players = [f"P{i}" for i in range(n)]
    night = ClubNight.replay([start_op(players, rounds=9, method="swiss")])
    for _ in range(9):
        night.apply({"op": "pair"})
        _check_round(night.tables(night.round), players)
        for t in night.open_tables():
            a, b = night.tables(night.round)[t - 1]
            night.apply({"op": "result", "table": t, "winner": rng.choice((a, b)), "loser_score": rng.randrange(121)})
    assert sum(c - 1 for c in met(night.rounds).values()) == 0  # nine rounds need no repeat from 12 players up
    byes = [sum(1 for rnd in night.rounds for a, b in rnd if b is None and a == p) for p in players]
    assert max(byes) <= 1


def _paper_night() -> ClubNight:
    night = ClubNight.replay([start_op(FOUR, rounds=3)])
    for results in ([("Ann", 85), ("Bob", 100)], [("Cy", 119), ("Bob", 60)], [("Ann", 110), ("Di", 95)]):
        night.apply({"op": "pair"})
        for table, (winner, score) in enumerate(results, 1):
            night.apply({"op": "result", "table": table, "winner": winner, "loser_score": score})
    return night


def test_standings_worked_out_by_hand():
    night = _paper_night()
    # The circle: Ann–Di, Bob–Cy; then Ann–Cy, Di–Bob; then Ann–Bob, Cy–Di.
    assert night.rounds == [[("Ann", "Di"), ("Bob", "Cy")], [("Ann", "Cy"), ("Di", "Bob")],
                            [("Ann", "Bob"), ("Cy", "Di")]]
    # Ann: skunk win 3 (85 < 91, +36), loss (−2), win 2 (+11) = 5 points, spread 45.
    # Bob: win 2 (+21), skunk win 3 (+61), loss (−11) = 5 points, spread 71: ahead of Ann on spread.
    # Cy: loss −21, win +2, loss −26: 2 points, −45.  Di: loss −36, loss −61, win +26: 2 points, −71.
    rows = [(s.name, s.points, s.won, s.spread) for s in night.standings()]
    assert rows == [("Bob", 5, 2, 71), ("Ann", 5, 2, 45), ("Cy", 2, 1, -45), ("Di", 2, 1, -71)]
    assert night.finished
    # A correction: round 3 was Bob's, 121–110. Bob 7 points (+93), Ann 3 (+23).
    night.apply({"op": "result", "round": 3, "table": 1, "winner": "Bob", "loser_score": 110})
    rows = [(s.name, s.points, s.won, s.spread) for s in night.standings()]
    assert rows[:2] == [("Bob", 7, 3, 93), ("Ann", 3, 1, 23)]
    assert night.csv().splitlines()[1] == "1,Bob,7,3,0,93,0,1,"


def test_bad_entries_are_refused_with_the_reason():
    night = ClubNight.replay([start_op(FOUR, rounds=2)])
    night.apply({"op": "pair"})
    for op, words in [({"op": "pair"}, "still has tables"), ({"op": "result", "table": 3, "winner": "Ann",
                                                             "loser_score": 5}, "no table 3"),
                      ({"op": "result", "table": 1, "winner": "Bob", "loser_score": 5}, "not at table 1"),
                      ({"op": "result", "table": 1, "winner": "Ann", "loser_score": 121}, "from 0 to 120"),
                      ({"op": "swap", "a": "Ann", "b": "Zed"}, "no player Zed")]:
        with pytest.raises(NightError) as error:
            night.apply(op)
        assert words in error.value.text("en")
    with pytest.raises(NightError) as error:
        ClubNight.replay([start_op(["A", "B", "a", "C"])])
    assert "deux fois" in error.value.text("fr")


def test_changing_pairings_keeps_the_results_already_entered():
    night = ClubNight.replay([start_op(["A", "B", "C", "D", "E", "F"], rounds=2)])
    night.apply({"op": "pair"})  # A–F, B–E, C–D
    night.apply({"op": "result", "table": 1, "winner": "A", "loser_score": 90})
    with pytest.raises(NightError):
        night.apply({"op": "swap", "a": "A", "b": "B"})  # table 1 has its result
    night.apply({"op": "swap", "a": "B", "b": "C"})
    assert night.tables(1) == [("A", "F"), ("C", "E"), ("B", "D")]
    assert night.results[(1, 1)].winner == "A"


def test_a_player_who_leaves_forfeits_or_withdraws_and_the_standings_say_which():
    players = ["A", "B", "C", "D", "E", "F"]
    night = ClubNight.replay([start_op(players, rounds=3)])
    night.apply({"op": "pair"})
    night.apply({"op": "leave", "player": "B", "mode": "forfeit"})  # B–E: E wins by forfeit at once
    assert night.results[(1, 2)].forfeit and night.results[(1, 2)].winner == "E"
    night.apply({"op": "result", "table": 1, "winner": "A", "loser_score": 100})
    night.apply({"op": "result", "table": 3, "winner": "C", "loser_score": 100})
    night.apply({"op": "leave", "player": "F", "mode": "withdraw"})
    night.apply({"op": "pair"})
    seated = [p for pair in night.tables(2) for p in pair if p]
    assert "F" not in seated and "B" in seated and sum(1 for _, b in night.tables(2) if b is None) == 1
    assert all(r.forfeit for (rnd, t), r in night.results.items() if rnd == 2 and "B" in night.tables(2)[t - 1])
    status = {s.name: s.left for s in night.standings()}
    assert status["B"] == "forfeit" and status["F"] == "withdraw"
    assert "parti (forfaits)" in night.csv("fr")


def test_a_night_is_kept_in_the_store_through_a_crash(tmp_path):
    path = tmp_path / "c.sqlite3"
    store = Store.open(path)
    night_id = create(store, "Mardi", start_op(FOUR, rounds=3))
    append(store, night_id, {"op": "pair"}, 1)
    append(store, night_id, {"op": "result", "table": 1, "winner": "Ann", "loser_score": 85}, 2)
    with pytest.raises(ConflictError):
        append(store, night_id, {"op": "result", "table": 2, "winner": "Bob", "loser_score": 85}, 2)
    with pytest.raises(NightError):
        append(store, night_id, {"op": "pair"}, 3)  # refused: nothing written
    store._conn = None  # killed: nothing closed, nothing flushed by us
    again = Store.open(path)
    record = load(again, night_id)
    assert record.name == "Mardi" and record.night.round == 1 and record.night.open_tables() == [2]
    assert undo(again, night_id, 3).results == {}
    again.close()


def test_each_entry_of_a_night_is_one_row_appended_and_undo_takes_back_only_the_last(tmp_path):
    import sqlite3

    with Store.open(tmp_path / "c.sqlite3") as store:
        night_id = create(store, "Mardi", start_op(FOUR, rounds=3))
        append(store, night_id, {"op": "pair"}, 1)
        append(store, night_id, {"op": "result", "table": 1, "winner": "Ann", "loser_score": 85}, 2)
        undo(store, night_id, 3)
    conn = sqlite3.connect(tmp_path / "c.sqlite3")
    rows = conn.execute("SELECT seq, op FROM night_ops WHERE night_id = ? ORDER BY seq", (night_id,)).fetchall()
    conn.close()
    assert [(seq, json.loads(op)["op"]) for seq, op in rows] == [(1, "start"), (2, "pair")]


def test_a_night_saved_whole_by_the_release_before_moves_into_rows_and_reads_the_same(tmp_path):
    """Schema 4 kept a night as one JSON list; schema 5 keeps one row per entry. A list this release cannot read
    moves as it is and is said damaged, never a crash."""
    import sqlite3

    from companion.store.schema import MIGRATIONS

    path = tmp_path / "c.sqlite3"
    with Store.open(path, migrations=MIGRATIONS[:4]):
        pass
    entries = [start_op(FOUR, rounds=3), {"op": "pair"},
               {"op": "result", "table": 2, "winner": "Bob", "loser_score": 99}]
    conn = sqlite3.connect(path)
    with conn:
        for name, ops in (("Mardi", json.dumps(entries)), ("Abîmée", "[{not json")):
            conn.execute("INSERT INTO nights (name, created, updated, ops) VALUES (?, ?, ?, ?)",
                         (name, "2026-11-24T19:00:00+00:00", "2026-11-24T23:00:00+00:00", ops))
    conn.close()
    with Store.open(path) as store:
        assert store.version == len(MIGRATIONS)
        record = load(store, 1)
        assert record.name == "Mardi" and [op["op"] for op in record.night.log] == ["start", "pair", "result"]
        assert [(s.name, s.points) for s in record.night.standings()][:1] == [("Bob", 2)]
        with pytest.raises(StoreError) as error:
            load(store, 2)
        assert "cannot be read" in error.value.text("en")
        append(store, 1, {"op": "result", "table": 1, "winner": "Di", "loser_score": 120}, 3)
        assert load(store, 1).night.open_tables() == []


def test_a_result_from_a_played_match_must_be_that_table_s_game(tmp_path):
    with Store.open(tmp_path / "c.sqlite3") as store:
        night = ClubNight.replay([start_op(FOUR, rounds=3)])
        night.apply({"op": "pair"})  # Ann–Di, Bob–Cy
        session = MatchSession.create(store, Setup(("Di", "Ann"), CribbageRules(), 0), "cribbage")
        session.apply(Points(0, 121))  # Di wins, Ann 0: a double skunk
        op = result_from_match(store, night, 1, 1, session.match_id)
        assert (op["winner"], op["loser_score"], op["match"]) == ("Di", 0, session.match_id)
        with pytest.raises(NightError) as error:
            result_from_match(store, night, 1, 2, session.match_id)  # Bob–Cy did not play it
        assert "played by Di · Ann" in error.value.text("en")
        unfinished = MatchSession.create(store, Setup(("Bob", "Cy"), CribbageRules(), 0), "cribbage").match_id
        with pytest.raises(NightError) as error:
            result_from_match(store, night, 1, 2, unfinished)
        assert "not over" in error.value.text("en")
        night.apply(op)
        from companion.club.saved import check_against_match

        with pytest.raises(NightError) as error:
            check_against_match(store, night, {"op": "result", "table": 1, "winner": "Ann", "loser_score": 100})
        assert "Di won" in error.value.text("en")




def test_a_table_played_in_the_app_brings_its_result_by_itself(tmp_path):
    from companion.club.saved import settle, table_match

    with Store.open(tmp_path / "c.sqlite3") as store:
        night_id = create(store, "Mardi", start_op(FOUR, rounds=3))
        append(store, night_id, {"op": "pair"}, 1)  # table 1: Ann–Di, table 2: Bob–Cy
        first = table_match(store, night_id, 1)
        record = store.match(first)
        assert record.game == "cribbage" and sorted(record.setup["names"]) == ["Ann", "Di"]
        assert table_match(store, night_id, 1) == first  # the same match while it is played: one QR per table
        assert settle(store, night_id).results == {}  # not over yet
        session = MatchSession(store, first)
        winner = session.match.names.index("Di")
        session.apply(Points(winner, 121))  # Di wins, Ann 0
        night = settle(store, night_id)
        result = night.results[(1, 1)]
        assert (result.winner, result.loser_score, result.match) == ("Di", 0, first)
        assert night.standings()[0].name == "Di" and night.standings()[0].points == 3  # a skunk win
        assert len(settle(store, night_id).log) == len(night.log)  # entered once
        with pytest.raises(NightError) as error:
            table_match(store, night_id, 1)  # decided: no new match for it
        assert "already has its result" in error.value.text("en")


def test_a_finished_table_asked_for_its_match_before_the_night_settled_gets_its_result_not_a_new_match(tmp_path):
    from companion.club.saved import table_match

    with Store.open(tmp_path / "c.sqlite3") as store:
        night_id = create(store, "Mardi", start_op(FOUR, rounds=3))
        append(store, night_id, {"op": "pair"}, 1)
        first = table_match(store, night_id, 1)
        session = MatchSession(store, first)
        session.apply(Points(session.match.names.index("Ann"), 121))  # over; the night's screen not yet told
        with pytest.raises(NightError):
            table_match(store, night_id, 1)  # the tablet asks again: decided, nothing created
        result = load(store, night_id).night.results[(1, 1)]
        assert (result.winner, result.match) == ("Ann", first)
        assert [r.id for r in store.list_matches()] == [first]


def test_a_table_s_match_is_checked_and_forgotten_when_its_players_change():
    night = ClubNight.replay([start_op(FOUR + ["Eve"], rounds=3)])
    night.apply({"op": "pair"})
    bye = next(t for t, (_, b) in enumerate(night.tables(1), 1) if b is None)
    first, second = (t for t, (_, b) in enumerate(night.tables(1), 1) if b is not None)
    for op, words in (({"op": "table_match", "table": bye, "match": 7}, "is a bye"),
                      ({"op": "table_match", "table": 9, "match": 7}, "has no table 9"),
                      ({"op": "table_match", "table": first, "match": "7"}, "unknown entry")):
        with pytest.raises(NightError) as error:
            night.apply(op)
        assert words in error.value.text("en")
    night.apply({"op": "table_match", "table": first, "match": 7})
    assert night.table_matches == {(1, first): 7}
    night.apply({"op": "swap", "a": night.tables(1)[first - 1][0], "b": night.tables(1)[second - 1][0]})
    assert night.table_matches == {}  # that match is no longer these players' game
    assert ClubNight.replay(night.log).table_matches == {}


def test_a_night_of_games_to_61_skunks_under_31_as_cribbage_does():
    night = ClubNight.replay([start_op(FOUR, rounds=1, target=61)])
    assert night.rules.skunk_line == 31
    night.apply({"op": "pair"})
    night.apply({"op": "result", "table": 1, "winner": "Ann", "loser_score": 30})  # a skunk: 3 points, +31
    night.apply({"op": "result", "table": 2, "winner": "Bob", "loser_score": 31})  # no skunk: 2 points, +30
    assert [(s.name, s.points, s.spread) for s in night.standings()][:2] == [("Ann", 3, 31), ("Bob", 2, 30)]
    with pytest.raises(NightError):
        night.apply({"op": "result", "table": 1, "winner": "Ann", "loser_score": 61})


def test_the_tables_csv_holds_every_tables_result_a_bye_and_what_is_left_to_play():
    """The night's CSV had the standing only: the tables' own file has each round's tables and their results."""
    night = ClubNight.replay([start_op(["Ann", "Bob", "Cy", "Di", "Ed"], rounds=2)])
    night.apply({"op": "pair"})
    pairs = night.tables(1)
    played = next(t for t, (a, b) in enumerate(pairs, 1) if b is not None)
    a, b = pairs[played - 1]
    night.apply({"op": "result", "table": played, "winner": b, "loser_score": 88})
    rows = list(csv.reader(io.StringIO(night.tables_csv("fr"))))
    assert rows[0] == ["tour", "table", "joueur", "adversaire", "gagnant", "pointage_perdant", "note", "match"]
    by_table = {int(row[1]): row for row in rows[1:]}
    assert len(rows) == 1 + len(pairs) and all(row[0] == "1" for row in rows[1:])
    assert by_table[played][2:7] == [a, b, b, "88", ""]
    bye = next(t for t, (_, other) in enumerate(pairs, 1) if other is None)  # five players: one sits out
    assert by_table[bye][3:7] == ["", "", "", "exemption"]
    waiting = [row for t, row in by_table.items() if t not in (played, bye)]
    assert waiting and all(row[4:7] == ["", "", "à jouer"] for row in waiting)

"""Whole random cribbage matches, with the rules' invariants checked after every move.

Virtual matches are played to the end with random legal moves (``players.play_turn``
with a seeded ``random.Random``), for 2, 3 and 4 players (teams and individual), to
121 and to 61, in matches of 1 to 3 games. After every single move:

* no card appears twice in the deal (starter, crib, every hand and what it played);
* the count never passes 31;
* a side's score never goes down within a game and never passes the target;
* the front peg is the score, the back peg is behind it by the last points pegged;
* the game is over exactly when a side has reached the target, the match exactly when
  a side has games_to_win x (points per win) game points;
* the match rebuilt from the JSON log so far is the same, in every detail we can see.

``undone()`` replays the whole log, so calling it after every move of a long match
costs O(moves²): it is called after every move that ends a game or starts the next one,
after a random few others (ten times more often after the crib, when the dealer
changes), and
compared with the state saved just before that move. (The JSON replay check above
runs after every move, and ``undone()`` is that same replay minus one operation.)
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.cribbage.engine import CRIB, CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Cut, Deal, Discard, Muggins, Show, op_from_json
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.players import play_turn
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import count_hand

NAMES = ("Ann", "Ben", "Cat", "Dan")


def make_rules(players: int, teams: bool, target: int, games_to_win: int, scoring: str,
               manual: bool = False) -> CribbageRules:
    lines = {} if target == 121 else {"skunk_line": 31, "double_skunk_line": 16}
    return CribbageRules(players=players, four_player_mode="teams" if teams else "individual", target=target,
                         games_to_win=games_to_win, match_scoring=scoring, manual_counting=manual,
                         muggins=manual, **lines)


def state(m: CribbageMatch, full: bool = True) -> tuple:
    """Everything we can see of a match; ``full=False`` only the last entry of the log and history
    (enough when two matches were built side by side, one operation at a time)."""
    d = m.d
    log, events = (m.log, m.events) if full else (m.log[-1:], m.events[-1:])
    return (
        tuple(m.scores), tuple(m.pegs), m.phase, m.dealer, tuple(m.game_points), m.game_number, m.deal_number,
        m.turn, m.count, tuple(m.current), m.next_to_show, m.pending_muggins, m.starter,
        tuple(tuple(m.played(s)) for s in range(m.players)), tuple(m.hand(s) for s in range(m.players)),
        tuple(m.kept(s) for s in range(m.players)), tuple(d.crib) if d else None,
        tuple(sorted(d.shown.items())) if d else None, tuple(m.games), len(m.log), tuple(log),
        tuple((e.op, e.scores, e.warnings) for e in events),
    )


def json_round_trip(op):
    return op_from_json(json.loads(json.dumps(op.to_json())))


class Checker:
    """Follows a match move by move and checks every invariant."""

    def __init__(self, match: CribbageMatch, undo_rate: float, rng: random.Random) -> None:
        self.m = match
        self.shadow = CribbageMatch(match.setup)  # rebuilt from the JSON log, one operation at a time
        self.undo_rate = undo_rate
        self.rng = rng
        self.game = match.game_number
        self.previous = list(match.scores)
        self.last_points = [0] * match.rules.sides
        self.moves = 0

    def step(self, move) -> None:
        m = self.m
        before = state(m, full=False)
        logged = len(m.log)
        move()
        assert len(m.log) == logged + 1, "one move, one operation"
        self.moves += 1
        op, event = m.log[-1], m.events[-1]
        self.shadow.apply(json_round_trip(op))
        if m.game_number != self.game:
            self.game = m.game_number
            self.previous = [0] * m.rules.sides
            self.last_points = [0] * m.rules.sides
        for score in event.scores:
            self.last_points[score.side] = score.points
        self.check()
        assert state(self.shadow, full=False) == state(m, full=False)
        ends_game = m.phase in ("game_over", "match_over") or op.name == "new_game"
        rate = self.undo_rate * (10 if op.name == "crib" else 1)  # more often across a change of dealer
        if ends_game or self.rng.random() < rate:
            undone = m.undone()
            assert state(undone, full=False) == before
            assert undone.log == m.log[:-1] and len(undone.events) == len(m.events) - 1

    def check(self) -> None:
        m, rules = self.m, self.m.rules
        target = rules.target
        # scores and pegs
        assert len(m.scores) == rules.sides
        for side in range(rules.sides):
            score = m.scores[side]
            assert 0 <= score <= target
            assert score >= self.previous[side], "a score went down within a game"
            front, back = m.pegs[side]
            assert front == score and front >= back
            assert front - back == self.last_points[side]
        self.previous = list(m.scores)
        # the game ends exactly at the target, the match exactly at games_to_win x points per win
        over = m.phase in ("game_over", "match_over")
        assert over == (max(m.scores) == target)
        need = rules.games_to_win * (2 if rules.match_scoring == "acc_tournament" else 1)
        assert (m.phase == "match_over") == (max(m.game_points) >= need)
        assert sum(m.game_points) == sum(g.game_points for g in m.games)
        if over:
            assert m.games[-1].winner == m.scores.index(target) and m.games[-1].scores == tuple(m.scores)
            assert m.scores.count(target) == 1
        # the count
        assert 0 <= m.count <= MAX_COUNT
        assert m.count == sum(min(int(c.rank), 10) for _, c in m.current)
        # no card twice in the deal
        d = m.d
        if d is not None and d.hands is not None:
            seen = list(d.crib)
            if d.starter is not None:
                seen.append(d.starter)
            for seat in range(m.players):
                held, played = m.hand(seat), m.played(seat)
                seen += list(held) + played
                if m.kept(seat) is not None:
                    assert sorted(m.kept(seat)) == sorted(list(held) + played)
                assert len(played) <= 4
            assert len(seen) == len(set(seen)), "a card appears twice in the deal"
            for who, shown in d.shown.items():
                expected = d.crib if who == CRIB else m.kept(who)
                assert sorted(shown) == sorted(expected)
            size = rules.hand_size * m.players + (1 if m.players == 3 else 0)
            assert len(seen) == size + (1 if d.starter is not None else 0)
        if m.phase == "play":
            assert m.cards_left(m.turn) > 0


def random_move(m: CribbageMatch, rng: random.Random, manual: bool):
    """The next move: play_turn's random legal move, or with manual counting a random claim."""
    if manual and m.phase == "show":
        who = m.next_to_show
        hand = tuple(m.d.crib) if who == CRIB else m.kept(who)
        true = count_hand(hand, m.starter, who == CRIB, m.rules).total
        claimed = rng.choice([None, true, max(0, true - rng.randint(1, 4)), min(29, true + rng.randint(1, 3))])
        if who == CRIB:
            return lambda: m.apply(Crib(tuple(m.d.crib), claimed))
        return lambda: m.apply(Show(who, tuple(m.kept(who) or ()), claimed))
    if m.phase == "muggins":
        missed = m.pending_muggins[0]
        side = rng.choice([None] + [s for s in range(m.rules.sides) if s != missed])
        return lambda: m.apply(Muggins(side))
    return lambda: play_turn(m, rng)


def play_checked(m: CribbageMatch, rng: random.Random, undo_rate: float, manual: bool = False) -> Checker:
    checker = Checker(m, undo_rate, random.Random(rng.random()))
    checker.check()
    for _ in range(5000):
        if m.phase == "match_over":
            return checker
        checker.step(random_move(m, rng, manual))
    raise AssertionError("the match did not end")


@pytest.mark.slow  # about 20 s: it plays whole matches; the whole suite runs it
@settings(max_examples=45, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    teams=st.booleans(),
    target=st.sampled_from([121, 61]),
    games_to_win=st.integers(1, 3),
    scoring=st.sampled_from(["casual", "acc_tournament"]),
    first_dealer=st.integers(0, 3),
)
def test_random_virtual_matches_keep_every_invariant(seed, players, teams, target, games_to_win, scoring,
                                                     first_dealer):
    rules = make_rules(players, teams, target, games_to_win, scoring)
    setup = Setup(NAMES[:players], rules, first_dealer % players, "virtual", seed)
    m = CribbageMatch(setup)
    checker = play_checked(m, random.Random(seed), undo_rate=0.02 if target == 61 else 0.005)
    assert m.phase == "match_over"
    assert len(m.games) >= 1 and checker.moves == len(m.log)
    replayed = CribbageMatch.replay(setup, json.loads(json.dumps([op.to_json() for op in m.log])))
    assert state(replayed) == state(m)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), teams=st.booleans())
def test_manual_counting_with_muggins_keeps_every_invariant(seed, players, teams):
    """Random claims (under, exact, over) at every show; muggins taken by a random opponent or nobody."""
    rules = make_rules(players, teams, 61, 2, "casual", manual=True)
    m = CribbageMatch(Setup(NAMES[:players], rules, 0, "virtual", seed))
    play_checked(m, random.Random(seed), undo_rate=0.02, manual=True)
    assert m.phase == "match_over"


def mirror(op):
    """The same move told to a table-mode match: real cards are dealt, nobody tells the app the discards."""
    if isinstance(op, Deal):
        return Deal(None)
    if isinstance(op, Discard):
        return None
    return op


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    teams=st.booleans(),
    target=st.sampled_from([121, 61]),
    manual=st.booleans(),
)
def test_a_table_match_fed_the_cards_of_a_virtual_match_scores_the_same(seed, players, teams, target, manual):
    rules = make_rules(players, teams, target, 2, "casual", manual=manual)
    virtual = CribbageMatch(Setup(NAMES[:players], rules, 1 % players, "virtual", seed))
    table = CribbageMatch(Setup(NAMES[:players], rules, 1 % players, "table"))
    rng = random.Random(seed)
    for _ in range(5000):
        if virtual.phase == "match_over":
            break
        random_move(virtual, rng, manual)()
        op = mirror(virtual.log[-1])
        if op is None:
            continue
        table.apply(json_round_trip(op))  # no InconsistencyError: the cards are real
        if isinstance(op, Cut):
            assert table.starter == virtual.starter
        assert table.scores == virtual.scores and table.pegs == virtual.pegs
        assert table.game_points == virtual.game_points and table.dealer == virtual.dealer
        if virtual.phase != "discard":
            assert (table.phase, table.turn, table.count, table.next_to_show) == (
                virtual.phase, virtual.turn, virtual.count, virtual.next_to_show)
        # a virtual player never says a false go, so the table never flags one
        # (the only note allowed is a claimed count that differs from the true count)
        claim_notes = 1 if getattr(op, "claimed", None) is not None else 0
        assert len(table.events[-1].warnings) <= claim_notes
        assert table.events[-1].scores == virtual.events[-1].scores
    assert virtual.phase == "match_over" and table.phase == "match_over"
    assert table.games == virtual.games

"""Le 31's legal plays by values: checked against the plain enumeration of every subset on random tables, and
the reinforcement with the card alone (SPEC §1.d)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from companion.games.base import Setup
from companion.games.le31.deck import DEFAULT_DECK
from companion.games.le31.engine import Le31Match, RoundState
from companion.games.le31.ops import Build, Capture, Deal, Raise, Trail
from companion.games.le31.plays import completions, continuations, extendable, groupable, partition, readings
from companion.games.le31.rules import Le31Rules

D = DEFAULT_DECK


def cs(text: str):
    return tuple(D.parse_many(text))


def counts(*values: int) -> tuple[int, ...]:
    out = [0] * 11
    for v in values:
        out[v] += 1
    return tuple(out)


def test_groups_by_value_worked_by_hand():
    assert groupable(counts(2, 3, 1), 6)  # 2+3+1
    assert groupable(counts(7, 3, 4), 7)  # 7, and 3+4
    assert not groupable(counts(2, 3), 6)  # 5
    assert not groupable(counts(5, 5, 4), 7)  # 14 = 2×7 but no split: 5+? needs a 2
    assert groupable(counts(1, 1, 1, 1, 2, 2, 2, 2, 3, 3), 6)  # 1+2+3, 1+2+3, 1+1+2+2
    assert not groupable(counts(9), 6)
    assert groupable((0,) * 11, 6)
    # extendable: 5 chosen, 1 and 2 on the table: 5+1 makes 6; 5+2 makes 7
    assert extendable(counts(5), counts(1, 2), 6) and extendable(counts(5), counts(1, 2), 7)
    assert not extendable(counts(5), counts(2), 6)
    assert extendable(counts(4, 4), counts(2, 2, 1), 6)  # 4+2, 4+2
    assert not extendable(counts(4, 4), counts(2, 1), 6)  # only one 2 for two 4s (4+1+1 is missing a 1)


def test_partition_returns_the_cards_themselves():
    groups = partition(list(cs("7R 3G 4Y")), 7)
    assert groups is not None and sorted(sorted(c.code for c in g) for g in groups) == [["3G", "4Y"], ["7R"]]
    assert partition(list(cs("2B 3G")), 6) is None
    assert partition(list(cs("ER")), 6) is None


def match_with(table: tuple, hand: tuple, players: int = 2) -> Le31Match:
    """A virtual-mode position: seat 1 to play ``hand`` against ``table`` (loose cards only)."""
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    m = Le31Match(Setup(names, Le31Rules(), 0, "virtual", 1))
    m.apply(Deal(deck=tuple(D.pack())))  # any legal start; the position is then set by hand
    m.r.loose = list(table)
    m.r.builds = []
    hands = [[] for _ in range(players)]
    hands[1] = list(hand)
    m.r.hands = hands
    m.r.turn = 1
    m.r.trail_only = False
    return m


def _value_view(op) -> tuple:
    loose = tuple(sorted(c.value or 0 for c in getattr(op, "loose", ())))
    return (type(op).__name__, op.card, loose, getattr(op, "build", None), getattr(op, "value", None),
            getattr(op, "for_partner", None))


def _brute_force(m: Le31Match, seat: int, card) -> set[tuple]:
    """Every subset of the table tried in every shape, as the engine had it: the plain reference."""
    numbered = [c for c in m.r.loose if not c.is_illustrated]
    found = set()
    ops: list = [Trail(seat, card)]
    for n in range(len(numbered) + 1):
        for subset in combinations(numbered, n):
            ops += [Capture(seat, card, subset), Capture(seat, card, subset, True)]
            ops += [Build(seat, card, subset, w) for w in range(2, 11)]
    ops += [Raise(seat, card, b.value) for b in m.r.builds]
    for op in ops:
        if m.can(op):
            found.add(_value_view(op))
    return found


@pytest.mark.parametrize("seed", range(30))
def test_readings_by_value_find_every_play_the_plain_enumeration_finds(seed):
    rng = random.Random(seed)
    numbered = [c for c in D.pack() if not c.is_illustrated]
    rng.shuffle(numbered)
    table, hand = tuple(numbered[:rng.randint(1, 9)]), tuple(numbered[20:24])
    m = match_with(table, hand)
    for card in hand:
        assert {_value_view(op) for op in readings(m, 1, card)} == _brute_force(m, 1, card)


def test_a_crowded_table_is_read_within_the_budget():
    # 36 loose numbered cards (every numbered card but the hand): the old enumeration tried 2^36 subsets.
    numbered = [c for c in D.pack() if not c.is_illustrated]
    hand = cs("10R 9G 8B 7Y")
    m = match_with(tuple(c for c in numbered if c not in hand), hand)
    plays = readings(m, 1, hand[0])
    # the search goes deep first: a take to which no group can be added comes among the first (29 of 36 here)
    assert any(isinstance(op, Capture) and len(op.loose) >= 25 for op in plays)
    assert all(m.can(op) for op in plays)


def test_tap_by_tap_only_legal_continuations_are_lit():
    m = match_with(cs("2B 3G 5Y 9R 4R"), cs("5R 7G 9B 2R"))
    five = D.parse("5R")
    lit, builds = continuations(m, 1, five, ())
    # 5 takes 5Y, or 2B+3G; it builds 7 with 2B (holding 7G), 9 with 4R (holding 9B), and with 4R the 9R joins
    # as a second group of 9 (a multiple build « pour 9 »).
    assert sorted(m.r.loose[i].code for i in lit) == ["2B", "3G", "4R", "5Y", "9R"]
    lit, _ = continuations(m, 1, D.parse("2R"), ())
    # 2 takes 2B; builds 5 with 3G (holding 5R), 7 with 5Y, 9 with 3G+4R, and 9R joins that « pour 9 »
    assert sorted(m.r.loose[i].code for i in lit) == ["2B", "3G", "4R", "5Y", "9R"]
    lit, _ = continuations(m, 1, D.parse("2R"), cs("4R"))
    # 2+4 = 6 is not held; 2+4+3G = 9 goes on (and 9R joins it); 5Y too: 2+5Y and 4R+3G are two groups of 7
    assert sorted(m.r.loose[i].code for i in lit) == ["3G", "5Y", "9R"]
    assert Build(1, D.parse("2R"), cs("4R 5Y 3G"), 7) in completions(m, 1, D.parse("2R"), cs("4R 5Y 3G"))
    lit, _ = continuations(m, 1, five, cs("2B"))
    # 2B+3G (+5Y): take; 5+2 is a 7 already, and 4R+3G would be a second group of 7; 9R: 5+2+9 makes nothing
    assert sorted(m.r.loose[i].code for i in lit) == ["3G", "4R", "5Y"]
    plays = completions(m, 1, five, cs("2B"))
    assert Build(1, five, cs("2B"), 7) in plays and not any(isinstance(op, Capture) for op in plays)
    plays = completions(m, 1, five, cs("2B 3G 5Y"))
    assert plays == [Capture(1, five, cs("2B 3G 5Y"))]
    assert completions(m, 1, five, ()) == [Trail(1, five)]


def test_a_lone_card_of_a_builds_value_reinforces_it():
    # SPEC §1.d REINFORCE: "Add a group (c alone, or c plus loose cards, equal to the build's value)".
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(owner_must_capture_next_turn=False), 0))
    m.apply(Deal(table=cs("5B 2G 6Y 1R")))
    m.apply(Build(1, D.parse("3R"), cs("5B"), 8))  # Bob « pour 8 »
    m.apply(Build(0, D.parse("8G"), (), 8))  # Ann lays her 8 alone on it, « pour moi »
    build = m.r.builds[0]
    assert build.value == 8 and build.multiple and build.owner == 0
    assert sorted(c.code for c in build.cards) == ["3R", "5B", "8G"]
    state: RoundState = m.r
    assert state.turn == 1

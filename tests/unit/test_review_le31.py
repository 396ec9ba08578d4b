"""Le 31's review of a match: a capture or a card laid down against the biggest capture the seat's cards offered,
by what it takes from the table at the tally (worked by hand below), in virtual play and at a real table."""

from __future__ import annotations

import importlib

import pytest

from companion.games import registry
from companion.games.base import Setup
from companion.games.le31 import review
from companion.games.le31.deck import DEFAULT_DECK
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Capture, Deal, Trail
from companion.games.le31.rules import Le31Rules

C = DEFAULT_DECK.parse
TABLE = ("1B", "5Y", "3B", "7Y")
ANN = ("9Y", "8B", "2G", "HR")  # Ann plays first: Bob deals
CARD = 3 / 27  # a card's share of the most cards (3 points; 27 of 52 win them)


def _match(mode: str = "virtual") -> Le31Match:
    match = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 1, mode, 7))
    if mode == "virtual":
        rest = [c for c in DEFAULT_DECK.pack() if c.code not in (*TABLE, *ANN)]
        match.apply(Deal(deck=tuple(C(c) for c in (*TABLE, *ANN)) + tuple(rest)))
    else:
        match.apply(Deal(table=tuple(C(c) for c in TABLE)))
    return match


def _cards(*codes: str) -> tuple:
    return tuple(C(c) for c in codes)


def test_taking_three_cards_when_the_eight_swept_the_table_is_named_with_the_recolte():
    match = _match()
    match.apply(Capture(0, C("9Y"), _cards("1B", "5Y", "3B")))
    decisions = importlib.import_module(registry.get("le31").review).review(match)
    assert len(decisions) == 1
    named = decisions[0]
    # 9 took the 1, the 5 and the 3: three cards and a 1. The 8 took 1+7 and 5+3 together: every card, a récolte.
    assert named.cost == pytest.approx((3 * CARD + 1 + CARD + 1) - (3 * CARD + 1))
    assert (named.seat, named.round, named.kind) == (0, 1, "capture")
    assert named.move == ("9Y", "1B", "5Y", "3B") and named.better[0] == "8B" and set(named.better[1:]) == set(TABLE)
    assert "8B could take" in named.words.text("en") and "a récolte" in named.words.text("en")
    assert "une récolte" in named.words.text("fr") and "2,44" in named.words.text("fr")


def test_the_best_capture_names_nothing():
    match = _match()
    match.apply(Capture(0, C("8B"), _cards("1B", "7Y", "5Y", "3B")))
    assert review.review(match) == []
    assert review.decisions(match)[0].cost == 0


def test_a_card_laid_down_when_a_capture_was_offered_costs_all_the_capture_would_take():
    match = _match()
    match.apply(Trail(0, C("HR")))
    (named,) = review.review(match)
    assert named.cost == pytest.approx(4 * CARD + 1 + 1) and named.move == ("HR",)
    assert named.words.text("en").startswith("Ann laid down")


def test_at_a_real_table_only_the_card_played_is_weighed():
    match = _match("table")
    match.apply(Trail(0, C("8B")))  # the 8 could take the whole table: it was surely in Ann's hand
    (named,) = review.review(match)
    assert named.cost == pytest.approx(4 * CARD + 1 + 1) and named.better[0] == "8B"
    again = _match("table")
    again.apply(Trail(0, C("HR")))  # an illustration with no twin on the table: what else Ann held is unknown
    assert review.review(again) == []


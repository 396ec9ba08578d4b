"""2500's review: the cards a player is caught with at the end of a brasse that his choices let him lay on an
earlier turn, at twice their value (counted against him in hand, for him laid); a player who laid what he could
is named for nothing, nor are the cards nothing could have laid."""

from __future__ import annotations

import importlib

from companion.core.cards import parse_cards as G
from companion.games import registry
from companion.games.base import Setup
from companion.games.rummy2500 import review
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import DealBrasse, DrawStock, Meld, Throw
from companion.games.rummy2500.rules import Rummy2500Rules


def _brasse() -> Rummy2500Match:
    """Bob deals: Ann turns a 4 (four cards: the 4♥ and three 9s), Bob a 3 (three cards, and the 3s are frimes:
    3♣ 7♥ 7♦); the pige starts with 5♠; the stock gives Ann K♠, then Bob 6♦."""
    match = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 1, "virtual", 3))
    stacked = G("4H 3C 9S 9D 9C 7H 7D 5S KS 6D")
    rest = sorted(match.pack())
    for card in stacked:
        rest.remove(card)
    match.apply(DealBrasse(tuple(stacked + rest), 1))
    return match


def _bob_goes_out(match: Rummy2500Match) -> None:
    match.apply(DrawStock(1))
    match.apply(Meld(1, tuple(G("7H 7D 3C"))))
    match.apply(Throw(1, G("6D")[0]))
    assert match.bp is not None and match.bp.over


def test_a_trio_kept_in_hand_to_the_end_of_the_brasse_is_named_at_twice_its_points():
    match = _brasse()
    match.apply(DrawStock(0))
    match.apply(Throw(0, G("KS")[0]))  # Ann could have laid her three 9s: she keeps them
    _bob_goes_out(match)
    (named,) = importlib.import_module(registry.get("rummy2500").review).review(match)
    assert (named.seat, named.kind, named.round) == (0, "keep", 1)
    assert sorted(named.move) == ["9C", "9D", "9S"]  # not the 4♥: nothing let Ann lay it
    assert named.cost == 60  # three 9s, 10 each: −30 in hand, +30 laid
    assert "(−30)" in named.words.text("en") and "dès son tour 1 de la brasse, pour +30 : 60 points de plus" in \
        named.words.text("fr")


def test_laying_every_card_offered_names_nothing():
    match = _brasse()
    match.apply(DrawStock(0))
    match.apply(Meld(0, tuple(G("9S 9D 9C"))))
    match.apply(Throw(0, G("KS")[0]))
    _bob_goes_out(match)
    assert review.review(match) == [] and review.decisions(match) == []

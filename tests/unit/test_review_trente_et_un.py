"""Trente-et-un's review, both games: a draw from the stock against the sure hand with the top discard (the mean
over the unseen cards worked by hand), a knock or « Je tiens » short of the club player's closing total, an
exchange against the best one the face-up cards offered; the best play names nothing."""

from __future__ import annotations

import importlib

import pytest

from companion.core.cards import parse_cards as G
from companion.games import registry
from companion.games.base import Setup
from companion.games.trente_et_un import review
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch
from companion.games.trente_et_un.ops import BlindSwap, DealPack, Discard, Draw, Exchange, Knock
from companion.games.trente_et_un.rules import BankerRules, KnockRules


def _knock(ann: str = "KH 9H 2C", bob: str = "3S 4S 5D", up: str = "8H") -> KnockMatch:
    """Bob deals: Ann plays first; the cards go one at a time, Ann first, then the upcard."""
    match = KnockMatch(Setup(("Ann", "Bob"), KnockRules(), 1, "virtual", 3))
    dealt = [c for pair in zip(G(ann), G(bob)) for c in pair] + G(up)
    rest = [c for c in sorted(match.deck()) if c not in dealt]
    match.apply(DealPack(tuple(dealt + rest), 1))
    return match


def test_a_draw_from_the_stock_when_the_discard_made_27_is_named_with_the_exact_mean():
    match = _knock()
    match.apply(Draw(0))
    (named,) = importlib.import_module(registry.get("trente_et_un").review).review(match)
    # K♥ 9♥ make 19; of the 48 cards Ann cannot see, the ten hearts left add their points (A 11, Q J 10 ten each,
    # 7 to 2 their face: 68 in all), every other card leaves 19. The 8♥ on the pile made K♥ 9♥ 8♥, 27.
    mean = 19 + 68 / 48
    assert (named.seat, named.kind, named.round) == (0, "draw", 1)
    assert named.cost == pytest.approx(27 - mean) and named.move == ("stock",) and named.better == ("8H",)
    assert "20.42 on average over the 48 cards" in named.words.text("en")
    assert "8♥ de la défausse faisait 27 à coup sûr" in named.words.text("fr")


def test_taking_the_discard_that_makes_the_best_hand_names_nothing():
    match = _knock()
    match.apply(Draw(0, G("8H")[0]))
    match.apply(Discard(0, G("2C")[0]))
    assert review.review(match) == []
    assert review.decisions(match)[0].cost == 0


def test_a_knock_on_19_at_two_players_is_eight_short_of_the_club_players_27():
    match = _knock()
    match.apply(Knock(0))
    (named,) = review.review(match)
    assert (named.kind, named.cost) == ("knock", 8)  # a club player knocks from 27 with one player to beat
    assert "knocked on 19" in named.words.text("en") and "a cogné à 19" in named.words.text("fr")
    good = _knock(ann="KH 9H 8H", up="2C")
    good.apply(Knock(0))
    assert review.review(good) == []


def _banker(ann: str, bob: str, up: str) -> BankerMatch:
    """Bob deals (32 cards), keeps his hand; Ann is the first to exchange with the three face-up cards."""
    match = BankerMatch(Setup(("Ann", "Bob"), BankerRules(), 1, "virtual", 3))
    dealt = [c for pair in zip(G(ann), G(bob)) for c in pair] + G(up)
    rest = [c for c in sorted(match.deck()) if c not in dealt]
    match.apply(DealPack(tuple(dealt + rest), 1))
    match.apply(BlindSwap(False))
    return match


def test_an_exchange_short_of_the_best_one_offered_is_named():
    match = _banker("KH 9H 7D", "7C 8S 10S", "AH QH 8D")
    match.apply(Exchange(0, tuple(G("9H")), tuple(G("AH"))))  # K♥ A♥ 7♦: 21, where the 7♦ for the A♥ made 30
    (named,) = review.review(match)
    assert (named.kind, named.cost, named.better) == ("exchange", 9, ("AH",))
    assert "giving 7♦ for A♥ made 30" in named.words.text("en")
    best = _banker("KH 9H 7D", "7C 8S 10S", "AH QH 8D")
    best.apply(Exchange(0, tuple(G("7D")), tuple(G("AH"))))  # K♥ 9♥ A♥: 30
    assert review.review(best) == []


def test_je_tiens_on_the_best_exchange_of_a_poor_deal_is_named_as_a_knock():
    match = _banker("KH 7D 8D", "9C 9S 10S", "7C 8S 7S")
    match.apply(Exchange(0, hold=True))  # a pass on 15: no exchange offered makes more
    (named,) = review.review(match)
    assert (named.kind, named.cost) == ("knock", 24 - 15)  # with a banker a club player holds from 24
    assert "« Je tiens » à 15" in named.words.text("fr")

"""Cribbage's review of a match: a discard against the exact advisor (its figures worked again card by card, with
nothing of the advisor but the show's count), a pegging card against the hard player's search, a match played
without a mistake naming none, and a real table's match reviewed from what was entered."""

from __future__ import annotations

import importlib
from itertools import combinations

import pytest

from companion.core.cards import parse_cards, standard_deck
from companion.games import registry
from companion.games.cribbage import review
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.hard import search_play
from companion.games.cribbage.ops import Cut, Deal, Discard, Play
from companion.games.cribbage.players import play_out, play_turn, position_rng, table_entries
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import hand_score
from companion.games.cribbage.sight import view_of

G = parse_cards
PONE = G("5H 5S JD QC 2S 9H")
DEALER = G("AC 3D 4H 7C 10S KH")


def _stacked(pone=PONE, dealer=DEALER) -> tuple:
    """A deck that deals ``pone`` to seat 0 and ``dealer`` to seat 1 (seat 1 deals; the pone is dealt first)."""
    rest = [c for c in standard_deck() if c not in (*pone, *dealer)]
    return tuple(card for pair in zip(pone, dealer) for card in pair) + tuple(rest)


def _net_by_every_card(hand, away, own_crib: bool) -> float:
    """Mean hand over every starter ± mean crib over every two unseen cards and starter: card by card."""
    unseen = [c for c in standard_deck() if c not in hand]
    keep = [c for c in hand if c not in away]
    mean_hand = sum(hand_score(keep, s, False) for s in unseen) / len(unseen)
    total = n = 0
    for others in combinations(unseen, 2):
        for s in unseen:
            if s not in others:
                total += hand_score([*away, *others], s, True)
                n += 1
    return mean_hand + (total / n if own_crib else -total / n)


def _match(mode="virtual", seed=5) -> CribbageMatch:
    return CribbageMatch(Setup(("Ann", "Bob"), CribbageRules(players=2), 1, mode, seed))


def test_the_pone_throwing_his_fives_to_the_dealers_crib_is_named_first_with_its_exact_cost():
    match = _match()
    match.apply(Deal(_stacked()))
    match.apply(Discard(0, tuple(G("5H 5S"))))
    match.apply(Discard(1, analyse(DEALER, True)[0].discard))
    decisions = importlib.import_module(registry.get("cribbage").review).review(match)
    first = decisions[0]
    assert (first.seat, first.kind, first.round, set(first.move)) == (0, "discard", 1, {"5H", "5S"})
    assert set(first.better) == {"2S", "9H"}  # keep 5 5 J Q: four fifteens and a pair before the starter
    worked = _net_by_every_card(PONE, G("2S 9H"), False) - _net_by_every_card(PONE, G("5H 5S"), False)
    assert worked > 15  # a known disaster: two fives are the best cards a dealer can be given
    assert first.cost == pytest.approx(worked, abs=1e-9)
    assert "5♥ 5♠" in first.words.text("en") and "aurait rapporté 15,23 de plus" in first.words.text("fr")
    assert [d.seat for d in decisions] == [0]  # the dealer's own throw was the advisor's: not named


def test_a_pegging_card_the_search_finds_worse_is_named_with_the_card_it_prefers():
    match = _match(seed=11)
    match.apply(Deal(_stacked()))
    match.apply(Discard(0, tuple(G("2S 9H"))))
    match.apply(Discard(1, analyse(DEALER, True)[0].discard))
    match.apply(Cut(G("8D")[0]))
    # Ann leads a five: the dealer's ten-cards make fifteen on it (a well-known mistake, found by the search).
    search = search_play(view_of(match, 0), position_rng(match, 0))
    assert search.ranked[-1][0].rank == 5 and search.ranked[0][1] - search.ranked[-1][1] >= review.THRESHOLDS["peg"]
    match.apply(Play(0, G("5H")[0]))
    named = [d for d in review.review(match) if d.kind == "peg"]
    assert [(d.seat, d.move) for d in named] == [(0, ("5H",))]
    assert named[0].better == (search.ranked[0][0].code,) and named[0].chance is None
    assert named[0].cost == pytest.approx(search.ranked[0][1] - search.ranked[-1][1])


def _coached(seed: int) -> CribbageMatch:
    """A virtual match where every discard is the advisor's best and every card the search's first choice."""
    match = _match(seed=seed)
    while match.phase != "match_over":
        if match.phase == "discard":
            seat = next(s for s in range(2) if s not in match.live.discarded)
            match.apply(Discard(seat, analyse(match.hand(seat), match.dealer == seat, match.rules)[0].discard))
        elif match.phase == "play" and match.playable(match.live.turn):
            seat = match.live.turn
            best = search_play(view_of(match, seat), position_rng(match, seat)).ranked[0][0]
            match.apply(Play(seat, best))
        else:
            play_turn(match)
    return match


def test_a_match_played_without_a_mistake_names_no_decision():
    match = _coached(3)
    assert review.decisions(match)  # every decision was measured…
    assert review.review(match) == []  # …and none cost anything


def test_a_real_tables_match_reviews_the_pegging_of_shown_hands_and_no_discard():
    virtual = play_out(_match(seed=8), levels=("easy", "easy"))
    table = CribbageMatch.replay(Setup(("Ann", "Bob"), CribbageRules(players=2), 1, "table", None),
                                 table_entries(virtual))
    measured = review.decisions(table)
    assert measured and {d.kind for d in measured} == {"peg"}
    shown = review._shown_hands(table)  # each card reviewed was in the hand its player showed for that deal
    assert all(parse_cards(d.move[0])[0] in shown[d.round][d.seat] for d in measured)
    assert {d.kind for d in review.decisions(virtual)} == {"discard", "peg"}


def test_a_decision_is_plain_json_in_both_languages():
    match = _match()
    match.apply(Deal(_stacked()))
    match.apply(Discard(0, tuple(G("5H 5S"))))
    data = review.review(match)[0].to_json()
    assert set(data) == {"seat", "round", "kind", "move", "better", "cost", "chance", "en", "fr"}
    assert data["cost"] == 15.23 and data["chance"] is None and data["move"] == ["5H", "5S"]
    assert review.review(match)[0].to_json("fr")["words"].startswith("Ann a jeté 5♥ 5♠")


def test_a_pegging_card_of_ann_is_said_without_que_ann():
    """« des cartes que Ann ne voyait pas » (no elision before a vowel): the French words need no « que »."""
    from companion.games.cribbage.review import PEG, PEG_WIN

    for words in (PEG, PEG_WIN):
        said = words(name="Ann", card="9♦", count=0, best="6♥", more=1.9, n=64, chance=40, chance_made=37).text("fr")
        assert "que Ann" not in said and "des cartes cachées à Ann" in said

"""Cribbage statistics, checked against a match worked out on paper."""

from __future__ import annotations

from companion.core.cards import parse_card
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Cut, Play, Points, Show
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.stats import deal_points, player_stats

C = parse_card


def _paper_match() -> CribbageMatch:
    """Dealer Marie, starter 5♥. Pegging: Paul 10♦, Marie 5♣ (15 for 2), Paul K♦, Marie 6♠ (31 for 2);
    Paul 4♥, Marie 7♦, Paul 9♠, Marie 8♣ (7-9-8 a run of 3, and the last card: 4). Marie pegs 8, Paul 0.
    Paul's hand 10♦ K♦ 4♥ 9♠ = 4 (two fifteens); Marie's 5♣ 6♠ 7♦ 8♣ = 12 (7+8, a double run of four,
    a pair of fives); the crib 2♠ 3♠ Q♥ J♥ = 9 (four fifteens, his nobs). Then Marie pegs 92: 121 to 4,
    a double skunk."""
    m = CribbageMatch(Setup(("Marie", "Paul"), CribbageRules(), 0))
    m.apply(Cut(C("5H")))
    for seat, code in ((1, "10D"), (0, "5C"), (1, "KD"), (0, "6S"), (1, "4H"), (0, "7D"), (1, "9S"), (0, "8C")):
        m.apply(Play(seat, C(code)))
    m.apply(Show(1, tuple(C(c) for c in ("10D", "KD", "4H", "9S"))))
    m.apply(Show(0, tuple(C(c) for c in ("5C", "6S", "7D", "8C"))))
    m.apply(Crib(tuple(C(c) for c in ("2S", "3S", "QH", "JH"))))
    m.apply(Points(0, 92))
    return m


def test_figures_of_a_match_worked_out_on_paper():
    stats = player_stats([_paper_match()])
    marie, paul = stats["marie"], stats["paul"]
    assert (marie.matches, marie.matches_won, marie.games_won, marie.skunks_given) == (1, 1, 1, 1)
    assert (paul.matches_lost, paul.games_lost, paul.skunks_taken) == (1, 1, 1)
    assert marie.deals == paul.deals == 1
    assert (marie.pegging_points, paul.pegging_points) == (8, 0)
    assert (marie.average_hand, paul.average_hand) == (12, 4)
    assert (marie.cribs, marie.average_crib, paul.cribs) == (1, 9, 0)
    assert marie.hand_counts == {12: 1} and marie.best_hand[0] == 12 and marie.big_hands == []


def test_names_are_one_player_whatever_their_case_and_a_29_is_remembered():
    m = CribbageMatch(Setup(("marie", "Jean"), CribbageRules(), 1))
    m.apply(Cut(C("5S")))  # Marie's 5♥ 5♦ 5♣ J♠ with the 5♠: 29
    for seat, code in ((0, "5H"), (1, "2C"), (0, "5D"), (1, "AC"), (0, "5C"), (1, "3C"), (0, "JS"), (1, "4C")):
        m.apply(Play(seat, C(code)))
    m.apply(Show(0, tuple(C(c) for c in ("5H", "5D", "5C", "JS"))))
    stats = player_stats([_paper_match(), m])
    assert stats["marie"].matches == 2 and stats["marie"].name in ("Marie", "marie")
    assert [hand[0] for hand in stats["marie"].big_hands] == [29] and stats["marie"].best_hand[0] == 29


def test_points_per_deal_of_a_match():
    # The deal: Marie 8 + 12 + 9 = 29, Paul 4; then the 92 quick points in the same deal (no new starter).
    assert deal_points(_paper_match()) == [[121, 4]]


def test_his_heels_are_not_pegging():
    # Marie deals and turns the J♥: his heels, 2 for her, before any card is played. Then Paul plays 5♦ and
    # Marie 10♣: 15 for 2. Her pegging is 2 (not 4); the heels are in her score all the same.
    m = CribbageMatch(Setup(("Marie", "Paul"), CribbageRules(), 0))
    m.apply(Cut(C("JH")))
    m.apply(Play(1, C("5D")))
    m.apply(Play(0, C("10C")))
    marie = player_stats([m])["marie"]
    assert m.scores[0] == 4 and marie.pegging_points == 2

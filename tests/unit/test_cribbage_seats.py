"""What a cribbage seat sees and may do (``Match.view``, ``Match.choices``), worked out by hand from the rules for
given positions, in virtual play and at a real table.

The position of most cases: two players, P1 (seat 0) deals. P2 (seat 1) is dealt K♥ Q♥ 5♣ 6♣ 3♦ 8♦ and lays away
3♦ 8♦; P1 is dealt K♠ 4♠ 6♠ 9♠ A♦ 2♦ and lays away A♦ 2♦. The starter is 7♣. P2 leads K♥ (10), P1 pairs it with K♠
(20, a pair for 2), P2 plays 5♣ (25). P1 must play a card of 6 or less: 4♠ (29) or 6♠ (31); 9♠ would make 34.
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from companion.core.cards import parse_card, parse_cards, standard_deck
from companion.core.errors import IllegalMoveError
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Cut, Deal, Discard, Go, Muggins, Play, Points, Show
from companion.games.cribbage.players import next_op
from companion.games.cribbage.rules import CribbageRules
from companion.games.seats import same_move

P2_DEALT, P1_DEALT = parse_cards("KH QH 5C 6C 3D 8D"), parse_cards("KS 4S 6S 9S AD 2D")
STARTER = parse_card("7C")


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def options(match: CribbageMatch, seat: int) -> list[str]:
    """The seat's options, as plainly as a player would name them."""
    return [_said(op) for op in match.options(seat)]


def _said(op) -> str:
    if isinstance(op, Play):
        return f"play {op.card.code}"
    if isinstance(op, Discard):
        return "discard " + " ".join(c.code for c in op.cards)
    if isinstance(op, Cut):
        return f"starter {op.card.code}"
    return op.name


def strings(data) -> list[str]:
    """Every string a view's plain data holds (card codes among them)."""
    if isinstance(data, str):
        return [data]
    values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else []
    return [s for value in values for s in strings(value)]


def dealt() -> CribbageMatch:
    """Virtual play, the deal made: P2 (the dealer's left) gets the even cards of the pack, P1 the odd ones."""
    match = CribbageMatch(Setup(("P1", "P2"), CribbageRules(), 0, "virtual", 1))
    top = [card for pair in zip(P2_DEALT, P1_DEALT) for card in pair]
    match.apply(Deal(tuple(top + [c for c in standard_deck() if c not in top])))
    return match


def at_twenty_five(match: CribbageMatch) -> CribbageMatch:
    """From the discard (virtual) or the deal (table) to P1's turn at 25."""
    if match.setup.mode == "virtual":
        match.apply(Discard(1, cards("3D 8D")))
        match.apply(Discard(0, cards("AD 2D")))
    match.apply(Cut(STARTER))
    for seat, code in ((1, "KH"), (0, "KS"), (1, "5C")):
        match.apply(Play(seat, parse_card(code)))
    return match


def table(**rules) -> CribbageMatch:
    return CribbageMatch(Setup(("P1", "P2"), CribbageRules(**rules), 0, "table"))


def refused(match: CribbageMatch, op) -> bool:
    """``op`` is neither offered to anyone nor accepted by the rules."""
    offered = any(choice.admits(op) for seat in range(match.players) for choice in match.choices(seat))
    return not offered and not match.can(op)


# ---------------------------------------------------------------- virtual play

def test_at_the_discard_each_seat_lays_away_two_of_its_own_six_in_any_of_fifteen_ways():
    match = dealt()
    assert match.view(0).hand == tuple(P1_DEALT) and match.view(1).hand == tuple(P2_DEALT)
    assert match.awaiting() == (0, 1)
    (choice,) = match.choices(0)
    assert (choice.kind, choice.name, choice.low, choice.high, choice.cards) == ("pick", "discard", 2, 2, tuple(P1_DEALT))
    assert choice.label.text("en") == "Lay away two to the crib" and choice.label.text("fr") == "Mettre deux au crib"
    assert options(match, 0) == ["discard " + " ".join(c.code for c in away) for away in combinations(P1_DEALT, 2)]
    assert len(options(match, 0)) == 15 and options(match, 0)[0] == "discard KS 4S"
    # Legal: two of one's own cards, in any order. Illegal: a card of the other hand, one card, three.
    assert choice.admits(Discard(0, cards("2D AD"))) and match.can(Discard(0, cards("2D AD")))
    for wrong in (Discard(0, cards("KS KH")), Discard(0, cards("KS")), Discard(0, cards("KS 4S 6S"))):
        assert refused(match, wrong)
    match.apply(Discard(1, cards("3D 8D")))
    assert match.choices(1) == [] and match.awaiting() == (0,) and len(match.choices(0)) == 1
    assert match.view(1).hand == cards("KH QH 5C 6C")  # the four it kept


def test_a_seats_view_holds_its_own_cards_and_no_other_and_the_tables_holds_none():
    match = dealt()
    for seat, mine, theirs in ((0, P1_DEALT, P2_DEALT), (1, P2_DEALT, P1_DEALT)):
        view = json.loads(json.dumps(match.view(seat).to_json()))
        assert view["hand"] == [c.code for c in mine]
        assert not {c.code for c in theirs} & set(strings(view))
    table_view = match.view(None)
    assert table_view.hand is None and table_view.table["starter"] is None and table_view.table["current"] == []


def test_in_the_play_a_seat_is_offered_exactly_the_cards_of_its_hand_that_fit():
    match = at_twenty_five(dealt())
    assert match.count == 25 and match.awaiting() == (0,)
    (choice,) = match.choices(0)
    assert (choice.kind, choice.name, choice.cards) == ("pick", "play", cards("4S 6S"))
    assert options(match, 0) == ["play 4S", "play 6S"]  # no go: the app says it when nothing fits
    assert match.choices(1) == []  # not P2's turn
    assert refused(match, Play(0, parse_card("9S")))  # 34: over 31
    assert refused(match, Play(1, parse_card("QH")))  # P2 waits his turn
    assert refused(match, Go(0))  # P1 holds a card that fits: he must play it
    assert refused(match, Play(0, parse_card("AH")))  # not in his hand
    assert match.view(0).hand == cards("4S 6S 9S") and match.view(1).hand == cards("QH 6C")
    table = match.view(None).table
    assert (table["count"], table["current"], table["starter"]) == (25, ["KH", "KS", "5C"], "7C")
    assert (table["played"], table["cards_left"], table["go"]) == ([["KS"], ["KH", "5C"]], [3, 2], [])


def test_when_no_card_of_a_seat_fits_it_is_offered_nothing_and_the_app_says_its_go():
    match = at_twenty_five(dealt())
    match.apply(Play(0, parse_card("4S")))  # 29: P2's Q♥ and 6♣ do not fit
    assert match.awaiting() == (1,) and match.choices(1) == [] and match.choices(0) == []
    op = next_op(match, ["human", "human"])
    assert op == Go(1)
    match.apply(op)
    assert match.view(None).table["go"] == [1]
    assert match.choices(0) == [] and next_op(match, ["human", "human"]) == Go(0)  # 6♠ and 9♠ do not fit either


def test_the_starter_and_the_shows_are_nobodys_choice_in_virtual_play():
    match = dealt()
    match.apply(Discard(1, cards("3D 8D")))
    match.apply(Discard(0, cards("AD 2D")))
    assert match.phase == "cut" and match.awaiting() == () and all(match.choices(s) == [] for s in (0, 1))
    assert match.view(None).table["starter"] is None  # the pack is not cut yet: the next card is nobody's to see


# ---------------------------------------------------------------- at a real table

def test_at_a_real_table_the_dealer_enters_the_starter_any_card_of_the_pack():
    match = table()
    (choice,) = match.choices(0)
    assert (choice.kind, choice.name, choice.low, choice.high) == ("pick", "starter", 1, 1)
    assert len(options(match, 0)) == 52 and match.choices(1) == []
    assert all(match.view(seat).hand is None for seat in (None, 0, 1))


def test_at_a_real_table_a_seat_plays_any_card_not_seen_that_fits_and_says_go_once_one_may_not():
    match = table()
    match.apply(Cut(STARTER))
    match.apply(Play(1, parse_card("KH")))
    # Count 10: every card not seen (52 less 7♣ and K♥) fits, so a go is not offered.
    assert options(match, 0) == [f"play {c.code}" for c in standard_deck() if c.code not in ("7C", "KH")]
    assert refused(match, Go(0))
    match.apply(Play(0, parse_card("KS")))
    match.apply(Play(1, parse_card("5C")))
    # Count 25: the 24 cards of ace to six less 5♣ played, and go (P1 may hold nothing of 6 or less).
    fit = [c for c in standard_deck() if c.rank <= 6 and c.code != "5C"]
    assert options(match, 0) == [f"play {c.code}" for c in fit] + ["go"] and len(fit) == 23
    assert [c.name for c in match.choices(0)] == ["play", "go"] and match.choices(1) == []
    assert refused(match, Play(0, parse_card("5C")))  # already played
    assert refused(match, Play(0, parse_card("7H")))  # 32
    assert all(match.view(seat).hand is None for seat in (None, 0, 1))


def test_at_a_real_table_each_hand_then_the_crib_is_counted_by_its_player_in_the_show_order():
    match = table()
    match.apply(Cut(STARTER))
    for seat, code in ((1, "KH"), (0, "KS"), (1, "5C"), (0, "6S"), (1, "QH"), (0, "4S"), (1, "6C"), (0, "9S")):
        match.apply(Play(seat, parse_card(code)))
    assert match.phase == "show" and match.to_act == 1  # the pone counts first
    (choice,) = match.choices(1)
    assert (choice.kind, choice.name, choice.low, choice.high, choice.numbers) == ("pick", "show", 4, 4, None)
    assert choice.cards[:4] == cards("KH 5C QH 6C") and choice.options() is None
    assert STARTER not in choice.cards and parse_card("KS") not in choice.cards  # P1's pegged cards are his
    assert match.choices(0) == [] and match.view(None).table["showing"] == "1"
    match.apply(choice.answer(cards=parse_cards("KH 5C QH 6C")))
    assert [c.name for c in match.choices(0)] == ["show"]
    match.apply(Show(0, cards("KS 6S 4S 9S")))
    (crib,) = match.choices(0)  # the dealer counts his crib
    assert crib.name == "crib" and match.choices(1) == [] and match.view(None).table["showing"] == "crib"
    assert same_move(crib.answer(cards=parse_cards("AD 2D 3D 8D")), Crib(cards("AD 2D 3D 8D")))


def test_when_players_count_their_own_hands_a_seat_also_says_its_count():
    match = table(manual_counting=True)
    match.apply(Cut(STARTER))
    for seat, code in ((1, "KH"), (0, "KS"), (1, "5C"), (0, "6S"), (1, "QH"), (0, "4S"), (1, "6C"), (0, "9S")):
        match.apply(Play(seat, parse_card(code)))
    (choice,) = match.choices(1)
    assert choice.numbers == (0, 29)
    assert match.can(choice.answer(cards=parse_cards("KH 5C QH 6C"), number=8))


def test_muggins_and_points_by_hand_are_the_keepers_corrections_never_a_seats_choice():
    """K♥ 5♣ Q♥ 6♣ with 7♣ count 4 (two fifteens: K♥ 5♣, Q♥ 5♣) and a run of three (5♣ 6♣ 7♣): 7. P2 says 5."""
    match = table(manual_counting=True, muggins=True)
    match.apply(Cut(STARTER))
    for seat, code in ((1, "KH"), (0, "KS"), (1, "5C"), (0, "6S"), (1, "QH"), (0, "4S"), (1, "6C"), (0, "9S")):
        match.apply(Play(seat, parse_card(code)))
    match.apply(Show(1, cards("KH 5C QH 6C"), 5))
    assert match.phase == "muggins" and match.missed == (1, 2)
    assert match.awaiting() == () and match.to_act is None
    assert all(match.choices(seat) == [] for seat in (0, 1))
    assert match.can(Muggins(0)) and match.can(Muggins(None))  # the keeper enters either
    match.apply(Muggins(None))
    assert match.can(Points(0, 3)) and not any(c.admits(Points(0, 3)) for s in (0, 1) for c in match.choices(s))


def test_once_a_game_is_won_nobody_is_offered_a_choice_until_the_next_game():
    match = table(games_to_win=7)  # a double skunk is 4 game points of 7
    match.apply(Points(0, 121))
    assert match.awaiting_continue and all(match.choices(seat) == [] for seat in (0, 1))
    match.apply(match.continue_op())
    assert match.choices(match.dealer) and match.choices(1 - match.dealer) == []


@pytest.mark.parametrize("seat", [-1, 2])
def test_a_seat_that_is_not_at_the_table_is_offered_nothing(seat):
    assert at_twenty_five(dealt()).choices(seat) == []


def test_an_option_offered_is_a_move_the_rules_accept():
    match = at_twenty_five(table())
    for op in match.options(0):
        match.verify(op)  # raises if not
    with pytest.raises(IllegalMoveError):
        match.verify(Go(1))

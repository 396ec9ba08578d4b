"""What a Trente-et-un seat sees and may do (``companion.games.seats``, issue 38), both games, worked out by hand
from the rules (SPEC §2.d, §3.d): in a given position exactly these choices and these options, the moves the rules
refuse offered by none, a seat's view holding its own cards and nobody else's, a real table's holding none."""

from __future__ import annotations

import json

import pytest

from companion.core.cards import Card, parse_card, parse_cards, piquet_deck
from companion.games.base import Setup
from companion.games.trente_et_un import players
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch, TrenteMatch
from companion.games.trente_et_un.ops import BlindSwap, Claim31, Discard, Draw, Exchange, Knock, Refresh, Showdown, Start
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from tests.unit.test_trente_et_un_virtual import banker, knock, stacked

C = parse_card
NAMES = ("Ann", "Bob", "Cy")


def H(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def names(match: TrenteMatch, seat: int) -> list[str]:
    return [choice.name for choice in match.choices(seat)]


def choice(match: TrenteMatch, seat: int, name: str):
    (found,) = [c for c in match.choices(seat) if c.name == name]
    return found


def offered(match: TrenteMatch, seat: int, op) -> bool:
    return any(c.admits(op) for c in match.choices(seat))


def view(match: TrenteMatch, seat: int | None) -> dict:
    return json.loads(json.dumps(match.view(seat).to_json()))


# ---------------------------------------------------------------- against the computer: draw and knock

def test_a_virtual_turn_offers_the_stock_the_top_discard_and_the_knock_then_the_card_to_throw():
    m = knock(2, 1)  # P0 deals: P1 plays first
    m.apply(stacked(m, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H")))  # P1: 2♥ 4♥ 6♥, P0: 3♥ 5♥ 7♥, upcard 8♥, 9♥ on the stock
    assert m.awaiting() == (1,) and m.choices(0) == []
    assert names(m, 1) == ["draw", "take", "knock"]
    assert m.options(1) == [Draw(1), Draw(1, C("8H")), Knock(1)]
    take = choice(m, 1, "take")
    assert take.kind == "action" and take.label.text("en") == "Take 8♥" and take.label.text("fr") == "Prendre 8♥"
    for illegal in (Draw(1, C("9H")), Discard(1, C("2H")), Knock(0), Draw(0)):  # not the top; draw first; not his turn
        assert not offered(m, 1, illegal) and not offered(m, 0, illegal)
    m.apply(Draw(1, C("8H")))
    (throw,) = m.choices(1)
    assert (throw.name, throw.kind, throw.low, throw.high) == ("throw", "pick", 1, 1)
    assert throw.cards == H("2H 4H 6H")  # not the 8♥ just taken: it cannot go straight back
    assert throw.options() == [Discard(1, card) for card in H("2H 4H 6H")]
    assert not offered(m, 1, Discard(1, C("8H")))


def test_after_a_draw_from_the_stock_every_card_held_may_be_thrown():
    m = knock(2, 1)
    m.apply(stacked(m, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H")))
    m.apply(Draw(1))
    assert choice(m, 1, "throw").cards == H("2H 4H 6H 9H")


def test_no_knock_is_offered_on_the_first_turn_by_house_rule_nor_once_someone_knocked():
    m = knock(2, 1, allow_first_turn_knock=False)
    m.apply(stacked(m, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H")))
    assert names(m, 1) == ["draw", "take"]
    m = knock(2, 1)
    m.apply(stacked(m, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H")))
    m.apply(Knock(1))
    assert names(m, 0) == ["draw", "take"]


def test_a_virtual_seat_sees_its_own_three_cards_and_the_table_nobody_s():
    m = knock(2, 1)
    m.apply(stacked(m, parse_cards("2H 3H 4H 5H 6H 7H 8H 9H")))
    mine, theirs, table = view(m, 1), view(m, 0), view(m, None)
    assert mine["hand"] == ["2H", "4H", "6H"] and theirs["hand"] == ["3H", "5H", "7H"] and table["hand"] is None
    deal = table["table"]["deal"]
    assert deal["pile"] == ["8H"] and deal["face_up"] == [] and deal["stock"] == 52 - 7 and deal["held"] == [3, 3]
    assert deal["turn"] == 1 and deal["knocker"] is None and table["awaiting"] == [1]
    for code in ("3H", "5H", "7H", "9H"):  # P0's cards and the stock's top are nowhere in P1's view
        assert code not in json.dumps(mine["table"]) and code not in mine["hand"]
    m.apply(Draw(1))
    assert view(m, 1)["hand"] == ["2H", "4H", "6H", "9H"] and view(m, None)["table"]["deal"]["held"] == [3, 4]


def test_a_31_held_is_laid_down_by_the_app_not_chosen():
    m = knock(2, 1)
    m.apply(stacked(m, parse_cards("AS 2C KS 3C 9D 4C QS")))  # P1: A♠ K♠ 9♦; the upcard Q♠
    m.apply(Draw(1, C("QS")))
    assert names(m, 1) == ["throw"] and m.choices(0) == []
    m.apply(Discard(1, C("9D")))  # A♠ K♠ Q♠: a tierce majeure
    assert m.claim_due() == Claim31(1) and m.awaiting() == () and m.choices(0) == m.choices(1) == []


# ---------------------------------------------------------------- against the computer: exchanges

def _banker_dealt() -> BankerMatch:
    m = banker(3, 1)  # P0 deals, play goes to the right: P2, P1, then the dealer
    m.apply(stacked(m, parse_cards("7S 7C 7H 8S 8C 8H 10S 10C 10H 7D 8D 9D")))  # face up: 7♦ 8♦ 9♦
    return m


def test_the_dealer_first_takes_the_face_up_cards_blind_or_keeps_his_hand_without_looking():
    m = _banker_dealt()
    assert m.awaiting() == (0,) and names(m, 0) == ["blind", "keep"] and m.choices(1) == m.choices(2) == []
    assert m.options(0) == [BlindSwap(True, H("7H 8H 10H")), BlindSwap(False)]
    assert choice(m, 0, "blind").cards == ()  # his own cards go face up unseen: the choice does not name them
    assert view(m, 0)["hand"] is None and view(m, 1)["hand"] == ["7C", "8C", "10C"]
    assert view(m, None)["table"]["deal"]["face_up"] == ["7D", "8D", "9D"]
    m.apply(BlindSwap(False))
    assert view(m, 0)["hand"] == ["7H", "8H", "10H"]


def test_an_exchange_turn_offers_a_swap_all_three_pass_and_je_tiens_only_with_all_or_none():
    m = _banker_dealt()
    m.apply(BlindSwap(False))
    assert names(m, 2) == ["exchange", "exchange_all", "pass", "hold"] and m.choices(1) == []
    swap = choice(m, 2, "exchange")
    assert (swap.kind, swap.cards, swap.table) == ("card_table", H("7S 8S 10S"), H("7D 8D 9D"))
    assert swap.answer([C("7S")], [C("9D")]) == Exchange(2, (C("7S"),), (C("9D"),))
    assert len(swap.options()) == 9
    assert choice(m, 2, "exchange_all").options() == [Exchange(2, H("7S 8S 10S"), H("7D 8D 9D"))]
    assert choice(m, 2, "pass").options() == [Exchange(2)]
    hold = choice(m, 2, "hold")
    assert hold.label.text("fr") == "« Je tiens »" and (hold.low, hold.high) == (0, 3)
    assert hold.options() == [Exchange(2, hold=True), Exchange(2, H("7S 8S 10S"), H("7D 8D 9D"), True)]
    assert hold.answer() == Exchange(2, hold=True)  # the toggle on, then Pass
    for illegal in (Exchange(2, (C("7S"),), (C("9D"),), True),  # « Je tiens » with one card: refused
                    Exchange(2, H("7S 8S"), H("7D 8D")),  # two cards: refused
                    Exchange(2, (C("7C"),), (C("9D"),))):  # a card P2 does not hold
        assert not offered(m, 2, illegal) and not m.can(illegal)
    m.apply(Exchange(2, hold=True))  # P2: « Je tiens »
    assert names(m, 1) == ["exchange", "exchange_all", "pass"]  # said once a deal
    assert view(m, None)["table"]["deal"]["knocker"] == 2


def test_the_widow_offers_j_arrete_with_any_exchange_and_the_whole_hand_only_while_nobody_took():
    m = knock(3, 1, mode="widow")  # P0 deals, play goes left: P1, P2, then the dealer
    m.apply(stacked(m, parse_cards("7S 7C 7H 8S 8C 8H 10S 10C 10H 2D 3D 4D")))
    m.apply(BlindSwap(False))
    assert names(m, 1) == ["exchange", "exchange_all", "pass", "hold"]
    stop = choice(m, 1, "hold")
    assert stop.label.text("en") == "« J'arrête »" and len(stop.options()) == 1 + 1 + 9
    assert Exchange(1, (C("7S"),), (C("4D"),), True) in stop.options()
    m.apply(Exchange(1, (C("7S"),), (C("4D"),)))  # P1 takes from the widow
    assert names(m, 2) == ["exchange", "pass", "hold"] and len(choice(m, 2, "hold").options()) == 1 + 9
    assert not offered(m, 2, Exchange(2, H("7C 8C 10C"), tuple(m.play.public)))


# ---------------------------------------------------------------- a real table

def test_at_a_real_table_the_dealer_turns_the_upcard_and_anyone_may_show_a_31_from_the_deal():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))  # Ann deals: Bob, Cy, Ann
    assert m.to_act == 0 and m.awaiting() == (0, 1, 2)
    assert names(m, 0) == ["start", "thirty_one"] and names(m, 1) == names(m, 2) == ["thirty_one"]
    start = choice(m, 0, "start")
    assert (start.kind, start.low, start.high, len(start.cards)) == ("pick", 1, 1, 52) and len(start.options()) == 52
    assert choice(m, 1, "thirty_one").options() == [Claim31(1)]
    for seat in (None, 0, 1, 2):
        assert view(m, seat)["hand"] is None
    m.apply(Start((C("5H"),)))
    assert m.awaiting() == (1, 2, 0)  # Bob's turn; nobody has played yet: a 31 from the deal may still be shown
    assert names(m, 1) == ["draw", "take", "knock", "thirty_one"] and names(m, 2) == names(m, 0) == ["thirty_one"]
    assert choice(m, 1, "take").options() == [Draw(1, C("5H"))]


def test_at_a_real_table_a_seat_throws_any_card_not_seen_elsewhere_and_shows_31_at_the_end_of_its_turn():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))
    m.apply(Start((C("5H"),)))
    m.apply(Draw(1))
    assert names(m, 1) == ["throw"] and m.choices(0) == m.choices(2) == [] and m.awaiting() == (1,)
    assert len(choice(m, 1, "throw").options()) == 51  # any card but the 5♥ face up
    assert not offered(m, 1, Claim31(1))  # a 31 is shown after the throw
    m.apply(Discard(1, C("9C")))
    assert names(m, 1) == ["thirty_one"] and names(m, 2) == ["draw", "take", "knock"] and m.awaiting() == (2, 1)
    m.apply(Draw(2, C("9C")))
    throw = choice(m, 2, "throw")
    assert C("9C") not in throw.cards and C("5H") not in throw.cards and len(throw.cards) == 50
    m.apply(Discard(2, C("2D")))  # Cy keeps the 9♣: nobody else may throw it
    m.apply(Knock(0))
    m.apply(Draw(1))
    throw = choice(m, 1, "throw")
    assert len(throw.cards) == 52 - 3 and not {C("9C"), C("5H"), C("2D")} & set(throw.cards)
    m.apply(Discard(1, C("3S")))
    m.apply(Draw(2, C("3S")))
    m.apply(Discard(2, C("KD")))
    assert m.play.ended and m.to_act is None and m.awaiting() == ()
    assert all(m.choices(seat) == [] for seat in range(3))  # the hands shown are the scorekeeper's entry


def test_at_a_real_table_with_a_banker_the_dealer_makes_his_blind_swap_and_turns_new_face_up_cards():
    m = BankerMatch(Setup(NAMES, BankerRules(), 0))  # Ann deals; play goes to the right: Cy, Bob, Ann
    start = choice(m, 0, "start")
    assert (start.low, start.high, set(start.cards)) == (3, 3, set(piquet_deck())) and start.options() is None
    m.apply(Start(H("7H 8H 9H")))
    assert m.awaiting() == (0, 2, 1) and names(m, 0) == ["blind", "keep", "thirty_one"]
    blind = choice(m, 0, "blind")
    assert (blind.kind, blind.low, len(blind.cards)) == ("pick", 3, 29) and blind.options() is None
    assert blind.answer(H("7C 8C 9C")) == BlindSwap(True, H("7C 8C 9C"))  # his own three, entered as they go face up
    m.apply(BlindSwap(False))
    assert names(m, 2) == ["exchange", "exchange_all", "pass", "hold", "thirty_one"]  # nobody has played yet
    assert choice(m, 2, "exchange").cards == tuple(c for c in piquet_deck() if c not in H("7H 8H 9H"))
    assert choice(m, 2, "exchange_all").answer(H("KS QS JS")) == Exchange(2, H("KS QS JS"), H("7H 8H 9H"))
    assert choice(m, 2, "hold").answer(H("KS QS JS"), H("7H 8H 9H")) == Exchange(2, H("KS QS JS"), H("7H 8H 9H"), True)
    for seat in (2, 1, 0):
        m.apply(Exchange(seat))  # a whole circuit of passes
    assert m.to_act == 0 and names(m, 0) == ["refresh", "thirty_one"] and m.choices(2) == []
    assert choice(m, 0, "refresh").answer(H("7C 8C 9C")) == Refresh(H("7C 8C 9C"))
    m.play.stock = 2  # (as after many circuits) the stock cannot supply three cards: showdown
    assert choice(m, 0, "refresh").options() == [Refresh(())]


def test_at_a_real_table_a_turned_31_ends_the_deal_and_leaves_nobody_a_choice():
    m = BankerMatch(Setup(NAMES, BankerRules(), 0))
    m.apply(Start(H("AH KH QH")))  # the dealer's turned cards make 31: his
    assert m.play.ended and m.awaiting() == () and all(m.choices(seat) == [] for seat in range(3))
    assert view(m, None)["table"]["deal"]["face_up"] == [] and view(m, None)["table"]["deal"]["taken"] == {
        "0": ["AH", "KH", "QH"]}


# ---------------------------------------------------------------- the same match entered at a table

@pytest.mark.parametrize(("front", "entry", "tokens"), [
    ("AH 7S 7C KH 8S 8C QH 9S 9C 7D 8D 9D", Claim31(2), [2, 2, 3]),  # P2 dealt 31: « 31 P2 » straight from the deal
    ("7S 7C 7H 8S 8C 8H 9S 9C 9H AD KD QD", Start(H("AD KD QD")), [3, 2, 2]),  # the dealer's turned 31
])
def test_a_31_served_is_entered_at_a_table_as_it_is_seen_and_scores_the_same(front, entry, tokens):
    m = banker(3, 1)
    m.apply(stacked(m, parse_cards(front)))
    m.apply(players.next_op(m, ["easy"] * 3))
    entries = players.table_entries(m)
    assert entries[0] == entry and isinstance(entries[1], Showdown)
    table = BankerMatch(Setup(m.setup.names, m.setup.rules, 0))
    for op in entries:
        table.apply(op)
    assert table.tokens == m.tokens == tokens


# ---------------------------------------------------------------- the computer players

@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_computer_takes_its_moves_from_the_choices_offered(level, monkeypatch):
    m = knock(2, 1)
    m.apply(stacked(m, parse_cards("KH 3H QH 5H 9H 7H 8C")))  # P1: K♥ Q♥ 9♥, 29: every level would knock
    assert players.next_op(m, ["easy", level]) == Knock(1)
    every = type(m).choices  # the same choices, but the knock (a hard player's searches too: each world is a copy)
    monkeypatch.setattr(type(m), "choices", lambda self, seat: [c for c in every(self, seat) if c.name != "knock"])
    assert players.next_op(m, ["easy", level]) in (Draw(1), Draw(1, C("8C")))

"""What a 2500 seat sees and may do (issue 38), worked out by hand from the rules (SPEC §4.d) on stacked deals, in
virtual play and at a real table: exactly these choices and options, the legal and the illegal ones named; a seat's
view holds its own cards and no other; the table's holds none. Then the checks of every step of seeded matches under
each house rule, and what the computer players choose among."""

from __future__ import annotations

import json

import pytest

from companion.core.cards import Card, pack_2500, parse_cards
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.games import registry
from companion.games.base import Setup
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse, DealBrasse, DrawStock, LayOff, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.players import choose_lay, listed, next_op, offered, table_entries
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.rummy2500.seat import fitting
from companion.games.seats import Choice
from tests.helpers.seat_checks import SeatChecker, Tally

G = parse_cards


def one(code: str) -> Card:
    return G(code)[0]


def stacked(turned: str, dealt: str, pige: str, stock: str) -> tuple[Card, ...]:
    """Two packs stacked for a deal of two: the turned cards (Bob, then Ann who deals), the rest of the hands in the
    same order, the pige's first card, then the top of the stock."""
    cards = pack_2500(2)
    head = G(turned) + G(dealt) + G(pige) + G(stock)
    for card in head:
        cards.remove(card)
    return tuple(head) + tuple(cards)


def deal(mode: str = "virtual", **rules) -> Rummy2500Match:
    """Ann (seat 0) deals, Bob plays first. Bob turns 6♠, Ann 8♥: the frime is 8. Bob holds 6♠ 7♠ 7♥ 8♣ 8♦ Q♣; Ann
    8♥ 3♣ 3♦ 3♠ 10♣ J♣ J♦ 8♠. The pige starts with 7♦; the stock's top is Q♦, then 9♣. At a real table only the
    turned cards and the pige's first are entered."""
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(**rules), 0, mode, 7 if mode == "virtual" else None))
    if mode == "virtual":
        m.apply(DealBrasse(stacked("6S 8H", "7S 7H 8C 8D QC 3C 3D 3S 10C JC JD 8S", "7D", "QD 9C")))
    else:
        m.apply(OpenBrasse(tuple(G("8H 6S")), one("7D")))
    return m


def by_name(m: Rummy2500Match, seat: int) -> dict[str, Choice]:
    return {choice.name: choice for choice in m.choices(seat)}


def refused(m: Rummy2500Match, op, words: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        m.verify(op)
    assert words in info.value.text("en"), info.value.text("en")


def plain(data):
    return json.loads(json.dumps(data))


def named(data) -> set[str]:
    """Every card code a view's plain data holds."""
    if isinstance(data, dict):
        return {code for value in data.values() for code in named(value)}
    if isinstance(data, list):
        return {code for value in data for code in named(value)}
    codes = {card.code for card in pack_2500()}
    return {data} if data in codes else set()


# ---------------------------------------------------------------------------- virtual play, by hand


def test_before_his_draw_bob_may_draw_or_take_the_pige_card_his_natural_pair_makes_a_trio_of():
    m = deal()
    bob = by_name(m, 1)
    assert list(bob) == ["draw", "take"] and m.choices(0) == []  # Ann waits for her turn
    assert bob["draw"].kind == "action" and bob["draw"].options() == [DrawStock(1)]
    take = bob["take"]
    # Unopened, he takes only the top (house rule), and only with a natural pair: no free top card for him.
    assert take.kind == "pick" and take.cards == tuple(G("7S 7H")) and (take.low, take.high) == (2, 2)
    assert take.table == tuple(G("7D")) and [t.text("fr") for t in take.targets] == ["7♦"]
    assert take.options() == [TakePige(1, 0, tuple(G("7S 7H")))]
    assert take.answer(G("7H 7S"), target=0) == TakePige(1, 0, tuple(G("7H 7S")))  # the pige card: its place
    refused(m, TakePige(1, 0), "needs a natural pair")
    refused(m, TakePige(1, 0, tuple(G("7S 8C"))), "needs a natural pair")  # a frime never takes from the pige
    refused(m, Meld(1, tuple(G("7S 7H 8C"))), "draw first")
    assert take.label.text("en") == "Take from the pige" and take.label.text("fr") == "Prendre à la pige"


def test_once_open_bob_may_lay_his_frimes_on_his_trio_and_discard_any_card():
    m = deal()
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # Bob lays 7♦ 7♠ 7♥ and holds 6♠ 8♣ 8♦ Q♣
    bob = by_name(m, 1)
    assert list(bob) == ["lay_off", "throw"]  # no trio left in his hand: two frimes and two odd cards
    lay_off = bob["lay_off"]
    assert lay_off.cards == tuple(G("8C 8D")) and (lay_off.low, lay_off.high) == (1, 1)
    assert [t.text("en") for t in lay_off.targets] == ["Bob's trio 1: 7♦ 7♠ 7♥"]
    assert [t.text("fr") for t in lay_off.targets] == ["Trio 1 de Bob : 7♦ 7♠ 7♥"]
    assert lay_off.options() == [LayOff(1, one("8C"), 1, 0), LayOff(1, one("8D"), 1, 0)]
    assert lay_off.answer(G("8D"), target=0) == LayOff(1, one("8D"), 1, 0)
    refused(m, LayOff(1, one("6S"), 1, 0), "does not go on")
    refused(m, LayOff(1, one("8C"), 0, 0), "no such trio")  # Ann has laid nothing
    assert bob["throw"].options() == [Throw(1, card) for card in G("6S 8C 8D QC")]
    refused(m, Throw(1, one("KS")), "not in the hand")
    refused(m, DrawStock(1), "already drawn")


def test_a_card_tapped_then_the_trio_it_goes_on_as_the_app_asks_sur_quel_trio():
    m = deal()
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("QC")))
    m.apply(DrawStock(0))  # Ann draws Q♦
    m.apply(Meld(0, tuple(G("3C 3D 3S"))))
    m.apply(Meld(0, tuple(G("JC JD 8S"))))
    m.apply(Throw(0, one("QD")))
    m.apply(DrawStock(1))  # Bob draws 9♣: he holds 6♠ 8♣ 8♦ 9♣
    lay_off = by_name(m, 1)["lay_off"]
    trios = [t.text("en") for t in lay_off.targets]  # every trio, each player's in seat order
    assert trios == ["Ann's trio 1: 3♣ 3♦ 3♠", "Ann's trio 2: J♣ J♦ 8♠", "Bob's trio 1: 7♦ 7♠ 7♥"]
    assert fitting(m, lay_off, G("8C")) == [2]  # a frime goes on his own trio only
    assert fitting(m, lay_off, G("9C")) == []  # nobody laid 9s
    assert lay_off.cards == tuple(G("8C 8D"))  # the 6♠ and the 9♣ go on no trio


def test_ann_unopened_is_offered_no_pige_take_without_a_pair_and_every_trio_her_hand_holds():
    m = deal()
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("QC")))  # the pige: Q♣; Ann holds no queen
    ann = by_name(m, 0)
    assert list(ann) == ["draw"] and m.choices(1) == []
    refused(m, TakePige(0, 0), "needs a natural pair")
    m.apply(DrawStock(0))  # Q♦
    ann = by_name(m, 0)
    assert list(ann) == ["meld", "throw"]  # not open: no lay-off yet
    melds = [op.cards for op in ann["meld"].options()]
    assert melds == [tuple(G(trio)) for trio in ("3C 3D 3S", "3C 3D 8H", "3C 3D 8S", "3C 3S 8H", "3C 3S 8S",
                                                 "3D 3S 8H", "3D 3S 8S", "JC JD 8H", "JC JD 8S")]
    refused(m, Meld(0, tuple(G("3C 8H 8S"))), "a trio is")  # one natural and two frimes
    refused(m, Meld(0, tuple(G("10C JC JD"))), "a trio is")
    assert choose_lay(m, 0) == Meld(0, tuple(G("3C 3D 3S")))  # three naturals before a frime: the club player's


def test_nobody_chooses_the_deal_nor_the_count_of_a_brasse():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "virtual", 7))
    assert m.choices(0) == m.choices(1) == [] and m.awaiting() == ()  # the app deals
    m = deal(end_mode="mort_subite")
    m.bp.hands[1] = G("7S 7H 6S")  # as if Bob held only these
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("6S")))  # he goes out: the brasse ends
    assert m.bp.over and m.choices(0) == m.choices(1) == [] and m.awaiting() == ()
    m.apply(m.brasse_entry())  # the app counts it
    assert m.choices(0) == m.choices(1) == []


# ---------------------------------------------------------------------------- what each seat sees


def test_each_seat_sees_its_own_hand_and_the_table_sees_none():
    m = deal()
    assert m.view(1).hand == tuple(G("6S 7S 7H 8C 8D QC"))
    assert m.view(0).hand == tuple(G("8H 3C 3D 3S 10C JC JD 8S"))
    view = plain(m.view(None).to_json())
    assert view["hand"] is None and view["awaiting"] == [1] and view["dealer"] == 0
    table = view["table"]
    assert table == plain(m.view(0).to_json())["table"] == plain(m.view(1).to_json())["table"]
    assert table["frime"] == 8 and table["pige"] == ["7D"] and table["stock"] == 96 - 14 - 1
    assert table["hands"] == [8, 6] and table["dealt"] == [8, 6] and table["seen"] == [["8H"], ["6S"]]
    assert table["open"] == [False, False] and table["trios"] == [[], []] and table["turn"] == 1
    assert not table["drawn"] and table["playing"] and table["indicator"] is None
    assert named(table) == {"8H", "6S", "7D"}  # the turned cards and the pige: no hidden card, nor the stock's


def test_the_table_says_who_laid_each_card_of_a_trio_and_the_cards_seen_going_into_a_hand():
    m = deal(unopened_may_take_series=True)
    m.apply(DrawStock(1))  # Bob draws Q♦
    m.apply(Throw(1, one("QC")))  # the pige: 7♦ Q♣
    m.apply(DrawStock(0))  # Ann draws 9♣
    m.apply(Meld(0, tuple(G("JC JD 8S"))))
    m.apply(Throw(0, one("10C")))  # the pige: 7♦ Q♣ 10♣
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # Bob lays 7♦ 7♠ 7♥ and takes Q♣ 10♣ with it
    m.apply(LayOff(1, one("8C"), 1, 0))
    table = m.public_table()
    assert table["trios"] == [[{"cards": ["JC", "JD", "8S"], "by": [0, 0, 0]}],
                              [{"cards": ["7D", "7S", "7H", "8C"], "by": [1, 1, 1, 1]}]]
    assert table["seen"] == [["8H"], ["6S", "QC", "10C"]] and table["pige"] == [] and table["open"] == [True, True]
    assert table["hands"] == [5, 5] and table["drawn"] and table["turn"] == 1


def test_a_frime_on_another_players_trio_is_said_to_be_the_layers():
    m = deal(frime_layoff_anywhere_after_frime_trio=True)
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("QC")))
    m.apply(DrawStock(0))
    m.bp.hands[0].append(one("8C"))  # as if Ann held a third frime
    m.apply(Meld(0, tuple(G("8H 8S 8C"))))  # a trio of frimes: every frime goes anywhere now
    m.apply(Throw(0, one("10C")))
    m.apply(DrawStock(1))
    m.apply(LayOff(1, one("8D"), 0, 0))
    trios = m.public_table()["trios"]
    assert trios[0] == [{"cards": ["8H", "8S", "8C", "8D"], "by": [0, 0, 0, 1]}]
    assert trios[1] == [{"cards": ["7D", "7S", "7H"], "by": [1, 1, 1]}]
    assert m.public_table()["seen"] == [[], ["6S"]]  # Ann's turned 8♥ is laid: it left her hand


# ---------------------------------------------------------------------------- at a real table


def test_at_a_real_table_bob_picks_among_the_cards_he_may_hold_and_no_hand_is_known():
    m = deal("table")
    assert m.view(1).hand is None and m.view(0).hand is None and m.view(None).hand is None
    assert m.public_table()["seen"] == [["8H"], ["6S"]] and m.public_table()["hands"] == [8, 6]
    bob = by_name(m, 1)
    assert list(bob) == ["draw", "take"] and m.choices(0) == []
    take = bob["take"]
    # any pair of 7s not seen, a card twice too (two packs: 7♠ 7♠), so each is offered as often as it may still be
    # held (the 7♦ on the pige: one left); not listed
    assert take.cards == tuple(G("7S 7S 7H 7H 7D 7C 7C")) and take.options() is None
    assert m.can(TakePige(1, 0, tuple(G("7C 7C"))))  # two 7♣ are still unseen
    with pytest.raises(InconsistencyError):
        m.verify(TakePige(1, 0, tuple(G("7D 7D"))))  # one 7♦ is in the pige: one is left
    assert take.admits(TakePige(1, 0, tuple(G("7S 7C"))))
    m.apply(DrawStock(1))
    bob = by_name(m, 1)
    assert list(bob) == ["meld", "throw"] and bob["meld"].options() is None
    throws = bob["throw"].options()
    assert throws is not None and len(throws) == 48  # every card of the pack but the 2s: each may be his
    assert Throw(1, one("6S")) in throws and bob["meld"].admits(Meld(1, tuple(G("9C 9D 8S"))))


def test_at_a_real_table_a_brasse_counted_at_its_end_and_one_opened_are_nobodys_choice():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"))
    assert m.choices(0) == m.choices(1) == [] and m.to_act == 0  # the keeper enters the brasse: no seat does
    m.apply(Brasse(8, (((tuple(G("3C 3D 3S"))),), ()), ((), ()), (tuple(G("10C")), tuple(G("QC 5H")))))
    assert m.choices(0) == m.choices(1) == []  # Bob deals the next one
    m.apply(OpenBrasse(tuple(G("6S 8H")), one("7D")))  # Ann turned 6♠, Bob 8♥: she plays first
    assert [c.name for c in m.choices(0)] == ["draw", "take"] and m.choices(1) == []


# ---------------------------------------------------------------------------- every step of seeded matches

VARIANTS = [{}, {"open_player_free_top_discard": False, "unopened_may_take_series": True},
            {"must_discard_to_go_out": True, "end_mode": "mort_douce", "stock_exhausted": "reshuffle_pige"},
            {"require_laid_ge_dealt_to_go_out": True, "wilds_le_naturals": True, "frime_trio_can_open": False,
             "frime_layoff_anywhere_after_frime_trio": True, "dealer_indicator_in_hand": False,
             "end_mode": "until_dealer"},
            {"frime_trio_allowed": False, "scoring": "lemagloisirs"}]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_every_move_is_among_the_choices_and_no_view_names_a_hidden_card_under_every_house_rule(variant):
    """A virtual match of three to five players, every step checked, then the same match as a real table enters it:
    the same totals."""
    game, tally = registry.get("rummy2500"), Tally()
    players = 3 + variant % 3
    names = tuple(f"P{i}" for i in range(players))
    levels = ["normal" if i % 2 else "easy" for i in range(players)]
    rules = Rummy2500Rules(**{"target": 1000, **VARIANTS[variant]})  # a shorter match: every step is checked
    virtual = game.new_match(Setup(names, rules, variant % players, "virtual", variant + 1, tuple(levels)))
    table = game.new_match(Setup(names, rules, variant % players, "table"))
    checker = SeatChecker(virtual, tally, "virtual", table_entries)
    while (op := next_op(virtual, levels)) is not None:
        checker.check_step(op, checker.check_views(range(players)))
        virtual.apply(op)
    checker = SeatChecker(table, tally, "table")
    for op in table_entries(virtual):
        checker.check_step(op, checker.check_views(range(players)))
        table.apply(op)
    assert tally.failures == [] and virtual.winner is not None and table.totals == virtual.totals
    assert tally.options > 0 and tally.cards > 0


def test_a_hidden_card_on_the_table_is_caught(monkeypatch):
    """The checks can fail for 2500: a card of another seat's hand shown on the public table is flagged, though the
    cards a real table enters are said."""
    m = deal()
    table = Rummy2500Match.public_table
    monkeypatch.setattr(Rummy2500Match, "public_table",
                        lambda self: {**table(self), "peek": [c.code for c in self.bp.hands[0]]})
    tally = Tally()
    SeatChecker(m, tally, "leaky", table_entries).check_views(range(2))
    assert any("view of seat 1 names 3C, never said" in f for f in tally.failures)
    assert not any("view of seat 0" in f for f in tally.failures)  # her own cards


def test_two_hands_may_hold_a_card_each_of_the_two_packs_but_not_three():
    m = deal()
    m.bp.hands[1].append(one("8H"))  # Ann holds 8♥ and so does Bob: two packs
    tally = Tally()
    SeatChecker(m, tally, "two", table_entries).check_views(range(2))
    assert tally.failures == []
    m.bp.hands[1].append(one("8H"))
    SeatChecker(m, tally, "three", table_entries).check_views(range(2))
    assert any("['8H'] in more hands" in f for f in tally.failures)


# ---------------------------------------------------------------------------- the computer players' candidates


def test_the_computer_players_move_among_their_choices_and_their_search_sees_the_same_options():
    m = Rummy2500Match(Setup(("A", "B", "C"), Rummy2500Rules(), 1, "virtual", 5))
    levels = ["normal", "easy", "normal"]
    for _ in range(300):
        bp = m.bp
        if bp is not None and not bp.over:
            seat = bp.turn
            choices, words_free = offered(m, seat), listed(m, seat)
            for name in ("draw", "take", "meld", "lay_off", "throw"):
                assert choices(name) == words_free(name), name
        op = next_op(m, levels)
        if m.chooser(op) is not None:
            assert any(choice.admits(op) for choice in m.choices(m.chooser(op)))
        m.apply(op)

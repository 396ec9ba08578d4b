"""The engines say who chooses (as OpenSpiel's current player and chance nodes): ``awaiting()`` gives the seats whose
own choice the match waits for, ``chooser(op)`` whose choice a logged operation was, ``is_chance(op)`` whether chance
made it. The virtual screens only ask: none of them knows a game's phases."""

from __future__ import annotations

import random

from companion.games.cribbage.ops import Cut, Discard, Play, Show
from companion.games.le31.ops import Trail
from companion.games.rummy2500.ops import DealBrasse, DrawStock
from companion.games.trente_et_un.ops import BlindSwap, Claim31, DealPack, Draw
from companion.games.trente_et_un.players import next_op as trente_next_op
from tests.unit.test_cribbage_engine import virtual as cribbage
from tests.unit.test_le31_virtual import virtual as le31
from tests.unit.test_rummy2500_virtual import virtual as rummy
from tests.unit.test_trente_et_un_virtual import banker, knock


def test_cribbage_waits_for_every_seat_to_lay_away_then_for_the_one_to_peg():
    m = cribbage(players=3)
    assert m.awaiting() == ()  # the deal is chance's
    deal = m.make_deal()
    assert m.is_chance(deal) and m.chooser(deal) is None
    m.apply(deal)
    assert m.awaiting() == (0, 1, 2)  # in any order
    m.apply(Discard(1, (m.hand(1)[0],)))
    assert m.awaiting() == (0, 2)
    assert m.chooser(m.log[-1]) == 1 and not m.is_chance(m.log[-1])
    m.apply(Discard(0, (m.hand(0)[0],)))
    m.apply(Discard(2, (m.hand(2)[0],)))
    assert m.awaiting() == ()  # the cut is chance's
    cut = m.make_cut()
    assert m.is_chance(cut) and isinstance(cut, Cut)
    m.apply(cut)
    assert m.awaiting() == (m.turn,) == (1,)  # the dealer's left leads
    assert m.chooser(Play(1, m.hand(1)[0])) == 1
    assert m.chooser(Show(1, ())) is None  # a show is counted, not chosen


def test_le31_waits_for_the_player_whose_turn_it_is():
    m = le31(players=2, seed=4)
    assert m.awaiting() == ()
    from companion.games.le31.players import next_op

    deal = next_op(m, ["human", "human"])
    assert deal is not None and m.is_chance(deal)
    m.apply(deal)
    seat = m.r.turn
    assert m.awaiting() == (seat,)
    trail = Trail(seat, m.r.hands[seat][0])
    assert m.chooser(trail) == seat and not m.is_chance(trail)


def test_2500_waits_for_the_player_whose_turn_it_is():
    m = rummy(players=3, seed=2)
    pack = m.pack()
    random.Random(2).shuffle(pack)
    deal = DealBrasse(tuple(pack))
    assert m.awaiting() == () and m.is_chance(deal)
    m.apply(deal)
    assert m.awaiting() == (m.bp.turn,)
    assert m.chooser(DrawStock(m.bp.turn)) == m.bp.turn


def _dealt(match, seed: int):
    pack = list(match.deck())
    random.Random(seed).shuffle(pack)
    match.apply(DealPack(tuple(pack)))
    return match


def test_trente_et_un_waits_for_the_dealers_blind_swap_first_and_never_for_a_31_to_be_laid_down():
    m = next(m for m in (_dealt(banker(4, seed), seed) for seed in range(50)) if m.claim_due() is None)
    assert m.awaiting() == (m.dealer,)  # the dealer's blind swap comes first
    assert m.chooser(BlindSwap(())) == m.dealer  # a blind swap names no seat: it is the dealer's
    k = next(k for k in (_dealt(knock(3, seed), seed) for seed in range(50)) if k.claim_due() is None)
    seat = k.play.turn
    assert k.awaiting() == (seat,) and k.chooser(Draw(seat)) == seat and k.is_chance(k.log[-1])
    served = next(k for k in (_dealt(knock(3, seed), seed) for seed in range(2000)) if k.claim_due() is not None)
    assert served.awaiting() == ()  # laying a 31 down is nobody's choice: the app does it at once
    assert isinstance(trente_next_op(served, ["human"] * 3), Claim31)

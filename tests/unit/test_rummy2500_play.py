"""2500 brasses played turn by turn by the engine, with the cards known: the deal by turned cards, the pige and
its series, trios, lay-offs under the frime rules, going out; whole random brasses for 2, 4 and 7 players keep
every card and every hand size, and score as the table says."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.cards import Card, Rank, pack_2500, parse_cards
from companion.core.errors import IllegalMoveError
from companion.games.base import Setup
from companion.games.rummy2500.engine import Rummy2500Match, hand_size, is_trio
from companion.games.rummy2500.ops import DealBrasse, DrawStock, LayOff, Meld, TakePige, Throw
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.rummy2500.scoring import card_value

G = parse_cards


def arranged(turned: list[str], rest: list[Card]) -> tuple[Card, ...]:
    """A pack whose first cards are the turned ones (dealer's left first, the dealer last)."""
    pack = pack_2500(2)
    first = [G(t)[0] for t in turned]
    for card in first:
        pack.remove(card)
    for card in rest:
        pack.remove(card)
    return tuple(first) + tuple(rest) + tuple(pack)


def test_the_deal_by_turned_cards_sets_hand_sizes_and_the_frime():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "virtual", 1))  # Ann deals: Bob turns first
    m.apply(DealBrasse(arranged(["KS", "8H"], [])))
    bp = m.bp
    assert bp.sizes == [8, 13] and [len(h) for h in bp.hands] == [8, 13]  # Ann's 8 sets the frime
    assert bp.frime == Rank.EIGHT and G("8H")[0] in bp.hands[0] and G("KS")[0] in bp.hands[1]
    assert len(bp.pige) == 1 and bp.turn == 1
    assert hand_size(G("AS")[0]) == 14 and hand_size(G("3S")[0]) == 3


def test_trios_the_pige_condition_and_the_frime_lay_off_rules():
    assert is_trio(G("7S 7H 8D"), Rank.EIGHT) and is_trio(G("8S 8H 8D"), Rank.EIGHT)
    assert not is_trio(G("7S 8H 8D"), Rank.EIGHT) and not is_trio(G("7S 6H 8D"), Rank.EIGHT)
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "virtual", 1))
    # Bob's hand: K♠ (turned, 13 cards) 7♠ 7♥ 8♦ …; the pige starts with 7♦.
    bob = G("7S 7H 8D 9S 9H 9D 4C 4D 5C 5D 6C 6D")
    ann = G("3C 3D 3S 10C 10D JC JD")
    m.apply(DealBrasse(arranged(["KS", "8H"], bob + ann + G("7D"))))
    bp = m.bp
    assert bp.pige == G("7D") and sorted(bp.hands[1]) == sorted(G("KS") + bob)
    with pytest.raises(IllegalMoveError) as info:
        m.apply(TakePige(1, 0, tuple(G("7S 8D"))))  # a frime may not complete the pige's trio
    assert "natural pair" in info.value.text("en")
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # the 7♦ with his natural pair: a trio, laid at once
    assert bp.laid[1] == [G("7D 7S 7H")] and bp.opened[1]
    m.apply(Meld(1, tuple(G("9S 9H 8D"))))  # two naturals and a frime
    with pytest.raises(IllegalMoveError):
        m.apply(Meld(1, tuple(G("4C 5C 6C"))))  # no runs: sets only
    m.apply(Throw(1, G("KS")[0]))
    m.apply(DrawStock(0))
    with pytest.raises(IllegalMoveError) as info:
        m.apply(LayOff(0, G("3C")[0], 1, 0))
    assert "lay a trio first" in info.value.text("en")
    m.apply(Meld(0, tuple(G("3C 3D 3S"))))
    with pytest.raises(IllegalMoveError) as info:
        m.apply(LayOff(0, G("8H")[0], 1, 0))  # a frime on another player's natural trio
    assert "trio of frimes" in info.value.text("en")
    m.apply(LayOff(0, G("8H")[0], 0, 0))  # a frime on his own trio: fine
    with pytest.raises(IllegalMoveError):
        m.apply(LayOff(0, G("10C")[0], 1, 0))  # a 10 does not go on the 7s


def _random_brasse(m: Rummy2500Match, rng: random.Random) -> None:
    m.apply(DealBrasse(tuple(rng.sample(m.pack(), len(m.pack())))))
    bp = m.bp
    size = len(m.pack())
    assert [len(h) for h in bp.hands] == bp.sizes  # every hand as its turned card says
    for _ in range(2000):
        if bp.over:
            break
        seat = bp.turn
        before = len(bp.hands[seat])
        top_ok = bp.opened[seat] and bp.pige
        m.apply(TakePige(seat, len(bp.pige) - 1) if top_ok and rng.random() < 0.3 else DrawStock(seat))
        if bp.over:
            break
        assert len(bp.hands[seat]) == before + 1
        hand = bp.hands[seat]
        by_rank = Counter(c.rank for c in hand if c.rank != bp.frime)
        frimes = [c for c in hand if c.rank == bp.frime]
        for rank, n in sorted(by_rank.items()):
            if n >= 3:
                m.apply(Meld(seat, tuple([c for c in hand if c.rank == rank][:3])))
            elif n == 2 and frimes and len(hand) > 3:
                m.apply(Meld(seat, tuple([c for c in hand if c.rank == rank][:2] + [frimes.pop()])))
            if bp.over:
                break
        if bp.over:
            break
        if bp.opened[seat]:
            for card in list(hand):
                for owner, groups in enumerate(bp.laid):
                    for index in range(len(groups)):
                        if card in hand and len(hand) > 1 and m.can(LayOff(seat, card, owner, index)):
                            m.apply(LayOff(seat, card, owner, index))
        if bp.over:
            break
        m.apply(Throw(seat, rng.choice(hand)))
        placed = len(bp.stock) + len(bp.pige) + sum(map(len, bp.hands)) + sum(len(g) for gs in bp.laid for g in gs)
        assert placed == size  # every card is somewhere, once
    assert bp.over
    entry = m.brasse_entry()
    expected = []
    for seat in range(m.players):
        laid = sum(card_value(c, bp.frime) for c in bp.credit[seat])
        expected.append(laid - sum(card_value(c, bp.frime) for c in bp.hands[seat]))
    m.apply(entry)
    assert m.brasses[-1] == expected  # scored as the table says: laid minus hand


@pytest.mark.parametrize("players", [2, 4, 7])
def test_random_brasses_keep_every_card_and_score_as_the_table_says(players):
    rng = random.Random(players)
    names = tuple(f"P{i}" for i in range(players))
    m = Rummy2500Match(Setup(names, Rummy2500Rules(), 0, "virtual", players))
    for _ in range(3):
        if m.outcome is not None:
            break
        _random_brasse(m, rng)
    assert len(m.brasses) >= 1

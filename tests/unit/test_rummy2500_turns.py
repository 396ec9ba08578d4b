"""2500 turn by turn under every house-rule toggle of SPEC §4.d, hand-worked; and a brasse entered turn by turn
at a real table, where nobody sees the stock or the hands: it follows the same brasse played with the cards
known, move for move, and scores the same once the hands are shown."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.cards import Card, Rank, pack_2500, parse_cards
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.games.base import Setup
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import DealBrasse, DrawStock, LayOff, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.rules import Rummy2500Rules

G = parse_cards


def one(code: str) -> Card:
    return G(code)[0]


def pack(players: int, turned: str, dealt: str, pige: str, stock: str = "") -> tuple[Card, ...]:
    """A pack stacked for a deal: the turned cards (dealer's left first, the dealer last), the rest of the hands
    in the same order, the pige's first card, then the top of the stock."""
    cards = pack_2500(2 if players <= 4 else 3)
    head = G(turned) + G(dealt) + G(pige) + G(stock)
    for card in head:
        cards.remove(card)
    return tuple(head) + tuple(cards)


def match(names: tuple[str, ...] = ("Ann", "Bob"), **rules) -> Rummy2500Match:
    return Rummy2500Match(Setup(names, Rummy2500Rules(**rules), 0, "virtual", 7))  # Ann deals


def refused(m: Rummy2500Match, op, words: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        m.apply(op)
    assert words in info.value.text("en"), info.value.text("en")
    assert info.value.text("fr") != info.value.text("en")


def three_players(**rules) -> Rummy2500Match:
    # Bob (dealer's left) turns a 5, Cy a 3, Ann (dealer) a 4: the frime is 4. Bob 5S 9D 6C 6D KC; Cy 3C 9S 9H;
    # Ann 4H 10C 10D JC. The pige starts with QH; the stock's top is KD, then JD, JS.
    m = match(("Ann", "Bob", "Cy"), **rules)
    m.apply(DealBrasse(pack(3, "5S 3C 4H", "9D 6C 6D KC 9S 9H 10C 10D JC", "QH", "KD JD JS")))
    return m


def cy_goes_out(m: Rummy2500Match) -> None:
    m.apply(DrawStock(1))  # Bob draws K♦
    m.apply(Throw(1, one("9D")))
    m.apply(TakePige(2, 1, tuple(G("9S 9H"))))  # Cy: the 9♦ with his natural pair
    m.apply(Throw(2, one("3C")))  # his last card: he goes out


def test_mort_subite_ends_the_brasse_when_a_hand_empties():
    m = three_players()
    cy_goes_out(m)
    assert m.bp.over and m.bp.hands[2] == []


def test_mort_douce_gives_every_other_player_one_last_turn():
    m = three_players(end_mode="mort_douce")
    cy_goes_out(m)
    assert not m.bp.over and m.to_act == 0  # Ann, then Bob, play once more
    m.apply(DrawStock(0))
    m.apply(Throw(0, one("JC")))
    assert not m.bp.over and m.to_act == 1
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("KC")))
    assert m.bp.over


def test_until_dealer_plays_on_to_the_dealers_turn_only():
    m = three_players(end_mode="until_dealer")
    cy_goes_out(m)
    assert not m.bp.over and m.to_act == 0  # Ann deals: her turn is the last
    m.apply(DrawStock(0))
    m.apply(Throw(0, one("JC")))
    assert m.bp.over and len(m.bp.hands[1]) == 5  # Bob does not play again


def test_an_empty_stock_ends_the_brasse_or_the_pige_is_shuffled_into_a_new_one():
    for mode, over in (("end", True), ("reshuffle_pige", False)):
        m = three_players(stock_exhausted=mode)
        m.bp.stock.clear()  # as if the stock had run out
        m.bp.pige += G("5C 7C")
        m.apply(DrawStock(1))
        assert m.bp.over is over
        if not over:  # the pige but its top became the stock; one card of it was drawn
            assert m.bp.pige == G("7C") and len(m.bp.stock) == 1 and len(m.bp.hands[1]) == 6
    # The shuffle comes from the match's seed: a replay finds the same stock.
    a, b = three_players(stock_exhausted="reshuffle_pige"), three_players(stock_exhausted="reshuffle_pige")
    for m in (a, b):
        m.bp.stock.clear()
        m.bp.pige += G("5C 7C 8C 8D JH")
        m.apply(DrawStock(1))
    assert a.bp.stock == b.bp.stock and a.bp.hands == b.bp.hands


def two_players(**rules) -> Rummy2500Match:
    # Bob turns a 6, Ann (dealer) an 8: the frime is 8. Bob 6S 7S 7H 8C 8D QC; Ann 8H 3C 3D 3S 10C JC JD 8S.
    # The pige starts with 7D; the stock's top is QD, then 9C, 9D, KS.
    m = match(**rules)
    m.apply(DealBrasse(pack(2, "6S 8H", "7S 7H 8C 8D QC 3C 3D 3S 10C JC JD 8S", "7D", "QD 9C 9D KS")))
    return m


def test_three_frimes_open_unless_the_house_rule_says_no():
    m = two_players()
    m.apply(DrawStock(1))
    assert m.can(Meld(1, tuple(G("8C 8D QD")))) is False  # one natural and two frimes is no trio
    m = two_players(frime_trio_can_open=False)
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("QD")))
    m.apply(DrawStock(0))
    refused(m, Meld(0, tuple(G("8H 8S 9C"))), "a trio is")
    m.bp.hands[0].append(one("8C"))  # Ann holds three 8s
    refused(m, Meld(0, tuple(G("8H 8S 8C"))), "three frimes do not open")
    m.apply(Meld(0, tuple(G("3C 3D 3S"))))
    m.apply(Meld(0, tuple(G("8H 8S 8C"))))  # once open, they lay as a trio


def test_a_trio_of_frimes_is_refused_when_the_rule_is_off():
    m = two_players(frime_trio_allowed=False)
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("QD")))
    m.apply(DrawStock(0))
    m.bp.hands[0].append(one("8C"))
    refused(m, Meld(0, tuple(G("8H 8S 8C"))), "three frimes is not a rule")


def test_frimes_go_on_another_players_trio_only_after_a_trio_of_frimes_when_the_rule_says_so():
    for anywhere in (False, True):
        m = two_players(frime_layoff_anywhere_after_frime_trio=anywhere)
        m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # Bob opens with the 7s
        m.apply(Throw(1, one("6S")))
        m.apply(DrawStock(0))
        m.bp.hands[0].append(one("8C"))
        m.apply(Meld(0, tuple(G("8H 8S 8C"))))  # Ann lays a trio of frimes
        m.apply(Throw(0, one("10C")))
        m.apply(DrawStock(1))
        if anywhere:
            m.apply(LayOff(1, one("8D"), 1, 0))  # his own 7s: always fine
        m.apply(LayOff(1, one("8C"), 0, 0))  # a frime on a trio of frimes: the door is open
    # Without a trio of frimes on the table, a frime never goes on another player's trio.
    m = two_players(frime_layoff_anywhere_after_frime_trio=True)
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("6S")))
    m.apply(DrawStock(0))
    m.apply(Meld(0, tuple(G("3C 3D 3S"))))
    m.apply(Throw(0, one("10C")))
    m.apply(DrawStock(1))
    refused(m, LayOff(1, one("8C"), 0, 0), "trio of frimes")
    m.bp.laid[0].append(G("8H 8S 8S"))  # a trio of frimes appears
    m.apply(LayOff(1, one("8C"), 0, 0))


def test_no_more_frimes_than_naturals_on_a_trio_when_the_rule_says_so():
    m = two_players(wilds_le_naturals=True)
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("QC")))
    m.apply(DrawStock(0))
    m.apply(Throw(0, one("10C")))
    m.apply(DrawStock(1))
    m.apply(LayOff(1, one("8C"), 1, 0))  # 7 7 7 + 8: one frime, three naturals
    m.apply(LayOff(1, one("8D"), 1, 0))  # two and three
    m.bp.hands[1] += G("8S 8H")
    m.bp.laid[1].append(G("9C 9D 8H"))
    m.apply(LayOff(1, one("8S"), 1, 1))  # 9 9 8 8: two and two
    refused(m, LayOff(1, one("8H"), 1, 1), "no more frimes")  # a third frime on two naturals


def test_the_pige_top_for_open_players_and_series_for_unopened_ones_follow_the_rules():
    # By default an open player takes the top freely; with the rule off he needs the natural pair too.
    for free in (True, False):
        m = two_players(open_player_free_top_discard=free)
        m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
        m.apply(Throw(1, one("QC")))
        m.apply(DrawStock(0))
        m.apply(Throw(0, one("JC")))
        if free:
            m.apply(TakePige(1, 1))  # the J♣ on top of the Q♣
        else:
            refused(m, TakePige(1, 1), "natural pair")
    # An unopened player takes only the top, unless the house rule lets him take a series.
    for series in (False, True):
        m = two_players(unopened_may_take_series=series)
        m.apply(DrawStock(1))
        m.apply(Throw(1, one("QC")))  # the pige: 7♦ Q♣
        m.apply(DrawStock(0))
        m.apply(Throw(0, one("10C")))  # 7♦ Q♣ 10♣
        op = TakePige(1, 0, tuple(G("7S 7H")))
        if series:
            m.apply(op)
            assert G("QC")[0] in m.bp.hands[1] and G("10C")[0] in m.bp.hands[1]
        else:
            refused(m, op, "only the top")


def test_going_out_by_a_discard_only_and_with_as_many_cards_laid_as_dealt():
    # Cy holds 3♣ 9♠ 9♥: with the 9♦ from the pige he lays a trio and keeps one card.
    m = three_players(must_discard_to_go_out=True)
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("9D")))
    m.bp.hands[2].remove(one("3C"))  # as if he held only the pair: the trio would empty his hand
    refused(m, TakePige(2, 1, tuple(G("9S 9H"))), "keep a card")
    m = three_players(require_laid_ge_dealt_to_go_out=True)
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("9D")))
    m.apply(TakePige(2, 1, tuple(G("9S 9H"))))  # three laid, three dealt
    m.apply(Throw(2, one("3C")))  # so he may go out
    assert m.bp.over
    m = three_players(require_laid_ge_dealt_to_go_out=True)
    m.bp.sizes[2] = 4  # as if he had been dealt four
    m.apply(DrawStock(1))
    m.apply(Throw(1, one("9D")))
    refused(m, TakePige(2, 1, tuple(G("9S 9H"))), "as many cards as were dealt to you (4)")


def test_the_dealers_turned_card_stays_on_the_table_when_the_rule_says_so():
    m = match(dealer_indicator_in_hand=False)
    m.apply(DealBrasse(pack(2, "6S 8H", "7S 7H 8C 8D QC 3C 3D 3S 10C JC JD 8S QS", "7D")))
    bp = m.bp
    assert bp.indicator == one("8H") and one("8H") not in bp.hands[0] and len(bp.hands[0]) == 8
    assert bp.frime == Rank.EIGHT and G("3C")[0] in bp.hands[0]


def test_the_table_knows_the_turned_cards_and_the_pige_cards_each_hand_took_until_they_leave_it():
    m = two_players(unopened_may_take_series=True)
    assert m.bp.shown == [G("8H"), G("6S")]  # each player's turned card is in his hand, face up
    m.apply(DrawStock(1))  # Bob draws Q♦ unseen: nothing more is known of his hand
    m.apply(Throw(1, one("6S")))  # his turned card leaves it
    assert m.bp.shown[1] == []
    m.apply(DrawStock(0))
    m.apply(Throw(0, one("10C")))  # the pige: 7♦ 6♠ 10♣
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # Bob lays 7♦ 7♠ 7♥ and takes the 6♠ and the 10♣ above it
    assert m.bp.shown[1] == G("6S 10C")
    m.apply(Throw(1, one("10C")))
    assert m.bp.shown == [G("8H"), G("6S")]


# ---------------------------------------------------------------------------- at a real table


def test_a_table_brasse_checks_what_it_can_see():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"))
    refused(m, OpenBrasse(tuple(G("6S")), one("7D")), "one turned card per player")
    m.apply(OpenBrasse(tuple(G("8H 6S")), one("7D")))  # in seat order: Ann (dealer) 8♥, Bob 6♠
    bp = m.bp
    assert bp.frime == Rank.EIGHT and bp.sizes == [8, 6] and bp.hands[1] == [one("6S")] + [None] * 5
    assert len(bp.stock) == 96 - 14 - 1 and m.to_act == 1
    refused(m, Meld(1, tuple(G("7S 7H 7C"))), "draw first")
    refused(m, TakePige(1, 0, tuple(G("7S 8D"))), "natural pair")
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))  # two of his unseen cards are now the 7♠ 7♥
    assert bp.hands[1].count(None) == 3 and bp.laid[1] == [G("7D 7S 7H")]
    refused(m, LayOff(1, one("9C"), 1, 0), "does not go on")
    refused(m, LayOff(1, one("2S"), 1, 0), "without the 2s")  # an unseen card cannot be a 2: the pack has none
    m.apply(LayOff(1, one("7S"), 1, 0))  # the second 7♠ of the two packs
    with pytest.raises(InconsistencyError) as info:
        m.apply(LayOff(1, one("7S"), 1, 0))  # a third 7♠: there are only two packs
    assert "only 2 packs" in info.value.text("en")
    m.apply(Throw(1, one("6S")))  # his turned card
    m.apply(DrawStock(0))
    assert len(bp.hands[0]) == 9 and len(bp.stock) == 96 - 14 - 2
    refused(m, Throw(0, one("2C")), "without the 2s")  # a tester threw a 2: the brasse then could not be counted
    refused(m, Throw(1, one("QC")), "Ann's turn")
    m.apply(Throw(0, one("QC")))
    # A brasse entered as totals is refused while one is being played turn by turn.
    entry = m.brasse_entry([[], []])
    refused(m, entry, "turn by turn")


def test_a_table_brasse_ends_with_the_hands_shown_and_checked():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"))
    m.apply(OpenBrasse(tuple(G("8H 3S")), one("7D")))  # Bob holds three cards
    m.apply(TakePige(1, 0, tuple(G("7S 7H"))))
    m.apply(Throw(1, one("3S")))  # he goes out
    assert m.bp.over
    refused(m, m.brasse_entry([G("8H 3C 3D 3S 10C JC JD"), []]), "holds 8 cards, not 7")
    refused(m, m.brasse_entry([G("9H 3C 3D 3S 10C JC JD QD"), []]), "holds 8♥")
    entry = m.brasse_entry([G("8H 3C 3D 3S 10C JC JD QD"), []])
    m.apply(entry)
    # Bob: 7 7 7 = 15. Ann: 8♥ frime 100 + 3 3 3 15 + 10 J J Q 40 = 155 in hand.
    assert m.brasses == [[-155, 15]] and m.dealer == 1 and m.bp is None


def _random_turn(m: Rummy2500Match, rng: random.Random, shadow: Rummy2500Match | None) -> None:
    """One turn by a random legal player (the engine's own checks decide); a shadow table follows it."""
    bp = m.bp
    seat = bp.turn

    def play(op) -> None:
        m.apply(op)
        if shadow is not None:
            shadow.apply(op)

    tops = [TakePige(seat, len(bp.pige) - 1)]
    hand = [c for c in bp.hands[seat] if c is not None]
    for index in range(len(bp.pige)):
        pair = [c for c in hand if c.rank == bp.pige[index].rank and c.rank != bp.frime][:2]
        if len(pair) == 2:
            tops.append(TakePige(seat, index, tuple(pair)))
    options = [op for op in tops if m.can(op)]
    play(rng.choice(options) if options and rng.random() < 0.4 else DrawStock(seat))
    if bp.over:
        return
    for _ in range(3):
        hand = list(bp.hands[seat])
        by_rank: dict[Rank, list[Card]] = {}
        for card in hand:
            by_rank.setdefault(card.rank, []).append(card)
        frimes = by_rank.get(bp.frime, [])
        for cards in by_rank.values():
            for trio in (cards[:3], cards[:2] + frimes[:1]):
                if len(trio) == 3 and m.can(Meld(seat, tuple(trio))):
                    play(Meld(seat, tuple(trio)))
                    break
            if bp.over or bp.turn != seat:
                return
    for card in list(bp.hands[seat]):
        for owner, groups in enumerate(bp.laid):
            for index in range(len(groups)):
                if bp.turn == seat and not bp.over and card in bp.hands[seat] and rng.random() < 0.7 \
                        and m.can(LayOff(seat, card, owner, index)):
                    play(LayOff(seat, card, owner, index))
    if bp.over or bp.turn != seat:
        return
    throws = [c for c in bp.hands[seat] if m.can(Throw(seat, c))]
    play(Throw(seat, rng.choice(throws)))


RULE_MIXES = [
    {},
    {"end_mode": "mort_douce", "stock_exhausted": "reshuffle_pige", "unopened_may_take_series": True},
    {"end_mode": "until_dealer", "frime_layoff_anywhere_after_frime_trio": True, "wilds_le_naturals": True,
     "open_player_free_top_discard": False, "dealer_indicator_in_hand": False},
    {"must_discard_to_go_out": True, "frime_trio_can_open": False, "require_laid_ge_dealt_to_go_out": True},
]


@pytest.mark.parametrize("players", [2, 4, 7])
@pytest.mark.parametrize("mix", range(len(RULE_MIXES)))
def test_random_brasses_under_every_rule_mix_are_followed_by_a_table_that_sees_only_the_table(players, mix):
    rng = random.Random(players * 10 + mix)
    names = tuple(f"P{i}" for i in range(players))
    rules = RULE_MIXES[mix]
    m = Rummy2500Match(Setup(names, Rummy2500Rules(**rules), 0, "virtual", players))
    table = Rummy2500Match(Setup(names, Rummy2500Rules(**rules), 0, "table"))
    total = len(m.pack())
    for _ in range(3):
        deck = tuple(rng.sample(m.pack(), total))
        m.apply(DealBrasse(deck))
        bp = m.bp
        turned = [bp.hands[s][0] if s != m.dealer or bp.indicator is None else bp.indicator for s in range(players)]
        table.apply(OpenBrasse(tuple(turned), bp.pige[0]))
        assert [len(h) for h in bp.hands] == [len(h) for h in table.bp.hands]
        for _ in range(3000):
            if bp.over:
                break
            _random_turn(m, rng, table)
            placed = len(bp.stock) + len(bp.pige) + sum(map(len, bp.hands)) + sum(
                len(g) for gs in bp.laid for g in gs) + (1 if bp.indicator else 0)
            assert placed == total  # every card is somewhere, once
            assert [len(h) for h in bp.hands] == [len(h) for h in table.bp.hands]
            assert all(n <= m.packs for n in Counter(c for gs in bp.laid for g in gs for c in g).values())
        assert bp.over and table.bp.over
        entry = m.brasse_entry()
        expected = [s.total for s in m.score(entry)]
        m.apply(entry)
        table.apply(table.brasse_entry([list(h) for h in entry.hands]))
        assert m.brasses[-1] == table.brasses[-1] == expected
        if m.outcome is not None:
            break

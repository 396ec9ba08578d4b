"""Trente-et-un deals entered turn by turn: what the table sees is checked (SPEC §2.d, §3.d), worked out by
hand; and random deals of both games for 3, 6 and 9 players end exactly when the rules say."""

from __future__ import annotations

import random

import pytest

from companion.core.cards import parse_card, parse_cards, piquet_deck, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.games.base import Setup
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch, showdown_of
from companion.games.trente_et_un.ops import BlindSwap, Claim31, Discard, Draw, Exchange, Knock, Refresh, Start
from companion.games.trente_et_un.rules import BankerRules, KnockRules

C = parse_card
H = parse_cards
NAMES = ("Ann", "Bob", "Cy")


def refused(m, op, words, error=IllegalMoveError):
    with pytest.raises(error) as info:
        m.apply(op)
    assert words in info.value.text("en"), info.value.text("en")


def test_a_knock_deal_turn_by_turn():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))  # Ann deals: Bob, Cy, Ann
    m.apply(Start((C("5H"),)))
    refused(m, Draw(2), "it is Bob's turn")
    refused(m, Discard(1, C("9C")), "draw a card first")
    m.apply(Draw(1))  # from the stock
    refused(m, Draw(1, C("5H")), "has already drawn")
    m.apply(Discard(1, C("9C")))
    refused(m, Draw(2, C("5H")), "not the top of the discard pile")
    m.apply(Draw(2, C("9C")))
    refused(m, Discard(2, C("9C")), "it cannot go straight back")
    m.apply(Discard(2, C("2D")))
    m.apply(Knock(0))  # Ann knocks: Bob and Cy play once more
    m.apply(Draw(1))
    m.apply(Discard(1, C("3S")))
    refused(m, Knock(2), "Ann has already knocked")
    m.apply(Draw(2, C("3S")))
    m.apply(Discard(2, C("KD")))
    refused(m, Draw(0), "the deal is over: enter the hands")
    refused(m, showdown_of([H("AH KH JH"), H("7S 8S 9S"), H("10C JC QC")]), "Cy took 9♣", InconsistencyError)
    refused(m, showdown_of([H("AH KH JH"), H("5H 8S 9S"), H("9C 3S QC")]), "5♥ is face up", InconsistencyError)
    m.apply(showdown_of([H("AH KH JH"), H("7S 8S 9S"), H("9C 3S QC")]))
    assert m.tokens == [2, 3, 3] and m.play is None and m.dealer == 1
    assert [op.name for op in m.log][-1] == "showdown"


def test_no_knock_on_the_first_turn_by_house_rule_and_a_31_ends_the_deal_at_once():
    m = KnockMatch(Setup(NAMES, KnockRules(allow_first_turn_knock=False), 0))
    m.apply(Start((C("5H"),)))
    refused(m, Knock(1), "no knock on the first turn")
    m.apply(Draw(1))
    m.apply(Discard(1, C("9C")))
    m.apply(Claim31(2))  # Cy shows 31
    refused(m, Draw(0), "enter the hands")
    m.apply(showdown_of([H("2H 3H 4D"), H("7S 8S 2S"), H("AC KC JC")]))
    assert m.tokens == [3, 3, 2]


def test_a_banker_deal_turn_by_turn():
    m = BankerMatch(Setup(NAMES, BankerRules(), 0))  # Ann deals; play goes to the right: Cy, Bob, Ann
    m.apply(Start(tuple(H("7H 8H 9H"))))
    refused(m, Exchange(2), "it is Ann's turn")  # the dealer's blind swap comes first
    m.apply(BlindSwap(False))
    refused(m, Exchange(2, tuple(H("KS KD")), tuple(H("7H 8H"))), "not 2")
    refused(m, Exchange(2, tuple(H("KS")), tuple(H("AS"))), "not among the face-up cards")
    refused(m, Exchange(2, tuple(H("KS")), tuple(H("7H")), hold=True), "only after swapping all three or none")
    m.apply(Exchange(2, tuple(H("KS")), tuple(H("9H"))))  # Cy swaps one: the 9♥ for his K♠
    m.apply(Exchange(1, tuple(H("10C JC QC")), tuple(H("7H 8H KS")), hold=True))  # Bob swaps all: « Je tiens »
    m.apply(Exchange(0))  # Ann passes
    m.apply(Exchange(2))  # Cy's last turn; back to Bob: showdown
    refused(m, Exchange(1), "enter the hands")
    refused(m, showdown_of([H("AS 7D 8D"), H("7H 8H 9C"), H("9H 10S JS")]), "Bob took K♠", InconsistencyError)
    m.apply(showdown_of([H("AS 7D 8D"), H("7H 8H KS"), H("9H 10S JS")]))
    # Ann 15 (8♦ 7♦) and Bob 15 (8♥ 7♥) tie for lowest, counted cards equal: both lose; Cy's 20 is safe.
    assert m.tokens == [2, 2, 3] and m.pot == 2


def test_the_all_pass_guard_replaces_the_face_up_cards():
    m = BankerMatch(Setup(NAMES, BankerRules(), 0))
    m.apply(Start(tuple(H("7H 8H 9H"))))
    m.apply(BlindSwap(False))
    m.apply(Exchange(2))
    refused(m, Refresh(tuple(H("7C 8C 9C"))), "everyone passed")
    m.apply(Exchange(1))
    m.apply(Exchange(0))  # a whole circuit: nobody exchanged, nobody held
    m.apply(Refresh(tuple(H("7C 8C 9C"))))
    assert m.play.public == list(H("7C 8C 9C"))


def _deal_knock(m: KnockMatch, rng: random.Random) -> None:
    """Play one whole knock deal at random with real cards; returns after the showdown."""
    deck = standard_deck()
    rng.shuffle(deck)
    hands = {s: [deck.pop() for _ in range(3)] for s in m.in_play}
    m.apply(Start((deck.pop(),)))
    pile = [m.play.public[0]]
    turns = 0
    while not m.play.ended:
        seat = m.play.turn
        turns += 1
        assert turns < 400
        if m.play.knocker is None and rng.random() < 0.08:
            m.apply(Knock(seat))
            continue
        if rng.random() < 0.5 and pile:
            card = pile.pop()
            m.apply(Draw(seat, card))
        else:
            if not deck:  # the stock is gone: the discards but the top are shuffled into a new stock
                deck, pile = pile[:-1], pile[-1:]
                rng.shuffle(deck)
            card = deck.pop()
            m.apply(Draw(seat))  # a card from the stock may go straight back
        hands[seat].append(card)
        choices = [c for c in hands[seat] if c != m.play.drawn]
        out = rng.choice(choices)
        hands[seat].remove(out)
        m.apply(Discard(seat, out))
        pile.append(out)
        assert len({c for h in hands.values() for c in h} | set(pile) | set(deck)) == 52  # no card twice
    if m.play.knocker is not None:  # after the knock, every other player played exactly once more
        assert not m.play.last_turns
    m.apply(showdown_of([hands.get(s, []) for s in range(m.players)]))


@pytest.mark.parametrize("players", [3, 6, 9])
def test_random_knock_deals_end_when_the_rules_say(players):
    rng = random.Random(players)
    names = tuple(f"P{i}" for i in range(players))
    m = KnockMatch(Setup(names, KnockRules(tokens=2), 0))
    for _ in range(6):
        if m.outcome is not None:
            break
        _deal_knock(m, rng)
    assert m.showdowns >= 1


@pytest.mark.parametrize("players", [3, 6, 9])
def test_random_banker_deals_end_when_the_rules_say(players):
    rng = random.Random(players + 100)
    names = tuple(f"P{i}" for i in range(players))
    m = BankerMatch(Setup(names, BankerRules(), 0))
    for _ in range(4):
        if m.outcome is not None:
            break
        deck = piquet_deck()
        rng.shuffle(deck)
        hands = {s: [deck.pop() for _ in range(3)] for s in m.in_play}
        m.apply(Start(tuple(deck.pop() for _ in range(3))))
        m.apply(BlindSwap(False))
        last_turns_left = None
        while not m.play.ended:
            seat = m.play.turn
            if m.play.passes >= len(m.play.order) and len(deck) >= 3:
                m.apply(Refresh(tuple(deck.pop() for _ in range(3))))
                continue
            kind = rng.choice(["none", "one", "all"])
            face = list(m.play.public)
            hold = m.play.knocker is None and kind != "one" and rng.random() < 0.2
            if kind == "one":
                give, take = [rng.choice(hands[seat])], [rng.choice(face)]
            elif kind == "all":
                give, take = list(hands[seat]), face
            else:
                give, take = [], []
            m.apply(Exchange(seat, tuple(give), tuple(take), hold))
            hands[seat] = [c for c in hands[seat] if c not in give] + take
            if hold:
                last_turns_left = len(m.play.order) - 1
            elif last_turns_left is not None:
                last_turns_left -= 1
            if last_turns_left == 0:
                assert m.play.ended  # the turn came back to whoever said « Je tiens »
            if m.play.passes > 3 * len(m.play.order):
                m.apply(Claim31(seat))  # a stuck deal with an empty stock: end it (as a table would)
        m.apply(showdown_of([hands.get(s, []) for s in range(m.players)]))
    assert m.showdowns >= 1


def test_the_widow_variant_exchanges_with_three_face_up_cards_and_stops_on_j_arrete():
    m = KnockMatch(Setup(NAMES, KnockRules(mode="widow"), 0))  # Ann deals: Bob, Cy, Ann
    refused(m, Start((C("5H"),)), "3 cards turned up")
    m.apply(Start(tuple(H("AH KH 2C"))))
    m.apply(BlindSwap(False))
    refused(m, Draw(1), "not during a deal played turn by turn")
    m.apply(Exchange(1, (C("7S"),), (C("AH"),)))  # Bob takes the ace from the widow
    refused(m, Exchange(2, tuple(H("9D 9S 9C")), tuple(H("KH 2C 7S"))), "while nobody has taken from the widow")
    m.apply(Exchange(2))
    m.apply(Exchange(0, (C("3D"),), (C("KH"),), hold=True))  # Ann: « J'arrête »: straight to the showdown
    assert m.play.ended
    m.apply(showdown_of([H("KH QH 4S"), H("AH JH 10H"), H("9D 9S 9C")]))  # Bob's 31 wins
    assert m.tokens == [3, 2, 3]


def test_after_the_dealers_blind_swap_one_circuit_then_the_showdown():
    m = KnockMatch(Setup(NAMES, KnockRules(mode="widow"), 0))
    m.apply(Start(tuple(H("AH KH 2C"))))
    refused(m, BlindSwap(True), "the dealer's own three cards face up")  # they are entered
    m.apply(BlindSwap(True, tuple(H("4D 5D 6D"))))  # Ann takes the widow blind; her 4♦ 5♦ 6♦ go face up
    assert m.play.taken[0] == list(H("AH KH 2C")) and m.play.public == list(H("4D 5D 6D"))
    refused(m, Exchange(1, tuple(H("7S 8S 9S")), tuple(H("4D 5D 6D"))), "while nobody has taken from the widow")
    m.apply(Exchange(1, (C("7S"),), (C("6D"),)))
    m.apply(Exchange(2))
    m.apply(Exchange(0))  # one circuit of single-card exchanges: over
    assert m.play.ended
    refused(m, showdown_of([H("AH KH 3C"), H("6D 8S 9S"), H("10C JC QC")]), "Ann took 2♣", InconsistencyError)
    m.apply(showdown_of([H("AH KH 2C"), H("6D 8S 9S"), H("10C JC QC")]))
    assert m.tokens == [3, 3, 2]  # Cy's 10 J Q of clubs, 30, beats Ann's 21 and Bob's 17


def test_an_exhausted_stock_is_shuffled_again_or_voids_the_deal():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))
    m.apply(Start((C("5H"),)))
    assert m.play.stock == 52 - 9 - 1
    m.apply(Draw(1))
    m.apply(Discard(1, C("9C")))
    m.play.stock = 0  # (as after many turns)
    m.apply(Draw(2))  # the discards but the top (9♣) become the stock: one card, now drawn
    assert m.play.public == [C("9C")] and m.play.stock == 0 and "shuffled" in m.events[-1].text.text("en")
    void = KnockMatch(Setup(NAMES, KnockRules(stock_exhausted="void_deal"), 0))
    void.apply(Start((C("5H"),)))
    void.play.stock = 0
    void.apply(Draw(1))
    assert void.play.ended and void.play.void
    refused(void, showdown_of([H("AH KH JH"), H("7S 8S 9S"), H("10C JC QC")]), "the deal was void")
    void.apply(Start((C("2H"),)))  # the next deal; Bob deals it
    assert void.dealer == 1 and void.tokens == [3, 3, 3]


def test_the_all_pass_guard_can_be_switched_off():
    m = BankerMatch(Setup(NAMES, BankerRules(all_pass_refresh=False), 0))
    m.apply(Start(tuple(H("7H 8H 9H"))))
    m.apply(BlindSwap(False))
    for seat in (2, 1, 0):
        m.apply(Exchange(seat))
    refused(m, Refresh(tuple(H("7C 8C 9C"))), "not a rule of this match")


def test_a_31_is_credited_to_its_player_and_his_hand_must_make_it():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))  # Ann deals: Bob, Cy, Ann
    m.apply(Start((C("5H"),)))
    m.apply(Draw(1))
    refused(m, Claim31(1), "discard first")  # shown at the end of one's own turn
    m.apply(Discard(1, C("9C")))
    assert m.last_to_play() == 1 and m.play.turn == 2  # Bob has just played; it is Cy's turn
    refused(m, Claim31(-1), "not a player")
    refused(m, Claim31(7), "not a player")
    m.apply(Claim31(1))  # Bob shows 31, though the turn has passed to Cy
    refused(m, showdown_of([H("2H 3H 4D"), H("7S 8S 2S"), H("AC KC JC")]), "Bob showed 31", InconsistencyError)
    m.apply(showdown_of([H("2H 3H 4D"), H("AS KS JS"), H("7C 8C 2C")]))
    assert m.tokens == [3, 2, 3]  # Bob sheds the token, not Cy


def test_typed_31_goes_to_the_player_named_or_the_one_who_just_played():
    from companion.tui.games.trente_et_un.turn_words import turn_entry

    m = KnockMatch(Setup(NAMES, KnockRules(), 0))
    m.apply(Start((C("5H"),)))
    assert turn_entry(m, "31 Cy", "en") == Claim31(2)
    m.apply(Draw(1))
    m.apply(Discard(1, C("9C")))
    assert turn_entry(m, "31", "en") == Claim31(1)  # Bob, who has just played (the turn is Cy's)
    assert turn_entry(m, "31 ann", "fr") == Claim31(0)


def test_banker_all_three_with_je_tiens_typed_and_the_turned_31():
    from companion.tui.games.trente_et_un.turn_words import turn_entry

    m = BankerMatch(Setup(NAMES, BankerRules(), 0))  # Ann deals; to the right: Cy, Bob, Ann
    m.apply(Start(tuple(H("7H 8H 9H"))))
    m.apply(BlindSwap(False))
    op = turn_entry(m, "tout 10t vt dt tiens", "fr")  # Cy gives 10♣ J♣ Q♣, takes the three, « Je tiens »
    assert op == Exchange(2, tuple(H("10C JC QC")), tuple(H("7H 8H 9H")), hold=True)
    m.apply(op)
    assert m.play.knocker == 2
    assert turn_entry(m, "pass hold", "en") == Exchange(1, hold=True)
    # The dealer's three turned cards make 31 (French text 002): they are his, and the deal ends as a 31 served.
    t = BankerMatch(Setup(NAMES, BankerRules(), 0))
    t.apply(Start(tuple(H("AS KS QS"))))
    assert t.play.ended and t.play.dealt_31
    refused(t, showdown_of([H("7H 8D 9C"), H("7C 8C 9D"), H("10H JD 7S")]), "Ann took A♠", InconsistencyError)
    t.apply(showdown_of([H("AS KS QS"), H("7C 8C 9D"), H("10H JD 7S")]))  # no flag to set: the turn entry knew
    assert t.tokens == [3, 2, 2] and t.pot == 2 and "31 served" in t.events[-1].text.text("en")
    assert t.events[-1].report[0].text("fr") == "Abattage 1"


def test_a_31_typed_before_any_start_is_a_31_shown_right_after_the_deal():
    """A player typed « 31 Bob » first, before any « début », and was told only that no deal was being played
    turn by turn. A 31 may be shown right after the deal (SPEC §2.d): it is the whole deal, and the hands follow."""
    from companion.tui.games.trente_et_un.turn_words import turn_entry

    m = KnockMatch(Setup(NAMES, KnockRules(), 0))
    m.apply(turn_entry(m, "31 Bob", "fr"))
    assert m.play is not None and m.play.ended and m.play.claimer == 1
    refused(m, Draw(1), "enter the hands")
    refused(m, showdown_of([H("2H 3H 4D"), H("7S 8S 2S"), H("AC KC JC")]), "Bob showed 31", InconsistencyError)
    m.apply(showdown_of([H("2H 3H 4D"), H("AS KS JS"), H("7C 8C 2C")]))
    assert m.tokens == [3, 2, 3] and m.play is None and m.dealer == 1
    # With a banker, a 31 held from the deal is a 31 served (French text 002): every other player loses a token.
    b = BankerMatch(Setup(NAMES, BankerRules(), 0))
    b.apply(Claim31(2))
    assert b.play.ended and b.play.dealt_31
    b.apply(showdown_of([H("7H 8D 9C"), H("7C 8C 9D"), H("AS KS QS")]))
    assert b.tokens == [2, 2, 3] and "31 served" in b.events[-1].text.text("en")
    # A virtual game deals itself: there is no 31 before its deal.
    v = KnockMatch(Setup(NAMES, KnockRules(), 0, "virtual", 3))
    refused(v, Claim31(1), "no deal is being played")


def test_a_start_during_a_deal_says_a_deal_is_under_way():
    m = KnockMatch(Setup(NAMES, KnockRules(), 0))
    m.apply(Start((C("5H"),)))
    with pytest.raises(IllegalMoveError) as info:
        m.apply(Start((C("6H"),)))
    assert info.value.text("en") == "a deal is already being played turn by turn: play it to its showdown first"
    assert info.value.text("fr") == ("une donne se joue déjà tour par tour : jouez-la jusqu'à l'abattage "
                                     "d'abord")

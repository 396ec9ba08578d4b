"""The show. Expected totals are worked out by hand in the comments, not by running the code."""

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from companion.core.cards import Card, Rank, Suit, parse_card, parse_cards
from companion.core.errors import IllegalMoveError
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import count_hand, hand_score

BOOKLET = CribbageRules.profile("booklet")


def score(hand: str, starter: str, crib: bool = False, rules: CribbageRules = DEFAULT_RULES) -> int:
    """Both public ways of counting must agree; return the total."""
    cards, cut = parse_cards(hand), parse_card(starter)
    count = count_hand(cards, cut, crib, rules)
    assert count.total == hand_score(cards, cut, crib, rules) == sum(i.points for i in count.items)
    return count.total


def kinds(hand: str, starter: str, crib: bool = False, rules: CribbageRules = DEFAULT_RULES) -> Counter:
    count = count_hand(parse_cards(hand), parse_card(starter), crib, rules)
    return Counter(item.kind for item in count.items)


# ---------------------------------------------------------------- the big hands

def test_five_fives_and_the_right_jack_is_29():
    # fifteens: J+5 four ways (8) and three 5s C(4,3) = 4 ways (8) = 16
    # pairs: four 5s make C(4,2) = 6 pairs = 12; nobs: J♠ with the 5♠ starter = 1
    # 16 + 12 + 1 = 29
    assert score("5H 5D 5C JS", "5S") == 29


def test_four_fives_and_a_king_is_28():
    # fifteens: 5+K four ways (8), three 5s four ways (8) = 16; double pair royal 12; no jack
    # 16 + 12 = 28
    assert score("5H 5D 5C 5S", "KH") == 28


@pytest.mark.parametrize(
    ("hand", "starter"),
    [
        # 3+3+9: C(4,2) = 6 fifteens (12) + double pair royal (12) = 24
        ("3H 3D 3C 3S", "9H"),
        # 4+5+6: 2*2 = 4 fifteens (8) + two pairs (4) + four runs of 3 (12) = 24
        ("4H 4D 5C 5S", "6H"),
        # 7+8: 2*2 = 4 fifteens (8) + two pairs (4) + four runs of 3 (12) = 24
        ("7H 7D 8C 8S", "9H"),
        # A+7+7: C(4,2) = 6 fifteens (12) + double pair royal (12) = 24
        ("7H 7D 7C 7S", "AH"),
    ],
)
def test_the_24_hands(hand, starter):
    assert score(hand, starter) == 24


# ---------------------------------------------------------------- runs with pairs

def test_double_run_of_three_is_10():
    # runs 3-4-5 twice (6) + pair of 4s (2) + 5+K (2) = 10; no other subset makes 15
    assert score("3H 4D 4C 5S", "KH") == 10


def test_triple_run_is_21():
    # runs 3-4-5 three times (9) + pair royal of 3s (6)
    # fifteens 3+3+4+5: choose two of three 3s, 3 ways (6); 9 + 6 + 6 = 21
    assert score("3H 3D 3C 4S", "5H") == 21


def test_double_double_run_is_20():
    # runs 3-4-5: 2*2 = 4 (12) + two pairs (4)
    # fifteens 3+3+4+5 with either 4: 2 ways (4); 12 + 4 + 4 = 20
    assert score("3H 3D 4C 4S", "5H") == 20


def test_double_run_of_four_is_14():
    # runs 3-4-5-6 twice (8) + pair of 4s (2) + 4+5+6 twice (4) = 14
    assert score("3H 4D 4C 5S", "6H") == 14
    assert kinds("3H 4D 4C 5S", "6H") == Counter({"run": 2, "fifteen": 2, "pair": 1})


# ---------------------------------------------------------------- flush and nobs (ACC)

# 2 4 6 8 K: every value is even, so no subset makes 15; no pairs, no runs.

def test_hand_flush_of_four_is_4():
    assert score("2H 4H 6H 8H", "KS") == 4


def test_hand_flush_of_five_is_5():
    assert score("2H 4H 6H 8H", "KH") == 5


def test_crib_needs_five_cards_for_a_flush():
    assert score("2H 4H 6H 8H", "KS", crib=True) == 0
    assert score("2H 4H 6H 8H", "KH", crib=True) == 5


def test_three_hand_cards_and_the_starter_make_no_acc_flush():
    assert score("2H 4H 6H 8S", "KH") == 0


def test_nobs_is_the_jack_of_the_starters_suit():
    # J K 2 4 8 are all even (J and K count 10): only nobs, J♥ with the K♥ starter = 1
    assert score("JH 2D 4C 8S", "KH") == 1
    assert score("JH 2D 4C 8S", "KS") == 0


def test_jack_starter_gives_no_nobs_to_the_hand():
    # even values only, no pairs or runs; the jack is the starter, not in the hand
    assert score("2D 4C 8S KH", "JH") == 0
    assert score("2D 4C 8S KH", "JH", crib=True) == 0


# ---------------------------------------------------------------- booklet profile and rule values

def test_booklet_example_4456_with_9_is_14_under_both_profiles():
    # 6+9 (2) + 4+5+6 twice (4) = 6 for fifteens; pair of 4s 2; runs 4-5-6 twice 6; 6 + 2 + 6 = 14
    assert score("4H 4D 5C 6S", "9C") == 14
    assert score("4H 4D 5C 6S", "9C", rules=BOOKLET) == 14


def test_booklet_counts_three_hand_cards_and_the_starter_as_a_flush_of_4():
    assert score("2H 4H 6H 8S", "KH", rules=BOOKLET) == 4


def test_booklet_crib_flush_of_four_is_4():
    assert score("2H 4H 6H 8H", "KS", crib=True, rules=BOOKLET) == 4


def test_booklet_five_of_a_suit_still_counts_4():
    assert score("2H 4H 6H 8H", "KH", rules=BOOKLET) == 4


def test_booklet_has_no_nobs():
    assert score("JH 2D 4C 8S", "KH", rules=BOOKLET) == 0


def test_four_of_a_kind_value_is_a_house_rule():
    # 16 for fifteens + 8 for the four 5s = 24 (12 under the default rule)
    assert score("5H 5D 5C 5S", "KH", rules=CribbageRules(four_of_a_kind=8)) == 24
    # six 3+3+9 fifteens (12) + 8 = 20
    assert score("3H 3D 3C 3S", "9H", rules=CribbageRules(four_of_a_kind=8)) == 20


def test_rules_equal_to_the_default_but_not_the_same_object_score_the_same():
    assert score("5H 5D 5C JS", "5S", rules=CribbageRules()) == 29
    assert score("2H 4H 6H 8H", "KS", crib=True, rules=CribbageRules()) == 0


# ---------------------------------------------------------------- spoken

def test_zero_hand_says_nineteen():
    count = count_hand(parse_cards("2H 4H 6H 8D"), parse_card("KS"))
    assert count.total == 0
    assert "nineteen" in count.spoken("en")
    assert "dix-neuf" in count.spoken("fr")


def test_two_fifteens_and_a_pair_is_said_exactly():
    # 5+K twice = two fifteens; 5+5 a pair; 2, 9 add nothing (2+5+5=12, 9+5=14, 9+2+... no)
    count = count_hand(parse_cards("5H 5D KC 2S"), parse_card("9C"))
    assert count.total == 6
    assert count.spoken("en") == "fifteen two, fifteen four, and a pair is six"
    assert count.spoken("fr") == "quinze-deux, quinze-quatre, et la paire fait six"


def test_double_run_is_said_as_one_combination():
    count = count_hand(parse_cards("3H 4D 4C 5S"), parse_card("KH"))
    assert count.spoken("en") == "fifteen two, and a double run of three is ten"
    assert count.spoken("fr") == "quinze-deux, et la double suite de trois fait dix"


def test_flush_alone_is_said():
    count = count_hand(parse_cards("2H 4H 6H 8H"), parse_card("KS"))
    assert count.spoken("en") == "a flush of four is four"
    assert count.spoken("fr") == "la couleur de quatre fait quatre"


def test_29_ends_with_his_nobs():
    count = count_hand(parse_cards("5H 5D 5C JS"), parse_card("5S"))
    assert count.spoken("en").startswith("fifteen two, fifteen four, ")
    assert count.spoken("en").endswith("a double pair royal is twenty-eight, and his nobs is twenty-nine")
    assert count.spoken("fr").endswith("le carré fait vingt-huit, et le valet (nobs) fait vingt-neuf")


# ---------------------------------------------------------------- errors and JSON

@pytest.mark.parametrize(
    ("hand", "starter"),
    [
        ("5H 5D 5C", "5S"),  # three cards
        ("5H 5D 5C 5C", "5S"),  # a card twice
        ("5H 5D 5C JS", "5H"),  # the starter is also in the hand
        ("5H 5D 5C JS 2C", "5S"),  # five cards
    ],
)
def test_bad_shows_are_illegal_moves_with_two_languages(hand, starter):
    with pytest.raises(IllegalMoveError) as info:
        count_hand(parse_cards(hand), parse_card(starter))
    assert info.value.text("en") != info.value.text("fr")


def test_to_json_shape():
    data = count_hand(parse_cards("5H 5D 5C JS"), parse_card("5S")).to_json()
    assert set(data) == {"total", "items"}
    assert data["total"] == 29
    assert Counter(i["kind"] for i in data["items"]) == Counter({"fifteen": 8, "pair": 1, "nobs": 1})
    for item in data["items"]:
        assert set(item) == {"kind", "cards", "points"}
        assert all(isinstance(code, str) and parse_card(code).code == code for code in item["cards"])
    assert {"kind": "nobs", "cards": ["JS"], "points": 1} in data["items"]
    assert {"kind": "pair", "cards": ["5S", "5H", "5D", "5C"], "points": 12} in data["items"]
    assert sum(i["points"] for i in data["items"]) == data["total"]


# ---------------------------------------------------------------- consistency over every rank multiset

def _spread(ranks: list[int]) -> list[Card]:
    """Cards of these ranks, suits as different as possible (no two equal cards)."""
    used: dict[int, set[int]] = {}
    cards = []
    for i, rank in enumerate(ranks):
        taken = used.setdefault(rank, set())
        suit = next(s for s in ((i + k) % 4 for k in range(4)) if s not in taken)
        taken.add(suit)
        cards.append(Card.of(rank, suit))
    return cards


def _suit_patterns(ranks: tuple[int, ...], starter_rank: int):
    """(hand, starter) choices for one rank multiset with a given starter rank."""
    hand_ranks = list(ranks)
    hand_ranks.remove(starter_rank)
    cards = _spread([starter_rank, *hand_ranks])
    yield cards[1:], cards[0]  # all different suits where possible
    if len(set(hand_ranks)) == 4:  # a flush is possible
        hearts = [Card.of(r, Suit.HEARTS) for r in hand_ranks]
        yield hearts, Card.of(starter_rank, Suit.SPADES)  # four-card flush
        if starter_rank not in hand_ranks:
            yield hearts, Card.of(starter_rank, Suit.HEARTS)  # five-card flush
    if Rank.JACK in hand_ranks and starter_rank != Rank.JACK:  # nobs: the jack of the starter's suit
        starter = Card.of(starter_rank, Suit.SPADES)
        hand = [Card.of(Rank.JACK, Suit.SPADES)]
        others = list(hand_ranks)
        others.remove(Rank.JACK)
        for i, rank in enumerate(others):
            choices = (Card.of(rank, (i + 1 + k) % 4) for k in range(4))
            hand.append(next(c for c in choices if c not in hand and c is not starter))
        yield hand, starter


RULE_SETS = [DEFAULT_RULES, CribbageRules(), BOOKLET, CribbageRules(four_of_a_kind=8, nobs=False)]


def test_itemized_total_equals_hand_score_for_every_rank_multiset():
    multisets = [m for m in combinations_with_replacement(range(1, 14), 5) if max(Counter(m).values()) <= 4]
    assert len(multisets) == 6175
    checked = 0
    seen_kinds: set[str] = set()
    for ranks in multisets:
        for starter_rank in set(ranks):
            for hand, starter in _suit_patterns(ranks, starter_rank):
                for rules in RULE_SETS:
                    for crib in (False, True):
                        count = count_hand(hand, starter, crib, rules)
                        assert sum(i.points for i in count.items) == count.total, (hand, starter, crib, rules)
                        assert count.total == hand_score(hand, starter, crib, rules), (hand, starter, crib)
                        seen_kinds.update(i.kind for i in count.items)
                        checked += 1
    assert checked > 6175 * 8
    assert seen_kinds == {"fifteen", "pair", "run", "flush", "nobs"}

import copy
import pickle

import pytest

from companion.core.cards import (
    Card,
    Rank,
    Suit,
    format_card,
    pack_2500,
    parse_card,
    parse_cards,
    piquet_deck,
    shuffled,
    standard_deck,
)
from companion.core.errors import NotationError


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("style", ["ascii", "symbol"])
def test_every_card_round_trips_through_its_notation(style, lang):
    for card in standard_deck():
        assert parse_card(format_card(card, style, lang), lang) is card


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("5H", Rank.FIVE, Suit.HEARTS),
        ("10D", Rank.TEN, Suit.DIAMONDS),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("JS", Rank.JACK, Suit.SPADES),
        ("qc", Rank.QUEEN, Suit.CLUBS),
        ("Kd", Rank.KING, Suit.DIAMONDS),
        ("AH", Rank.ACE, Suit.HEARTS),
        ("5♥", Rank.FIVE, Suit.HEARTS),
        (" 7s ", Rank.SEVEN, Suit.SPADES),
    ],
)
def test_english_forms_are_read(token, rank, suit):
    assert parse_card(token) is Card.of(rank, suit)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("RC", Rank.KING, Suit.HEARTS),  # roi de cœur
        ("10T", Rank.TEN, Suit.CLUBS),  # dix de trèfle
        ("VK", Rank.JACK, Suit.DIAMONDS),  # valet de carreau
        ("DP", Rank.QUEEN, Suit.SPADES),  # dame de pique
        ("AT", Rank.ACE, Suit.CLUBS),  # as de trèfle
        ("5♥", Rank.FIVE, Suit.HEARTS),
    ],
)
def test_french_forms_are_read_in_french(token, rank, suit):
    assert parse_card(token, "fr") is Card.of(rank, suit)


def test_french_t_is_clubs_and_english_t_is_ten():
    assert parse_card("10T", "fr") is Card.of(Rank.TEN, Suit.CLUBS)
    assert parse_card("TD", "en") is Card.of(Rank.TEN, Suit.DIAMONDS)


def test_parse_cards_accepts_spaces_commas_and_lists():
    expected = [Card.of(5, Suit.HEARTS), Card.of(11, Suit.SPADES)]
    assert parse_cards("5H, JS") == expected
    assert parse_cards(["5H", "JS"]) == expected


@pytest.mark.parametrize(("token", "lang"), [("5X", "en"), ("1", "en"), ("11H", "en"), ("", "en"),
                                             ("RH", "en"), ("5H", "fr"), ("JS", "fr"), ("TD", "fr")])
def test_unreadable_card_is_a_notation_error_naming_the_token(token, lang):
    with pytest.raises(NotationError) as info:
        parse_card(token, lang)
    error = info.value
    assert repr(token) in error.text("en")
    assert repr(token) in error.text("fr")
    assert error.text("en") != error.text("fr")


def test_notation_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_card("5X")


def test_standard_deck_has_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52


def test_piquet_deck_has_32_cards_seven_to_ace():
    deck = piquet_deck()
    assert len(deck) == 32
    assert {c.rank for c in deck} == {Rank.ACE, *(Rank(r) for r in range(7, 14))}


@pytest.mark.parametrize(("packs", "size"), [(2, 96), (3, 144)])
def test_2500_pack_has_no_twos_and_repeats_cards(packs, size):
    deck = pack_2500(packs)
    assert len(deck) == size
    assert all(c.rank != Rank.TWO for c in deck)
    assert len(set(deck)) == 48
    assert all(deck.count(c) == packs for c in set(deck))


def test_2500_pack_rejects_other_pack_counts():
    with pytest.raises(ValueError):
        pack_2500(1)


def test_same_seed_gives_the_same_shuffle():
    deck = standard_deck()
    assert shuffled(deck, 42) == shuffled(deck, 42)
    assert shuffled(deck, "match-7") == shuffled(deck, "match-7")
    assert shuffled(deck, 42) != shuffled(deck, 43)
    assert sorted(shuffled(deck, 42)) == deck


def test_shuffle_does_not_touch_the_given_deck():
    deck = standard_deck()
    shuffled(deck, 1)
    assert deck == standard_deck()


def test_pickle_and_copy_keep_cards_interned():
    for card in standard_deck():
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = [parse_card("5H"), parse_card("JS")]
    assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(hand)), hand))


def test_cards_are_built_once_and_immutable():
    assert Card(5, Suit.HEARTS) is Card.of(Rank.FIVE, Suit.HEARTS) is parse_card("5H")
    with pytest.raises(AttributeError):
        parse_card("5H").rank = Rank.SIX


def test_card_shows_its_suit_symbol():
    assert parse_card("10D").symbol == "10♦"
    assert format_card(parse_card("KH"), "symbol", "fr") == "R♥"
    assert str(parse_card("td")) == "10D"

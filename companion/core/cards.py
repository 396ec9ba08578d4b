"""Cards, decks and card notation.

Cards are immutable and interned: there is exactly one ``Card`` object per
(rank, suit), so identity, equality and hashing are all cheap, which the
scoring hot paths rely on. The 2500 pack repeats cards; its duplicates are the
same ``Card`` objects, counted as a list.

Notation round-trips: ``parse_card(format_card(c, style, lang), lang) is c``.
English: ranks ``A 2..10 T J Q K``, suits ``S H D C``. French: ranks
``A 2..10 V D R``, suits ``P`` (pique) ``C`` (cœur) ``K`` (carreau) ``T`` (trèfle).
Suit symbols ``♠♥♦♣`` are read in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Any, Literal

from companion.core.errors import NotationError
from companion.core.i18n import Msg


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13


_RANK_LETTERS = {
    "en": {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"},
    "fr": {Rank.ACE: "A", Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"},
}
_SUIT_LETTERS = {"en": "SHDC", "fr": "PCKT"}


class Card:
    """One playing card. Use ``Card.of(rank, suit)`` or ``parse_card``; never build twice."""

    __slots__ = ("rank", "suit", "index")
    rank: Rank
    suit: Suit
    index: int  # 0..51, rank-major: sorting by index sorts by rank, then suit

    def __new__(cls, rank: int, suit: int) -> Card:
        return _CARDS[(int(rank) - 1) * 4 + int(suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 1) * 4 + suit)
        return card

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        return _CARDS[(int(rank) - 1) * 4 + int(suit)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, ...]:  # pickling and copying keep cards interned
        return (card_from_index, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        """Canonical English code: ``5H``, ``10D``, ``QS``."""
        return format_card(self, "ascii", "en")

    @property
    def symbol(self) -> str:
        return format_card(self, "symbol", "en")

    def display(self, lang: str = "en") -> str:
        """As a player reads it in a message: ``Q♦`` in English, ``D♦`` in French."""
        return format_card(self, "symbol", lang)

    @property
    def is_red(self) -> bool:
        return self.suit.is_red


_CARDS: tuple[Card, ...] = tuple(Card._make(rank, suit) for rank in Rank for suit in Suit)


def card_from_index(index: int) -> Card:
    return _CARDS[index]


Style = Literal["ascii", "symbol"]


_RANK_WORDS = {
    "en": ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"),
    "fr": ("as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi"),
}
_SUIT_WORDS = {"en": ("spades", "hearts", "diamonds", "clubs"), "fr": ("pique", "cœur", "carreau", "trèfle")}


def spoken(card: Card, lang: str = "en") -> str:
    """A card as it is said (what a screen reader reads out): « seven of hearts », « sept de cœur »."""
    words = "fr" if lang == "fr" else "en"
    return f"{_RANK_WORDS[words][card.rank - 1]} {'de' if words == 'fr' else 'of'} {_SUIT_WORDS[words][card.suit]}"


def rank_text(rank: Rank, lang: str = "en") -> str:
    return _RANK_LETTERS["fr" if lang == "fr" else "en"].get(rank, str(int(rank)))


def format_card(card: Card, style: Style = "ascii", lang: str = "en") -> str:
    """``5H`` / ``5♥`` in English, ``5C`` / ``5♥`` in French, ``RC`` / ``R♥`` for a French king of hearts."""
    suit = card.suit.symbol if style == "symbol" else _SUIT_LETTERS["fr" if lang == "fr" else "en"][card.suit]
    return rank_text(card.rank, lang) + suit


def format_cards(cards: Iterable[Card], style: Style = "symbol", lang: str = "en") -> str:
    return " ".join(format_card(c, style, lang) for c in cards)


class CardList(tuple[Any, ...]):
    """Cards as a message argument: shown with each language's letters ("R♥ D♥" in French)."""

    def display(self, lang: str = "en") -> str:
        return format_cards(self, "symbol", lang)


_SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
            "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}


def _tables(lang: str) -> tuple[dict[str, Rank], dict[str, Suit]]:
    lang = "fr" if lang == "fr" else "en"
    ranks = {str(r): Rank(r) for r in range(2, 11)}
    ranks.update({letter: rank for rank, letter in _RANK_LETTERS[lang].items()})
    ranks["1"] = Rank.ACE
    if lang == "en":
        ranks["T"] = Rank.TEN  # in French, T is trèfle (clubs)
    suits = {letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS[lang])}
    suits.update(_SYMBOLS)
    return ranks, suits


_PARSE_TABLES = {lang: _tables(lang) for lang in ("en", "fr")}
_TOKEN = re.compile(r"^(10|[0-9]|[A-Z])(.)$")

ACCEPTED = Msg(
    "a rank (A 2-10 T J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 5H, 10D, TD, QS, A♣",
    "un rang (A 2-10 V D R) puis une couleur (P C K T ou ♠ ♥ ♦ ♣), p. ex. 5C, 10K, DP, A♣",
)
BAD_CARD = Msg("cannot read card {token!r}: expected {accepted}", "carte {token!r} illisible : attendu {accepted}")


def parse_card(token: str, lang: str = "en") -> Card:
    """Read one card. Case and surrounding spaces do not matter."""
    ranks, suits = _PARSE_TABLES["fr" if lang == "fr" else "en"]
    text = token.strip().upper()
    match = _TOKEN.match(text)
    if match and match.group(1) in ranks and match.group(2) in suits:
        return Card.of(ranks[match.group(1)], suits[match.group(2)])
    from companion.core.typed import short  # one line, however long the input

    raise NotationError(BAD_CARD(token=short(token, 12), accepted=ACCEPTED))


def parse_cards(text: str | Sequence[str], lang: str = "en") -> list[Card]:
    """Read cards separated by spaces or commas (or a list of tokens)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t, lang) for t in tokens]


# ---------------------------------------------------------------- decks

def standard_deck() -> list[Card]:
    """The 52-card pack, in index order."""
    return list(_CARDS)


def piquet_deck() -> list[Card]:
    """The 32-card pack: 7, 8, 9, 10, J, Q, K and A of each suit."""
    return [c for c in _CARDS if c.rank >= Rank.SEVEN or c.rank == Rank.ACE]


def pack_2500(packs: int = 2) -> list[Card]:
    """The 2500 pack: two or three 52-card packs without the 2s (no jokers); duplicates allowed."""
    if packs not in (2, 3):
        raise ValueError("2500 is played with 2 or 3 packs")
    return [c for _ in range(packs) for c in _CARDS if c.rank != Rank.TWO]


def shuffled(deck: Sequence[Card], seed: int | str | None) -> list[Card]:
    """A shuffled copy; the same seed always gives the same order (replayable deals)."""
    cards = list(deck)
    import random  # here: a scoring command never shuffles

    random.Random(seed).shuffle(cards)
    return cards

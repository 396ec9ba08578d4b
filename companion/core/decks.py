"""Decks as data: which cards a game uses, how many copies of each, and the keys that enter them.

A :class:`DeckSpec` lists "rank" faces and "suit" faces (a Le 31 deck's numbers and
illustrations, and its colours, fit the same two rows) and the card each pair
makes, with its number of copies: the 2500 pack holds two or three identical 7♥,
all legal. The card keypad is built from a spec and greys a card out only when
every copy of it is accounted for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from companion.core.cards import Card, Rank, Suit, rank_text
from companion.core.i18n import Msg


@dataclass(frozen=True)
class Face:
    """One key of the keypad: a rank (or number, illustration) or a suit (or colour)."""

    key: str
    label: Msg
    css: str = ""  # e.g. "red" for hearts and diamonds


@dataclass(frozen=True)
class DeckSpec:
    name: str
    ranks: tuple[Face, ...]
    suits: tuple[Face, ...]
    cards: Mapping[tuple[str, str], Hashable]  # (rank key, suit key) -> card
    copies: Counter[Hashable] = field(default_factory=Counter)  # card -> copies in the pack

    def card_at(self, rank: str, suit: str) -> Hashable | None:
        return self.cards.get((rank, suit))

    def cards_of_rank(self, rank: str) -> list[Hashable]:
        return [c for (r, _), c in self.cards.items() if r == rank]

    def left(self, card: Hashable, accounted: Mapping[Hashable, int]) -> int:
        """Copies of ``card`` not yet accounted for."""
        return self.copies[card] - accounted.get(card, 0)

    def pack(self) -> list[Hashable]:
        """Every card, each as many times as it has copies (for dealing)."""
        return [card for card, n in self.copies.items() for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(self.copies.values())


_SUIT_CSS = {Suit.SPADES: "black", Suit.CLUBS: "black", Suit.HEARTS: "red", Suit.DIAMONDS: "red"}


def standard_spec(name: str = "52", ranks: Iterable[Rank] = tuple(Rank), packs: int = 1) -> DeckSpec:
    """French-suited cards of the given ranks, ``packs`` copies of each."""
    ranks = tuple(ranks)
    rank_faces = tuple(Face(str(int(r)), Msg(rank_text(r, "en"), rank_text(r, "fr"))) for r in ranks)
    suit_faces = tuple(Face(str(int(s)), Msg(s.symbol, s.symbol), _SUIT_CSS[s]) for s in Suit)
    cards = {(str(int(r)), str(int(s))): Card.of(r, s) for r in ranks for s in Suit}
    return DeckSpec(name, rank_faces, suit_faces, cards, Counter({c: packs for c in cards.values()}))


STANDARD_52 = standard_spec()
PIQUET_32 = standard_spec("32", (Rank.ACE, *(r for r in Rank if r >= Rank.SEVEN)))


def pack_2500_spec(packs: int = 2) -> DeckSpec:
    """The 2500 pack: two or three packs without the 2s."""
    return standard_spec(f"2500x{packs}", (r for r in Rank if r != Rank.TWO), packs)

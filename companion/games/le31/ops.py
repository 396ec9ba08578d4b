"""Le 31 operations: every applied move, frozen, as it is logged and saved.

A build is named by its value: there is at most one build of each value on the table (SPEC §1.c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import OpCodec, Operation
from companion.games.le31.deck import DEFAULT_DECK, Le31Card


@dataclass(frozen=True)
class Deal(Operation):
    """A deal of 4 cards to each player. The first of a round also puts 4 cards face up on the table: in table
    mode the players enter them (``table``); in virtual mode ``deck`` is the round's shuffled pack."""

    name: ClassVar[str] = "deal"
    table: tuple[Le31Card, ...] = ()
    deck: tuple[Le31Card, ...] | None = None


@dataclass(frozen=True)
class Trail(Operation):
    """Lay a card face up on the table (« poser »)."""

    name: ClassVar[str] = "trail"
    seat: int
    card: Le31Card


@dataclass(frozen=True)
class Capture(Operation):
    """Take loose table cards (each group adding up to the card, or the same illustration) and/or the build
    of the card's value."""

    name: ClassVar[str] = "capture"
    seat: int
    card: Le31Card
    loose: tuple[Le31Card, ...] = ()
    build: bool = False


@dataclass(frozen=True)
class Build(Operation):
    """Play a card onto table cards and announce « pour N »; with a build of N on the table already, the new
    groups join it (reinforce: « pour moi », or « pour mon partenaire » with ``for_partner``)."""

    name: ClassVar[str] = "build"
    seat: int
    card: Le31Card
    loose: tuple[Le31Card, ...]
    value: int
    for_partner: bool = False


@dataclass(frozen=True)
class Raise(Operation):
    """Add a hand card to another player's single build of ``value`` and announce the new value."""

    name: ClassVar[str] = "raise"
    seat: int
    card: Le31Card
    value: int
    loose: tuple[Le31Card, ...] = ()


@dataclass(frozen=True)
class QuickRound(Operation):
    """Quick tally: a whole round entered as the table counts it at the end, without its plays."""

    name: ClassVar[str] = "quick_round"
    cards: tuple[int, int]
    red: tuple[int, int]
    ones: tuple[int, int]
    red_two: int | None = None  # the side holding the red 2
    green_ten: int | None = None  # the side holding the green 10
    recoltes: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class CountOut(Operation):
    """House rule (pagat): a side claims the match during a round; right, it wins; wrong, it loses."""

    name: ClassVar[str] = "count_out"
    side: int


def _reader(code: str) -> Le31Card:
    return DEFAULT_DECK.parse(code) if code.upper() in DEFAULT_DECK.by_code else _custom(code)


def _custom(code: str) -> Le31Card:
    """A card of a custom deck, rebuilt from its code (the engine checks it against the match's deck)."""
    text = code.strip().upper()
    head, colour = text[:-1], text[-1:]
    if head.isdigit():
        return Le31Card(colour, int(head), None, text)
    return Le31Card(colour, None, head, text)


Play = Trail | Capture | Build | Raise  # a seat's play: one card from the hand, one action

CODEC = OpCodec((Deal, Trail, Capture, Build, Raise, QuickRound, CountOut), cards={Le31Card: _reader})

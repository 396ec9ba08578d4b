"""Cribbage operations: every applied move, frozen, as it is logged and saved.

An operation says what happened at the table; the engine works out its points
when it replays it, so a log can be replayed under the same rules exactly.
JSON form: ``{"op": "play", "seat": 1, "card": "5H"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.cards import Card
from companion.games.base import OpCodec, Operation

CRIB = -1  # who counts the crib, in the show order (the dealer, for his side)


class Op(Operation):
    """A cribbage operation."""


@dataclass(frozen=True)
class Deal(Op):
    """A new deal. Virtual mode carries the shuffled deck; table mode deals real cards (None)."""

    name: ClassVar[str] = "deal"
    deck: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Discard(Op):
    """Virtual mode: the cards a seat lays away to the crib."""

    name: ClassVar[str] = "discard"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Cut(Op):
    """The starter, turned by the dealer (a jack: his heels)."""

    name: ClassVar[str] = "cut"
    card: Card


@dataclass(frozen=True)
class Play(Op):
    name: ClassVar[str] = "play"
    seat: int
    card: Card


@dataclass(frozen=True)
class Go(Op):
    name: ClassVar[str] = "go"
    seat: int


@dataclass(frozen=True)
class Show(Op):
    """A hand counted at the show; ``claimed`` is the player's own count (manual counting)."""

    name: ClassVar[str] = "show"
    seat: int
    cards: tuple[Card, ...]
    claimed: int | None = None


@dataclass(frozen=True)
class Crib(Op):
    name: ClassVar[str] = "crib"
    cards: tuple[Card, ...]
    claimed: int | None = None


@dataclass(frozen=True)
class Muggins(Op):
    """Points a player missed in his count: taken by side ``side``, or left (None)."""

    name: ClassVar[str] = "muggins"
    side: int | None


@dataclass(frozen=True)
class Points(Op):
    """Quick entry: points pegged without entering cards ("+7 for Marie")."""

    name: ClassVar[str] = "points"
    side: int
    points: int
    note: str = ""


@dataclass(frozen=True)
class EndDeal(Op):
    """Table mode: finish this deal without entering the rest of its cards."""

    name: ClassVar[str] = "end_deal"


@dataclass(frozen=True)
class NewGame(Op):
    """The next game of the match (the loser deals first)."""

    name: ClassVar[str] = "new_game"


CODEC = OpCodec((Deal, Discard, Cut, Play, Go, Show, Crib, Muggins, Points, EndDeal, NewGame))
OPS = CODEC.ops


def op_from_json(data: dict[str, Any]) -> Op:
    """Rebuild an operation saved with ``to_json``; NotationError if it cannot be read."""
    return CODEC.decode(data)  # type: ignore[return-value]

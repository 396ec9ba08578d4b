"""Cribbage operations: every applied move, frozen, as it is logged and saved.

An operation says what happened at the table; the engine works out its points
when it replays it, so a log can be replayed under the same rules exactly.
JSON form: ``{"op": "play", "seat": 1, "card": "5H"}``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from companion.cards import Card, parse_card
from companion.errors import NotationError
from companion.i18n import Msg


@dataclass(frozen=True)
class Op:
    name: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"op": self.name}
        for f in fields(self):
            data[f.name] = _encode(getattr(self, f.name))
        return data


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


OPS: dict[str, type[Op]] = {cls.name: cls for cls in (Deal, Discard, Cut, Play, Go, Show, Crib, Muggins,
                                                       Points, EndDeal, NewGame)}

BAD_OP = Msg("unreadable operation {data}", "opération illisible {data}")


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def op_from_json(data: dict[str, Any]) -> Op:
    """Rebuild an operation saved with ``to_json``; NotationError if it cannot be read."""
    try:
        cls = OPS[data["op"]]
        kwargs = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "card":
                value = parse_card(value)
            elif f.name == "cards" or (f.name == "deck" and value is not None):
                value = tuple(parse_card(c) for c in value)
            elif f.name in ("seat", "side", "points", "claimed"):
                # a saved number of the wrong type would crash the engine later: refuse it here
                if type(value) is not int and not (value is None and f.name in ("side", "claimed")):
                    raise TypeError(f.name)
            elif f.name == "note" and not isinstance(value, str):
                raise TypeError(f.name)
            kwargs[f.name] = value
        return cls(**kwargs)
    except (KeyError, TypeError, AttributeError, NotationError) as exc:
        raise NotationError(BAD_OP(data=str(data)[:80])) from exc

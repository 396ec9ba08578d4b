"""An operation: one applied move, frozen, as it is logged and saved, and the codec that reads saved ones back.

A game declares its operations as frozen dataclasses; their JSON form is derived from their field types, so reading
a saved one back refuses a value of the wrong type at once (a damaged entry never reaches the engine)."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Union

from companion.core.cards import Card, parse_card
from companion.core.errors import CompanionError, NotationError
from companion.core.i18n import Msg

BAD_OP = Msg("unreadable operation {data}", "opération illisible {data}")


@dataclass(frozen=True)
class Operation:
    """A move as it is logged and saved. ``name`` is its JSON tag, unique within a game."""

    name: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"op": self.name}
        for f in fields(self):
            value = getattr(self, f.name)
            if not (f.metadata.get("added") and value == f.default):
                data[f.name] = _encode(value)
        return data


def added(default: Any = None) -> Any:
    """A field an operation gained after matches were saved without it: written only when it is not ``default``,
    so an entry saved before is written again as it was (an import of an old backup knows its matches)."""
    return field(default=default, metadata={"added": True})


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    code = getattr(value, "code", None)
    if code is not None and not isinstance(value, (str, int, float, bool)):
        return code  # cards (and any card-like value) are saved by their canonical code
    return value


CardReader = Callable[[str], Any]


class OpCodec:
    """Reads saved operations back, driven by each dataclass field's type.

    Supported field types: ``int``, ``str``, ``bool``, ``float``, a card type
    (read with ``cards[type]``, default ``Card`` read by ``parse_card``),
    ``X | None`` and ``tuple[X, ...]`` of those, nested. A value of the wrong
    type is refused here, so a damaged entry never reaches the engine.
    """

    def __init__(self, ops: Iterable[type[Operation]], cards: dict[type, CardReader] | None = None) -> None:
        self.ops: dict[str, type[Operation]] = {}
        for cls in ops:
            if cls.name in self.ops:
                raise ValueError(f"two operations named {cls.name!r}")
            self.ops[cls.name] = cls
        self.cards: dict[type, CardReader] = {Card: parse_card, **(cards or {})}
        self._hints: dict[type, dict[str, Any]] = {}

    def _types(self, cls: type) -> dict[str, Any]:
        if cls not in self._hints:
            module = __import__(cls.__module__, fromlist=["_"])
            self._hints[cls] = typing.get_type_hints(cls, vars(module))
        return self._hints[cls]

    def decode(self, data: Any) -> Operation:
        """An operation from its JSON form; NotationError with a short reason if it cannot be read."""
        try:
            if not isinstance(data, dict):
                raise TypeError("not an object")
            cls = self.ops[data["op"]]
            hints = self._types(cls)
            kwargs = {}
            for f in fields(cls):
                if f.name not in data:
                    if f.default is MISSING and f.default_factory is MISSING:
                        raise KeyError(f.name)
                    continue
                kwargs[f.name] = self._value(data[f.name], hints[f.name])
            return cls(**kwargs)
        except (KeyError, TypeError, ValueError, AttributeError, CompanionError) as exc:
            raise NotationError(BAD_OP(data=str(data)[:60])) from exc

    def _value(self, value: Any, tp: Any) -> Any:
        origin = typing.get_origin(tp)
        if origin in (Union, types.UnionType):
            args = typing.get_args(tp)
            if value is None and type(None) in args:
                return None
            inner = [a for a in args if a is not type(None)]
            if len(inner) != 1:
                raise TypeError(tp)
            return self._value(value, inner[0])
        if origin is tuple:
            args = typing.get_args(tp)
            if not isinstance(value, list):
                raise TypeError("expected a list")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self._value(v, args[0]) for v in value)
            if len(args) != len(value):
                raise TypeError("wrong length")
            return tuple(self._value(v, a) for v, a in zip(value, args))
        if tp is bool:
            if type(value) is not bool:
                raise TypeError("expected true or false")
            return value
        if tp is int:
            if type(value) is not int:
                raise TypeError("expected an integer")
            return value
        if tp is float:
            if type(value) not in (int, float):
                raise TypeError("expected a number")
            return float(value)
        if tp is str:
            if not isinstance(value, str):
                raise TypeError("expected a string")
            return value
        if tp in self.cards:
            if not isinstance(value, str):
                raise TypeError("expected a card code")
            return self.cards[tp](value)
        raise TypeError(f"unsupported field type {tp!r}")

"""Typed errors that carry a player-facing message in both languages.

Like python-chess, a *syntax* error (the input cannot be read) and a *rules*
error (the input is readable but the move is illegal) are different types; both
are ``ValueError``s so that callers which only care about "bad input" can catch one.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Msg


class CompanionError(ValueError):
    """Base error: ``msg`` is what the player reads, in their language."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.text("en"))
        self.msg = msg

    def text(self, lang: str = "en") -> str:
        return self.msg.text(lang)

    def __reduce__(self) -> tuple[Any, ...]:
        """Errors cross process pools (self-play on every core) with their message and fields."""
        return (_rebuilt, (type(self), self.msg, dict(self.__dict__)))


def _rebuilt(cls: type[CompanionError], msg: Msg, state: dict[str, Any]) -> CompanionError:
    error = cls.__new__(cls)
    CompanionError.__init__(error, msg)
    error.__dict__.update(state)
    return error


class NotationError(CompanionError):
    """The input cannot be read (an unknown card, a malformed token)."""


class IllegalMoveError(CompanionError):
    """The input is readable but breaks a rule of the game."""


class InconsistencyError(IllegalMoveError):
    """What the players entered contradicts what was entered before (a card twice, a false go)."""


class SetupError(CompanionError):
    """A match cannot be set up this way (wrong number of players, a house rule out of range)."""


NOT_JSON = Msg("it is not JSON (line {line}, column {column})", "ce n'est pas du JSON (ligne {line}, colonne {column})")
TOO_DEEP = Msg("it is nested too deep or holds a number too large to read",
               "il est trop imbriqué ou contient un nombre trop grand pour être lu")


def unreadable_json(exc: BaseException) -> Msg:
    """Why ``json.loads`` refused a text, in the player's language: where it breaks (a ``JSONDecodeError``), or
    that it nests past Python's recursion limit or holds an integer past its digit limit (Python's own words for
    either are English)."""
    line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    return NOT_JSON(line=line, column=column) if line is not None else TOO_DEEP

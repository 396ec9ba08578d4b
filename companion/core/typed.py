"""What players type, read by one parser per kind: numbers (with a sign where totals go negative),
quick points ("+7 Marie"), and words.

Only ASCII digits are numbers: ``str.isdigit`` accepts "²" and "٣", which ``int`` then refuses, so no
entry path may call ``int`` on raw text. Lengths are bounded, so a pasted page is refused with a
one-line reason instead of being converted or echoed whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core.errors import NotationError
from companion.core.i18n import Msg

MAX_DIGITS = 4  # 2500 totals pass 999; nothing a player types needs more
MAX_ENTRY = 200  # characters of one typed line

NOT_A_NUMBER = Msg("{text!r} is not a number: type digits 0-9", "{text!r} n'est pas un nombre : tapez des chiffres 0-9")
TOO_LONG = Msg("a number has at most {n} digits", "un nombre a au plus {n} chiffres")
NO_SIGN = Msg("{text!r}: no sign here, only digits", "{text!r} : pas de signe ici, seulement des chiffres")
LINE_TOO_LONG = Msg("that entry is too long ({n} characters)", "cette entrée est trop longue ({n} caractères)")

_NUMBER = re.compile(r"([+-]?)([0-9]+)", re.ASCII)
_POINTS = re.compile(r"\+\s*([0-9]+)\s*(.*)", re.ASCII | re.DOTALL)


def short(text: str, limit: int = 16) -> str:
    """A short prefix of what was typed, for a one-line message: no control character (a terminal code, a line
    break) is ever echoed back."""
    text = "".join(ch if ch.isprintable() else " " if ch in "\n\t" else "?" for ch in str(text))
    return text if len(text) <= limit else text[:limit] + "…"


def check_length(text: str) -> str:
    if len(text) > MAX_ENTRY:
        raise NotationError(LINE_TOO_LONG(n=len(text)))
    return text


def is_number(text: str, *, signed: bool = False) -> bool:
    """True when ``text`` reads as a number (ASCII digits, a sign only where allowed)."""
    match = _NUMBER.fullmatch(text.strip())
    return match is not None and (signed or not match.group(1))


def parse_number(text: str, *, signed: bool = False, max_digits: int = MAX_DIGITS) -> int:
    """An integer typed by a player: ASCII digits, with ``+``/``-`` only when ``signed``."""
    stripped = text.strip()
    match = _NUMBER.fullmatch(stripped)
    if not match:
        raise NotationError(NOT_A_NUMBER(text=short(stripped)))
    sign, digits = match.groups()
    if sign and not signed:
        raise NotationError(NO_SIGN(text=short(stripped)))
    if len(digits.lstrip("0")) > max_digits:
        raise NotationError(TOO_LONG(n=max_digits))
    value = int(digits)  # ASCII digits of bounded length: always safe
    return -value if sign == "-" else value


@dataclass(frozen=True)
class QuickPoints:
    """``+7 Marie``: points for a player (``who`` is a name prefix, a player number, or empty)."""

    points: int
    who: str


def parse_quick_points(text: str) -> QuickPoints | None:
    """``+N who`` as typed in an entry line, or None when the line is not a quick-points entry."""
    match = _POINTS.fullmatch(check_length(text.strip()))
    if not match:
        return None
    return QuickPoints(parse_number(match.group(1)), match.group(2).strip())

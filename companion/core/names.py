"""A player's name: one check wherever a name comes in (a match's setup, the roster, a club night, an import),
and the way a name already stored is written where a terminal reads it.

A name is text a person reads: letters in any script, spaces, emoji (a family joined by zero-width joiners, a
skin tone, a flag), the marks that set a word's direction inside it (left-to-right and right-to-left marks). It
never holds what is not text (a tab, a line break, a terminal's escape code, an invisible space) nor a character
that reverses how the text around it is shown (a direction override, embedding or isolate).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from companion.core.errors import SetupError
from companion.core.i18n import Msg

MAX_NAME = 40  # characters (code points), once the spaces around it are dropped

EMPTY = Msg("a player needs a name", "un joueur doit avoir un nom")
TOO_LONG = Msg("the name « {name} » is too long ({n} characters, at most {most})",
               "le nom « {name} » est trop long ({n} caractères, au plus {most})")
SAME = Msg("« {a} » and « {b} » are the same name: every player needs a different name",
           "« {a} » et « {b} » sont le même nom : chaque joueur doit avoir un nom différent")
NAME_CONTROL = Msg("the name « {name} » holds a character that is not text (a tab, a line break, a terminal code)",
                   "le nom « {name} » contient un caractère qui n'est pas du texte (tabulation, saut de ligne, code de "
                   "terminal)")
REVERSED = Msg("the name « {name} » holds a character that reverses how text is shown (a direction override)",
               "le nom « {name} » contient un caractère qui inverse le sens d'affichage du texte (un forçage de "
               "direction)")

# Direction overrides, embeddings and isolates (and their ends): they turn round the text that follows them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Invisible format characters that are part of writing: joiners (emoji sequences, Indic and Arabic scripts) and
# the direction marks, which set a neutral character's direction without turning anything round.
WRITING_FORMATS = frozenset("\u200c\u200d\u200e\u200f\u061c")
SHOWN_MAX = 24  # characters of a refused name said back


def fold(name: str) -> str:
    """A name as compared: spaces around and inside it and case do not make another player."""
    return " ".join(str(name).split()).casefold()


def _not_text(ch: str) -> bool:
    if ch in WRITING_FORMATS:
        return False
    category = unicodedata.category(ch)
    if category == "Cn":  # unassigned here, perhaps an emoji newer than this Python: text, unless a noncharacter
        return 0xFDD0 <= ord(ch) <= 0xFDEF or ord(ch) & 0xFFFE == 0xFFFE
    return category[0] == "C" or category in ("Zl", "Zp")  # controls, formats, surrogates, private use; line breaks


def escaped(text: str, json: bool = False) -> str:
    """``text`` with every character that is not text written as its code (``\\x1b``, ``\\u202e``): what a terminal
    shows of a stored name, a path or a reason, never a terminal code, a line break or a reversal. ``json``: ``text``
    is a JSON document, each such character (only ever inside its strings) written as a JSON escape (``\\u001b``),
    so that it reads back the same; its own line breaks and indents stay."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if not _not_text(ch) or (json and ch in "\n\r\t"):
            out.append(ch)
        elif json:
            units = ch.encode("utf-16-be", "surrogatepass")
            out.append("".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)))
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def _shown(name: str) -> str:
    said = escaped(name)
    return said if len(said) <= SHOWN_MAX else said[:SHOWN_MAX] + "…"


def check_name(name: object) -> str:
    """The name as kept (the spaces around it dropped), or SetupError with the reason it is refused."""
    if not isinstance(name, str) or not name.strip():
        raise SetupError(EMPTY)
    if any(ch in BIDI_CONTROLS for ch in name):
        raise SetupError(REVERSED(name=_shown(name)))
    if any(_not_text(ch) for ch in name):  # around it too: a name is kept as typed
        raise SetupError(NAME_CONTROL(name=_shown(name)))
    kept = name.strip()
    if len(kept) > MAX_NAME:
        raise SetupError(TOO_LONG(name=_shown(kept), n=len(kept), most=MAX_NAME))
    return kept


def check_names(names: Iterable[object]) -> tuple[str, ...]:
    """Each name checked, and no two the same (spaces and case aside): the names as kept, or SetupError."""
    kept = tuple(check_name(name) for name in names)
    seen: dict[str, str] = {}
    for name in kept:
        if fold(name) in seen:
            raise SetupError(SAME(a=_shown(seen[fold(name)]), b=_shown(name)))
        seen[fold(name)] = name
    return kept

"""Small helpers shared by the command-line modules of every game.

Kept apart from ``companion.cli.main`` so that a game's ``cli`` module can use them
without importing the top-level parser (and so without an import cycle).
Nothing here imports textual or sqlite3: the scoring commands must start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from companion.core.commands import HELP_LANG, lang_in
from companion.core.i18n import Joined, Msg
from companion.core.typed import short

if TYPE_CHECKING:
    from companion.store.database import Store

ERROR = Msg("error: {why}", "erreur : {why}")


BAD_ID = Msg("{text} is not a match number", "{text} n'est pas un numéro de partie")
MAX_ID = 2**63 - 1  # SQLite's largest integer


def match_number(text: str) -> int:
    """A match id as typed: a whole number SQLite can hold (CompanionError otherwise, never a traceback)."""
    try:
        value = int(str(text).strip())
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_ID:
        from companion.core.errors import CompanionError

        raise CompanionError(BAD_ID(text=short(str(text), 20)))
    return value


def match_id_type(text: str) -> int:
    """``match_number`` for argparse: a bad number is a usage error."""
    from companion.core.errors import CompanionError

    try:
        return match_number(text)
    except CompanionError as exc:
        raise argparse.ArgumentTypeError(exc.text(lang_in(sys.argv[1:]))) from exc


UNREADABLE_MATCH = Msg(
    "The saved matches file is damaged: match {ids} cannot be read, and may be missing from what is shown.",
    "Le fichier des parties enregistrées est endommagé : la partie {ids} est illisible et peut manquer dans ce qui "
    "est affiché.",
)
UNREADABLE_MATCHES = Msg(
    "The saved matches file is damaged: {n} matches cannot be read ({ids}), and may be missing from what is shown.",
    "Le fichier des parties enregistrées est endommagé : {n} parties sont illisibles ({ids}) et peuvent manquer "
    "dans ce qui est affiché.",
)
DAMAGE_SAID = [False]  # this command printed what it read from a damaged file (``main`` then exits 1, not 0)
MATCH_NUMBER = Msg("#{n}", "n° {n}")
IDS_SAID = 10  # match numbers said in that line, then « … »


@contextmanager
def opened_store(write: bool = False, *, matches: bool = True) -> Iterator[Store]:
    """The store as every command opens it, judged as the app judges it: a file SQLite finds damaged is a one-line
    error that says what the app will do with it (never set aside behind the player's back, never read as if it
    were sound). Once the command has printed what it read, one line on stderr for each thing that must be read
    with it: the file could not be opened for writing (and why), it had lost a table kept beside the matches, or,
    with ``matches``, some of its matches cannot be read (a command that names each match it leaves out itself
    says no more)."""
    from companion.core.names import escaped
    from companion.store.errors import READ_ONLY_BECAUSE
    from companion.store.recovery import open_for_command

    with open_for_command(write) as store:
        notes: list[Msg] = [store.damaged] if store.damaged is not None else []
        if store.read_only_why is not None:
            notes.append(READ_ONLY_BECAUSE(path=str(store.path), why=store.read_only_why))
        if store.remade is not None:
            notes.append(store.remade)
        bad = list(store.unreadable()) if matches else []
        if bad:
            ids = Joined((*(MATCH_NUMBER(n=i) for i in bad[:IDS_SAID]), *(["…"] if len(bad) > IDS_SAID else [])))
            notes.append(UNREADABLE_MATCH(ids=ids) if len(bad) == 1 else UNREADABLE_MATCHES(n=len(bad), ids=ids))
        yield store
    for note in notes:
        print(escaped(note.text(HELP_LANG[0])), file=sys.stderr)
    if store.damaged is not None or bad:
        DAMAGE_SAID[0] = True  # what was printed may lack something: the command does not end in success


def print_json(data: Any) -> None:
    """A JSON document on stdout, as a person reads it (accents as they are) and never with a terminal code: a
    character that is not text in a stored name is written as its JSON escape (the same string once read)."""
    from companion.core.names import escaped

    print(escaped(json.dumps(data, ensure_ascii=False), json=True))


def tolerant_streams() -> None:
    """Never crash on a suit symbol when the terminal's encoding cannot show it."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or exotic stream: leave it alone
                pass



"""Small helpers shared by the command-line modules of every game.

Kept apart from ``companion.cli.main`` so that a game's ``cli`` module can use them
without importing the top-level parser (and so without an import cycle).
Nothing here imports textual or sqlite3: the scoring commands must start fast.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from companion.core.i18n import LANGS, Joined, Msg, default_lang
from companion.core.typed import short

if TYPE_CHECKING:
    from companion.store.database import Store

ERROR = Msg("error: {why}", "erreur : {why}")


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang en|fr``, accepted at every level of the command line.

    The default is ``SUPPRESS`` so that a sub-command's parser never overwrites a
    ``--lang`` given before it; ``lang_of`` falls back to the environment.
    """
    parser.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS,
        help=in_lang("language of the cards you type and of the output (default: en, or fr when "
                     "COMPANION_LANG=fr or LANG=fr_*)",
                     "langue des cartes tapées et de la sortie (par défaut : en, ou fr si COMPANION_LANG=fr ou LANG=fr_*)"),
    )


def lang_of(args: argparse.Namespace) -> str:
    """The language of the output: ``--lang``, else the environment (COMPANION_LANG, LANG)."""
    return getattr(args, "lang", None) or default_lang()


def input_lang(args: argparse.Namespace) -> str:
    """The card notation read on the command line: English unless ``--lang fr`` is given.

    The locale alone never changes it, so a script written with ``5C`` (5♣) means the same card on
    every machine; only an explicit ``--lang fr`` reads ``5C`` as 5♥ (cœur)."""
    return getattr(args, "lang", None) or "en"


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
        print(escaped(note.text(_HELP_LANG[0])), file=sys.stderr)
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


# argparse writes its own usage and errors through gettext; these are its words in French, so a
# mistake on a French command line is reported in French like every other error.
_ARGPARSE_FR = {
    "usage: ": "usage : ",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "positional arguments": "arguments positionnels\u00a0",  # argparse adds the colon: « options : »
    "options": "options\u00a0",
    "show this help message and exit": "afficher cette aide et quitter",
    "unrecognized arguments: %s": "arguments non reconnus : %s",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "not allowed with argument %s": "impossible avec l'argument %s",
    "expected one argument": "un argument attendu",
    "expected at most one argument": "au plus un argument attendu",
    "expected at least one argument": "au moins un argument attendu",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë : %(option)s peut être %(matches)s",
    "invalid %(type)s value: %(value)r": "valeur %(type)s invalide : %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "choix invalide : %(value)r (parmi %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "ignored explicit argument %r": "argument explicite ignoré %r",
}



_HELP_LANG = ["en"]  # the language --help speaks: set by localize_argparse before the parser is built


def in_lang(en: str, fr: str) -> str:
    """A help text in the language the command line asks for (``localize_argparse`` sets it first)."""
    return french_spaces(fr) if _HELP_LANG[0] == "fr" else en


def french_spaces(text: str) -> str:
    """French typography's spaces before « : ; ? ! % » and inside « », made non-breaking: argparse wraps help at
    ASCII spaces only, so a line never starts with « : » (a number and its % stay together too)."""
    return _FRENCH_SPACE.sub("\u00a0", text)


_FRENCH_SPACE = re.compile(r" (?=[:;?!»%])|(?<=«) ")


def localize_argparse(lang: str) -> None:
    """Make argparse's own messages, and the help texts written after this, follow the chosen language."""
    import argparse as _argparse

    _HELP_LANG[0] = lang

    if lang == "fr":
        _argparse._ = lambda text: _ARGPARSE_FR.get(text, text)  # type: ignore[attr-defined]
        _argparse.ngettext = lambda one, many, n: _ARGPARSE_FR.get(one if n == 1 else many,  # type: ignore[attr-defined]
                                                                    one if n == 1 else many)
    else:
        import gettext

        _argparse._ = gettext.gettext  # type: ignore[attr-defined]
        _argparse.ngettext = gettext.ngettext  # type: ignore[attr-defined]


def lang_in(argv: list[str]) -> str:
    """The language a command line asks for (``--lang fr`` / ``--lang=fr``), before it is parsed."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGS:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg.removeprefix("--lang=") in LANGS:
            return arg.removeprefix("--lang=")
    return default_lang()


"""The command line's own words: the ``--lang`` option, which language a command speaks and reads cards in, and
help and argparse's messages in that language. Here, below every command (a game's own ``cli`` module among them),
so that the rules never import the command line's package."""

from __future__ import annotations

import argparse

from companion.core.i18n import LANGS, default_lang, french_spaces


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



HELP_LANG = ["en"]  # the language --help speaks: set by localize_argparse before the parser is built


def in_lang(en: str, fr: str) -> str:
    """A help text in the language the command line asks for (``localize_argparse`` sets it first)."""
    return french_spaces(fr) if HELP_LANG[0] == "fr" else en


def localize_argparse(lang: str) -> None:
    """Make argparse's own messages, and the help texts written after this, follow the chosen language."""
    import argparse as _argparse

    HELP_LANG[0] = lang

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


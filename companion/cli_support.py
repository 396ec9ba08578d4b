"""Small helpers shared by the command-line modules of every game.

Kept apart from ``companion.cli`` so that a game's ``cli`` module can use them
without importing the top-level parser (and so without an import cycle).
Nothing here imports textual or sqlite3: the scoring commands must start fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from companion.i18n import LANGS, Msg

ERROR = Msg("error: {why}", "erreur : {why}")


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """``COMPANION_LANG`` (en or fr) if set, else French when ``LANG`` starts with ``fr``, else English."""
    env = os.environ if environ is None else environ
    chosen = env.get("COMPANION_LANG", "").strip().lower()
    if chosen in LANGS:
        return chosen
    return "fr" if env.get("LANG", "").lower().startswith("fr") else "en"


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang en|fr``, accepted at every level of the command line.

    The default is ``SUPPRESS`` so that a sub-command's parser never overwrites a
    ``--lang`` given before it; ``lang_of`` falls back to the environment.
    """
    parser.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS,
        help="language of the cards you type and of the output (default: en, or fr when "
             "COMPANION_LANG=fr or LANG=fr_*)",
    )


def lang_of(args: argparse.Namespace) -> str:
    return getattr(args, "lang", None) or default_lang()


def tolerant_streams() -> None:
    """Never crash on a suit symbol when the terminal's encoding cannot show it."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or exotic stream: leave it alone
                pass

"""The ``companion`` command.

- ``companion`` alone starts the Textual app (imported only then).
- ``companion cribbage count|peg ...``: the scoring tools, one module per game
  (found on disk by ``game_clis``), each registering its own sub-commands.
- ``companion bench``: the benchmark (``python -m companion.dev.bench``).

This module and what it imports at load time never import textual nor sqlite3,
so that the scoring commands start fast; a test keeps it that way.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import companion.games
from companion import __version__
from companion.cli.support import DAMAGE_SAID, ERROR, tolerant_streams
from companion.core.commands import add_lang_option, in_lang, lang_in, lang_of, localize_argparse
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.typed import short
from companion.games.registry import game_packages

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def game_clis() -> dict[str, str]:
    """Command name -> module, for every game package that has a ``cli.py`` (found on disk; only the package's
    one-line ``__init__`` is imported): the package's name dashed (``trente_et_un`` gives ``trente-et-un``), or the
    ``COMMAND`` its ``__init__`` declares (a package name cannot start with a digit: ``rummy2500`` is ``2500``)."""
    found: dict[str, str] = {}
    for package in game_packages():
        if any(os.path.isfile(os.path.join(directory, package, "cli.py")) for directory in companion.games.__path__):
            declared = getattr(importlib.import_module(f"companion.games.{package}"), "COMMAND", None)
            found[declared or package.replace("_", "-")] = f"companion.games.{package}.cli"
    return found


def _columns() -> int:
    """The terminal's width, as shutil.get_terminal_size says it: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Parser(argparse.ArgumentParser):
    """Usage mistakes are one line on stderr (in the chosen language), like every other error; ``--help``
    still shows the whole usage."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Help and usage are written and flushed at once: a closed or full output is an error, not a silent 0."""
        stream: Any = file or sys.stdout
        if message:
            if getattr(stream, "closed_by_shell", False):
                raise OSError(errno.EBADF, CLOSED.text(lang_in(sys.argv[1:])))
            stream.write(message)
            stream.flush()

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse's own asks shutil for the terminal's width, and shutil brings compression modules a scoring
        # command never uses (a formatter is made at every add_argument): the terminal is asked directly.
        # The same width as argparse's own: two columns short of the terminal's.
        return self.formatter_class(prog=self.prog, width=_columns() - 2)  # type: ignore[call-arg]

    def error(self, message: str) -> NoReturn:
        template = argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]
        # What was typed comes back bounded and without control characters: one short line, always.
        self.exit(2, template % {"prog": self.prog, "message": short(message, 200)})


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` the one game command asked for (so a scoring command
    imports no other game)."""
    parser = Parser(
        prog="companion",
        description=in_lang("A card-table companion: keeps the score and checks the play. "
                            "Without a command, starts the app.",
                            "Un compagnon de table de cartes : il tient le pointage et vérifie le jeu. Sans commande, l'app "
                            "démarre."),
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}",
                        help=in_lang("show the version and exit", "afficher la version et quitter"))
    add_lang_option(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    clis = game_clis()
    for command, module in clis.items():
        if only is None or command == only:
            importlib.import_module(module).register(commands)
    if only in (None, "selfplay"):
        from companion.cli import selfplay

        selfplay.register(commands)
    if only in (None, "serve"):
        from companion.cli import serve

        serve.register(commands)
    if only in (None, "export", "import", "share"):
        from companion.cli import transfer

        transfer.register(commands)
    if only in (None, "review"):
        from companion.cli import review

        review.register(commands)
    if only in (None, "stats", "players", "evenings"):
        from companion.cli import people

        people.register(commands)
    bench = commands.add_parser("bench", help=in_lang("measure the scoring speed and the start-up time",
                                                      "mesurer la vitesse du comptage et le temps de démarrage"),
                                description=in_lang("Same as python -m companion.dev.bench.",
                                                    "Équivaut à python -m companion.dev.bench."))
    bench.add_argument("--sample", type=int, default=None, metavar="N",
                       help=in_lang("random hands to time (default 200,000)",
                                    "mains au hasard à chronométrer (par défaut 200 000)"))
    bench.add_argument("--strength", nargs="?", type=float, const=1.0, default=None, metavar="SHARE",
                       help=in_lang("also play the self-play matches of docs/strength.md (an hour or more)",
                                    "jouer aussi les matchs ordinateur contre ordinateur de docs/strength.md (une heure ou "
                                    "plus)"))
    bench.add_argument("--ui-block", nargs="?", type=float, const=15.0, default=None, metavar="SECONDS",
                       help=in_lang("also measure the longest block of the app's event loop while computers play",
                                    "mesurer aussi le plus long blocage de la boucle d'événements de l'app pendant que les "
                                    "ordinateurs jouent"))
    bench.add_argument("--start", action="store_true", help=in_lang("only the start-up lines",
                                                                    "seulement les lignes de démarrage"))
    bench.add_argument("--review", action="store_true", help=in_lang("only the review of a long cribbage match",
                                                                     "seulement l'analyse d'un long match de cribbage"))
    bench.add_argument("--cold-runs", type=int, default=None, metavar="N",
                       help=in_lang("starts timed for each start-up line (their median is kept)",
                                    "démarrages chronométrés pour chaque ligne de démarrage (la médiane est gardée)"))
    bench.set_defaults(func=_bench_command)
    return parser


def _bench_command(args: argparse.Namespace) -> int:
    from companion.dev import bench

    argv = (["--start"] if args.start else []) + (["--review"] if args.review else [])
    for option in ("sample", "strength", "ui_block", "cold_runs"):
        value = getattr(args, option)
        if value is not None:
            argv += [f"--{option.replace('_', '-')}", str(value)]
    return bench.main(argv)


def run_app() -> int:
    """Start the Textual app (imported only now: the scoring commands must not load Textual)."""
    from companion.tui.app import run

    status = run()
    return status if isinstance(status, int) else 0


WRITE_FAILED = Msg("cannot write the output: {why}", "impossible d'écrire la sortie : {why}")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: no traceback for any argv or output condition (closed, full or gone), every error one
    short line in the chosen language."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = lang_in(argv)
    _mend_closed_streams()
    try:
        localize_argparse(lang)
        clis = game_clis()
        only = next((a for a in argv if a in clis or a in ("selfplay", "bench", "serve", "export", "import", "share",
                                                              "stats", "players", "evenings", "review")), None)
        parser = build_parser(only)
        args = parser.parse_args(argv)
        func = getattr(args, "func", None)
        if func is None:
            return run_app()
        tolerant_streams()
        lang = lang_of(args)
        if getattr(sys.stdout, "closed_by_shell", False):
            raise OSError(errno.EBADF, CLOSED.text(lang))
        DAMAGE_SAID[0] = False
        status: int = func(args)
        sys.stdout.flush()  # a full disk or a closed pipe shows up here, not at exit
        return max(status, 1) if DAMAGE_SAID[0] else status  # figures from a damaged file: said, and not a success
    except CompanionError as exc:
        _say(ERROR(why=exc.msg).text(lang))
        return 2
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, like other Unix tools.
        _silence_stdout()
        return 1
    except OSError as exc:  # no space left on the device, a closed output
        _silence_stdout()
        _say(ERROR(why=WRITE_FAILED(why=exc.strerror or exc)).text(lang))
        return 1
    except (RecursionError, MemoryError, OverflowError) as exc:  # input past what can be read: said, not a trace
        _say(ERROR(why=TOO_BIG(what=type(exc).__name__)).text(lang))
        return 2


CLOSED = Msg("standard output is closed", "la sortie standard est fermée")
TOO_BIG = Msg("the input is too large or too deep to read ({what})", "l'entrée est trop grande ou trop profonde ({what})")


def _mend_closed_streams() -> None:
    """A stream closed by the shell (``>&-``) is None in Python: give it a sink, so nothing fails on it, and
    remember it was closed (an output command then says so)."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
            sink.closed_by_shell = True  # type: ignore[attr-defined]
            setattr(sys, name, sink)


def _say(line: str) -> None:
    """One bounded line on stderr (the error of a mistaken command), whatever stderr is."""
    try:
        print(short(f"companion: {line}", 300), file=sys.stderr)  # a path or a token typed: never a terminal code
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())

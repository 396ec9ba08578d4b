"""The ``companion`` command.

- ``companion`` alone starts the Textual app (imported only then).
- ``companion cribbage count|peg ...``: the scoring tools, one module per game
  (``GAME_CLIS``), each registering its own sub-commands.
- ``companion bench``: the benchmark (``python -m companion.bench``).

This module and what it imports at load time never import textual nor sqlite3,
so that the scoring commands start fast; a test keeps it that way.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

from companion import __version__
from companion.cli_support import ERROR, add_lang_option, lang_of, tolerant_streams
from companion.errors import CompanionError

# Commands whose name cannot be a package name (a module name cannot start with a digit).
COMMAND_ALIASES: dict[str, str] = {}


def game_clis() -> dict[str, str]:
    """Command name -> module, for every game package that has a ``cli.py`` (found on disk,
    nothing imported): ``trente_et_un`` gives the command ``trente-et-un``."""
    import companion.games

    found: dict[str, str] = {}
    for directory in companion.games.__path__:
        for cli in sorted(Path(directory).glob("*/cli.py")):
            package = cli.parent.name
            found[package.replace("_", "-")] = f"companion.games.{package}.cli"
    for alias, package in COMMAND_ALIASES.items():
        found[alias] = f"companion.games.{package}.cli"
    return found


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` the one game command asked for (so a scoring command
    imports no other game)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A card-table companion: keeps the score and checks the play. "
                    "Without a command, starts the app.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    add_lang_option(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    clis = game_clis()
    for command, module in clis.items():
        if only is None or command == only:
            importlib.import_module(module).register(commands)
    bench = commands.add_parser("bench", help="measure the scoring speed and the start-up time",
                                description="Same as python -m companion.bench.")
    bench.add_argument("--sample", type=int, default=None, metavar="N",
                       help="random hands to time (default 200,000)")
    bench.set_defaults(func=_bench_command)
    return parser


def _bench_command(args: argparse.Namespace) -> int:
    from companion import bench

    return bench.main([] if args.sample is None else ["--sample", str(args.sample)])


def run_app() -> int:
    """Start the Textual app (imported only now: the scoring commands must not load Textual)."""
    from companion.tui.app import run

    status = run()
    return status if isinstance(status, int) else 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    clis = game_clis()
    only = next((a for a in argv if a in clis), None)
    parser = build_parser(only)
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        return run_app()
    tolerant_streams()
    try:
        return func(args)
    except CompanionError as exc:
        lang = lang_of(args)
        print(f"{parser.prog}: {ERROR(why=exc.msg).text(lang)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

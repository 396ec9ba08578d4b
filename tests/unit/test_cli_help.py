"""Every command's --help, the first thing a new user types: the top level and each subcommand, in both
languages, runs and exits 0 (``companion --help`` once died on a bare % in a help text)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.main import build_parser

REPO = Path(__file__).resolve().parents[2]


def every_command() -> list[tuple[str, ...]]:
    """Each command path of the parser: ("",), ("cribbage",), ("cribbage", "count"), ..."""
    import argparse

    paths: list[tuple[str, ...]] = [()]

    def walk(parser: argparse.ArgumentParser, prefix: tuple[str, ...]) -> None:
        for action in parser._actions:  # noqa: SLF001 (argparse keeps its subcommands there)
            if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
                for name, sub in action.choices.items():
                    paths.append((*prefix, name))
                    walk(sub, (*prefix, name))

    walk(build_parser(), ())
    return paths


COMMANDS = every_command()


def test_every_command_is_found():
    assert ("cribbage", "peg") in COMMANDS and ("2500", "score") in COMMANDS and ("serve",) in COMMANDS


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_help_runs_and_exits_0(lang):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for path in COMMANDS:
        result = subprocess.run([sys.executable, "-m", "companion.cli.main", "--lang", lang, *path, "--help"],
                                capture_output=True, text=True, timeout=60, env=env)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (path, result.stderr[-300:])
        assert "usage" in result.stdout.lower(), path
        if lang == "fr":  # every help text in French (argparse's own words are localized apart)
            english = [w for w in (" the ", " of the ", " and ", " or ", "default") if w in result.stdout]
            assert not english, (path, english, result.stdout)


def test_help_speaks_the_language_asked_for_and_the_locales():
    """--help follows --lang, and COMPANION_LANG / LANG when it is not given, as every other output does."""
    env = dict(os.environ, PYTHONPATH=str(REPO), LANG="C.UTF-8")
    env.pop("COMPANION_LANG", None)

    def helped(*args: str, **extra: str) -> str:
        return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], capture_output=True, text=True,
                              timeout=60, env={**env, **extra}).stdout

    assert "count a hand or crib at the show" in helped("cribbage", "--help")
    assert "compter une main ou le crib au décompte" in helped("--lang", "fr", "cribbage", "--help")
    assert "compter une main ou le crib au décompte" in helped("cribbage", "--help", COMPANION_LANG="fr")
    assert "la carte coupée" in helped("cribbage", "count", "--help", "--lang=fr")
    # French spaces before « : » and « ; » do not break: no line of a narrow help starts with one.
    narrow = helped("--lang", "fr", "cribbage", "peg", "--help", COLUMNS="50")
    assert "options\u00a0:" in narrow and not [line for line in narrow.splitlines() if line.lstrip()[:1] in (":", ";")]


def test_python_dash_m_companion_is_the_command():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("companion ")

"""Random command lines, built from the parser itself: every subcommand and flag, with values that are valid,
out of range (numbers beyond 64 bits, negatives), hostile (markup, control characters, 100,000 characters) or
files that are deep, binary, missing or folders. A crash is a traceback, an exception out of ``main``, or an
error that is not one short line.

In process (fast; the app, the server, the bench and the computer games are stood in for, after their
arguments are checked) and as real processes with a closed, a full or a normal standard output.
``python -m tests.helpers.fuzz_volume`` runs it in volume; ``tests/unit/test_fuzz_cli.py`` a bounded sample.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NUMBERS = ["0", "1", "2", "3", "-1", "9" * 20, "-" + "9" * 30, "18446744073709551616", "1e400", "nan", "0x10",
           "٣", "²", "1.5", "", " 7", "65536", "70000", "2026-01-01", "9999-12-31", "0001-01-01", "-"]
WORDS = ["5H", "5D", "5C", "JS", "AS", "10H", "KD", "qs", "go", "pass", "[/]", "[red]x", "[@click=app.quit]",
         "\x1b[2J", "\x00"[:0] + "a\tb", "é", "♥", "Z" * 300, "Y" * 100_000, "--", "-", "--x", "-h", "=", "%",
         "%(prog)s", "{}", "{x}", "Marie", "Paul", "list", "rename", "merge", "colour", "red", "#fff", "knock"]
HELP = ["--help", "-h"]


def _files(tmp: Path) -> list[str]:
    tmp.mkdir(parents=True, exist_ok=True)
    made = {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "empty.json": "",
        "null.json": "null",
        "big.json": '{"format": "companion-matches", "version": ' + "9" * 400 + ', "matches": []}',
        "neg.json": '{"format": "companion-matches", "version": -1, "matches": [{"id": 1}]}',
        "deck.json": '{"colours": {"1": {"name": 7}}, "cards": [1e400]}',
        "markup.json": '{"format": "companion-matches", "version": 1, "matches": [{"game": "[/]", "setup": {}, '
                       '"ops": [[[[]]]]}]}',
    }
    for name, text in made.items():
        (tmp / name).write_text(text, encoding="utf-8")
    (tmp / "binary.json").write_bytes(bytes(range(256)) * 40)
    return [str(tmp / n) for n in [*made, "binary.json"]] + [str(tmp / "missing.json"), str(tmp), "/dev/null"]


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], list]:
    """Every command path of the parser (``("cribbage", "count")``…) with its actions."""
    found = {path: [a for a in parser._actions if not isinstance(a, argparse._SubParsersAction)]}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(commands(sub, (*path, name)))
    return found


CARDS = ["5H", "5D", "5C", "JS", "AS", "10H", "KD", "QS", "2C", "7D", "8S", "9H", "b1", "r10", "v3", "j7"]


def _value(action: argparse.Action, rng: random.Random, files: list[str]) -> str:
    """Mostly a value of the right kind (a choice, a number, a file, cards), else anything."""
    pick = rng.random()
    kind = str(action.metavar or action.dest).upper()
    if pick < 0.7:
        if action.choices:
            return str(rng.choice(list(action.choices)))
        if action.type in (int, float) or "ID" in kind or kind in ("N", "PLAYERS", "GAMES", "SEED", "JOBS"):
            return rng.choice(NUMBERS[:6] + ["10", "121", "31"])
        if "FILE" in kind or "DECK" in kind:
            return rng.choice(files)
        return " ".join(rng.sample(CARDS, rng.randint(1, 5))) if rng.random() < 0.3 else rng.choice(CARDS)
    if pick < 0.85:
        return rng.choice(NUMBERS)
    if pick < 0.92:
        return rng.choice(files)
    return rng.choice(WORDS)


def random_argv(table: dict, rng: random.Random, files: list[str]) -> list[str]:
    path = rng.choice([p for p in table if p])
    argv = list(path)
    if rng.random() < 0.2:
        argv[:0] = ["--lang", rng.choice(["en", "fr", "de", ""])]
    for action in table[path]:
        if not action.required and rng.random() < (0.6 if action.option_strings else 0.1):
            continue
        if action.option_strings:
            if action.nargs == 0:
                argv.append(rng.choice(action.option_strings))
                continue
            if isinstance(action, argparse._HelpAction):
                continue
            argv.append(rng.choice(action.option_strings))
        count = action.nargs if isinstance(action.nargs, int) else rng.choice([1, 2, 4, 5, 6] if action.nargs in (
            "+", "*") else [1])
        argv += [_value(action, rng, files) for _ in range(count)]
    mutation = rng.random()
    if mutation < 0.05:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(HELP))
    elif mutation < 0.15 and argv:
        del argv[rng.randrange(len(argv))]
    elif mutation < 0.25:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(WORDS + NUMBERS))
    elif mutation < 0.3:
        rng.shuffle(argv)
    return argv


class _FakeServer:
    """Stands in for the web server: the arguments were checked, nothing listens."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def run(self, sock, ready) -> None:
        sock.close()
        ready()


class _InlinePool:
    """Stands in for a process pool, in process, with the same pickling a real pool does."""

    def __init__(self, *args) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def map(self, func, tasks, chunksize=1):
        import pickle

        for task in tasks:
            try:
                yield func(task)
            except Exception as exc:  # what a worker raises must cross back to the parent
                raise pickle.loads(pickle.dumps(exc)) from None


@contextlib.contextmanager
def stand_ins(home: Path):
    """The app, the server, the bench and each computer game replaced by quick stand-ins; the store in ``home``."""
    import companion.cli.main as cli
    from companion.games import selfplay
    from companion.serving import server

    saved = (cli.run_app, cli._bench_command, server.GuardedServer, selfplay._one, selfplay.ProcessPoolExecutor,
             os.environ.get("COMPANION_HOME"), os.getcwd())

    def one_game(task):
        game, levels, seed, first = task
        selfplay._module(game)
        return selfplay.GameRecord(winners=(seed % len(levels),), totals=[{} for _ in levels],
                                   counts=[{} for _ in levels])

    cli.run_app = lambda: 0
    cli._bench_command = lambda args: 0
    server.GuardedServer = _FakeServer
    selfplay._one = one_game
    selfplay.ProcessPoolExecutor = _InlinePool
    os.environ["COMPANION_HOME"] = str(home)
    os.chdir(home)
    try:
        yield
    finally:
        (cli.run_app, cli._bench_command, server.GuardedServer, selfplay._one, selfplay.ProcessPoolExecutor) = saved[:5]
        if saved[5] is None:
            os.environ.pop("COMPANION_HOME", None)
        else:
            os.environ["COMPANION_HOME"] = saved[5]
        os.chdir(saved[6])


def _crash(status: object, err: str) -> str | None:
    """What is wrong with one run's ending, or None."""
    if "Traceback" in err:
        return "traceback"
    if not isinstance(status, int):
        return f"status {status!r}"
    lines = [line for line in err.splitlines() if line.strip()]
    if status not in (0, 1) and (len(lines) != 1 or len(lines[0]) > 400):
        return f"error of {len(lines)} lines"
    if any(ch in err for ch in "\x1b\x00"):
        return "control character in an error"
    return None


def fuzz_in_process(tmp: Path, seed: int, runs: int) -> tuple[Counter[str], list[tuple[list[str], str]]]:
    """``runs`` random argv through ``companion.cli.main.main`` in this process."""
    import companion.cli.main as cli

    rng = random.Random(seed)
    home = tmp / "home"
    home.mkdir(parents=True, exist_ok=True)
    files = _files(tmp / "files")
    table = commands(cli.build_parser())
    done: Counter[str] = Counter()
    crashes = []
    with stand_ins(home):
        for _ in range(runs):
            argv = random_argv(table, rng, files)
            out, err = io.StringIO(), io.StringIO()
            saved = sys.stdout, sys.stderr
            sys.stdout, sys.stderr = out, err
            try:
                status = cli.main(argv)
            except SystemExit as exit_:  # argparse: usage errors (2) and --help (0)
                status = exit_.code if isinstance(exit_.code, int) else 2
            except BaseException as exc:  # noqa: BLE001 (anything else out of main is the crash looked for)
                status = f"{type(exc).__name__}: {str(exc)[:120]}"
            finally:
                sys.stdout, sys.stderr = saved
            done["argv"] += 1
            done[f"status {status if isinstance(status, int) else 'crash'}"] += 1
            why = _crash(status, err.getvalue())
            if why:
                crashes.append((argv, why if isinstance(status, int) else str(status)))
    return done, crashes


UNSAFE = {"serve", "bench", "selfplay"}  # they listen, or run for minutes: checked in process only


def fuzz_processes(tmp: Path, seed: int, runs: int) -> tuple[Counter[str], list[tuple[list[str], str]]]:
    """``runs`` random argv as real processes, standard output normal, closed (``>&-``) or full (/dev/full)."""
    import companion.cli.main as cli

    rng = random.Random(seed)
    home = tmp / "home"
    home.mkdir(parents=True, exist_ok=True)
    files = _files(tmp / "files")
    table = {p: a for p, a in commands(cli.build_parser()).items() if p and p[0] not in UNSAFE}
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(home), LANG="C.UTF-8")
    done: Counter[str] = Counter()
    crashes = []
    for _ in range(runs):
        argv = random_argv(table, rng, files)
        named = {p[0] for p in table if p}
        # Without a command the app starts, and a command among UNSAFE listens or runs for minutes.
        if not (set(argv) & (named | {"-h", "--help", "--version"})) or set(argv) & UNSAFE:
            continue
        output = rng.choice(["normal", "closed", "full"] if Path("/dev/full").exists() else ["normal", "closed"])
        command = [sys.executable, "-m", "companion.cli.main", *argv]
        if output == "closed":
            command = ["sh", "-c", 'exec "$0" "$@" >&-', *command]
        sink = open("/dev/full", "w") if output == "full" else subprocess.PIPE  # noqa: SIM115
        try:
            result = subprocess.run(command, env=env, cwd=home, stdout=sink, stderr=subprocess.PIPE, text=True,
                                    errors="replace", timeout=120)
        except subprocess.TimeoutExpired:  # a command that never ends is a defect too
            crashes.append((argv, "timed out"))
            continue
        except OSError:  # an argument list the system refuses (too long): not the program's doing
            done["not run"] += 1
            continue
        finally:
            if output == "full":
                sink.close()
        done["processes"] += 1
        done[f"{output} output"] += 1
        why = _crash(result.returncode, result.stderr)
        if output != "normal" and result.returncode == 0 and result.stderr == "":
            why = why or ("a closed output passed silently" if output == "closed" else None)
        if why:
            crashes.append((argv, f"{output}: {why}"))
    return done, crashes

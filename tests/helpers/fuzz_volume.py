"""The volume fuzzing run, reported as figures: ``python -m tests.helpers.fuzz_volume`` (all parts), or one part with
``--only session|app|cli|store``.

- session: the session machine of ``tests/helpers/fuzz_session.py`` over the store, until ``--operations`` operations
  (entries applied or refused, undo, redo, corrections, reopenings);
- app: ``--inputs`` random inputs (typed lines with markup and control characters, clicks, keys) in each game,
  half at the table and half virtual, names holding markup, both languages (``tests/helpers/fuzz_app.py``);
- cli: ``--argv`` random command lines in process, and ``--processes`` as real processes with normal, closed
  and full outputs (``tests/helpers/fuzz_cli.py``);
- store: ``--damages`` damaged stores read by every reader, one in 100 by the app (``tests/helpers/fuzz_store.py``);
- kill: ``--kills`` SIGKILLs of the app in each game while computers play (``tests/helpers/kills.py``).

Prints what was tried, crashes and invariant violations per part. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

OPERATION_KINDS = ("applied", "refused", "undo", "redo", "correct", "reopen")
PARTS = ("session", "app", "cli", "store", "kill")


def session_part(operations: int) -> int:
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    from tests.helpers.fuzz_session import STATS, SessionMachine

    failures = 0
    started = time.monotonic()
    while sum(STATS[k] for k in OPERATION_KINDS) < operations:
        try:
            run_state_machine_as_test(SessionMachine, settings=settings(
                max_examples=50, stateful_step_count=100, deadline=None, database=None, derandomize=False,
                suppress_health_check=list(HealthCheck)))
        except Exception as exc:  # a crash or a broken invariant: Hypothesis has printed the steps
            failures += 1
            print(f"session machine failure: {type(exc).__name__}: {str(exc)[:200]}")
            if failures >= 3:
                break
    done = sum(STATS[k] for k in OPERATION_KINDS)
    print(f"session + store: {done:,} operations ({', '.join(f'{k} {STATS[k]:,}' for k in OPERATION_KINDS)}), "
          f"{STATS['checks']:,} invariant checks, {failures} failures, {time.monotonic() - started:.0f} s")
    return failures


def app_part(inputs: int, seed: int, games: list[str]) -> int:
    from companion.games import registry
    from tests.helpers.fuzz_app import fuzz_app

    crashes = 0
    for game_id in games or [g.id for g in registry.available()]:
        started = time.monotonic()
        done_inputs, runs, checked, game_crashes = 0, 0, 0, 0
        with tempfile.TemporaryDirectory() as tmp:
            while done_inputs < inputs:
                seed += 1
                mode = "virtual" if runs % 2 else "table"
                runs += 1
                try:
                    done = asyncio.run(fuzz_app(Path(tmp) / f"home{seed}", seed, 250, "fr" if seed % 2 else "en",
                                                game_id=game_id, mode=mode))
                except Exception as exc:
                    game_crashes += 1
                    print(f"app failure ({game_id}, {mode}, seed {seed}): {type(exc).__name__}: {str(exc)[:200]}")
                    done_inputs += 250
                    continue
                done_inputs += done["typed"] + done["clicked"] + done["keys"]
                checked += done["matches checked"]
        crashes += game_crashes
        print(f"app, {game_id}: {done_inputs:,} random inputs in {runs} sessions (table and virtual, both "
              f"languages, names with markup), {checked} stored matches replayed after, {game_crashes} crashes, "
              f"{time.monotonic() - started:.0f} s")
    return crashes


def cli_part(argv: int, processes: int, seed: int) -> int:
    from tests.helpers.fuzz_cli import fuzz_in_process, fuzz_processes

    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        done, crashes = fuzz_in_process(Path(tmp), seed, argv)
    for command, why in crashes[:20]:
        print(f"cli crash: {why}: {[a[:40] for a in command]}")
    statuses = ", ".join(f"{k} {v:,}" for k, v in sorted(done.items()) if k.startswith("status"))
    print(f"cli in process: {done['argv']:,} random command lines ({statuses}), {len(crashes)} crashes, "
          f"{time.monotonic() - started:.0f} s")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        done2, crashes2 = fuzz_processes(Path(tmp), seed, processes)
    for command, why in crashes2[:20]:
        print(f"cli process crash: {why}: {[a[:40] for a in command]}")
    outputs = ", ".join(f"{k} {v:,}" for k, v in sorted(done2.items()) if k.endswith("output"))
    print(f"cli processes: {done2['processes']:,} real processes ({outputs}), {len(crashes2)} crashes, "
          f"{time.monotonic() - started:.0f} s")
    return len(crashes) + len(crashes2)


def store_part(damages: int, seed: int) -> int:
    from tests.helpers.fuzz_store import fuzz_store

    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        done, crashes = fuzz_store(Path(tmp), seed, damages, app_every=100)
    for crash in crashes[:20]:
        print(f"store crash: {crash}")
    print(f"store: {damages:,} damaged files ({done['damages']:,} damages), {done['match opened']:,} matches opened, "
          f"{done['match damaged, with its reason']:,} marked damaged with a reason, "
          f"{done['file refused with a reason']:,} files refused with a reason, {done['app screens visited']:,} app "
          f"screens on them, {len(crashes)} crashes, {time.monotonic() - started:.0f} s")
    return len(crashes)


def kill_part(kills: int, seed: int) -> int:
    from companion.games import registry
    from tests.helpers.kills import kill_run

    failures = 0
    for game in registry.available():
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as tmp:
            done, problems = kill_run(Path(tmp), game.id, seed, kills)
        for problem in problems[:10]:
            print(f"kill: {problem}")
        failures += len(problems)
        print(f"kill, {game.id}: {done['kills']} SIGKILLs, {done['matches finished']} matches played to the end, "
              f"{done['entries shown']:,} entries shown at the kills (summed), {done['entries lost']} lost, "
              f"{len(problems)} violations, {time.monotonic() - started:.0f} s")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=PARTS, action="append")
    parser.add_argument("--operations", type=int, default=100_000)
    parser.add_argument("--inputs", type=int, default=10_000, help="app inputs per game")
    parser.add_argument("--game", action="append", default=[], help="app part: only these games")
    parser.add_argument("--argv", type=int, default=20_000)
    parser.add_argument("--processes", type=int, default=2_000)
    parser.add_argument("--damages", type=int, default=5_000)
    parser.add_argument("--kills", type=int, default=60, help="SIGKILLs per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    parts = args.only or PARTS
    failed = 0
    if "session" in parts:
        failed += session_part(args.operations)
    if "cli" in parts:
        failed += cli_part(args.argv, args.processes, args.seed)
    if "store" in parts:
        failed += store_part(args.damages, args.seed)
    if "kill" in parts:
        failed += kill_part(args.kills, args.seed)
    if "app" in parts:
        failed += app_part(args.inputs, args.seed, args.game)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

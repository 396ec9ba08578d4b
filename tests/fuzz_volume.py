"""The volume fuzzing run, reported as figures (``python -m tests.fuzz_volume [--operations N] [--inputs N]``).

Runs the session machine of ``tests/fuzz_session.py`` until at least ``--operations`` operations
(entries applied or refused, undo, redo, corrections, reopenings) have been made, and random app
inputs (``tests/fuzz_app.py``) until ``--inputs``; prints what was tried, crashes and invariant
violations. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.fuzz_app import fuzz_app
from tests.fuzz_session import STATS, SessionMachine

OPERATION_KINDS = ("applied", "refused", "undo", "redo", "correct", "reopen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operations", type=int, default=100_000)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    failures = 0
    started = time.monotonic()
    rounds = 0
    while sum(STATS[k] for k in OPERATION_KINDS) < args.operations:
        rounds += 1
        try:
            run_state_machine_as_test(SessionMachine, settings=settings(
                max_examples=50, stateful_step_count=100, deadline=None, database=None, derandomize=False,
                suppress_health_check=list(HealthCheck)))
        except Exception as exc:  # a crash or a broken invariant: Hypothesis has printed the steps
            failures += 1
            print(f"session machine failure: {type(exc).__name__}: {str(exc)[:200]}")
            if failures >= 3:
                break
    operations = sum(STATS[k] for k in OPERATION_KINDS)
    print(f"session + store: {operations:,} operations ({', '.join(f'{k} {STATS[k]:,}' for k in OPERATION_KINDS)}), "
          f"{STATS['checks']:,} invariant checks, {failures} failures, {time.monotonic() - started:.0f} s")
    started = time.monotonic()
    done_inputs = 0
    app_failures = 0
    seed = args.seed
    with tempfile.TemporaryDirectory() as tmp:
        while done_inputs < args.inputs:
            seed += 1
            try:
                done = asyncio.run(fuzz_app(Path(tmp) / f"home{seed}", seed, 500, "fr" if seed % 2 else "en"))
            except Exception as exc:
                app_failures += 1
                print(f"app failure (seed {seed}): {type(exc).__name__}: {str(exc)[:200]}")
                done_inputs += 500
                continue
            done_inputs += done["typed"] + done["clicked"] + done["keys"]
    print(f"app: {done_inputs:,} random inputs (typed lines, clicks, keys; both languages), {app_failures} crashes, "
          f"{time.monotonic() - started:.0f} s")
    return 1 if failures or app_failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

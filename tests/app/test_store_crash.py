"""Persist before you show: a writer killed with SIGKILL never loses an operation it had shown.

The child (tests/helpers/store_writer.py) prints each head after ``append`` returned. The parent kills
it at random points (while starting, while creating the file, between and during appends),
reopens the store and checks that every printed entry is there with its content, that the log
is exactly 1..N with no gap, and that at most the one in-flight entry is there unprinted.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

from companion.store.database import Store

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

WRITER = Path(__file__).resolve().parents[1] / "helpers" / "store_writer.py"
ROUNDS = 60
SEED = 20261121


def _writer_module():
    spec = importlib.util.spec_from_file_location("store_writer", WRITER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check(path: Path, lines: list[str], before: int, op_for, outcomes: Counter[str]) -> int:
    """Verify the store after a kill; returns the number of entries now in the log."""
    match_lines = [line for line in lines if line.startswith("match ")]
    shown = [int(line) for line in lines if not line.startswith("match ")]
    if shown:
        assert match_lines, lines
        assert shown == list(range(before + 1, before + 1 + len(shown))), shown
    with Store.open(path) as store:  # a plain open: the file must still be a sound store
        matches = store.list_matches()
        assert len(matches) <= 1
        if match_lines:
            assert [m.id for m in matches] == [int(match_lines[0].split()[1])]
        if not matches:
            assert not shown
            outcomes["killed before a match existed"] += 1
            return 0
        record, ops = store.load(matches[0].id)
    n = len(ops)
    last_shown = shown[-1] if shown else before
    assert n in (last_shown, last_shown + 1), (n, last_shown)  # at most the in-flight one unshown
    if not match_lines:
        outcomes["killed before anything was shown"] += 1
    elif n == last_shown + 1:
        outcomes["killed between commit and print"] += 1
    else:
        outcomes["killed with all committed entries shown"] += 1
    assert ops == [op_for(seq) for seq in range(1, n + 1)]  # 1..N, no gap, right content
    assert record.head == n and record.redo == 0
    assert record.summary == ({"last": n} if n else {})  # written in the same transaction as the op
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    finally:
        conn.close()
    assert not [p for p in path.parent.iterdir() if "unreadable" in p.name]
    return n


@pytest.mark.slow
def test_sigkilled_writer_never_loses_a_shown_operation(tmp_path):
    op_for = _writer_module().op_for
    rng = random.Random(SEED)
    env = {**os.environ, "PYTHONPATH": str(WRITER.resolve().parents[2])}
    kinds: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    path: Path | None = None
    entries = 0
    total_shown = 0
    for round_no in range(ROUNDS):
        fresh = path is None or rng.random() < 0.2
        if fresh:
            path = tmp_path / f"store{round_no}" / "companion.sqlite3"
            path.parent.mkdir()
            entries = 0
        err_file = tempfile.TemporaryFile()  # a file, not a pipe: stderr never blocks the child
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), "crash", str(path)],
            stdout=subprocess.PIPE,
            stderr=err_file,
            env=env,
        )
        raw: list[bytes] = []
        try:
            if fresh or rng.random() < 0.3:
                # Timed kill: lands in interpreter start-up, open/creation, WAL recovery or appends.
                # Start-up to the first shown line takes ~40 ms here, so fresh files are killed early.
                kind = "fresh file, timed" if fresh else "timed"
                time.sleep(rng.uniform(0.0, 0.06 if fresh else 0.15))
            else:
                # After the k-th shown line, right away or a few milliseconds later (mid-append).
                kind = "after k lines"
                for _ in range(rng.randint(1, 40)):
                    line = proc.stdout.readline()
                    if not line:
                        break
                    raw.append(line)
                time.sleep(rng.choice((0.0, rng.uniform(0.0, 0.004))))
            os.kill(proc.pid, signal.SIGKILL)
            # The rest through the same buffered reader: lines it already holds are not lost.
            raw += proc.stdout.readlines()
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
        err_file.seek(0)
        err = err_file.read().decode(errors="replace")
        err_file.close()
        assert proc.returncode == -signal.SIGKILL, err
        # A line cut by the kill mid-write never reached a reader whole: it was not shown.
        lines = [line.decode().strip() for line in raw if line.endswith(b"\n") and line.strip()]
        kinds[kind] += 1
        shown_now = sum(1 for line in lines if not line.startswith("match "))
        total_shown += shown_now
        entries = _check(path, lines, entries, op_for, outcomes)
    print(f"\n{ROUNDS} SIGKILLs {dict(kinds)}; outcomes {dict(outcomes)}; {total_shown} shown entries verified")
    assert sum(kinds.values()) == ROUNDS >= 30

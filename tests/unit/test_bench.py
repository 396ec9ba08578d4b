"""The benchmark runs and reports; its figures are never asserted (they depend on the machine)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_bench_runs_every_measurement_on_a_small_sample():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, (str(REPO_ROOT), os.environ.get("PYTHONPATH")))))
    command = [sys.executable, "-m", "companion.cli.main", "bench", "--sample", "2000", "--cold-runs", "1"]
    result = subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, encoding="utf-8",
                            timeout=300)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "hand_score:" in out and "2,000 random hands, best of 3" in out
    assert "count_hand (itemized):" in out
    assert re.search(r"^discard advisor: one 6-card hand:\s+[\d.]+ ms median", out, re.MULTILINE)
    for game in ("cribbage", "rummy2500", "le31", "trente_et_un", "banker"):
        for level in ("easy", "normal", "hard"):
            assert re.search(rf"^{game} {level} player: a decision:\s+[\d.]+ ms median", out, re.MULTILINE)
    assert out.count("equals the published table: yes") == 2
    assert "cold start: companion cribbage count:" in out
    assert re.search(r"^cold start: its standard modules alone:\s+\d+ ms \(argparse, dataclasses, typing, enum, re\): "
                     r"[\d.]+× python alone$", out, re.MULTILINE)
    assert re.search(r"^textual imported:\s+no$", out, re.MULTILINE)
    assert re.search(r"^sqlite3 imported:\s+no$", out, re.MULTILINE)
    assert re.search(r"^cold start: app to first screen:\s+\d+ ms \(median of 1, headless; python alone \d+ ms; "
                     r"(under|OVER) the 1 s target\)$", out, re.MULTILINE)
    assert re.search(r"^save one entry \(append, fsync\):\s+[\d.]+ ms median, [\d.]+ ms p90, [\d.]+ ms max "
                     r"\(50 entries of a table-mode match", out, re.MULTILINE)


def test_the_strength_lines_give_the_win_rate_its_interval_and_the_verdict(monkeypatch, capsys):
    from companion.dev import bench

    monkeypatch.setattr(bench, "STRENGTH", (("le31", "normal", "easy", 2, 4, 1),))
    monkeypatch.setattr(bench, "MEASUREMENTS", [])
    assert bench.main(["--strength", "0.5"]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert re.match(r"^le31 normal against easy:\s+\d+\.\d% of 2 games at 2 \(95% CI \d+\.\d%–\d+\.\d%, even share "
                    r"50\.0%\): (better|NOT shown better); seed 1, \d+ s$", line), line

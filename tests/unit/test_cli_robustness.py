"""The command line never prints a traceback: closed pipes, full disks, huge inputs, usage errors in French."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PEG = ["cribbage", "peg", "AS", "2S", "3S", "4S", "5S", "6S", "7S"]


def run(args, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(REPO), LANG="C.UTF-8")
    env.pop("COMPANION_LANG", None)
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], env=env, **kwargs)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_disk_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        result = run(PEG, stdout=full, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "No space left" in result.stderr


def test_a_closed_pipe_stops_quietly():
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-m", "companion.cli.main", *PEG], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    child.stdout.close()  # the reader is gone before anything is written
    _, err = child.communicate(timeout=30)
    assert b"Traceback" not in err and err == b""
    assert child.returncode in (0, 1)


def test_an_error_quotes_only_a_short_prefix_of_a_long_token():
    result = run(["cribbage", "count", "X" * 100_000, "5D", "5C", "JS", "--starter", "5S"],
                 capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr) < 300 and result.stderr.count("\n") == 1


@pytest.mark.parametrize(("args", "words"), [
    (["--lang", "fr", "cribbage", "count", "5H"], "obligatoires"),
    (["--lang", "fr", "cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S", "--rules", "x"], "choix invalide"),
    (["--lang", "fr", "cribbage", "nope"], "choix invalide"),
])
def test_usage_errors_follow_the_chosen_language(args, words):
    result = run(args, capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert words in result.stderr and "erreur" in result.stderr and result.stdout == ""


def test_a_store_from_a_newer_version_is_reported_on_stderr(tmp_path):
    import sqlite3

    from companion.store.database import FILE_NAME
    from companion.store.schema import APPLICATION_ID

    home = tmp_path / "home"
    home.mkdir()
    with sqlite3.connect(home / FILE_NAME) as conn:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("PRAGMA user_version = 99")
        conn.execute("CREATE TABLE t (x)")
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(home), COMPANION_LANG="fr")
    result = subprocess.run([sys.executable, "-m", "companion.cli.main"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 1 and result.stdout == ""
    assert "version plus récente" in result.stderr and "Traceback" not in result.stderr

"""Random command lines, bounded (the volume run is ``python -m tests.helpers.fuzz_volume``): no traceback, every error
one short line without control characters, in process and as real processes with closed or full outputs."""

from __future__ import annotations

from tests.helpers.fuzz_cli import fuzz_in_process, fuzz_processes


def test_random_command_lines_in_process(tmp_path):
    done, crashes = fuzz_in_process(tmp_path, seed=5, runs=600)
    assert crashes == []
    assert done["status 0"] and done["status 2"]  # both commands that ran and usage errors were reached


def test_random_command_lines_as_processes(tmp_path):
    done, crashes = fuzz_processes(tmp_path, seed=6, runs=24)
    assert crashes == []
    assert done["processes"] >= 20

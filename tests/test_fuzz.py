"""Fuzzing as part of the suite, bounded: the session machine over the store, and random app inputs.
The volume run is ``python -m tests.fuzz_volume`` (figures in the README)."""

from __future__ import annotations

from hypothesis import settings

from tests.fuzz_app import fuzz_app
from tests.fuzz_session import SessionMachine

TestSessionMachine = SessionMachine.TestCase
TestSessionMachine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)


async def test_random_inputs_never_crash_the_app(tmp_path):
    done = await fuzz_app(tmp_path / "home", seed=7, inputs=150)
    assert done["typed"] + done["clicked"] + done["keys"] > 0 and done["matches checked"] >= 1


async def test_random_inputs_in_french_never_crash_the_app(tmp_path):
    done = await fuzz_app(tmp_path / "home", seed=8, inputs=100, lang="fr")
    assert done["matches checked"] >= 1

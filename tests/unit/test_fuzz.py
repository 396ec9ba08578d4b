"""Fuzzing as part of the suite, bounded: the session machine over the store, and random app inputs in every
game and mode, with names that hold markup. The volume run is ``python -m tests.helpers.fuzz_volume``."""

from __future__ import annotations

import pytest
from hypothesis import settings

from companion.games import registry
from tests.helpers.fuzz_app import fuzz_app
from tests.helpers.fuzz_session import SessionMachine

TestSessionMachine = SessionMachine.TestCase
TestSessionMachine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)

GAMES = [g.id for g in registry.available()]


async def test_random_inputs_never_crash_the_app(tmp_path):
    done = await fuzz_app(tmp_path / "home", seed=7, inputs=150)
    assert done["typed"] + done["clicked"] + done["keys"] > 0 and done["matches checked"] >= 1


@pytest.mark.ui
@pytest.mark.parametrize("mode", ["table", "virtual"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_random_inputs_in_every_game_and_mode_never_crash_the_app(tmp_path, game_id, mode):
    seed = GAMES.index(game_id) * 2 + (mode == "virtual")
    done = await fuzz_app(tmp_path / "home", seed=seed, inputs=60, lang="fr" if seed % 2 else "en",
                          game_id=game_id, mode=mode)
    assert done["typed"] + done["clicked"] + done["keys"] > 0 and done["matches checked"] >= 1

"""The app killed (SIGKILL) at random points while the computers play a match of every game: every entry the
screen showed was saved, and every match still replays. The volume run is ``python -m tests.helpers.fuzz_volume --only
kill``."""

from __future__ import annotations

import pytest

from companion.games import registry
from tests.helpers.kills import kill_run

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game_id", [g.id for g in registry.available()])
def test_every_entry_shown_survives_a_kill(tmp_path, game_id):
    done, problems = kill_run(tmp_path, game_id, seed=3, kills=4)
    assert problems == []
    assert done["kills"] == 4 and done["entries shown"] > 0

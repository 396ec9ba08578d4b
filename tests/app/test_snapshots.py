"""One snapshot per screen state, at 80x24 and at a tablet size (the board is on the match screens).

The states come from companion.tui.gallery, the same ones ``python -m companion.tui.screenshots``
draws into screenshots/. Update with ``pytest tests/app/test_snapshots.py --snapshot-update`` after a
deliberate change, and look at the result.
"""

from __future__ import annotations

import pytest

from companion.tui.gallery import NOT_SNAPSHOTTED, STATES, build_app

SIZES = {"80x24": (80, 24), "tablet": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", [s for s in STATES if s not in NOT_SNAPSHOTTED])
def test_screen(snap_compare, tmp_path, state, size):
    assert snap_compare(build_app(tmp_path), terminal_size=SIZES[size], run_before=STATES[state])


@pytest.mark.parametrize("state", ["home", "match-show", "help", "home-damaged", "damaged-match"])
def test_screen_in_french(snap_compare, tmp_path, state):
    assert snap_compare(build_app(tmp_path, "fr"), terminal_size=SIZES["tablet"], run_before=STATES[state])

"""Damaged stores, bounded (the volume run is ``python -m tests.helpers.fuzz_volume``): every damage is met by a reason,
never a crash, by every reader and by the app."""

from __future__ import annotations

import pytest

from tests.helpers.fuzz_store import fuzz_store


def test_random_damages_are_read_or_refused_with_a_reason(tmp_path):
    done, crashes = fuzz_store(tmp_path, seed=11, damages=250)
    assert crashes == []
    assert done["match opened"] and done["match damaged, with its reason"] and done["file refused with a reason"]


@pytest.mark.ui
def test_the_app_opens_damaged_stores_without_crashing(tmp_path):
    done, crashes = fuzz_store(tmp_path, seed=12, damages=6, app_every=2)
    assert crashes == [] and done["app screens visited"] > 0

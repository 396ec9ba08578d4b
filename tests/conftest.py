import inspect
import os

# UI snapshot tests need the default colours and theme, whatever the developer's shell says.
for _name in ("NO_COLOR", "TEXTUAL_THEME"):
    os.environ.pop(_name, None)

import pytest  # noqa: E402  (after the environment is cleaned)
from hypothesis import HealthCheck, settings  # noqa: E402

# One fixed Hypothesis profile for every run: derandomized, so the suite's time and results do not
# wander between runs. HYPOTHESIS_PROFILE=volume runs the long exploration instead (see README).
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("volume", deadline=None, max_examples=2000, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _pauses_wait_for_the_computers(monkeypatch):
    """A computer's move is found in a worker thread: a test's pause waits for it to be found (and shown), as a
    player waits for the computer before tapping. A hang still ends: after 60 s the pause returns."""
    import asyncio
    import time

    from textual.pilot import Pilot

    from companion.tui.screens.virtual_base import computers_thinking

    real = Pilot.pause

    async def pause(self, delay=None):
        await real(self, delay)
        deadline = time.monotonic() + 60
        while computers_thinking(self.app) and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
            await real(self)

    monkeypatch.setattr(Pilot, "pause", pause)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """No test reads or writes the developer's own saved matches or settings."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "companion-home"))


def pytest_collection_modifyitems(config, items):
    """Tests that drive the app (Pilot, snapshots) are marked ``ui``, so ``-m "not ui and not slow"``
    selects the fast unit tests."""
    for item in items:
        function = getattr(item, "function", None)
        if (function is not None and inspect.iscoroutinefunction(function)) or "snap_compare" in getattr(
                item, "fixturenames", ()):
            item.add_marker(pytest.mark.ui)

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

    from textual.events import Click
    from textual.geometry import Offset
    from textual.pilot import OutOfBounds, Pilot, _get_mouse_message_arguments
    from textual.widget import Widget

    from companion.tui.screens.autoplay import computers_thinking

    real = Pilot.pause

    async def pause(self, delay=None):
        await real(self, delay)
        deadline = time.monotonic() + 60
        while computers_thinking(self.app) and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
            await real(self)

    monkeypatch.setattr(Pilot, "pause", pause)

    # A click is three events (down, up, click), and Pilot waits for the app to be idle (in 20 ms steps) before
    # each and after the last. Between the three, the screen having handled the one before is all a tap needs: the
    # suite's taps take half as long, and what a tap leads to is still waited for in full (the last pause).
    async def post_mouse_events(self, events, widget=None, offset=(0, 0), button=0, shift=False, meta=False,
                                control=False, times=1):
        app, screen = self.app, self.app.screen
        target = screen if widget is None else widget if isinstance(widget, Widget) else screen.query_one(widget)
        arguments = _get_mouse_message_arguments(target, offset, button=button, shift=shift, meta=meta,
                                                 control=control)
        position = Offset(arguments["x"], arguments["y"])
        if position not in screen.size.region:
            raise OutOfBounds("Target offset is outside of currently-visible screen region.")
        await self.pause()
        widget_at = None
        for chain in range(1, times + 1):
            for event_class in events:
                if widget_at is None:
                    widget_at, _ = app.get_widget_at(*position)
                app.mouse_position = position
                screen._forward_event(event_class(**({**arguments, "chain": chain} if event_class is Click
                                                     else arguments)))
                await self._wait_for_screen()
        await self.pause()
        return widget is None or widget_at is target

    monkeypatch.setattr(Pilot, "_post_mouse_events", post_mouse_events)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """No test reads or writes the developer's own saved matches or settings."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "companion-home"))


# The modules whose tests take tens of seconds each (whole matches, real browsers, killed processes): run first,
# so that two workers end together instead of one finishing a long test alone at the end.
LONG_FIRST = ("test_app_reliability", "test_journeys", "test_browser", "test_kills", "test_club_app", "test_seats",
              "test_le31_app", "test_app_flow", "test_serve_load")


def pytest_collection_modifyitems(config, items):
    """Tests that drive the app (Pilot, snapshots) are marked ``ui``, so ``-m "not ui and not slow"``
    selects the fast unit tests; the long ones are run first."""
    for item in items:
        function = getattr(item, "function", None)
        if (function is not None and inspect.iscoroutinefunction(function)) or "snap_compare" in getattr(
                item, "fixturenames", ()):
            item.add_marker(pytest.mark.ui)

    def rank(item) -> int:
        module = item.nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
        long = any(module.startswith(name) for name in LONG_FIRST) or item.get_closest_marker("slow") is not None
        return 0 if long else 1

    items.sort(key=rank)  # stable: the order within each group stays the files' own

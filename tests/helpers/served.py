"""A real ``companion serve`` on loopback for the tests, and what they need to look at its app processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

CHILD = "companion.serving.child"


class Served:
    def __init__(self, process: subprocess.Popen, lines: list[str]) -> None:
        self.process = process
        self.lines = lines
        self.play_url = lines[1]
        self.view_url = next(line for line in lines[2:] if line.startswith("http://"))
        parts = urlsplit(self.play_url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.port = parts.port
        self.play = self.play_url.split("token=")[1]
        self.view = self.view_url.split("token=")[1]
        self.cookie = f"companion_{self.port}"

    def children(self) -> list[tuple[int, list[str]]]:
        """The app processes this server started (found by their command line), still alive."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
                state = next(line for line in (entry / "status").read_text().splitlines() if line.startswith("State"))
            except (OSError, StopIteration):
                continue
            if CHILD in argv and str(self.process.pid) in argv and "Z" not in state:
                found.append((int(entry.name), argv))
        return found


def wait_for(predicate, timeout: float = 10.0, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


@contextmanager
def served(home: Path, *args: str, timeout: float = 30.0):
    """``companion serve --port 0`` with its own store in ``home``; yields once it prints its address."""
    env = dict(os.environ, COMPANION_HOME=str(home), COMPANION_LANG="en")
    process = subprocess.Popen([sys.executable, "-m", "companion.cli.main", "serve", "--port", "0", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                               start_new_session=True)
    lines: list[str] = []
    server: Served | None = None
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if len([x for x in lines if x.startswith("http://")]) >= 2:
                break
        assert len([x for x in lines if x.startswith("http://")]) >= 2, lines
        server = Served(process, lines)
        yield server
    finally:
        leftovers = server.children() if server is not None else []
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
        for pid, _ in leftovers:  # a failed test must not leave an app running
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def terminal_sizes(page) -> list[tuple[int, int]]:
    """The terminal sizes (columns, rows) a Playwright page's app is asked for, as the page sends them: the last
    one is the terminal the app lays its screen out in."""
    import json

    sizes: list[tuple[int, int]] = []

    def frames(ws) -> None:
        def sent(payload) -> None:
            if isinstance(payload, str) and payload.startswith('["resize"'):
                data = json.loads(payload)[1]
                sizes.append((data["width"], data["height"]))
        ws.on("framesent", sent)

    page.on("websocket", frames)
    return sizes


async def widget_cells(home: Path, size: tuple[int, int], steps: list[tuple[str, str]], *, spectator: bool = False,
                       only_match: int | None = None) -> dict[str, tuple[float, float]]:
    """Where a browser's page shows widgets, in terminal cells: the same app laid out headless at the terminal
    size the page asked for (``terminal_sizes``). Each ``("find", selector)`` step gives its widget's centre (and
    ``selector:left``, its top-left cell), after the ``("click", selector)`` steps before it, in a copy of the
    store (the real one is left as the browser will find it). ``only_match``: the app of a match's tablet."""
    import shutil

    from companion.serving.child import SPECTATOR, spectator_store
    from companion.store.database import Store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from tests.helpers.journeys import until

    copy = home.parent / f"{home.name}-layout"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(home, copy)
    found: dict[str, tuple[float, float]] = {}
    store = spectator_store(copy / "companion.sqlite3") if spectator else Store.open(copy / "companion.sqlite3")
    with store:
        app = CompanionApp(store, settings=Settings(lang="en"), notice=SPECTATOR if spectator else None,
                           served=True, only_match=only_match)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if only_match is not None:  # a match's tablet: its match opens by itself
                await until(pilot, lambda: hasattr(app.screen, "match") and app.screen.is_mounted, timeout=30)
            for action, selector in steps:
                region = _region(app, selector)
                if action == "click":
                    assert await pilot.click(offset=(region.x + region.width // 2, region.y + region.height // 2)), selector
                    await pilot.pause()
                else:
                    found[selector] = (region.x + region.width / 2, region.y + region.height / 2)
                    found[f"{selector}:left"] = (region.x, region.y)
    return found


def _region(app, selector: str):
    """Where a widget shows, or a key of the screen's menu (``#resume-3``: the home screen's keys are one list)."""
    from companion.tui.widgets.menu import Menu

    if app.screen.query(selector) or not selector.startswith("#"):
        return app.screen.query_one(selector).region
    menu = app.screen.query_one(Menu)
    assert menu.key_in_view(selector[1:]), f"{selector} is not in view: the page would need a swipe"
    return menu.key_region(selector[1:])

"""Tablets in a real browser, measured: ``python -m companion.dev.tablet_bench [--tablets 20] [--changes 6]``.

It starts ``companion serve`` on loopback with a store of a few matches, opens it in headless Chromium (Debian's
``chromium``, driven by Playwright: the test extra) at a 1024×768 tablet's size, and measures what a table feels:

- **the first screen**: from opening the address to the home screen drawn (the app's output settled: no frame
  for 0.3 s), for one tablet alone;
- **a screen change**: from a key (Past matches, then back home) to that screen drawn, and the CPU time the
  tab's app process spent on it;
- **many tablets at once**: that many pages opened together, each one's first screen, and the memory of their
  app processes.

It prints figures and asserts nothing; the goals of the issue are said beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is the test extra's: imported when a browser is started
    from playwright.async_api import Browser, Page, ViewportSize, WebSocket

FIRST_SCREEN_GOAL_S = 1.5
SCREEN_CHANGE_GOAL_S = 0.3
QUIET_S = 0.3  # no frame for this long: the screen is drawn
TABLET: ViewportSize = {"width": 1024, "height": 768}
CHILD = "companion.serving.child"


def _store(home: Path) -> None:
    from companion.games.base import Setup
    from companion.games.cribbage.ops import Points
    from companion.games.cribbage.rules import CribbageRules
    from companion.store.database import Store
    from companion.store.session import MatchSession

    home.mkdir(parents=True, exist_ok=True)
    with Store.open(home / "companion.sqlite3") as store:
        for names in (("Marie", "Paul"), ("Léa", "Jean"), ("Ana", "Rui")):
            session = MatchSession.create(store, Setup(names, CribbageRules(), 0), "cribbage")
            for n in range(6):
                session.apply(Points(n % 2, 3 + n))


@dataclass(frozen=True)
class Server:
    pid: int
    url: str  # the address it printed, with the organiser's token
    secret: str  # its play secret, from the file it writes beside the store (for match and seat tokens)

    @property
    def base(self) -> str:
        return self.url.split("/?", 1)[0]


@contextmanager
def served(home: Path) -> Iterator[Server]:
    """``companion serve`` on ``home``'s store, started as on a player's machine, until the block ends: then it is
    stopped with every app it started. Its file beside the store is written before it prints its address."""
    from companion.dev.bench import _child_env
    from companion.serving.tablets import FILE_NAME

    env = dict(_child_env(), COMPANION_HOME=str(home), COMPANION_LANG="en")
    process = subprocess.Popen([sys.executable, "-m", "companion.cli.main", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 30
        url = ""
        while not url.startswith("http://"):
            if time.monotonic() > deadline:
                raise SystemExit("companion serve did not print its address")
            url = process.stdout.readline().strip()
        yield Server(process.pid, url, json.loads((home / FILE_NAME).read_text())["secret"])
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)


def _children(server_pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            except OSError:
                continue
            if CHILD in argv and str(server_pid) in argv:
                found.append(int(entry.name))
    return found


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Tab:
    """One page, and the times of the frames its app sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.frames: list[float] = []

        def on_socket(ws: WebSocket) -> None:
            ws.on("framereceived", lambda _payload: self.frames.append(time.perf_counter()))

        page.on("websocket", on_socket)

    async def settled(self, since: float, timeout: float = 60.0) -> float:
        """Seconds from ``since`` to the last frame before a quiet spell (the screen drawn)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
            after = [t for t in self.frames if t >= since]
            if after and time.perf_counter() - after[-1] >= QUIET_S:
                return after[-1] - since
        return float("nan")


async def _open(browser: Browser, url: str) -> tuple[Tab, float]:
    context = await browser.new_context(viewport=TABLET, has_touch=True)
    tab = Tab(await context.new_page())
    start = time.perf_counter()
    await tab.page.goto(url, timeout=60_000)
    return tab, await tab.settled(start)


@asynccontextmanager
async def headless_chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (the test extra): the developer tools' one browser."""
    from playwright.async_api import async_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox",
                                                                          "--disable-gpu", "--no-first-run"])
        try:
            yield browser
        finally:
            await browser.close()


async def _measure(url: str, server_pid: int, tablets: int, changes: int) -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    async with headless_chromium() as browser:
        tab, first = await _open(browser, url)
        verdict = "within" if first <= FIRST_SCREEN_GOAL_S else "OVER"
        lines.append(("first screen, one tablet", f"{first:.2f} s ({verdict} the {FIRST_SCREEN_GOAL_S:g} s goal)"))
        pid = _children(server_pid)[0]
        await tab.page.mouse.click(500, 10)  # the keyboard goes to the terminal
        await tab.settled(time.perf_counter())
        times, cpu = [], []
        for n in range(changes):
            key = "p" if n % 2 == 0 else "Escape"  # Past matches, then back home
            before = _cpu_s(pid)
            start = time.perf_counter()
            await tab.page.keyboard.press(key)
            times.append(await tab.settled(start))
            cpu.append(_cpu_s(pid) - before)
        verdict = "within" if statistics.median(times) <= SCREEN_CHANGE_GOAL_S else "OVER"
        lines.append(("screen change (home ⇄ past matches)",
                      f"median {statistics.median(times):.2f} s, max {max(times):.2f} s over {changes} "
                      f"({verdict} the {SCREEN_CHANGE_GOAL_S:g} s goal); app CPU median "
                      f"{statistics.median(cpu):.2f} s"))
        lines.append(("memory of one tablet's app", f"{_rss_mb(pid):.0f} MB resident"))
        await tab.page.context.close()
        await asyncio.sleep(1.0)

        start = time.perf_counter()
        opened = await asyncio.gather(*(_open(browser, url) for _ in range(tablets)))
        wall = time.perf_counter() - start
        firsts = sorted(f for _, f in opened)
        pids = _children(server_pid)
        memory = sum(_rss_mb(p) for p in pids)
        lines.append((f"{tablets} tablets at once", f"first screens median {statistics.median(firsts):.1f} s, "
                      f"slowest {firsts[-1]:.1f} s, all in {wall:.1f} s"))
        lines.append((f"memory of {len(pids)} apps", f"{memory:.0f} MB resident ({memory / max(len(pids), 1):.0f} "
                      "MB each)"))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.tablet_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=20, help="pages opened at once (default 20)")
    parser.add_argument("--changes", type=int, default=6, help="screen changes timed (default 6)")
    args = parser.parse_args(argv)
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("Playwright is needed: pip install -e '.[test]'", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="companion-tablets-") as tmp:
        home = Path(tmp)
        _store(home)
        with served(home) as server:
            print(f"companion tablet bench: {os.cpu_count()} cpu(s) seen, Chromium at {TABLET['width']}×"
                  f"{TABLET['height']}")
            for name, figure in asyncio.run(_measure(server.url, server.pid, args.tablets, args.changes)):
                print(f"{name + ':':40} {figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

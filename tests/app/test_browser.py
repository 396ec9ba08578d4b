"""The served app in a real browser: headless Chromium (Debian's ``chromium``, which ``.ci/run`` installs),
driven with Playwright, opens the address with its token, resumes a cribbage match and plays two cards by
clicks on the keypad, the four clicks at once (a busy tablet's app is handed them in a burst: the keypad took them
out of order, and lost a card); the entries reach the store, in order, and a PNG screenshot is taken.

The browser draws the terminal on a canvas, so the test finds where to click the way the app itself lays
its screen out: the same app, run headless at the terminal size the browser asked for, says where each
button is, in character cells; the canvas's size over that terminal size gives the pixels."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from companion.games.base import Setup
from companion.games.cribbage.ops import Play
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from tests.helpers.browser import CHROMIUM, FLAGS, expose_terminal, page_shows
from tests.helpers.served import served, terminal_sizes, widget_cells

pytestmark = pytest.mark.slow


def _mid_play_match(home: Path) -> tuple[int, list[Play]]:
    """A two-player cribbage match entered up to the middle of a deal's play; the next two plays."""
    import companion.tui.gallery  # noqa: F401  (the cribbage gallery imports from it first)
    from companion.tui.games.cribbage.gallery import _enter, _entries, _mid_play

    setup = Setup(("Marie", "Paul"), CribbageRules(), 0)
    entries = _entries(setup, seed=21)
    home.mkdir(parents=True, exist_ok=True)
    with Store.open(home / "companion.sqlite3") as store:
        match_id = _enter(store, setup, entries, _mid_play)
        done = len(store.ops(match_id))
    following = entries[done:done + 2]
    assert all(isinstance(op, Play) for op in following), following
    return match_id, following  # type: ignore[return-value]


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (.ci/run installs it)")
def test_a_browser_plays_two_cards_by_clicks(tmp_path):
    playwright = pytest.importorskip("playwright.async_api")
    home = tmp_path / "home"
    match_id, plays = _mid_play_match(home)
    shot = tmp_path / "browser.png"

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                page = await browser.new_page(viewport={"width": 1200, "height": 800})
                await expose_terminal(page)
                sizes = terminal_sizes(page)
                await page.goto(server.play_url, timeout=20_000)
                assert "token" not in page.url  # exchanged for a cookie, gone from the address bar
                for _ in range(100):
                    if sizes:
                        break
                    await page.wait_for_timeout(100)
                home_text = await page_shows(page, lambda text: "Marie" in text, "the home screen's Resume key")
                cols, rows = sizes[-1]
                box = await page.locator(".xterm-screen").bounding_box()
                assert box is not None
                resume = f"#resume-{match_id}"
                keys = [f"#keypad #{kind}-{int(getattr(op.card, kind))}" for op in plays for kind in ("rank", "suit")]
                where = await widget_cells(home, (cols, rows), [("find", resume), ("click", resume),
                                                                *[("find", key) for key in keys]])

                async def click(name: str) -> None:
                    x, y = where[name]
                    await page.mouse.click(box["x"] + x * box["width"] / cols, box["y"] + y * box["height"] / rows)

                await click(resume)
                await page_shows(page, lambda text: text != home_text and "♠" in text, "the match's keypad")
                for key in keys:  # four clicks at once: the app takes them in their order, however quick
                    await click(key)
                for _ in range(300):  # both cards reach the store
                    if len(stored_ops()) >= done + 2:
                        break
                    await page.wait_for_timeout(100)
                await page.wait_for_timeout(500)  # the page draws them
                await page.screenshot(path=str(shot))
            finally:
                await browser.close()

    def stored_ops() -> list:
        with Store.open(home / "companion.sqlite3", read_only=True) as store:
            return store.ops(match_id)

    done = len(stored_ops())
    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 90))
    stored = stored_ops()
    assert len(stored) == done + 2 and stored[-2:] == [op.to_json() for op in plays]  # both cards were entered, by clicks
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("COMPANION_BROWSER_SHOT")  # e.g. docs/images/tablet-browser.png when regenerating docs
    if keep:
        shutil.copyfile(shot, keep)

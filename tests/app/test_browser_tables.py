"""A club night's table in a real browser: its QR code opens its match and only it, a second tablet on that match
and a spectator follow what the first one enters by finger.

What each page shows is read from its terminal (``tests/helpers/browser``); where to tap, from the same app laid
out headless (``widget_cells``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.club.night import start_op
from companion.club.saved import append, create, table_match
from companion.games.base import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.browser import CHROMIUM, FLAGS, Tablet, laid_out
from tests.helpers.served import served, widget_cells

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")]


async def shows(tablet: Tablet, *words: str) -> str:
    """Wait until the page shows every one of ``words``; the page's text."""
    return await tablet.until(lambda text: all(word in text for word in words), f"{words}")


def test_a_tables_qr_opens_its_match_only_and_a_second_tablet_and_a_spectator_follow_it(tmp_path):
    playwright = pytest.importorskip("playwright.async_api")
    from companion.serving.tablets import match_address

    home = tmp_path / "home"
    home.mkdir()
    path = home / "companion.sqlite3"
    with Store.open(path) as store:
        night_id = create(store, "Mardi", start_op(["Ann", "Bob", "Cy", "Di"], rounds=3))
        append(store, night_id, {"op": "pair"}, 1)  # table 1: Ann–Di, table 2: Bob–Cy
        other = MatchSession.create(store, Setup(("Zoé", "Yves"), CribbageRules(), 0)).match_id  # not the table's

    found: dict[str, int] = {}

    async def drive(server) -> None:
        with Store.open(path) as store:
            table = found["table"] = table_match(store, night_id, 1)  # what « Tablet » on the night's screen does
        address = match_address(path, table)
        assert address is not None and table != other
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                first = await Tablet.open(browser, address, read_terminal=True)
                second = await Tablet.open(browser, address, read_terminal=True)  # its QR scanned twice
                text = await shows(first, "Ann", "Di")
                assert "Zoé" not in text and "Yves" not in text  # nothing of another match
                await shows(second, "Ann", "Di")
                spectator = await Tablet.open(browser, server.view_url, read_terminal=True)
                where = await widget_cells(home, spectator.size, [("find", f"#resume-{table}")], spectator=True)
                await spectator.tap(where[f"#resume-{table}"], 0)
                await shows(spectator, "Ann", "Di")

                # The first tablet enters the starter, 5♥, by two taps; the others show it by themselves.
                keys = ["#keypad #rank-5", "#keypad #suit-1", "#home"]
                where = await widget_cells(home, first.size, [("find", key) for key in keys], only_match=table)
                await first.until(lambda text: laid_out(text, where, dict(zip(keys, ("5", "♥")))), "its keys")
                for key in keys[:2]:
                    await first.tap(where[key], 300)
                for tablet in (first, second, spectator):
                    await shows(tablet, "starter 5♥")
                # Its Menu leads to the match's own home: that match, its rules, the language; nothing else.
                await first.tap(where["#home"], 0)
                text = await shows(first, "This tablet keeps one match", "Back to the match")
                assert "New match" not in text and "Past matches" not in text and "Zoé" not in text
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 120))
    with Store.open(path, read_only=True) as store:
        assert len(store.ops(found["table"])) == 1 and not store.ops(other)

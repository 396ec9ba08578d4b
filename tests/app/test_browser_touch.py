"""By finger alone in a real browser: headless Chromium with touch events (Playwright's touchscreen taps) at a
1024×768 tablet's size opens ``companion serve`` as a table does.

- The play token's page replaces itself in the tab's history: Back never shows an address with the token.
- Taps are a finger's (a touch with a contact area, not a point): a key's lowest row, right above the text
  cursor of the entry line, takes each tap (a user's Chromium moved such touches onto xterm.js's hidden
  textarea under the cursor; the page now keeps that textarea out of reach of touches), and the setup form's
  second name field takes the tap that chooses it (the names used to run together as « AnaRui »).
- A phone: the page picks a font that gives the app about 45 columns upright and 90×20 sideways, and a card is
  entered by taps on the compact layout (the folded board, the wrapped keys) upright.
- A spectator's device (the view token) exports into its own browser's downloads, never onto the laptop, and a
  language chosen on it leaves the laptop's settings as they were.

Where to tap is found as in ``test_browser``: the same app, laid out headless at the terminal size the browser
asked for, says where each widget is, in cells; the canvas's size over that terminal size gives the pixels."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from companion.store.database import Store
from tests.app.test_browser import _mid_play_match
from tests.helpers.browser import (
    CHROMIUM,
    FLAGS,
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    Mirror,
    Tablet,
    laid_out,
    page_lines,
)
from tests.helpers.served import served, widget_cells

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")]


def entries(home: Path, match_id: int) -> int:
    with Store.open(home / "companion.sqlite3", read_only=True) as store:
        return len(store.ops(match_id))


async def stored(tablet: Tablet, home: Path, match_id: int, count: int, timeout: float = 30.0) -> None:
    """Wait until the match holds ``count`` entries: what the page's taps entered has reached the store (a busy
    machine takes longer; each tap is waited for, as a player looks before tapping again)."""
    for _ in range(int(timeout * 10)):
        if entries(home, match_id) == count:
            return
        await tablet.page.wait_for_timeout(100)
    raise AssertionError(f"the match has {entries(home, match_id)} entries, not {count}")


def test_a_tablet_plays_by_taps_near_the_cursor_and_fills_the_setup_form(tmp_path):
    playwright = pytest.importorskip("playwright.async_api")
    home = tmp_path / "home"
    match_id, plays = _mid_play_match(home)
    with Store.open(home / "companion.sqlite3") as store:
        entries_before = len(store.ops(match_id))

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                tablet = await Tablet.open(browser, server.play_url, read_terminal=True)
                page = tablet.page
                assert "token" not in page.url
                cdp = await page.context.new_cdp_session(page)
                visited = [entry["url"] for entry in (await cdp.send("Page.getNavigationHistory"))["entries"]]
                assert visited and not any("token" in url for url in visited), visited  # Back never shows it
                card = plays[0].card
                keys = [f"#keypad #rank-{int(card.rank)}", f"#keypad #suit-{int(card.suit)}"]
                where = await widget_cells(home, tablet.size, [
                    ("find", f"#resume-{match_id}"), ("click", f"#resume-{match_id}"),
                    *[("find", key) for key in keys], ("find", "#undo"), ("find", "#entry"), ("find", "#home"),
                    ("click", "#home"), ("find", "#new-cribbage"), ("click", "#new-cribbage"),
                    ("find", "#name-0"), ("find", "#name-1"), ("find", "#start")])
                # The Undo key stands right above the entry line, where the text cursor is.
                assert 0 < where["#entry"][1] - where["#undo"][1] <= 3
                await tablet.tap(where[f"#resume-{match_id}"], 0)
                labels = dict(zip(keys, (card.symbol[:-1], card.suit.symbol), strict=True))
                await tablet.until(lambda text: laid_out(text, where, labels), "the match's keys, laid out")
                for key in keys:
                    await tablet.tap(where[key])
                await stored(tablet, home, match_id, entries_before + 1)
                # Spaces typed in the entry line bring the text cursor (and xterm.js's textarea) right under Undo.
                await page.keyboard.type(" " * int(where["#undo"][0] - where["#entry:left"][0]))
                undo_x, undo_y = where["#undo"]
                for undone in range(1, 4):  # each tap on Undo's lowest row is one undo (the textarea takes none)
                    await tablet.tap((undo_x, undo_y + 1), 0)
                    await stored(tablet, home, match_id, entries_before + 1 - undone)
                await tablet.tap(where["#home"], 0)
                await tablet.until(lambda text: "New match" in text, "the home screen")
                await tablet.tap(where["#new-cribbage"], 0)
                await tablet.until(lambda text: "Start" in text, "the setup form")
                await tablet.tap(where["#name-0"])
                await page.keyboard.type("Ana")
                await tablet.tap(where["#name-1"])
                await page.keyboard.type("Rui")
                await tablet.tap(where["#start"], 0)
                await tablet.until(lambda text: "Ana" in text and "Start" not in text, "the new match")
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 120))
    with Store.open(home / "companion.sqlite3") as store:
        assert len(store.ops(match_id)) == entries_before + 1 - 3  # one card played by taps, three entries undone
        newest = max(store.list_matches(finished=False), key=lambda r: r.id)
    assert newest.id != match_id and tuple(newest.setup["names"]) == ("Ana", "Rui")


def test_a_spectators_tablet_downloads_its_exports_and_keeps_its_language_to_itself(tmp_path):
    """Each export key of the past matches gives one download: the JSON, then the CSV (one key gave both, and a
    phone's browser may block the second download of one tap). Neither holds a card still hidden (issue 37: a
    spectator's export held the whole pack of the deal being played): a virtual match of every game is in the
    middle of a round."""
    from tests.helpers.secrets import leaks, store_secrets

    playwright = pytest.importorskip("playwright.async_api")
    home = tmp_path / "home"
    match_id, _ = _mid_play_match(home)
    with Store.open(home / "companion.sqlite3") as store:
        secrets = store_secrets(store)
    settings_file = home / "settings.json"
    settings_file.write_text(json.dumps({"lang": "en"}), encoding="utf-8")
    downloads: list = []
    files: list[tuple[str, str]] = []

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                tablet = await Tablet.open(browser, server.view_url, read_terminal=True, accept_downloads=True)
                tablet.page.on("download", lambda download: downloads.append(download))
                where = await widget_cells(home, tablet.size, [
                    ("find", "#lang"), ("find", "#past"), ("click", "#past"), ("find", "#export-json"),
                    ("find", "#export-csv"), ("find", "#back")], spectator=True)
                await tablet.tap(where["#past"], 0)
                await tablet.until(lambda text: "Export" in text, "the past matches")
                for key in ("#export-json", "#export-csv"):
                    async with tablet.page.expect_download(timeout=15_000) as taken:
                        await tablet.tap(where[key], 0)
                    download = await taken.value
                    files.append((download.suggested_filename, Path(await download.path()).read_text("utf-8")))
                await tablet.tap(where["#back"], 0)  # a finger's Back (a tablet has no Escape key)
                # The home screen with its language key, the past matches gone (their title alone said neither).
                await tablet.until(lambda text: "Français" in text and "Export" not in text, "the home screen")
                await tablet.tap(where["#lang"], 0)  # French, on this tablet only
                await tablet.until(lambda text: "Matchs passés" in text, "the home screen in French")
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 120))
    assert len(downloads) == 2, [d.suggested_filename for d in downloads]  # one a tap
    (json_name, json_text), (csv_name, csv_text) = files
    assert json_name.startswith("history-") and json_name.endswith(".json") and csv_name.endswith(".csv")
    assert json.loads(json_text)["matches"] and "Marie" in csv_text and "Paul" in csv_text
    assert len(json.loads(json_text)["matches"]) == 1 + len(secrets) == 6
    assert [leaks(text, secret) for _, text in files for secret in secrets] == [[]] * 2 * len(secrets)
    assert not (home / "exports").exists()  # nothing was written on the laptop
    assert json.loads(settings_file.read_text(encoding="utf-8")) == {"lang": "en"}
    with Store.open(home / "companion.sqlite3") as store:
        assert store.ops(match_id)  # the match is there, unchanged by the spectator


def test_a_phone_gets_the_compact_layout_upright_and_sideways_and_plays_by_taps(tmp_path):
    playwright = pytest.importorskip("playwright.async_api")
    home = tmp_path / "home"
    match_id, plays = _mid_play_match(home)
    with Store.open(home / "companion.sqlite3") as store:
        entries_before = len(store.ops(match_id))
    sizes: dict[str, tuple[int, int]] = {}

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                sideways = await Tablet.open(browser, server.play_url, PHONE_SIDEWAYS)
                sizes["sideways"] = sideways.size
                await sideways.page.context.close()
                phone = await Tablet.open(browser, server.play_url, PHONE_UPRIGHT, read_terminal=True)
                sizes["upright"] = phone.size
                card = plays[0].card
                keys = [f"#keypad #rank-{int(card.rank)}", f"#keypad #suit-{int(card.suit)}"]
                where = await widget_cells(home, phone.size, [
                    ("find", f"#resume-{match_id}"), ("click", f"#resume-{match_id}"),
                    *[("find", key) for key in keys], ("find", "#home")])
                await phone.tap(where[f"#resume-{match_id}"], 0)
                labels = dict(zip(keys, (card.symbol[:-1], card.suit.symbol), strict=True))
                await phone.until(lambda text: laid_out(text, where, labels), "the match's keys, laid out")
                for key in keys:
                    await phone.tap(where[key])
                await stored(phone, home, match_id, entries_before + 1)
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 120))
    columns, rows = sizes["upright"]
    assert 45 <= columns <= 50 and rows >= 40, sizes  # not 40 columns at the tablet's 16 px
    columns, rows = sizes["sideways"]
    assert 80 <= columns <= 100 and 18 <= rows <= 24, sizes
    with Store.open(home / "companion.sqlite3") as store:
        assert len(store.ops(match_id)) == entries_before + 1  # the card tapped on the phone, entered


def test_one_tap_anywhere_on_a_past_matchs_row_opens_it_and_its_notes_are_whole(tmp_path):
    """A past match's row opens its actions at one finger's tap wherever the finger lands on it: Textual's table
    chose a row only when the tap fell on the very cell lit, so a row tapped outside the first column took two taps
    (and a spectator tapping here and there opened nothing). On a tablet, and on a spectator's phone upright. Every
    column is within the page's width, a long text wrapping in its row: the notes were cut to « 2 bras » and
    « 0 roun » at the tablet's edge (a finger cannot scroll a table sideways); on a phone upright, the columns two
    by two. The foot of the page says what a tap does instead of naming keys."""
    import companion.tui.gallery  # noqa: F401  (the games' galleries import from it first)
    from companion.tui.dialogs.match_actions import MatchActionsDialog
    from companion.tui.game_ui import ui_for
    from companion.tui.widgets.table import DataTable
    from tests.helpers.journeys import tap, tap_at, tap_key

    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / "companion.sqlite3") as store:
        for game in ("rummy2500", "le31", "cribbage"):
            ui_for(game).fill_gallery(store)

    async def steps(mirror: Mirror) -> tuple[str, list[bool]]:
        await tap_key(mirror, "past")
        shown = "\n".join(await page_lines(mirror.tablet.page) or [])
        table = mirror.app.screen.query_one("#table", DataTable)
        last = len(table.ordered_columns) - 1
        opened = []
        for row, column in ((1, last - 1), (2, 1), (3, last)):
            x = sum(c.get_render_width(table) for c in table.ordered_columns[:column]) + 1
            y = table.header_height + sum(r.height for r in table.ordered_rows[:row]) + 1
            await tap_at(mirror, table, (x, y))  # one tap
            dialog = mirror.app.screen
            opened.append(isinstance(dialog, MatchActionsDialog)
                          and str(dialog.record.id) == table.ordered_rows[row].key.value)
            if isinstance(dialog, MatchActionsDialog):
                await tap(mirror, "#back")
        return shown, opened

    tablet = mirrored(tmp_path / "play", home, {"tablet": TABLET}, steps)["tablet"]
    phone = mirrored(tmp_path / "spectator", home, {"phone": PHONE_UPRIGHT}, steps, spectator=True)["phone"]
    for shown, opened in (tablet, phone):
        assert opened == [True, True, True], opened
        assert "Tap a match to open it" in shown and "Enter" not in shown
        assert "2 brasses" in shown and "0 rounds" in shown, shown


SMALL_PHONE = {"width": 360, "height": 640}
FINGER_PX = 44  # the least a finger's target is, as touch guidelines ask (tests/app/test_browser_games)


def mirrored(tmp_path: Path, home: Path, viewports: dict[str, dict], steps, *, spectator: bool = False) -> dict:
    """``steps(mirror)`` played by finger on a served page at each viewport (a fresh server each) and on its
    headless twin (``Mirror``: after each tap or swipe the page must show what the twin shows); a screenshot of
    each page at the end (``<name>.png`` in ``tmp_path``). What ``steps`` returned, by viewport's name.
    ``spectator``: the page opens the spectators' address, and the twin is a spectator's app."""
    playwright = pytest.importorskip("playwright.async_api")
    from companion.serving.child import SPECTATOR, spectator_store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp

    results: dict = {}

    async def drive(server, name: str, viewport: dict) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                tablet = await Tablet.open(browser, server.view_url if spectator else server.play_url, viewport,
                                           read_terminal=True)
                twin_home = tmp_path / f"{name}-twin"
                shutil.copytree(home, twin_home)
                twin_path = twin_home / "companion.sqlite3"
                with spectator_store(twin_path) if spectator else Store.open(twin_path) as store:
                    twin = CompanionApp(store, settings=Settings(lang="en"), served=True,
                                        notice=SPECTATOR if spectator else None)
                    async with twin.run_test(size=tablet.size) as pilot:
                        mirror = Mirror(pilot, tablet)
                        await mirror.follow()  # the page's first screen is the twin's
                        results[name] = await steps(mirror)
                await tablet.page.screenshot(path=str(tmp_path / f"{name}.png"))
            finally:
                await browser.close()

    for name, viewport in viewports.items():
        with served(home) as server:
            asyncio.run(asyncio.wait_for(drive(server, name, viewport), 180))
    return results


def test_a_finger_swipes_home_down_to_quit_and_taps_the_club_night(tmp_path):
    """With three matches in progress, home's last keys are below the edge on a 1024×768 tablet (113×40 cells) and
    on a small phone upright (360×640: 51×42 cells; a 390×844 phone shows every key, and sideways keys are one row
    high and all in view). Real touch swipes (CDP touch events, no scroll from the test) bring Quit into view: they
    scrolled nothing before the page turned a drag into wheel turns. The swipe starts on a key, which a drag must
    not open: the page must show, line for line, what its twin shows (the wheel turns the page made, and nothing
    else). Then one tap on Club night opens it."""
    from companion.games.cribbage.engine import Setup
    from companion.games.cribbage.rules import CribbageRules
    from companion.store.session import MatchSession
    from companion.tui.widgets.menu import Menu
    from tests.helpers.journeys import swipe, tap_key

    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / "companion.sqlite3") as store:
        for names in (("Ana", "Rui"), ("Léa", "Paul"), ("Zoé", "Hugo")):
            MatchSession.create(store, Setup(names, CribbageRules(), 0), "cribbage")

    async def steps(mirror: Mirror) -> tuple:
        menu = mirror.app.screen.query_one(Menu)
        hidden = not menu.key_in_view("quit")
        await swipe(mirror, lambda: menu.scroll_to_key("quit"))
        reached = "Quit" in "\n".join(await page_lines(mirror.tablet.page) or [])
        await tap_key(mirror, "club")
        return mirror.tablet.size, hidden, reached, type(mirror.app.screen).__name__

    seen = mirrored(tmp_path, home, {"tablet": TABLET, "phone": SMALL_PHONE}, steps)
    print(f"\nhome swiped to Quit by touch: {seen}")
    for name, (size, hidden, reached, screen) in seen.items():
        assert hidden, f"Quit was in view on the {name} ({size}) before any swipe: nothing to prove"
        assert reached and screen == "ClubNightsScreen", seen[name]


def test_an_open_drop_downs_options_are_a_fingers_height(tmp_path):
    """The setup form's drop-downs (players, at the table or virtual, human or computer), opened by a tap on a tablet
    and on a phone upright: each option is at least 44 CSS px high (it was one row: 19 px on the tablet), measured
    on the twin the page shows line for line (rows × the page's cell height); a tap on an option chooses it, the
    tenth option (10 players) swiped into view first."""
    from textual.widgets._select import SelectOverlay

    from companion.tui.widgets.fields import Select
    from tests.helpers.journeys import choose, open_setup

    home = tmp_path / "home"
    home.mkdir()
    least: dict[str, dict[str, float]] = {}

    async def steps(mirror: Mirror) -> dict:
        heights = least.setdefault(f"{mirror.tablet.size}", {})

        def measure(app) -> None:
            for select in app.screen.query(Select):
                if select.expanded:
                    overlay = select.query_one(SelectOverlay)
                    rows = min(overlay._heights[i] for i in range(overlay.option_count))  # noqa: SLF001
                    heights[select.id or ""] = rows * mirror.tablet.cell[1]

        mirror.seen = measure
        await open_setup(mirror, "rummy2500")
        await choose(mirror, "players", 10)
        await choose(mirror, "mode", "virtual")
        await choose(mirror, "kind-1", "hard")
        return {name: mirror.app.screen.query_one(f"#{name}", Select).value for name in ("players", "mode", "kind-1")}

    chosen = mirrored(tmp_path, home, {"tablet": TABLET, "phone": PHONE_UPRIGHT}, steps)
    print(f"\nan open drop-down's least option, in CSS px: {least}")
    for values in chosen.values():
        assert values == {"players": 10, "mode": "virtual", "kind-1": "hard"}, chosen
    for size, heights in least.items():
        assert set(heights) == {"players", "mode", "kind-1"}, least
        small = {name: px for name, px in heights.items() if px < FINGER_PX}
        assert not small, f"options under {FINGER_PX} px high at {size} cells: {small}"

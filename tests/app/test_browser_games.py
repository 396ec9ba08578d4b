"""Every game, a whole deal by finger in a real browser, on a 1024×768 tablet and on a phone held sideways.

Headless Chromium with touch events opens ``companion serve`` with its play token, and the game's journey
(``tests/helpers/journeys``: home → the game's button → the setup form, each choice tapped → Start → the deal's
entries) is played on it from the home screen, at a real table (each card and play entered by taps), to the end
of the first deal (Le 31's first distribution of hands; the others' first report). Each tap goes to a headless
twin of the app too, which says where it lands; after each, the page must show, line for line, what the twin
shows, and at the end the page's store holds the very entries of the twin's (whose scores the journey checks
against figures worked out by hand).

Every screen state met is measured: its smallest tap target in CSS px (printed with ``-s``); on the tablet each
must be at least 44×44 px, as touch guidelines ask. A phone sideways (about 90×20 cells) is made for play by
thumbs, its keys one row of cells high: reported, not held to 44 px.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from companion.games import registry
from companion.store.database import Store
from companion.store.settings import Settings
from tests.helpers.browser import CHROMIUM, FLAGS, PHONE_SIDEWAYS, TABLET, DealPlayed, Mirror, Tablet
from tests.helpers.journeys import load_all, open_setup
from tests.helpers.served import served

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")]
JOURNEYS = load_all()
GAMES = [game.id for game in registry.available()]
MIN_PX = 44


def first_deal_played(app) -> bool:
    """The match on screen (under any dialog) has played its first deal, as the seam says it: a round reported (a
    deal shown, a brasse, a showdown), or a second deal made (a game that deals several times a round)."""
    for screen in reversed(app.screen_stack):
        session = getattr(screen, "session", None)
        if session is not None:
            match = session.match
            if any(event.report for event in match.events):
                return True
            deals = [type(op) for op in match.log if match.is_chance(op)]
            return deals.count(deals[0]) >= 2 if deals else False
    return False


def smallest_targets(cell: tuple[float, float], found: dict[str, tuple[int, int, str]]):
    """A ``seen`` callback: for each screen state met, its smallest tap target (width, height in px, which)."""
    from companion.dev.targets import targets_on

    def seen(app) -> None:
        state = " > ".join(type(screen).__name__ for screen in app.screen_stack[1:])
        for target in targets_on(app.screen, cell, state):
            least = found.get(state)
            size = (min(target.width_px, target.height_px), target.width_px * target.height_px)
            if least is None or size < (min(least[:2]), least[0] * least[1]):
                found[state] = (target.width_px, target.height_px, target.what)

    return seen


async def play_a_deal(server, home: Path, twin_home: Path, game_id: str, viewport: dict) -> dict:
    from playwright.async_api import async_playwright

    from companion.tui.app import CompanionApp

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            tablet = await Tablet.open(browser, server.play_url, viewport, read_terminal=True)
            store = Store.open(twin_home / "companion.sqlite3")
            twin = CompanionApp(store, settings=Settings(lang="en"), served=True)
            targets: dict[str, tuple[int, int, str]] = {}
            async with twin.run_test(size=tablet.size) as pilot:
                mirror = Mirror(pilot, tablet, stop=first_deal_played, seen=smallest_targets(tablet.cell, targets))
                await mirror.follow()  # the page's home screen is the twin's
                try:
                    await open_setup(mirror, game_id)
                    await JOURNEYS[game_id].play(mirror, "table", "en")
                except DealPlayed:
                    pass
                else:
                    raise AssertionError("the journey ended before its first deal did")
            store.close()
            return {"taps": mirror.taps, "size": tablet.size, "targets": targets}
        finally:
            await browser.close()


def entries(home: Path) -> list[tuple[str, list]]:
    with Store.open(home / "companion.sqlite3", read_only=True) as store:
        return [(record.game, store.ops(record.id)) for record in store.list_matches()]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_deal_by_finger_on_a_tablet_and_on_a_phone_sideways(tmp_path, game_id):
    for name, viewport in (("tablet", TABLET), ("phone", PHONE_SIDEWAYS)):
        home, twin_home = tmp_path / name, tmp_path / f"{name}-twin"
        home.mkdir()
        with served(home) as server:
            shutil.copytree(home, twin_home)  # the server's address file: the twin offers what the page offers
            played = asyncio.run(asyncio.wait_for(play_a_deal(server, home, twin_home, game_id, viewport), 240))
        on_page, on_twin = entries(home), entries(twin_home)
        assert on_page == on_twin and len(on_page) == 1 and on_page[0][0] == game_id
        assert on_page[0][1] and played["taps"] >= 10, played  # a deal's entries, by taps (Trente-et-un: one
        # showdown, its hands tapped card by card)
        report = ", ".join(f"{state or 'home'}: {w}×{h} px ({what})" for state, (w, h, what) in
                           sorted(played["targets"].items()))
        print(f"\n{game_id} on a {name} ({played['size'][0]}×{played['size'][1]} cells), {played['taps']} taps; "
              f"smallest target per screen: {report}")
        if viewport is TABLET:
            small = {state: least for state, least in played["targets"].items() if min(least[:2]) < MIN_PX}
            assert not small, f"targets under {MIN_PX}×{MIN_PX} px on the tablet: {small}"

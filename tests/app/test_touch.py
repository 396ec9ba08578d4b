"""By finger alone: the served page made for touch, a home screen that scrolls, settings that stay on the tablet."""

from __future__ import annotations

import json

from companion.core.errors import CompanionError
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.serving.child import SPECTATOR, spectator_store, tab_settings
from companion.serving.server import served_page
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.widgets.menu import Menu
from companion.tui.widgets.plain import Static
from tests.helpers.scripted import make_app

PAGE = ('<html><head><link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto%20Mono" />'
        '<script src="/static/js/textual.js"></script></head><body><div id="terminal"></div></body></html>')


def test_the_served_page_fits_the_device_and_its_taps_reach_the_app():
    page = served_page(PAGE, "fr")
    head = page[page.index("<head>"):page.index("</head>")]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1' in head
    # A touch near the text cursor is never taken by xterm.js's hidden keyboard textarea.
    assert ".xterm-helper-textarea { pointer-events: none !important; }" in head
    assert "touch-action: manipulation" in head  # no double-tap zoom on a tapped key
    assert 'new WheelEvent("wheel"' in head  # a finger's drag scrolls (test_browser_touch swipes it)
    assert "fonts.googleapis.com" not in page
    assert head.index("viewport") < head.index("textual.js")  # in place before the terminal is measured


async def test_home_scrolls_to_its_last_key_with_unfinished_matches(tmp_path):
    """On a tablet every key is a finger's height (3 rows, about 54 CSS px); with matches to resume the menu is
    taller than the screen, and a swipe brings Quit into view, which then takes a tap."""
    app = make_app(tmp_path, lang="fr")
    for names in (("Ana", "Rui"), ("Léa", "Paul"), ("Zoé", "Hugo")):
        MatchSession.create(app.store, Setup(names, CribbageRules(), 0), "cribbage")
    async with app.run_test(size=(100, 40)) as pilot:  # about a 1024×768 tablet in a browser
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert all(menu.key_region(key).height == 3 for key in menu.key_ids() if menu.key_in_view(key))
        assert not menu.key_in_view("quit")  # below the screen at first
        assert menu.max_scroll_y > 0  # the menu is taller than the screen: a wheel or a swipe scrolls it
        menu.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert menu.key_in_view("quit")
        region = menu.key_region("quit")
        assert await pilot.click(offset=(region.x + 5, region.y + 1))  # reached, and it takes the tap
        await pilot.pause()
    assert not app.is_running


async def test_a_device_served_to_others_never_shows_the_laptops_file_path(tmp_path):
    """A spectator's home says it is a spectator's (it showed « The saved matches file /home/…/companion.sqlite3
    is read-only »), a player's device on a read-only store says so without the path, in its refusals too; the
    laptop's own app names its file."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        match_id = MatchSession.create(store, Setup(("Ana", "Rui"), CribbageRules(), 0), "cribbage").match_id
    devices = {"spectator": (spectator_store(path), SPECTATOR, True),
               "player": (Store.open(path, read_only=True), None, True),
               "laptop": (Store.open(path, read_only=True), None, False)}
    shown: dict[str, str] = {}
    for device, (store, notice, served) in devices.items():
        with store:
            for lang in ("en", "fr"):
                app = CompanionApp(store, settings=Settings(lang=lang), notice=notice, served=served)
                async with app.run_test(size=(113, 40)) as pilot:
                    await pilot.pause()
                    home = " ".join(str(widget.render()) for widget in app.screen.query(Static))
                refused = "nothing refused"
                try:
                    store.set_summary(match_id, {}, True)
                except CompanionError as error:
                    refused = error.text(lang)
                shown[f"{device} {lang}"] = f"{home} | {refused}"
    for device, text in shown.items():
        assert (str(path) in text) == device.startswith("laptop"), (device, text)
    assert "Spectator" in shown["spectator en"] and "Spectateur" in shown["spectator fr"]
    assert "read-only" in shown["player en"] and "lecture seule" in shown["player fr"]


def test_a_choice_made_on_a_tablet_stays_on_that_tablet(tmp_path, monkeypatch):
    home = tmp_path / "laptop"
    home.mkdir()
    monkeypatch.setenv("COMPANION_HOME", str(home))
    laptop = Settings.load()
    laptop.lang = "en"
    laptop.save()
    before = (home / "settings.json").read_text(encoding="utf-8")
    tablet = tab_settings(None)
    assert tablet.lang == "en"  # the laptop's settings are the tablet's defaults
    tablet.lang, tablet.pace = "fr", 0.0
    tablet.save()
    assert (home / "settings.json").read_text(encoding="utf-8") == before
    assert json.loads(before)["lang"] == "en"
    assert tab_settings("fr").lang == "fr"  # the table's language given to « companion serve »


async def test_the_end_of_a_2500_brasse_is_entered_by_taps_alone(tmp_path):
    """The frime, two players' groups (a second group, a lay-off on the other's trio), their hands and a card
    taken back, all by taps. Worked by hand (the French text's values: 2 to 7 count 5, 8 to K 10):
    Ann laid J♠ J♥ J♦ (30) and K♠ K♥ K♦ (30), kept 5♥ (5): 60 − 5 = 55.
    Bob laid Q♠ Q♥ Q♦ (30), added J♣ to Ann's jacks (10), kept 3♣ 4♦ (10): 40 − 10 = 30."""
    from companion.games.base import Setup as GameSetup
    from companion.games.rummy2500.rules import Rummy2500Rules
    from companion.tui.games.rummy2500.brasse import BrasseDialog
    from companion.tui.games.rummy2500.screen import Rummy2500Screen
    from tests.helpers.journeys.rummy2500 import tap_card

    app = make_app(tmp_path)
    session = MatchSession.create(app.store, GameSetup(("Ann", "Bob"), Rummy2500Rules(), 1), "rummy2500")
    async with app.run_test(size=(128, 48)) as pilot:
        app.push_screen(Rummy2500Screen(session))
        await pilot.pause()
        assert await pilot.click("#brasse")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BrasseDialog)

        async def tap(selector: str) -> None:
            assert await pilot.click(selector), selector
            await pilot.pause()

        async def cards(codes: str) -> None:
            for code in codes.split():
                await tap_card(pilot, code)
            await pilot.pause()

        await cards("8C")  # the frime, the first field, has the focus: its rank is the rank of the card tapped
        await tap("#laid-0")
        await cards("JS JH JD")
        await tap("#group")
        await cards("KS KH KD")
        await tap("#hand-0")
        await cards("5H")
        await tap("#laid-1")
        await cards("QS QH QD")
        await tap("#add-on")
        await cards("JC")
        await tap("#hand-1")
        await cards("3C 4D 9C")
        await tap("#erase")  # 9♣ was a slip of the finger
        fields = {name: dialog.query_one(f"#{name}").value for name in ("frime", "laid-0", "laid-1", "hand-1")}
        assert fields == {"frime": "8", "laid-0": "JS JH JD, KS KH KD", "laid-1": "QS QH QD, + JC",
                          "hand-1": "3C 4D"}, fields
        await tap("#ok")
        assert app.screen is not dialog, str(dialog.query_one("#error").render())
    assert session.match.brasses == [[55, 30]]


async def test_le31_quick_tally_is_entered_by_taps_alone(tmp_path):
    """A field tapped takes the digits of the pad under the form: no keyboard, and a 0 is replaced, not grown."""
    from companion.games.base import Setup as GameSetup
    from companion.games.le31.ops import QuickRound
    from companion.games.le31.rules import Le31Rules
    from companion.tui.games.le31.quick import QuickTallyDialog
    from companion.tui.games.le31.screen import Le31Screen

    app = make_app(tmp_path)
    session = MatchSession.create(app.store, GameSetup(("Ana", "Rui"), Le31Rules(), 0), "le31")
    async with app.run_test(size=(120, 48)) as pilot:
        app.push_screen(Le31Screen(session))
        await pilot.pause()
        assert await pilot.click("#quick")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, QuickTallyDialog)
        for field, digits in (("#cards", "28"), ("#red", "77"), ("#ones", "3"), ("#rec_a", "2")):
            assert await pilot.click(field)
            for digit in digits:
                assert await pilot.click(f"#digits #digit-{digit}")
        assert await pilot.click("#red")
        assert await pilot.click("#digits #digit-erase")  # 77 was a slip: 7
        await pilot.pause()
        assert "24 cards, 6 red, one 1" in str(dialog.query_one("#rest").render())  # the other side, said as typed
        assert await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is not dialog, str(dialog.query_one("#error").render())
    entered = session.match.log[-1]
    assert entered == QuickRound((28, 24), (7, 6), (3, 1), 0, 0, (2, 0))


async def test_a_tablet_of_one_match_opens_it_and_nothing_else(tmp_path):
    from companion.games.cribbage.ops import Points
    from companion.tui.app import CompanionApp
    from companion.tui.games.cribbage.screen import CribbageScreen
    from companion.tui.screens.match_end import MatchEndScreen
    from companion.tui.screens.tablet_home import TabletHomeScreen

    other = make_app(tmp_path)
    mine = MatchSession.create(other.store, Setup(("Ana", "Rui"), CribbageRules(), 0), "cribbage")
    MatchSession.create(other.store, Setup(("Léa", "Paul"), CribbageRules(), 0), "cribbage")
    app = CompanionApp(other.store, settings=Settings(lang="en"), served=True, only_match=mine.match_id)
    async with app.run_test(size=(113, 42)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen) and app.screen.session.match_id == mine.match_id
        await pilot.press("escape")  # the match's Menu: the tablet's own home, with that match only
        await pilot.pause()
        assert isinstance(app.screen, TabletHomeScreen)
        ids = {b.id for b in app.screen.query("Button")}
        assert ids == {"open", "rules", "lang"}
        assert "Ana · Rui" in str(app.screen.query_one(".title").render())
        assert await pilot.click("#open")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CribbageScreen)
        screen.apply_ops(Points(0, 121))  # the match won: its end offers no rematch (no other match)
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        assert not app.screen.query("#rematch") and app.screen.query("#home")


async def test_the_organiser_shows_a_tablets_qr_code_for_a_match(tmp_path):
    from companion.serving.tablets import forget_serving, write_serving
    from companion.tui.dialogs.match_actions import MatchActionsDialog
    from companion.tui.dialogs.share import QrDialog

    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ana", "Rui"), CribbageRules(), 0), "cribbage")
    record = app.store.match(session.match_id)
    async with app.run_test(size=(113, 42)) as pilot:
        app.push_screen(MatchActionsDialog(record))
        await pilot.pause()
        assert not app.screen.query("#tablet")  # no server running: nothing to scan
        app.pop_screen()
        write_serving(app.store.path, "http://192.168.1.20:8000", "SECRET")
        try:
            app.push_screen(MatchActionsDialog(record))
            await pilot.pause()
            assert await pilot.click("#tablet")
            await pilot.pause()
            assert isinstance(app.screen, QrDialog)
            summary = str(app.screen.query_one("#summary").render())
            assert summary.startswith("http://192.168.1.20:8000/?token=m") and not app.screen.query("#export")
        finally:
            forget_serving(app.store.path)


async def test_a_served_page_says_what_a_tap_does_and_one_tap_opens_a_past_match(tmp_path):
    """In a browser's page the foot of a screen says what a finger does, never which keys to press; and one tap
    on a past match opens it (Textual's table only lights a row on the first tap)."""
    from companion.tui.app import CompanionApp
    from companion.tui.dialogs.match_actions import MatchActionsDialog
    from companion.tui.screens.past import PastMatchesScreen
    from tests.helpers.journeys import tap
    from tests.helpers.scripted import screen_text

    store = make_app(tmp_path).store
    ids = [MatchSession.create(store, Setup(names, CribbageRules(), 0), "cribbage").match_id
           for names in (("Ana", "Rui"), ("Léa", "Paul"), ("Zoé", "Hugo"))]
    app = CompanionApp(store, settings=Settings(lang="fr", pace=0.0), served=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert "touches :" not in screen_text(app)  # home's keys, not on a tablet
        await tap(pilot, "#past")
        await pilot.pause()
        assert isinstance(app.screen, PastMatchesScreen)
        text = screen_text(app)
        assert "Touchez un match pour l'ouvrir" in text and "Entrée" not in text
        table = app.screen.query_one("#table")
        assert table.cursor_row == 0
        assert await pilot.click("#table", offset=(5, 1 + 3 * 2 + 1))  # the third match's middle row
        await pilot.pause()
        assert isinstance(app.screen, MatchActionsDialog)
        assert sum(isinstance(screen, MatchActionsDialog) for screen in app.screen_stack) == 1  # chosen once
        assert app.screen.record.id == ids[0]  # the newest first: the third row is the first match made

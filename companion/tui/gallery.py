"""Every screen of the app in a known state, for the screenshots command and the snapshot tests.

``build_app`` fills a fresh store with matches entered as at a real table (the
cards come from seeded virtual deals played by the computer players), with fixed
dates; each entry of ``STATES`` drives the app to one screen.
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from companion.cards import format_card
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Cut, Go, Op, Points
from companion.games.cribbage.players import play_turn, table_entries
from companion.games.cribbage.rules import CribbageRules
from companion.session import CribbageSession
from companion.settings import Settings
from companion.store import Store
from companion.tui.app import CompanionApp

NAMES = ("Marie", "Paul", "Léa", "Jean")
FIXED_DATE = "2026-11-14T20:30:00+00:00"


def _entries(setup: Setup, seed: int) -> list[Op]:
    """A whole virtual match under ``setup``'s rules, as a table would enter it."""
    virtual = CribbageMatch(Setup(setup.names, setup.rules, setup.first_dealer, "virtual", seed))
    rng = random.Random(seed) if setup.rules.players > 2 else None
    while virtual.phase not in ("game_over", "match_over"):
        play_turn(virtual, rng)
    return table_entries(virtual)


def _enter(store: Store, setup: Setup, entries: list[Op], until: Callable[[CribbageMatch], bool]) -> int:
    """Create a table-mode match and enter ``entries`` until ``until(match)`` holds."""
    session = CribbageSession.create(store, setup)
    for op in entries:
        if until(session.match):
            break
        if isinstance(op, Cut) and session.match.phase == "deal":
            session.apply(session.match.make_deal())
        session.apply(op)
    return session.match_id


def _mid_play(match: CribbageMatch) -> bool:
    return match.deal_number == 3 and match.phase == "play" and len(match.current) == 3


def build_app(home: Path, lang: str = "en") -> CompanionApp:
    """A store with a few matches, and the app on it (language ``lang``)."""
    os.environ["TZ"] = "UTC"  # dates in the past-matches list do not depend on the machine
    if hasattr(time, "tzset"):
        time.tzset()
    home.mkdir(parents=True, exist_ok=True)
    path = home / "companion.sqlite3"
    store = Store.open(path)
    if not store.list_matches():
        _fill(store)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE matches SET created = ?, updated = ?", (FIXED_DATE, FIXED_DATE))
        store.close()
        store = Store.open(path)
    return CompanionApp(store, settings=Settings(lang=lang))


def _fill(store: Store) -> None:
    two = Setup(NAMES[:2], CribbageRules(), 0)
    finished = CribbageSession.create(store, two)
    for side, points in ((0, 60), (1, 28), (0, 61)):  # quick entry: Marie wins 121-28, a double skunk
        finished.apply(Points(side, points))
    entries = _entries(two, seed=21)
    _enter(store, two, entries, _mid_play)
    three = Setup(NAMES[:3], CribbageRules(players=3), 1)
    _enter(store, three, _entries(three, seed=3), _mid_play)
    four = Setup(NAMES, CribbageRules(players=4), 2)
    _enter(store, four, _entries(four, seed=4), _mid_play)


# ---------------------------------------------------------------- states

State = Callable[[Pilot], Awaitable[None]]


def _match_id(app: CompanionApp, players: int) -> int:
    for record in app.store.list_matches(finished=False):
        if len(record.setup["names"]) == players:
            return record.id
    raise LookupError(players)


async def _settle(pilot: Pilot) -> None:
    await pilot.pause()
    for screen in pilot.app.screen_stack:
        for widget in screen.query(Input):
            widget.cursor_blink = False
    await pilot.pause()


async def _open(pilot: Pilot, players: int = 2) -> None:
    from companion.tui.screens.match import open_match

    open_match(pilot.app, _match_id(pilot.app, players))
    await _settle(pilot)


async def home(pilot: Pilot) -> None:
    await _settle(pilot)


async def setup(pilot: Pilot) -> None:
    await pilot.press("n")
    await _settle(pilot)


async def match_play(pilot: Pilot) -> None:
    await _open(pilot)


async def match_three(pilot: Pilot) -> None:
    await _open(pilot, 3)


async def match_four(pilot: Pilot) -> None:
    await _open(pilot, 4)


async def _play_to_show(pilot: Pilot) -> None:
    await _open(pilot)
    screen = pilot.app.screen
    for op in _remaining(screen.session):
        if screen.session.match.phase != "play":
            break
        screen.interpret("go" if isinstance(op, Go) else format_card(op.card, "ascii", pilot.app.lang))
    await _settle(pilot)


def _remaining(session: CribbageSession) -> list[Op]:
    """The rest of the scripted entries of the gallery's two-player match."""
    setup_ = session.setup
    entries = _entries(Setup(setup_.names, setup_.rules, setup_.first_dealer), seed=21)
    done = [op for op in session.match.log if not op.name == "deal"]
    return entries[len(done):]


async def match_show(pilot: Pilot) -> None:
    await _play_to_show(pilot)
    pilot.app.screen.interpret("count" if pilot.app.lang == "en" else "compter")
    await _settle(pilot)


async def match_crib(pilot: Pilot) -> None:
    await match_show(pilot)
    screen = pilot.app.screen
    screen.interpret("count")
    crib = next(op for op in _remaining(screen.session) if isinstance(op, Crib))
    screen.interpret(" ".join(format_card(c, "ascii", pilot.app.lang) for c in crib.cards[:2]))
    await _settle(pilot)


async def points_dialog(pilot: Pilot) -> None:
    await _open(pilot)
    await pilot.click("#points")
    await _settle(pilot)
    await pilot.click("#digit-7")
    await _settle(pilot)


async def history(pilot: Pilot) -> None:
    await _open(pilot)
    await pilot.click("#history-button")
    await _settle(pilot)


async def correct_dialog(pilot: Pilot) -> None:
    await history(pilot)
    await pilot.press("enter")  # the highlighted entry: the last card played
    await _settle(pilot)


async def match_end(pilot: Pilot) -> None:
    await _open(pilot)
    screen = pilot.app.screen
    screen.interpret("+100 Marie")
    await _settle(pilot)


async def past(pilot: Pilot) -> None:
    await pilot.press("p")
    await _settle(pilot)


async def help_screen(pilot: Pilot) -> None:
    await pilot.press("h")
    await _settle(pilot)


async def false_go(pilot: Pilot) -> None:
    """A go said while holding a card that fitted: flagged when the hand is shown."""
    from companion.tui.screens.match import MatchScreen

    app = pilot.app
    session = CribbageSession.create(app.store, Setup(NAMES[:2], CribbageRules(), 0))
    app.push_screen(MatchScreen(session))
    await _settle(pilot)
    screen = app.screen
    # Starter 2♣. Paul K♠ (10), Marie Q♥ (20), Paul 5♦ (25); Marie go (J♠ 9♦ 8♣ do not fit); Paul says go
    # though his 4♦ fits (1 for Paul). Marie J♠, Paul 4♦, Marie 9♦, Paul 7♠ (30); Marie go (1 for Paul);
    # Marie 8♣ (last card). At the show Paul's hand reveals the 4♦.
    for text in ("2c", "ks", "qh", "5d", "go", "go", "js", "4d", "9d", "7s", "go", "8c", "count"):
        screen.interpret(text)
    await _settle(pilot)


async def claim(pilot: Pilot) -> None:
    """Manual counting with muggins: the player says how many points he counts."""
    from companion.tui.screens.match import MatchScreen

    app = pilot.app
    rules = CribbageRules(manual_counting=True, muggins=True)
    session = CribbageSession.create(app.store, Setup(NAMES[:2], rules, 0))
    app.push_screen(MatchScreen(session))
    await _settle(pilot)
    screen = app.screen
    for text in ("5h", "10d", "5c", "kd", "6s", "4h", "7d", "9s", "8c", "count"):
        screen.interpret(text)
    await _settle(pilot)


async def muggins(pilot: Pilot) -> None:
    await claim(pilot)
    for key in ("2", "ok"):
        await pilot.click(f"#digit-{key}")
    await _settle(pilot)


STATES: dict[str, State] = {
    "home": home,
    "setup": setup,
    "match-play": match_play,
    "match-show": match_show,
    "match-crib": match_crib,
    "match-three-players": match_three,
    "match-four-players": match_four,
    "points-dialog": points_dialog,
    "history": history,
    "correct-dialog": correct_dialog,
    "false-go": false_go,
    "claim-dialog": claim,
    "muggins-dialog": muggins,
    "match-end": match_end,
    "past-matches": past,
    "help": help_screen,
}

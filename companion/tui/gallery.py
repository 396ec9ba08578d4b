"""Every screen of the app in a known state, for the screenshots command and the snapshot tests.

``build_app`` fills a fresh store with each game's gallery matches (``GameUI.fill_gallery``),
with fixed dates; ``states()`` maps a name to a coroutine that drives the app to one screen:
the shell's own screens here, each game's from its UI object.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen

from companion.club import saved
from companion.club.night import start_op
from companion.games import registry
from companion.store.database import Store
from companion.store.errors import FILE_READ_ONLY, READ_ONLY_BECAUSE
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.round_report import RoundReport
from companion.tui.dialogs.share import ShareDialog
from companion.tui.game_ui import ui_for
from companion.tui.screens.autoplay import computers_thinking
from companion.tui.screens.club import ClubNightScreen
from companion.tui.screens.evenings import EveningsScreen
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.screens.players import PlayersScreen
from companion.tui.widgets.menu import Menu

if TYPE_CHECKING:
    from companion.games.base import Setup

NAMES = ("Marie", "Paul", "Léa", "Jean")
FIXED_DATE = "2026-11-14T20:30:00+00:00"

State = Callable[[Pilot[None]], Awaitable[None]]


def build_app(home: Path, lang: str = "en") -> CompanionApp:
    """A store with a few matches of every game, and the app on it (language ``lang``)."""
    os.environ["TZ"] = "UTC"  # dates in the past-matches list do not depend on the machine
    if hasattr(time, "tzset"):
        time.tzset()
    home.mkdir(parents=True, exist_ok=True)
    path = home / "companion.sqlite3"
    store = Store.open(path)
    if not store.list_matches():
        for game in registry.available():
            ui_for(game.id).fill_gallery(store)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE matches SET created = ?, updated = ?", (FIXED_DATE, FIXED_DATE))
        store.close()
        store = Store.open(path)
    return CompanionApp(store, settings=Settings(lang=lang))


S = TypeVar("S", bound=Screen[Any])


def app_of(pilot: Pilot[None]) -> CompanionApp:
    """The app a gallery state drives (Textual's pilot knows it as any ``App``)."""
    app = pilot.app
    assert isinstance(app, CompanionApp)
    return app


def screen_of(pilot: Pilot[None], kind: type[S]) -> S:
    """The screen on top, as the kind of screen the state expects to find there."""
    screen = pilot.app.screen
    assert isinstance(screen, kind), f"{type(screen).__name__} on top, not a {kind.__name__}"
    return screen


async def think(pilot: Pilot[None]) -> None:
    """A pause that also waits for a computer's move being found in a worker (and shown)."""
    await pilot.pause()
    for _ in range(30_000):  # at most a minute
        if not computers_thinking(pilot.app):
            break
        await asyncio.sleep(0.002)
        await pilot.pause()


async def settle(pilot: Pilot[None]) -> None:
    await think(pilot)
    await think(pilot)


async def start_virtual(pilot: Pilot[None], game_id: str, setup: Setup) -> MatchScreenBase:
    """A virtual match opened at instant pace, once the computers have handed over to the human."""
    app = app_of(pilot)
    app.settings.pace = 0.0
    screen = ui_for(game_id).match_screen(MatchSession.create(app.store, setup, game_id))
    assert isinstance(screen, MatchScreenBase)
    app.push_screen(screen)
    for _ in range(500):
        await think(pilot)
        if screen.waiting and screen.acting_human() is not None:
            break
    return screen


async def virtual_report(pilot: Pilot[None], game_id: str, setup: Setup) -> None:
    """A virtual match of computer players only, played to the end of its first round: its report on screen."""
    app = app_of(pilot)
    app.settings.pace = 0.001  # at once, but not "instant": the report waits for a tap
    app.push_screen(ui_for(game_id).match_screen(MatchSession.create(app.store, setup, game_id)))
    for _ in range(5000):
        await think(pilot)
        if isinstance(app.screen, RoundReport):
            break
    await settle(pilot)


async def home(pilot: Pilot[None]) -> None:
    await settle(pilot)


async def setup(pilot: Pilot[None]) -> None:
    await pilot.press("n")
    await settle(pilot)


async def past(pilot: Pilot[None]) -> None:
    await pilot.press("p")
    await settle(pilot)


async def help_screen(pilot: Pilot[None]) -> None:
    await pilot.press("h")
    await settle(pilot)
    if isinstance(pilot.app.screen, ChoiceDialog):  # several games: the first one's rules
        await pilot.click("#answer-0")
        await settle(pilot)


def _damage_one(pilot: Pilot[None]) -> int:
    """Make one stored match unreadable (its last entry), as a damaged disk would: the first one home offers to
    resume."""
    record = next(r for r in app_of(pilot).store.list_matches(finished=False))
    with sqlite3.connect(app_of(pilot).store.path) as conn:
        conn.execute("UPDATE ops SET op = 'oops' WHERE match_id = ? AND seq = ?", (record.id, record.head))
    app_of(pilot).damage_checked.clear()  # damaged behind the app's back: check again, as at a new start
    return record.id


async def home_damaged(pilot: Pilot[None]) -> None:
    """Home with one damaged match: it is listed with the reason, the others open normally."""
    _damage_one(pilot)
    pilot.app.screen.refresh(recompose=True)
    await settle(pilot)


async def damaged_match(pilot: Pilot[None]) -> None:
    """What opening a damaged match says, and what it offers."""
    match_id = _damage_one(pilot)
    pilot.app.screen.refresh(recompose=True)
    await settle(pilot)
    pilot.app.screen.query_one(Menu).choose(f"resume-{match_id}")
    await settle(pilot)


async def _read_only(pilot: Pilot[None]) -> None:
    """The app as it starts on a file it may not write (here: opened read-only, as for a read-only file)."""
    app = app_of(pilot)
    path = app.store.path
    app.store.close()
    app.store = Store.open(path, read_only=True)
    app.notice = READ_ONLY_BECAUSE(path=str(path), why=FILE_READ_ONLY)
    app.screen.refresh(recompose=True)
    await settle(pilot)


async def read_only_home(pilot: Pilot[None]) -> None:
    """Read-only mode: home says so, and why; every match can still be opened, viewed and exported."""
    await _read_only(pilot)


async def read_only_start(pilot: Pilot[None]) -> None:
    """Read-only mode: a new match's Start is refused with the reason, the form kept as it was."""
    await _read_only(pilot)
    await pilot.press("n")
    await settle(pilot)
    await pilot.click("#start")
    await settle(pilot)


async def share_match(pilot: Pilot[None]) -> None:
    """A finished match's summary as a QR code, with its export."""
    record = sorted(app_of(pilot).store.list_matches(finished=True), key=lambda r: r.id)[0]
    pilot.app.push_screen(ShareDialog(record))
    await settle(pilot)


async def statistics(pilot: Pilot[None]) -> None:
    """Every game's statistics (the gallery's cribbage matches), with the win rate over time."""
    await pilot.press("s")
    await settle(pilot)


async def club_night(pilot: Pilot[None]) -> None:
    """A twelve-player club night after three rounds: the fourth round's tables and the standings."""
    players = ["Marie", "Paul", "Léa", "Jean", "Zoé", "Luc", "Hugo", "Anne", "Éric", "Nadia", "Yves", "Chloé"]
    store = app_of(pilot).store
    night_id = saved.create(store, "Club du mardi", start_op(players, rounds=9))
    scores = [75, 98, 110, 89, 120, 101, 64, 93, 117, 105, 88, 99, 112, 95, 80, 118, 107, 91]
    for round_no in range(4):
        night = saved.append(store, night_id, {"op": "pair"}, len(saved.load(store, night_id).night.log))
        if round_no == 3:
            break
        for t, (a, b) in enumerate(night.tables(night.round), 1):
            score = scores[(round_no * 6 + t) % len(scores)]
            night = saved.append(store, night_id, {"op": "result", "table": t, "winner": a if (t + round_no) % 3 else b,
                                                    "loser_score": score}, len(night.log))
    night = saved.append(store, night_id, {"op": "result", "table": 2, "winner": night.tables(4)[1][0],
                                            "loser_score": 102}, len(night.log))
    pilot.app.push_screen(ClubNightScreen(night_id))
    await settle(pilot)


async def players(pilot: Pilot[None]) -> None:
    """The roster: each player, his matches and the other names he played under."""
    pilot.app.push_screen(PlayersScreen())
    await settle(pilot)


async def evenings(pilot: Pilot[None]) -> None:
    """The gallery's matches as one evening, its standing and the way to share it."""
    pilot.app.push_screen(EveningsScreen())
    await settle(pilot)


SHELL_STATES: dict[str, State] = {"home": home, "setup": setup, "past-matches": past, "help": help_screen,
                                  "home-damaged": home_damaged, "damaged-match": damaged_match,
                                  "share-match": share_match, "statistics-all": statistics,
                                  "club-night": club_night, "evenings": evenings, "players": players,
                                  "read-only": read_only_home, "read-only-start": read_only_start}
# States whose screen names a temporary file's path: drawn into screenshots/, not compared as snapshots.
NOT_SNAPSHOTTED = {"read-only", "read-only-start"}


def states() -> dict[str, State]:
    """The shell's states, then every game's."""
    found = dict(SHELL_STATES)
    for game in registry.available():
        found.update(ui_for(game.id).gallery())
    return found


STATES: dict[str, State] = states()  # the games' own states import NAMES, State and settle from above

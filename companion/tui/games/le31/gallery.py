"""Le 31's gallery states: a round in progress entered at the table, a card with several plays, a quick tally."""

from __future__ import annotations

from textual.pilot import Pilot

from companion.games.base import Setup
from companion.games.le31.deck import DEFAULT_DECK as D
from companion.games.le31.ops import Build, Capture, Deal, Trail
from companion.games.le31.rules import Le31Rules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.tui.gallery import NAMES, State, app_of, screen_of, settle, start_virtual, think, virtual_report
from companion.tui.game_ui import open_match, ui_for
from companion.tui.games.le31.play_dialog import PlayDialog
from companion.tui.games.le31.screen import Le31Screen


def fill(store: Store) -> None:
    """Marie deals; Paul takes 2 + 3 + 1 with his 6, Marie lays a 4 down, Paul builds 7, Marie lays an 8."""
    session = MatchSession.create(store, Setup(NAMES[:2], Le31Rules(), 0), "le31")
    c = D.parse
    for op in (Deal(table=tuple(D.parse_many("2B 3G 1Y 9R"))), Capture(1, c("6R"), tuple(D.parse_many("2B 3G 1Y"))),
               Trail(0, c("4Y")), Build(1, c("3B"), (c("4Y"),), 7), Trail(0, c("8G"))):
        session.apply(op)


def _match_id(pilot: Pilot[None]) -> int:
    return next(r.id for r in app_of(pilot).store.list_matches(finished=False) if r.game == "le31")


async def le31_play(pilot: Pilot[None]) -> None:
    open_match(pilot.app, _match_id(pilot))
    await settle(pilot)


async def le31_choice(pilot: Pilot[None]) -> None:
    """Paul must take his 7; at Marie's next turn an 8 can take the 8 or be laid down: the app asks which."""
    await le31_play(pilot)
    screen = screen_of(pilot, Le31Screen)
    screen.interpret("7g x [7]")
    await settle(pilot)
    screen.interpret("8b")
    await settle(pilot)


async def le31_quick(pilot: Pilot[None]) -> None:
    session = MatchSession.create(app_of(pilot).store, Setup(NAMES[:2], Le31Rules(), 1), "le31")
    pilot.app.push_screen(ui_for("le31").match_screen(session))
    await settle(pilot)
    await pilot.click("#quick")
    await settle(pilot)


async def le31_virtual(pilot: Pilot[None]) -> None:
    """A virtual match against the computer, at the human's turn after a few plays."""
    setup = Setup(("Marie", "Ordi"), Le31Rules(), 1, "virtual", 4, ("human", "hard"))
    screen = await start_virtual(pilot, "le31", setup)
    for _ in range(2):  # a couple of plays: the first card lit, its first play offered each time
        playable = next(key for key in screen.query("#hand Button") if not key.disabled)
        await pilot.click(f"#{playable.id}")
        await settle(pilot)
        if pilot.app.screen is not screen:  # the play dialog: the first table card lit, then the first play
            dialog = screen_of(pilot, PlayDialog)
            if not dialog.offered:
                lit = next(b for b in dialog.query("#table-keys Button") if not b.disabled)
                await pilot.click(f"#{lit.id}")
                await settle(pilot)
            await pilot.click("#play-0")
        for _ in range(200):
            await think(pilot)
            if screen.waiting and screen.acting_human() is not None:
                break
    await settle(pilot)


async def le31_report(pilot: Pilot[None]) -> None:
    """The end of a virtual round: its tally, item by item."""
    await virtual_report(pilot, "le31", Setup(("Marie", "Ordi"), Le31Rules(), 1, "virtual", 4, ("normal", "hard")))


STATES: dict[str, State] = {"le31-play": le31_play, "le31-choice": le31_choice, "le31-quick": le31_quick,
                            "le31-virtual": le31_virtual, "le31-report": le31_report}

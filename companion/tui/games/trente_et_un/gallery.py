"""Trente-et-un gallery states: a knock game after one showdown, and a banker game's showdown being entered."""

from __future__ import annotations

from textual.pilot import Pilot

from companion.core.cards import parse_cards
from companion.games.base import Setup
from companion.games.trente_et_un.engine import showdown_of
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.tui.gallery import NAMES, State, app_of, screen_of, settle, start_virtual, virtual_report
from companion.tui.game_ui import open_match
from companion.tui.games.trente_et_un.screen import TrenteScreen


def fill(store: Store) -> None:
    knock = MatchSession.create(store, Setup(NAMES, KnockRules(), 0), "trente_et_un")
    knock.apply(showdown_of([parse_cards(h) for h in ("AH KH JH", "7S 7D 7C", "QS 9S 2D", "10C 8C 3H")], knocker=2))
    banker = MatchSession.create(store, Setup(NAMES + ("Zoé", "Luc"), BankerRules(), 0), "trente_et_un_banker")
    banker.apply(showdown_of([parse_cards(h) for h in ("AH KH QH", "7S 8D 9C", "10S JS 7H", "8C 9D 10H",
                                                        "AS QS 7D", "KC QC JC")]))


def _open(pilot: Pilot[None], game: str) -> None:
    open_match(pilot.app, next(r.id for r in app_of(pilot).store.list_matches(finished=False) if r.game == game))


async def trente_knock(pilot: Pilot[None]) -> None:
    _open(pilot, "trente_et_un")
    await settle(pilot)


async def trente_banker(pilot: Pilot[None]) -> None:
    _open(pilot, "trente_et_un_banker")
    await settle(pilot)
    screen_of(pilot, TrenteScreen).interpret("ad kd qd 7h 8h")
    await settle(pilot)


async def trente_virtual(pilot: Pilot[None]) -> None:
    """Draw and knock against two computer players, at the human's turn after drawing: the card to throw."""
    setup = Setup(("Marie", "Ordi 1", "Ordi 2"), KnockRules(), 2, "virtual", 5, ("human", "normal", "hard"))
    await start_virtual(pilot, "trente_et_un", setup)
    await pilot.click("#stock")
    await settle(pilot)


async def banker_virtual(pilot: Pilot[None]) -> None:
    """The banker game against four computer players, one of the human's cards picked for a swap."""
    setup = Setup(("Marie", "Ordi 1", "Ordi 2", "Ordi 3", "Ordi 4"), BankerRules(), 1, "virtual", 3,
                  ("human", "easy", "normal", "normal", "hard"))
    screen = await start_virtual(pilot, "trente_et_un_banker", setup)
    assert isinstance(screen, TrenteScreen)
    if not screen.match.live.blind_done:
        await pilot.click("#keep")
        await settle(pilot)
    await pilot.click("#slot-0")
    await settle(pilot)


async def trente_report(pilot: Pilot[None]) -> None:
    """The end of a virtual deal of the knock game: the showdown, hand by hand."""
    await virtual_report(pilot, "trente_et_un", Setup(("Marie", "Ordi", "Robot"), KnockRules(), 0, "virtual", 6,
                                                      ("normal", "hard", "normal")))


async def banker_report(pilot: Pilot[None]) -> None:
    """The end of a virtual deal with a banker: the lowest hands pay the corbeille."""
    await virtual_report(pilot, "trente_et_un_banker",
                         Setup(("Marie", "Ordi", "Robot", "Luc"), BankerRules(), 0, "virtual", 5,
                               ("normal", "hard", "normal", "easy")))


STATES: dict[str, State] = {"trente-knock": trente_knock, "trente-banker": trente_banker,
                            "trente-virtual": trente_virtual, "banker-virtual": banker_virtual,
                            "trente-report": trente_report, "banker-report": banker_report}

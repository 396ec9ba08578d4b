"""Scripted matches for UI tests: what really happened at a table, and how to enter it.

A virtual match played by the computer players gives a realistic sequence of
entries (starter, cards played, goes, hands, crib); the tests then enter that
sequence into the table-mode app by taps or by keys, and compare the final
scores with the virtual match's own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.cards import Card
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Cut, Go, NewGame, Op, Play, Show
from companion.games.cribbage.players import play_out, table_entries
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.games.cribbage.screen import CribbageScreen
from tests.helpers.journeys import tap_at, until


@dataclass
class Script:
    setup: Setup  # table-mode setup to enter it with
    entries: list[Op]  # what the players enter, in order
    final: CribbageMatch  # the virtual match, for its final state


def scripted_match(players: int = 2, target: int = 61, seed: int = 7, games_to_win: int = 1,
                   four_player_mode: str = "teams", first_dealer: int = 0) -> Script:
    rules = CribbageRules(players=players, target=target, games_to_win=games_to_win,
                          four_player_mode=four_player_mode)
    names = ("Marie", "Paul", "Léa", "Jean")[:players]
    virtual = CribbageMatch(Setup(names, rules, first_dealer, "virtual", seed))
    play_out(virtual, random.Random(seed) if players > 2 else None)
    entries = table_entries(virtual)
    return Script(Setup(names, rules, first_dealer, "table"), entries, virtual)


def first_deal(script: Script) -> list[Op]:
    """The entries of the first deal: up to and including its crib."""
    entries = []
    for op in script.entries:
        entries.append(op)
        if isinstance(op, Crib):
            break
    return entries


def make_app(tmp_path, lang: str = "en", pace: float = 1.0) -> CompanionApp:
    store = Store.open(tmp_path / "companion.sqlite3")
    return CompanionApp(store, settings=Settings(lang=lang, pace=pace))


async def tap_card(pilot, card: Card) -> None:
    rank = pilot.app.screen.query_one(f"#keypad #rank-{int(card.rank)}")
    await until(pilot, lambda: not rank.disabled)  # a new screen takes its match a moment after it shows
    await tap_at(pilot, rank)
    suit = pilot.app.screen.query_one(f"#keypad #suit-{int(card.suit)}")
    await pilot.click(suit)  # at once: the keypad takes a suit's tap after the rank's, however quick


async def enter_by_taps(pilot, entry: Op) -> None:
    if isinstance(entry, (Cut, Play)):
        await tap_card(pilot, entry.card)
    elif isinstance(entry, Go):
        await pilot.click("#go")
    elif isinstance(entry, Show):
        await pilot.click("#count")  # the hand is known from the cards its player pegged
    elif isinstance(entry, Crib):
        for card in entry.cards:
            await tap_card(pilot, card)
        await pilot.click("#count")
    elif isinstance(entry, NewGame):
        await pilot.click("#next")
    await pilot.pause()


async def enter_by_keys(pilot, entry: Op) -> None:
    if isinstance(entry, (Cut, Play)):
        await pilot.press(*entry.card.code.lower(), "enter")
    elif isinstance(entry, Go):
        await pilot.press("g", "o", "enter")
    elif isinstance(entry, Show):
        await pilot.press(*"count", "enter")
    elif isinstance(entry, Crib):
        for card in entry.cards:
            await pilot.press(*card.code.lower(), "enter")
        await pilot.press(*"count", "enter")
    elif isinstance(entry, NewGame):
        await pilot.press("enter")  # "Next game" has the focus in the end-of-game dialog
    await pilot.pause()


async def settle_virtual(pilot, screen, rounds: int = 600) -> None:
    """Let the computers move (instant pace) until a human must act or the game is over."""
    for _ in range(rounds):
        await pilot.pause()
        if screen.app.screen is not screen:
            return  # a dialog: the device is being passed, a choice of plays, or the game's end
        if screen.waiting and (screen.match.is_over or screen.match.awaiting_continue
                               or screen.acting_human() is not None):
            return
    raise AssertionError("the computers never handed over")


# A deal worked by hand, typed at the table: dealer Marie, starter 5♥; Paul 10♦ K♦ 4♥ 9♠ (4), Marie 5♣ 6♠ 7♦ 8♣
# (12), crib 2♠ 3♠ Q♥ J♥ (9); the pegging gives Marie 8 and Paul 0.
DEAL = "5h 10d 5c kd 6s 4h 7d 9s 8c".split()


async def open_session(pilot, app, rules=CribbageRules(), names=("Marie", "Paul")) -> CribbageScreen:
    """A new cribbage match at the table, its screen open (Marie deals first)."""
    session = MatchSession.create(app.store, Setup(names, rules, 0), "cribbage")
    app.push_screen(CribbageScreen(session))
    await pilot.pause()
    return app.screen


async def type_in(pilot, screen, *texts) -> None:
    """Lines typed in the match screen's entry field, one after the other."""
    for text in texts:
        screen.interpret(text)
        await pilot.pause()


def message(screen) -> str:
    return str(screen.query_one("#message").render())


def screen_text(app) -> str:
    """What the device's screen shows, as text (every line of the terminal, as it was last drawn)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())  # noqa: SLF001

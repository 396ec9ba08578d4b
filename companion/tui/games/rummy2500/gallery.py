"""2500's gallery: a match at the table (its brasse dialog, turns entered by taps), one against the computer,
the end of a virtual brasse."""

from __future__ import annotations

from textual.pilot import Pilot

from companion.core.cards import Card, parse_cards
from companion.games.base import Setup
from companion.games.rummy2500.ops import Brasse, DrawStock, Meld, OpenBrasse, Throw
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.tui.gallery import State, app_of, settle, start_virtual, virtual_report
from companion.tui.game_ui import open_match
from companion.tui.games.rummy2500.screen import Rummy2500Screen


def fill(store: Store) -> None:
    session = MatchSession.create(store, Setup(("Marie", "Paul", "Léa"), Rummy2500Rules(), 0), "rummy2500")
    g = parse_cards
    session.apply(Brasse(8, ((tuple(g("JS JH JD")), tuple(g("6C 6S 8H"))), (tuple(g("3S 3H 3D")),), ()),
                         ((), (), ()), (tuple(g("7H KD 10S 8C")), tuple(g("7H KD 10S 8D")), tuple(g("AS 9D")))))
    session.apply(Brasse(1, ((tuple(g("AS AH AD")), tuple(g("7S 7H 7D"))), (tuple(g("8C 8D 8C")), tuple(g("10H 10S 10H"))),
                             (tuple(g("QS QH AC")),)),
                         ((tuple(g("8S 8H")), tuple(g("10D 10C"))), (), ()),
                         (tuple(g("6H JD 5S 4C")), tuple(g("KS KH 9C 9H 4D")), tuple(g("3C")))))
    # A second match, its first brasse under way turn by turn at the table.
    turns = MatchSession.create(store, Setup(("Hugo", "Anne", "Zoé"), Rummy2500Rules(), 2), "rummy2500")
    turns.apply(OpenBrasse(tuple(g("9S QH 8D")), g("JC")[0]))  # Zoé deals: the frime is 8
    for op in (DrawStock(0), Throw(0, g("4H")[0]), DrawStock(1), Meld(1, tuple(g("QH QS 8C"))),
               Throw(1, g("5D")[0]), DrawStock(2)):
        turns.apply(op)


async def rummy_table(pilot: Pilot[None]) -> None:

    records = app_of(pilot).store.list_matches(finished=False)
    open_match(app_of(pilot), next(r.id for r in records if r.game == "rummy2500" and "Marie" in r.setup["names"]))
    await settle(pilot)


async def rummy_turns(pilot: Pilot[None]) -> None:

    records = app_of(pilot).store.list_matches(finished=False)
    open_match(app_of(pilot), next(r.id for r in records if r.game == "rummy2500" and "Hugo" in r.setup["names"]))
    await settle(pilot)
    for code in ("KS", "KD"):
        card = g_one(code)
        await pilot.click(f"#keypad #rank-{int(card.rank)}")
        await pilot.click(f"#keypad #suit-{int(card.suit)}")
    await settle(pilot)


def g_one(code: str) -> Card:
    return parse_cards(code)[0]


async def rummy_brasse(pilot: Pilot[None]) -> None:
    await rummy_table(pilot)
    await pilot.click("#brasse")
    await settle(pilot)


async def rummy_virtual(pilot: Pilot[None]) -> None:
    """A virtual match against two computer players, at the human's first turn, two cards tapped."""
    setup = Setup(("Marie", "Ordi", "Robot"), Rummy2500Rules(), 1, "virtual", 11, ("human", "hard", "normal"))
    screen = await start_virtual(pilot, "rummy2500", setup)
    assert isinstance(screen, Rummy2500Screen)
    await pilot.click("#stock")
    await settle(pilot)
    hand = sorted((c for c in screen.match.live.hands[0] if c is not None), key=lambda c: (c.rank, c.suit))
    for slot in range(min(2, len(hand))):
        await pilot.click(f"#slot-{slot}")
    await settle(pilot)


async def rummy_report(pilot: Pilot[None]) -> None:
    """The end of a virtual brasse: who went out, what each laid and kept."""
    await virtual_report(pilot, "rummy2500", Setup(("Marie", "Ordi", "Robot"), Rummy2500Rules(), 1, "virtual", 11,
                                                   ("normal", "hard", "normal")))


STATES: dict[str, State] = {"rummy-table": rummy_table, "rummy-brasse": rummy_brasse, "rummy-turns": rummy_turns,
          "rummy-virtual": rummy_virtual, "rummy-report": rummy_report}

"""Each player's phone as a real hand (issue 39) in a real browser: headless Chromium with touch, on ``companion
serve``, each player's phone on his seat's page (``serving/seat_page.py``: drawn from his seat's view and choices,
pushed by server-sent events), the table's tablet on the Textual app (the match's code).

- Every game, a virtual deal played to its end: the table's tablet open (it deals and moves for the computers),
  a phone for each human, one held upright and one sideways, one in French and one in English; each human's move
  made by finger on his phone (his cards, the table's, a number, then the choice's button). At each state the
  table hands over, every phone must show what the rules draw for its seat, and no page (nor the tablet) a card
  hidden from it; every page read while the table moves too.
- A phone closed mid-deal and opened again on the bare address (its cookie keeps the seat) shows its hand again
  and plays on.
- At a real table (cribbage and 2500), each player enters his own plays from his phone: the card played among
  those not seen yet, a go, his hand at the show; his draw, a pige taken, his trios and lay-offs.
- A seat's code opens one device (a second is refused), and a seat's token forged for another match is refused,
  in the address or as the cookie, on every route.
- Every target of every phone state is measured, upright (390×844) and sideways (844×390): 44×44 CSS px and
  text of 16 px at least (the smallest printed with ``-s``).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.games import registry
from companion.games.base import Match, Setup
from companion.games.seats import same_move
from companion.serving.seat_page import panel
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from tests.helpers.browser import CHROMIUM, FLAGS, PHONE_SIDEWAYS, PHONE_UPRIGHT, Tablet, page_lines
from tests.helpers.phone_pages import CardNames, answer_for, public_entries
from tests.helpers.phones import Phone, Sizes
from tests.helpers.seat_checks import SeatChecker, Tally
from tests.helpers.served import served

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")]

STORE = "companion.sqlite3"


@dataclass(frozen=True)
class Deal:
    """A seeded virtual deal, short and with every kind of move the game's humans make (found by playing seeds)."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int
    dealer: int
    reconnect: bool = False  # a phone closed and opened again mid-deal


H, C = "human", "normal"
DEALS = {
    # Two lay-aways and eight cards pegged; the phone that pegged closed and opened again in the play.
    "cribbage": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 4, 1, reconnect=True),
    # Four players, partners Marie and Paul: captures, a raise, a build « for 7 » said for his partner (a number and
    # a target), the second deal made.
    "le31": Deal(("Marie", "Ordi", "Paul", "Robot"), (H, C, H, C), 9, 0),
    # A whole brasse: draws, a pige taken, trios, a lay-off, discards; the player to play closed and reopened.
    "rummy2500": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 236, 2, reconnect=True),
    "trente_et_un": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 165, 0),  # draws, the top discard, a knock
    # The blind hand kept, an exchange, all three, « Je tiens » with three cards taken, a pass.
    "trente_et_un_banker": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 201, 1),
}


def read_match(home: Path, match_id: int) -> Match:
    with Store.open(home / STORE, read_only=True) as store:
        return MatchSession(store, match_id).match


def new_match(home: Path, game_id: str, deal: Deal, mode: str = "virtual") -> tuple[int, dict[int, int]]:
    """The match, each human's seat given to a phone (every seat at a real table); the table's device at pace 0
    (it deals and moves for the computers at once)."""
    home.mkdir()
    settings = Settings.load(home / "settings.json")
    settings.pace = 0.0
    settings.save()
    game = registry.get(game_id)
    kinds = deal.kinds if mode == "virtual" else (H,) * len(deal.names)
    with Store.open(home / STORE) as store:
        setup = Setup(deal.names, game.make_rules(len(deal.names), {}), deal.dealer, mode,
                      deal.seed if mode == "virtual" else None, kinds)
        match_id = MatchSession.create(store, setup, game).match_id
        bindings = {seat: store.bind_seat(match_id, seat) for seat, kind in enumerate(kinds) if kind == H}
    return match_id, bindings


def unsaid(match: Match, seat: int | None) -> set[str]:
    """The cards no page of ``seat`` may name at this state (``SeatChecker.unsaid``)."""
    game = registry.get(next(g.id for g in registry.available() if type(match.setup.rules) is g.rules))
    public = public_entries(game) if match.setup.mode == "virtual" else None
    return SeatChecker(match, Tally(), "page", public).unsaid(seat)


def round_ended(match: Match, since: int = 0) -> bool:
    """The deal begun at log entry ``since`` has ended: a round reported, or a second deal made (Le 31 deals
    several times a round)."""
    if any(event.report for event in match.events[since:]):
        return True
    deals = [type(op) for op in match.log[since:] if match.is_chance(op)]
    return deals.count(deals[0]) >= 2 if deals else False


class Table:
    """A match's devices: the phones of its seats (and in virtual play the table's tablet), each page read as the
    match goes."""

    def __init__(self, home: Path, match_id: int) -> None:
        self.home, self.match_id = home, match_id
        self.game = registry.get(_game_id(home, match_id))
        self.names = CardNames(read_match(home, match_id).faces())
        self.phones: dict[int, Phone] = {}
        self.tablet: Tablet | None = None
        self.sizes = Sizes()
        self.head = 0  # the log's length every page shows at least
        self.read = 0  # pages read (each checked)
        self.moves: list = []  # the moves made by finger on a phone

    def match(self) -> Match:
        return read_match(self.home, self.match_id)

    async def open(self, browser, path: Path, bindings: dict[int, int], *, tablet: bool) -> None:
        from companion.serving.tablets import match_address

        if tablet:
            self.tablet = await Tablet.open(browser, match_address(path, self.match_id), read_terminal=True)
        for i, (seat, binding) in enumerate(bindings.items()):
            self.phones[seat] = await Phone.open(browser, match_address(path, self.match_id, (seat, binding)), seat,
                                                 self.names, lang=("en", "fr")[i % 2],
                                                 viewport=(PHONE_UPRIGHT, PHONE_SIDEWAYS)[i % 2])

    async def every_page_shows(self, match: Match, where: str) -> None:
        """Each phone shows what the rules draw for its seat now, and no card hidden from it (nor the tablet any
        hidden from the table); each phone state measured."""
        for seat, phone in self.phones.items():
            expected = panel(self.game.title, match.view(seat), match.choices(seat), match.faces(), phone.lang)
            await phone.shows(expected, f"{where} (entry {len(match.log)})")
            leaked = await phone.leaks(unsaid(match, seat))
            assert not leaked, f"seat {seat}'s phone names {leaked}, hidden from it, at {where}"
            await phone.measure(self.sizes, f"{where}, seat {seat}")
            self.read += 1
        if self.tablet is not None:
            text = "\n".join(await page_lines(self.tablet.page) or [])
            leaked = self.names.named(text) & unsaid(match, None)
            assert not leaked, f"the table's tablet shows {leaked}, hidden from the table:\n{text}"
        self.head = len(match.log)

    async def follow(self, done, what: str, timeout: float = 30.0) -> Match:
        """Look at the store until ``done(match)``, reading every page meanwhile: what a page showed may name no
        card hidden from it in any state it may have been showing (from the log's length ``head`` on)."""
        read: list[tuple[int, str]] = []
        deadline = time.monotonic() + timeout
        while True:
            match = self.match()
            read += [(seat, await phone.html()) for seat, phone in self.phones.items()]
            if done(match):
                break
            print("poll", what, len(match.log), match.log[-1] if match.log else None, done(match), round(time.monotonic(), 2), flush=True)
            assert time.monotonic() < deadline, f"{what}: {match.log[-4:]}"
            await asyncio.sleep(0.1)
        states = [type(match).replay(match.setup, match.log[:n]) for n in range(self.head, len(match.log) + 1)]
        for seat in self.phones:
            hidden = set.intersection(*(unsaid(state, seat) for state in states))
            for who, html in read:
                leaked = self.names.named(html) & hidden if who == seat else set()
                assert not leaked, f"seat {seat}'s phone named {leaked}, hidden from it, while {what}"
        self.read += len(read)
        return match

    async def play(self, match: Match, op) -> None:
        """The seat whose move ``op`` is makes it by finger on his phone; the store must hold it next."""
        seat, answer = next((seat, answer) for seat in self.phones for choice in match.choices(seat)
                            if choice.admits(op) and (answer := answer_for(choice, op)) is not None)
        phone = self.phones[seat]
        await phone.answer(answer)
        head = len(match.log)
        deadline = time.monotonic() + 15
        while len(log := self.match().log) <= head:
            if time.monotonic() > deadline:
                said = await phone.page.inner_text("#panel .message")
                raise AssertionError(f"{op} tapped on seat {seat}'s phone never reached the store: « {said} »")
            await asyncio.sleep(0.05)
        assert same_move(log[head], op), f"seat {seat}'s taps entered {log[head]}, not {op}"
        self.moves.append((seat, op))

    def report(self, game_id: str) -> str:
        taps = sum(phone.taps for phone in self.phones.values())
        return (f"{game_id}: {len(self.moves)} moves by {taps} taps on {len(self.phones)} phones, {self.read} pages "
                f"read; {self.sizes.states} phone states measured ({self.sizes.targets} targets): smallest target "
                f"{self.sizes.target[1]}, smallest text {self.sizes.text[1]}")


def asserted_sizes(table: Table) -> None:
    assert not table.sizes.under, "under 44×44 px or 16 px:\n" + "\n".join(table.sizes.under[:20])
    assert table.sizes.states > 0


def _game_id(home: Path, match_id: int) -> str:
    with Store.open(home / STORE, read_only=True) as store:
        return store.load(match_id)[0].game


def driver(store_path: Path, match_id: int) -> tuple[str, int] | None:
    with Store.open(store_path, read_only=True) as store, store.reading() as conn:
        row = conn.execute("SELECT device, table_device FROM drivers WHERE match_id = ?", (match_id,)).fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


# ---------------------------------------------------------------- a virtual deal of every game
@pytest.mark.parametrize("game_id", list(DEALS))
def test_a_virtual_deal_by_touch_on_each_humans_phone_beside_the_tables_tablet(tmp_path, game_id):
    playwright = pytest.importorskip("playwright.async_api")
    deal = DEALS[game_id]
    home = tmp_path / "home"
    match_id, bindings = new_match(home, game_id, deal)
    players = importlib.import_module(registry.get(game_id).players or "")
    table = Table(home, match_id)
    normal = [C] * len(deal.names)

    def handed_over(match: Match) -> bool:
        """The table's tablet has nothing to do: a human must act (or the match is over)."""
        found = players.next_op(match, list(deal.kinds))
        print("next", found, match.phase, match.awaiting(), flush=True)
        return found is None

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                await table.open(browser, home / STORE, bindings, tablet=True)
                reconnected = not deal.reconnect
                for _ in range(60):
                    match = await table.follow(lambda m: round_ended(m) or handed_over(m),
                                               "the table never handed over to a phone")
                    if round_ended(match):
                        break
                    await table.every_page_shows(match, "a human's turn")
                    op = players.next_op(match, normal)  # what a human plays: what the normal computer would
                    if not reconnected and len(table.moves) >= 3:  # the phone to play: closed, opened again
                        reconnected = True
                        await table.phones[match.chooser(op)].reopen(server.base)
                        await table.every_page_shows(match, "a phone opened again")
                    await table.play(match, op)
                else:
                    raise AssertionError("the deal never ended")
                assert reconnected
                ended = len(match.log)
                match = await table.follow(lambda m: handed_over(m) and len(m.log) > ended,
                                           "the next deal never came to a phone")
                await table.every_page_shows(match, "the next deal")
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 150))
    print("\n" + table.report(game_id))
    assert {seat for seat, _ in table.moves} == set(bindings)  # every phone played
    assert driver(home / STORE, match_id) is not None and driver(home / STORE, match_id)[1] == 1  # the tablet drove
    asserted_sizes(table)

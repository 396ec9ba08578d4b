"""Each player's phone as a real hand (issue 39) in a real browser: headless Chromium with touch, on ``companion
serve``, each player's phone on his seat's page (``serving/seat_page.py``: drawn from his seat's view and choices,
pushed by server-sent events), the table's tablet on the Textual app (the match's code).

- Every game, a virtual deal played to its end: the table's tablet open (it deals and moves for the computers),
  a phone for each human, one held upright in English and one sideways in French; each human's move made by
  finger on his phone (his cards, the table's, a number, then the choice's button). At each state the table hands
  over, every phone must show what the rules draw for its seat, and no page (nor the tablet) a card hidden from
  it; every page read while the table moves too. Cribbage's and 2500's phone that plays closes its page and opens
  it again mid-deal (its cookie keeps the seat).
- At a real table (cribbage and 2500), each player enters his own plays from his phone: the starter and the cards
  pegged among those not seen yet, a go, his hand at the show with his count; his draws, a pige taken, his trios
  and lay-offs, his discards. An undo that takes back another player's entry asks him on his phone.
- A seat's code opens one device (a second is refused), and a seat's token altered for another match is refused,
  in the address or as the cookie, on every route.
- A club night: a player's phone opened from his night's code starts his table's match and follows it, the night's
  standings a tap away; the wall's page shows the standings and sends nothing.
- Every target of every phone state is measured, upright (390×844) and sideways (844×390): 44×44 CSS px and
  text of 16 px at least (the smallest printed with ``-s``).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from companion.games import registry
from companion.games.base import Match, Operation, Setup
from companion.games.chance import own_chance
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
H, C = "human", "normal"


@dataclass(frozen=True)
class Deal:
    """A seeded deal, short and with every kind of move the game's humans make (found by playing seeds)."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int
    dealer: int
    reconnect: bool = False  # the phone to play closed and opened again mid-deal
    rules: dict[str, Any] = field(default_factory=dict)


DEALS = {
    # Two lay-aways and ten cards pegged; the phone that pegs closed and opened again in the play.
    "cribbage": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 4, 1, reconnect=True),
    # Four players, partners Marie and Paul: captures, a raise, a build « for 10 » said for his partner (a number
    # and a target), the second deal made.
    "le31": Deal(("Marie", "Ordi", "Paul", "Robot"), (H, C, H, C), 9, 0),
    # A brasse: a pige taken, trios, a lay-off, a draw, discards; the player to play closed and reopened.
    "rummy2500": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 236, 2, reconnect=True),
    "trente_et_un": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 165, 0),  # the top discard taken, draws, a knock
    # The blind hand kept, an exchange of all three, one card, « Je tiens » with three cards taken, a pass.
    "trente_et_un_banker": Deal(("Marie", "Paul", "Ordi"), (H, H, C), 201, 1),
}
# At a real table: the entries of a seeded virtual deal as the table makes them (its game's ``table_entries``).
TABLE_DEALS = {
    # The starter, ten cards pegged and three go's, both shows counted by their players (Paul's one short) and the
    # crib; Paul's undo after Marie's card asks her, and she keeps it.
    "cribbage": Deal(("Marie", "Paul"), (H, H), 1, 0, rules={"manual_counting": True, "muggins": True}),
    # A pige taken, four trios (two with a card twice, two packs: 7♦ 7♦ J♣, A♥ A♠ A♥: its picker's key tapped
    # twice), seven lay-offs, draws, discards; the brasse's turn-up and count entered on the table's device.
    "rummy2500": Deal(("Marie", "Paul", "Luc"), (H, H, H), 4, 0),
}


def read_match(home: Path, match_id: int) -> Match:
    with Store.open(home / STORE, read_only=True) as store:
        return MatchSession(store, match_id).match


def new_match(home: Path, game_id: str, deal: Deal, mode: str = "virtual") -> tuple[int, dict[int, int]]:
    """The match, each human's seat given to a phone; the table's device at pace 0 (it deals and moves for the
    computers at once)."""
    home.mkdir(exist_ok=True)
    settings = Settings.load(home / "settings.json")
    settings.pace = 0.0
    settings.save()
    game = registry.get(game_id)
    with Store.open(home / STORE) as store:
        setup = Setup(deal.names, game.make_rules(len(deal.names), deal.rules), deal.dealer, mode,
                      deal.seed if mode == "virtual" else None, deal.kinds)
        match_id = MatchSession.create(store, setup, game).match_id
        bindings = {seat: store.bind_seat(match_id, seat) for seat, kind in enumerate(deal.kinds) if kind == H}
    return match_id, bindings


def unsaid(match: Match, seat: int | None) -> set[str]:
    """The cards no page of ``seat`` may name at this state (``SeatChecker.unsaid``)."""
    game = registry.get(_game_of(match))
    public = public_entries(game) if match.setup.mode == "virtual" else None
    return SeatChecker(match, Tally(), "page", public).unsaid(seat)


def _game_of(match: Match) -> str:
    return next(g.id for g in registry.available() if type(match.setup.rules) is g.rules)


def round_ended(match: Match) -> bool:
    """The first deal has ended: a round reported, or a second deal made (Le 31 deals several times a round)."""
    return any(event.report for event in match.events) or deals(match) >= 2


def deals(match: Match, upto: int | None = None) -> int:
    """How many deals the log (to ``upto``) holds: its first chance operation's kind (a deal), counted."""
    chance = [type(op) for op in match.log[:upto] if match.is_chance(op)]
    return chance.count(chance[0]) if chance else 0


def round_end(match: Match) -> int:
    """The log's entry that ended the first deal (``round_ended``)."""
    return next(n for n in range(len(match.log)) if round_ended(type(match).replay(match.setup, match.log[:n + 1])))


def driver(store_path: Path, match_id: int) -> tuple[str, int] | None:
    """The device that makes a virtual match's automatic moves now, and whether it is a table's."""
    with Store.open(store_path, read_only=True) as store, store.reading() as conn:
        row = conn.execute("SELECT device, table_device FROM drivers WHERE match_id = ?", (match_id,)).fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


@asynccontextmanager
async def chromium():
    """One headless Chromium for a test: each device is a context of its own in it (its cookies, its size)."""
    playwright = pytest.importorskip("playwright.async_api")
    async with playwright.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


def run(test, home: Path, timeout: float = 150) -> Any:
    """``test(server)`` against a real ``companion serve`` of ``home``."""
    with served(home) as server:
        return asyncio.run(asyncio.wait_for(test(server), timeout))


class Table:
    """A match's devices: the phones of its seats (and the table's tablet), each page read as the match goes."""

    def __init__(self, home: Path, match_id: int, sizes: Sizes | None = None) -> None:
        self.home, self.match_id = home, match_id
        self.match = read_match(home, match_id)
        self.game = registry.get(_game_of(self.match))
        self.names = CardNames(self.match.faces())
        self.phones: dict[int, Phone] = {}
        self.tablet: Tablet | None = None
        self.sizes = sizes or Sizes()
        self.head = 0  # the log's length every page shows at least
        self.read = 0  # pages read (each checked)
        self.moves: list[tuple[int, Operation]] = []  # the moves made by finger on a phone

    def look(self) -> Match:
        self.match = read_match(self.home, self.match_id)
        return self.match

    async def open(self, browser, bindings: dict[int, int], *, tablet: bool) -> None:
        """The table's tablet (its match's code), and a phone for each seat given one (its seat's code): the first
        upright in English, the next sideways in French, and so on."""
        from companion.serving.tablets import match_address

        path = self.home / STORE
        if tablet:
            self.tablet = await Tablet.open(browser, match_address(path, self.match_id), read_terminal=True)
        for i, (seat, binding) in enumerate(bindings.items()):
            self.phones[seat] = await Phone.open(browser, match_address(path, self.match_id, (seat, binding)), seat,
                                                 self.names, lang=("en", "fr")[i % 2],
                                                 viewport=(PHONE_UPRIGHT, PHONE_SIDEWAYS)[i % 2])

    async def every_page_shows(self, where: str, asked: dict[int, str] | None = None) -> None:
        """Each phone shows what the rules draw for its seat now (``asked``: the undo question a seat is asked, by
        whom), and no card hidden from it (nor the tablet any hidden from the table); each phone state measured."""
        match = self.match
        for seat, phone in self.phones.items():
            expected = panel(self.game.title, match.view(seat), match.choices(seat), match.faces(), phone.lang,
                             asked=(asked or {}).get(seat), chance=own_chance(self.game, match, seat),
                             round_noun=self.game.round_noun)
            await phone.shows(expected, f"{where} (entry {len(match.log)})")
            leaked = await phone.leaks(unsaid(match, seat))
            assert not leaked, f"seat {seat}'s phone names {leaked}, hidden from it, at {where}"
            await phone.measure(self.sizes, f"{self.game.id}, {where}, seat {seat}")
            self.read += 1
        if self.tablet is not None:
            text = "\n".join(await page_lines(self.tablet.page) or [])
            leaked = self.names.named(text) & unsaid(match, None)
            assert not leaked, f"the table's tablet shows {leaked}, hidden from the table:\n{text}"
        self.head = len(match.log)

    async def follow(self, done: Callable[[Match], bool], what: str, timeout: float = 30.0) -> Match:
        """Look at the store until ``done(match)``, reading every page meanwhile: what a page showed may name no
        card hidden from it in any state it may have been showing (from the log's length ``head`` on)."""
        read: list[tuple[int, str]] = []
        deadline = time.monotonic() + timeout
        while True:
            match = self.look()
            read += [(seat, await phone.html()) for seat, phone in self.phones.items()]
            if done(match):
                break
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

    def answer(self, op: Operation) -> tuple[int, Any] | None:
        """The phone whose seat's choices make ``op``, and what its player taps for it; None: no phone's."""
        return next(((seat, answer) for seat in self.phones for choice in self.match.choices(seat)
                     if choice.admits(op) and (answer := answer_for(choice, op)) is not None), None)

    async def play(self, op: Operation) -> int:
        """The seat whose move ``op`` is makes it by finger on his phone; the store must hold it next. His seat."""
        chosen = self.answer(op)
        assert chosen is not None, f"no phone is offered {op}"
        seat, answer = chosen
        phone = self.phones[seat]
        await phone.answer(answer)
        head = len(self.match.log)
        deadline = time.monotonic() + 15
        while len(self.look().log) <= head:
            if time.monotonic() > deadline:
                said = await phone.page.inner_text("#panel .message")
                raise AssertionError(f"{op} tapped on seat {seat}'s phone never reached the store: « {said} »")
            await asyncio.sleep(0.05)
        made = self.match.log[head]
        assert same_move(made, op), f"seat {seat}'s taps entered {made}, not {op}"
        self.moves.append((seat, op))
        return seat

    def enter_at_the_table(self, op: Operation) -> None:
        """What no phone enters (a real table's turn-up, a brasse's count, a muggins): the table's device enters
        it. A brasse played turn by turn is entered as the table's device makes it, from the trios as the phones
        laid them (their cards in the order of the page) and the hands the players show."""
        with Store.open(self.home / STORE) as store:
            session = MatchSession(store, self.match_id)
            if op.name == "brasse" and hasattr(session.match, "brasse_entry"):
                op = session.match.brasse_entry(op.hands)  # type: ignore[attr-defined]
            session.apply(op)
        self.look()

    def report(self) -> str:
        taps = sum(phone.taps for phone in self.phones.values())
        return (f"{self.game.id}: {len(self.moves)} moves by {taps} taps on {len(self.phones)} phones, {self.read} "
                f"pages read; {self.sizes.summary()}")


def asserted_sizes(sizes: Sizes) -> None:
    assert sizes.states > 0
    assert not sizes.under, "under 44×44 px or 16 px:\n" + "\n".join(sizes.under[:20])


# ---------------------------------------------------------------- a virtual deal of every game
@pytest.mark.parametrize("game_id", list(DEALS))
def test_a_virtual_deal_by_touch_on_each_humans_phone_beside_the_tables_tablet(tmp_path, game_id):
    deal = DEALS[game_id]
    home = tmp_path / "home"
    match_id, bindings = new_match(home, game_id, deal)
    players = importlib.import_module(registry.get(game_id).players or "")
    table = Table(home, match_id)

    def handed_over(match: Match) -> bool:
        """The table's tablet has nothing to do: a human must act (or the match is over)."""
        return players.next_op(match, list(deal.kinds)) is None

    async def test(server) -> None:
        async with chromium() as browser:
            await table.open(browser, bindings, tablet=True)
            reconnected = not deal.reconnect
            for _ in range(60):
                match = await table.follow(lambda m: round_ended(m) or handed_over(m),
                                           "the table never handed over to a phone")
                if round_ended(match):
                    break
                await table.every_page_shows("a human's turn")
                op = players.next_op(match, [C] * len(deal.names))  # a human plays what a computer would
                if not reconnected and len(table.moves) >= 3:  # the phone to play: closed, opened again
                    reconnected = True
                    await table.phones[match.chooser(op)].reopen(server.base)
                    await table.every_page_shows("a phone opened again")
                await table.play(op)
            else:
                raise AssertionError("the deal never ended")
            assert reconnected
            dealt = deals(match, round_end(match))
            await table.follow(lambda m: handed_over(m) and deals(m) > dealt, "the next deal never came to a phone")
            await table.every_page_shows("the next deal")
            held = driver(home / STORE, match_id)  # the table's tablet deals and moves, not the server
            assert held is not None and held[1] == 1, held

    run(test, home)
    print("\n" + table.report())
    assert {seat for seat, _ in table.moves} == set(bindings)  # every phone played
    asserted_sizes(table.sizes)


# ---------------------------------------------------------------- at a real table, each player's own entries
def table_entries(game_id: str, deal: Deal) -> list[Operation]:
    """The first deal of a seeded virtual match of computers, as a real table enters it; a show counted by its
    player (cribbage's manual counting): the first one short by a point (muggins can catch it), the others right."""
    from companion.games.cribbage.ops import Muggins
    from companion.games.selfplay import play_out

    game = registry.get(game_id)
    players = importlib.import_module(game.players or "")
    n = len(deal.names)
    virtual = game.new_match(Setup(deal.names, game.make_rules(n, deal.rules), deal.dealer, "virtual", deal.seed,
                                   (C,) * n))
    play_out(players.next_op, virtual, list(virtual.setup.seats))
    at_table = game.new_match(Setup(deal.names, game.make_rules(n, deal.rules), deal.dealer, "table"))
    entries: list[Operation] = []
    for op in players.table_entries(virtual):
        if getattr(op, "claimed", False) is None and getattr(at_table.rules, "manual_counting", False):
            counted = type(at_table).replay(at_table.setup, at_table.log)
            counted.apply(op)
            count = sum(score.points for score in counted.events[-1].scores)
            short = not any(getattr(e, "claimed", None) is not None for e in entries) and count > 0
            op = replace(op, claimed=count - 1 if short else count)
            if short:  # the keeper gives the point missed to the other side (muggins), on the table's device
                entries.append(op)
                at_table.apply(op)
                op = Muggins(1 - at_table.side_of(op.seat))
        entries.append(op)
        at_table.apply(op)
        if at_table.closes_round(at_table.events[-1]):
            return entries
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("game_id", list(TABLE_DEALS))
def test_at_a_real_table_each_player_enters_his_own_plays_from_his_phone(tmp_path, game_id):
    deal = TABLE_DEALS[game_id]
    home = tmp_path / "home"
    match_id, bindings = new_match(home, game_id, deal, mode="table")
    entries = table_entries(game_id, deal)
    table = Table(home, match_id)
    asked = False

    async def test(server) -> None:
        nonlocal asked
        async with chromium() as browser:
            await table.open(browser, bindings, tablet=False)
            for op in entries:
                await table.every_page_shows(f"before {op.name}")
                if table.answer(op) is None:
                    table.enter_at_the_table(op)
                    continue
                seat = await table.play(op)
                before = table.moves[-2] if len(table.moves) > 1 else None
                if not asked and op.name == "play" and before is not None and before[1].name == "play":
                    asked = True  # the player who pegged before taps Undo: this one is asked, and keeps his card
                    await undo_refused(table, before[0], seat)
            await table.every_page_shows("the deal counted")

    run(test, home)
    print("\n" + table.report())
    assert {seat for seat, _ in table.moves} == set(bindings)  # every player entered his own
    assert asked or game_id != "cribbage"
    assert len(table.match.log) == len(entries)
    asserted_sizes(table.sizes)


async def undo_refused(table: Table, asker: int, asked: int) -> None:
    """``asker`` taps Undo on his phone: his last entry would take back ``asked``'s, who is asked on his phone
    first (his answers measured) and says no; nothing is taken back."""
    from companion.core.i18n import Agreed
    from companion.serving.seats import ASKED, THEIR_PHONES

    phones, match = table.phones, table.match
    head = len(match.log)
    await phones[asker].tap("footer button.undo")
    await table.every_page_shows("an undo asked", asked={asked: match.names[asker]})
    # The asker's phone still says whom it asked (the update the question pushed to every phone wiped it at once).
    said = ASKED(names=match.names[asked], their=Agreed(1, *THEIR_PHONES))
    await phones[asker].says("#panel .message", said.text(phones[asker].lang))
    await phones[asked].tap("button.answer[data-agree='no']")
    await table.every_page_shows("the undo refused")
    assert len(table.look().log) == head


# ---------------------------------------------------------------- one device per seat, one match per token
def test_a_seats_code_opens_one_device_and_its_own_match_only(tmp_path):
    """A second phone scanning a seat's code is refused; the code, its seat's number changed to another match's,
    opens nothing, in the address or set as the cookie, on any route a phone has."""
    from companion.serving.phones import FORBIDDEN, SEAT_TAKEN
    from companion.serving.tablets import match_address

    home = tmp_path / "home"
    deal = TABLE_DEALS["cribbage"]  # at a real table: nothing moves by itself
    first, bindings = new_match(home, "cribbage", deal, mode="table")
    second, _ = new_match(home, "cribbage", deal, mode="table")

    async def test(server) -> None:
        path = home / STORE
        marie = match_address(path, first, (0, bindings[0]))
        assert marie is not None
        forged = marie.replace(f"token=s{first}-", f"token=s{second}-")
        async with chromium() as browser:
            table = Table(home, first)
            await table.open(browser, {0: bindings[0]}, tablet=False)
            other = await browser.new_context(viewport=PHONE_UPRIGHT, has_touch=True, is_mobile=True)
            page = await other.new_page()
            refused = await page.goto(marie)
            assert refused is not None and refused.status == 403 and SEAT_TAKEN in await page.inner_text("body")
            refused = await page.goto(forged)
            assert refused is not None and refused.status == 403 and FORBIDDEN in await page.inner_text("body")
            await other.add_cookies([{"name": server.cookie, "value": forged.split("token=")[1],
                                      "url": server.base}])
            for route in ("/", "/seat/events", "/seat/static/seat.js", "/ws", "/static/js/textual.js"):
                answered = await page.goto(server.base + route)
                assert answered is not None and answered.status == 403, route
            posted = await page.evaluate("""() => fetch("/seat/answer", {method: "POST", body: "name=discard",
                headers: {"Content-Type": "application/x-www-form-urlencoded"}}).then((r) => r.status)""")
            assert posted == 403
            await table.every_page_shows("Marie's own phone, still hers")  # the refusals took nothing from her

    run(test, home, timeout=60)


# ---------------------------------------------------------------- a club night
def test_a_players_phone_follows_his_table_through_a_club_night_and_the_wall_only_reads(tmp_path):
    """Ann's phone (upright, English) and Di's (sideways, French) open from their night's codes: each page says
    where its player plays; Ann taps « Start our table's match » and both phones become their seats' pages of that
    match, the night's line above with the standings a tap away. The wall's page (on a phone too) shows the
    standings, counts the match's result in once it is over, and has nothing to send: its page's own request is
    refused. Every state measured."""
    from companion.club import saved
    from companion.club.night import start_op
    from companion.games.cribbage.ops import Points
    from companion.serving.tablets import night_address

    home = tmp_path / "home"
    home.mkdir()
    players = ["Ann", "Bob", "Cy", "Di"]
    with Store.open(home / STORE) as store:
        night_id = saved.create(store, "Jeudi au club", start_op(players, rounds=3))
        saved.append(store, night_id, {"op": "pair"}, 1)  # Ann–Di at table 1, Bob–Cy at table 2
        codes = {name: (players.index(name), saved.give_phone(store, night_id, players.index(name)))
                 for name in ("Ann", "Di")}
    sizes = Sizes()
    names = CardNames(registry.get("cribbage").new_match(Setup(("A", "B"), registry.get("cribbage").make_rules(2, {}),
                                                               0)).faces())

    async def test(server) -> None:
        path = home / STORE
        async with chromium() as browser:
            ann = await Phone.open(browser, night_address(path, night_id, codes["Ann"]), 0, names, lang="en",
                                   ready="#panel .turn")
            di = await Phone.open(browser, night_address(path, night_id, codes["Di"]), 3, names, lang="fr",
                                  viewport=PHONE_SIDEWAYS, ready="#panel .turn")
            wall = await Phone.open(browser, night_address(path, night_id, None), -1, names, lang="fr",
                                    ready="#panel .wall")
            await ann.says("#panel", "Table 1: you play Di.")
            await di.says("#panel", "Table 1 : vous jouez contre Ann.")
            for phone, who in ((ann, "Ann"), (di, "Di"), (wall, "the wall")):
                await phone.measure(sizes, f"the night before the match, {who}")
            await ann.tap("#panel button.start")
            await ann.says("#panel h1", "Cribbage · Ann")
            await di.says("#panel h1", "Cribbage · Di")  # pushed: Di tapped nothing
            await ann.says("#night", "Round 1 of 3 · table 1")
            await di.says("#night", "Tour 1 sur 3 · table 1")
            await ann.tap("#night summary")  # the standings, a tap away
            await ann.says("#night details[open] table", "Bob")
            for phone, who in ((ann, "Ann"), (di, "Di")):
                await phone.measure(sizes, f"the night's match, {who}")
            with Store.open(path) as store:  # the table's tablet enters the game's points: Ann wins 121–95
                night = saved.load(store, night_id).night
                session = MatchSession(store, night.table_matches[(1, 1)])
                session.apply(Points(session.match.names.index("Di"), 95))
                session.apply(Points(session.match.names.index("Ann"), 121))
            await wall.says("#panel", "Ann 121–95")
            await ann.says("#panel", "The match is over")
            assert await wall.page.locator("#panel button").count() == 1  # its language, nothing else
            posted = await wall.page.evaluate("""() => fetch("/seat/start", {method: "POST"}).then((r) => r.status)""")
            assert posted == 403
            await wall.measure(sizes, "the wall, the result counted in")

    run(test, home, timeout=60)
    print("\nclub night: " + sizes.summary())
    asserted_sizes(sizes)

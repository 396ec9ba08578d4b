"""Each player's own phone (issue 28) in a real browser: headless Chromium with touch, one table device and one
phone per human seat on ``companion serve``, each opened by its own address (the match's, or a seat's).

- A 4-player virtual 2500 brasse and a 3-player virtual cribbage deal, played to their end by finger taps on the
  humans' phones, the table's tablet dealing and moving for the computers. Every page is read (its terminal's
  text) all along: at each state the table hands over to a human, every page must show that state, no phone a
  card hidden from its seat, the table's tablet no hand at all; and while the table moves, each text read must
  hold no card hidden from its device in every state it may be showing.
- A phone closed mid-deal and opened again (its browser's cookie keeps the seat) shows its seat's hand again,
  and nothing else, and plays on.
- A seat's token is for its match only: one forged for another match (or set as the cookie) is refused with a
  403 and starts no app; the real one opens its own match, whose menu leads to nothing of another match.

Where to tap is found as in ``test_browser_touch``: the seat's app laid out headless at the page's terminal size,
in cells; what a page shows is read from its xterm.js terminal (``tests/helpers/browser``)."""

from __future__ import annotations

import asyncio
import importlib
import shutil
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from companion.core.cards import Rank, format_card, format_cards
from companion.games import registry
from companion.games.base import Setup
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from tests.helpers.browser import CHROMIUM, FLAGS, PHONE_UPRIGHT, Tablet, page_lines
from tests.helpers.served import served, wait_for

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")]

STORE = "companion.sqlite3"


def tr(msg, **args) -> str:
    """A message as the served apps say it (the tests' server speaks English)."""
    return (msg(**args) if args else msg).text("en")


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces: a line the phone wraps reads as one."""
    return " ".join(text.split())


def last_move(match) -> str:
    """The newest line of a match screen's list of the deal's moves (``MatchScreenBase.move_lines``)."""
    event = match.deal_events()[-1]
    return tr(event.text) + "".join(f"  [{s.points:+d} {match.side_name(s.side)}]" for s in event.scores)


async def page_text(tablet: Tablet) -> str:
    return "\n".join(await page_lines(tablet.page) or [])


async def showing(tablet: Tablet, wanted: list[str], timeout: float = 15.0) -> str:
    """Wait until the page shows each of ``wanted`` (wrapped or not); the page's text."""
    return await tablet.until(lambda text: all(flat(w) in flat(text) for w in wanted), f"{wanted}", timeout)


def snapshot(home: Path) -> Path:
    """A copy of the store as it is now, by SQLite's backup (the served apps write it meanwhile, their leases
    to drive included: a file copy could catch it half-written)."""
    copy = home.parent / f"{home.name}-layout"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir()
    with closing(sqlite3.connect(home / STORE)) as source, closing(sqlite3.connect(copy / STORE)) as target:
        source.backup(target)
    return copy


def shows_a_hand(screen) -> bool:
    """A match screen, mounted, showing its seat's hand (if it has one)."""
    from textual.css.query import NoMatches

    if getattr(screen, "session", None) is None:
        return False
    try:
        return any(getattr(screen, "slot_cards", [True]))
    except NoMatches:  # still composing
        return False


async def seat_keys(home: Path, size: tuple[int, int], match_id: int, seat: tuple[int, int],
                    selectors: list[str]) -> tuple[dict[str, tuple[float, float]], list]:
    """Where a seat's phone shows ``selectors`` and each key of its hand (``#hand #slot-<i>``), their centres in
    cells, and the card on each key of the hand (a virtual screen's): that seat's app laid out headless at the
    page's terminal size, on a snapshot of the store."""
    from companion.tui.app import CompanionApp

    with Store.open(snapshot(home) / STORE) as store:
        app = CompanionApp(store, settings=Settings(lang="en", pace=0.0), served=True, only_match=match_id,
                           seat=seat)
        async with app.run_test(size=size) as pilot:
            for _ in range(100):  # the device's home opens its match by itself, which shows the seat's hand
                await pilot.pause(0.05)
                if shows_a_hand(app.screen):
                    break
            await pilot.pause()
            screen = app.screen
            slots = list(getattr(screen, "slot_cards", []))
            keys = [f"#hand #slot-{i}" for i, card in enumerate(slots) if card is not None]
            found = {}
            for selector in [*selectors, *keys]:
                region = screen.query_one(selector).region
                assert region.area, f"{selector} is not on seat {seat[0]}'s screen"
                found[selector] = (region.x + region.width / 2, region.y + region.height / 2)
            return found, slots


def read_match(home: Path, match_id: int):
    with Store.open(home / STORE, read_only=True) as store:
        return MatchSession(store, match_id).match


class Devices:
    """A virtual match served to the table's tablet and to one phone per human seat, each page read as the match
    goes. A game says what stands for a state on every device (``markers``), which cards each device may not see
    (``hidden``: None is the table's) and which are the seat's own (``own``)."""

    def __init__(self, home: Path, match_id: int, bindings: dict[int, int], *,
                 markers: Callable, hidden: Callable, own: Callable) -> None:
        self.home, self.match_id, self.bindings = home, match_id, bindings
        self.markers, self.hidden, self.own = markers, hidden, own
        self.table: Tablet | None = None
        self.phones: dict[int, Tablet] = {}
        self.head = 1  # the log's length every page shows at least (before the deal no page shows a card)
        self.checked = 0  # states read on every device
        self.watched = 0  # page texts read while the table moved

    def read(self):
        return read_match(self.home, self.match_id)

    def each(self) -> list[tuple[int | None, Tablet]]:
        assert self.table is not None
        return [(None, self.table), *self.phones.items()]

    async def open(self, browser) -> None:
        from companion.serving.tablets import match_address

        path = self.home / STORE
        self.table = await Tablet.open(browser, match_address(path, self.match_id), read_terminal=True)
        for seat, binding in self.bindings.items():
            self.phones[seat] = await Tablet.open(browser, match_address(path, self.match_id, (seat, binding)),
                                                  PHONE_UPRIGHT, read_terminal=True)

    def check(self, seat: int | None, text: str, hidden: set[str]) -> None:
        leaked = {card for card in hidden if card in text}
        who = "the table's tablet" if seat is None else f"seat {seat}'s phone"
        assert not leaked, f"{who} shows {leaked}, hidden from it:\n{text}"

    async def follow(self, done: Callable, what: str, timeout: float = 30.0):
        """Poll the store until ``done(match)``, reading every page meanwhile; the match. Each page shows a state
        from the log's length ``head`` on: what it showed may hold no card hidden from it in every one of them."""
        read: list[tuple[int | None, str]] = []
        deadline = time.monotonic() + timeout
        while True:
            match = self.read()
            read += [(seat, await page_text(tablet)) for seat, tablet in self.each()]
            if done(match):
                break
            assert time.monotonic() < deadline, f"{what}: {match.log[-4:]}"
            await asyncio.sleep(0.1)
        states = [type(match).replay(match.setup, match.log[:n]) for n in range(self.head, len(match.log) + 1)]
        for seat, _ in self.each():
            hidden = set.intersection(*(self.hidden(state, seat) for state in states))
            for who, text in read:
                if who == seat:
                    self.check(seat, text, hidden)
        self.watched += len(read)
        return match

    async def every_device_shows(self, match) -> None:
        """Each page shows ``match`` (a human's turn: nothing moves), nothing hidden from it, a phone its own
        hand."""
        for seat, tablet in self.each():
            text = await showing(tablet, self.markers(match, seat))
            self.check(seat, text, self.hidden(match, seat))
            if seat is not None:
                missing = [card for card in self.own(match, seat) if card not in text]
                assert not missing, f"seat {seat}'s phone lacks {missing} of its hand:\n{text}"
        self.head = len(match.log)
        self.checked += 1

    async def reopen(self, seat: int, server) -> None:
        """The seat's tab closed, and the address without the token opened again in the same browser (its cookie
        holds the seat's token: exchanged once, it is what a reload sends)."""
        phone = self.phones[seat]
        context, before = phone.page.context, {pid for pid, _ in server.children()}
        await phone.page.close()
        self.phones[seat] = await Tablet.load(context, server.base + "/", read_terminal=True)
        assert "token" not in self.phones[seat].page.url
        # One app per device still: the closed tab's ended, the new tab has its own, for the same seat.
        assert await asyncio.to_thread(wait_for, lambda: len(server.children()) == len(self.each()), 15)
        new = [argv for pid, argv in server.children() if pid not in before]
        assert len(new) == 1 and new[0][new[0].index("--seat") + 1] == str(seat), new

    async def enter(self, match, op, cards: list, key: str | None) -> None:
        """The seat's finger enters ``op``: a tap on each of ``cards`` in its hand, then on ``key``; the store
        must hold ``op`` next."""
        seat = op.seat
        phone = self.phones[seat]
        where, slots = await seat_keys(self.home, phone.size, self.match_id, (seat, self.bindings[seat]),
                                       [key] if key else [])
        used: set[int] = set()
        for card in cards:  # a card held twice (two packs): each tap takes one of its keys
            free = [i for i, c in enumerate(slots) if c == card and i not in used]
            assert free, f"{card} is on no key of seat {seat}'s phone: {slots}"
            used.add(free[0])
            await phone.tap(where[f"#hand #slot-{free[0]}"], 300 if key else 0)
            if key:  # a card picked: the state is the same, and so is what each device may see
                for who, tablet in self.each():
                    self.check(who, await page_text(tablet), self.hidden(match, who))
        if key:
            await phone.tap(where[key], 0)
        head = len(match.log)
        deadline = time.monotonic() + 15
        while len(log := self.read().log) <= head:
            assert time.monotonic() < deadline, f"{op} tapped on seat {seat}'s phone never reached the store"
            await asyncio.sleep(0.1)
        assert log[head] == op, f"seat {seat}'s taps entered {log[head]}, not {op}"


def new_match(home: Path, game_id: str, names: tuple[str, ...], kinds: tuple[str, ...], dealer: int,
              seed: int) -> tuple[int, dict[int, int]]:
    """A virtual match, each human's seat given to a phone; the table's device at pace 0 (it deals and moves for
    the computers at once)."""
    home.mkdir()
    settings = Settings.load(home / "settings.json")
    settings.pace = 0.0
    settings.save()
    game = registry.get(game_id)
    with Store.open(home / STORE) as store:
        setup = Setup(names, game.make_rules(len(names), {}), dealer, "virtual", seed, kinds)
        match_id = MatchSession.create(store, setup, game).match_id
        bindings = {seat: store.bind_seat(match_id, seat) for seat, kind in enumerate(kinds) if kind == "human"}
    return match_id, bindings


# ---------------------------------------------------------------- 2500: a brasse on a tablet and two phones
NAMES = ("Marie", "Paul", "Ordi", "Robot")
KINDS = ("human", "human", "normal", "normal")
# A short brasse (6 human moves) in which the humans draw from the stock, take a pige series with a natural pair,
# lay a trio with a frime, lay off on a computer's trio and discard; none of these leaves a choice to a dialog.
SEED, DEALER = 319, 1
KEYS = {"DrawStock": "#stock", "TakePige": "#pige", "Meld": "#trio", "LayOff": "#layoff", "Throw": "#throw"}


def rummy_hidden(match, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: the table's device) may not see: the others' hands and the stock, but for a card
    whose twin (two packs) is in sight: in his own hand, on the pige, laid, or seen going into a hand (a turned
    card, a pige series)."""
    bp = match.bp
    if bp is None or bp.over:
        return set()  # between brasses: the count shows every hand
    own = bp.hands[seat] if seat is not None else []
    seen = [*own, *bp.pige, *(c for groups in bp.laid for group in groups for c in group),
            *(c for shown in bp.shown for c in shown), *([bp.indicator] if bp.indicator is not None else [])]
    unseen = [c for s, hand in enumerate(bp.hands) if s != seat for c in hand] + list(bp.stock)
    twins = {c.display(lang) for c in seen if c is not None for lang in ("en", "fr")}
    return {c.display(lang) for c in unseen if c is not None for lang in ("en", "fr")} - twins


def rummy_markers(match, seat: int | None) -> list[str]:
    """A state of a brasse, on any device: its table (stock, pige, trios, cards in each hand, whose turn)."""
    from companion.tui.games.rummy2500.view import table_lines
    from companion.tui.screens.autoplay import P_ON_PHONES

    return [*table_lines(match, tr, "en"), *([tr(P_ON_PHONES)] if seat is None else [])]


def rummy_own(match, seat: int) -> list[str]:
    # On an upright phone the first key of each row of a 2500 hand is two columns wide: a ten there shows « 10 »
    # above its suit (its label wraps), so tens are not looked for.
    return [c.display("en") for c in match.bp.hands[seat] if c is not None and c.rank != Rank.TEN]


def test_a_four_player_brasse_of_2500_with_a_table_tablet_and_a_phone_per_human(tmp_path):
    """Marie and Paul on their phones (their seats' codes), the computers Ordi and Robot, the table's tablet (the
    match's code) at pace 0 dealing and moving for the computers. Two humans and two computers rather than four
    humans: every human move costs a layout of the phone's app, taps and a wait for every device to follow, and
    two phones show both sides of a phone (acting, watching) at half the cost.

    At each state the table hands over to a human every page must show it (the table's lines: stock, pige, trios,
    cards in hand, whose turn), with nothing hidden from its device; the human plays what the normal computer
    would, by taps on his phone, each move checked in the store. After Marie's draw her phone's tab is closed and
    opened again on the bare address: her cookie keeps her seat, and her hand, drawn card included, is back. The
    brasse ends: the table counts it, and every screen shows each player's total, a new brasse dealt."""
    playwright = pytest.importorskip("playwright.async_api")
    from companion.games.rummy2500.ops import LayOff, TakePige
    from companion.games.rummy2500.seat import fitting

    home = tmp_path / "home"
    match_id, bindings = new_match(home, "rummy2500", NAMES, KINDS, DEALER, SEED)
    players = importlib.import_module(registry.get("rummy2500").players or "")
    devices = Devices(home, match_id, bindings, markers=rummy_markers, hidden=rummy_hidden, own=rummy_own)

    def handed_over(match) -> bool:
        return players.next_op(match, KINDS) is None  # the table has nothing to do: a human must act

    played: list = []

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                await devices.open(browser)
                reconnected = False
                for _ in range(40):
                    match = await devices.follow(lambda m: bool(m.brasses) or handed_over(m),
                                                 "the table never handed over to a phone")
                    if match.brasses:
                        break
                    await devices.every_device_shows(match)
                    if match.bp.drawn and not reconnected:  # mid-turn, her card drawn: her tab closed, reopened
                        reconnected = True
                        await devices.reopen(match.bp.turn, server)
                        await devices.every_device_shows(match)
                    op = players.next_op(match, ["normal"] * len(NAMES))
                    cards = [*getattr(op, "pair", ()), *getattr(op, "cards", ())]
                    cards += [op.card] if hasattr(op, "card") else []
                    # Each play is one tap of its key once its cards are picked: no dialog asks which pige card
                    # or which trio (the seed's brasse has none to answer).
                    if isinstance(op, TakePige) and not cards:
                        assert op.index == len(match.bp.pige) - 1, op
                    elif isinstance(op, (TakePige, LayOff)):
                        name = "take" if isinstance(op, TakePige) else "lay_off"
                        choice = next(c for c in match.choices(op.seat) if c.name == name)
                        assert [choice.answer(cards, target=t) for t in fitting(match, choice, cards)] == [op], op
                    await devices.enter(match, op, cards, f"#plays {KEYS[type(op).__name__]}")
                    played.append(op)
                else:
                    raise AssertionError("the brasse never ended")
                assert reconnected
                # Counted: a new brasse dealt, and every screen shows the brasse's row of the score sheet.
                match = await devices.follow(handed_over, "the next brasse never came to a phone")
                assert len(match.brasses) == 1 and match.bp is not None
                await devices.every_device_shows(match)
                row = " │ ".join(["1", *(f"{points:+d}" for points in match.brasses[0])])
                for _, tablet in devices.each():
                    await showing(tablet, [row])
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 150))
    assert {type(op).__name__ for op in played} == set(KEYS), played  # every kind of play, by taps
    assert {op.seat for op in played} == set(bindings)
    assert devices.checked >= len(played) + 2 and devices.watched >= 3 * len(played)


# ---------------------------------------------------------------- cribbage: a deal on a tablet and two phones
CRIB_NAMES = ("Marie", "Paul", "Ordi")
CRIB_KINDS = ("human", "human", "normal")


def dealt_to(match, seat: int) -> list:
    """The cards dealt to ``seat`` this deal (one at a time from the dealer's left)."""
    d = match.d
    n, size = match.players, match.rules.hand_size
    order = [(d.dealer + 1 + i) % n for i in range(n)]
    return [d.deck[i] for i in range(size * n) if order[i % n] == seat]


def cribbage_hidden(match, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: the table's device) may not see: the others' cards not yet pegged, the crib (but
    what he laid away himself), the pack (the starter until it is cut)."""
    d = match.d
    if d is None or d.deck is None or match.phase not in ("discard", "cut", "play"):
        return set()  # the show counts every hand aloud
    mine = set(dealt_to(match, seat)) if seat is not None else set()
    dealt = {c for s in range(match.players) for c in dealt_to(match, s)}
    cards = [c for s in range(match.players) if s != seat for c in match.hand(s) if c not in match.played(s)]
    cards += [c for c in d.crib if c not in mine]
    cards += [c for c in d.deck if c not in dealt and c not in d.crib and c != d.starter]
    return {format_card(c, "symbol", lang) for c in cards for lang in ("en", "fr")}


def cribbage_markers(match, seat: int | None) -> list[str]:
    """A state of a deal, on any device: its newest move, the play's count and cards left; on the phone whose
    turn it is, its own prompt (with the count, in the play)."""
    from companion.tui.games.cribbage.hand_entry import LEFT, P_PLAY, TABLE

    wanted = [last_move(match)]
    if match.phase == "play":
        left = ", ".join(tr(LEFT, name=match.names[s], n=match.cards_left(s)) for s in range(match.players))
        cards = format_cards((c for _, c in match.current), "symbol", "en") or "—"
        wanted.append(tr(TABLE, count=match.count, cards=cards, left=left))
    if seat is not None and seat in match.awaiting():
        name = match.names[seat]
        wanted.append(tr(P_PLAY, name=name, count=match.count) if match.phase == "play" else f"{name}: tap")
    return wanted


def cribbage_own(match, seat: int) -> list[str]:
    if match.phase not in ("discard", "play"):
        return []
    return [format_card(c, "symbol", "en") for c in match.hand(seat) if c not in match.played(seat)]


def test_three_player_cribbage_phones_show_their_own_hands_only_and_one_reconnects_mid_deal(tmp_path):
    """Three-player virtual cribbage: Marie and Paul on their phones, the computer Ordi, the table's tablet at pace
    0 dealing, cutting and moving for Ordi. Each phone lays away and pegs by taps, to the deal's show; every page
    is read all along (nothing hidden from its device: the others' cards, the crib, the pack). In the play, the
    phone that is not to play is closed and opened again: it shows its seat's hand again, follows the table, and
    pegs on."""
    playwright = pytest.importorskip("playwright.async_api")
    from companion.games.cribbage.ops import Discard, Play

    home = tmp_path / "home"
    match_id, bindings = new_match(home, "cribbage", CRIB_NAMES, CRIB_KINDS, 2, 3)
    players = importlib.import_module(registry.get("cribbage").players or "")
    devices = Devices(home, match_id, bindings, markers=cribbage_markers, hidden=cribbage_hidden,
                      own=cribbage_own)

    def dealt_again(match) -> bool:
        return match.deal_number > 1 or match.phase in ("game_over", "match_over")

    def handed_over(match) -> bool:
        return players.next_op(match, CRIB_KINDS) is None

    played: list = []

    async def drive(server) -> None:
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                await devices.open(browser)
                reconnected = False
                for _ in range(40):
                    match = await devices.follow(lambda m: dealt_again(m) or handed_over(m),
                                                 "the table never handed over to a phone")
                    if dealt_again(match):
                        break
                    await devices.every_device_shows(match)
                    op = players.next_op(match, ["normal"] * len(CRIB_NAMES))
                    assert isinstance(op, (Discard, Play)) and op.seat in bindings, op
                    if match.phase == "play" and not reconnected:  # the other phone: its tab closed, reopened
                        reconnected = True
                        await devices.reopen(next(s for s in bindings if s != op.seat), server)
                        await devices.every_device_shows(match)
                    if isinstance(op, Discard):
                        await devices.enter(match, op, list(op.cards), "#lay")
                    else:
                        await devices.enter(match, op, [op.card], None)
                    played.append(op)
                else:
                    raise AssertionError("the deal never reached its show")
                assert reconnected
                match = await devices.follow(handed_over, "the next deal never came to a phone")
                await devices.every_device_shows(match)
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 150))
    assert sum(isinstance(op, Discard) for op in played) == 2 and sum(isinstance(op, Play) for op in played) >= 2
    assert {op.seat for op in played if isinstance(op, Play)} == set(bindings)  # both phones pegged
    assert devices.checked >= len(played) + 2 and devices.watched >= 3 * len(played)


# ---------------------------------------------------------------- a seat's token: its own match only
def test_a_seat_token_opens_its_own_match_only_and_one_forged_for_another_is_refused(tmp_path):
    """Ana's seat in match A (Ana–Bob), and match B (Zoé–Yves) on the same server. Ana's token with B's id on its
    mac, in the address or as the cookie: 403, and no app process is started for it. Her real token opens A as
    her own device (A's names, nothing of B), and its menu is A's home only; the same code on a second device is
    refused (a seat's code opens one device)."""
    playwright = pytest.importorskip("playwright.async_api")
    from companion.games.cribbage.rules import CribbageRules
    from companion.serving.server import FORBIDDEN, SEAT_TAKEN
    from companion.serving.tablets import match_address

    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / STORE) as store:
        match_a = MatchSession.create(store, Setup(("Ana", "Bob"), CribbageRules(), 0)).match_id
        match_b = MatchSession.create(store, Setup(("Zoé", "Yves"), CribbageRules(), 0)).match_id
        binding = store.bind_seat(match_a, 0)

    async def drive(server) -> None:
        address = match_address(home / STORE, match_a, (0, binding))
        assert address is not None
        token = address.split("token=")[1]
        assert token.startswith(f"s{match_a}-0-{binding}.")
        forged = f"s{match_b}-0-{binding}.{token.split('.', 1)[1]}"  # match B's id on match A's mac
        async with playwright.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(viewport=PHONE_UPRIGHT, has_touch=True, is_mobile=True)
                page = await context.new_page()
                response = await page.goto(f"{server.base}/?token={forged}")
                assert response is not None and response.status == 403
                assert FORBIDDEN.split(" / ")[0] in await page.inner_text("body")
                await context.add_cookies([{"name": server.cookie, "value": forged, "url": server.base}])
                response = await page.goto(f"{server.base}/")
                assert response is not None and response.status == 403
                assert server.children() == []  # a refused page holds no app to connect to

                phone = await Tablet.open(browser, address, PHONE_UPRIGHT, read_terminal=True)
                text = await showing(phone, ["Ana", "Bob"])
                assert "Zoé" not in text and "Yves" not in text
                assert await asyncio.to_thread(wait_for, lambda: server.children(), 10)
                (_, argv), *others = server.children()  # the one app started: match A, Ana's seat
                assert not others
                assert argv[argv.index("--match") + 1] == str(match_a) and argv[argv.index("--seat") + 1] == "0"
                where, _ = await seat_keys(home, phone.size, match_a, (0, binding), ["#home"])
                await phone.tap(where["#home"], 0)
                text = await showing(phone, ["Ana's own device", "Back to the match"])
                assert not any(word in text for word in ("Zoé", "Yves", "New match", "Past matches")), text

                second = await browser.new_context(viewport=PHONE_UPRIGHT, has_touch=True, is_mobile=True)
                page = await second.new_page()
                response = await page.goto(address)  # Ana's code scanned by another phone
                assert response is not None and response.status == 403
                assert SEAT_TAKEN.split(" / ")[0] in await page.inner_text("body")
            finally:
                await browser.close()

    with served(home) as server:
        asyncio.run(asyncio.wait_for(drive(server), 90))
    with Store.open(home / STORE, read_only=True) as store:
        assert store.ops(match_a) == [] and store.ops(match_b) == []  # nothing entered anywhere

"""A club night of phones, measured: ``python -m companion.dev.tables_bench [--tables 10] [--big 100] [--big-tablets]``.

Each night starts its own ``companion serve`` on loopback with one virtual cribbage match per table (a human seat
per phone), played as a night goes up to its third deal (``--deals``: every phone's first panel has a hand, and
each page replays the rounds before), and connects every device at once, as its browser would (no browser is
started: Chromium's own pages would take the same two cores and measure Chromium):

- a player's phone as its page does: the seat's code (its token, exchanged for the cookie), the page, then the
  event stream the server pushes the seat's panel on;
- a table's tablet as textual-serve's page does: a websocket to a Textual app process of its own (the match's
  token, a 1024×768 tablet's size in cells).

1. **The night of pages** (``--tables`` tables, each with its tablet and its phones): the phones' memory (the
   server's resident memory with everyone connected, against the server alone) and the tablets' app processes
   apart; every hand drawn (from the first connection until every phone has its page, with its hand; and until
   its stream has brought its first panel); a phone's choice reaching its table's tablet (a lay-away posted, until
   that tablet's output settles: no frame for 0.2 s) and the table's move reaching every phone (a lay-away saved
   in the store as the tablet saves one, until every phone of that table has a panel pushed since); the CPU at
   rest of the server and of the tablets' apps.
2. **A big night** (``--big`` tables of phones only; with ``--big-tablets``, a tablet each too, as in 1).
3. **The first night through the terminal page**, as phones were before: every phone a Textual app process of its
   own (the match's token, a phone's size in cells) beside the tablets: memory, and the time until all are drawn.

It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.dev.tablet_bench import Server, _children, _cpu_s, _rss_mb, served

PHONE, TABLET = (48, 52), (113, 42)  # cells: a 390×844 phone upright with its font, a 1024×768 tablet
QUIET_S = 0.2  # an app's output settled: no frame for this long
REST_S = 5.0  # CPU at rest: measured over this long, once everything is drawn
HAND = 'class="hand"'  # a panel that shows the seat's hand
MEMORY_GOAL_MB, DRAWN_GOAL_S, MOVE_GOAL_S = 100, 1.0, 0.3
Lines = list[tuple[str, str]]


@dataclass(frozen=True)
class Table:
    match_id: int
    bindings: list[int]  # each seat's binding: its phone's token


def _store(home: Path, tables: int, phones: int, deals: int) -> list[Table]:
    """One virtual cribbage match per table, each seat a human given to a phone, ``deals`` deals in: every seat has
    a hand to lay away, and the log of the rounds before is replayed for every page."""
    from companion.games import registry
    from companion.games.base import Setup
    from companion.games.cribbage.ops import Deal
    from companion.store.database import Store
    from companion.store.session import MatchSession

    game = registry.get("cribbage")
    assert game.players is not None
    players = importlib.import_module(game.players)
    computers = ["computer"] * phones
    home.mkdir(parents=True, exist_ok=True)
    made = []
    with Store.open(home / "companion.sqlite3") as store:
        for t in range(tables):
            setup = Setup(tuple(f"P{t}-{s}" for s in range(phones)), game.make_rules(phones, {}), 0, "virtual", t,
                          ("human",) * phones)
            session = MatchSession.create(store, setup, game)
            dealt = 0
            while dealt < deals and not session.match.is_over:  # played as its players would, up to a new deal
                op = players.next_op(session.match, computers)
                session.apply(op)
                dealt += isinstance(op, Deal)
            made.append(Table(session.match_id, [store.bind_seat(session.match_id, s) for s in range(phones)]))
    return made


async def _until(found: Callable[[], float | None], event: asyncio.Event, timeout: float) -> float:
    """What ``found`` says once it says something (woken by ``event``), or NaN after ``timeout``."""
    deadline = time.perf_counter() + timeout
    while (at := found()) is None:
        event.clear()
        try:
            await asyncio.wait_for(event.wait(), max(0.0, deadline - time.perf_counter()))
        except TimeoutError:
            return math.nan
    return at


class App:
    """A device running the Textual app (a tablet, or a phone before): its websocket, and when its app sent frames."""

    def __init__(self, base: str, token: str, size: tuple[int, int]) -> None:
        self.base, self.token, self.size = base, token, size
        self.frames: list[float] = []

    async def connect(self) -> None:
        import aiohttp

        self.client = aiohttp.ClientSession(cookies={"companion_" + self.base.rsplit(":", 1)[1]: self.token})
        width, height = self.size
        self.ws = await self.client.ws_connect(f"{self.base.replace('http', 'ws')}/ws?width={width}&height={height}",
                                               headers={"Origin": self.base}, max_msg_size=0)
        await self.ws.send_json(["resize", {"width": width, "height": height}])
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for _ in self.ws:
            self.frames.append(time.perf_counter())

    async def settled(self, since: float, timeout: float = 120.0) -> float:
        """Seconds from ``since`` to its last frame before a quiet spell (its screen drawn)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
            if self.frames and self.frames[-1] >= since and time.perf_counter() - self.frames[-1] >= QUIET_S:
                return self.frames[-1] - since
        return math.nan

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()
        await self.client.close()


class Phone:
    """A player's phone as its page: the seat's code, the page, then the panels the server pushes."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token
        self.page_at = math.nan  # when its page came, with its hand
        self.panels: list[tuple[float, str]] = []  # (when, the panel) for every panel pushed
        self.arrived = asyncio.Event()

    async def open(self) -> None:
        import aiohttp

        # Its own cookie jar, as a phone has (unsafe: it keeps a cookie from 127.0.0.1); the stream never times out.
        self.client = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), read_bufsize=2 ** 20,
                                            timeout=aiohttp.ClientTimeout(total=None))
        async with self.client.get(f"{self.base}/?token={self.token}") as scanned:  # the token becomes the cookie
            await scanned.read()
        async with self.client.get(f"{self.base}/") as answer:
            if HAND not in await answer.text():
                raise SystemExit(f"a phone's page has no hand ({answer.status}): the bench's matches are not dealt")
            self.page_at = time.perf_counter()
        self.stream = await self.client.get(f"{self.base}/seat/events")
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        data: list[str] = []
        async for raw in self.stream.content:  # server-sent events: "data: …" lines, a blank line ends an event
            line = raw.decode().rstrip("\n")
            if line.startswith("data: "):
                data.append(line.removeprefix("data: "))
            elif not line and data:
                self.panels.append((time.perf_counter(), "\n".join(data)))
                data = []
                self.arrived.set()

    async def listening(self, since: float) -> float:
        """Seconds from ``since`` until its stream has brought a panel with its hand (it follows the match)."""
        return await _until(lambda: next((at - since for at, html in self.panels if HAND in html), None),
                            self.arrived, 60)

    async def pushed(self, since: float, timeout: float = 20.0) -> float:
        """Seconds from ``since`` until a panel pushed after it came."""
        return await _until(lambda: next((at - since for at, _ in self.panels if at >= since), None), self.arrived,
                            timeout)

    async def answer(self, name: str, cards: list[str]) -> None:
        """A choice posted as its page posts it; a refusal is the bench's own mistake."""
        form = [("name", name)] + [("card", code) for code in cards]
        async with self.client.post(f"{self.base}/seat/answer", data=form) as answer:
            said = (await answer.json())["message"]
        if said:
            raise SystemExit(f"the server refused the bench's answer: {said}")

    async def close(self) -> None:
        self.reader.cancel()
        self.stream.close()
        await self.client.close()


def _tokens(server: Server, table: Table) -> tuple[str, list[str]]:
    from companion.serving.tablets import match_token, seat_token

    seats = [seat_token(server.secret, table.match_id, s, b) for s, b in enumerate(table.bindings)]
    return match_token(server.secret, table.match_id), seats


def _spread(values: list[float], goal: float | None = None) -> str:
    said = f"median {statistics.median(values):.2f} s, max {max(values):.2f} s"
    return said if goal is None else f"{said} ({_verdict(max(values), goal)} the {goal:g} s goal)"


def _verdict(value: float, goal: float) -> str:
    return "within" if value <= goal else "OVER"


async def _at_rest(pids: list[int]) -> float:
    """The CPU these processes take per second in all while nobody plays."""
    before = sum(_cpu_s(pid) for pid in pids)
    await asyncio.sleep(REST_S)
    return (sum(_cpu_s(pid) for pid in pids) - before) / REST_S


async def _pages_night(home: Path, server: Server, tables: list[Table], with_tablets: bool) -> Lines:
    """Phones as pages (and each table's tablet, if asked): memory, every hand drawn, the moves both ways."""
    await asyncio.sleep(1.0)  # the server started and idle
    alone = _rss_mb(server.pid)
    tablets = [App(server.base, _tokens(server, t)[0], TABLET) for t in tables] if with_tablets else []
    phones = [[Phone(server.base, token) for token in _tokens(server, t)[1]] for t in tables]
    every_phone = [phone for table in phones for phone in table]
    start = time.perf_counter()
    # A room scanning its codes at once.
    await asyncio.gather(*(tablet.connect() for tablet in tablets), *(phone.open() for phone in every_phone))
    drawn = [phone.page_at - start for phone in every_phone]
    listening = await asyncio.gather(*(phone.listening(start) for phone in every_phone))
    lines = [(f"every hand drawn ({len(every_phone)} phones)",
              f"{max(drawn):.2f} s after the first connection (median {statistics.median(drawn):.2f} s; "
              f"{_verdict(max(drawn), DRAWN_GOAL_S)} the {DRAWN_GOAL_S:g} s goal)"),
             ("  … and every stream's first panel", f"{max(listening):.2f} s (median "
              f"{statistics.median(listening):.2f} s)")]
    if tablets:
        shown = await asyncio.gather(*(tablet.settled(start) for tablet in tablets))
        lines.append((f"every tablet drawn ({len(tablets)} apps)", f"{max(shown):.1f} s (median "
                      f"{statistics.median(shown):.1f} s)"))
    await asyncio.sleep(1.0)
    grown = _rss_mb(server.pid) - alone
    lines.append(("the phones' memory", f"{grown:.0f} MB in all: the server {alone:.0f} MB alone, "
                  f"{alone + grown:.0f} MB with them ({grown * 1024 / len(every_phone):.0f} kB a phone; "
                  f"{_verdict(grown, MEMORY_GOAL_MB)} the {MEMORY_GOAL_MB} MB goal"
                  + (", the tablets' websockets included)" if tablets else ")")))
    if tablets:
        pids = _children(server.pid)
        memory = sum(_rss_mb(pid) for pid in pids)
        lines.append((f"the tablets' memory ({len(pids)} apps)", f"{memory:.0f} MB resident ({memory / len(pids):.0f} "
                      "MB each)"))
        lines += await _moves(home, tables, tablets, phones)
    server_cpu, tablets_cpu = await asyncio.gather(_at_rest([server.pid]), _at_rest(_children(server.pid)))
    lines.append(("CPU at rest", f"the server {server_cpu:.3f} CPU-s per second"
                  + (f", the tablets' apps {tablets_cpu:.3f} (each follows the store)" if tablets else "")))
    await asyncio.gather(*(tablet.close() for tablet in tablets), *(phone.close() for phone in every_phone))
    return lines


async def _moves(home: Path, tables: list[Table], tablets: list[App], phones: list[list[Phone]]) -> Lines:
    """Table by table: a phone's lay-away posted, to its tablet redrawn (and its other phones' panels); then another
    seat's lay-away saved in the store as the tablet saves it, to every phone's panel pushed."""
    from companion.store.database import Store
    from companion.store.session import MatchSession

    to_tablet, to_others, to_phones = [], [], []
    with Store.open(home / "companion.sqlite3") as store:
        for table, tablet, seats in zip(tables, tablets, phones):
            choice = next(c for c in MatchSession(store, table.match_id).match.choices(0) if c.name == "discard")
            started = time.perf_counter()
            await seats[0].answer(choice.name, [card.code for card in choice.cards[:choice.low]])
            drawn, *others = await asyncio.gather(tablet.settled(started, 20),
                                                  *(phone.pushed(started) for phone in seats[1:]))
            to_tablet.append(drawn)
            to_others.append(max(others))

            session = MatchSession(store, table.match_id)
            choice = next(c for c in session.match.choices(1) if c.name == "discard")
            started = time.perf_counter()
            session.apply(choice.answer(list(choice.cards[:choice.low]), [], None, None))
            to_phones.append(max(await asyncio.gather(*(phone.pushed(started) for phone in seats))))
            await tablet.settled(started, 20)  # the next table's moves on a quiet machine
    return [(f"a phone's choice to its tablet ({len(tables)} tables)", _spread(to_tablet, MOVE_GOAL_S)),
            ("  … and to the table's other phones", _spread(to_others)),
            (f"the table's move to every phone ({len(tables)} tables)", _spread(to_phones, MOVE_GOAL_S))]


async def _terminal_night(server: Server, tables: list[Table]) -> Lines:
    """As before: every phone a Textual app of its own (by the match's token), beside each table's tablet."""
    apps = [App(server.base, _tokens(server, table)[0], size) for table in tables
            for size in [TABLET] + [PHONE] * len(table.bindings)]
    start = time.perf_counter()
    await asyncio.gather(*(app.connect() for app in apps))
    drawn = await asyncio.gather(*(app.settled(start) for app in apps))
    on_phones = [d for app, d in zip(apps, drawn) if app.size == PHONE]
    await asyncio.sleep(2.0)
    pids = _children(server.pid)
    phone_pids = [pid for pid in pids if _columns(pid) == PHONE[0]]
    phones_mb = sum(_rss_mb(pid) for pid in phone_pids)
    tablets_mb = sum(_rss_mb(pid) for pid in pids if pid not in phone_pids)
    await asyncio.gather(*(app.close() for app in apps))
    return [(f"every phone drawn ({len(on_phones)} apps)", f"{max(on_phones):.1f} s after the first connection "
             f"(median {statistics.median(on_phones):.1f} s; all {len(apps)} devices {max(drawn):.1f} s)"),
            ("the phones' memory", f"{phones_mb:.0f} MB resident in all ({len(phone_pids)} apps, "
             f"{phones_mb / max(len(phone_pids), 1):.0f} MB each)"),
            ("the tablets' memory", f"{tablets_mb:.0f} MB resident ({len(pids) - len(phone_pids)} apps)")]


def _columns(pid: int) -> int:
    """The width its app was started at (textual-serve says it in the app's environment)."""
    for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
        if item.startswith(b"COLUMNS="):
            return int(item.split(b"=", 1)[1])
    return 0


def _night(title: str, tables: int, args: argparse.Namespace,
           measure: Callable[[Path, Server, list[Table]], Coroutine[Any, Any, Lines]]) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-tables-") as tmp:
        home = Path(tmp)
        made = _store(home, tables, args.phones, args.deals)
        with served(home) as server:
            lines = asyncio.run(measure(home, server, made))
    print(f"\n{title}")
    for name, figure in lines:
        print(f"  {name + ':':46} {figure}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.tables_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="tables of the night (default 10)")
    parser.add_argument("--phones", type=int, default=4, help="phones per table, 2 to 4 (default 4)")
    parser.add_argument("--big", type=int, default=100, help="tables of the big night (default 100)")
    parser.add_argument("--big-tablets", action="store_true", help="the big night with a tablet at each table too")
    parser.add_argument("--deals", type=int, default=3, help="each match at its n-th deal (default 3)")
    args = parser.parse_args(argv)
    n, p = args.tables, args.phones
    print(f"companion tables bench: {os.cpu_count()} cpu(s) seen, load {os.getloadavg()[0]:.1f} before it starts; "
          f"every match at its deal {args.deals}")
    _night(f"{n} tables × {p} phones as pages, and a tablet each", n, args,
           lambda home, server, made: _pages_night(home, server, made, with_tablets=True))
    _night(f"{args.big} tables × {p} phones as pages, " + ("and a tablet each" if args.big_tablets else "no tablet"),
           args.big, args, lambda home, server, made: _pages_night(home, server, made, with_tablets=args.big_tablets))
    _night(f"{n} tables × {p} phones through the terminal page (an app each), and a tablet each", n, args,
           lambda home, server, made: _terminal_night(server, made))
    return 0


if __name__ == "__main__":
    sys.exit(main())

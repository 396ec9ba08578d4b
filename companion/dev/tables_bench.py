"""A club night of phones, measured: ``python -m companion.dev.tables_bench [--tables 10] [--phones 4]``.

It starts ``companion serve`` on loopback with one virtual cribbage match per table (four human seats, partners),
gives each table's seats to phones, and connects every device as a browser does (a websocket per device, asking
for a phone's or a tablet's terminal size; no browser is started: Chromium's own pages would take the same two
cores as the apps and measure Chromium). Then it measures:

- **memory**: the resident memory of every app process (one per device), in all and each;
- **CPU at rest**: the CPU the apps take per second while nobody plays (each follows the store);
- **from a phone's entry to the table's screen**: an entry saved as a phone saves it (the seat's lay-away),
  then the time until that table's device has redrawn (its output settled: no frame for 0.2 s).

It prints figures and asserts nothing. The phone's own side (a tap to its entry saved) is the one-device screen
change of ``companion.dev.tablet_bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.dev.tablet_bench import Server, _children, _cpu_s, _rss_mb, served

PHONE, TABLET = (48, 52), (113, 42)  # cells: a 390×844 phone upright with its font, a 1024×768 tablet
QUIET_S = 0.2
WINDOW_S, REST_S = 4.0, 32.0  # CPU at rest: windows this long, for this long


def _store(home: Path, tables: int, phones: int) -> list[tuple[int, list[int]]]:
    """One match per table, its seats given to phones: [(match id, [binding per seat])]."""
    from companion.games import registry
    from companion.games.base import Setup
    from companion.store.database import Store
    from companion.store.session import MatchSession

    game = registry.get("cribbage")
    home.mkdir(parents=True, exist_ok=True)
    made = []
    with Store.open(home / "companion.sqlite3") as store:
        for t in range(tables):
            names = tuple(f"P{t}-{s}" for s in range(phones))
            setup = Setup(names, game.make_rules(phones, {}), 0, "virtual", t, ("human",) * phones)
            match_id = MatchSession.create(store, setup, game).match_id
            made.append((match_id, [store.bind_seat(match_id, s) for s in range(phones)]))
    return made


class Device:
    """One device's websocket, and the times of the frames its app sent."""

    def __init__(self, base: str, token: str, size: tuple[int, int]) -> None:
        self.base, self.token, self.size = base, token, size
        self.frames: list[float] = []
        self.ws: Any = None

    async def connect(self) -> None:
        import aiohttp

        jar_cookie = {"companion_" + self.base.rsplit(":", 1)[1]: self.token}
        self.client = aiohttp.ClientSession(cookies=jar_cookie)
        width, height = self.size
        self.ws = await self.client.ws_connect(f"{self.base.replace('http', 'ws')}/ws?width={width}&height={height}",
                                               headers={"Origin": self.base}, max_msg_size=0)
        await self.ws.send_json(["resize", {"width": width, "height": height}])
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for _ in self.ws:
            self.frames.append(time.perf_counter())

    async def settled(self, since: float, timeout: float = 60.0) -> float:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
            after = [t for t in self.frames if t >= since]
            if after and time.perf_counter() - after[-1] >= QUIET_S:
                return after[-1] - since
        return float("nan")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        self.reader.cancel()
        await self.client.close()


async def _measure(home: Path, server: Server, made: list[tuple[int, list[int]]]) -> list[tuple[str, str]]:
    from companion.games.cribbage.ops import Discard
    from companion.serving.tablets import match_token, seat_token
    from companion.store.database import Store
    from companion.store.session import MatchSession

    secret, base, server_pid = server.secret, server.base, server.pid
    tables: list[Device] = []
    devices: list[Device] = []
    for match_id, bindings in made:
        table = Device(base, match_token(secret, match_id), TABLET)
        tables.append(table)
        devices.append(table)
        devices += [Device(base, seat_token(secret, match_id, s, b), PHONE) for s, b in enumerate(bindings)]
    start = time.perf_counter()
    for device in devices:  # as a room of players scanning their codes: all at once
        await device.connect()
    drawn = await asyncio.gather(*(d.settled(start, 120) for d in devices))
    lines = [(f"{len(devices)} devices connecting at once", f"all drawn in {max(drawn):.1f} s (median "
              f"{statistics.median(drawn):.1f} s)")]
    await asyncio.sleep(2.0)
    pids = _children(server_pid)
    memory = sum(_rss_mb(p) for p in pids)
    lines.append((f"memory of {len(pids)} apps", f"{memory:.0f} MB resident ({memory / max(len(pids), 1):.0f} MB each)"))
    # At rest once it has settled: the apps drawn last are still being answered for seconds after (50 apps on 2
    # cores). Windows of WINDOW_S over REST_S: the first says that tail, the least is the apps at rest.
    settled_at = time.perf_counter()
    windows: list[tuple[float, float]] = []  # (seconds after the last was drawn, CPU-s per second)
    while time.perf_counter() - settled_at < REST_S:
        before = sum(_cpu_s(p) for p in pids)
        await asyncio.sleep(WINDOW_S)
        windows.append((time.perf_counter() - settled_at, (sum(_cpu_s(p) for p in pids) - before) / WINDOW_S))
    when, idle = min(windows, key=lambda w: w[1])
    lines.append(("CPU at rest", f"{idle:.2f} CPU-s per second for all ({idle / max(len(pids), 1) * 1000:.1f} ms "
                  f"each) {when:.0f} s after the last was drawn ({windows[0][1]:.2f} in the first {WINDOW_S:g} s, "
                  "the last ones still being answered): each app asks the store for changes every 0.4 s"))
    delays = []
    with Store.open(home / "companion.sqlite3") as store:
        for (match_id, _), table in zip(made, tables):
            session = MatchSession(store, match_id)
            match = session.match
            seat = next(iter(match.awaiting()))
            hand = match.hand(seat)  # type: ignore[attr-defined]
            started = time.perf_counter()
            session.apply(Discard(seat, tuple(hand[:match.discard_count()])))  # type: ignore[attr-defined]
            delays.append(await table.settled(started, 20))
    lines.append((f"a phone's entry to its table's screen ({len(delays)} tables)",
                  f"median {statistics.median(delays):.2f} s, max {max(delays):.2f} s (the table's device follows "
                  "the store every 0.4 s)"))
    for device in devices:
        await device.close()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.tables_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="tables (default 10)")
    parser.add_argument("--phones", type=int, default=4, help="phones per table, 2 to 4 (default 4)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-tables-") as tmp:
        home = Path(tmp)
        made = _store(home, args.tables, args.phones)
        with served(home) as server:
            print(f"companion tables bench: {os.cpu_count()} cpu(s) seen, {args.tables} tables of {args.phones} "
                  f"phones and a tablet")
            for name, figure in asyncio.run(_measure(home, server, made)):
                print(f"{name + ':':48} {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

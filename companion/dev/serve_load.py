"""Many devices on one match, measured: ``python -m companion.dev.serve_load [--clients 20] [--seconds 10]``.

``companion serve`` runs one app process per browser tab, all writing one SQLite store. This starts that many
processes at once, each doing what a tab's app does when its player enters something: read the match, make
the next entry through a ``MatchSession`` (saved before shown), and when another tab got there first, take
the refusal (a ConflictError, or the file busy past SQLite's wait when many race: nothing written), reload and
go on. They race for a bounded time on one
virtual Trente-et-un match (every entry is the next move of a computer player, so each is legal when made).

Afterwards it checks what the players would: every accepted entry is in the stored log exactly once, the log
holds nothing else, and the stored score equals the score replayed from the log. It prints entries per
second, refused conflicts and busy waits, and lost entries (0 when the checks hold).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue as queues
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ("Ann", "Bob", "Chloé", "Denis", "Élise", "Félix", "Gaby", "Hugo", "Inès", "Jules")  # a long match
# What a client reports: its accepted entries (seq, op as stored), conflicts, seconds, whether the match ended, busy waits.
ClientResult = tuple[list[tuple[int, dict[str, Any]]], int, float, bool, int]


def _new_match(path: Path, seed: int) -> int:
    from companion.games.base import Setup
    from companion.games.trente_et_un.rules import KnockRules
    from companion.store.database import Store
    from companion.store.session import MatchSession

    with Store.open(path) as store:
        return MatchSession.create(store, Setup(NAMES, KnockRules(tokens=5), 0, "virtual", seed), "trente_et_un").match_id


def _client(path: str, match_id: int, start: float, seconds: float, out: multiprocessing.Queue[ClientResult]) -> None:
    """One tab's app process: entries until the time is up or the match is over."""
    from companion.games.trente_et_un.players import next_op
    from companion.store.database import Store
    from companion.store.errors import ConflictError, StoreError, sqlite_code
    from companion.store.session import MatchSession

    accepted: list[tuple[int, dict[str, Any]]] = []
    conflicts = busy = 0
    with Store.open(Path(path)) as store:
        session = MatchSession(store, match_id)
        while time.time() < start:
            time.sleep(0.001)
        while time.time() < start + seconds:
            op = next_op(session.match, ["easy"] * len(NAMES))  # type: ignore[arg-type]
            if op is None:
                break
            try:
                session.apply(op)
            except ConflictError:
                conflicts += 1  # refused, nothing written; the session has reloaded what is stored
                continue
            except StoreError as error:
                cause = error.__cause__
                if not (isinstance(cause, sqlite3.Error) and sqlite_code(cause) == sqlite3.SQLITE_BUSY):
                    raise
                busy += 1  # the player is told the file is busy: nothing was written, he enters it again
                session.reload()
                continue
            accepted.append((session.head, op.to_json()))
    out.put((accepted, conflicts, time.time() - start, op is None, busy))


def run(clients: int = 20, seconds: float = 10.0, home: Path | None = None, seed: int = 7) -> dict[str, float | bool]:
    with tempfile.TemporaryDirectory() as scratch:
        path = (home or Path(scratch)) / "load.sqlite3"
        match_id = _new_match(path, seed)
        queue: multiprocessing.Queue[ClientResult] = multiprocessing.Queue()
        start = time.time() + 1.0 + clients * 0.05  # every process ready before the race starts
        procs = [multiprocessing.Process(target=_client, args=(str(path), match_id, start, seconds, queue))
                 for _ in range(clients)]
        for proc in procs:
            proc.start()
        results = _results(queue, procs, deadline=time.time() + seconds + 120)
        for proc in procs:
            proc.join(30)
        return check(path, match_id, results, clients, seconds)


def _results(queue: multiprocessing.Queue[ClientResult], procs: list[multiprocessing.Process],
             deadline: float) -> list[ClientResult]:
    """Each client's figures; a client that died says so at once (its error is printed above), not at the deadline."""
    results: list[ClientResult] = []
    while len(results) < len(procs):
        try:
            results.append(queue.get(timeout=1.0))
        except queues.Empty:
            died = [proc.exitcode for proc in procs if proc.exitcode not in (None, 0)]
            if died or time.time() > deadline:
                raise RuntimeError(f"{len(died)} client(s) died, {len(procs) - len(results)} never answered") from None
    return results


def check(path: Path, match_id: int, results: list[ClientResult], clients: int, seconds: float) -> dict[str, float | bool]:
    from companion.games import registry
    from companion.store.database import Store

    accepted = [entry for entries, *_ in results for entry in entries]
    elapsed = max((r[2] for r in results), default=seconds)  # the match may end before the time is up
    with Store.open(path) as store:
        record, log = store.load(match_id)
    by_seq: dict[int, list[dict[str, Any]]] = {}
    for seq, op in accepted:
        by_seq.setdefault(seq, []).append(op)
    twice = sum(len(ops) - 1 for ops in by_seq.values())
    lost = sum(1 for seq, op in accepted if seq > len(log) or log[seq - 1] != op)
    unclaimed = len(log) - len(by_seq)  # stored entries no client was told were accepted
    game = registry.get(record.game)
    replayed = game.summarize(game.match.replay(game.read_setup(record.setup), log))
    return {"clients": clients, "seconds": round(elapsed, 2), "accepted": len(accepted),
            "entries_per_second": round(len(accepted) / elapsed, 1) if elapsed > 0 else 0.0,
            "match_over": any(r[3] for r in results),
            "refused_conflicts": sum(r[1] for r in results), "refused_busy": sum(r[4] for r in results),
            "lost": lost, "duplicated": twice,
            "unclaimed": unclaimed, "score_matches_replay": replayed["scores"] == record.summary.get("scores"),
            "stored_entries": len(log)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = run(args.clients, args.seconds)
    if args.json:
        print(json.dumps(figures))
    else:
        ended = " (until the match ended)" if figures["match_over"] else ""
        print(f"{figures['clients']} clients on one match for {figures['seconds']:g} s{ended} "
              f"({os.cpu_count()} cores): {figures['accepted']} entries accepted, "
              f"{figures['entries_per_second']} per second, {figures['refused_conflicts']} refused as conflicts, "
              f"{figures['refused_busy']} as busy, "
              f"lost: {figures['lost']}, duplicated: {figures['duplicated']}, "
              f"score equals the replay: {'yes' if figures['score_matches_replay'] else 'NO'}")
    ok = figures["lost"] == 0 and figures["duplicated"] == 0 and figures["unclaimed"] == 0
    return 0 if ok and figures["score_matches_replay"] else 1


if __name__ == "__main__":
    raise SystemExit(main())

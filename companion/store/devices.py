"""Several devices on one match (the table's tablet, the players' own phones), kept in agreement through the store
that every device follows:

- **who drives**: the automatic moves of a virtual match (deals, the computers' moves) are made by one device at a
  time, the holder of a short lease it renews while its screen is open: the table's device whenever it is open,
  else a player's own device (so a table of phones plays on with no tablet at all);
- **undo asks the players it affects**: an undo that takes back entries of a player on his own device waits for
  that player to agree on it; any entry made meanwhile makes the question void.

A file older than schema 6 (opened read-only) has neither: nobody drives from it, and nothing is asked.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass

from companion.store.database import Store

LEASE_S = 3.0  # a driver gone silent this long is replaced (a phone takes over from a closed tablet)
DEVICES_SINCE = 6  # the schema version that brought these tables


@dataclass(frozen=True)
class Lease:
    drives: bool  # this device makes the automatic moves now
    until: float  # when the current lease (this device's or another's) runs out, in time.time() seconds


def drive(store: Store, match_id: int, device: str, table: bool, now: float | None = None) -> Lease:
    """Take or renew the right to make a match's automatic moves: granted when nobody holds it, when its holder
    let it run out, when this device holds it, or to a table's device over a player's own."""
    now = time.time() if now is None else now
    if store.read_only or store.version < DEVICES_SINCE:
        return Lease(False, now + LEASE_S)

    def held_by_another(conn: sqlite3.Connection) -> float | None:
        """Until when another device holds the lease that this one may not take over; None: it may be taken."""
        row = conn.execute("SELECT device, table_device, until FROM drivers WHERE match_id = ?",
                           (match_id,)).fetchone()
        if row is not None and row[0] != device and row[2] > now and not (table and not row[1]):
            return float(row[2])
        return None

    with store.reading() as conn:
        until = held_by_another(conn)
    if until is not None:
        return Lease(False, until)  # read only, nothing written
    with store.writing() as conn:  # checked again under the write lock: two devices may ask at once
        until = held_by_another(conn)
        if until is not None:
            return Lease(False, until)
        conn.execute("INSERT OR REPLACE INTO drivers (match_id, device, table_device, until) VALUES (?, ?, ?, ?)",
                     (match_id, device, int(table), now + LEASE_S))
    return Lease(True, now + LEASE_S)


def release(store: Store, match_id: int, device: str) -> None:
    """The driver leaves its match's screen: another device takes over at once, not after the lease."""
    if store.read_only or store.version < DEVICES_SINCE:
        return
    with store.writing() as conn:
        conn.execute("DELETE FROM drivers WHERE match_id = ? AND device = ?", (match_id, device))


@dataclass(frozen=True)
class UndoRequest:
    """An undo waiting for the players it takes entries back from."""

    head: int  # the log's length when it was asked: an entry made since voids it
    back: int  # the length the undo returns the log to
    device: str  # the asking device, which makes the undo once everyone agreed
    asker: str  # who asks, as the players read it (a player's name, or empty for the table's device)
    seats: tuple[int, ...]  # the players asked
    agreed: tuple[int, ...] = ()
    refused: int | None = None  # the seat that said no

    @property
    def agreed_by_all(self) -> bool:
        return self.refused is None and set(self.seats) <= set(self.agreed)

    def waits_for(self, seat: int | None) -> bool:
        return seat in self.seats and seat not in self.agreed and self.refused is None


def ask_undo(store: Store, match_id: int, request: UndoRequest) -> None:
    """Ask (a new question replaces the match's previous one)."""
    with store.writing() as conn:
        conn.execute("INSERT OR REPLACE INTO undo_requests (match_id, head, back, device, asker, seats, agreed, refused)"
                     " VALUES (?, ?, ?, ?, ?, ?, '[]', NULL)",
                     (match_id, request.head, request.back, request.device, request.asker,
                      json.dumps(list(request.seats))))


def undo_request(store: Store, match_id: int) -> UndoRequest | None:
    """The match's question, or None (none, an older file, or a row this release cannot read)."""
    if store.version < DEVICES_SINCE:
        return None
    with store.reading() as conn:
        row = conn.execute("SELECT head, back, device, asker, seats, agreed, refused FROM undo_requests "
                           "WHERE match_id = ?", (match_id,)).fetchone()
    if row is None:
        return None
    try:
        return UndoRequest(int(row[0]), int(row[1]), str(row[2]), str(row[3]),
                           tuple(int(s) for s in json.loads(row[4])), tuple(int(s) for s in json.loads(row[5])),
                           None if row[6] is None else int(row[6]))
    except (TypeError, ValueError):
        return None


def answer_undo(store: Store, match_id: int, head: int, seat: int, agree: bool) -> None:
    """A player's answer to the question asked at log length ``head`` (a void question takes none)."""
    with store.writing() as conn:
        row = conn.execute("SELECT agreed FROM undo_requests WHERE match_id = ? AND head = ?",
                           (match_id, head)).fetchone()
        if row is None:
            return
        if agree:
            agreed = sorted({*json.loads(row[0]), seat})
            conn.execute("UPDATE undo_requests SET agreed = ? WHERE match_id = ? AND head = ?",
                         (json.dumps(agreed), match_id, head))
        else:
            conn.execute("UPDATE undo_requests SET refused = ? WHERE match_id = ? AND head = ?",
                         (seat, match_id, head))


def drop_undo(store: Store, match_id: int) -> None:
    """The question is settled (made, refused, withdrawn or void)."""
    if store.read_only or store.version < DEVICES_SINCE:
        return
    with store.writing() as conn:
        conn.execute("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

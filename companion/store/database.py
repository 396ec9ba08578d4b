"""The match store: an SQLite event log, one row per operation.

Persist before you show (GUIDE §1): every write method is one committed
transaction (``BEGIN IMMEDIATE`` … ``COMMIT``, WAL journal, ``synchronous=FULL``),
so when ``append`` returns, the operation survives a killed process and the app
may show it. The store never interprets an operation: ops, setups and summaries
are plain JSON values (dicts, lists, strings, numbers, booleans, None).

Layout of the file (see ``schema.py`` for every table):

- ``matches``: one row per match (game, setup, timestamps, a small summary for the
  list of past matches, finished flag, and ``rev``, a counter bumped by every change
  of the match's log).
- ``ops``: ``(match_id, seq)`` with ``seq`` from 1. Active rows ``1..head`` are the
  current log; inactive rows after the head are the redo stack.
- beside them: the roster (``players``, ``aliases``), each match's cached statistics, drafts, seats on
  devices, the evenings matches were moved to, and the club nights (``nights``, and ``night_ops``: one
  row per entry, appended like ``ops``; ``companion.club.saved`` reads and writes them).

Several app processes (one per browser tab) may use one file at once. Every
log write names the ``expected_head`` the caller's screen was built from; if the
file has moved on, :class:`ConflictError` is raised and nothing is written. A
``Store`` object also remembers the ``rev`` of the log it last read (``ops`` /
``load``) or wrote for each match, so "another tab undid one entry and added a
different one" (same head, different log) is a conflict too.

Opening never modifies a file that is not ours: a foreign, damaged or newer file
raises :class:`StoreError`. :func:`open_or_recover` moves an unreadable file
aside (bytes kept) and starts an empty store, with a message for the player.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from companion.core.i18n import Msg
from companion.store.errors import (
    BAD_ENTRY,
    BAD_GAME,
    BAD_SEQ,
    BAD_VALUE,
    NO_MATCH,
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    WHAT,
    DamagedMatchError,
    MatchNotFoundError,
    StoreError,
)
from companion.store.rows import FILE_NAME as FILE_NAME
from companion.store.rows import RECORD_SQL, SETUP, SUMMARY, encode, json_object, now, record_of, time_of
from companion.store.rows import MatchRecord as MatchRecord
from companion.store.rows import default_path as default_path
from companion.store.rows import read_time as read_time
from companion.store.schema import (
    add_player,
)
from companion.store.storefile import StoreFile


class Store(StoreFile):
    """An open match store. Use :meth:`open` (or :func:`open_or_recover`); close it, or use ``with``.

    Thread-safe (one lock around the connection), so Textual thread workers may share it.
    Every SQLite failure surfaces as :class:`StoreError`.
    """

    # ----------------------------------------------------------------- matches

    def create_match(self, game: str, setup: dict[str, Any], summary: dict[str, Any] | None = None) -> int:
        """Create a match with an empty log; returns its id (ids are never reused)."""
        if not isinstance(game, str) or not game:
            raise StoreError(BAD_VALUE(what=WHAT["game"], detail="expected a non-empty string"))
        setup_text = encode(setup, "setup")
        summary_text = encode({} if summary is None else summary, "summary")
        created = now()
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                cur = conn.execute(
                    "INSERT INTO matches (game, setup, created, updated, summary, finished, rev) "
                    "VALUES (?, ?, ?, ?, ?, 0, 0)",
                    (game, setup_text, created, created, summary_text),
                )
                match_id = int(cur.lastrowid or 0)
                names = setup.get("names", []) if isinstance(setup, dict) else []
                seats = setup.get("seats") if isinstance(setup, dict) else None
                for i, name in enumerate(names if isinstance(names, list) else []):
                    if not seats or not isinstance(seats, list) or (i < len(seats) and seats[i] == "human"):
                        add_player(conn, name)  # every person is a player of the roster; a computer is not
            self._seen[match_id] = 0
        return match_id

    def match(self, match_id: int) -> MatchRecord:
        with self._transaction("BEGIN") as conn:
            row = conn.execute(RECORD_SQL + " WHERE m.id = ?", (match_id,)).fetchone()
        if row is None:
            raise MatchNotFoundError(NO_MATCH(id=match_id))
        return record_of(row)

    def load(self, match_id: int) -> tuple[MatchRecord, list[dict[str, Any]]]:
        """The match and its active ops, read in one snapshot (use this to (re)load a match screen)."""
        with self._lock:
            with self._transaction("BEGIN") as conn:
                row = conn.execute(RECORD_SQL + " WHERE m.id = ?", (match_id,)).fetchone()
                if row is None:
                    raise MatchNotFoundError(NO_MATCH(id=match_id))
                texts = conn.execute(
                    "SELECT op FROM ops WHERE match_id = ? AND active = 1 ORDER BY seq", (match_id,)
                ).fetchall()
            record = record_of(row)
            self._seen[match_id] = record.rev
        if record.damaged is not None:
            raise DamagedMatchError(match_id, record.damaged)
        ops = []
        for seq, (text,) in enumerate(texts, 1):
            op, bad = json_object(text, BAD_ENTRY(seq=seq))
            if bad is not None:
                raise DamagedMatchError(match_id, BAD_ENTRY(seq=seq))
            ops.append(op)
        return record, ops

    def changed_elsewhere(self, match_id: int) -> bool:
        """Whether the match's log changed since this Store last read or wrote it (another window, tab or
        device wrote it): one small query, cheap enough to poll."""
        with self._lock:
            seen = self._seen.get(match_id)
            with self._transaction("BEGIN") as conn:
                row = conn.execute("SELECT rev FROM matches WHERE id = ?", (match_id,)).fetchone()
        return row is None or seen is None or row[0] != seen

    def ops(self, match_id: int) -> list[dict[str, Any]]:
        """The active ops in order (seq 1..head)."""
        return self.load(match_id)[1]

    def list_matches(self, finished: bool | None = None) -> list[MatchRecord]:
        """All matches (or only finished / unfinished ones), most recently updated first."""
        where, params = "", tuple[int, ...]()
        if finished is not None:
            where, params = " WHERE m.finished = ?", (int(bool(finished)),)
        with self._transaction("BEGIN") as conn:
            rows = conn.execute(RECORD_SQL + where + " ORDER BY m.updated DESC, m.id DESC", params).fetchall()
        return [record_of(row) for row in rows]

    def unreadable(self) -> dict[int, Msg]:
        """The matches whose row cannot be read, or whose log cannot be read where their figures need it (no
        current statistics cached beside it), each with why: bytes damaged on the disk that SQLite's own check
        cannot see, and what a command's figures would lack, to be said beside them. Nothing is replayed; on a
        big store whose figures are cached, no log is read."""
        bad_log = ("(SELECT min(o.seq) FROM ops o WHERE o.match_id = m.id AND o.active = 1 AND "
                   "NOT CASE WHEN json_valid(o.op) THEN json_type(o.op) = 'object' ELSE 0 END)")
        cached = ("EXISTS (SELECT 1 FROM match_stats s WHERE s.match_id = m.id AND s.rev = m.rev)" if self._version >= 2
                  else "0")
        with self._transaction("BEGIN") as conn:
            rows = conn.execute(f"SELECT m.id, m.game, m.setup, m.created, m.updated, m.summary, "
                                f"CASE WHEN {cached} THEN NULL ELSE {bad_log} END FROM matches m ORDER BY m.id").fetchall()
        bad: dict[int, Msg] = {}
        for match_id, game, setup, created, updated, summary, entry in rows:
            why = (json_object(setup, SETUP)[1] or (None if isinstance(game, str) and game else BAD_GAME)
                   or json_object(summary, SUMMARY)[1] or time_of(created)[1] or time_of(updated)[1]
                   or (BAD_ENTRY(seq=entry) if entry is not None else None))
            if why is not None:
                bad[match_id] = why
        return bad

    # ----------------------------------------------------------------- drafts

    def save_draft(self, match_id: int, head: int, data: dict[str, Any] | None) -> None:
        """Keep (or, with None, forget) what a screen holds between entries at log length ``head``."""
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                if data is None:
                    conn.execute("DELETE FROM drafts WHERE match_id = ?", (match_id,))
                else:
                    conn.execute("INSERT OR REPLACE INTO drafts (match_id, head, data) VALUES (?, ?, ?)",
                                 (match_id, int(head), encode(data, "draft")))

    def bind_seat(self, match_id: int, seat: int) -> int:
        """Give a seat of a match to a new device: its binding number (the device before it is let go)."""
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                row = conn.execute("SELECT binding FROM seats WHERE match_id = ? AND seat = ?",
                                   (match_id, seat)).fetchone()
                binding = (int(row[0]) if row is not None else 0) + 1
                conn.execute("INSERT OR REPLACE INTO seats (match_id, seat, binding) VALUES (?, ?, ?)",
                             (match_id, seat, binding))
        return binding

    def seats_on_devices(self, match_id: int) -> dict[int, int]:
        """Each seat of a match given to a player's own device, with its current binding."""
        if self._version < 4:
            return {}  # a file of an older release opened read-only: no seat was ever given
        with self._transaction("BEGIN") as conn:
            rows = conn.execute("SELECT seat, binding FROM seats WHERE match_id = ?", (match_id,)).fetchall()
        return {int(seat): int(binding) for seat, binding in rows}

    def draft(self, match_id: int, head: int) -> dict[str, Any] | None:
        """The draft saved at log length ``head``, or None (none, another head, or unreadable: a draft is never
        worth refusing a match for)."""
        if self._version < 3:
            return None  # a file of an older release opened read-only: it has no drafts
        with self._transaction("BEGIN") as conn:
            row = conn.execute("SELECT head, data FROM drafts WHERE match_id = ?", (match_id,)).fetchone()
        if row is None or row[0] != head:
            return None
        try:
            data = json.loads(row[1])
        except (ValueError, RecursionError):
            return None
        return data if isinstance(data, dict) else None

    def delete_match(self, match_id: int) -> bool:
        """Delete a match and its log; returns False if it did not exist."""
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                conn.execute("DELETE FROM drafts WHERE match_id = ?", (match_id,))
                conn.execute("DELETE FROM ops WHERE match_id = ?", (match_id,))
                deleted = conn.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount > 0
            self._seen.pop(match_id, None)
        return deleted

    def set_summary(
        self, match_id: int, summary: dict[str, Any], finished: bool, expected_head: int | None = None
    ) -> None:
        """Replace the summary shown in the list of matches (does not change the log)."""
        summary_text = encode(summary, "summary")
        with self._log_write(match_id, expected_head, bump=False):
            self._touch(self._connection(), match_id, summary_text, finished, bump=False)

    # ----------------------------------------------------------------- the log

    def append(
        self,
        match_id: int,
        op: dict[str, Any],
        expected_head: int,
        *,
        summary: dict[str, Any] | None = None,
        finished: bool | None = None,
    ) -> int:
        """Append ``op`` after the active head (dropping the redo stack); returns the new head.

        Durable when it returns. ConflictError (nothing written) if the file's head is not
        ``expected_head`` or the log changed since this Store last read/wrote it.
        """
        op_text = encode(op, "op")
        summary_text = None if summary is None else encode(summary, "summary")
        with self._log_write(match_id, expected_head) as head:
            conn = self._connection()
            conn.execute("DELETE FROM ops WHERE match_id = ? AND seq > ?", (match_id, head))
            conn.execute("INSERT INTO ops (match_id, seq, op, active) VALUES (?, ?, ?, 1)", (match_id, head + 1, op_text))
            self._touch(conn, match_id, summary_text, finished, bump=True)
        return head + 1

    def undo(
        self, match_id: int, expected_head: int, *, summary: dict[str, Any] | None = None, finished: bool | None = None
    ) -> int:
        """Move the last active op to the redo stack; returns the new head."""
        summary_text = None if summary is None else encode(summary, "summary")
        with self._log_write(match_id, expected_head) as head:
            if head == 0:
                raise StoreError(NOTHING_TO_UNDO)
            conn = self._connection()
            conn.execute("UPDATE ops SET active = 0 WHERE match_id = ? AND seq = ?", (match_id, head))
            self._touch(conn, match_id, summary_text, finished, bump=True)
        return head - 1

    def redo(
        self, match_id: int, expected_head: int, *, summary: dict[str, Any] | None = None, finished: bool | None = None
    ) -> int:
        """Re-activate the first op of the redo stack; returns the new head."""
        summary_text = None if summary is None else encode(summary, "summary")
        with self._log_write(match_id, expected_head) as head:
            conn = self._connection()
            changed = conn.execute(
                "UPDATE ops SET active = 1 WHERE match_id = ? AND seq = ? AND active = 0", (match_id, head + 1)
            ).rowcount
            if not changed:
                raise StoreError(NOTHING_TO_REDO)
            self._touch(conn, match_id, summary_text, finished, bump=True)
        return head + 1

    def redo_count(self, match_id: int) -> int:
        return self.match(match_id).redo

    def can_redo(self, match_id: int) -> bool:
        return self.redo_count(match_id) > 0

    def redo_op(self, match_id: int) -> dict[str, Any] | None:
        """The op that :meth:`redo` would re-activate (e.g. to label the button), or None."""
        with self._transaction("BEGIN") as conn:
            head, _ = self._state(conn, match_id)
            row = conn.execute(
                "SELECT op FROM ops WHERE match_id = ? AND seq = ? AND active = 0", (match_id, head + 1)
            ).fetchone()
        if row is None:
            return None
        op, bad = json_object(row[0], BAD_ENTRY(seq=head + 1))
        if bad is not None:
            raise DamagedMatchError(match_id, bad)
        return op

    def raw_match(self, match_id: int) -> dict[str, Any]:
        """A match exactly as stored, every column as text (for inspecting a damaged match): nothing
        is parsed, so it works whatever the rows hold."""
        with self._transaction("BEGIN") as conn:
            row = conn.execute("SELECT id, game, setup, created, updated, summary, finished, rev FROM matches "
                               "WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise MatchNotFoundError(NO_MATCH(id=match_id))
            ops = conn.execute("SELECT seq, active, op FROM ops WHERE match_id = ? ORDER BY seq",
                               (match_id,)).fetchall()
        keys = ("id", "game", "setup", "created", "updated", "summary", "finished", "rev")
        return {**{k: (v if isinstance(v, (int, str)) or v is None else repr(v)) for k, v in zip(keys, row)},
                "ops": [{"seq": seq, "active": active, "op": op if isinstance(op, str) else repr(op)}
                        for seq, active, op in ops]}

    def replace_from(
        self,
        match_id: int,
        seq: int,
        new_ops: list[dict[str, Any]],
        expected_head: int,
        *,
        summary: dict[str, Any] | None = None,
        finished: bool | None = None,
    ) -> int:
        """Correct an earlier entry: drop active ops ``seq..head`` and the redo stack, write ``new_ops``
        from ``seq`` on, all in one transaction. ``1 <= seq <= head + 1``. Returns the new head."""
        texts = [encode(op, "op") for op in new_ops]
        summary_text = None if summary is None else encode(summary, "summary")
        with self._log_write(match_id, expected_head) as head:
            if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= head + 1:
                raise StoreError(BAD_SEQ(seq=seq, head=head))
            conn = self._connection()
            conn.execute("DELETE FROM ops WHERE match_id = ? AND seq >= ?", (match_id, seq))
            conn.executemany(
                "INSERT INTO ops (match_id, seq, op, active) VALUES (?, ?, ?, 1)",
                [(match_id, seq + i, text) for i, text in enumerate(texts)],
            )
            self._touch(conn, match_id, summary_text, finished, bump=True)
        return seq - 1 + len(texts)


    def add_matches(self, matches: Sequence[dict[str, Any]]) -> list[int]:
        """Add whole matches (``game``, ``setup``, ``ops``, ``summary``, ``finished``, ``created``,
        ``updated``) in one transaction: all of them, or none. Returns their new ids."""
        rows = [(m["game"], encode(m["setup"], "setup"), m["created"], m["updated"], encode(m["summary"], "summary"),
                 int(bool(m["finished"])), [encode(op, "op") for op in m["ops"]]) for m in matches]
        ids: list[int] = []
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                for game, setup, created, updated, summary, finished, ops in rows:
                    cur = conn.execute("INSERT INTO matches (game, setup, created, updated, summary, finished, rev) "
                                       "VALUES (?, ?, ?, ?, ?, ?, 0)", (game, setup, created, updated, summary, finished))
                    match_id = int(cur.lastrowid or 0)
                    for name in json.loads(setup).get("names", []):
                        add_player(conn, name)
                    conn.executemany("INSERT INTO ops (match_id, seq, op, active) VALUES (?, ?, ?, 1)",
                                     [(match_id, seq, op) for seq, op in enumerate(ops, 1)])
                    ids.append(match_id)
            for match_id in ids:
                self._seen[match_id] = 0
        return ids


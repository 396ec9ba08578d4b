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
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from companion.core.i18n import Joined, Msg
from companion.store.errors import (
    BAD_ENTRY,
    BAD_GAME,
    BAD_SEQ,
    BAD_TIME,
    BAD_VALUE,
    CANNOT_WRITE,
    CLOSED,
    DAMAGED,
    FILE_GONE,
    FOREIGN,
    IO_FAILED,
    MIGRATION_FAILED,
    NEWER,
    NO_MATCH,
    NO_WAL,
    NOT_JSON,
    NOT_OUR_TABLES,
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    READ_ONLY,
    READ_ONLY_BECAUSE,
    SIDE_DATA,
    SIDE_MISSING,
    SIDE_REMADE,
    WHAT,
    ConflictError,
    DamagedMatchError,
    MatchNotFoundError,
    NewerVersionError,
    ReadOnlyStoreError,
    StoreError,
    UnreadableStoreError,
    detail_of,
)
from companion.store.inspection import connect, identity, inspect_file, open_reading, unwritable, why_not_writable
from companion.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    Migration,
    add_player,
    header,
    make_tables,
    missing_tables,
    refill_side_tables,
    schema_ok,
    user_tables,
)

FILE_NAME = "companion.sqlite3"
BUSY_TIMEOUT_S = 10.0

# --------------------------------------------------------------------------- helpers


def default_path() -> Path:
    """``$COMPANION_HOME/companion.sqlite3`` if set, else the platform's user data dir."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        directory = Path(home).expanduser()
        directory.mkdir(parents=True, exist_ok=True)
    else:
        import platformdirs  # here: a home of one's own (a served tablet's, a test's) never needs it

        directory = Path(platformdirs.user_data_dir("companion", ensure_exists=True))
    return directory / FILE_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _encode(value: Any, what: str) -> str:
    """JSON text for the dict ``value``, refusing anything that would not come back identical."""
    if not isinstance(value, dict):
        raise StoreError(BAD_VALUE(what=WHAT[what], detail=f"expected a dict, got {type(value).__name__}"))
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise StoreError(BAD_VALUE(what=WHAT[what], detail=str(exc))) from exc
    if json.loads(text) != value:  # tuples, non-str keys… would be replayed differently than shown
        raise StoreError(BAD_VALUE(what=WHAT[what], detail="not plain JSON (tuples or non-string keys?)"))
    return text


class MatchRecord(NamedTuple):  # a named tuple: the first screen creates no dataclass (see core.i18n)
    """One match as stored. ``head`` = number of active ops; ``redo`` = ops on the redo stack."""

    id: int
    game: str
    setup: dict[str, Any]
    created: datetime
    updated: datetime
    summary: dict[str, Any]
    finished: bool
    head: int
    rev: int = 0
    redo: int = 0
    damaged: Msg | None = None  # why this row cannot be used (its match can still be exported or deleted)


_RECORD_SQL = """
    SELECT m.id, m.game, m.setup, m.created, m.updated, m.summary, m.finished, m.rev,
           (SELECT COUNT(*) FROM ops o WHERE o.match_id = m.id AND o.active = 1),
           (SELECT COUNT(*) FROM ops o WHERE o.match_id = m.id AND o.active = 0)
    FROM matches m
"""


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _json_object(text: Any, what: Msg) -> tuple[dict[str, Any], Msg | None]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):  # nested past the recursion limit: damaged too
        return {}, NOT_JSON(what=what)
    if not isinstance(value, dict):
        return {}, NOT_JSON(what=what)
    return value, None


def read_time(text: Any) -> datetime | None:
    """A stored date, or None when it is not one a table could have played on (see ``_time``)."""
    value, bad = _time(text)
    return None if bad is not None else value


def _time(text: Any) -> tuple[datetime, Msg | None]:
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return _EPOCH, BAD_TIME
    if not 1970 <= value.year <= 9000:  # year 1 or 9999: no table played then, and dates near them overflow
        return _EPOCH, BAD_TIME
    return (value if value.tzinfo else value.replace(tzinfo=UTC)), None


def _side_said(tables: Sequence[str], said: Msg) -> Msg | None:
    """What the player is told of side tables lost: what they held, if it was worth keeping (a cache, a draft or a
    device's lease is made again unsaid)."""
    what = tuple(dict.fromkeys(SIDE_DATA[t] for t in tables if t in SIDE_DATA))
    return said(what=Joined(what)) if what else None


SETUP = Msg("its setup", "sa configuration")
SUMMARY = Msg("its summary", "son résumé")


def _record(row: Sequence[Any]) -> MatchRecord:
    """A row as stored; a field that cannot be read marks the record damaged instead of raising."""
    setup, bad_setup = _json_object(row[2], SETUP)
    summary, bad_summary = _json_object(row[5], SUMMARY)
    created, bad_created = _time(row[3])
    updated, bad_updated = _time(row[4])
    game = row[1] if isinstance(row[1], str) else ""
    damaged = bad_setup or (None if game else BAD_GAME)
    if bad_summary or bad_created or bad_updated:
        summary = {}  # only the list is affected: the log itself may still be sound
    return MatchRecord(
        id=row[0],
        game=game,
        setup=setup,
        created=created,
        updated=updated,
        summary=summary,
        finished=bool(row[6]),
        rev=row[7] if isinstance(row[7], int) else 0,
        head=row[8],
        redo=row[9],
        damaged=damaged,
    )


# --------------------------------------------------------------------------- the store


class Store:
    """An open match store. Use :meth:`open` (or :func:`open_or_recover`); close it, or use ``with``.

    Thread-safe (one lock around the connection), so Textual thread workers may share it.
    Every SQLite failure surfaces as :class:`StoreError`.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, version: int, read_only: bool = False) -> None:
        self._conn: sqlite3.Connection | None = conn
        self._path = path
        self._version = version
        self.read_only = read_only  # opened for viewing only: every write is refused at once
        self.read_only_why: Msg | None = None  # why it was opened read-only (the app says it)
        self.refusal: Msg | None = None  # what a refused write says, if not the file's path (a spectator's tablet)
        self.remade: Msg | None = None  # what the file had lost beside the matches, made again (the app says it)
        self.damaged: Msg | None = None  # a damaged file a command reads as far as it can (``open_for_command``)
        self._copy: tempfile.TemporaryDirectory[str] | None = None  # a copy read instead of the file (``open_reading``)
        self._identity = identity(path)  # the file this store opened: a write into another is refused
        self._lock = threading.RLock()
        self._seen: dict[int, int] = {}  # match id -> rev of the log this object last read or wrote

    # ----------------------------------------------------------------- opening and closing

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        timeout: float = BUSY_TIMEOUT_S,
        read_only: bool = False,
        thorough: bool = True,
    ) -> Store:
        """Open (creating or upgrading) the store at ``path`` (default: :func:`default_path`).

        ``migrations`` is injectable for tests; its length is the schema version this code writes.
        ``thorough=False`` skips the integrity scan of the whole file (it grows with the file: 0.35 s at
        170 MB); the app and every command make it, so that no figure is read from a file the app would set aside.
        A file that cannot be written (read-only file, folder or disk, a full disk) opens read-only: its matches
        can be viewed and exported, and every write says so at once (``read_only``, ``read_only_why``). A table
        kept beside the matches that the file has lost is made again (``remade`` says what it held).
        """
        path = Path(path) if path is not None else default_path()
        target = len(migrations)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if not path.exists():
                raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        inspect_file(path, target, timeout, thorough)  # read-only: nothing is written to a file that is not ours
        why = why_not_writable(path)
        if read_only or why is not None:  # a file we may not change: shown, exported, never written
            return cls._open_read_only(path, target, timeout, why, migrations)
        try:
            conn = connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(NO_WAL(path=str(path), mode=mode))
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            made = cls._prepare(conn, path, migrations)
        except sqlite3.Error as exc:
            conn.close()
            if unwritable(exc) and path.exists():  # read-only, full, cannot create its journal: still shown
                return cls._open_read_only(path, target, timeout, CANNOT_WRITE(detail=detail_of(exc)), migrations)
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        except BaseException:
            conn.close()
            raise
        store = cls(conn, path, target)
        store.remade = _side_said(made or [], SIDE_REMADE)
        return store

    @classmethod
    def _open_read_only(cls, path: Path, target: int, timeout: float, why: Msg | None = None,
                        migrations: Sequence[Migration] = MIGRATIONS) -> Store:
        try:
            conn, unreadable_in_place, copy = open_reading(path, timeout)
        except sqlite3.Error as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            app_id, version = header(conn)
            # An older file is read as it is (nothing can be migrated without writing).
            if app_id != APPLICATION_ID or not 1 <= version <= target or not schema_ok(conn, version):
                raise UnreadableStoreError(path, NOT_OUR_TABLES)
            missing = missing_tables(conn, version)
            make_tables(conn, missing, version, tuple(migrations), temp=True)  # read as empty, the file untouched
        except BaseException as exc:
            conn.close()
            if copy is not None:
                copy.cleanup()
            if isinstance(exc, sqlite3.Error):
                raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
            raise
        store = cls(conn, path, version, read_only=True)
        store.read_only_why = why or (CANNOT_WRITE(detail=unreadable_in_place) if unreadable_in_place else None)
        store.remade = _side_said(missing, SIDE_MISSING)
        store._copy = copy
        return store

    @staticmethod
    def _prepare(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> list[str]:
        """Create or migrate the schema in one transaction; checks again under the write lock. Returns the side
        tables it had to make again."""
        target = len(migrations)
        conn.execute("BEGIN IMMEDIATE")
        try:
            app_id, version = header(conn)
            fresh = app_id == 0 and version == 0 and not user_tables(conn)
            if not fresh and app_id != APPLICATION_ID:
                raise UnreadableStoreError(path, FOREIGN)
            if version > target:
                raise NewerVersionError(NEWER(path=str(path), found=version, known=target))
            if version >= 1 and not schema_ok(conn, version):  # ours by its id, but not its tables: never migrated
                raise UnreadableStoreError(path, NOT_OUR_TABLES)
            made = missing_tables(conn, version) if version >= 1 else []
            if made:  # a side table lost: made again (and what can be found again refilled), the matches kept
                make_tables(conn, made, version, tuple(migrations))
                refill_side_tables(conn, made)
            if version < target:
                try:
                    for step in range(version, target):
                        migrations[step](conn)
                except Exception as exc:
                    raise StoreError(
                        MIGRATION_FAILED(path=str(path), found=version, known=target, detail=str(exc))
                    ) from exc
                conn.execute(f"PRAGMA user_version = {int(target)}")
                if fresh:
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                if not schema_ok(conn, target):
                    raise StoreError(
                        MIGRATION_FAILED(path=str(path), found=version, known=target, detail="schema check")
                    )
            elif not schema_ok(conn, target):
                raise UnreadableStoreError(path, NOT_OUR_TABLES)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return made

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._copy is not None:
                self._copy.cleanup()
                self._copy = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def path(self) -> Path:
        return self._path

    @property
    def version(self) -> int:
        """The schema version of the open file."""
        return self._version

    @property
    def closed(self) -> bool:
        return self._conn is None

    # ----------------------------------------------------------------- transactions

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(CLOSED)
        return self._conn

    def read_only_error(self) -> ReadOnlyStoreError:
        """The refusal of a write into a store opened read-only."""
        why = self.read_only_why
        return ReadOnlyStoreError(self.refusal or (READ_ONLY_BECAUSE(path=str(self._path), why=why) if why else
                                                   READ_ONLY(path=str(self._path))))

    def _io_error(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(IO_FAILED(path=str(self._path), detail=detail_of(exc)))

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._connection()
            if self.read_only and begin != "BEGIN":
                raise self.read_only_error()
            if begin != "BEGIN":
                self.check_file()  # a write into a file deleted or replaced under us would be lost
            try:
                conn.execute(begin)
                try:
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise self._io_error(exc) from exc
            except UnicodeDecodeError as exc:  # SQLite's own message about a damaged file, in damaged bytes
                raise UnreadableStoreError(self._path, DAMAGED) from exc

    def reading(self) -> AbstractContextManager[sqlite3.Connection]:
        """A read transaction (one snapshot) for modules that keep their own tables here (the roster)."""
        return self._transaction("BEGIN")

    def writing(self) -> AbstractContextManager[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        return self._transaction("BEGIN IMMEDIATE")

    @staticmethod
    def _state(conn: sqlite3.Connection, match_id: int) -> tuple[int, int]:
        """(head, rev) of a match, or MatchNotFoundError."""
        row = conn.execute(
            "SELECT rev, (SELECT COUNT(*) FROM ops WHERE match_id = ? AND active = 1) FROM matches WHERE id = ?",
            (match_id, match_id),
        ).fetchone()
        if row is None:
            raise MatchNotFoundError(NO_MATCH(id=match_id))
        return row[1], row[0]

    def check_file(self) -> None:
        """The file opened is still the one at its path: deleted or replaced under the app (a sync tool, another
        program), the entries would go into a file nobody will read again, so every write is refused."""
        if self._identity is not None and identity(self._path) != self._identity:
            raise StoreError(FILE_GONE(path=str(self._path)))

    @contextmanager
    def _log_write(self, match_id: int, expected_head: int | None, *, bump: bool = True) -> Iterator[int]:
        """A write transaction on one match; yields the current head after the conflict check."""
        with self._lock:  # held until ``_seen`` is updated, so threads sharing this Store stay in step
            with self._transaction("BEGIN IMMEDIATE") as conn:
                head, rev = self._state(conn, match_id)
                if expected_head is not None:
                    seen = self._seen.get(match_id)
                    if head != expected_head or (seen is not None and seen != rev):
                        raise ConflictError()
                yield head
            if bump:  # only once committed
                self._seen[match_id] = rev + 1

    def _touch(
        self, conn: sqlite3.Connection, match_id: int, summary: str | None, finished: bool | None, *, bump: bool
    ) -> None:
        sets: list[str] = ["updated = ?"]
        params: list[object] = [_now()]
        if bump:
            sets.append("rev = rev + 1")
        if summary is not None:
            sets.append("summary = ?")
            params.append(summary)
        if finished is not None:
            sets.append("finished = ?")
            params.append(int(bool(finished)))
        conn.execute(f"UPDATE matches SET {', '.join(sets)} WHERE id = ?", (*params, match_id))

    # ----------------------------------------------------------------- matches

    def create_match(self, game: str, setup: dict[str, Any], summary: dict[str, Any] | None = None) -> int:
        """Create a match with an empty log; returns its id (ids are never reused)."""
        if not isinstance(game, str) or not game:
            raise StoreError(BAD_VALUE(what=WHAT["game"], detail="expected a non-empty string"))
        setup_text = _encode(setup, "setup")
        summary_text = _encode({} if summary is None else summary, "summary")
        now = _now()
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                cur = conn.execute(
                    "INSERT INTO matches (game, setup, created, updated, summary, finished, rev) "
                    "VALUES (?, ?, ?, ?, ?, 0, 0)",
                    (game, setup_text, now, now, summary_text),
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
            row = conn.execute(_RECORD_SQL + " WHERE m.id = ?", (match_id,)).fetchone()
        if row is None:
            raise MatchNotFoundError(NO_MATCH(id=match_id))
        return _record(row)

    def load(self, match_id: int) -> tuple[MatchRecord, list[dict[str, Any]]]:
        """The match and its active ops, read in one snapshot (use this to (re)load a match screen)."""
        with self._lock:
            with self._transaction("BEGIN") as conn:
                row = conn.execute(_RECORD_SQL + " WHERE m.id = ?", (match_id,)).fetchone()
                if row is None:
                    raise MatchNotFoundError(NO_MATCH(id=match_id))
                texts = conn.execute(
                    "SELECT op FROM ops WHERE match_id = ? AND active = 1 ORDER BY seq", (match_id,)
                ).fetchall()
            record = _record(row)
            self._seen[match_id] = record.rev
        if record.damaged is not None:
            raise DamagedMatchError(match_id, record.damaged)
        ops = []
        for seq, (text,) in enumerate(texts, 1):
            op, bad = _json_object(text, BAD_ENTRY(seq=seq))
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
            rows = conn.execute(_RECORD_SQL + where + " ORDER BY m.updated DESC, m.id DESC", params).fetchall()
        return [_record(row) for row in rows]

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
            why = (_json_object(setup, SETUP)[1] or (None if isinstance(game, str) and game else BAD_GAME)
                   or _json_object(summary, SUMMARY)[1] or _time(created)[1] or _time(updated)[1]
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
                                 (match_id, int(head), _encode(data, "draft")))

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
        summary_text = _encode(summary, "summary")
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
        op_text = _encode(op, "op")
        summary_text = None if summary is None else _encode(summary, "summary")
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
        summary_text = None if summary is None else _encode(summary, "summary")
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
        summary_text = None if summary is None else _encode(summary, "summary")
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
        op, bad = _json_object(row[0], BAD_ENTRY(seq=head + 1))
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
        texts = [_encode(op, "op") for op in new_ops]
        summary_text = None if summary is None else _encode(summary, "summary")
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
        rows = [(m["game"], _encode(m["setup"], "setup"), m["created"], m["updated"], _encode(m["summary"], "summary"),
                 int(bool(m["finished"])), [_encode(op, "op") for op in m["ops"]]) for m in matches]
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


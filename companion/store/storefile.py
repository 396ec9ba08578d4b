"""The store's file: opening it (judged first, migrated, read-only when it must be), closing it, and its transactions
(``BEGIN IMMEDIATE`` … ``COMMIT``, WAL journal, ``synchronous=FULL``): the ground ``Store`` (``database.py``) keeps
the matches on."""

from __future__ import annotations

import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Self

from companion.core.i18n import Msg
from companion.store.errors import (
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
    NOT_OUR_TABLES,
    READ_ONLY,
    READ_ONLY_BECAUSE,
    SIDE_MISSING,
    SIDE_REMADE,
    ConflictError,
    MatchNotFoundError,
    NewerVersionError,
    ReadOnlyStoreError,
    StoreError,
    UnreadableStoreError,
    detail_of,
)
from companion.store.inspection import connect, identity, inspect_file, open_reading, unwritable, why_not_writable
from companion.store.rows import BUSY_TIMEOUT_S, default_path, now, side_said
from companion.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    Migration,
    header,
    make_tables,
    missing_tables,
    refill_side_tables,
    schema_ok,
    user_tables,
)


class StoreFile:
    """The store's file, open: how it is opened (judged first, migrated, read-only when it must be), closed, and
    written in transactions, one at a time (one lock around the connection, so Textual thread workers may share
    it). Every SQLite failure surfaces as :class:`StoreError`. ``Store`` (``database.py``) keeps the matches in it."""

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
    ) -> Self:
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
        store.remade = side_said(made or [], SIDE_REMADE)
        return store

    @classmethod
    def _open_read_only(cls, path: Path, target: int, timeout: float, why: Msg | None = None,
                        migrations: Sequence[Migration] = MIGRATIONS) -> Self:
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
        store.remade = side_said(missing, SIDE_MISSING)
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

    def __enter__(self) -> Self:
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
        params: list[object] = [now()]
        if bump:
            sets.append("rev = rev + 1")
        if summary is not None:
            sets.append("summary = ?")
            params.append(summary)
        if finished is not None:
            sets.append("finished = ?")
            params.append(int(bool(finished)))
        conn.execute(f"UPDATE matches SET {', '.join(sets)} WHERE id = ?", (*params, match_id))


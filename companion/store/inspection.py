"""Judging a file before it is opened for writing, read-only: absent, empty, ours and sound, damaged, foreign,
newer, or only readable."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any, NoReturn

from companion.core.i18n import Msg
from companion.store.errors import (
    DAMAGED,
    DISK_FULL,
    FILE_READ_ONLY,
    FOLDER_READ_ONLY,
    FOREIGN,
    IO_FAILED,
    NEWER,
    NOT_A_FILE,
    NOT_OUR_TABLES,
    NOT_SQLITE,
    NewerVersionError,
    StoreError,
    UnreadableStoreError,
    detail_of,
    sqlite_code,
)
from companion.store.schema import APPLICATION_ID, header, schema_ok, user_tables

SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")
SQLITE_CORRUPT = 11
SQLITE_NOTADB = 26

UNWRITABLE_CODES = {8, 13, 14}  # SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN (a journal it cannot create)
# SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE, _SHMOPEN, _SHMSIZE (a -shm it cannot grow: a full disk), _SHMMAP
UNWRITABLE_IOERR = {778, 1034, 1546, 4618, 4874, 5386}
MIN_FREE = 256 * 1024  # bytes: below this a disk is full for the store (a -shm alone takes 32 KiB)


def why_not_writable(path: Path) -> Msg | None:
    """Why an existing store file cannot be written (the file, its folder, where the journal goes, or a full
    disk), or None."""
    if not path.exists():
        return None
    if not os.access(path, os.W_OK):
        return FILE_READ_ONLY
    if not os.access(path.parent, os.W_OK):
        return FOLDER_READ_ONLY
    try:
        if shutil.disk_usage(path.parent).free < MIN_FREE:
            return DISK_FULL
    except OSError:
        pass  # a folder the system will not measure: writing will tell
    return None


def identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` (device and inode), or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    """A connection whose text never fails to decode: bytes that are not UTF-8 (a damaged file) read as U+FFFD,
    and the row is then judged by what it says (damaged JSON, an unknown card), never a UnicodeDecodeError."""
    conn: sqlite3.Connection = sqlite3.connect(*args, **kwargs)
    conn.text_factory = lambda data: data.decode("utf-8", "replace")
    return conn



def inspect_file(path: Path, target: int, timeout: float, thorough: bool = True) -> None:
    """Check, read-only, that ``path`` is absent, empty, or a sound companion store we can open.

    Raises UnreadableStoreError (foreign/damaged: may be moved aside), NewerVersionError, or
    StoreError (I/O trouble: locked, permissions — never a reason to move the file).
    """
    try:
        st = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
    if not path.is_file():
        raise StoreError(NOT_A_FILE(path=str(path)))
    if st.st_size == 0:
        return
    try:
        with open(path, "rb") as fh:
            magic = fh.read(100)
    except OSError as exc:
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
    if len(magic) < 100 or not magic.startswith(SQLITE_MAGIC):
        raise UnreadableStoreError(path, NOT_SQLITE)
    try:
        conn, _, copy = open_reading(path, timeout)
    except sqlite3.Error as exc:
        raise_for(exc, path)
    try:
        check_schema(conn, path, target, thorough)
    except sqlite3.Error as exc:
        raise_for(exc, path)
    finally:
        conn.close()
        if copy is not None:
            copy.cleanup()


def unwritable(exc: sqlite3.Error) -> bool:
    """SQLite could not write what it needed: the file, its journal, or the -shm a reader of a WAL file needs
    (a read-only file, folder or disk, a full disk)."""
    code = getattr(exc, "sqlite_errorcode", 0) or 0
    return code & 0xFF in UNWRITABLE_CODES or code in UNWRITABLE_IOERR


Reading = tuple[sqlite3.Connection, Msg | None, "tempfile.TemporaryDirectory[str] | None"]


def open_reading(path: Path, timeout: float) -> Reading:
    """A read-only connection to the store at ``path``, even where SQLite cannot make its side files (a
    read-only folder or disk, a full disk: a reader of a WAL file needs a -shm it can write). Then the file is
    read as it is when its journal holds nothing; else a copy of the file and its journal is read (the last
    entries may be in the journal, and a hot rollback journal must be rolled back: the file alone would lose
    them). Returns the connection, why SQLite could not read it in place (or None), and the copy's folder
    (None, or to clean up once the connection is closed). Any other trouble is SQLite's error."""
    uri = path.resolve().as_uri()
    conn = connect(uri + "?mode=ro", uri=True, timeout=timeout, isolation_level=None, check_same_thread=False)
    try:
        header(conn)  # the first read: where SQLite makes its side files, or cannot
        return conn, None, None
    except sqlite3.Error as exc:
        conn.close()
        if not unwritable(exc):
            raise
        why = detail_of(exc)
    if not any(_size(path.with_name(path.name + suffix)) for suffix in ("-wal", "-journal")):
        conn = connect(uri + "?mode=ro&immutable=1", uri=True, timeout=timeout, isolation_level=None,
                       check_same_thread=False)
        return conn, why, None
    folder = tempfile.TemporaryDirectory(prefix="companion-read-")
    copy = Path(folder.name) / path.name
    try:
        shutil.copyfile(path, copy)
        for suffix in ("-wal", "-journal"):  # never the -shm: SQLite builds its own from the journal
            if _size(path.with_name(path.name + suffix)):
                shutil.copyfile(path.with_name(path.name + suffix), copy.with_name(copy.name + suffix))
        return connect(copy, timeout=timeout, isolation_level=None, check_same_thread=False), why, folder
    except OSError as exc:
        folder.cleanup()
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
    except BaseException:
        folder.cleanup()
        raise


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def check_schema(conn: sqlite3.Connection, path: Path, target: int, thorough: bool = True) -> None:
    app_id, version = header(conn)
    if app_id == 0 and version == 0 and not user_tables(conn):
        return  # an empty SQLite file (e.g. a first start killed before the schema was written)
    if app_id != APPLICATION_ID:
        raise UnreadableStoreError(path, FOREIGN)
    if version > target:
        raise NewerVersionError(NEWER(path=str(path), found=version, known=target))
    try:
        damaged = thorough and [row[0] for row in conn.execute("PRAGMA quick_check")] != ["ok"]
    except UnicodeDecodeError:  # SQLite's message about the damage is itself in damaged bytes
        damaged = True
    if damaged:
        raise UnreadableStoreError(path, DAMAGED)
    if version >= 1 and not schema_ok(conn, version):  # the matches and their logs, and each table's columns
        raise UnreadableStoreError(path, NOT_OUR_TABLES)


def raise_for(exc: sqlite3.Error, path: Path) -> NoReturn:
    code = sqlite_code(exc)
    if code == SQLITE_NOTADB:
        raise UnreadableStoreError(path, NOT_SQLITE) from exc
    if code == SQLITE_CORRUPT:
        raise UnreadableStoreError(path, DAMAGED) from exc
    raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc

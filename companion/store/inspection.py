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
SQLITE_READONLY_ROLLBACK = 776  # SQLITE_READONLY | (3 << 8): a hot journal seen read-only

UNWRITABLE_CODES = {8, 13, 14}  # SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN (a journal it cannot create)


def why_not_writable(path: Path) -> Msg | None:
    """Why an existing store file cannot be written (the file, or its folder, where the journal goes), or None."""
    if not path.exists():
        return None
    if not os.access(path, os.W_OK):
        return FILE_READ_ONLY
    if not os.access(path.parent, os.W_OK):
        return FOLDER_READ_ONLY
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
        conn = connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
    try:
        check_schema(conn, path, target, thorough)
    except sqlite3.Error as exc:
        if (getattr(exc, "sqlite_errorcode", 0) or 0) != SQLITE_READONLY_ROLLBACK:
            raise_for(exc, path)
        # A hot rollback journal: reading needs a rollback, which would write. Judge a rolled-back
        # copy instead; if it is ours, the real open performs SQLite's normal recovery.
        conn.close()
        inspect_copy(path, target, timeout)
    finally:
        conn.close()


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
    if version >= 1 and not schema_ok(conn, version):  # every table its version has
        raise UnreadableStoreError(path, NOT_OUR_TABLES)


def raise_for(exc: sqlite3.Error, path: Path) -> NoReturn:
    code = sqlite_code(exc)
    if code == SQLITE_NOTADB:
        raise UnreadableStoreError(path, NOT_SQLITE) from exc
    if code == SQLITE_CORRUPT:
        raise UnreadableStoreError(path, DAMAGED) from exc
    raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc


def inspect_copy(path: Path, target: int, timeout: float) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-check-") as tmp:
        copy = Path(tmp) / "copy.sqlite3"
        try:
            shutil.copyfile(path, copy)
            for suffix in SIDE_FILES:
                side = path.with_name(path.name + suffix)
                if side.exists():
                    shutil.copyfile(side, Path(str(copy) + suffix))
        except OSError as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            conn = connect(copy, timeout=timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            check_schema(conn, path, target)
        except sqlite3.Error as exc:
            raise_for(exc, path)
        finally:
            conn.close()

"""The match store: an SQLite event log, one row per operation.

Persist before you show (GUIDE §1): every write method is one committed
transaction (``BEGIN IMMEDIATE`` … ``COMMIT``, WAL journal, ``synchronous=FULL``),
so when ``append`` returns, the operation survives a killed process and the app
may show it. The store never interprets an operation: ops, setups and summaries
are plain JSON values (dicts, lists, strings, numbers, booleans, None).

Layout of the file (schema version 1):

- ``matches``: one row per match (game, setup, timestamps, a small summary for the
  list of past matches, finished flag, and ``rev``, a counter bumped by every change
  of the match's log).
- ``ops``: ``(match_id, seq)`` with ``seq`` from 1. Active rows ``1..head`` are the
  current log; inactive rows after the head are the redo stack.

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
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

import platformdirs

from companion.errors import CompanionError
from companion.i18n import Msg

try:  # POSIX only; recovery is serialised between processes where available.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "APPLICATION_ID",
    "FILE_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ConflictError",
    "DamagedMatchError",
    "MatchNotFoundError",
    "MatchRecord",
    "Migration",
    "NewerVersionError",
    "ReadOnlyStoreError",
    "Store",
    "StoreError",
    "UnreadableStoreError",
    "default_path",
    "open_or_recover",
]

#: ``PRAGMA application_id`` of a companion store: the bytes ``b"Cmpn"``.
APPLICATION_ID = 0x436D706E
FILE_NAME = "companion.sqlite3"
BUSY_TIMEOUT_S = 10.0
_SQLITE_MAGIC = b"SQLite format 3\x00"
_SIDE_FILES = ("-wal", "-shm", "-journal")
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_READONLY_ROLLBACK = 776  # SQLITE_READONLY | (3 << 8): a hot journal seen read-only

# --------------------------------------------------------------------------- messages

NOT_SQLITE = Msg("not an SQLite database", "ce n'est pas une base SQLite")
FOREIGN = Msg("not a companion database", "ce n'est pas une base de companion")
DAMAGED = Msg("the database is damaged", "la base est endommagée")
NOT_OUR_TABLES = Msg("its tables are not those of companion", "ses tables ne sont pas celles de companion")

UNREADABLE = Msg(
    "The saved matches file {path} could not be read ({reason}); it was left untouched.",
    "Le fichier des parties enregistrées {path} n'a pas pu être lu ({reason}) ; il n'a pas été modifié.",
)
RECOVERED = Msg(
    "The saved matches file could not be read ({reason}); it was kept as {kept}; starting with an empty list.",
    "Le fichier des parties enregistrées n'a pas pu être lu ({reason}) ; il a été conservé sous {kept} ; "
    "on repart avec une liste vide.",
)
NEWER = Msg(
    "The saved matches file {path} comes from a newer version of companion (format {found}; this version "
    "knows up to {known}). Update companion; the file was left untouched.",
    "Le fichier des parties enregistrées {path} vient d'une version plus récente de companion (format {found} ; "
    "cette version connaît jusqu'au format {known}). Mettez companion à jour ; le fichier n'a pas été modifié.",
)
MIGRATION_FAILED = Msg(
    "The saved matches file {path} could not be upgraded from format {found} to {known} ({detail}); "
    "it was left as it was.",
    "Le fichier des parties enregistrées {path} n'a pas pu être mis à jour du format {found} au format {known} "
    "({detail}) ; il est resté tel quel.",
)
IO_FAILED = Msg(
    "The saved matches file {path} could not be used: {detail}",
    "Le fichier des parties enregistrées {path} n'a pas pu être utilisé : {detail}",
)
NOT_A_FILE = Msg(
    "The saved matches path {path} is not a file.",
    "Le chemin des parties enregistrées {path} n'est pas un fichier.",
)
NO_WAL = Msg(
    "The saved matches file {path} cannot use a write-ahead log here (journal mode {mode}); "
    "put it on a local disk (set COMPANION_HOME).",
    "Le fichier des parties enregistrées {path} ne peut pas utiliser de journal WAL ici (mode {mode}) ; "
    "placez-le sur un disque local (variable COMPANION_HOME).",
)
CLOSED = Msg("The match store is closed.", "Le registre des parties est fermé.")
CONFLICT = Msg(
    "This match was changed in another window or tab; it has been reloaded.",
    "Cette partie a été modifiée dans une autre fenêtre ou un autre onglet ; elle a été rechargée.",
)
NO_MATCH = Msg(
    "Match {id} does not exist (it may have been deleted in another window).",
    "La partie {id} n'existe pas (elle a peut-être été supprimée dans une autre fenêtre).",
)
NOTHING_TO_UNDO = Msg("Nothing to undo.", "Rien à annuler.")
NOTHING_TO_REDO = Msg("Nothing to redo.", "Rien à rétablir.")
BAD_SEQ = Msg(
    "Cannot correct from entry {seq}: the match has {head} entries.",
    "Impossible de corriger à partir de l'entrée {seq} : la partie compte {head} entrées.",
)
NOT_JSON = Msg("{what} is not readable", "{what} est illisible")
BAD_TIME = Msg("its date is not readable", "sa date est illisible")
BAD_GAME = Msg("its game is not named", "son jeu n'est pas nommé")
BAD_ENTRY = Msg("entry {seq} is not readable", "l'entrée {seq} est illisible")
DAMAGED_MATCH = Msg("This match cannot be opened: {why}.", "Ce match ne peut pas être ouvert : {why}.")
FILE_READ_ONLY = Msg("the file is read-only", "le fichier est en lecture seule")
FOLDER_READ_ONLY = Msg("its folder is read-only", "son dossier est en lecture seule")
CANNOT_WRITE = Msg("it cannot be written ({detail})", "on ne peut pas y écrire ({detail})")
FILE_GONE = Msg(
    "The saved matches file {path} was moved, deleted or replaced while the app was open: nothing more is saved "
    "into it. Close the app and open it again.",
    "Le fichier des parties enregistrées {path} a été déplacé, supprimé ou remplacé pendant que l'app était "
    "ouverte : plus rien n'y est enregistré. Fermez l'app et rouvrez-la.",
)
READ_ONLY_BECAUSE = Msg(
    "The saved matches file {path} opened read-only ({why}): matches can be viewed and exported, not changed.",
    "Le fichier des parties enregistrées {path} est ouvert en lecture seule ({why}) : on peut consulter et "
    "exporter les parties, pas les modifier.",
)
READ_ONLY = Msg(
    "The saved matches file {path} is read-only: matches can be viewed, not changed.",
    "Le fichier des parties enregistrées {path} est en lecture seule : on peut consulter les matchs, pas les modifier.",
)
BAD_VALUE = Msg(
    "Cannot save {what}: {detail}",
    "Impossible d'enregistrer {what} : {detail}",
)
_WHAT = {
    "op": Msg("this operation", "cette opération"),
    "setup": Msg("this match setup", "la configuration de la partie"),
    "summary": Msg("this summary", "ce résumé"),
    "game": Msg("this game name", "ce nom de jeu"),
    "draft": Msg("what is being entered", "la saisie en cours"),
}


# --------------------------------------------------------------------------- errors


class StoreError(CompanionError):
    """The match store cannot do what was asked; ``msg`` says why in both languages."""


class ConflictError(StoreError):
    """The match changed in another window/tab since the caller read it; nothing was written.

    Reload the match with :meth:`Store.load` (or :meth:`Store.ops`), rebuild the screen, then show
    this message; writes from this Store go through again once it has read the current log.
    """

    def __init__(self, msg: Msg = CONFLICT) -> None:
        super().__init__(msg)


class DamagedMatchError(StoreError):
    """A match whose row or log cannot be read or replayed; ``why`` says what, in both languages."""

    def __init__(self, match_id: int, why: Msg) -> None:
        super().__init__(DAMAGED_MATCH(why=why))
        self.match_id = match_id
        self.why = why


class ReadOnlyStoreError(StoreError):
    """The store was opened read-only: nothing can be written."""


class MatchNotFoundError(StoreError):
    """No match with that id (never created, or deleted meanwhile)."""


class NewerVersionError(StoreError):
    """The file was written by a newer release; it is left untouched (and never recovered aside)."""


class UnreadableStoreError(StoreError):
    """The file is not a (sound) companion store. ``reason`` is a short Msg; the file is untouched."""

    def __init__(self, path: Path, reason: Msg) -> None:
        super().__init__(UNREADABLE(path=str(path), reason=reason))
        self.path = path
        self.reason = reason


# --------------------------------------------------------------------------- schema

Migration = Callable[[sqlite3.Connection], None]


_CANNOT_WRITE = {8, 13, 14}  # SQLITE_READONLY, SQLITE_FULL, SQLITE_CANTOPEN (a journal it cannot create)


def _why_not_writable(path: Path) -> Msg | None:
    """Why an existing store file cannot be written (the file, or its folder, where the journal goes), or None."""
    if not path.exists():
        return None
    if not os.access(path, os.W_OK):
        return FILE_READ_ONLY
    if not os.access(path.parent, os.W_OK):
        return FOLDER_READ_ONLY
    return None


def _identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` (device and inode), or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    """The initial schema."""
    conn.execute(
        """
        CREATE TABLE matches (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a tab holding a deleted id fails cleanly
            game     TEXT    NOT NULL,
            setup    TEXT    NOT NULL,                   -- JSON object
            created  TEXT    NOT NULL,                   -- ISO 8601, UTC
            updated  TEXT    NOT NULL,                   -- ISO 8601, UTC
            summary  TEXT    NOT NULL DEFAULT '{}',      -- JSON object
            finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
            rev      INTEGER NOT NULL DEFAULT 0          -- bumped by every change of the log
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE ops (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL CHECK (seq >= 1),
            op       TEXT    NOT NULL,                   -- JSON object
            active   INTEGER NOT NULL CHECK (active IN (0, 1)),
            PRIMARY KEY (match_id, seq)
        ) WITHOUT ROWID
        """
    )
    conn.execute("CREATE INDEX matches_by_updated ON matches (updated DESC, id DESC)")


def fold(name: str) -> str:
    """A seat name as compared: spaces around it and case do not make another player."""
    return " ".join(str(name).split()).casefold()


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Players as people: a roster, each seat name ever typed an alias of one player (renames and merges
    change the roster, never a match); a cache of each match's statistics, keyed by its log's rev; the
    club nights, each a log of its own; and the evenings matches were moved to by hand.
    Every name already used in a stored match becomes a player, spelt as first met."""
    conn.execute(
        """
        CREATE TABLE players (
            id      INTEGER PRIMARY KEY AUTOINCREMENT,
            name    TEXT    NOT NULL UNIQUE,
            colour  TEXT                                 -- a CSS colour, or NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE aliases (
            key       TEXT    PRIMARY KEY,               -- a seat name, folded (see ``fold``)
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE
        ) WITHOUT ROWID
        """
    )
    conn.execute(
        """
        CREATE TABLE match_stats (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            rev      INTEGER NOT NULL,                   -- the log's rev these figures were computed from
            data     TEXT    NOT NULL                    -- JSON object
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE nights (
            id      INTEGER PRIMARY KEY AUTOINCREMENT,
            name    TEXT    NOT NULL,
            created TEXT    NOT NULL,                   -- ISO 8601, UTC
            updated TEXT    NOT NULL,
            ops     TEXT    NOT NULL DEFAULT '[]'       -- JSON list: the night's log (companion.club.night)
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE match_evenings (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            evening  TEXT    NOT NULL                    -- YYYY-MM-DD: the evening this match was moved to
        )
        """
    )
    for (setup,) in conn.execute("SELECT setup FROM matches ORDER BY id").fetchall():
        try:
            names = json.loads(setup).get("names", [])
        except (ValueError, AttributeError):
            continue  # a damaged row stays as it is; its names join the roster if it is ever repaired
        for name in names if isinstance(names, list) else []:
            add_player(conn, name)


def add_player(conn: sqlite3.Connection, name: object) -> int | None:
    """The roster's player for the seat name ``name``, added if new; None for a blank or odd name."""
    if not isinstance(name, str) or not name.strip():
        return None
    key = fold(name)
    row = conn.execute("SELECT player_id FROM aliases WHERE key = ?", (key,)).fetchone()
    if row is not None:
        return int(row[0])
    shown = " ".join(name.split())
    taken = conn.execute("SELECT id FROM players WHERE name = ?", (shown,)).fetchone()
    player_id = int(taken[0]) if taken is not None else int(
        conn.execute("INSERT INTO players (name) VALUES (?)", (shown,)).lastrowid or 0)
    conn.execute("INSERT INTO aliases (key, player_id) VALUES (?, ?)", (key, player_id))
    return player_id


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    """Drafts: what a screen holds between two entries (the crib's cards tapped one by one, a showdown's hands
    being entered), saved as it is tapped so that a killed app loses nothing it showed."""
    conn.execute(
        """
        CREATE TABLE drafts (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            head     INTEGER NOT NULL,                   -- the log's length the draft belongs to
            data     TEXT    NOT NULL                    -- JSON object, the screen's own
        )
        """
    )


#: ``MIGRATIONS[v]`` upgrades a file from schema version ``v`` to ``v + 1``. It runs inside the
#: opening transaction (never call ``executescript``/``COMMIT`` in one); the store sets
#: ``user_version`` itself. Append, never edit, when the schema changes.
MIGRATIONS: tuple[Migration, ...] = (_migrate_0_to_1, _migrate_1_to_2, _migrate_2_to_3)
SCHEMA_VERSION = len(MIGRATIONS)

#: The tables each schema version brings, with the columns this release reads and writes. Every one is checked
#: when a file is opened: a table missing or cut short is a damaged file, said with its reason, never a crash later.
_TABLES_BY_VERSION: dict[int, dict[str, set[str]]] = {
    1: {"matches": {"id", "game", "setup", "created", "updated", "summary", "finished", "rev"},
        "ops": {"match_id", "seq", "op", "active"}},
    2: {"players": {"id", "name", "colour"}, "aliases": {"key", "player_id"},
        "match_stats": {"match_id", "rev", "data"}, "nights": {"id", "name", "created", "updated", "ops"},
        "match_evenings": {"match_id", "evening"}},
    3: {"drafts": {"match_id", "head", "data"}},
}


def _required(version: int) -> dict[str, set[str]]:
    return {table: columns for v, tables in _TABLES_BY_VERSION.items() if v <= version
            for table, columns in tables.items()}


def _user_tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return {name for (name,) in rows}


def _schema_ok(conn: sqlite3.Connection, version: int) -> bool:
    """Every table of schema ``version`` is there with its columns."""
    tables = _user_tables(conn)
    for table, columns in _required(version).items():
        if table not in tables:
            return False
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= found:
            return False
    return True


def _header(conn: sqlite3.Connection) -> tuple[int, int]:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    return app_id, version


# --------------------------------------------------------------------------- helpers


def default_path() -> Path:
    """``$COMPANION_HOME/companion.sqlite3`` if set, else the platform's user data dir."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        directory = Path(home).expanduser()
        directory.mkdir(parents=True, exist_ok=True)
    else:
        directory = Path(platformdirs.user_data_dir("companion", ensure_exists=True))
    return directory / FILE_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _encode(value: Any, what: str) -> str:
    """JSON text for the dict ``value``, refusing anything that would not come back identical."""
    if not isinstance(value, dict):
        raise StoreError(BAD_VALUE(what=_WHAT[what], detail=f"expected a dict, got {type(value).__name__}"))
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise StoreError(BAD_VALUE(what=_WHAT[what], detail=str(exc))) from exc
    if json.loads(text) != value:  # tuples, non-str keys… would be replayed differently than shown
        raise StoreError(BAD_VALUE(what=_WHAT[what], detail="not plain JSON (tuples or non-string keys?)"))
    return text


def _sqlite_code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


_SQLITE_DETAILS = {
    8: Msg("the file is read-only", "le fichier est en lecture seule"),  # SQLITE_READONLY
    5: Msg("the file is busy in another program", "le fichier est occupé par un autre programme"),  # BUSY
    6: Msg("the file is locked", "le fichier est verrouillé"),  # LOCKED
    10: Msg("a disk input/output error", "une erreur d'entrée-sortie du disque"),  # IOERR
    13: Msg("the disk is full", "le disque est plein"),  # FULL
    14: Msg("the file cannot be opened", "le fichier ne peut pas être ouvert"),  # CANTOPEN
    23: Msg("access to the file is not allowed", "l'accès au fichier n'est pas autorisé"),  # AUTH
    11: Msg("the file is damaged", "le fichier est endommagé"),  # CORRUPT
    26: Msg("the file is not a database", "le fichier n'est pas une base de données"),  # NOTADB
}
_OS_DETAILS = {
    28: _SQLITE_DETAILS[13],  # ENOSPC
    13: _SQLITE_DETAILS[23],  # EACCES
    30: _SQLITE_DETAILS[8],  # EROFS
    2: Msg("the file or its folder is gone", "le fichier ou son dossier a disparu"),  # ENOENT
    5: _SQLITE_DETAILS[10],  # EIO
}
OTHER_ERROR = Msg("an unexpected error ({code})", "une erreur inattendue ({code})")


def detail_of(exc: BaseException) -> Msg:
    """What went wrong, in both languages (SQLite's and the system's own text is English only)."""
    if isinstance(exc, sqlite3.Error):
        code = _sqlite_code(exc)
        if code in _SQLITE_DETAILS:
            return _SQLITE_DETAILS[code]
        return OTHER_ERROR(code=getattr(exc, "sqlite_errorname", None) or type(exc).__name__)
    if isinstance(exc, OSError) and exc.errno in _OS_DETAILS:
        return _OS_DETAILS[exc.errno]
    return OTHER_ERROR(code=type(exc).__name__)


@dataclass(frozen=True)
class MatchRecord:
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


def _record(row: Sequence[Any]) -> MatchRecord:
    """A row as stored; a field that cannot be read marks the record damaged instead of raising."""
    setup, bad_setup = _json_object(row[2], Msg("its setup", "sa configuration"))
    summary, bad_summary = _json_object(row[5], Msg("its summary", "son résumé"))
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


def _inspect(path: Path, target: int, timeout: float, thorough: bool = True) -> None:
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
    if len(magic) < 100 or not magic.startswith(_SQLITE_MAGIC):
        raise UnreadableStoreError(path, NOT_SQLITE)
    try:
        conn = _connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=timeout, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
    try:
        _check(conn, path, target, thorough)
    except sqlite3.Error as exc:
        if (getattr(exc, "sqlite_errorcode", 0) or 0) != _SQLITE_READONLY_ROLLBACK:
            _raise_for(exc, path)
        # A hot rollback journal: reading needs a rollback, which would write. Judge a rolled-back
        # copy instead; if it is ours, the real open performs SQLite's normal recovery.
        conn.close()
        _inspect_copy(path, target, timeout)
    finally:
        conn.close()


def _check(conn: sqlite3.Connection, path: Path, target: int, thorough: bool = True) -> None:
    app_id, version = _header(conn)
    if app_id == 0 and version == 0 and not _user_tables(conn):
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
    if version >= 1 and not _schema_ok(conn, version):  # every table its version has
        raise UnreadableStoreError(path, NOT_OUR_TABLES)


def _raise_for(exc: sqlite3.Error, path: Path) -> NoReturn:
    code = _sqlite_code(exc)
    if code == _SQLITE_NOTADB:
        raise UnreadableStoreError(path, NOT_SQLITE) from exc
    if code == _SQLITE_CORRUPT:
        raise UnreadableStoreError(path, DAMAGED) from exc
    raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc


def _inspect_copy(path: Path, target: int, timeout: float) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-check-") as tmp:
        copy = Path(tmp) / "copy.sqlite3"
        try:
            shutil.copyfile(path, copy)
            for suffix in _SIDE_FILES:
                side = path.with_name(path.name + suffix)
                if side.exists():
                    shutil.copyfile(side, Path(str(copy) + suffix))
        except OSError as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            conn = _connect(copy, timeout=timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            _check(conn, path, target)
        except sqlite3.Error as exc:
            _raise_for(exc, path)
        finally:
            conn.close()


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
        self._identity = _identity(path)  # the file this store opened: a write into another is refused
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
        170 MB); a read-mostly command uses it, the app never does.
        A file that cannot be written (read-only file, folder or disk) opens read-only: its matches
        can be viewed and exported, and every write says so at once (``read_only``).
        """
        path = Path(path) if path is not None else default_path()
        target = len(migrations)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if not path.exists():
                raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        _inspect(path, target, timeout, thorough)  # read-only: nothing is written to a file that is not ours
        if read_only:
            return cls._open_read_only(path, target, timeout)
        why = _why_not_writable(path)
        if why is not None:  # a file we may not change: shown, exported, never written
            return cls._open_read_only(path, target, timeout, why)
        try:
            conn = _connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(NO_WAL(path=str(path), mode=mode))
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            cls._prepare(conn, path, migrations)
        except sqlite3.Error as exc:
            conn.close()
            code = _sqlite_code(exc)
            if code in _CANNOT_WRITE and path.exists():  # read-only, full, cannot create its journal: still shown
                return cls._open_read_only(path, target, timeout, CANNOT_WRITE(detail=detail_of(exc)))
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        except BaseException:
            conn.close()
            raise
        return cls(conn, path, target)

    @classmethod
    def _open_read_only(cls, path: Path, target: int, timeout: float, why: Msg | None = None) -> Store:
        uri = path.resolve().as_uri()
        last: sqlite3.Error | None = None
        # ``immutable`` reads a WAL file whose -shm cannot be created (a read-only folder).
        for query in ("?mode=ro", "?mode=ro&immutable=1"):
            try:
                conn = _connect(uri + query, uri=True, timeout=timeout, isolation_level=None,
                                       check_same_thread=False)
                try:
                    app_id, version = _header(conn)
                    # An older file is read as it is (nothing can be migrated without writing).
                    if app_id != APPLICATION_ID or not 1 <= version <= target or not _schema_ok(conn, version):
                        raise UnreadableStoreError(path, NOT_OUR_TABLES)
                except BaseException:
                    conn.close()
                    raise
                store = cls(conn, path, version, read_only=True)
                store.read_only_why = why
                return store
            except sqlite3.Error as exc:
                last = exc
        assert last is not None
        raise StoreError(IO_FAILED(path=str(path), detail=detail_of(last))) from last

    @staticmethod
    def _prepare(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
        """Create or migrate the schema in one transaction; checks again under the write lock."""
        target = len(migrations)
        conn.execute("BEGIN IMMEDIATE")
        try:
            app_id, version = _header(conn)
            fresh = app_id == 0 and version == 0 and not _user_tables(conn)
            if not fresh and app_id != APPLICATION_ID:
                raise UnreadableStoreError(path, FOREIGN)
            if version > target:
                raise NewerVersionError(NEWER(path=str(path), found=version, known=target))
            if version >= 1 and not _schema_ok(conn, version):  # ours by its id, but not its tables: never migrated
                raise UnreadableStoreError(path, NOT_OUR_TABLES)
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
                if not _schema_ok(conn, target):
                    raise StoreError(
                        MIGRATION_FAILED(path=str(path), found=version, known=target, detail="schema check")
                    )
            elif not _schema_ok(conn, target):
                raise UnreadableStoreError(path, NOT_OUR_TABLES)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

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

    def _io_error(self, exc: sqlite3.Error) -> StoreError:
        return StoreError(IO_FAILED(path=str(self._path), detail=detail_of(exc)))

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._connection()
            if self.read_only and begin != "BEGIN":
                raise ReadOnlyStoreError(READ_ONLY(path=str(self._path)))
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
        if self._identity is not None and _identity(self._path) != self._identity:
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

    def create_match(self, game: str, setup: dict, summary: dict | None = None) -> int:
        """Create a match with an empty log; returns its id (ids are never reused)."""
        if not isinstance(game, str) or not game:
            raise StoreError(BAD_VALUE(what=_WHAT["game"], detail="expected a non-empty string"))
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

    def load(self, match_id: int) -> tuple[MatchRecord, list[dict]]:
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

    def ops(self, match_id: int) -> list[dict]:
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

    # ----------------------------------------------------------------- drafts

    def save_draft(self, match_id: int, head: int, data: dict | None) -> None:
        """Keep (or, with None, forget) what a screen holds between entries at log length ``head``."""
        with self._lock:
            with self._transaction("BEGIN IMMEDIATE") as conn:
                if data is None:
                    conn.execute("DELETE FROM drafts WHERE match_id = ?", (match_id,))
                else:
                    conn.execute("INSERT OR REPLACE INTO drafts (match_id, head, data) VALUES (?, ?, ?)",
                                 (match_id, int(head), _encode(data, "draft")))

    def draft(self, match_id: int, head: int) -> dict | None:
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
        self, match_id: int, summary: dict, finished: bool, expected_head: int | None = None
    ) -> None:
        """Replace the summary shown in the list of matches (does not change the log)."""
        summary_text = _encode(summary, "summary")
        with self._log_write(match_id, expected_head, bump=False):
            self._touch(self._connection(), match_id, summary_text, finished, bump=False)

    # ----------------------------------------------------------------- the log

    def append(
        self,
        match_id: int,
        op: dict,
        expected_head: int,
        *,
        summary: dict | None = None,
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
        self, match_id: int, expected_head: int, *, summary: dict | None = None, finished: bool | None = None
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
        self, match_id: int, expected_head: int, *, summary: dict | None = None, finished: bool | None = None
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

    def redo_op(self, match_id: int) -> dict | None:
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
        new_ops: list[dict],
        expected_head: int,
        *,
        summary: dict | None = None,
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


# --------------------------------------------------------------------------- recovery


@contextmanager
def _recovery_lock(path: Path) -> Iterator[None]:
    """Serialise recoveries of one file between processes (two tabs starting together)."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock_path = path.with_name(path.name + ".recover-lock")
    with open(lock_path, "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def _move_aside(path: Path) -> Path:
    """Rename ``path`` (and its -wal/-shm/-journal) to ``<name>.unreadable-<UTC stamp>``; bytes kept."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = f"{path.name}.unreadable-{stamp}"
    kept = path.with_name(base)
    n = 1
    while any(path.with_name(kept.name + suffix).exists() for suffix in ("", *_SIDE_FILES)):
        n += 1
        kept = path.with_name(f"{base}-{n}")
    # Side files first: a WAL left at the original path would be replayed into the new store.
    for suffix in _SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.rename(side, path.with_name(kept.name + suffix))
    os.rename(path, kept)
    _fsync_dir(path.parent)
    return kept


DAMAGED_FILE = Msg(
    "The saved matches file {path} cannot be read ({reason}). Nothing was changed: the app sets it aside (and keeps "
    "it) when it starts, and says so.",
    "Le fichier des parties enregistrées {path} est illisible ({reason}). Rien n'a été changé : l'app le met de côté "
    "(et le garde) à son démarrage, et le dit.",
)


def _connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    """A connection whose text never fails to decode: bytes that are not UTF-8 (a damaged file) read as U+FFFD,
    and the row is then judged by what it says (damaged JSON, an unknown card), never a UnicodeDecodeError."""
    conn = sqlite3.connect(*args, **kwargs)
    conn.text_factory = lambda data: data.decode("utf-8", "replace")
    return conn


def open_for_command(write: bool = False) -> Store:
    """The store as a command opens it: read-only for a command that only reads; never set aside behind the
    player's back (a damaged file is a StoreError that says so, and what the app will do with it)."""
    path = default_path()
    try:
        if write or not path.exists():
            return Store.open(path, thorough=False)
        return Store.open(path, read_only=True, thorough=False)
    except UnreadableStoreError as exc:
        raise StoreError(DAMAGED_FILE(path=str(path), reason=exc.reason)) from exc


def open_or_recover(
    path: Path | None = None, *, migrations: Sequence[Migration] = MIGRATIONS
) -> tuple[Store, Msg | None]:
    """Open the store; if the file is foreign or damaged, keep it aside and start an empty one.

    Returns the store and, after a recovery, a one-line bilingual message for the player.
    A file from a newer release, or an I/O problem, is never moved: StoreError propagates.
    """
    path = Path(path) if path is not None else default_path()
    try:
        return Store.open(path, migrations=migrations), None
    except UnreadableStoreError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    with _recovery_lock(path):
        try:  # another process may have recovered it while we waited for the lock
            return Store.open(path, migrations=migrations), None
        except UnreadableStoreError as exc:
            reason = exc.reason
        try:
            kept = _move_aside(path)
        except OSError as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        store = Store.open(path, migrations=migrations)
    said = RECOVERED(reason=reason, kept=str(kept))
    _note_set_aside(path, said)
    return store, said


def _set_aside_notes(path: Path) -> Path:
    return path.with_name(path.name + ".set-aside.json")


def _note_set_aside(path: Path, said: Msg) -> None:
    """Remember a file set aside until the player has seen it: the app says so at every start until then."""
    notes = _set_aside_notes(path)
    try:
        kept = json.loads(notes.read_text(encoding="utf-8")) if notes.exists() else []
    except (OSError, ValueError, RecursionError):
        kept = []
    kept = [n for n in kept if isinstance(n, dict)] if isinstance(kept, list) else []
    kept.append({"en": said.text("en"), "fr": said.text("fr")})
    try:
        tmp = notes.with_suffix(".tmp")
        tmp.write_text(json.dumps(kept[-20:], ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, notes)
    except OSError:
        pass  # said this time at least; a folder that cannot be written cannot remember it


def unseen_set_aside(path: Path) -> list[Msg]:
    """What the app said about files set aside that the player has not marked as seen, oldest first."""
    try:
        notes = json.loads(_set_aside_notes(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return []

    def literal(text: object) -> str:
        return str(text)[:600].replace("{", "{{").replace("}", "}}")

    return [Msg(literal(n.get("en", "")), literal(n.get("fr", n.get("en", ""))))
            for n in (notes if isinstance(notes, list) else []) if isinstance(n, dict)]


def forget_set_aside(path: Path) -> None:
    """The player has seen what was set aside: stop saying it."""
    try:
        _set_aside_notes(path).unlink()
    except OSError:
        pass

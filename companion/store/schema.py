"""The file's schema: its tables, the migrations from each version to the next, and the roster's name
folding the migrations need."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

from companion.core.names import fold as fold  # the roster compares names as every door checks them

#: ``PRAGMA application_id`` of a companion store: the bytes ``b"Cmpn"``.
APPLICATION_ID = 0x436D706E

Migration = Callable[[sqlite3.Connection], None]

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
            ops     TEXT    NOT NULL DEFAULT '[]'       -- JSON list: the night's log until version 5 (night_ops)
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


def _migrate_3_to_4(conn: sqlite3.Connection) -> None:
    """Seats on devices: a match's seat given to a player's own phone, counted so that giving it to another device
    (a phone that died) makes the older token open nothing."""
    conn.execute(
        """
        CREATE TABLE seats (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL,
            binding  INTEGER NOT NULL,                   -- 1 for the first device, one more for each next one
            PRIMARY KEY (match_id, seat)
        )
        """
    )


def _migrate_4_to_5(conn: sqlite3.Connection) -> None:
    """A club night's log kept as a match's is: one row per entry, appended, never the whole list rewritten. Each
    night's list moves into rows; a list this release cannot read moves as it is, into one row that ``load`` says
    is damaged (never a crash, never lost). ``nights.ops`` stays, empty, for the file's shape."""
    conn.execute(
        """
        CREATE TABLE night_ops (
            night_id INTEGER NOT NULL REFERENCES nights(id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL CHECK (seq >= 1),
            op       TEXT    NOT NULL,                   -- JSON object: one entry (companion.club.night)
            PRIMARY KEY (night_id, seq)
        ) WITHOUT ROWID
        """
    )
    for night_id, ops in conn.execute("SELECT id, ops FROM nights ORDER BY id").fetchall():
        try:
            entries = json.loads(ops)
            rows = [json.dumps(op, ensure_ascii=False) for op in entries] if isinstance(entries, list) else [ops]
        except (TypeError, ValueError):
            rows = [ops if isinstance(ops, str) else repr(ops)]
        conn.executemany("INSERT INTO night_ops (night_id, seq, op) VALUES (?, ?, ?)",
                         [(night_id, seq, row) for seq, row in enumerate(rows, 1)])
    conn.execute("UPDATE nights SET ops = '[]'")


def _migrate_5_to_6(conn: sqlite3.Connection) -> None:
    """Several devices on one match (``companion.store.devices``): the one that makes a virtual match's automatic
    moves, by a lease it renews; and an undo waiting for the players it takes entries back from."""
    conn.execute(
        """
        CREATE TABLE drivers (
            match_id     INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            device       TEXT    NOT NULL,               -- the app process holding the lease
            table_device INTEGER NOT NULL CHECK (table_device IN (0, 1)),  -- a table's device, not a player's
            until        REAL    NOT NULL                -- time.time() the lease runs out at
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE undo_requests (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            head     INTEGER NOT NULL,                   -- the log's length when asked (an entry since voids it)
            back     INTEGER NOT NULL,                   -- the length the undo returns to
            device   TEXT    NOT NULL,                   -- the asking app process
            asker    TEXT    NOT NULL,                   -- who asks, as the players read it
            seats    TEXT    NOT NULL,                   -- JSON list: the seats asked
            agreed   TEXT    NOT NULL DEFAULT '[]',      -- JSON list: those who said yes
            refused  INTEGER                             -- the seat that said no
        )
        """
    )


def _migrate_6_to_7(conn: sqlite3.Connection) -> None:
    """A club night's players' own phones: each player's phone follows his table's match all night, counted as a
    match's seats are, so that giving him another phone (one that died) makes the older code open nothing."""
    conn.execute(
        """
        CREATE TABLE night_phones (
            night_id INTEGER NOT NULL REFERENCES nights(id) ON DELETE CASCADE,
            player   INTEGER NOT NULL,                   -- the player's place in the night's list, from 0
            binding  INTEGER NOT NULL,                   -- 1 for the first phone, one more for each next one
            PRIMARY KEY (night_id, player)
        )
        """
    )


#: ``MIGRATIONS[v]`` upgrades a file from schema version ``v`` to ``v + 1``. It runs inside the
#: opening transaction (never call ``executescript``/``COMMIT`` in one); the store sets
#: ``user_version`` itself. Append, never edit, when the schema changes.
MIGRATIONS: tuple[Migration, ...] = (_migrate_0_to_1, _migrate_1_to_2, _migrate_2_to_3, _migrate_3_to_4,
                                     _migrate_4_to_5, _migrate_5_to_6, _migrate_6_to_7)
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
    4: {"seats": {"match_id", "seat", "binding"}},
    5: {"night_ops": {"night_id", "seq", "op"}},
    6: {"drivers": {"match_id", "device", "table_device", "until"},
        "undo_requests": {"match_id", "head", "back", "device", "asker", "seats", "agreed", "refused"}},
    7: {"night_phones": {"night_id", "player", "binding"}},
}


def _required(version: int) -> dict[str, set[str]]:
    return {table: columns for v, tables in _TABLES_BY_VERSION.items() if v <= version
            for table, columns in tables.items()}


def user_tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return {name for (name,) in rows}


#: The history itself: a file without them is not a store of ours. Every other table is kept beside the matches
#: (the statistics cache, what is being typed, devices, the roster, club nights, evenings moved by hand): one
#: found missing is made again, empty (``make_tables``), and never a reason to set the matches aside.
CORE_TABLES = frozenset({"matches", "ops"})


def schema_ok(conn: sqlite3.Connection, version: int) -> bool:
    """The matches and their logs are there, and every table of schema ``version`` that is there has its columns
    (a side table that is missing is ``missing_tables``'s)."""
    tables = user_tables(conn)
    for table, columns in _required(version).items():
        if table not in tables:
            if table in CORE_TABLES:
                return False
            continue
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= found:
            return False
    return True


def missing_tables(conn: sqlite3.Connection, version: int) -> list[str]:
    """The side tables of schema ``version`` the file has lost."""
    tables = user_tables(conn)
    return [table for table in _required(version) if table not in tables and table not in CORE_TABLES]


def make_tables(conn: sqlite3.Connection, names: list[str], version: int,
                migrations: tuple[Migration, ...] | list[Migration] = MIGRATIONS, temp: bool = False) -> None:
    """Make the tables ``names`` again, empty, exactly as the migrations up to ``version`` made them (they are
    run on an empty database in memory). ``temp``: for a file opened read-only, temporary tables of the same
    names, gone when it closes, so that every read finds them empty."""
    fresh = sqlite3.connect(":memory:")
    try:
        for step in range(version):
            migrations[step](fresh)
        made = dict(fresh.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())
    finally:
        fresh.close()
    for name in names:
        conn.execute(made[name].replace("CREATE TABLE", "CREATE TEMP TABLE", 1) if temp else made[name])


def refill_side_tables(conn: sqlite3.Connection, made: list[str]) -> None:
    """What can be found again after ``make_tables`` (in the opening transaction): a roster made again has a
    player for every name a person played under (keeping the players the aliases left still name, so merges
    stay); a club night whose entries remain is listed again under its number."""
    if "players" in made:  # the aliases left name players that are gone: each is made again, named as first met
        spelt: dict[str, str] = {}
        for name in _seat_names(conn):
            spelt.setdefault(fold(name), " ".join(name.split()))
        for player_id, key in conn.execute("SELECT player_id, min(key) FROM aliases GROUP BY player_id").fetchall():
            conn.execute("INSERT OR IGNORE INTO players (id, name) VALUES (?, ?)", (player_id, spelt.get(key, key)))
    if "aliases" in made:  # each player is at least his own name
        for player_id, name in conn.execute("SELECT id, name FROM players").fetchall():
            conn.execute("INSERT OR IGNORE INTO aliases (key, player_id) VALUES (?, ?)", (fold(name), player_id))
    if "players" in made or "aliases" in made:
        for name in _seat_names(conn):
            add_player(conn, name)
    if "nights" in made and "night_ops" in user_tables(conn):
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        conn.execute("INSERT OR IGNORE INTO nights (id, name, created, updated) "
                     "SELECT DISTINCT night_id, '#' || night_id, ?, ? FROM night_ops", (now, now))


def _seat_names(conn: sqlite3.Connection) -> list[str]:
    """Every name a person played under, in the order the matches were saved (a computer's seat is nobody's)."""
    names: list[str] = []
    for (setup,) in conn.execute("SELECT setup FROM matches ORDER BY id").fetchall():
        try:
            found = json.loads(setup)
            seated, seats = found.get("names"), found.get("seats")
            seats = seats if isinstance(seats, list) else []
            names += [name for i, name in enumerate(seated if isinstance(seated, list) else [])
                      if isinstance(name, str) and (i >= len(seats) or seats[i] == "human")]
        except (TypeError, ValueError, AttributeError, RecursionError):
            continue  # a damaged row stays as it is
    return names


def header(conn: sqlite3.Connection) -> tuple[int, int]:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    return app_id, version


"""Damaged stores: a file holding matches of every game (and a club night, drafts, statistics and moved
evenings) is damaged at random, one way at a time, then read by everything that reads a store. Whatever the
damage, each reader either works or says why in a message (a StoreError, a match marked damaged): never
another exception. ``tests/unit/test_fuzz_store.py`` runs a bounded sample; ``python -m tests.helpers.fuzz_volume`` the
volume.

Damages: any column of any row of any table set to a hostile value (NULL, a wrong type, bytes, a number beyond
64 bits, JSON nested past the recursion limit, markup, odd dates); one key of one stored operation replaced
(seats out of range, negatives, wrong types); a table dropped or renamed; the schema version changed; bytes of
the file flipped or the file cut short.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections import Counter
from pathlib import Path

from companion.core.errors import CompanionError

TABLES = ("matches", "ops", "players", "aliases", "match_stats", "nights", "match_evenings", "drafts")
HOSTILE = [None, "", "x", "[/]", "[red]x", "\x1b[2J", 0, -1, 1, 2, 99, -(2**63), 2**63 - 1, 1.5, float("inf"),
           b"\x00\xff", "{}", "[]", "null", "1", '"x"', "[" * 5000 + "]" * 5000, '{"a": ' * 3000 + "1" + "}" * 3000,
           "0001-01-01T00:00:00", "9999-12-31T23:59:59", "2026-13-45", "1970-01-01T00:00:00+00:00",
           "2026-11-24T20:00:00+00:00", "x" * 100_000]
JSON_HOSTILE = [None, -1, 99, 2**70, -(2**70), "x", "", [], {}, [[]], "[/]", True, 1.5, [-1], [99], ["5H"],
                {"op": "x"}, "5H", "ZZ", [0, 0, 0], "\x1b"]


def build(path: Path) -> None:
    """A store with matches of every game, a club night and every other table filled."""
    from companion.club import saved
    from companion.games import registry
    from companion.store.database import Store
    from companion.tui import gallery  # noqa: F401 (first: the games' gallery modules import it)
    from companion.tui.game_ui import ui_for

    with Store.open(path) as store:
        for game in registry.available():
            ui_for(game.id).fill_gallery(store)
        from companion.club.night import start_op

        saved.create(store, "Club", start_op(["Marie", "Paul", "Léa", "Jean"], rounds=3))
        from companion.records.stats import table

        table(store)  # fills the statistics cache
        first = store.list_matches()[0].id
        store.save_draft(first, len(store.ops(first)), {"picked": ["5H"]})
        from companion.records.evenings import move

        move(store, first, "2026-01-02")


def damage(path: Path, rng: random.Random) -> str:
    """One random damage; returns what it was."""
    kind = rng.random()
    if kind < 0.08:
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
        return "bytes flipped"
    if kind < 0.12:
        data = path.read_bytes()
        path.write_bytes(data[: rng.randrange(len(data))])
        return "file cut short"
    conn = sqlite3.connect(path)
    try:
        if kind < 0.16:
            table = rng.choice(TABLES)
            if rng.random() < 0.5:
                conn.execute(f"DROP TABLE IF EXISTS {table}")
                return f"{table} dropped"
            conn.execute(f"ALTER TABLE {table} RENAME TO old_{table}")
            return f"{table} renamed"
        if kind < 0.2:
            conn.execute(f"PRAGMA user_version = {rng.choice([0, 1, 2, 4, 99, -1])}")
            return "schema version"
        if kind < 0.6:
            rows = conn.execute("SELECT match_id, seq, op FROM ops").fetchall()
            match_id, seq, op = rng.choice(rows)
            data = json.loads(op)
            key = rng.choice(sorted(data))
            data[key] = rng.choice(JSON_HOSTILE)
            conn.execute("UPDATE ops SET op = ? WHERE match_id = ? AND seq = ?", (json.dumps(data), match_id, seq))
            return f"op {data.get('op')!s:.20}.{key}"
        table = rng.choice(TABLES)
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        rowids = conn.execute(f"SELECT rowid FROM {table}").fetchall() if table not in ("ops", "aliases") else []
        column = rng.choice(columns)
        value = rng.choice(HOSTILE)
        if isinstance(value, float) and value == float("inf"):
            value = 1e308
        if table in ("ops", "aliases"):
            keys = "match_id, seq" if table == "ops" else "key"
            rows = conn.execute(f"SELECT {keys} FROM {table}").fetchall()
            if not rows:
                return "nothing to damage"
            where = " AND ".join(f"{k.strip()} = ?" for k in keys.split(","))
            conn.execute(f"UPDATE OR IGNORE {table} SET {column} = ? WHERE {where}", (value, *rng.choice(rows)))
        elif rowids:
            conn.execute(f"UPDATE OR IGNORE {table} SET {column} = ? WHERE rowid = ?", (value, rng.choice(rowids)[0]))
        return f"{table}.{column}"
    except (sqlite3.Error, ValueError, TypeError, KeyError, IndexError) as exc:
        # a CHECK refused the damage, or an earlier one made this one impossible: the file is as it was
        return f"not applied ({type(exc).__name__})"
    finally:
        conn.commit()
        conn.close()


def read_everything(path: Path, read_only: bool) -> Counter[str]:
    """Every reader of a store, as the app and the command line use them. Raises only on a crash."""
    from companion.club import saved
    from companion.records.evenings import evenings
    from companion.records.export import as_csv, as_json, readable
    from companion.records.roster import Roster
    from companion.records.stats import table
    from companion.store.database import Store
    from companion.store.errors import DamagedMatchError, StoreError
    from companion.store.session import MatchSession

    seen: Counter[str] = Counter()
    try:
        store = Store.open(path, read_only=read_only)
    except StoreError:
        seen["file refused with a reason"] += 1
        return seen
    with store:
        for reader in ("matches", "stats", "evenings", "roster", "export", "nights"):
            try:
                if reader == "matches":
                    for record in store.list_matches():
                        try:
                            MatchSession(store, record.id)
                            seen["match opened"] += 1
                        except DamagedMatchError:
                            seen["match damaged, with its reason"] += 1
                elif reader == "stats":
                    table(store)
                elif reader == "evenings":
                    for evening in evenings(store):
                        evening.summary("fr", Roster(store).namer())
                elif reader == "roster":
                    Roster(store).players()
                elif reader == "export":
                    good, _ = readable(store)
                    json.dumps(as_json(store, matches=good))
                    as_csv(store, matches=good)
                else:
                    for night_id, _, _ in saved.listed(store):
                        saved.load(store, night_id)
            except CompanionError:
                seen[f"{reader}: said why"] += 1
    return seen


def fuzz_store(tmp: Path, seed: int, damages: int, app_every: int = 0) -> tuple[Counter[str], list[str]]:
    """``damages`` damaged copies of one store, each read by everything (and every ``app_every``-th by the app
    too); returns the tallies and the crashes."""
    import asyncio

    rng = random.Random(seed)
    tmp.mkdir(parents=True, exist_ok=True)
    clean = tmp / "clean.sqlite3"
    if not clean.exists():
        build(clean)
    done: Counter[str] = Counter()
    crashes = []
    for i in range(damages):
        path = tmp / "damaged.sqlite3"
        for stale in tmp.glob("damaged.sqlite3*"):
            stale.unlink()
        shutil.copyfile(clean, path)
        what = [damage(path, rng) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        done["damages"] += len(what)
        try:
            done.update(read_everything(path, read_only=rng.random() < 0.3))
            if app_every and i % app_every == 0:
                done["app screens visited"] += asyncio.run(app_reads(path))
        except Exception as exc:  # noqa: BLE001 (the crash looked for)
            crashes.append(f"{'; '.join(what)}: {type(exc).__name__}: {str(exc)[:120]}")
    return done, crashes


async def app_reads(path: Path) -> int:
    """The app on a damaged file: home, every resumable match's key, past matches and statistics; raises only
    on a crash. Returns the screens visited."""
    import asyncio

    from companion.store.errors import StoreError
    from companion.store.recovery import open_or_recover
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.widgets.menu import Menu

    try:
        store, notice = open_or_recover(path)
    except StoreError:
        return 0
    visited = 0
    with store:
        app = CompanionApp(store, settings=Settings(lang="fr"), notice=notice)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in ("p", "escape", "s", "escape"):
                await pilot.press(key)
                await pilot.pause()
                visited += 1
            resume = [key for key in app.screen.query_one(Menu).key_ids() if key.startswith("resume-")]
            for key in resume[:3]:
                app.screen.query_one(Menu).choose(key)  # the home screen is drawn anew each time back
                await pilot.pause()
                await asyncio.sleep(0)
                await pilot.press("escape")
                await pilot.pause()
                visited += 1
        if app.return_code not in (None, 0):
            raise RuntimeError(f"the app ended with status {app.return_code}")
    return visited

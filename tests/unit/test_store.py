"""The match store: an SQLite event log that survives reopening, two tabs, and foreign files."""

from __future__ import annotations

import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.i18n import Msg
from companion.store.database import MatchRecord, Store, default_path
from companion.store.errors import ConflictError, MatchNotFoundError, NewerVersionError, StoreError, UnreadableStoreError
from companion.store.recovery import open_or_recover
from companion.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

WRITER = Path(__file__).resolve().parents[1] / "helpers" / "store_writer.py"
SETUP = {"players": ["Anne", "Ben"], "rules": {"muggins": False}}


@pytest.fixture
def path(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    return default_path()


@pytest.fixture
def store(path):
    with Store.open(path) as s:
        yield s


def op(n: int, **extra) -> dict:
    return {"type": "peg", "n": n, "cards": ["5H", "JD"], **extra}


def fill(store: Store, match_id: int, count: int) -> int:
    head = store.match(match_id).head
    for _ in range(count):
        head = store.append(match_id, op(head + 1), head)
    return head


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def kept_files(path: Path) -> list[Path]:
    """Files moved aside by a recovery (not their -wal/-shm companions)."""
    pattern = re.compile(re.escape(path.name) + r"\.unreadable-\d{8}T\d{6}Z(-\d+)?")
    return [p for p in path.parent.iterdir() if pattern.fullmatch(p.name)]


# --------------------------------------------------------------------------- location


def test_default_path_honours_companion_home_and_creates_the_directory(tmp_path, monkeypatch):
    home = tmp_path / "a" / "b"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    assert default_path() == home / "companion.sqlite3"
    assert home.is_dir()


def test_default_path_without_companion_home_uses_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    import platformdirs

    expected = Path(platformdirs.user_data_dir("companion")) / "companion.sqlite3"
    assert default_path() == expected
    assert expected.parent.is_dir()


def test_open_without_a_path_uses_default_path(path):
    with Store.open() as s:
        assert s.path == path
        s.create_match("cribbage", SETUP)
    assert path.is_file()


# --------------------------------------------------------------------------- the log


def test_create_append_and_read_back_ops(store):
    match_id = store.create_match("cribbage", SETUP)
    record = store.match(match_id)
    assert isinstance(record, MatchRecord)
    assert (record.game, record.setup, record.head, record.finished, record.summary) == ("cribbage", SETUP, 0, False, {})
    assert store.append(match_id, op(1), 0) == 1
    assert store.append(match_id, op(2, note="quinze-deux, é"), 1) == 2
    assert store.ops(match_id) == [op(1), op(2, note="quinze-deux, é")]
    assert store.match(match_id).head == 2


def test_matches_and_ops_survive_close_and_reopen(path):
    with Store.open(path) as s:
        match_id = s.create_match("cribbage", SETUP, summary={"scores": [0, 0]})
        fill(s, match_id, 5)
        s.undo(match_id, 5)
    with Store.open(path) as s:
        record, ops = s.load(match_id)
        assert ops == [op(n) for n in range(1, 5)]
        assert (record.head, record.redo, record.summary) == (4, 1, {"scores": [0, 0]})
        assert s.redo(match_id, 4) == 5
        assert s.ops(match_id)[-1] == op(5)


def test_undo_and_redo_several_steps(store):
    match_id = store.create_match("cribbage", SETUP)
    head = fill(store, match_id, 5)
    for expected in (4, 3, 2):
        head = store.undo(match_id, head)
        assert head == expected
    assert store.ops(match_id) == [op(1), op(2)]
    assert store.redo_count(match_id) == 3 and store.can_redo(match_id)
    assert store.redo_op(match_id) == op(3)
    head = store.redo(match_id, head)
    head = store.redo(match_id, head)
    assert head == 4 and store.ops(match_id) == [op(n) for n in range(1, 5)]
    assert store.redo_count(match_id) == 1
    head = store.redo(match_id, head)
    assert head == 5 and not store.can_redo(match_id) and store.redo_op(match_id) is None


def test_nothing_to_undo_and_nothing_to_redo_are_bilingual_errors(store):
    match_id = store.create_match("cribbage", SETUP)
    with pytest.raises(StoreError) as undo_err:
        store.undo(match_id, 0)
    with pytest.raises(StoreError) as redo_err:
        store.redo(match_id, 0)
    assert "undo" in undo_err.value.text("en") and "annuler" in undo_err.value.text("fr")
    assert "redo" in redo_err.value.text("en") and "rétablir" in redo_err.value.text("fr")
    assert not isinstance(undo_err.value, ConflictError)


def test_append_after_undo_discards_the_redo_stack(store):
    match_id = store.create_match("cribbage", SETUP)
    head = fill(store, match_id, 4)
    head = store.undo(match_id, store.undo(match_id, head))
    assert store.redo_count(match_id) == 2
    head = store.append(match_id, op(99), head)
    assert head == 3
    assert store.ops(match_id) == [op(1), op(2), op(99)]
    assert store.redo_count(match_id) == 0
    with pytest.raises(StoreError):
        store.redo(match_id, head)
    conn = raw(store.path)
    assert conn.execute("SELECT seq, active FROM ops WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall() == [
        (1, 1),
        (2, 1),
        (3, 1),
    ]
    conn.close()


def test_replace_from_corrects_an_earlier_entry_in_one_step(store):
    match_id = store.create_match("cribbage", SETUP)
    head = fill(store, match_id, 5)
    head = store.undo(match_id, head)  # a redo stack that the correction must drop
    head = store.replace_from(match_id, 2, [op(20), op(30)], head, summary={"fixed": True})
    assert head == 3
    assert store.ops(match_id) == [op(1), op(20), op(30)]
    record = store.match(match_id)
    assert (record.redo, record.summary) == (0, {"fixed": True})
    assert store.replace_from(match_id, 4, [op(40)], head) == 4  # seq = head + 1 appends
    assert store.replace_from(match_id, 1, [], 4) == 0  # an empty list truncates
    assert store.ops(match_id) == []


@pytest.mark.parametrize("seq", [0, 5, -1])
def test_replace_from_outside_the_log_is_refused_and_writes_nothing(store, seq):
    match_id = store.create_match("cribbage", SETUP)
    head = fill(store, match_id, 3)
    with pytest.raises(StoreError) as err:
        store.replace_from(match_id, seq, [op(7)], head)
    assert "entr" in err.value.text("fr")
    assert store.ops(match_id) == [op(1), op(2), op(3)]


def test_a_value_that_would_not_replay_identically_is_refused_and_nothing_is_written(store):
    match_id = store.create_match("cribbage", SETUP)
    fill(store, match_id, 1)
    for bad in ({"cards": ("5H", "JD")}, {1: "x"}, {"x": float("nan")}, {"x": object()}, ["not", "a", "dict"]):
        with pytest.raises(StoreError) as err:
            store.append(match_id, bad, 1)
        assert err.value.text("fr").startswith("Impossible d'enregistrer")
    assert store.ops(match_id) == [op(1)]
    with pytest.raises(StoreError):
        store.create_match("", SETUP)


def test_unknown_match_raises_match_not_found(store):
    with pytest.raises(MatchNotFoundError) as err:
        store.match(42)
    assert "42" in err.value.text("en") and "42" in err.value.text("fr")
    with pytest.raises(MatchNotFoundError):
        store.append(42, op(1), 0)
    with pytest.raises(MatchNotFoundError):
        store.ops(42)


def test_delete_match_removes_it_and_its_log_and_ids_are_not_reused(store):
    first = store.create_match("cribbage", SETUP)
    fill(store, first, 3)
    keep = store.create_match("cribbage", SETUP)
    assert store.delete_match(keep) is True
    assert store.delete_match(keep) is False
    with pytest.raises(MatchNotFoundError):
        store.match(keep)
    newer = store.create_match("cribbage", SETUP)
    assert newer > keep  # ids are never reused: a tab still holding `keep` cannot write into a new match
    assert store.delete_match(first)
    assert [m.id for m in store.list_matches()] == [newer]
    conn = raw(store.path)
    assert conn.execute("SELECT COUNT(*) FROM ops").fetchone() == (0,)
    conn.close()


def test_closed_store_raises_store_error(path):
    s = Store.open(path)
    s.close()
    s.close()  # idempotent
    assert s.closed
    with pytest.raises(StoreError):
        s.list_matches()


# --------------------------------------------------------------------------- two tabs


def test_stale_expected_head_raises_conflict_and_writes_nothing(path):
    with Store.open(path) as tab_a, Store.open(path) as tab_b:
        match_id = tab_a.create_match("cribbage", SETUP)
        head_a = fill(tab_a, match_id, 2)
        _record, ops_b = tab_b.load(match_id)
        head_b = tab_b.append(match_id, op(3, by="b"), len(ops_b))
        assert head_b == 3
        for write in (
            lambda: tab_a.append(match_id, op(3, by="a"), head_a),
            lambda: tab_a.undo(match_id, head_a),
            lambda: tab_a.redo(match_id, head_a),
            lambda: tab_a.replace_from(match_id, 1, [op(9)], head_a),
            lambda: tab_a.set_summary(match_id, {"x": 1}, True, expected_head=head_a),
        ):
            with pytest.raises(ConflictError) as err:
                write()
            assert "another window" in err.value.text("en") and "autre fenêtre" in err.value.text("fr")
            assert isinstance(err.value, StoreError)
        assert tab_b.ops(match_id) == [op(1), op(2), op(3, by="b")]
        assert tab_b.match(match_id).summary == {}
        # Tab A reloads, then its write goes through.
        record, ops_a = tab_a.load(match_id)
        assert ops_a == [op(1), op(2), op(3, by="b")]
        assert tab_a.append(match_id, op(4, by="a"), record.head) == 4


def test_undo_then_append_in_another_tab_is_a_conflict_even_at_the_same_head(path):
    with Store.open(path) as tab_a, Store.open(path) as tab_b:
        match_id = tab_a.create_match("cribbage", SETUP)
        fill(tab_a, match_id, 3)
        record_a, _ = tab_a.load(match_id)
        record_b, _ = tab_b.load(match_id)
        tab_b.append(match_id, op(3, by="b"), tab_b.undo(match_id, record_b.head))  # head is 3 again
        assert tab_b.match(match_id).head == record_a.head
        with pytest.raises(ConflictError):
            tab_a.append(match_id, op(4, by="a"), record_a.head)
        assert tab_a.ops(match_id) == [op(1), op(2), op(3, by="b")]


def test_concurrent_tab_processes_never_overwrite_each_other(path):
    with Store.open(path) as s:
        match_id = s.create_match("cribbage", SETUP)
    writers, count = 3, 25
    env = {**os.environ, "PYTHONPATH": str(WRITER.resolve().parents[2])}
    procs = [
        subprocess.Popen(
            [sys.executable, str(WRITER), "contend", str(path), str(match_id), str(w), str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for w in range(writers)
    ]
    for proc in procs:
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    for proc in procs:
        proc.stdin.write("go\n")
        proc.stdin.flush()
    conflicts = 0
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        conflicts += int(out)
    with Store.open(path) as s:
        ops = s.ops(match_id)
    assert len(ops) == writers * count  # every append landed exactly once
    for w in range(writers):
        assert [o["i"] for o in ops if o["writer"] == w] == list(range(count))
    print(f"{conflicts} conflicts met and retried")


# --------------------------------------------------------------------------- summaries and listing


def test_summary_is_written_with_the_operation_and_set_summary_does_not_touch_the_log(store):
    match_id = store.create_match("cribbage", SETUP)
    store.append(match_id, op(1), 0, summary={"scores": [2, 0]})
    assert store.match(match_id).summary == {"scores": [2, 0]}
    store.undo(match_id, 1, summary={"scores": [0, 0]})
    assert store.match(match_id).summary == {"scores": [0, 0]}
    store.redo(match_id, 0, summary={"scores": [2, 0]}, finished=False)
    rev = store.match(match_id).rev
    store.set_summary(match_id, {"scores": [121, 90], "winner": "Anne", "skunk": True}, True)
    record = store.match(match_id)
    assert record.summary == {"scores": [121, 90], "winner": "Anne", "skunk": True}
    assert record.finished and record.rev == rev and record.head == 1
    store.set_summary(match_id, {"scores": [121, 90]}, True, expected_head=1)
    store.append(match_id, op(2), 1)  # this store's view is still current after set_summary


def test_list_matches_newest_updated_first_with_summaries_and_filter(store):
    first = store.create_match("cribbage", SETUP, summary={"scores": [0, 0]})
    second = store.create_match("2500", {"players": ["A", "B", "C", "D"]})
    third = store.create_match("cribbage", SETUP)
    assert [m.id for m in store.list_matches()] == [third, second, first]
    store.append(first, op(1), 0, summary={"scores": [5, 0]})
    assert [m.id for m in store.list_matches()] == [first, third, second]
    store.set_summary(second, {"winner": "A"}, True)
    listed = store.list_matches()
    assert [m.id for m in listed] == [second, first, third]
    assert listed[1].summary == {"scores": [5, 0]} and listed[1].head == 1
    assert [m.id for m in store.list_matches(finished=True)] == [second]
    assert [m.id for m in store.list_matches(finished=False)] == [first, third]
    assert all(m.updated >= m.created for m in listed)
    assert listed[0].updated.tzinfo is not None


# --------------------------------------------------------------------------- file format and migrations


def test_file_has_application_id_schema_version_and_wal(store):
    store.create_match("cribbage", SETUP)
    assert store.version == SCHEMA_VERSION == len(MIGRATIONS) == 7
    conn = raw(store.path)
    assert conn.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    assert conn.execute("PRAGMA user_version").fetchone() == (7,)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()


def _add_note(conn: sqlite3.Connection) -> None:
    """A test-only migration from the current version to the next."""
    conn.execute("ALTER TABLE matches ADD COLUMN note TEXT NOT NULL DEFAULT ''")
    conn.execute("UPDATE matches SET note = 'migrated ' || game")


def test_migrations_upgrade_an_older_file_and_keep_its_matches(path):
    with Store.open(path) as s:
        match_id = s.create_match("cribbage", SETUP)
        fill(s, match_id, 3)
    with Store.open(path, migrations=(*MIGRATIONS, _add_note)) as s:
        assert s.version == SCHEMA_VERSION + 1
        assert s.ops(match_id) == [op(1), op(2), op(3)]
        s.append(match_id, op(4), 3)
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
    assert conn.execute("SELECT note FROM matches").fetchall() == [("migrated cribbage",)]
    conn.close()
    with Store.open(path, migrations=(*MIGRATIONS, _add_note)) as s:  # already there: nothing runs again
        assert s.match(match_id).head == 4


def test_every_migration_runs_in_order_from_the_file_version(path):
    calls: list[int] = []

    def step(n: int):
        def migrate(conn: sqlite3.Connection) -> None:
            calls.append(n)
            if n < len(MIGRATIONS):
                MIGRATIONS[n](conn)  # the real schema, so every version's tables are there

        return migrate

    conn = raw(path)  # a version-0 companion file: our application_id, no tables yet
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.close()
    with Store.open(path, migrations=[step(0), step(1), step(2)]) as s:
        assert s.version == 3
    assert calls == [0, 1, 2]
    with Store.open(path, migrations=[step(0), step(1), step(2), step(3)]):
        pass
    assert calls == [0, 1, 2, 3]


def test_a_failing_migration_leaves_the_file_at_its_old_version(path):
    with Store.open(path) as s:
        match_id = s.create_match("cribbage", SETUP)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("boom")

    with pytest.raises(StoreError) as err:
        Store.open(path, migrations=(*MIGRATIONS, broken))
    assert "boom" in err.value.text("en") and "format" in err.value.text("fr")
    conn = raw(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchall() == []
    conn.close()
    with Store.open(path) as s:
        assert s.match(match_id).game == "cribbage"


def test_a_file_from_a_newer_release_is_refused_and_left_untouched(path):
    with Store.open(path) as s:
        s.create_match("cribbage", SETUP)
    conn = raw(path)
    conn.execute("PRAGMA user_version = 9")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(NewerVersionError) as err:
        Store.open(path)
    assert "newer version" in err.value.text("en") and "plus récente" in err.value.text("fr")
    assert "9" in err.value.text("en")
    with pytest.raises(NewerVersionError):
        open_or_recover(path)  # never moved aside: the newer release still needs it
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if "unreadable" in p.name]


# --------------------------------------------------------------------------- foreign and damaged files


def _random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(20000))


def _text_file(path: Path) -> None:
    path.write_text("players: Anne, Ben\nscore: 121-97\n" * 50, encoding="utf-8")


def _other_app(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE foo (a, b)")
    conn.executemany("INSERT INTO foo VALUES (?, ?)", [(i, "bar") for i in range(100)])
    conn.commit()
    conn.close()


def _lookalike(path: Path) -> None:
    """Tables named like ours but without our application_id: another program's file."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY)")
    conn.execute("CREATE TABLE ops (x)")
    conn.commit()
    conn.close()


def _real_store(path: Path) -> None:
    with Store.open(path) as s:
        for _ in range(3):
            match_id = s.create_match("cribbage", SETUP)
            head = 0
            for n in range(60):
                head = s.append(match_id, op(n, pad="x" * 400), head)


def _truncated_store(path: Path) -> None:
    _real_store(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _damaged_page(path: Path) -> None:
    _real_store(path)
    data = bytearray(path.read_bytes())
    middle = (len(data) // 4096 // 2) * 4096
    data[middle : middle + 4096] = random.Random(2).randbytes(4096)
    path.write_bytes(bytes(data))


def _wrong_tables(path: Path) -> None:
    """Our application_id and version, but not our tables."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE other (x)")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


UNREADABLE = {
    "random bytes": _random_bytes,
    "text file": _text_file,
    "another app's SQLite": _other_app,
    "look-alike tables": _lookalike,
    "truncated store": _truncated_store,
    "damaged page": _damaged_page,
    "our id, other tables": _wrong_tables,
}


@pytest.mark.parametrize("make", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_open_refuses_an_unreadable_file_without_touching_it(path, make):
    make(path)
    before = path.read_bytes()
    with pytest.raises(UnreadableStoreError) as err:
        Store.open(path)
    assert str(path) in err.value.text("en") and str(path) in err.value.text("fr")
    assert path.read_bytes() == before


@pytest.mark.parametrize("make", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_open_or_recover_keeps_the_unreadable_file_aside_and_starts_empty(path, make):
    make(path)
    before = path.read_bytes()
    store, message = open_or_recover(path)
    with store:
        kept = kept_files(path)
        assert len(kept) == 1
        assert kept[0].read_bytes() == before
        assert isinstance(message, Msg)
        en, fr = message.text("en"), message.text("fr")
        assert str(kept[0]) in en and str(kept[0]) in fr
        assert "could not be read" in en and "empty list" in en
        assert "n'a pas pu être lu" in fr and "liste vide" in fr
        assert "\n" not in en and "\n" not in fr
        assert store.list_matches() == []
        match_id = store.create_match("cribbage", SETUP)
        store.append(match_id, op(1), 0)
    with Store.open(path) as again:
        assert again.ops(match_id) == [op(1)]


def test_recovery_moves_the_wal_along_with_the_file(tmp_path, path):
    source = tmp_path / "foreign.db"
    conn = sqlite3.connect(source)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE foo (a)")
    conn.commit()
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.executemany("INSERT INTO foo VALUES (?)", [(i,) for i in range(50)])
    conn.commit()
    # Copy while the WAL still holds the rows: a foreign file left with its WAL after a crash.
    for suffix in ("", "-wal"):
        Path(str(path) + suffix).write_bytes(Path(str(source) + suffix).read_bytes())
    conn.close()
    store, message = open_or_recover(path)
    with store:
        assert message is not None and store.list_matches() == []
    [kept] = kept_files(path)
    assert Path(str(kept) + "-wal").exists()
    conn = sqlite3.connect(kept)
    assert conn.execute("SELECT COUNT(*) FROM foo").fetchone() == (50,)
    conn.close()


def test_an_empty_file_counts_as_a_fresh_store(path):
    path.write_bytes(b"")
    store, message = open_or_recover(path)
    with store:
        assert message is None
        assert store.create_match("cribbage", SETUP) == 1
    assert [p.name for p in path.parent.iterdir() if "unreadable" in p.name] == []


def test_an_empty_sqlite_file_counts_as_a_fresh_store(path):
    sqlite3.connect(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")  # what a first start killed before the schema leaves
    conn.close()
    with Store.open(path) as s:
        assert s.list_matches() == []


def test_open_or_recover_on_a_sound_file_just_opens_it(path):
    with Store.open(path) as s:
        match_id = s.create_match("cribbage", SETUP)
    store, message = open_or_recover(path)
    with store:
        assert message is None
        assert store.match(match_id).game == "cribbage"


def test_two_recoveries_in_the_same_second_keep_both_files(path):
    _text_file(path)
    first = path.read_bytes()
    store, _ = open_or_recover(path)
    store.close()
    path.write_bytes(b"second bad file " * 100)
    store, message = open_or_recover(path)
    store.close()
    kept = sorted(kept_files(path), key=lambda p: p.stat().st_mtime_ns)
    assert len(kept) == 2
    assert {p.read_bytes() for p in kept} == {first, b"second bad file " * 100}
    assert str(kept[1]) in message.text("en") or str(kept[0]) in message.text("en")


def test_a_match_deleted_in_another_tab_fails_cleanly(path):
    with Store.open(path) as tab_a, Store.open(path) as tab_b:
        match_id = tab_a.create_match("cribbage", SETUP)
        record, _ = tab_a.load(match_id)
        tab_b.delete_match(match_id)
        with pytest.raises(MatchNotFoundError):
            tab_a.append(match_id, op(1), record.head)


def test_one_store_can_be_shared_by_worker_threads(store):
    import threading

    ids = [store.create_match("cribbage", SETUP) for _ in range(4)]

    def work(match_id: int) -> None:
        head = 0
        for n in range(1, 21):
            head = store.append(match_id, op(n), head)

    threads = [threading.Thread(target=work, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(store.ops(i) == [op(n) for n in range(1, 21)] for i in ids)


def _with_hot_journal(source: Path, target: Path, statement: str) -> None:
    """Copy ``source`` to ``target`` in the middle of a write, as a crash would leave it."""
    conn = sqlite3.connect(source, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA cache_size = 1")  # spill changed pages to the file before commit
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(statement)
    assert Path(str(source) + "-journal").exists()
    target.write_bytes(source.read_bytes())
    Path(str(target) + "-journal").write_bytes(Path(str(source) + "-journal").read_bytes())
    conn.execute("ROLLBACK")
    conn.close()


def test_a_foreign_file_with_a_hot_journal_is_judged_without_rolling_it_back(tmp_path, path):
    source = tmp_path / "foreign.db"
    _other_app(source)
    _with_hot_journal(source, path, "UPDATE foo SET b = hex(randomblob(600))")
    before, journal = path.read_bytes(), Path(str(path) + "-journal").read_bytes()
    with pytest.raises(UnreadableStoreError):
        Store.open(path)
    assert path.read_bytes() == before and Path(str(path) + "-journal").read_bytes() == journal
    store, message = open_or_recover(path)
    store.close()
    [kept] = kept_files(path)
    assert kept.read_bytes() == before and Path(str(kept) + "-journal").read_bytes() == journal
    assert not Path(str(path) + "-journal").exists()
    conn = sqlite3.connect(kept)  # the foreign program's own recovery still works on the kept pair
    assert conn.execute("SELECT COUNT(*), MIN(b), MAX(b) FROM foo").fetchone() == (100, "bar", "bar")
    conn.close()


def test_our_own_file_with_a_hot_journal_is_recovered_by_sqlite(tmp_path, path):
    source = tmp_path / "ours.sqlite3"
    with Store.open(source) as s:
        match_id = s.create_match("cribbage", SETUP)
        fill(s, match_id, 3)
    _with_hot_journal(source, path, "UPDATE ops SET op = hex(randomblob(3000))")
    store, message = open_or_recover(path)
    with store:
        assert message is None
        assert store.ops(match_id) == [op(1), op(2), op(3)]
    assert not Path(str(path) + "-journal").exists()

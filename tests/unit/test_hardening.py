"""Nothing crashes, nothing is lost: odd typed characters, one damaged row or entry, a store that fails
mid-session, a read-only store. Each case here crashed or misbehaved before it was fixed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.core.errors import IllegalMoveError, NotationError
from companion.core.i18n import Msg
from companion.core.typed import parse_number, parse_quick_points
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.ops import Cut, Play
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.errors import IO_FAILED, DamagedMatchError, ReadOnlyStoreError, StoreError, detail_of
from companion.store.session import MatchSession
from companion.store.settings import Settings
from tests.helpers.journeys import key_words, tap

C = Cut


def _card(code):
    from companion.core.cards import parse_card

    return parse_card(code)


# ------------------------------------------------------------------ typed numbers

@pytest.mark.parametrize("text", ["²", "٣", "7²", "+7", "-3", "", "  ", "7 7", "1" * 5, "1" * 5000, "x"])
def test_only_ascii_digits_of_bounded_length_are_numbers(text):
    with pytest.raises(NotationError) as info:
        parse_number(text)
    assert len(info.value.text("en")) < 120 and info.value.text("fr") != info.value.text("en")


def test_numbers_and_quick_points_as_players_type_them():
    assert parse_number(" 12 ") == 12 and parse_number("-45", signed=True) == -45 and parse_number("2500") == 2500
    quick = parse_quick_points("+7 Marie")
    assert quick is not None and (quick.points, quick.who) == (7, "Marie")
    assert parse_quick_points("7 Marie") is None
    assert parse_quick_points("+7² Marie").who == "² Marie"  # no such player: the screen says "say who"
    with pytest.raises(NotationError):
        parse_quick_points("+" + "9" * 5000)


# ------------------------------------------------------------------ helpers

def _store(tmp_path) -> Store:
    return Store.open(tmp_path / "companion.sqlite3")


def _match(store: Store, names=("Marie", "Paul"), rules=CribbageRules(), entries=("5H", "10D")) -> MatchSession:
    session = MatchSession.create(store, Setup(names, rules, 0), "cribbage")
    session.apply(Cut(_card(entries[0])))
    for code in entries[1:]:
        session.apply(Play(session.match.turn, _card(code)))
    return session


def _poke(path: Path, sql: str, *args) -> None:
    """Write to the file behind the app's back, as a damaged disk or another program would."""
    with sqlite3.connect(path) as conn:
        conn.execute(sql, args)


def _app(store, lang="en"):
    from companion.tui.app import CompanionApp

    return CompanionApp(store, settings=Settings(lang=lang))


# ------------------------------------------------------------------ typed entries in the app

@pytest.mark.parametrize("typed", ["+7 ²", "²", "+" + "9" * 4400, "+7 " + "é" * 300, "\x00\x1b[2J"])
async def test_odd_typed_entries_are_refused_in_one_line_and_never_crash(tmp_path, typed):
    store = _store(tmp_path)
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(manual_counting=True), 0), "cribbage")
    from companion.tui.games.cribbage.screen import CribbageScreen

    app = _app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        screen = app.screen
        for text in ("5h 10d 5c kd 6s 4h 7d 9s 8c".split()):
            screen.interpret(text)
        await pilot.pause()
        assert screen.match.phase == "show"
        head = session.head
        screen.interpret(typed)
        await pilot.pause()
        assert app.screen is screen and session.head == head  # nothing entered, nothing crashed
        message = str(screen.query_one("#message").render())
        assert "\n" not in message.strip() or len(message) < 300


# ------------------------------------------------------------------ one damaged row or entry

DAMAGES = {
    "summary not JSON": ("UPDATE matches SET summary = 'not json' WHERE id = ?", None),
    "summary a list": ("UPDATE matches SET summary = '[1, 2]' WHERE id = ?", None),
    "date not a timestamp": ("UPDATE matches SET updated = 'yesterday' WHERE id = ?", None),
    "setup not JSON": ("UPDATE matches SET setup = '{' WHERE id = ?", "its setup is not readable"),
    "entry not JSON": ("UPDATE ops SET op = 'oops' WHERE match_id = ? AND seq = 2", "entry 2 is not readable"),
    "entry of unknown kind": ("UPDATE ops SET op = '{\"op\": \"fly\"}' WHERE match_id = ? AND seq = 2",
                              "unreadable operation"),
    "entry against the rules": ("UPDATE ops SET op = '{\"op\": \"play\", \"seat\": 0, \"card\": \"5H\"}' "
                                "WHERE match_id = ? AND seq = 2", "cannot be replayed"),
    "game unknown": ("UPDATE matches SET game = 'chess' WHERE id = ?", "unknown game"),
    # issue 25: rows that still crashed every start
    "entry nested past the recursion limit": ("UPDATE ops SET op = '" + "[" * 50_000 + "]" * 50_000 + "' "
                                              "WHERE match_id = ? AND seq = 2", "entry 2 is not readable"),
    "created in year 1": ("UPDATE matches SET created = '0001-01-01T00:00:00+00:00' WHERE id = ?", None),
    "updated in year 9999": ("UPDATE matches SET updated = '9999-12-31T23:59:59+00:00' WHERE id = ?", None),
    "seat out of range": ("UPDATE ops SET op = '{\"op\": \"play\", \"seat\": 7, \"card\": \"10D\"}' "
                          "WHERE match_id = ? AND seq = 2", "cannot be replayed"),
}


@pytest.mark.parametrize("kind", DAMAGES)
def test_one_damaged_match_never_hides_the_others(tmp_path, kind):
    store = _store(tmp_path)
    bad = _match(store)
    good = _match(store, ("Léa", "Jean"), entries=("2C", "3D"))
    sql, why = DAMAGES[kind]
    _poke(store.path, sql, bad.match_id)
    records = {r.id: r for r in store.list_matches()}  # listing never raises
    assert set(records) == {bad.match_id, good.match_id}
    assert MatchSession(store, good.match_id).match.scores == good.match.scores
    if why is None:  # only the list's summary or date is affected: the match itself still opens
        assert MatchSession(store, bad.match_id).match.log == bad.match.log
        return
    with pytest.raises(DamagedMatchError) as info:
        MatchSession(store, bad.match_id)
    assert why in info.value.text("en") and info.value.text("fr").startswith("Ce match ne peut pas être ouvert")
    raw = store.raw_match(bad.match_id)  # the raw export reads whatever is there
    json.dumps(raw)
    assert len(raw["ops"]) == 2


async def test_a_damaged_match_is_shown_on_home_and_can_be_exported_and_set_aside(tmp_path):
    from companion.tui.dialogs.damaged import DamagedMatchDialog
    from companion.tui.games.cribbage.screen import CribbageScreen
    from companion.tui.screens.home import HomeScreen

    store = _store(tmp_path)
    bad = _match(store)
    good = _match(store, ("Léa", "Jean"), entries=("2C", "3D"))
    _poke(store.path, "UPDATE ops SET op = 'oops' WHERE match_id = ? AND seq = 2", bad.match_id)
    app = _app(store, "fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        label = key_words(app, f"resume-{bad.match_id}") or ""
        assert label.startswith("Endommagé : Marie · Paul") and "l'entrée 2 est illisible" in label
        await tap(pilot, f"#resume-{bad.match_id}")
        await pilot.pause()
        assert isinstance(app.screen, DamagedMatchDialog)
        await pilot.click("#export")
        await pilot.pause()
        [export] = list((tmp_path / "exports").glob(f"match-{bad.match_id}-raw-*.json"))
        assert json.loads(export.read_text(encoding="utf-8"))["ops"][1]["op"] == "oops"
        await pilot.click("#aside")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert key_words(app, f"resume-{bad.match_id}") is None
        assert len(list((tmp_path / "exports").glob("*.json"))) == 2  # every byte kept aside
        await tap(pilot, f"#resume-{good.match_id}")
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen) and app.screen.match.scores == good.match.scores


async def test_home_and_past_matches_survive_unreadable_summaries_and_dates(tmp_path):
    from companion.tui.screens.past import PastMatchesScreen

    store = _store(tmp_path)
    bad = _match(store)
    _poke(store.path, "UPDATE matches SET summary = 'x', updated = 'never' WHERE id = ?", bad.match_id)
    app = _app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert key_words(app, f"resume-{bad.match_id}")
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PastMatchesScreen) and app.screen.query_one("#table").row_count == 1


# ------------------------------------------------------------------ the store fails mid-session

class _Gone:
    """A connection whose disk has gone: every statement fails with SQLite's I/O error."""

    in_transaction = False

    def execute(self, *args, **kwargs):
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorcode = 10  # type: ignore[attr-defined]
        raise error

    def close(self):
        pass


async def test_a_store_that_fails_for_reads_and_writes_keeps_the_app_usable(tmp_path):
    from companion.tui.screens.home import HomeScreen

    store = _store(tmp_path)
    session = _match(store)
    shown = list(session.match.log)
    app = _app(store, "fr")
    async with app.run_test(size=(100, 30)) as pilot:
        from companion.tui.games.cribbage.screen import CribbageScreen

        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        screen = app.screen
        real, store._conn = store._conn, _Gone()
        try:
            screen.interpret("5t")  # 5♣ in French
            await pilot.pause()
            assert session.match.log == shown  # the refused move is not kept in memory
            text = str(screen.query_one("#message").render())
            assert "erreur d'entrée-sortie du disque" in text and "disk I/O" not in text
            screen.interpret("undo")
            await pilot.pause()
            await pilot.press("escape")  # home cannot list the matches: it says so and stays usable
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen) and app.screen.query_one("#store-trouble")
        finally:
            store._conn = real
    assert MatchSession(store, session.match_id).match.log == shown  # nothing lost, nothing half-written


def test_sqlite_details_are_said_in_both_languages():
    error = sqlite3.OperationalError("attempt to write a readonly database")
    error.sqlite_errorcode = 8  # type: ignore[attr-defined]
    msg = IO_FAILED(path="x", detail=detail_of(error))
    assert "lecture seule" in msg.text("fr") and "readonly" not in msg.text("fr")
    assert "read-only" in msg.text("en")


def test_a_correction_outside_the_log_is_a_rules_error(tmp_path):
    session = _match(_store(tmp_path))
    for seq in (0, 99, -1):
        with pytest.raises(IllegalMoveError) as info:
            session.correct(seq, Cut(_card("5H")))
        assert "entr" in info.value.text("en")


# ------------------------------------------------------------------ a read-only store

def test_a_store_that_cannot_be_written_opens_read_only(tmp_path, monkeypatch):
    store = _store(tmp_path)
    session = _match(store)
    store.close()

    def refuse(*args, **kwargs):
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode = 8  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(Store, "_prepare", staticmethod(refuse))
    store = Store.open(tmp_path / "companion.sqlite3")
    assert store.read_only
    viewed = MatchSession(store, session.match_id)  # reading still works
    assert viewed.match.log == session.match.log
    with pytest.raises(ReadOnlyStoreError) as info:
        viewed.apply(Play(viewed.match.turn, _card("5C")))
    assert "lecture seule" in info.value.text("fr")
    assert viewed.match.log == session.match.log  # refused before anything changed
    with pytest.raises(StoreError):
        store.create_match("cribbage", {"names": []})


async def test_a_read_only_store_says_so_once_on_home(tmp_path):
    store = _store(tmp_path)
    _match(store)
    store.close()
    store = Store.open(tmp_path / "companion.sqlite3", read_only=True)
    app = _app(store, "fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "lecture seule" in str(app.screen.query_one("#notice").render())
    assert Msg  # the notice is the store's bilingual message


async def test_odd_values_inside_a_summary_never_crash_the_lists(tmp_path):
    from companion.tui.screens.past import PastMatchesScreen

    store = _store(tmp_path)
    bad = _match(store)
    odd = json.dumps({"sides": 5, "scores": "x", "winner": [1], "games": [{"skunk": []}, 3], "game_points": 7})
    _poke(store.path, "UPDATE matches SET summary = ? WHERE id = ?", odd, bad.match_id)
    app = _app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert key_words(app, f"resume-{bad.match_id}")
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PastMatchesScreen)


def test_a_match_saved_in_a_newer_format_says_so_and_the_others_open(tmp_path):
    store = _store(tmp_path)
    newer = _match(store)
    other = _match(store, ("Léa", "Jean"), entries=("2C", "3D"))
    assert store.match(newer.match_id).setup["format"] == 1  # each game saves its format version
    setup = dict(store.match(newer.match_id).setup, format=2)
    _poke(store.path, "UPDATE matches SET setup = ? WHERE id = ?", json.dumps(setup), newer.match_id)
    with pytest.raises(DamagedMatchError) as info:
        MatchSession(store, newer.match_id)
    assert "newer version" in info.value.text("en") and "plus récente" in info.value.text("fr")
    assert MatchSession(store, other.match_id).match.log == other.match.log


# ------------------------------------------------------------------ issue 25: what still crashed or was lost

@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_file_deleted_or_replaced_under_the_app_refuses_the_next_entry(tmp_path, how):
    import os

    store = _store(tmp_path)
    session = _match(store)
    shown = list(session.match.log)
    if how == "deleted":
        os.unlink(store.path)
    else:  # a sync tool writes its own copy in place
        other = tmp_path / "synced.sqlite3"
        Store.open(other).close()
        os.replace(other, store.path)
    with pytest.raises(StoreError) as info:
        session.apply(Play(session.match.turn, _card("5C")))
    assert "moved, deleted or replaced" in info.value.text("en") and "remplacé" in info.value.text("fr")
    assert session.match.log == shown  # nothing shown that is not saved


def test_a_le31_deck_rule_that_is_not_json_makes_the_match_damaged(tmp_path):
    from companion.games import base
    from companion.games.le31.rules import Le31Rules

    store = _store(tmp_path)
    session = MatchSession.create(store, base.Setup(("Marie", "Paul"), Le31Rules(), 0), "le31")
    setup = store.match(session.match_id).setup
    for deck in ("{not json", "[" * 50_000, '{"colours": 5}', 7):
        setup["rules"]["deck"] = deck
        _poke(store.path, "UPDATE matches SET setup = ? WHERE id = ?", json.dumps(setup), session.match_id)
        with pytest.raises(DamagedMatchError) as info:
            MatchSession(store, session.match_id)
        assert "deck" in info.value.text("en")


def test_a_file_without_its_matches_table_is_refused_with_a_reason(tmp_path):
    from companion.store.errors import UnreadableStoreError

    store = _store(tmp_path)
    _match(store)
    store.close()
    _poke(tmp_path / "companion.sqlite3", "DROP TABLE ops")
    with pytest.raises(UnreadableStoreError) as info:
        Store.open(tmp_path / "companion.sqlite3")
    assert "tables" in info.value.text("en")


SIDE_TABLES = ["match_stats", "players", "aliases", "nights", "night_ops", "match_evenings", "drafts", "seats",
               "drivers", "undo_requests"]


def _a_full_store(tmp_path) -> tuple[Store, list[MatchSession]]:
    """Matches, a roster with a rename and a merge, a club night, a match moved to another evening, the
    statistics cache filled, a draft, a seat given to a phone."""
    from companion.club import saved
    from companion.club.night import start_op
    from companion.records.evenings import move
    from companion.records.roster import Roster
    from companion.records.stats import table

    store = _store(tmp_path)
    played = [_match(store), _match(store, ("Léa", "Jean"), entries=("2C", "3D")), _match(store, ("Lea", "Paul"))]
    Roster(store).rename("Marie", "Marie D.")
    Roster(store).merge("Léa", "Lea")
    saved.create(store, "club", start_op(["Ann", "Bob", "Cy", "Di"]))
    move(store, played[0].match_id, "2026-01-02")
    table(store)
    store.save_draft(played[0].match_id, 2, {"cards": ["5C"]})
    store.bind_seat(played[0].match_id, 0)
    return store, played


@pytest.mark.parametrize("table", SIDE_TABLES)
def test_a_side_table_lost_is_made_again_and_every_match_stays(tmp_path, table):
    """Issue 37: a missing cache (or roster, club nights…) table set the whole history aside at the next start."""
    from companion.club import saved
    from companion.records.roster import Roster
    from companion.records.stats import table as stats_table
    from companion.store.errors import SIDE_DATA
    from companion.store.recovery import open_or_recover, unseen_set_aside
    from companion.store.schema import user_tables

    store, played = _a_full_store(tmp_path)
    path = store.path
    logs = {s.match_id: store.ops(s.match_id) for s in played}
    store.close()
    _poke(path, f"DROP TABLE {table}")
    store, said = open_or_recover(path)
    with store:
        assert not list(tmp_path.glob("companion.sqlite3.unreadable-*")) and not store.read_only  # nothing set aside
        assert {r.id: store.ops(r.id) for r in store.list_matches()} == logs  # every match, as it was
        with store.reading() as conn:
            assert table in user_tables(conn)
        if table in SIDE_DATA:  # what it held is said, until seen
            assert said is not None and SIDE_DATA[table].text("fr") in said.text("fr")
            assert [m.text("en") for m in unseen_set_aside(path)] == [said.text("en")]
        else:  # a cache, a draft, a device's lease: made again unsaid
            assert said is None and unseen_set_aside(path) == []
        people = {p.name: set(p.aliases) for p in Roster(store).players()}
        assert {"marie", "jean", "paul", "léa", "lea"} <= {key for a in people.values() for key in a}  # everyone
        merged = table != "aliases"  # a merge is kept while the aliases that make it are
        assert ({"léa", "lea"} <= next(a for a in people.values() if "léa" in a)) is merged
        assert len(stats_table(store)["players"]) == (4 if merged else 5)  # every match counted again
        if table not in ("nights", "night_ops"):
            assert [saved.load(store, n).night.players for n, _, _ in saved.listed(store)] == [["Ann", "Bob", "Cy",
                                                                                                  "Di"]]
        elif table == "nights":  # the entries left: the night is listed again, under its number
            assert [name for _, name, _ in saved.listed(store)] == ["#1"]
        night_id = saved.create(store, "again", {"op": "start", "players": ["Ann", "Bob", "Cy", "Di"]})
        assert saved.load(store, night_id).night.players == ["Ann", "Bob", "Cy", "Di"]  # a new night is kept


def test_a_side_table_lost_in_a_read_only_file_is_read_as_empty(tmp_path, monkeypatch):
    import hashlib

    import companion.store.inspection as store_module  # where the store asks whether its file can be written
    from companion.records.evenings import evenings

    store, played = _a_full_store(tmp_path)
    path = store.path
    store.close()
    _poke(path, "DROP TABLE nights")
    _poke(path, "DROP TABLE match_stats")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    real = store_module.os.access
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: False if Path(p) == path else real(p, mode))
    with Store.open(path) as store:
        assert store.read_only and "club nights" in store.remade.text("en")
        assert sum(len(e.matches) for e in evenings(store)) == len(played)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_odd_dates_never_crash_the_evenings_nor_the_statistics(tmp_path, capsys, monkeypatch):
    from companion.cli.main import main
    from companion.records.evenings import evenings
    from companion.records.stats import table

    store = _store(tmp_path)
    old, far, fine = _match(store), _match(store, ("Léa", "Jean"), entries=("2C", "3D")), _match(store, ("A", "B"))
    _poke(store.path, "UPDATE matches SET created = '0001-01-01T00:00:00' WHERE id = ?", old.match_id)
    _poke(store.path, "UPDATE matches SET created = '9999-12-31T23:59:59' WHERE id = ?", far.match_id)
    _poke(store.path, "INSERT OR REPLACE INTO match_evenings (match_id, evening) VALUES (?, 5)", fine.match_id)
    _poke(store.path, "INSERT OR REPLACE INTO match_stats (match_id, rev, data) VALUES (?, 'x', '[[[')",
          fine.match_id)
    assert [m.id for e in evenings(store) for m in e.matches] == [fine.match_id]
    assert table(store) is not None
    store.close()
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    for command in (["evenings"], ["stats"]):  # the two left out are said, and the command is not a success
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err and f"(#{old.match_id}, #{far.match_id}), and may be missing" in err


async def test_a_file_set_aside_is_said_at_every_start_until_the_player_has_seen_it(tmp_path):
    from companion.store.recovery import open_or_recover, unseen_set_aside
    from companion.tui.app import CompanionApp

    path = tmp_path / "companion.sqlite3"
    path.write_bytes(b"not ours" * 100)
    store, said = open_or_recover(path)
    store.close()
    for _ in range(2):  # the next start too: nothing to recover, still said
        store, again = open_or_recover(path)
        assert again is None and [m.text("fr") for m in unseen_set_aside(path)] == [said.text("fr")]
        app = CompanionApp(store, settings=Settings(lang="fr"))
        app.set_aside = unseen_set_aside(path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "conservé sous" in str(app.screen.query_one("#set-aside-0").render())
        store.close()
    store, _ = open_or_recover(path)
    app = CompanionApp(store, settings=Settings(lang="en"))
    app.set_aside = unseen_set_aside(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.click("#set-aside-seen")
        await pilot.pause()
        assert not app.screen.query("#set-aside-0")
    store.close()
    assert unseen_set_aside(path) == []
    assert len(list(tmp_path.glob("companion.sqlite3.*"))) >= 1  # the file itself is kept aside, untouched


@pytest.mark.parametrize(("cause", "why_en", "why_fr"), [
    ("file", "the file is read-only", "le fichier est en lecture seule"),
    ("folder", "its folder is read-only", "son dossier est en lecture seule"),
    ("full", "the disk is full", "le disque est plein"),
    ("no room", "the disk is full", "le disque est plein"),  # issue 37: the app did not start on a full disk
])
async def test_a_read_only_file_folder_or_full_disk_opens_in_the_visible_read_only_mode(
        tmp_path, monkeypatch, cause, why_en, why_fr):
    """Run as root, the tests cannot make a file read-only: the operating system's answers are stood in for."""
    import os

    import companion.store.inspection as store_module  # where the store asks whether its file can be written

    store = _store(tmp_path)
    session = _match(store)
    store.close()
    if cause == "full":
        def full(*args, **kwargs):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13  # type: ignore[attr-defined]
            raise error

        monkeypatch.setattr(Store, "_prepare", staticmethod(full))
    elif cause == "no room":  # what the system says of a full disk: no byte free
        import shutil

        import companion.store.inspection as inspection

        monkeypatch.setattr(inspection.shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(10**9, 10**9, 0))
    else:
        refused = tmp_path / "companion.sqlite3" if cause == "file" else tmp_path
        real = os.access
        monkeypatch.setattr(store_module.os, "access",
                            lambda p, mode: False if Path(p) == refused and mode == os.W_OK else real(p, mode))
    store = Store.open(tmp_path / "companion.sqlite3")
    assert store.read_only and why_en in store.read_only_why.text("en")
    assert MatchSession(store, session.match_id).match.log == session.match.log  # viewed as it was
    app = _app(store, "fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        notice = str(app.screen.query_one("#notice").render())
        assert "lecture seule" in notice and why_fr in notice and "exporter" in notice
    store.close()

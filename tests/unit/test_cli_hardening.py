"""The command line against damaged stores, odd numbers and closed outputs: one short line, never a traceback,
and never a store recovered behind the player's back (each case failed before issue 25)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.cards import parse_card
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.ops import Cut
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import FILE_NAME, Store
from companion.store.session import MatchSession

REPO = Path(__file__).resolve().parents[2]


def run(args, home: Path, lang: str = "en", **kwargs):
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(home), COMPANION_LANG=lang, LANG="C.UTF-8")
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], env=env, capture_output=True, text=True,
                          timeout=120, **kwargs)


def one_line(result) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, result.stderr
    return lines[0]


def _store_with_matches(home: Path, n: int = 2) -> list[int]:
    home.mkdir(parents=True, exist_ok=True)
    ids = []
    with Store.open(home / FILE_NAME) as store:
        for i in range(n):
            session = MatchSession.create(store, Setup((f"Marie{i}", f"Paul{i}"), CribbageRules(), 0), "cribbage")
            session.apply(Cut(parse_card("5H")))
            ids.append(session.match_id)
    return ids


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ a damaged file

@pytest.mark.parametrize("command", [["export"], ["export", "--csv"], ["stats"], ["evenings"], ["players"],
                                     ["share", "1"]])
def test_a_damaged_file_is_said_and_left_alone_by_every_read_command(tmp_path, command):
    home = tmp_path / "home"
    home.mkdir()
    (home / FILE_NAME).write_bytes(b"not a database at all " * 200)
    before = _digest(home / FILE_NAME)
    result = run(command, home, lang="fr")
    line = one_line(result)
    assert result.returncode != 0 and result.stdout == ""
    assert "illisible" in line and "met de côté" in line  # what is wrong, and what the app will do
    assert _digest(home / FILE_NAME) == before and sorted(p.name for p in home.iterdir()) == [FILE_NAME]


def test_an_import_into_a_damaged_file_refuses_and_changes_nothing(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / FILE_NAME).write_bytes(b"garbage" * 300)
    before = _digest(home / FILE_NAME)
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"format": "companion-matches", "version": 1, "matches": []}))
    result = run(["import", str(source)], home)
    assert result.returncode == 2 and "cannot be read" in one_line(result)
    assert _digest(home / FILE_NAME) == before


def test_export_leaves_out_an_unreadable_match_names_it_and_fails(tmp_path):
    import sqlite3

    home = tmp_path / "home"
    good, bad = _store_with_matches(home)
    with sqlite3.connect(home / FILE_NAME) as conn:
        conn.execute("UPDATE ops SET op = ? WHERE match_id = ?", ("[" * 5000 + "]" * 5000, bad))
    result = run(["export"], home)
    assert result.returncode == 1
    assert f"match {bad} left out of the export" in one_line(result)
    assert [m["id"] for m in json.loads(result.stdout)["matches"]] == [good]  # the others are all there


READERS = [["export"], ["export", "--csv"], ["stats"], ["stats", "--json"], ["evenings"], ["players"],
           ["share", "1"]]


def _checkpointed(home: Path) -> Path:
    """The file alone, every entry in it (as the app leaves it when it closes)."""
    import sqlite3

    path = home / FILE_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for side in home.glob(FILE_NAME + "-*"):
        side.unlink()
    return path


def _said_with_its_figures(result, word: str) -> None:
    """Figures read from a damaged file are never printed without the word: either nothing and a one-line error,
    or the figures, and on stderr the word, and not a success."""
    assert "Traceback" not in result.stderr
    if result.stdout:
        assert result.returncode == 1 and word in result.stderr, (result.returncode, result.stderr)
    else:
        assert result.returncode == 2 and word in one_line(result), result.stderr


@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_page_of_random_bytes_in_the_middle_of_the_file_is_never_read_in_silence(tmp_path, command):
    """Issue 37: 512 random bytes over a middle page, and ``evenings`` printed its figures without a word."""
    import random

    home = tmp_path / "home"
    _store_with_matches(home, n=40)
    path = _checkpointed(home)
    pages = path.stat().st_size // 4096
    assert pages > 10  # a real store of many pages
    data = bytearray(path.read_bytes())
    middle = pages // 2 * 4096
    data[middle:middle + 512] = random.Random(37).randbytes(512)
    path.write_bytes(bytes(data))
    before = _digest(path)
    _said_with_its_figures(run(command, home, lang="fr"), "endommagé")
    assert _digest(path) == before and sorted(p.name for p in home.iterdir() if "unreadable" in p.name) == []


@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_match_whose_bytes_are_damaged_is_said_beside_the_figures(tmp_path, command):
    """Bytes damaged inside one match's row, where SQLite's own check cannot see them: ``evenings`` said « 4
    matches » of 5, and nothing else."""
    home = tmp_path / "home"
    ids = _store_with_matches(home, n=5)
    path = _checkpointed(home)
    data = path.read_bytes()
    row = b'{"names":["Marie3","Paul3"],"rules"'
    assert data.count(row) == 1
    path.write_bytes(data.replace(row, b"#" * len(row)))  # the same length: the page itself is sound
    result = run(command, home, lang="fr")
    if command == ["share", "1"]:  # a sound match is shared as it is
        assert result.returncode == 0 and result.stderr == ""
        assert run(["share", str(ids[3])], home).returncode == 2  # the damaged one is not
    elif command[0] == "export":  # the export names the match it leaves out itself
        assert result.returncode == 1 and f"partie {ids[3]} laissée hors de l'export" in one_line(result)
    else:
        _said_with_its_figures(result, f"endommagé : la partie n° {ids[3]} est illisible")
    if command == ["evenings"]:
        assert "4 parties" in result.stdout


def test_a_match_whose_log_is_damaged_is_said_unless_its_figures_were_cached(tmp_path):
    import sqlite3

    from companion.records.stats import facts

    home = tmp_path / "home"
    ids = _store_with_matches(home, n=3)
    with Store.open(home / FILE_NAME) as store:  # the statistics cached, as the app's statistics screen leaves them
        assert len(facts(store)) == 3
    with sqlite3.connect(home / FILE_NAME) as conn:
        conn.execute("UPDATE ops SET op = '{\"op\":\"cut\",\"ca' WHERE match_id = ?", (ids[1],))
    result = run(["stats", "--json"], home)
    assert (result.returncode, result.stderr) == (0, "")  # its figures are the cached ones: nothing is missing
    assert len(json.loads(result.stdout)["players"]) == 6
    with sqlite3.connect(home / FILE_NAME) as conn:
        conn.execute("DELETE FROM match_stats")
    result = run(["stats", "--json"], home)  # its figures need its log: left out, and said
    assert result.returncode == 1 and f"match #{ids[1]} cannot be read" in one_line(result)
    assert len(json.loads(result.stdout)["players"]) == 4


def _no_write_allowed() -> None:
    """In the child: every write that would make a file bigger fails, as on a full disk (the same SQLite error:
    it cannot make the -shm a reader of the file needs)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


needs_rlimit = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs RLIMIT_FSIZE (Linux)")


@needs_rlimit
@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_every_reader_reads_a_file_on_a_disk_that_takes_no_more_bytes(tmp_path, command):
    """Issue 37: on a full disk every reader exited 2, the moment a backup is needed."""
    home = tmp_path / "home"
    _store_with_matches(home, n=3)
    path = _checkpointed(home)
    before = _digest(path)
    result = run(command, home, lang="fr", preexec_fn=_no_write_allowed)
    assert result.returncode == 0 and result.stdout, result.stderr
    assert "lecture seule" in one_line(result)  # said, with why
    assert "Marie0" in result.stdout or command == ["evenings"]
    assert _digest(path) == before


@needs_rlimit
def test_the_app_opens_read_only_on_a_disk_that_takes_no_more_bytes(tmp_path):
    home = tmp_path / "home"
    ids = _store_with_matches(home, n=3)
    _checkpointed(home)
    code = ("import json; from companion.store.recovery import open_or_recover; store, said = open_or_recover(); "
            "print(json.dumps([store.read_only, str(store.read_only_why), [r.id for r in store.list_matches()]]))")
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(home))
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                            preexec_fn=_no_write_allowed)
    assert result.returncode == 0, result.stderr
    read_only, why, listed = json.loads(result.stdout)
    assert read_only and why != "None" and sorted(listed) == ids


@pytest.mark.parametrize(("cause", "why_en", "why_fr"), [
    ("file", "the file is read-only", "le fichier est en lecture seule"),
    ("folder", "its folder is read-only", "son dossier est en lecture seule"),
    ("disk", "the disk is full", "le disque est plein"),
])
def test_every_reader_says_in_one_line_that_the_file_is_read_only_and_why(tmp_path, monkeypatch, capsys, cause,
                                                                            why_en, why_fr):
    """Run as root, the tests cannot make a file read-only: the system's answers are stood in for."""
    import shutil

    import companion.store.inspection as inspection
    from companion.cli.main import main

    home = tmp_path / "home"
    _store_with_matches(home, n=2)
    path = _checkpointed(home)
    if cause == "disk":
        monkeypatch.setattr(inspection.shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(10**9, 10**9, 0))
    else:
        refused = path if cause == "file" else home
        real = os.access
        monkeypatch.setattr(inspection.os, "access",
                            lambda p, mode: False if Path(p) == refused and mode == os.W_OK else real(p, mode))
    monkeypatch.setenv("COMPANION_HOME", str(home))
    for command in READERS:
        assert main(["--lang", "fr", *command]) == 0
        out, err = capsys.readouterr()
        assert out and err.splitlines() == [f"Le fichier des parties enregistrées {path} est ouvert en lecture seule "
                                            f"({why_fr}) : on peut consulter et exporter les parties, pas les modifier."]
    assert main(["--lang", "en", "players", "rename", "Marie0", "Mimi"]) == 2  # a change is refused, saying why
    assert f"read-only ({why_en})" in capsys.readouterr().err


# ------------------------------------------------------------------ numbers and arguments

@pytest.mark.parametrize("args", [
    ["export", "--match", "9" * 30], ["export", "--match", "-1"], ["share", "99999999999999999999"],
    ["evenings", "--move", "x", "2026-01-01"], ["evenings", "--move", "9" * 40, "2026-01-01"],
    ["serve", "--port", "70000"], ["serve", "--port", "-5"],
    ["selfplay", "--a", "easy", "--b", "easy", "--players", "0", "--games", "2"],
    ["selfplay", "--a", "easy", "--b", "easy", "--players", "99", "--games", "2"],
    ["selfplay", "--a", "easy", "--b", "easy", "--games", "0"],
])
def test_out_of_range_numbers_are_one_line(tmp_path, args):
    result = run(args, tmp_path / "home")
    one_line(result)
    assert result.returncode == 2 and result.stdout == ""


def test_a_setup_refused_in_a_worker_crosses_the_process_pool(tmp_path):
    # Cribbage takes 2 to 4: the refusal is the game's own sentence, not a BrokenProcessPool.
    result = run(["selfplay", "--game", "cribbage", "--a", "easy", "--b", "easy", "--players", "9", "--games", "4",
                  "--jobs", "2"], tmp_path)
    assert result.returncode == 2 and "players=9" in one_line(result)


def test_a_companion_error_can_be_pickled():
    import pickle

    from companion.core.errors import SetupError
    from companion.core.i18n import Msg

    error = SetupError(Msg("{n} players", "{n} joueurs")(n=9))
    again = pickle.loads(pickle.dumps(error))
    assert again.text("fr") == "9 joueurs" and type(again) is SetupError


@pytest.mark.parametrize("content", [
    '{"colours": {"1": {"name": 7}}}', '{"cards": [1e400]}', "deep", '{"cards": "x"}', "null", '"text"',
])
def test_a_hostile_deck_file_is_one_line(tmp_path, content):
    deck = tmp_path / "deck.json"
    deck.write_text("[" * 100_000 + "]" * 100_000 if content == "deep" else content)
    result = run(["le31", "deck", "--deck", str(deck)], tmp_path)
    one_line(result)
    assert result.returncode == 2


def test_an_import_nested_past_the_recursion_limit_is_refused(tmp_path):
    home = tmp_path / "home"
    _store_with_matches(home, 1)
    before = _digest(home / FILE_NAME)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    result = run(["import", str(deep)], home)
    assert result.returncode == 2 and "nested too deep" in one_line(result)
    assert _digest(home / FILE_NAME) == before


def test_usage_errors_are_bounded_and_hold_no_control_characters(tmp_path):
    result = run(["cribbage", "count", "--starter", "\x1b[2J" + "Z" * 100_000], tmp_path)
    line = one_line(result)
    assert result.returncode == 2 and "\x1b" not in line and len(line) < 300


# ------------------------------------------------------------------ closed and full outputs

@pytest.mark.parametrize("args", [["cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S"], ["export"],
                                  ["stats"], ["--help"], ["cribbage", "--help"], ["le31", "deck"]])
def test_a_closed_output_is_one_line_and_not_a_success(tmp_path, args):
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(tmp_path), LANG="C.UTF-8")
    # Python sees a stdout closed by the shell (``>&-``) as None.
    result = subprocess.run(["sh", "-c", 'exec "$0" -m companion.cli.main "$@" >&-', sys.executable, *args], env=env,
                            capture_output=False, stderr=subprocess.PIPE, text=True, timeout=120)
    assert "Traceback" not in result.stderr and result.returncode == 1
    assert "closed" in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_help_to_a_full_disk_is_an_error(tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "companion.cli.main", "--help"], stdout=full,
                                stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(REPO)), text=True,
                                timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr and result.stderr.strip()


# ------------------------------------------------------------------ settings and names

def test_settings_nested_too_deep_fall_back_to_defaults_and_say_so(tmp_path):
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.host import SETTINGS_UNREADABLE

    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    settings = Settings.load(path)
    assert settings.unreadable and settings.pace == 1.0
    store = Store.open(tmp_path / FILE_NAME)
    app = CompanionApp(store, settings=settings)
    assert app.notice == SETTINGS_UNREADABLE
    assert path.read_text().startswith("[[[")  # the file is kept as it was
    store.close()


@pytest.mark.parametrize("name", ["Ann\tB", "Jo\x1b[31m", "Léa\n", "A\u200bB", "\x00"])
def test_names_with_control_characters_are_refused_with_a_reason(name):
    from companion.core.errors import SetupError

    with pytest.raises(SetupError) as info:
        Setup((name, "Paul"), CribbageRules(), 0)
    assert "caractère" in info.value.text("fr")


def test_players_and_evenings_say_one_match_in_the_singular(tmp_path):
    home = tmp_path / "home"
    _store_with_matches(home, n=1)
    assert run(["players"], home, lang="fr").stdout.splitlines() == ["Marie0 : 1 partie", "Paul0 : 1 partie"]
    assert run(["players"], home, lang="en").stdout.splitlines() == ["Marie0: 1 match", "Paul0: 1 match"]
    assert " · 1 partie" in run(["evenings"], home, lang="fr").stdout.splitlines()[0]

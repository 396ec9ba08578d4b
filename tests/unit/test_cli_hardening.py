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
    from companion.tui.app import SETTINGS_UNREADABLE, CompanionApp

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

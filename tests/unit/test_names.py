"""One check of a player's name at every door (a match's setup, the roster, a club night, what an import calls),
each refusal with its own reason; and a name already stored is never written raw to a terminal (issue 37)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.club import saved
from companion.club.night import start_op
from companion.core.errors import SetupError
from companion.core.names import check_name, check_names
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.records.roster import Roster
from companion.store.database import FILE_NAME, Store
from companion.store.session import MatchSession

REPO = Path(__file__).resolve().parents[2]

# name -> a word of its reason, in English and in French
REFUSED = {
    "Jo\x1b[31m": ("not text", "pas du texte"),
    "Bell\x07": ("not text", "pas du texte"),
    "Ann\tB": ("not text", "pas du texte"),
    "Léa\n": ("not text", "pas du texte"),
    "A\x85B": ("not text", "pas du texte"),
    "A\u202eB": ("reverses", "inverse"),
    "A\u2067B": ("reverses", "inverse"),
    "x" * 41: ("too long", "trop long"),
    "x" * 10_000: ("too long", "trop long"),
    "   ": ("needs a name", "avoir un nom"),
}
ACCEPTED = ["👨\u200d👩\u200d👧 Ana", "\u05e9\u05e8\u05d4\u200f", "Zoë\u200e", "می\u200cخواهم", "❤\ufe0f Léa",
            "x" * 40, "Jean-Marc O'Neil"]


def _id(name: str) -> str:
    return ascii(name)[:24]


@pytest.mark.parametrize("name", list(REFUSED), ids=_id)
def test_each_refused_name_says_its_own_reason_in_both_languages(name):
    with pytest.raises(SetupError) as info:
        check_name(name)
    en, fr = REFUSED[name]
    assert en in info.value.text("en") and fr in info.value.text("fr")
    assert "different name" not in info.value.text("en")
    said = info.value.text("en")
    assert said.isprintable() and len(said) < 200  # the name said back: never a terminal code, never the whole page


@pytest.mark.parametrize("name", ACCEPTED, ids=_id)
def test_emoji_families_direction_marks_and_joiners_are_names(name):
    assert check_name(name) == name.strip()
    assert Setup((name, "Paul"), CribbageRules(), 0).names[0] == name


def test_two_names_the_same_but_for_case_and_spaces_say_so():
    with pytest.raises(SetupError) as info:
        check_names(["Marie", "Paul", " marie "])
    assert "same name" in info.value.text("en") and "même nom" in info.value.text("fr")


@pytest.mark.parametrize("name", ["Jo\x1b[31m", "A\u202eB", "x" * 41], ids=_id)
def test_every_door_refuses_with_the_same_reason(tmp_path, name):
    with pytest.raises(SetupError) as expected:
        check_name(name)
    with Store.open(tmp_path / FILE_NAME) as store:
        MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
        roster = Roster(store)
        before = [(p.name, p.aliases) for p in roster.players()]
        doors = [lambda: Setup((name, "Paul"), CribbageRules(), 0),
                 lambda: roster.rename("Marie", name),
                 lambda: roster.add(name),
                 lambda: saved.create(store, "club", start_op(["Ann", "Bob", "Cy", name]))]
        for door in doors:
            with pytest.raises(SetupError) as info:
                door()
            assert info.value.msg == expected.value.msg
        assert [(p.name, p.aliases) for p in roster.players()] == before and saved.listed(store) == []


def _run(home: Path, *args: str, lang: str = "en") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), COMPANION_HOME=str(home), COMPANION_LANG=lang, LANG="C.UTF-8",
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_players_rename_on_the_command_line_refuses_a_terminal_code_in_one_line(tmp_path):
    with Store.open(tmp_path / FILE_NAME) as store:
        MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
    for new, word in (("\x1b[2J\x07Evil", "terminal"), ("x" * 41, "too long"), ("A\u202eB", "reverses")):
        result = _run(tmp_path, "players", "rename", "Marie", new)
        assert result.returncode == 2 and result.stdout == "" and word in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "\x1b" not in result.stderr
    assert _run(tmp_path, "players").stdout.splitlines() == ["Marie: 1 match", "Paul: 1 match"]


BAD = "Evil\x1b[2J\x07\u202eX\x9b"  # an old store may hold it: the roster took any name


@pytest.mark.parametrize("args", [["players"], ["players", "--json"], ["stats"], ["stats", "--json"], ["evenings"],
                                  ["evenings", "--json"], ["share", "1"]])
def test_a_stored_name_with_terminal_codes_is_printed_escaped(tmp_path, args):
    with Store.open(tmp_path / FILE_NAME) as store:
        session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
    with sqlite3.connect(tmp_path / FILE_NAME) as conn:  # as an older release wrote it
        conn.execute("UPDATE players SET name = ? WHERE name = 'Marie'", (BAD,))
        conn.execute("UPDATE matches SET summary = json_set(summary, '$.sides[0]', ?) WHERE id = ?",
                     (BAD, session.match_id))
    result = _run(tmp_path, *args)
    assert result.returncode == 0, result.stderr
    text = "\n".join(line for line in result.stdout.splitlines() if "█" not in line)  # share's QR draws in colours
    assert not [ch for ch in text if ch in "\x1b\x07\u202e\x9b"], text
    assert "Evil" in text or args == ["evenings"]  # an evening's standing names those who finished a match
    if "--json" in args:  # the same name, once read
        assert json.dumps(BAD)[1:-1] in json.dumps(json.loads(result.stdout))

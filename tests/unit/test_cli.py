"""The ``companion`` command, run as a person would: in a subprocess."""

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import companion.cli.main
from companion.core.i18n import default_lang

REPO_ROOT = Path(__file__).resolve().parents[2]


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("COMPANION_LANG", None)
    env["LANG"] = "C.UTF-8"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO_ROOT), env.get("PYTHONPATH"))))
    env.update(extra)
    return env


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], cwd=REPO_ROOT, env=child_env(**env),
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, env=child_env(),
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def assert_one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---------------------------------------------------------------- count

def test_count_json_for_29():
    result = run_cli("cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["total"] == 29
    assert sorted({item["kind"] for item in data["items"]}) == ["fifteen", "nobs", "pair"]
    assert sum(item["points"] for item in data["items"]) == 29
    assert {"kind": "nobs", "cards": ["JS"], "points": 1} in data["items"]


def test_count_text_lists_items_the_spoken_line_and_the_total():
    result = run_cli("cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "5♥ 5♦ 5♣ J♠" in lines[0] and "5♠" in lines[0]
    assert sum(1 for line in lines if line.startswith("  fifteen ")) == 8
    assert any(line.split()[-1] == "12" and "double pair royal" in line for line in lines)
    assert lines[-2].endswith("and his nobs is twenty-nine")
    assert lines[-1] == "total 29"


def test_count_crib_and_booklet_options():
    # four hearts in a crib with a spade starter: no flush under ACC, 4 under the booklet
    args = ("cribbage", "count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(run_cli(*args).stdout)["total"] == 0
    assert json.loads(run_cli(*args, "--rules", "booklet").stdout)["total"] == 4


def test_french_card_entry():
    # R♥ D♥ V♥ 5♥ + 5♠: K, Q, J each with either 5: 6 fifteens (12), pair of 5s (2),
    # run V-D-R (3), flush of four hearts (4); no nobs (the jack is a heart, the starter a spade) = 21
    result = run_cli("cribbage", "--lang", "fr", "count", "RC", "DC", "VC", "5C", "--starter", "5P")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "R♥ D♥ V♥ 5♥" in lines[0] and "5♠" in lines[0]
    assert lines[-2].startswith("quinze-deux, quinze-quatre")
    assert lines[-1] == "total 21"


def test_lang_can_follow_the_command_and_comes_from_the_environment():
    assert run_cli("cribbage", "count", "RC", "DC", "VC", "5C", "--starter", "5P", "--lang", "fr").returncode == 0
    # The environment sets the language of the output, never the card notation read: 5C is 5♣ on
    # every machine unless --lang fr is given.
    result = run_cli("cribbage", "count", "KH", "QH", "JH", "5H", "--starter", "5S", "--json", COMPANION_LANG="fr")
    assert json.loads(result.stdout)["total"] == 21
    result = run_cli("cribbage", "count", "5C", "5D", "5S", "JH", "--starter", "5H", LANG="fr_CA.UTF-8")
    assert result.returncode == 0 and "5♣" in result.stdout and "total 29" in result.stdout
    assert "quinze-deux" in result.stdout  # the output follows the locale


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("count", "5X", "5D", "5C", "JS", "--starter", "5S"), "'5X'"),
        (("count", "5H", "5H", "5C", "JS", "--starter", "5S"), "5♥ appears twice"),
        (("count", "5H", "5D", "5C", "--starter", "5S"), "4 cards, not 3"),
        (("count", "5H", "5D", "5C", "JS", "--starter", "5H"), "starter 5♥ is also in the hand"),
        (("count", "5H", "5D", "5C", "JS", "--starter", "ZZ"), "'ZZ'"),
        (("peg", "KH", "QD", "JS", "2C"), "32"),
        (("peg", "5H", "6D", "5H"), "5♥ appears twice"),
        (("peg", "go"), "go"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(args, expected):
    line = assert_one_line_error(run_cli("cribbage", *args))
    assert expected in line
    assert line.startswith("companion: error: ")


def test_errors_are_in_french_with_lang_fr():
    line = assert_one_line_error(run_cli("cribbage", "--lang", "fr", "count", "5X", "5D", "5C", "JS",
                                         "--starter", "5S"))
    assert line.startswith("companion: erreur : carte '5X' illisible")
    line = assert_one_line_error(run_cli("cribbage", "peg", "--lang", "fr", "RC", "DK", "VP", "2T"))
    assert "plus de 31" in line


def test_english_card_letters_are_not_french():
    # in French, H is no suit
    assert "'5H'" in assert_one_line_error(run_cli("cribbage", "--lang", "fr", "count", "5H", "5K", "5T", "VP",
                                                   "--starter", "5P"))


def test_usage_errors_exit_2():
    assert run_cli("cribbage", "count", "5H", "5D", "5C", "JS").returncode == 2  # no --starter
    assert run_cli("cribbage").returncode == 2
    assert run_cli("cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S", "--lang", "de").returncode == 2


# ---------------------------------------------------------------- peg

def test_peg_text_output():
    result = run_cli("cribbage", "peg", "7H", "8D", "9S", "7C", "go", "5H")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # 7; 15 for 2; 24 for 3 (7-8-9); 31 for 2 + run 7-8-9 again (3) = 5; go after 31: 0; 5 alone
    assert "15 for 2" in lines[1]
    assert "24 for 3" in lines[2]
    assert "31 for 5" in lines[3]
    assert lines[-1] == "total 10 points"


def test_peg_json_output():
    result = run_cli("cribbage", "peg", "7H", "8D", "9S", "go", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [  # each record also says the player it counts for (1 and 2 in turn)
        {"card": "7H", "count": 7, "points": 0, "items": [], "player": 1},
        {"card": "8D", "count": 15, "points": 2, "items": [{"kind": "fifteen", "points": 2}], "player": 2},
        {"card": "9S", "count": 24, "points": 3, "items": [{"kind": "run", "points": 3}], "player": 1},
        {"card": "go", "count": 24, "points": 1, "items": [{"kind": "go", "points": 1}], "player": 1},
    ]


def test_peg_in_french():
    result = run_cli("cribbage", "--lang", "fr", "peg", "7C", "8K", "go")
    assert result.returncode == 0, result.stderr
    assert "15 pour 2" in result.stdout
    assert "go pour 1" in result.stdout


# ---------------------------------------------------------------- what gets imported

def test_cli_modules_import_neither_textual_nor_sqlite3():
    result = run_python(
        "import sys, contextlib, io\n"
        "import companion.cli.main, companion.games.cribbage.cli\n"
        "assert 'textual' not in sys.modules and 'sqlite3' not in sys.modules, 'on import'\n"
        "companion.cli.main.build_parser()  # every command registered, the serving and export ones too\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    companion.cli.main.main(['cribbage', 'count', '5H', '5D', '5C', 'JS', '--starter', '5S'])\n"
        "    companion.cli.main.main(['cribbage', 'peg', '5H', '5D'])\n"
        "print(sorted(m for m in ('textual', 'sqlite3', 'aiohttp', 'qrcode') if m in sys.modules))\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_cards_and_game_rules_import_no_ui_and_no_storage():
    result = run_python(
        "import importlib, pkgutil, sys\n"
        "import companion.core.cards, companion.games\n"
        "names = [m.name for m in pkgutil.walk_packages(companion.games.__path__, 'companion.games.')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "assert 'companion.games.cribbage.scoring' in names\n"
        "print(sorted(m for m in ('textual', 'sqlite3', 'companion.tui', 'companion.store', 'companion.records')\n"
        "             if m in sys.modules))\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------- in-process: language and the app

def test_default_language():
    assert default_lang({}) == "en"
    assert default_lang({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert default_lang({"COMPANION_LANG": "fr", "LANG": "C"}) == "fr"
    assert default_lang({"COMPANION_LANG": "en", "LANG": "fr_CA.UTF-8"}) == "en"
    assert default_lang({"LANG": "en_US.UTF-8"}) == "en"


def test_no_arguments_starts_the_app(monkeypatch):
    calls = []
    package = types.ModuleType("companion.tui")
    package.__path__ = []
    app = types.ModuleType("companion.tui.app")
    app.run = lambda: calls.append("run")
    monkeypatch.setitem(sys.modules, "companion.tui", package)
    monkeypatch.setitem(sys.modules, "companion.tui.app", app)
    assert companion.cli.main.main([]) == 0
    assert calls == ["run"]


def test_main_in_process_returns_2_on_bad_input(capsys):
    assert companion.cli.main.main(["cribbage", "count", "5X", "5D", "5C", "JS", "--starter", "5S"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1

"""Le 31: the deck as data and the round tally, with piles worked out by hand (SPEC §1.1 and §1.d)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.errors import InconsistencyError, NotationError, SetupError
from companion.games.le31.deck import DEFAULT_DECK, Le31Deck, load_deck
from companion.games.le31.scoring import expected_total, tally

REPO = Path(__file__).resolve().parents[2]
D = DEFAULT_DECK


def cards(text: str):
    return D.parse_many(text)


def the_rest(*piles):
    taken = [c for pile in piles for c in pile]
    rest = D.pack()
    for card in taken:
        rest.remove(card)
    return rest


def test_the_default_deck_is_52_cards_with_13_red_and_four_1s():
    assert D.size == 52 and D.red_cards == 13
    assert sum(1 for c in D.pack() if c.value == 1) == 4
    assert D.red_two.code == "2R" and D.green_ten.code == "10G"
    assert D.round_points() == 11  # 3 + 1 + 1 + 2 + four 1s
    assert (D.deals_per_round(2), D.deals_per_round(4)) == (6, 3)  # 48 cards after the table: 8 or 16 a deal
    assert D.illustration(D.parse("ER")).name == "Estrelizia"


def test_codes_in_both_languages():
    assert D.parse("10g").code == "10G" and D.parse("10V", "fr").code == "10G"  # vert
    assert D.parse("1J", "fr").code == "1Y" and D.label(D.parse("1Y"), "fr") == "1J"  # jaune
    for bad in ("11R", "2X", "", "EE", "x" * 500):
        with pytest.raises(NotationError) as info:
            D.parse(bad)
        assert len(info.value.text("en")) < 120


def test_a_round_worked_out_by_hand():
    # Side A: all 13 red cards, the green 10, the green 1, and 12 more: 27 cards.
    red = cards("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R ER HR OR")
    a = red + cards("10G 1G 2G 3G 4G 5G 6G 7G 8G 9G EG HG OG 2B")
    b = the_rest(a)
    assert (len(a), len(b)) == (27, 25)
    side_a, side_b = tally(D, [a, b])
    # A: most cards 3, most red 1, the red 2 1, the green 10 2, the 1♥-red and green 1: 9. B: the blue and yellow 1: 2.
    assert side_a.points == 9 and side_b.points == 2 and side_a.points + side_b.points == 11
    kinds = [i.kind for i in side_a.items]
    assert kinds.count("most_cards") == 1 and kinds.count("one") == 2 and "green_10" in kinds
    assert [i.card.code for i in side_b.items if i.kind == "one"] == ["1B", "1Y"]


def test_a_tie_for_most_cards_scores_for_nobody_and_recoltes_add():
    a = cards("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R ER HR OR 1G 2G 3G 4G 5G 6G 7G 8G 9G 10G EG HG OG")
    b = the_rest(a)
    assert len(a) == len(b) == 26
    side_a, side_b = tally(D, [a, b], (2, 1))
    # A: most red 1, red 2 1, green 10 2, 1R and 1G 2, two récoltes 2 = 8; B: 1B, 1Y, one récolte = 3.
    assert (side_a.points, side_b.points) == (8, 3)
    assert expected_total(D, [side_a, side_b], (2, 1)) == 11 - 3 + 3 == side_a.points + side_b.points


def test_a_tie_for_red_in_a_deck_with_an_even_number_of_red_cards(tmp_path):
    deck = Le31Deck({"colours": [{"key": "R", "en": "red", "fr": "rouge"}, {"key": "G", "en": "green", "fr": "vert",
                                                                             "fr_key": "V"}],
                     "numbers": {"from": 1, "to": 10}, "illustrations": []})
    assert deck.size == 20 and deck.red_cards == 10 and deck.round_points() == 3 + 1 + 1 + 2 + 2
    a = deck.parse_many("1R 2R 3R 4R 5R 1G 2G 3G 4G 5G 6G")  # 11 cards, 5 red
    b = [c for c in deck.pack() if c not in a]  # 9 cards, 5 red
    side_a, side_b = tally(deck, [a, b])
    # A: most cards 3, red 2 1, 1R and 1G 2 = 6; B: green 10 2. Nobody has most red (5 and 5).
    assert (side_a.points, side_b.points) == (6, 2)
    assert expected_total(deck, [side_a, side_b], (0, 0)) == 9 - 1 == 8
    assert deck.deals_per_round(2) == 2  # 20 - 4 to the table = 16: two deals of 4 each to 2 players
    with pytest.raises(SetupError):
        deck.deals_per_round(3)  # 16 cannot be dealt 4 by 4 to 3 players


def test_piles_that_are_not_the_whole_deck_are_refused():
    a = cards("1R 2R")
    with pytest.raises(InconsistencyError):
        tally(D, [a, the_rest(a)[1:]])
    with pytest.raises(InconsistencyError):
        tally(D, [a + cards("2R"), the_rest(a)])
    with pytest.raises(InconsistencyError):
        tally(D, [a, the_rest(a)], (-1, 0))


@pytest.mark.parametrize("content, why, pourquoi", [
    ("not json", "not JSON (line 1, column 1)", "pas du JSON (ligne 1, colonne 1)"),
    ("[1, 2]", "object", "objet JSON"),
    ('{"colours": [{"key": "RR", "en": "red"}]}', "one letter", "une seule lettre"),
    ('{"colours": [{"key": "R", "en": "red"}, {"key": "R", "en": "rose"}]}', "distinct", "distinctes"),
    ('{"colours": [{"key": "R", "en": "red"}], "numbers": {"from": 0, "to": 12}}', "1 to at most 10", "de 1 à 10"),
    ('{"colours": [{"en": "red"}]}', "the field 'key' is missing", "le champ 'key' manque"),
])
def test_a_broken_deck_file_says_why_in_each_language(tmp_path, content, why, pourquoi):
    path = tmp_path / "deck.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SetupError) as info:
        load_deck(path)
    assert why in info.value.text("en")
    assert pourquoi in info.value.text("fr")  # the reason too, not only the sentence around it


# ------------------------------------------------------------------ the command line contract

def run(*args, **env):
    environ = dict(os.environ, PYTHONPATH=str(REPO), **env)
    environ.pop("COMPANION_LANG", None)
    return subprocess.run([sys.executable, "-m", "companion.cli.main", "le31", *args], capture_output=True, text=True,
                          env=environ, timeout=60)


def test_deck_json_lists_every_card():
    result = run("deck", "--json")
    data = json.loads(result.stdout)
    assert len(data) == 52 and data[1] == {"code": "2R", "colour": "red", "value": 2, "illustration": None}
    assert {"code": "ER", "colour": "red", "value": None, "illustration": "Estrelizia"} in data
    assert len({d["code"] for d in data}) == 52


def test_tally_json_has_the_contract_keys():
    a = "1R 2R 3R 4R 5R 6R 7R 8R 9R 10R ER HR OR 10G 1G 2G 3G 4G 5G 6G 7G 8G 9G EG HG OG 2B"
    b = " ".join(c.code for c in the_rest(cards(a)))
    result = run("tally", "--side", a, "--side", b, "--recoltes", "1,0", "--json")
    data = json.loads(result.stdout)
    assert [side["points"] for side in data["sides"]] == [10, 2]
    assert {"kind": "most_cards", "points": 3} in data["sides"][0]["items"]
    assert all({"kind", "points"} <= set(item) for side in data["sides"] for item in side["items"])


def test_an_empty_side_is_legal():
    everything = " ".join(c.code for c in D.pack())
    data = json.loads(run("tally", "--side", everything, "--side", "", "--json").stdout)
    assert [side["points"] for side in data["sides"]] == [11, 0]


@pytest.mark.parametrize("args", [
    ("tally", "--side", "2R ZZ", "--side", "3R"),
    ("tally", "--side", "2R 2R", "--side", "3R"),
    ("tally", "--side", "2R", "--side", "3R"),
    ("tally", "--side", "2R"),
    ("tally", "--side", "2R", "--side", "3R", "--recoltes", "x"),
    ("deck", "--deck", "/nonexistent/deck.json"),
])
def test_bad_input_is_one_line_and_status_2(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_the_le31_commands_load_no_other_game_nor_the_ui():
    code = ("import sys, io, contextlib, companion.cli.main as c\n"
            "with contextlib.redirect_stdout(io.StringIO()): c.main(['le31', 'deck', '--json'])\n"
            "bad = [m for m in sys.modules if m.startswith(('textual', 'sqlite3', 'companion.tui', "
            "'companion.store', 'companion.games.cribbage.'))]\n"
            "print('BAD', bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO))).stdout
    assert "BAD []" in out


@pytest.mark.parametrize(("table", "hand", "play", "legal", "words"), [
    ("2B 3G 1Y [8: 5R 3Y]", "6R 8G", "6R x 2B 3G 1Y", True, "legal: 6R x 2B 3G 1Y"),
    ("2B 3G 1Y", "6R", "6R x 2B 3G", False, "a 6R cannot take 2B 3G: they do not make groups of 6"),
    ("9R [8*: 5R 3Y]", "6R 8G", "6R -", False, "you own the build of 8: you cannot lay a card down"),
    ("5B 2G", "3R 7Y", "3R > 8 5B", False, "you must hold a card of 8 to build 8"),
    ("5B 2G", "3R 8Y", "3R > 8 5B", True, "legal: 3R > 8 5B"),
    ("9R [8: 5R 3Y]", "2R 10B", "2R ^ 8", True, "legal: 2R ^ 8"),
    ("EB EG", "ER", "ER x EB EG", False, "exactly one card of the same illustration"),
])
def test_check_says_whether_a_play_is_legal_and_why(table, hand, play, legal, words):
    result = run("check", "--table", table, "--hand", hand, "--play", play)
    assert result.returncode == (0 if legal else 1) and words in result.stdout


def test_check_lists_the_readings_of_an_ambiguous_play():
    result = run("check", "--table", "2B 3G 1Y 9R", "--hand", "6R 8G", "--play", "6R", "--json")
    data = json.loads(result.stdout)
    assert data["legal"] is False and set(data["readings"]) == {"6R -", "6R > 8 2B", "6R x 2B 3G 1Y"}
    assert "say which" in data["reason"]


def test_the_deck_described_in_the_docs_is_usable(tmp_path):
    doc = (REPO / "docs" / "le31-deck.md").read_text(encoding="utf-8")
    example = doc.split("```json", 1)[1].split("```", 1)[0]
    path = tmp_path / "deck.json"
    path.write_text(example, encoding="utf-8")
    deck = load_deck(path)
    assert deck.size == 36 and deck.deals_per_round(2) == 4 and deck.deals_per_round(4) == 2  # 3 × (10 + 2)
    result = run("check", "--deck", str(path), "--table", "2B 3G 1R", "--hand", "6R HB", "--play", "6R x 2B 3G 1R")
    assert result.returncode == 0 and "legal" in result.stdout


def test_french_words_of_the_deck_agree_with_the_flowers():
    assert D.describe(D.parse("EB"), "fr") == "Estrelizia bleue" and D.describe(D.parse("EG"), "fr") == "Estrelizia verte"
    assert D.describe(D.parse("ER"), "fr") == "Estrelizia rouge" and D.describe(D.parse("5B"), "fr") == "5 bleu"
    assert D.describe(D.parse("EB"), "en") == "Estrelizia blue"


def test_a_build_for_the_partner_reads_back_in_both_languages():
    from companion.games.le31.notation import describe_play, read_play
    from companion.games.le31.ops import Build

    op = Build(1, D.parse("3R"), (D.parse("5B"),), 8, True)
    for lang in ("en", "fr"):
        text = describe_play(op, D, lang)
        assert text == ("3R > 8 5B partner" if lang == "en" else "3R > 8 5B partenaire")
        assert read_play(text, D, lang, 1) == (op.card, op)

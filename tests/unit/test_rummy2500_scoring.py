"""2500: scoring a brasse, checked against the French text's worked examples and hand-worked cases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.cards import Rank, parse_cards
from companion.core.errors import IllegalMoveError, NotationError
from companion.games.rummy2500.scoring import Group, card_value, check_group, parse_frime, parse_groups, score_brasse

REPO = Path(__file__).resolve().parents[2]


def test_card_values_follow_the_table_of_the_french_text():
    assert [card_value(c, Rank.NINE) for c in parse_cards("AS KS 8S 7S 3S 9S")] == [100, 10, 10, 5, 5, 100]
    assert card_value(parse_cards("AS")[0], Rank.ACE) == 200  # aces wild: 200 each


def test_example_6_of_the_french_text_is_minus_20():
    # A trio of 3s = +15; in hand 7, K, 10, 8 = −35 (8 counts 10, 7 counts 5): −20. (The frime is not among them.)
    score = score_brasse(parse_groups("3S 3H 3D"), parse_cards("7H KD 10S 8C"), Rank.NINE)
    assert (score.laid, score.hand, score.total) == (15, 35, -20)


def test_example_7_of_the_french_text_is_630():
    # Aces wild: three aces 3 × 200, three 7s 15, and 8, 8, 10, 10 laid off 40; in hand 6, J, 5, 4 = 25: 630.
    laid = parse_groups("AS AH AD, 7S 7H 7D, +8S 8H, +10D 10C")
    score = score_brasse(laid, parse_cards("6H JD 5S 4C"), Rank.ACE)
    assert (score.laid, score.hand, score.total) == (655, 25, 630)


# Examples 8 to 10 give the frime (8, worth 100 like the ace) and the totals, not the cards: the cards below are
# one way to reach the text's totals, worked by hand from the table (8s 100, aces 100, 9–K 10, 3–7 5).
def test_example_8_of_the_french_text_laid_430_minus_55_is_375():
    laid = parse_groups("AS AH AD, KS KH 8C, +KD")  # 300 + (10 + 10 + 100) + 10 = 430
    score = score_brasse(laid, parse_cards("QH JD 10S 9C 7H 4D 3S"), Rank.EIGHT)  # 10×4 + 5×3 = 55
    assert (score.laid, score.hand, score.total) == (430, 55, 375)


def test_example_9_of_the_french_text_went_out_with_130():
    score = score_brasse(parse_groups("QS QH 8D, +QC"), [], Rank.EIGHT)  # 10 + 10 + 100, + 10; nothing in hand
    assert (score.laid, score.hand, score.total) == (130, 0, 130)


def test_example_10_of_the_french_text_laid_310_minus_110_is_200():
    laid = parse_groups("AC AD 8S, +JH")  # 100 + 100 + 100, + 10 on another player's jacks
    score = score_brasse(laid, parse_cards("AH 9D"), Rank.EIGHT)  # 100 + 10
    assert (score.laid, score.hand, score.total) == (310, 110, 200)


def test_two_packs_allow_the_same_card_twice():
    score = score_brasse(parse_groups("7H 7H 7S"), parse_cards("7H"), Rank.KING)
    assert score.total == 15 - 5


@pytest.mark.parametrize(("group", "frime", "words"), [
    ("JS QH JD", Rank.EIGHT, "all of one rank"),
    ("JS 8H 8D", Rank.EIGHT, "two natural cards"),  # one natural and two frimes
    ("JS JD", Rank.EIGHT, "at least three cards"),
    ("JS JD 2C", Rank.EIGHT, "without the 2s"),
])
def test_groups_that_are_refused_say_why(group, frime, words):
    with pytest.raises(IllegalMoveError) as info:
        check_group(parse_groups(group)[0], frime)
    assert words in info.value.text("en") and info.value.text("fr") != info.value.text("en")


def test_groups_that_stand():
    check_group(parse_groups("8S 8H 8D")[0], Rank.EIGHT)  # a trio of frime-rank cards
    check_group(parse_groups("JS JH 8D 8C")[0], Rank.EIGHT)  # two naturals and any number of frimes
    check_group(parse_groups("+7H")[0], Rank.EIGHT)  # a lay-off
    check_group(Group(tuple(parse_cards("8H")), True), Rank.EIGHT)  # a frime laid off on a trio of frimes
    with pytest.raises(IllegalMoveError):
        check_group(parse_groups("+7H JS")[0], Rank.EIGHT)


def test_the_frime_is_a_rank():
    assert parse_frime("8") == Rank.EIGHT and parse_frime("a") == Rank.ACE and parse_frime("R", "fr") == Rank.KING
    for bad in ("2", "Z", "8H"):
        with pytest.raises(NotationError):
            parse_frime(bad)


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("COMPANION_LANG", None)
    return subprocess.run([sys.executable, "-m", "companion.cli.main", "2500", *args], capture_output=True, text=True,
                          env=env, timeout=60)


def test_command_line_json_contract():
    result = run("score", "--frime", "8", "--laid", "JS JH JD, 6C 6S 8H", "--hand", "7H KD 10S 8C", "--json")
    data = json.loads(result.stdout)
    assert (data["total"], data["laid"], data["hand"]) == (15, 140, 125)


@pytest.mark.parametrize("args", [
    ("score", "--frime", "8", "--laid", "JS QH JD"), ("score", "--frime", "8", "--laid", "JS 8H 8D"),
    ("score", "--frime", "8", "--laid", "JS JH 2D"), ("score", "--frime", "2", "--laid", "JS JH JD"),
    ("score", "--frime", "8", "--laid", "JS JH ZZ"), ("score", "--laid", "JS JH JD"),
])
def test_bad_input_is_one_line_and_status_2(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1

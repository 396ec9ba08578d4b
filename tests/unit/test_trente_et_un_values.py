"""Trente-et-un hand values and showdowns, worked out by hand (SPEC §2.d, §3.d, and the issue's decisions)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.cards import parse_cards
from companion.core.errors import IllegalMoveError
from companion.games.trente_et_un.scoring import (
    BANKER,
    KNOCK,
    ValueRules,
    check_hand,
    hand_value,
    losers,
    winners,
)

REPO = Path(__file__).resolve().parents[2]


H = parse_cards


def v(text: str, rules=KNOCK):
    return hand_value(parse_cards(text), rules)


@pytest.mark.parametrize(("hand", "value", "combination"), [
    ("AH KH QH", 31, "tierce_majeure"),  # A-K-Q of one suit
    ("AH KH JH", 31, "trente_et_un"),  # 11 + 10 + 10
    ("AH 10H JH", 31, "trente_et_un"),
    ("7S 7D 7C", 30.5, "brelan"),
    ("AH AD AS", 30.5, "brelan"),  # not 33: three of a kind
    ("KS 5S 4D", 15, "points"),  # K + 5 in spades; the 4♦ does not count
    ("AH 9H 2C", 20, "points"),
    ("2S 3D 4C", 4, "points"),  # three suits: the best single card
    ("AS KS 9S", 30, "points"),  # 11 + 10 + 9
])
def test_knock_game_values(hand, value, combination):
    result = v(hand)
    assert (result.value, result.combination) == (value, combination)


def test_banker_game_values_have_no_tierce_and_no_brelan():
    assert (v("AH KH QH", BANKER).value, v("AH KH QH", BANKER).combination) == (31, "trente_et_un")
    assert (v("7S 7D 7C", BANKER).value, v("7S 7D 7C", BANKER).combination) == (7, "points")
    with pytest.raises(IllegalMoveError):
        check_hand(parse_cards("2S 3S 4S"), "banker")  # a 2 to 6 is not in the 32-card pack
    check_hand(parse_cards("2S 3S 4S"), "banker", deck52=True)


def test_thirty_one_with_figures_only_by_house_rule():
    strict = ValueRules(thirty_one_needs_figures_only=True)
    assert v("AH 10H JH", strict).combination == "points" and v("AH KH JH", strict).combination == "trente_et_un"


def test_ranking_and_tie_breaks():
    assert winners([parse_cards("AH KH QH"), parse_cards("AS KS JS")]) == [0]  # tierce majeure > 31
    assert winners([parse_cards("AS KS JS"), parse_cards("7S 7D 7C")]) == [0]  # 31 > brelan
    assert winners([parse_cards("7S 7D 7C"), parse_cards("AC KC 9C")]) == [0]  # brelan 30½ > 30 points
    assert winners([parse_cards("8S 8D 8C"), parse_cards("7H 7D 7C")[:2] + parse_cards("7S")]) == [0]  # brelans by rank
    assert winners([parse_cards("AH KH QH"), parse_cards("AS KS QS")]) == [0, 1]  # two tierces share
    assert winners([parse_cards("AS KS JS"), parse_cards("AH QH JH")]) == [0]  # 31 against 31: K beats Q
    # Equal totals compare the counted cards, highest first:
    assert winners([parse_cards("KS 5S 2D"), parse_cards("QH 5H 3C")]) == [0]  # 15 each: K > Q
    assert winners([parse_cards("KS 5S 4D"), parse_cards("KH 5H 3C")]) == [0, 1]  # outside cards never count
    # Two suits of one hand with the same total: the suit whose cards rank higher counts.
    assert [c.code for c in v("KS 2H 8H").counted] == ["KS"]  # 10 in spades, 10 in hearts: K outranks 8-2
    assert [c.code for c in v("KS QH 10D").counted] == ["KS"]  # 10, 10, 10: the king ranks highest


def test_banker_showdown_all_tied_lowest_lose_and_31_never_loses():
    hands = [parse_cards(h) for h in ("AH KH QH", "7S 8D 9C", "10S JS 7H", "7C 8C 9D", "9S 8H 7D")]
    assert losers(hands) == [1, 4]  # 9 and 9: both lowest, both lose (9♣ vs 9♠: equal, shared)
    assert losers([parse_cards("AH KH JH"), parse_cards("AS KS JS")]) == []  # two 31s: nobody loses


def test_banker_ties_of_total_all_lose_whatever_the_ranks():
    # French text 002: « Si plusieurs personnes ont le même nombre de points, celles-ci ont toutes perdu. »
    # K♥ alone counts 10 (7♠ 8♦ are lone cards of other suits); 10♣ alone counts 10; A♦ 9♦ count 20.
    hands = [parse_cards(h) for h in ("KH 7S 8D", "10C 7H 8S", "AD 9D 7C")]
    assert losers(hands) == [0, 1]  # K and 10 rank differently, but 10 = 10: both lose
    # Two suits of 15 against a 15 made of lower ranks: still a tie.
    assert losers([parse_cards("KS 5S 2D"), parse_cards("9H 6H 7C"), parse_cards("AC KC 7D")]) == [0, 1]
    # The knock game keeps its rank tie-break (SPEC §2.d): K beats 10 for the win.
    assert winners([parse_cards("KH 7S 8D"), parse_cards("10C 7H 8S")]) == [0]


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("COMPANION_LANG", None)
    return subprocess.run([sys.executable, "-m", "companion.cli.main", "trente-et-un", *args], capture_output=True,
                          text=True, env=env, timeout=60)


def test_command_line_json_contract():
    assert json.loads(run("value", "AH", "KH", "QH", "--json").stdout) == {"value": 31, "combination": "tierce_majeure"}
    assert json.loads(run("value", "AH", "KH", "QH", "--game", "banker", "--json").stdout) == {
        "value": 31, "combination": "trente_et_un"}
    assert json.loads(run("value", "7S", "7D", "7C", "--json").stdout) == {"value": 30.5, "combination": "brelan"}
    assert json.loads(run("showdown", "--game", "knock", "AH KH QH", "7S 7D 7C", "--json").stdout) == {"winners": [0]}
    assert json.loads(run("showdown", "--game", "banker", "AH KH QH", "7S 8D 9C", "10S JS 7H", "7C 8C 9D",
                          "9S 8H 7D", "--json").stdout) == {"losers": [1, 4]}
    assert json.loads(run("showdown", "--game", "banker", "KH 7S 8D", "10C 7H 8S", "AD 9D 7C",
                          "--json").stdout) == {"losers": [0, 1]}


def test_the_showdown_in_words_counts_hands_from_one_as_typed():
    """The JSON's indices count from 0 (its contract); the lines a person reads count the hands as typed."""
    env_fr = ("--lang", "fr")
    assert run("showdown", "--game", "knock", "AH KH QH", "7S 7D 7C").stdout.splitlines() == [
        "hand 1: A♥ K♥ Q♥ — a tierce majeure (A-K-Q of hearts)", "hand 2: 7♠ 7♦ 7♣ — a brelan of 7s, 30½",
        "winner: hand 1"]  # a count agreed, not « winner(s) »
    # By hand: 31 in hearts, then 9, 20, 15 and 9: the two 9s (hands 2 and 5) lose.
    lines = run("showdown", "--game", "banker", "AC RC DC", "7P 8K 9T", "10P VP 7C", "7T 8T 9K", "9P 8C 7K",
                *env_fr).stdout.splitlines()
    assert lines[0].startswith("main 1 : ") and lines[-1] == "perdants : mains 2, 5"


@pytest.mark.parametrize("args", [
    ("value", "AH", "AH", "KH"), ("value", "AH", "KH"), ("value", "AH", "KH", "QH", "JH"),
    ("value", "2S", "3S", "4S", "--game", "banker"), ("value", "AH", "KH", "QH", "--game", "poker"),
    ("showdown", "AH KH QH", "AH 7D 8C"), ("value", "ZZ", "KH", "QH"),
])
def test_bad_input_is_one_line_and_status_2(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") <= 1


def test_house_rules_a_tierce_in_sequence_and_the_literal_any_suit_count():
    seq = ValueRules(sequence=True)
    assert (v("9H 10H JH", seq).combination, v("9H 10H JH", seq).value) == ("sequence", 29)
    assert winners([H("9H 10H JH"), H("AS KS 9S")], seq) == [0]  # a tierce beats 30 points
    assert winners([H("7S 7D 7C"), H("9H 10H JH")], seq) == [0]  # a brelan beats a tierce
    assert v("9H 10H JH").combination == "points"  # off by default
    literal = ValueRules(any_suit=True)
    assert v("AH KS 10D", literal).value == 31 and v("AH KS 10D", literal).combination == "trente_et_un"
    assert v("AH AS AD", ValueRules(any_suit=True, brelan=False)).value == 29  # 33 is two away from 31


def test_the_banker_game_can_turn_to_the_left():
    from companion.games.base import Setup
    from companion.games.trente_et_un.engine import BankerMatch, showdown_of
    from companion.games.trente_et_un.rules import BankerRules

    right = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(), 0))
    left = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(direction="left"), 0))
    for m in (right, left):
        m.apply(showdown_of([H("AH KH QH"), H("7S 8D 9C"), H("KC QC JC")]))
    assert (right.dealer, left.dealer) == (2, 1)


def test_combinations_said_as_a_french_table_says_them():
    assert v("JS JD JC").said().text("fr") == "un brelan de valets, 30½"
    assert v("AS AD AC").said().text("fr") == "un brelan d'as, 30½"
    assert v("7S 7D 7C").said().text("en") == "a brelan of 7s, 30½"

"""`companion selfplay --rule NAME=VALUE`: computers play under house rules (the Trente-et-un lives mode's chance
could not be calibrated without it), each rule read by its default's type and checked by the game's rules."""

import json

import pytest

from companion.core.errors import SetupError
from companion.games.selfplay import new_match, play_game, read_rules


def test_a_rule_is_read_by_the_type_of_its_default():
    rules = read_rules("trente-et-un", ["scoring_mode=lives", "tokens=5"], 2)
    assert (rules.scoring_mode, rules.tokens) == ("lives", 5)
    assert read_rules("cribbage", ["muggins=oui"], 2).muggins is True
    assert read_rules("cribbage", ["muggins=no"], 2).muggins is False
    assert read_rules("cribbage", ["target=61"], 2).target == 61


@pytest.mark.parametrize("given", ["colour=red", "tokens", "tokens=", "players=3"])
def test_an_unknown_rule_is_refused_with_the_rules_the_game_has(given):
    with pytest.raises(SetupError) as refused:
        read_rules("trente-et-un", [given], 2)
    assert "scoring_mode" in refused.value.text("en") and "parmi les règles de" in refused.value.text("fr")


@pytest.mark.parametrize("given", ["tokens=9", "scoring_mode=vies", "tokens=three"])
def test_a_value_the_rule_cannot_take_is_refused(given):
    with pytest.raises(SetupError):
        read_rules("trente-et-un", [given], 2)


def test_the_match_is_played_under_the_rules_given():
    lives = read_rules("trente-et-un", ["scoring_mode=lives", "tokens=1"], 2)
    assert new_match("trente-et-un", ("normal", "normal"), 5, 0, lives).lives_mode
    assert not new_match("trente-et-un", ("normal", "normal"), 5, 0).lives_mode
    # One life each: the first deal's loser is out, so the match is that deal (its record counts one deal each).
    record = play_game("trente-et-un", ("normal", "normal"), 5, 0, lives)
    assert [count["won"] for count in record.counts] == [1, 1]


def test_selfplay_says_its_house_rules_and_json_adds_them_last(capsys):
    from companion.cli.main import main

    assert main(["selfplay", "--game", "trente-et-un", "--a", "normal", "--b", "normal", "--games", "2",
                 "--jobs", "1", "--rule", "scoring_mode=lives", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert list(result)[-1] == "rules" and result["rules"] == {"scoring_mode": "lives"}
    assert main(["selfplay", "--game", "trente-et-un", "--a", "normal", "--b", "normal", "--games", "2",
                 "--jobs", "1", "--rule", "scoring_mode=lives"]) == 0
    assert "house rules: scoring_mode=lives" in capsys.readouterr().out
    assert main(["selfplay", "--game", "trente-et-un", "--a", "normal", "--b", "normal", "--games", "2",
                 "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == {}
    assert main(["--lang", "fr", "selfplay", "--game", "trente-et-un", "--a", "normal", "--b", "normal",
                 "--rule", "scoring_mode=vies"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "scoring_mode='vies'" in said[0]

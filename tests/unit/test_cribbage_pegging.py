"""The play. Points are worked out by hand in the comments."""

import pytest

from companion.core.cards import parse_cards
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.games.cribbage.cli import peg_sequence
from companion.games.cribbage.pegging import can_play, peg_points, verify_play
from companion.games.cribbage.rules import CribbageRules


def peg(cards: str, rules: CribbageRules | None = None):
    return peg_points(parse_cards(cards)) if rules is None else peg_points(parse_cards(cards), rules)


def kinds(result) -> dict[str, int]:
    return {item.kind: item.points for item in result.items}


def test_fifteen_scores_2():
    # 7 + 8 = 15
    result = peg("7H 8D")
    assert (result.count, result.points, kinds(result)) == (15, 2, {"fifteen": 2})


def test_thirty_one_scores_2():
    # 10 + 10 + 5 + 6 = 31; Q-5-6 is no run, no pair
    result = peg("KH QD 5S 6C")
    assert (result.count, result.points, kinds(result)) == (31, 2, {"thirty_one": 2})


def test_pair_scores_2():
    result = peg("4H 4D")
    assert (result.count, result.points) == (8, 2)


def test_pair_royal_scores_6():
    # three pairs among three 4s
    assert peg("4H 4D 4S").points == 6


def test_double_pair_royal_scores_12():
    # six pairs among four 4s; count 16
    result = peg("4H 4D 4S 4C")
    assert (result.count, result.points) == (16, 12)


def test_a_pair_must_be_with_the_previous_card():
    # 4 9 4: the 4s are not adjacent
    assert peg("4H 9D 4S").points == 0


def test_run_played_out_of_order_scores_on_the_last_card():
    # A 4 6 5: count 16; the last three 4 6 5 are a run of 3; A-4-5-6 is not a run
    result = peg("AH 4H 6D 5S")
    assert (result.count, kinds(result)) == (16, {"run": 3})
    # 4 6 5 alone: count 15 as well, so 2 for fifteen and 3 for the run
    assert kinds(peg("4H 6D 5S")) == {"fifteen": 2, "run": 3}


@pytest.mark.parametrize("extension", ["3C", "7C"])
def test_run_extended_at_either_end_scores_4(extension):
    # A 4 6 5 then 3 (count 19) or 7 (count 23): the last four cards make 3-4-5-6 or 4-5-6-7
    result = peg(f"AH 4H 6D 5S {extension}")
    assert kinds(result) == {"run": 4}


def test_run_broken_by_a_pair_does_not_score():
    # 4 5 5 6: the last three are 5 5 6 (not distinct), the last four 4 5 5 6 (not distinct)
    assert peg("4H 5D 5S 6C").points == 0


def test_king_ace_two_is_not_a_run_but_ace_two_three_is():
    assert peg("KH AD 2S").points == 0
    assert kinds(peg("AH 2D 3S")) == {"run": 3}


def test_runs_never_span_a_reset_at_31():
    # K 2 9 10 = 31 (2 for 31); then J starts a new count: 9-10-J across the reset is no run
    records = peg_sequence("KH 2S 9D 10C JH".split(), "en")
    assert [(r["count"], r["points"]) for r in records] == [(10, 0), (12, 0), (21, 0), (31, 2), (10, 0)]


def test_runs_never_span_a_go():
    # 9 10 then go (1 for the go); J starts a new count
    records = peg_sequence("9D 10C go JH".split(), "en")
    assert [(r["card"], r["count"], r["points"]) for r in records] == [
        ("9D", 9, 0), ("10C", 19, 0), ("go", 19, 1), ("JH", 10, 0)]


def test_go_after_31_scores_nothing_more():
    records = peg_sequence("KH 2S 9D 10C go".split(), "en")
    assert [r["points"] for r in records] == [0, 0, 0, 2, 0]


def test_go_with_nothing_played_is_rejected():
    with pytest.raises(IllegalMoveError):
        peg_sequence(["go"], "en")
    with pytest.raises(IllegalMoveError):
        peg_sequence("5H go go".split(), "en")


def test_card_played_twice_is_an_inconsistency():
    with pytest.raises(InconsistencyError) as info:
        peg_sequence("5H 6D 5H".split(), "en")
    assert "5♥" in info.value.text("en") and "5♥" in info.value.text("fr")


def test_count_over_31_is_rejected():
    # 10 + 10 + 10 + 2 = 32
    with pytest.raises(IllegalMoveError) as info:
        peg("KH QD JS 2C")
    assert "32" in info.value.text("en") and "32" in info.value.text("fr")
    assert not can_play(parse_cards("2C")[0], 30)
    assert can_play(parse_cards("AC")[0], 30)
    with pytest.raises(IllegalMoveError):
        verify_play(parse_cards("2C")[0], 30)
    with pytest.raises(IllegalMoveError):
        peg_sequence("KH QD JS 2C".split(), "en")


def test_without_pair_royal_each_pairing_card_scores_2():
    rules = CribbageRules(pegging_pair_royal=False)
    assert peg("4H 4D 4S", rules).points == 2
    assert peg("4H 4D 4S 4C", rules).points == 2
    assert peg("4H 4D", rules).points == 2


def test_four_of_a_kind_rule_applies_in_play():
    assert peg("4H 4D 4S 4C", CribbageRules(four_of_a_kind=8)).points == 8


def test_announcements_in_both_languages():
    fifteen = peg("7H 8D")
    assert fifteen.announce("en").startswith("15 for 2")
    assert fifteen.announce("fr").startswith("15 pour 2")
    # the booklet's example: 7, 6, 8 makes 21 and a run of three
    run = peg("7H 6D 8S")
    assert run.announce("en") == "21 for 3 (a run of 3)"
    assert run.announce("fr") == "21 pour 3 (une suite de 3)"
    assert peg("7H 6D").announce("en") == "13"


def test_peg_sequence_announces_go_in_both_languages():
    assert peg_sequence("9D go".split(), "en")[-1]["announce"] == "go for 1"
    assert peg_sequence("9K go".split(), "fr")[-1]["announce"] == "go pour 1"


def test_a_player_saying_go_in_the_middle_of_a_count_is_written_pass():
    import json
    import subprocess
    import sys

    def peg(*tokens):
        out = subprocess.run([sys.executable, "-m", "companion.cli.main", "cribbage", "peg", *tokens, "--json"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    # Worked by hand: A 10♠, B 10♥ (20, a pair: B 2), A 9♣ (29), B cannot play (pass), A 2♦ makes 31: A 2.
    records = peg("10S", "10H", "9C", "pass", "2D")
    assert [r["player"] for r in records] == [1, 2, 1, 2, 1]
    assert [r["points"] for r in records] == [0, 2, 0, 0, 2]
    assert set(records[0]) == {"card", "count", "points", "items", "player"}
    # A 7♥, B 6♦ (13), A 8♠ (21, a run of three: A 3), B says go, A 2♣ (23), then nobody: A 1 for the last card.
    records = peg("7H", "6D", "8S", "pass", "2C", "go")
    totals = [sum(r["points"] for r in records if r["player"] == p) for p in (1, 2)]
    assert totals == [4, 0]


def _json_records(*args: str) -> list[dict]:
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "companion.cli.main", "cribbage", "peg", *args, "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_player_who_passed_is_skipped_until_the_count_starts_again():
    # Worked by hand: A 10♥, B 10♦ (20, a pair: B 2), A 5♣ (25), B says go, so A plays on alone:
    # A 5♠ (30, a pair: A 2), A A♥ (31: A 2). A 4, B 2.
    records = _json_records("10H", "10D", "5C", "pass", "5S", "AH")
    assert [r["player"] for r in records] == [1, 2, 1, 2, 1, 1]
    assert [r["points"] for r in records] == [0, 2, 0, 0, 2, 2]
    assert [set(r) for r in records] == [{"card", "count", "points", "items", "player"}] * 6
    totals = [sum(r["points"] for r in records if r["player"] == p) for p in (1, 2)]
    assert totals == [4, 2]


def test_with_three_players_a_pass_skips_one_and_the_left_of_the_last_card_leads_the_next_count():
    # Worked by hand, players A B C:
    #   A 10♥ (10), B 10♦ (20, pair: B 2), C says go, A 5♣ (25), B 6♠ (31: B 2)
    #   the count starts again; B played last, so C leads: C 7♥ (7), A 8♥ (15: A 2), B says go,
    #   C 9♥ (24, a run of 7 8 9: C 3), A says go, C 2♦ (26), go: C 1 for the last card
    #   the count starts again; C played last, so A leads: A K♥ (10).
    tokens = "10H 10D pass 5C 6S 7H 8H pass 9H pass 2D go KH".split()
    records = peg_sequence(tokens, "en", players=3)
    assert [r["player"] + 1 for r in records] == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 3, 3, 1]
    assert [r["points"] for r in records] == [0, 2, 0, 0, 2, 0, 2, 0, 3, 0, 0, 1, 0]
    assert [r["count"] for r in records] == [10, 20, 20, 25, 31, 7, 15, 15, 24, 24, 26, 26, 10]
    totals = [sum(r["points"] for r in records if r["player"] == p) for p in range(3)]
    assert totals == [2, 4, 4]
    assert _json_records("--players", "3", *tokens) == [
        {k: r[k] for k in ("card", "count", "points", "items")} | {"player": r["player"] + 1} for r in records]


def test_a_pass_when_every_other_player_has_passed_asks_for_go():
    # B said go, then A cannot play either: that is a go, not a pass.
    with pytest.raises(IllegalMoveError) as refused:
        peg_sequence("10H 10D 5C pass pass".split(), "en")
    assert "go" in refused.value.msg.en

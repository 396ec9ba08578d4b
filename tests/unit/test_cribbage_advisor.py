"""The exact discard advisor, checked against a hand worked by hand and against brute force over every real
card (an enumeration that shares nothing with the advisor's counting but ``hand_score``, itself checked against
the published distribution); and the command line's JSON contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from companion.core.cards import parse_cards, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import hand_score

REPO = Path(__file__).resolve().parents[2]
G = parse_cards


def brute(hand, away, rules=DEFAULT_RULES):
    """Mean hand over every starter, mean crib over every opponent pair (or trio) and starter: card by card."""
    unseen = [c for c in standard_deck() if c not in hand]
    keep = [c for c in hand if c not in away]
    mean_hand = sum(hand_score(keep, s, False, rules) for s in unseen) / len(unseen)
    total = n = 0
    for others in combinations(unseen, 4 - len(away)):
        crib = [*away, *others]
        for s in unseen:
            if s not in others:
                total += hand_score(crib, s, True, rules)
                n += 1
    return mean_hand, total / n


def test_four_fives_kept_average_22_43_worked_by_hand():
    # Keep 5 5 5 5: 12 for the double pair royal + four fifteens of three 5s (8) = 20 with any starter, and 28
    # with a ten-card (four more fifteens). Unseen: 46 cards, 14 of them ten-cards (the two jacks are held).
    options = analyse(G("5H 5D 5S 5C JH JD"), dealer=True)
    four_fives = next(o for o in options if set(o.discard) == set(G("JH JD")))
    assert four_fives.hand == pytest.approx((14 * 28 + 32 * 20) / 46)
    assert options[0] is four_fives and four_fives.net == pytest.approx(four_fives.hand + four_fives.crib)


@pytest.mark.parametrize(("hand", "away", "rules"), [
    ("5H 5D JS QC 4S 6D", "JS QC", DEFAULT_RULES),
    ("7H 8H 9H 10H JH 2C", "JH 2C", DEFAULT_RULES),  # a flush kept, a jack laid away
    ("7H 8H 9H 10H JH 2C", "7H 8H", CribbageRules.profile("booklet")),  # four of five of a suit, no nobs
])
def test_two_cards_laid_away_match_brute_force(hand, away, rules):
    option = next(o for o in analyse(G(hand), dealer=False, rules=rules) if set(o.discard) == set(G(away)))
    mean_hand, mean_crib = brute(G(hand), G(away), rules)
    assert option.hand == pytest.approx(mean_hand, abs=1e-12) and option.crib == pytest.approx(mean_crib, abs=1e-12)
    assert option.net == pytest.approx(mean_hand - mean_crib)


@pytest.mark.slow
def test_every_option_of_a_six_and_a_five_card_hand_matches_brute_force():
    for hand in ("5H 5D JS QC 4S 6D", "JH 5S 6H 7H 8H"):
        for option in analyse(G(hand), dealer=True):
            mean_hand, mean_crib = brute(G(hand), option.discard)
            assert option.hand == pytest.approx(mean_hand, abs=1e-12)
            assert option.crib == pytest.approx(mean_crib, abs=1e-12)


def test_options_are_every_discard_sorted_best_first():
    options = analyse(G("5H 5D JS QC 4S 6D"), dealer=True)
    assert len(options) == 15 and len({frozenset(o.discard) for o in options}) == 15
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
    assert len(analyse(G("5H 5D JS QC 4S"), dealer=False)) == 5


def test_bad_hands_are_refused():
    with pytest.raises(IllegalMoveError):
        analyse(G("5H 5D JS QC"), dealer=True)
    with pytest.raises(InconsistencyError):
        analyse(G("5H 5H JS QC 4S 6D"), dealer=True)


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "C", "COMPANION_LANG": "en"}
    return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=60)


def test_command_line_json_contract():
    done = _cli("cribbage", "discard", "5H", "5D", "JS", "QC", "4S", "6D", "--dealer", "--json")
    assert done.returncode == 0, done.stderr
    options = json.loads(done.stdout)["options"]
    assert len(options) == 15
    best = options[0]
    assert {"discard", "hand", "crib", "net"} <= set(best)
    assert best["discard"] == ["JS", "QC"] and best["hand"] == 15.96 and best["crib"] == 4.71 and best["net"] == 20.67
    pone = json.loads(_cli("cribbage", "discard", "5H", "5D", "JS", "QC", "4S", "6D", "--pone", "--json",
                           "--crib-model", "uniform").stdout)["options"]
    assert pone[0]["net"] == round(pone[0]["hand"] - pone[0]["crib"], 2)


@pytest.mark.parametrize("args", [
    ("5H", "5D", "JS", "QC", "--dealer"),  # four cards
    ("5H", "5H", "JS", "QC", "4S", "6D", "--dealer"),  # a card twice
    ("5H", "5D", "JS", "QC", "4S", "6D"),  # neither --dealer nor --pone
    ("5H", "5D", "JS", "QC", "4S", "6D", "--dealer", "--pone"),  # both
])
def test_bad_input_is_one_line_and_status_2(args):
    done = _cli("cribbage", "discard", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


# ---------------------------------------------------------------- the players' crib model (issue 29)

def brute_weighted(hand, away, f, rules=DEFAULT_RULES):
    """The mean crib when the opponent lays away each pair of unseen cards with weight f[rank][rank], card by
    card: every pair (both orders) and every starter among the rest."""
    unseen = [c for c in standard_deck() if c not in hand]
    total = weight = 0.0
    for c in unseen:
        for d in unseen:
            if c is d:
                continue
            w = f[int(c.rank)][int(d.rank)]
            for s in unseen:
                if s is not c and s is not d:
                    total += w * hand_score([*away, c, d], s, True, rules)
                    weight += w
    return total / weight


@pytest.mark.parametrize(("hand", "away", "dealer", "rules"), [
    ("5H 5D JS QC 4S 6D", "5H 5D", True, DEFAULT_RULES),
    ("7H 8H 9H 10H JH 2C", "JH 2C", False, DEFAULT_RULES),  # a jack laid away, flush suits in the hand
    ("7H 8H 9H 10H JH 2C", "7H 8H", False, CribbageRules.profile("booklet")),
])
def test_the_players_crib_model_is_exact_for_its_weights(hand, away, dealer, rules):
    from companion.games.cribbage.throws import weights

    options = analyse(G(hand), dealer=dealer, rules=rules, crib_model="players")
    option = next(o for o in options if set(o.discard) == set(G(away)))
    f = weights("pone" if dealer else "dealer")  # the opponent's role
    assert option.crib == pytest.approx(brute_weighted(G(hand), G(away), f, rules), abs=1e-9)
    uniform = next(o for o in analyse(G(hand), dealer=dealer, rules=rules) if set(o.discard) == set(G(away)))
    assert option.hand == uniform.hand


def test_the_uniform_model_stays_the_default_and_players_throw_as_their_role_wants():
    hand = G("5H 5D JS QC 4S 6D")
    for dealer in (True, False):
        default = analyse(hand, dealer)
        assert [o.to_json() for o in default] == [o.to_json() for o in analyse(hand, dealer, crib_model="uniform")]
    from companion.games.cribbage.throws import weights

    # A dealer gives his own crib fives and fifteens, a pone keeps them away from it.
    assert weights("dealer")[5][10] > 1 > weights("pone")[5][10] and weights("pone")[5][5] < 0.5
    for dealer, sign in ((True, -1), (False, 1)):  # my crib from a pone's throw: less; his from his own: more
        uniform = analyse(hand, dealer)
        players = {frozenset(o.discard): o.crib for o in analyse(hand, dealer, crib_model="players")}
        shift = sum(players[frozenset(o.discard)] - o.crib for o in uniform) / len(uniform)
        assert sign * shift > 0.05
    assert len(analyse(G("5H 5D JS QC 4S"), dealer=True, crib_model="players")) == 5  # five cards: uniform


def test_command_line_crib_model_players_keeps_the_json_keys():
    args = ("cribbage", "discard", "5H", "5D", "JS", "QC", "4S", "6D", "--dealer", "--json")
    uniform = json.loads(_cli(*args).stdout)
    players = json.loads(_cli(*args, "--crib-model", "players").stdout)
    assert set(players) == set(uniform) == {"dealer", "crib_model", "options"}
    assert uniform["crib_model"] == "uniform" and players["crib_model"] == "players"
    assert [set(o) for o in players["options"]] == [set(o) for o in uniform["options"]]
    assert {tuple(o["discard"]): o["crib"] for o in players["options"]} != \
        {tuple(o["discard"]): o["crib"] for o in uniform["options"]}
    five = json.loads(_cli("cribbage", "discard", "5H", "5D", "JS", "QC", "4S", "--pone", "--json", "--crib-model",
                           "players").stdout)
    assert five["crib_model"] == "uniform"
    text = _cli("cribbage", "discard", "5H", "5D", "JS", "QC", "4S", "6D", "--dealer", "--crib-model", "players")
    assert text.returncode == 0 and "crib model" in text.stdout


def test_a_play_hint_with_no_deal_that_fits_says_so_and_not_that_one_rank_fits(monkeypatch):
    """A table's slip (what the others played fits no deal of the unseen cards) leaves no search: the hint says
    that, and « the only rank that fits » stays for a hand with one playable rank."""
    from companion.games.base import Setup
    from companion.games.cribbage import hard
    from companion.games.cribbage.advice import HINT_NO_DEAL, HINT_ONE_RANK, play_hint
    from companion.games.cribbage.engine import CribbageMatch
    from companion.games.cribbage.players import next_op

    match = CribbageMatch(Setup(("A", "B"), DEFAULT_RULES, 0, "virtual", 5))
    while match.phase != "play":
        match.apply(next_op(match, ["normal", "normal"]))
    seat = next(iter(match.awaiting()))
    playable = [c for c in match.hand(seat) if match.count + min(int(c.rank), 10) <= 31]
    assert len({c.rank for c in playable}) > 1
    monkeypatch.setattr(hard, "search_play", lambda view, rng: hard.PlaySearch(((playable[0], 0.0),), 0, False))
    hint = play_hint(match, seat)
    assert hint is not None and HINT_NO_DEAL.text("en") in hint.text("en")
    assert HINT_ONE_RANK.text("en") not in hint.text("en")

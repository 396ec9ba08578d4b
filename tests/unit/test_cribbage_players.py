"""The computer players: legal moves only, decisions that never depend on a hidden card, seeded games that
replay exactly, and the self-play command's output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.cards import standard_deck
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.players import LEVELS, choose_discard, choose_play, play_out, play_turn, position_rng
from companion.games.cribbage.rules import CribbageRules
from companion.games.selfplay import run, wilson

REPO = Path(__file__).resolve().parents[2]


def virtual(seed: int, players: int = 2) -> CribbageMatch:
    names = tuple(f"P{i}" for i in range(players))
    return CribbageMatch(Setup(names, CribbageRules(players=players), 0, "virtual", seed))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_by_the_engine_checks(level, players):
    # Every move goes through the engine's verify: a single illegal discard or play would raise.
    levels = [level] + ["normal"] * (players - 1)
    m = play_out(virtual(11, players), levels=levels)
    assert m.phase == "match_over" and max(m.scores) >= 121


def test_decisions_do_not_depend_on_the_hidden_cards():
    m = virtual(5)
    while not (m.phase == "play" and m.turn == 0 and len(m.playable(0)) > 1 and m.current):
        play_turn(m, levels=("normal", "normal"))
    choices = {level: choose_play(m, 0, level) for level in LEVELS}
    # Give the opponent other cards (unseen by seat 0, and legal with what it has played): same decisions.
    d = m.d
    seen = set(d.kept[0]) | {d.starter} | {c for p in d.played for c in p}
    unseen = [c for c in standard_deck() if c not in seen and c not in d.hands[1]]
    d.hands[1] = unseen[:len(d.hands[1])]
    assert {level: choose_play(m, 0, level) for level in LEVELS} == choices


def test_the_discard_of_each_level_is_two_cards_of_the_hand_and_hard_follows_the_advisor():
    from companion.games.cribbage.advisor import analyse

    m = virtual(3)
    m.apply(m.make_deal())
    hand = m.hand(1)
    for level in LEVELS:
        away = choose_discard(m, 1, level, position_rng(m, 1))
        assert len(away) == 2 and set(away) <= set(hand)
    own_crib = m.dealer == 1
    assert choose_discard(m, 1, "hard") == analyse(hand, own_crib)[0].discard


def test_seeded_games_replay_exactly():
    a = play_out(virtual(9), levels=("hard", "easy"))
    b = play_out(virtual(9), levels=("hard", "easy"))
    assert [op.to_json() for op in a.log] == [op.to_json() for op in b.log]


def test_wilson_interval_worked_by_hand():
    # 60 wins in 100: p = 0.6, z = 1.96: centre (0.6 + 0.019208) / 1.038415 = 0.596307,
    # half 1.96 × sqrt(0.0024 + 0.000096) / 1.038415 = 0.094319: 0.5020 to 0.6906.
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-4) and high == pytest.approx(0.6906, abs=1e-4)


def test_selfplay_is_deterministic_and_prints_its_figures():
    first = run("cribbage", "normal", "easy", 6, 3, jobs=1)
    again = run("cribbage", "normal", "easy", 6, 3, jobs=2)
    for result in (first, again):
        result.pop("seconds")
        result.pop("a_decision_ms_median")
    assert first == again
    assert set(first["figures"]["a"]) == {"hand", "crib", "pegging"}
    env = {**os.environ, "COMPANION_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "companion.cli.main", "selfplay", "--game", "cribbage", "--a", "hard",
                           "--b", "normal", "--games", "2", "--seed", "1", "--json", "--jobs", "1"],
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert {"win_rate", "ci95", "games", "figures", "a_wins"} <= set(result) and result["games"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_deals_with_every_level_mixed_are_legal(players):
    """Every move goes through the engine's checks: one illegal discard or play would raise. Easy and normal
    players here (the hard one plays whole games above: it takes longer by design)."""
    import random

    rng = random.Random(players)
    deals = 0
    seed = 100 * players
    while deals < 700:
        levels = [rng.choice(("easy", "normal")) for _ in range(players)]
        m = play_out(virtual(seed, players), levels=levels)
        deals += m.deal_number
        seed += 1
    assert deals >= 700


@pytest.mark.slow
def test_the_advisor_matches_brute_force_on_sampled_hands():
    import random

    from companion.games.cribbage.advisor import analyse
    from tests.unit.test_cribbage_advisor import brute

    rng = random.Random(7)
    for _ in range(4):
        hand = rng.sample(standard_deck(), 6)
        option = rng.choice(analyse(hand, dealer=rng.random() < 0.5))
        mean_hand, mean_crib = brute(hand, option.discard)
        assert option.hand == pytest.approx(mean_hand, abs=1e-12)
        assert option.crib == pytest.approx(mean_crib, abs=1e-12)

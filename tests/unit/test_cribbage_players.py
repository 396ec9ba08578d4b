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
from companion.games.cribbage.players import LEVELS, PREVIOUS, choose_discard, choose_play, play_out, play_turn, position_rng
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
    from companion.games.cribbage.hard import PEGGING_SPAN

    for seed in range(3, 9):
        m = virtual(seed)
        m.apply(m.make_deal())
        hand = m.hand(1)
        for level in LEVELS:
            away = choose_discard(m, 1, level, position_rng(m, 1))
            assert len(away) == 2 and set(away) <= set(hand)
        # Mid-game, hard keeps one of the advisor's best (players' crib model), the pegging deciding among them.
        options = analyse(hand, m.dealer == 1, crib_model="players")
        chosen = next(o for o in options if set(o.discard) == set(choose_discard(m, 1, "hard")))
        assert chosen.net >= options[0].net - PEGGING_SPAN


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


def test_the_previous_hard_player_is_a_selfplay_level_of_cribbage_only():
    """« hard against the previous hard » is a self-play line; another game has no such level, and says so."""
    from companion.core.errors import SetupError

    result = run("cribbage", "hard", PREVIOUS, 2, 1, jobs=1)
    assert (result["a"], result["b"], result["games"]) == ("hard", PREVIOUS, 2)
    with pytest.raises(SetupError) as error:
        run("le31", "hard", PREVIOUS, 2, 1, jobs=1)
    assert "no level hard-previous for le31: easy, normal, hard" in error.value.text("en")
    assert PREVIOUS not in LEVELS  # never offered in the app's setup form


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


# ---------------------------------------------------------------- the hard player (issue 29)

def _at_a_play_with_a_choice(seed: int, levels=("normal", "normal")) -> CribbageMatch:
    m = virtual(seed)
    while not (m.phase == "play" and len({c.rank for c in m.playable(m.turn)}) > 1 and m.current):
        play_turn(m, levels=levels)
    return m


def test_the_hard_players_view_is_what_its_seat_knows_and_its_deals_never_hold_a_seen_card():
    import random

    from companion.games.cribbage.hard import OPPONENT_KEEPS, _deal_unseen
    from companion.games.cribbage.ops import Discard
    from companion.games.cribbage.players import view_of

    assert OPPONENT_KEEPS
    for seed in (5, 6, 7):
        m = _at_a_play_with_a_choice(seed)
        seat = m.turn
        view = view_of(m, seat)
        laid_away = next(op.cards for op in m.log if isinstance(op, Discard) and op.seat == seat)
        assert view.discards == laid_away and set(laid_away) <= view.known_out
        assert view.scores == tuple(m.scores) and view.dealer == m.dealer and view.target == 121
        seen = set(view.hand) | set(laid_away) | {m.starter} | {c for p in m.d.played for c in p}
        draw = _deal_unseen(view, random.Random(seed))
        for _ in range(300):
            world = draw()
            assert world is not None
            dealt = [c for hand in world.hands for c in hand]
            assert not world.hands[seat] and len(dealt) == len(set(dealt)) == 4 - len(m.d.played[1 - seat])
            assert not {standard_deck()[i] for i in dealt} & seen


def test_a_go_keeps_out_of_the_deals_every_card_that_would_have_fitted():
    import random

    from companion.games.cribbage.hard import PIP, _deal_unseen
    from companion.games.cribbage.players import view_of

    for seed in range(40):
        m = virtual(seed)
        while m.phase != "match_over":
            if m.phase == "play" and any(s != m.turn for s, *_ in m.d.go_claims):
                view = view_of(m, m.turn)
                draw = _deal_unseen(view, random.Random(seed))
                for seat, count, _ in view.go_claims:
                    if seat != view.seat:
                        for _ in range(50):
                            world = draw()
                            assert world is not None
                            assert all(count + PIP[c] > 31 for c in world.hands[seat])
                return
            play_turn(m, levels=("normal", "normal"))
    pytest.fail("no go said in 40 games")


def test_the_fast_pegging_pegs_and_plays_as_the_engine_and_the_normal_player():
    """The search plays out on card numbers: the same points as ``peg_points``, the same card as ``normal_play``,
    and, played out to the end of the play, the same points per side as the engine itself."""
    import random

    from companion.games.cribbage.hard import gain, normal_card, pair_points, peg_out
    from companion.games.cribbage.ops import Go, Play
    from companion.games.cribbage.pegging import peg_points
    from companion.games.cribbage.players import normal_play
    from companion.games.cribbage.scoring import pip

    rng = random.Random(29)
    for rules in (CribbageRules(), CribbageRules(pegging_pair_royal=False)):
        pairs = pair_points(rules)
        for _ in range(3000):
            deck = standard_deck()
            rng.shuffle(deck)
            low = [c for c in deck if c.rank <= rng.choice((4, 7, 13))]
            current: list = []
            for card in low[:rng.randint(0, 7)]:
                if sum(pip(c) for c in current) + pip(card) <= 31:
                    current.append(card)
            count = sum(pip(c) for c in current)
            hand = [c for c in deck if c not in current][:rng.randint(1, 4)]
            ranks = [int(c.rank) for c in current]
            for card in hand:
                if count + pip(card) <= 31:
                    assert gain(ranks, count + pip(card), int(card.rank), pairs) == peg_points([*current, card], rules).points
            chosen = normal_play(hand, current, rules)
            assert normal_card([c.index for c in hand], ranks, count, pairs) == (chosen.index if chosen else -1)
    for seed in (1, 2, 3):
        m = _at_a_play_with_a_choice(seed)
        seat, pairs = m.turn, pair_points(m.rules)
        for card in m.playable(seat):
            engine = CribbageMatch.replay(m.setup, m.log)
            before = list(engine.scores)
            engine.apply(Play(seat, card))
            while engine.phase == "play":
                turn = engine.turn
                nxt = normal_play(engine.hand(turn) or (), [c for _, c in engine.current], engine.rules)
                engine.apply(Go(turn) if nxt is None else Play(turn, nxt))
            points = [0, 0]
            d = m.d
            peg_out([[c.index for c in h] for h in d.hands], (0, 1), [int(c.rank) for _, c in d.current], m.count,
                    sum(1 << s for s in d.go_said), -1 if d.last_player is None else d.last_player, seat, card.index,
                    pairs, points)
            assert points == [a - b for a, b in zip(engine.scores, before)]


def test_the_search_spends_more_deals_where_the_choice_is_close():
    from itertools import count

    from companion.games.cribbage.hard import PLAY_POINTS, Budget, race

    # Deal i is worth +1 or -1 (odd, even). A card always one point better is set aside after the first batch;
    # two cards whose difference swings from +2 to -2 (mean 0, never settled) are played to the end of the budget.
    budget = Budget(first=32, step=32, most=512, z=2.0, close=0.01)
    deals = count()
    clear = race(2, lambda: next(deals) % 2 * 2 - 1, lambda k, w: w + (1 if k == 1 else 0), budget)
    assert clear.order == (1, 0) and clear.deals == 32
    close = race(2, lambda: next(deals) % 2 * 2 - 1, lambda k, w: w if k == 0 else -w, budget)
    assert close.deals == 512 and close.order == (0, 1)  # a tie goes to the earlier candidate
    assert PLAY_POINTS.first < PLAY_POINTS.most


def _endgame_view(scores):
    """Two players, the hard player (seat 1) deals and holds 5♠ A♣, having laid away 6♠ Q♦; starter K♦. The
    play so far, one count: 8♥ (pone) 7♥ (dealer: fifteen) 3♠ A♥ 7♠, count 26; the pone has one card left."""
    from companion.core.cards import parse_card, parse_cards
    from companion.games.cribbage.players import View

    card, cards = parse_card, parse_cards
    current = tuple((seat, card(code)) for seat, code in ((0, "8H"), (1, "7H"), (0, "3S"), (1, "AH"), (0, "7S")))
    hand, away, starter = cards("5S AC"), cards("6S QD"), card("KD")
    mine = cards("7H AH")
    return View(1, 2, tuple(hand), current, frozenset(), 0, (tuple(cards("8H 3S 7S")), tuple(mine)), (), starter,
                frozenset({*hand, *away, *mine, starter}), CribbageRules(), tuple(away), scores, 1, 121)


def test_near_121_the_hard_player_pegs_for_the_win_not_for_the_points(monkeypatch):
    """Worked by hand. Count 26; the hard player (dealer) holds 5♠ and A♣, the pone one card (42 cards unseen).

    Mid-game, 5♠ makes 31 for 2 and A♣ (27) scores nothing: the search keeps 5♠ (about +3.0 against +1.9).

    At 117 (needs 4) against the pone's 119 (needs 2), the pone counts first at the show and his 8♥ 7♠ are a
    fifteen for 2: the dealer must peg 4 in this play or lose.
    - 5♠: 31 for 2 (119). The pone leads his last card, A♣ follows: a pair if it is an ace (A♠ or A♦: 2 of 42)
      makes 121; else A♣ is the last card, 1, 120, and the pone counts out first. Wins 2 deals in 42.
    - A♣: 27. A pone's card of 4 or less fits: a 4 is 31 for 2, an ace a pair, a 2 or 3 then the go: he wins.
      Any other card does not fit: he says go, 5♠ does not fit either (32), the go is the dealer's (118). The
      pone leads his card, 5♠ follows: a ten-card makes fifteen (2) and 5♠ is the last card (1): 121; a five
      is a pair (2) and the last card (1): 121; anything else only the last card: 119, and the pone counts out.
      Wins with the 14 ten-cards unseen (16 less Q♦ and K♦) and the three other fives: 17 deals in 42.
    The point-maximising 5♠ loses where A♣ wins: near the end the hard player leads A♣.
    """
    import random

    from companion.games.cribbage import hard
    from companion.games.cribbage.hard import Budget, search_play

    middle = search_play(_endgame_view((59, 57)), random.Random(1))
    assert not middle.win and middle.ranked[0][0].code == "5S"
    end = search_play(_endgame_view((119, 117)), random.Random(1))
    assert end.win and end.ranked[0][0].code == "AC"
    # Dealt at random (every unseen card alike), the search finds the hand-worked chances.
    monkeypatch.setattr(hard, "OPPONENT_KEEPS", False)
    many = dict((c.code, v) for c, v in search_play(_endgame_view((119, 117)), random.Random(2),
                                                    Budget(3000, 3000, 3000, 99.0, 0.0)).ranked)
    assert many["AC"] == pytest.approx(17 / 42, abs=0.03) and many["5S"] == pytest.approx(2 / 42, abs=0.02)


def test_near_121_the_hard_player_lays_away_for_the_win(monkeypatch):
    """Worked by hand. The pone holds 3♣ 4♦ 5♠ 5♥ J♣ K♥.

    For points, lay away J♣ K♥ and keep 3-4-5-5: 8 (two runs of three, 6, and the pair, 2) and more with most
    starters, a mean of 8.56 net of the crib against 7.18 for keeping 5-5-J-K.
    At 111 (needs 10) against the dealer's 113 (needs 8): the pone counts first. 5♠ 5♥ J♣ K♥ count 10 whatever
    the starter (the pair, 2, and four fifteens, 8): the pone wins unless the dealer pegs 8 in the play. 3-4-5-5
    with a nine for starter counts only 8 (no fifteen, no run gained): it must then peg 2 before the show, and
    the dealer, needing 8, usually counts out after it. Near the end the hard player keeps 5-5-J-K."""
    import random

    from companion.core.cards import parse_cards
    from companion.games.cribbage.advisor import analyse
    from companion.games.cribbage.hard import search_discard, search_discard_points
    from companion.games.cribbage.scoring import hand_score

    hand = parse_cards("3C 4D 5S 5H JC KH")
    unseen = [c for c in standard_deck() if c not in hand]
    assert min(hand_score(parse_cards("5S 5H JC KH"), s) for s in unseen) == 10
    assert {s.rank for s in unseen if hand_score(parse_cards("3C 4D 5S 5H"), s) < 10} == {9}
    assert set(analyse(hand, dealer=False)[0].discard) == set(parse_cards("JC KH"))
    rules = CribbageRules()
    assert set(search_discard_points(hand, 0, 1, rules, random.Random(1)).ranked[0][0]) == set(parse_cards("JC KH"))
    end = search_discard(hand, 0, 1, (111, 113), rules, random.Random(1))
    assert set(end.ranked[0][0]) == set(parse_cards("3C 4D"))
    chances = {frozenset(away): value for away, value in end.ranked}
    assert chances[frozenset(parse_cards("3C 4D"))] > chances[frozenset(parse_cards("JC KH"))]


def test_the_chance_to_win_is_worked_out_in_the_order_of_a_deal():
    """A made-up deal, worked by hand: the dealer always pegs 1, the pone's hand is always 1, the dealer's show 0.
    - pone needs 1, dealer 2: the play leaves the dealer 1 short, then the pone's hand takes him out: 1.
    - pone needs 2, dealer 1: the dealer pegs out in the play: 0.
    - pone needs 2, dealer 3: the play leaves the dealer needing 2, the pone's hand leaves him needing 1; the next
      deal is his to deal, and a dealer's peg takes him out before anything else is counted: 1."""
    from companion.games.cribbage.endgame import pone_wins_table

    table = pone_wins_table([[0, 1, 10]], [], [0, 10], [10], size=6, reach=6)
    assert table[1][2] == 1.0 and table[2][1] == 0.0 and table[2][3] == 1.0


def test_the_shipped_table_is_the_one_its_counts_give():
    from companion.games.cribbage import endgame

    d = endgame.data()
    table = endgame.pone_wins_table(d["pegging"], d["pone_first"], d["pone_show"], d["dealer_show"], size=30,
                                    reach=30)
    for x in range(1, 31):
        for y in range(1, 31):
            assert endgame.pone_wins(x, y) == pytest.approx(table[x][y], abs=1 / endgame.SCALE)
    assert endgame.win_chance(5, 20, i_deal=False) == endgame.pone_wins(5, 20)
    assert endgame.win_chance(5, 20, i_deal=True) == 1 - endgame.pone_wins(20, 5)
    assert endgame.pone_wins(1, 121) > 0.99 and endgame.pone_wins(121, 1) < 0.01


def test_the_previous_hard_player_is_kept_for_self_play_only():
    from companion.games.base import SEAT_KINDS
    from companion.games.cribbage.players import PREVIOUS, SELFPLAY_LEVELS

    assert PREVIOUS in SELFPLAY_LEVELS and PREVIOUS not in LEVELS and PREVIOUS not in SEAT_KINDS
    m = play_out(virtual(3), levels=(PREVIOUS, "hard"))
    assert m.phase == "match_over"

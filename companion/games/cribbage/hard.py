"""The hard cribbage player's search (issue 29).

**What it may know.** It decides from ``View``: its own cards, the two (or one) it laid away, every card played,
the starter, who said go at which count, the scores and who deals. Only the other cards are dealt again.

**The play.** Each distinct rank it may play is a candidate (two fives peg alike). The unseen cards are dealt to
the others many times, each hand consistent with the goes its owner said (it held no card that fitted). With two
players the opponent's hand is dealt as a club player keeps one: the cards he has not played and his two discards
are dealt from the unseen ones, and he keeps, with the cards he played, the four ``keep_value`` likes best (judged
against his real cards, this picks the better card far more often than a hand dealt at random; three or four
players: at random). Every candidate is played out on the same deals with the normal policy for everyone
(``players.normal_play``, here on card numbers for speed: ``normal_card`` gives the same card). The deals come in
batches and race the candidates: a card that trails the best by more than ``z`` standard errors of the paired
differences is set aside, and the search stops when one card is left or every remaining difference is known to
within ``close``: it spends deals where the choice is close and stops early where it is clear, up to ``most``.

**The objective.** Mid-game, the mean margin of pegging points to the end of the play (own side − the others);
the show does not depend on the card played, so it cannot change the choice. Near the end of a two-player game
(a side needs ``endgame.REACH`` points or fewer) it is the chance to win the game: a play-out that reaches the
target ends the game there; otherwise the show is counted in its order (the pone's hand, the dealer's hand, the
crib: one's own two discards and the opponent's two as dealt), and a game still open after the show is worth
``endgame.win_chance`` of the new scores, with the deal passing to the pone.

**The discard.** With two players, mid-game: the exact advisor's mean hand ± mean crib (``advisor.analyse``, with
the crib model of how players throw, ``throws``) plus the mean pegging margin of the kept four, raced over deals of
the opponent's six cards (he keeps what a club player keeps, ``opponent_keep``), for the discards within
``PEGGING_SPAN`` points of the advisor's best. Near the end, every discard is raced for the chance to win: a
starter and the opponent's six cards are dealt, he keeps his four, a jack turned is his heels, both hands are
pegged out with the normal policy, then the show in its order. Three or four players: the exact advisor with the
uniform model.

Everything is drawn from the generator the caller passes (seeded by the position): a replayed game decides the
same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from companion.core.cards import Card, card_from_index
from companion.games.cribbage import endgame
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import RANK_BITS, hand_score, rank_points
from companion.games.cribbage.sight import View

RANK = tuple(i // 4 + 1 for i in range(52))
PIP = tuple(min(i // 4 + 1, 10) for i in range(52))
SUIT = tuple(i % 4 for i in range(52))
CARD = tuple(card_from_index(i) for i in range(52))
JACK = 11

W = TypeVar("W")


@dataclass(frozen=True)
class Budget:
    """How many deals a search may spend, and when it stops early."""

    first: int  # deals before any candidate may be set aside
    step: int  # deals added at each round
    most: int  # deals at the very most
    z: float  # standard errors of the paired differences by which a candidate must trail the best to be set aside
    close: float  # a difference known to within this (in the objective's unit) is settled: no more deals for it


PLAY_POINTS = Budget(first=32, step=32, most=512, z=2.0, close=0.02)  # pegging margin, points
PLAY_WIN = Budget(first=32, step=32, most=512, z=2.0, close=0.003)  # chance to win the game
DISCARD_WIN = Budget(first=24, step=24, most=192, z=2.0, close=0.006)
DISCARD_POINTS = Budget(first=32, step=32, most=256, z=2.0, close=0.05)  # hand ± crib + pegging margin, points
OPPONENT_KEEPS = True  # two players: the opponent's cards dealt as a club player keeps them (False: uniform)
PEGGING_SPAN = 2.5  # points of mean hand ± crib below the advisor's best that the pegging may make up


@dataclass(frozen=True)
class Race:
    """The outcome of a race: each candidate's mean (over the deals it was played on), best first."""

    order: tuple[int, ...]  # candidate numbers, best first
    means: tuple[float, ...]  # per candidate number
    deals: int  # deals played for the winner


def race(count: int, draw: Callable[[], W | None], value: Callable[[int, W], float], budget: Budget) -> Race:
    """Play ``count`` candidates on the same deals (``draw()``; None when no deal fits what is known), in
    batches, setting aside the clearly worse ones, until one is left, every remaining difference is settled, or
    ``budget.most`` deals. Ties go to the earlier candidate."""
    values: list[list[float]] = [[] for _ in range(count)]
    alive = list(range(count))
    deals = 0
    while deals < budget.most and len(alive) > 1:
        batch = budget.first if deals == 0 else min(budget.step, budget.most - deals)
        worlds = [w for w in (draw() for _ in range(batch)) if w is not None]
        if not worlds:
            break
        for c in alive:
            values[c].extend(value(c, w) for w in worlds)
        deals += len(worlds)
        best = max(alive, key=lambda c: (sum(values[c]), -c))
        kept, settled = [best], True
        for c in alive:
            if c == best:
                continue
            diffs = [a - b for a, b in zip(values[best], values[c])]
            mean = sum(diffs) / deals
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, deals - 1) / deals)
            if mean > budget.z * error:
                continue  # clearly worse: no more deals for it
            kept.append(c)
            if budget.z * error > budget.close:
                settled = False
        alive = sorted(kept)
        if settled:
            break
    means = tuple(sum(v) / len(v) if v else 0.0 for v in values)
    leaders = sorted(alive, key=lambda c: (-means[c], c))
    rest = sorted((c for c in range(count) if c not in alive), key=lambda c: (-means[c], c))
    return Race(tuple(leaders + rest), means, deals)


# ---------------------------------------------------------------- the pegging on card numbers

def pair_points(rules: CribbageRules) -> tuple[int, ...]:
    """Points of a pair, pair royal and double pair royal in the play, by cards of the same rank (index 2 to 4)."""
    if not rules.pegging_pair_royal:
        return (0, 0, 2, 2, 2)
    return (0, 0, 2, 6, rules.four_of_a_kind)


def gain(ranks: list[int], count: int, rank: int, pairs: tuple[int, ...]) -> int:
    """What a card of ``rank`` pegs on the ranks already in this count (``count``: the count with it): the same
    points as ``pegging.peg_points``."""
    points = 2 if count == 15 or count == MAX_COUNT else 0
    i = len(ranks) - 1
    if i >= 0 and ranks[i] == rank:
        same = 2
        i -= 1
        while i >= 0 and ranks[i] == rank:
            same += 1
            i -= 1
        return points + pairs[same]
    low = high = rank
    seen = 1 << rank
    length = 1
    run = 0
    while i >= 0:
        r = ranks[i]
        if seen >> r & 1:
            break
        seen |= 1 << r
        low, high = min(low, r), max(high, r)
        length += 1
        if length >= 3 and high - low == length - 1:
            run = length
        i -= 1
    return points + run


def normal_card(hand: Sequence[int], ranks: list[int], count: int, pairs: tuple[int, ...]) -> int:
    """``players.normal_play`` on card numbers: points now, then the count off 5 and 21, then a lead below 5,
    then the higher card; the first such card in the hand. -1: nothing fits."""
    best, best_key = -1, -1
    for c in hand:
        v = PIP[c]
        after = count + v
        if after > MAX_COUNT:
            continue
        key = gain(ranks, after, RANK[c], pairs) * 1000 + (0 if after in (5, 21) else 100) \
            + (20 if not ranks and v < 5 else 0) + v
        if key > best_key:
            best, best_key = c, key
    return best


def peg_out(hands: list[list[int]], sides: Sequence[int], ranks: list[int], count: int, go: int, last: int, turn: int,
            card: int, pairs: tuple[int, ...], points: list[int], scores: list[int] | None = None,
            target: int = 0, trace: list[tuple[int, int]] | None = None) -> int:
    """Play ``card`` (-1: go) for ``turn``, then the rest of the play with the normal policy for everyone, as the
    engine runs it: a go passes the turn; when nobody can play on, the last card scores 1 and a new count starts
    after its player; 31 starts a new count with no go point. ``hands`` (mutated) are card numbers per seat,
    ``ranks`` this count's ranks, ``go`` a bit per seat that said go, ``last`` the last seat to play (-1: none).
    Points are added per side to ``points`` and, near the end, to ``scores``: the side that reaches ``target``
    first ends the game and is returned; -1 when the play ends with nobody there. ``trace`` (if given) receives
    each (side, points) in the order they are pegged."""
    n = len(hands)
    while True:
        reset = False
        if card < 0:
            go |= 1 << turn
        else:
            hands[turn].remove(card)
            count += PIP[card]
            won = gain(ranks, count, RANK[card], pairs)
            ranks.append(RANK[card])
            last = turn
            if won:
                side = sides[turn]
                points[side] += won
                if trace is not None:
                    trace.append((side, won))
                if scores is not None:
                    scores[side] += won
                    if scores[side] >= target:
                        return side
            reset = count == MAX_COUNT
        if not reset:
            for k in range(1, n + 1):
                seat = (turn + k) % n
                if hands[seat] and not go >> seat & 1:
                    turn = seat
                    break
            else:
                reset = True
                if last >= 0:  # a go, or the last card
                    side = sides[last]
                    points[side] += 1
                    if trace is not None:
                        trace.append((side, 1))
                    if scores is not None:
                        scores[side] += 1
                        if scores[side] >= target:
                            return side
        if reset:
            start = last if last >= 0 else turn
            ranks, count, go, last = [], 0, 0, -1
            for k in range(1, n + 1):
                seat = (start + k) % n
                if hands[seat]:
                    turn = seat
                    break
            else:
                return -1
        card = normal_card(hands[turn], ranks, count, pairs)


# ---------------------------------------------------------------- the show near the end

def _show_end(me: int, dealer: int, scores: list[int], shows: tuple[int, int, int], target: int) -> float:
    """Two players, after a play nobody won: the pone's hand, the dealer's hand, then the crib, each ending the
    game if it reaches the target; else the chance to win from the new scores, the deal passing to the pone.
    ``shows``: (pone's hand, dealer's hand, crib)."""
    pone = 1 - dealer
    for who, points in ((pone, shows[0]), (dealer, shows[1]), (dealer, shows[2])):
        scores[who] += points
        if scores[who] >= target:
            return 1.0 if who == me else 0.0
    return endgame.win_chance(target - scores[me], target - scores[1 - me], me == pone)


def near_end(scores: Sequence[int], target: int, players: int) -> bool:
    """Two players, and a side needs ``endgame.REACH`` points or fewer: the hard player plays for the win."""
    return players == 2 and bool(scores) and min(target - s for s in scores) <= endgame.REACH


# ---------------------------------------------------------------- the play

@dataclass(frozen=True)
class PlaySearch:
    """The hard player's pegging choice: each candidate with its value, best first."""

    ranked: tuple[tuple[Card, float], ...]
    deals: int  # deals of the unseen cards the best card was played on
    win: bool  # the values are chances to win the game (near the end), else pegging margins


@dataclass
class _World:
    hands: list[list[int]]  # card numbers per seat (the searching seat's own is filled in per candidate)
    shows: tuple[int, int, int] | None = None  # near the end: (pone's hand, dealer's hand, crib)


def _deal_unseen(view: View, rng: random.Random) -> Callable[[], _World | None]:
    """A sampler of the other seats' hands: the unseen cards dealt again, each seat as many as it holds, none a
    card that would have fitted when it said go. Seats with a go are dealt first from the cards they may hold
    (their pools are nested, so the deal stays uniform among the consistent ones)."""
    seen = {c.index for c in view.known_out} | {c.index for p in view.played for c in p}
    unseen = [i for i in range(52) if i not in seen]
    floor: dict[int, int] = {}  # seat -> every card it holds has a pip above this
    for seat, count, before in view.go_claims:
        if seat == view.seat or any(count + PIP[c.index] <= MAX_COUNT for c in view.played[seat][before:]):
            continue  # one's own, or a go the cards played since contradict (a table's slip): not a constraint
        floor[seat] = max(floor.get(seat, -1), MAX_COUNT - count)
    others = [s for s in range(view.players) if s != view.seat]
    others.sort(key=lambda s: -floor.get(s, -1))
    need = {s: 4 - len(view.played[s]) for s in others}
    crib_unknown = 4 - len(view.discards)  # two players: the opponent's two, and any of one's own not told
    end = near_end(view.scores, view.target, view.players) and view.starter is not None
    opp = 1 - view.seat
    keeps = view.players == 2 and OPPONENT_KEEPS
    if keeps:
        held = [c.index for c in view.played[opp]]
        dealt = 6 - len(held)  # his unplayed cards and his two discards
        low = floor.get(opp, -1)
        opp_crib = view.dealer == opp

    def draw_kept() -> _World | None:
        """Two players: the opponent's unplayed cards and his two discards dealt, and he keeps what a club
        player keeps with the cards he played (``keep_value``), holding none that fitted when he said go."""
        pool = list(unseen)
        rng.shuffle(pool)
        six = pool[:dealt]
        best: tuple[float, list[int], list[int]] | None = None
        for rest in combinations(six, need[opp]):
            if low >= 0 and any(PIP[c] <= low for c in rest):
                continue
            away = [c for c in six if c not in rest]
            value = keep_value((*held, *rest), away, opp_crib)
            if best is None or value > best[0]:
                best = (value, list(rest), away)
        if best is None:
            return None
        hands: list[list[int]] = [[], []]
        hands[opp] = best[1]
        world = _World(hands)
        if end:
            assert view.starter is not None
            kept = {view.seat: tuple(view.hand) + tuple(view.played[view.seat]),
                    opp: tuple(CARD[c] for c in hands[opp]) + tuple(view.played[opp])}
            crib = tuple(view.discards) + tuple(CARD[c] for c in best[2])
            crib += tuple(CARD[c] for c in pool[dealt:dealt + crib_unknown - 2])
            pone = 1 - view.dealer
            world.shows = (hand_score(kept[pone], view.starter, False, view.rules),
                           hand_score(kept[view.dealer], view.starter, False, view.rules),
                           hand_score(crib, view.starter, True, view.rules))
        return world

    def draw() -> _World | None:
        pool = list(unseen)
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(view.players)]
        for s in others:
            low = floor.get(s, -1)
            if low < 0:
                hands[s], pool = pool[:need[s]], pool[need[s]:]
                continue
            fits = [c for c in pool if PIP[c] > low]
            if len(fits) < need[s]:
                return None
            hands[s] = fits[:need[s]]
            taken = set(hands[s])
            pool = [c for c in pool if c not in taken]
        world = _World(hands)
        if end:
            assert view.starter is not None
            me, opp = view.seat, 1 - view.seat
            kept = {me: tuple(view.hand) + tuple(view.played[me]),
                    opp: tuple(CARD[c] for c in hands[opp]) + tuple(view.played[opp])}
            crib = tuple(view.discards) + tuple(CARD[c] for c in pool[:crib_unknown])
            pone = 1 - view.dealer
            world.shows = (hand_score(kept[pone], view.starter, False, view.rules),
                           hand_score(kept[view.dealer], view.starter, False, view.rules),
                           hand_score(crib, view.starter, True, view.rules))
        return world

    return draw_kept if keeps else draw



def search_play(view: View, rng: random.Random, budget: Budget | None = None, *,
                fits: Sequence[Card] | None = None) -> PlaySearch:
    """Every rank the view's seat may play (of ``fits``, the cards its play choice offers; by default the cards of
    its hand that fit), with its value (see the module's docstring), best first; empty when nothing fits (go). One
    rank only: it is played without a search."""
    count = view.count
    candidates: list[Card] = []
    for card in view.hand if fits is None else fits:
        if count + PIP[card.index] <= MAX_COUNT and all(c.rank != card.rank for c in candidates):
            candidates.append(card)
    if len(candidates) <= 1:
        return PlaySearch(tuple((c, 0.0) for c in candidates), 0, False)
    end = near_end(view.scores, view.target, view.players) and view.starter is not None
    budget = budget or (PLAY_WIN if end else PLAY_POINTS)
    rules = view.rules
    pairs = pair_points(rules)
    sides = tuple(rules.side_of(s) for s in range(view.players))
    me = sides[view.seat]
    hand = [c.index for c in view.hand]
    ranks = [int(c.rank) for _, c in view.current]
    go = sum(1 << s for s in view.go_said)
    last = -1 if view.last_player is None else view.last_player

    def value(k: int, world: _World) -> float:
        hands = [list(h) for h in world.hands]
        hands[view.seat] = list(hand)
        points = [0] * rules.sides
        if world.shows is None:
            peg_out(hands, sides, list(ranks), count, go, last, view.seat, candidates[k].index, pairs, points)
            return points[me] - sum(p for s, p in enumerate(points) if s != me) / (rules.sides - 1)
        scores = list(view.scores)
        won = peg_out(hands, sides, list(ranks), count, go, last, view.seat, candidates[k].index, pairs, points,
                      scores, view.target)
        if won >= 0:
            return 1.0 if won == me else 0.0
        return _show_end(me, view.dealer, scores, world.shows, view.target)

    result = race(len(candidates), _deal_unseen(view, rng), value, budget)
    if not result.deals:  # no deal fits what the others did (a table's slip): the normal player's card
        card = CARD[normal_card(hand, ranks, count, pairs)]
        return PlaySearch(((card, 0.0),), 0, False)
    return PlaySearch(tuple((candidates[k], result.means[k]) for k in result.order), result.deals, end)


# ---------------------------------------------------------------- the discard near the end

def _throw_guess(away: Sequence[int]) -> float:
    """``players.crib_guess`` on card numbers (players imports this module: it cannot be imported from here)."""
    value = 0.0
    for a, b in combinations(away, 2):
        if RANK[a] == RANK[b]:
            value += 2
        if PIP[a] + PIP[b] == 15:
            value += 2
        if abs(RANK[a] - RANK[b]) == 1:
            value += 1
    return value + sum(1.0 for c in away if PIP[c] == 5)


def keep_value(keep: Sequence[int], away: Sequence[int], own_crib: bool) -> float:
    """How a club player sizes up keeping four cards: the points they hold, a four-card flush, and half a nudge
    for what the two laid away give the crib (his own or the other's)."""
    value = float(rank_points(sum(RANK_BITS[c] for c in keep)))
    if len({SUIT[c] for c in keep}) == 1:
        value += 4
    return value + 0.5 * _throw_guess(away) * (1 if own_crib else -1)


def opponent_keep(six: Sequence[int], own_crib: bool) -> tuple[list[int], list[int]]:
    """The four a club player keeps from six (``keep_value``, the first best), and the two laid away."""
    best: tuple[float, list[int], list[int]] | None = None
    for keep in combinations(six, 4):
        away = [c for c in six if c not in keep]
        value = keep_value(keep, away, own_crib)
        if best is None or value > best[0]:
            best = (value, list(keep), away)
    assert best is not None
    return best[1], best[2]


@dataclass(frozen=True)
class DiscardSearch:
    """The hard player's discard near the end: each way to lay away with its chance to win, best first."""

    ranked: tuple[tuple[tuple[Card, ...], float], ...]
    deals: int


def search_discard(hand: Sequence[Card], seat: int, dealer: int, scores: Sequence[int], rules: CribbageRules,
                   rng: random.Random, budget: Budget = DISCARD_WIN, *,
                   aways: Sequence[tuple[Card, ...]] | None = None) -> DiscardSearch:
    """Two players near the end: every discard of the six cards (``aways``, the ways to lay away its choice lists;
    by default every two) raced for the chance to win the game."""
    held = {c.index for c in hand}
    unseen = [i for i in range(52) if i not in held]
    options = [(tuple(c.index for c in away), [c.index for c in hand if c not in away])
               for away in (combinations(hand, 2) if aways is None else aways)]
    pone = 1 - dealer
    pairs = pair_points(rules)
    sides = (0, 1)
    target = rules.target

    def draw() -> tuple[int, list[int], list[int]]:
        pool = list(unseen)
        rng.shuffle(pool)
        keep, away = opponent_keep(pool[1:7], own_crib=dealer != seat)
        return pool[0], keep, away

    def value(k: int, world: tuple[int, list[int], list[int]]) -> float:
        starter, their_keep, their_away = world
        my_away, my_keep = options[k]
        totals = list(scores)
        if RANK[starter] == JACK and rules.his_heels:
            totals[dealer] += rules.his_heels
            if totals[dealer] >= target:
                return 1.0 if dealer == seat else 0.0
        hands: list[list[int]] = [[], []]
        hands[seat], hands[1 - seat] = list(my_keep), list(their_keep)
        first = normal_card(hands[pone], [], 0, pairs)
        won = peg_out(hands, sides, [], 0, 0, -1, pone, first, pairs, [0, 0], totals, target)
        if won >= 0:
            return 1.0 if won == seat else 0.0
        kept = {seat: tuple(CARD[c] for c in my_keep), 1 - seat: tuple(CARD[c] for c in their_keep)}
        card = CARD[starter]
        crib = tuple(CARD[c] for c in (*my_away, *their_away))
        shows = (hand_score(kept[pone], card, False, rules), hand_score(kept[dealer], card, False, rules),
                 hand_score(crib, card, True, rules))
        return _show_end(seat, dealer, totals, shows, target)

    result = race(len(options), draw, value, budget)
    ranked = tuple((tuple(CARD[c] for c in options[k][0]), result.means[k]) for k in result.order)
    return DiscardSearch(ranked, result.deals)


def search_discard_points(hand: Sequence[Card], seat: int, dealer: int, rules: CribbageRules, rng: random.Random,
                          crib_model: str = "players", budget: Budget = DISCARD_POINTS, *,
                          aways: Sequence[tuple[Card, ...]] | None = None) -> DiscardSearch:
    """Two players mid-game: the advisor's mean hand ± mean crib of each discard (of ``aways``, the ways to lay away
    its choice lists; by default every one) within ``PEGGING_SPAN`` of the best, plus its mean pegging margin, raced
    over deals of the opponent's four (the four a club player keeps from six unseen cards) with the normal policy
    for both."""
    from companion.games.cribbage.advisor import analyse

    options = analyse(hand, dealer == seat, rules, crib_model=crib_model)
    if aways is not None:
        offered = {frozenset(away) for away in aways}
        options = [o for o in options if frozenset(o.discard) in offered]
    options = [o for o in options if o.net >= options[0].net - PEGGING_SPAN]
    held = {c.index for c in hand}
    unseen = [i for i in range(52) if i not in held]
    keeps = [[c.index for c in o.keep] for o in options]
    pone = 1 - dealer
    pairs = pair_points(rules)
    sides = (0, 1)

    def draw() -> list[int]:
        pool = list(unseen)
        rng.shuffle(pool)
        return opponent_keep(pool[:6], own_crib=dealer != seat)[0]

    def value(k: int, their_keep: list[int]) -> float:
        hands: list[list[int]] = [[], []]
        hands[seat], hands[1 - seat] = list(keeps[k]), list(their_keep)
        points = [0, 0]
        peg_out(hands, sides, [], 0, 0, -1, pone, normal_card(hands[pone], [], 0, pairs), pairs, points)
        return options[k].net + points[seat] - points[1 - seat]

    result = race(len(options), draw, value, budget)
    return DiscardSearch(tuple((options[k].discard, result.means[k]) for k in result.order), result.deals)

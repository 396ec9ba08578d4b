"""Le 31 computer players at three levels, one play at a time, each from what its seat may see: its own hand,
the table (loose cards and builds, with their owners) and every pile taken so far.

- **easy**: legal and simple. Takes something when it can (any capture), else lays a card down.
- **normal**: what a club player does. Weighs each legal play by what it is worth at the tally: the green 10
  (2), the red 2 and the 1s (1 each), a récolte (1), and a share of the most-cards (3) and most-red (1)
  points for every card; builds when it holds the value (the engine makes it take the build next turn) and
  steals builds by raising; lays down the card that gives least away, never leaving a lone card for an easy
  récolte or a valuable card loose when it can help it.
- **hard**: ranks its plays as normal does, then searches the best few over the unseen cards (determinized
  Monte Carlo): it deals the other hands and the rest of the pack again from the cards it cannot see, plays
  the deal out with the normal policy for everyone, and keeps the play with the best mean gain at the tally.

Samples come from a generator seeded by the match's seed and the position, and the hidden cards are gathered
in sorted order, so a seeded game replays and no decision depends on where the hidden cards really are.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence

from companion.games.base import Operation
from companion.games.le31.deck import DEAL_SIZE, Le31Card
from companion.games.le31.engine import Le31Match, RoundState, TableBuild, deal_virtual
from companion.games.le31.ops import Build, Capture, Deal, Play, Raise, Trail
from companion.games.search import by_rollouts

HARD_SAMPLES = 12
HARD_CANDIDATES = 4
RECOLTE = 1.0


def position_rng(match: Le31Match, seat: int) -> random.Random:
    return random.Random(f"{match.setup.seed}:{match.r.number}:{len(match.log)}:{seat}")


def weight(match: Le31Match, card: Le31Card) -> float:
    """What one card is worth at the tally, majorities shared out card by card."""
    deck = match.deck
    points = 3 / (deck.size / 2 + 1)
    if deck.is_red(card):
        points += 1 / (deck.red_cards / 2 + 1)
    if card.value == 1:
        points += 1
    if card == deck.red_two:
        points += 1
    if card == deck.green_ten:
        points += 2
    return points


def _loose_after(match: Le31Match, op: Operation) -> tuple[list[Le31Card], int]:
    """The loose cards and the number of builds the play leaves on the table."""
    r = match.r
    loose = list(r.loose)
    builds = len(r.builds)
    for card in getattr(op, "loose", ()):
        loose.remove(card)
    if isinstance(op, Trail):
        loose.append(op.card)
    elif isinstance(op, Capture) and op.build:
        builds -= 1
    elif isinstance(op, Build) and r.build(op.value) is None:
        builds += 1
    return loose, builds


def score(match: Le31Match, op: Play) -> float:
    """The normal player's worth of a play: what it takes (or will take), less what it gives away."""
    r = match.r

    def w(cards: Iterable[Le31Card]) -> float:
        return sum(weight(match, c) for c in cards)

    loose, builds = _loose_after(match, op)
    value = 0.0
    if isinstance(op, Capture):
        taken = [op.card, *op.loose]
        if op.build:
            taken += _build_cards(match, op.card.value)
        value += w(taken)
        if not loose and not builds:
            value += RECOLTE
    elif isinstance(op, Build):
        existing = r.build(op.value)
        value += 0.7 * (w([op.card, *op.loose]) + (w(existing.cards) if existing else 0)) - 0.2
    elif isinstance(op, Raise):
        build = r.build(op.value)
        value += 0.7 * (w([op.card, *op.loose]) + (w(build.cards) if build else 0))
    else:
        value -= 0.6 * weight(match, op.card)
    # What is left for the next player: valuable loose cards, and a lone card (an easy récolte).
    value -= 0.3 * sum(weight(match, c) for c in loose if weight(match, c) >= 1)
    if len(loose) == 1 and not builds:
        value -= 0.5 * RECOLTE
    return value


PLAYS = (Trail, Capture, Build, Raise)  # a card's readings, in the order the players weigh their ties


def legal_plays(match: Le31Match, seat: int) -> list[Play]:
    """The plays the seat's choices offer (``match.options``), card by card as the hand holds them, each card's laid
    down, then taken, built and raised: the order in which the players break a tie between plays."""
    cards = list(dict.fromkeys(match.hand(seat) or ()))
    plays = [op for op in match.options(seat) if isinstance(op, PLAYS)]
    return sorted(plays, key=lambda op: (cards.index(op.card), PLAYS.index(type(op))))


def _build_cards(match: Le31Match, value: int | None) -> list[Le31Card]:
    """The cards of the build of ``value`` a capture takes (on the table: the capture is legal)."""
    build = match.r.build(value or 0)
    return build.cards if build is not None else []


def _ranked(match: Le31Match, plays: Sequence[Play]) -> list[Play]:
    return sorted(plays, key=lambda op: -score(match, op))


def choose(match: Le31Match, seat: int, level: str, rng: random.Random, search_deep: bool = True) -> Operation:
    plays = legal_plays(match, seat)
    if not plays:  # cannot happen with a legal position; a trail is refused with the reason
        return Trail(seat, (match.hand(seat) or ())[0])
    if level == "easy":
        captures = [op for op in plays if isinstance(op, Capture)]
        trails = [op for op in plays if isinstance(op, Trail)]
        return rng.choice(captures or trails or plays)
    ranked = _ranked(match, plays)
    if level == "hard" and search_deep and len(ranked) > 1:
        return search(match, seat, ranked[:HARD_CANDIDATES], rng)
    return ranked[0]


# ---------------------------------------------------------------- search over the unseen cards

def _copy_round(r: RoundState) -> RoundState:
    new = copy.copy(r)
    new.stock = list(r.stock) if r.stock is not None else None
    new.hands = [list(h) for h in r.hands] if r.hands is not None else None
    new.played, new.played_cards = list(r.played), [list(p) for p in r.played_cards]
    new.loose = list(r.loose)
    new.builds = [TableBuild(b.value, [list(g) for g in b.groups], b.owner) for b in r.builds]
    new.piles, new.recoltes = [list(p) for p in r.piles], list(r.recoltes)
    new.pending, new.claims, new.seen = dict(r.pending), list(r.claims), copy.copy(r.seen)
    return new


def determinized(match: Le31Match, seat: int, rng: random.Random) -> Le31Match:
    """A copy of the match in which the cards ``seat`` cannot see are dealt again from the unseen ones."""
    r = match.r
    assert r.hands is not None and r.stock is not None
    pool = sorted([c for s, h in enumerate(r.hands) if s != seat for c in h] + list(r.stock),
                  key=lambda c: c.sort_key)
    rng.shuffle(pool)
    new = _copy_round(r)
    for other in range(match.players):
        if other != seat:
            hand: list[Le31Card] = []
            for build in r.builds:  # a builder said « pour N »: everyone knows he holds an N
                if build.owner == other and not any(c.value == build.value for c in hand):
                    held = next((c for c in pool if c.value == build.value), None)
                    if held is not None:
                        pool.remove(held)
                        hand.append(held)
            hand += [pool.pop() for _ in range(len(r.hands[other]) - len(hand))]
            new.hands[other] = hand  # type: ignore[index]
    new.stock = pool
    return match.fork(r=new, points=list(match.points), rounds=list(match.rounds), carry=dict(match.carry))


def _board(world: Le31Match, side: int) -> float:
    r = world.r
    mine = sum(weight(world, c) for c in r.piles[side]) + RECOLTE * r.recoltes[side]
    theirs = sum(weight(world, c) for c in r.piles[1 - side]) + RECOLTE * r.recoltes[1 - side]
    return mine - theirs


def rollout(world: Le31Match, seat: int, first: Operation) -> float:
    """Play ``first`` and the rest of the deal with the normal policy; the side's gain at the tally."""
    side = world.side_of(seat)
    start_round, start = world.r, _board(world, side)
    points = list(world.points)
    world.apply(first)
    while world.phase == "play" and world.r is start_round:
        op = choose(world, world.r.turn, "normal", random.Random(0), search_deep=False)
        if not world.can(op):
            break  # a sampled hand that cannot follow the table: judge the deal as it stands
        world.apply(op)
    gained = (world.points[side] - points[side]) - (world.points[1 - side] - points[1 - side])
    after = _board(world, side) if world.r is start_round else 0.0
    return gained + after - start


def search(match: Le31Match, seat: int, candidates: Sequence[Operation], rng: random.Random) -> Operation:
    # A crowded table makes every play of the rollouts costly to list: fewer deals keep the decision quick
    # (by the position, not by a clock, so a seeded game replays on any machine).
    crowd = len(match.r.loose)
    samples = HARD_SAMPLES if crowd <= 5 else HARD_SAMPLES // 2 if crowd <= 7 else 2
    seeds = [rng.random() for _ in range(samples)]
    return by_rollouts(candidates, lambda op, seed: rollout(determinized(match, seat, random.Random(seed)), seat, op),
                       seeds)


# ---------------------------------------------------------------- one operation at a time

def next_op(match: Le31Match, kinds: Sequence[str]) -> Operation | None:
    """The next operation nobody at the screen has to choose: a deal, or a computer player's play. None: a
    human must play, or the match is over."""
    if match.phase == "match_over":
        return None
    if match.phase == "deal":
        return deal_virtual(match, match.setup.seed)
    seat = match.r.turn
    level = kinds[seat]
    if level == "human":
        return None
    return choose(match, seat, level, position_rng(match, seat))



def table_entries(virtual: Le31Match) -> list[Operation]:
    """What players would enter at a real table for a virtual match: the four cards the first deal of each round
    lays face up, the later deals, and every play (no hands: nobody tells the app hidden cards)."""
    return [(Deal(table=op.deck[:DEAL_SIZE]) if op.deck is not None else Deal()) if isinstance(op, Deal) else op
            for op in virtual.log]

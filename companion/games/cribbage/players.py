"""Computer players at three levels, and a driver that plays a whole virtual match.

None of them looks at a hidden card: each decides from ``View``, what its seat may see (its own cards, the
cards played, the starter, who said go at which count, the scores).

- **easy**: legal and simple. Lays away two cards at random; plays for points now (fifteen, pair, 31), else
  a random card.
- **normal**: what a club player does. Keeps the four with the best mean show over every starter, nudged by
  what the laid-away cards give the crib (pairs, fifteens, fives, near runs: a bonus in one's own crib, a cost
  in the other's); plays for points now and keeps the count off 5 and 21, leads low, pairs with care.
- **hard**: lays away by the exact advisor (``advisor.analyse``: mean hand plus or minus mean crib); plays by
  determinized Monte Carlo: deals the unseen cards to the others many times, consistently with what they
  played and with every go they said, plays each candidate card out with the normal policy for everyone, and
  keeps the card with the best mean of (own side's points − the others'). The samples come from a generator
  seeded by the position, so a seeded game replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.core.cards import Card, standard_deck
from companion.games.cribbage.engine import CRIB, CribbageMatch
from companion.games.cribbage.ops import Crib, Cut, Discard, Go, Muggins, NewGame, Op, Play, Show
from companion.games.cribbage.pegging import peg_points
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import hand_score, pip

LEVELS = ("easy", "normal", "hard")
MAX_COUNT = 31
HARD_SAMPLES = 32  # determinizations per pegging decision (the benchmark prints the time this takes)


@dataclass(frozen=True)
class View:
    """What one seat may see during the play."""

    seat: int
    players: int
    hand: tuple[Card, ...]  # the cards it still holds
    current: tuple[tuple[int, Card], ...]  # this count, in order
    go_said: frozenset[int]
    last_player: int | None
    played: tuple[tuple[Card, ...], ...]  # per seat, this deal
    go_claims: tuple[tuple[int, int, int], ...]  # (seat, count, cards it had played before)
    starter: Card | None
    known_out: frozenset[Card]  # cards this seat knows are not in another hand (its own four, the starter, crib)
    rules: CribbageRules

    @property
    def count(self) -> int:
        return sum(pip(c) for _, c in self.current)

    def side(self, seat: int) -> int:
        return self.rules.side_of(seat)


def view_of(match: CribbageMatch, seat: int) -> View:
    """Virtual play: the seat's view, from the cards the engine knows it holds."""
    assert match.d is not None and match.d.hands is not None
    return table_view(match, seat, match.d.hands[seat])


def table_view(match: CribbageMatch, seat: int, hand: Sequence[Card]) -> View:
    """The view of a player holding ``hand``: what the engine deals (virtual play), or at a real table what the
    player tells the app. Known not to be elsewhere: the hand, the cards it played, the starter."""
    d = match.d
    assert d is not None
    known = set(hand) | set(d.played[seat]) | ({d.starter} if d.starter else set())
    return View(seat, match.players, tuple(hand), tuple(d.current), frozenset(d.go_said), d.last_player,
                tuple(tuple(p) for p in d.played), tuple((s, c, n) for s, c, n, _ in d.go_claims), d.starter,
                frozenset(known), match.rules)


# ---------------------------------------------------------------- the discard

def crib_guess(cards: Sequence[Card]) -> float:
    """A club player's rough value of cards laid away: pairs, fifteens, fives and near runs."""
    value = 0.0
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            value += 2
        if pip(a) + pip(b) == 15:
            value += 2
        if abs(a.rank - b.rank) == 1:
            value += 1
    value += sum(1.0 for c in cards if pip(c) == 5)
    return value


def choose_discard(match: CribbageMatch, seat: int, level: str = "normal",
                   rng: random.Random | None = None) -> tuple[Card, ...]:
    hand = match.hand(seat)
    assert hand is not None
    n_away = match.discard_count()
    own_crib = match.side_of(seat) == match.side_of(match.dealer)
    if level == "easy":
        return tuple((rng or random.Random(0)).sample(hand, n_away))
    if level == "hard":
        from companion.games.cribbage.advisor import analyse

        return analyse(hand, own_crib, match.rules)[0].discard
    unseen = [c for c in standard_deck() if c not in hand]
    best: tuple[float, tuple[Card, ...]] | None = None
    for keep in combinations(hand, len(hand) - n_away):
        away = tuple(c for c in hand if c not in keep)
        expected = sum(hand_score(keep, s, False, match.rules) for s in unseen) / len(unseen)
        expected += crib_guess(away) * (1 if own_crib else -1) * 0.5
        if best is None or expected > best[0]:
            best = (expected, away)
    assert best is not None
    return best[1]


# ---------------------------------------------------------------- the play

def _playable(hand: Sequence[Card], count: int) -> list[Card]:
    return [c for c in hand if count + pip(c) <= MAX_COUNT]


def normal_play(hand: Sequence[Card], current: Sequence[Card], rules: CribbageRules) -> Card | None:
    """Points now first; then keep the count off 5 and 21 (a ten makes 15 or 31), don't leave a count an
    opponent can pair into a pair royal, lead below 5; then keep the high cards for later."""
    count = sum(pip(c) for c in current)
    playable = _playable(hand, count)
    if not playable:
        return None

    def value(card: Card) -> tuple:
        now = peg_points([*current, card], rules).points
        after = count + pip(card)
        danger = after in (5, 21)  # a ten-card makes 15 or 31
        lead = not current and pip(card) < 5
        return (now, -danger, lead, pip(card))

    return max(playable, key=value)


def easy_play(hand: Sequence[Card], current: Sequence[Card], rules: CribbageRules, rng: random.Random) -> Card | None:
    count = sum(pip(c) for c in current)
    playable = _playable(hand, count)
    if not playable:
        return None
    scoring = [c for c in playable if peg_points([*current, c], rules).points]
    return rng.choice(scoring or playable)


def _rollout(hands: list[list[Card]], view: View, first: Card, rules: CribbageRules) -> list[int]:
    """Play ``first`` for the view's seat, then the rest of the pegging with the normal policy for every seat,
    as the engine runs it (a go passes the turn; when nobody can play on, the last card played scores 1 and a
    new count starts after it); points per side."""
    n = view.players
    points = [0] * rules.sides
    current = [c for _, c in view.current]
    go_said = set(view.go_said)
    last: int | None = view.last_player
    turn = view.seat

    def new_count(go_point: bool) -> bool:
        nonlocal current, go_said, last, turn
        if go_point and last is not None:
            points[rules.side_of(last)] += 1
        start = last if last is not None else turn
        current, go_said, last = [], set(), None
        if not any(hands):
            return False
        turn = next((start + k) % n for k in range(1, n + 1) if hands[(start + k) % n])
        return True

    def advance(seat: int) -> bool:
        nonlocal turn
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if hands[nxt] and nxt not in go_said:
                turn = nxt
                return True
        return new_count(True)

    card: Card | None = first
    while True:
        if card is None:
            go_said.add(turn)
            going = advance(turn)
        else:
            hands[turn].remove(card)
            current.append(card)
            last = turn
            points[rules.side_of(turn)] += peg_points(current, rules).points
            going = new_count(False) if sum(pip(c) for c in current) == MAX_COUNT else advance(turn)
        if not going:
            return points
        card = normal_play(hands[turn], current, rules)


def _determinize(view: View, rng: random.Random, tries: int = 50) -> list[list[Card]] | None:
    """Deal the unseen cards to the other seats: each gets as many as it still holds, and none a card that
    would have let it play when it said go."""
    seen = set(view.known_out) | {c for p in view.played for c in p}
    unseen = [c for c in standard_deck() if c not in seen]
    need = {s: 4 - len(view.played[s]) for s in range(view.players) if s != view.seat}
    for _ in range(tries):
        rng.shuffle(unseen)
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        i = 0
        for s, k in need.items():
            hands[s] = unseen[i:i + k]
            i += k
        if all(all(pip(c) > MAX_COUNT - count for c in hands[s] + list(view.played[s][before:]))
               for s, count, before in view.go_claims if s != view.seat):
            return hands
    return None


def rank_plays(view: View, rng: random.Random, samples: int = HARD_SAMPLES) -> list[tuple[Card, float]]:
    """Each playable card with its mean margin (own side's pegging points − the others', to the end of the
    play) over ``samples`` deals of the unseen cards; best first. The same deals serve every card."""
    current = [c for _, c in view.current]
    playable = _playable(view.hand, view.count)
    worlds = [w for w in (_determinize(view, rng) for _ in range(samples)) if w is not None]
    if len(playable) <= 1 or not worlds:
        card = normal_play(view.hand, current, view.rules)
        return [(card, 0.0)] if card is not None else []
    me = view.side(view.seat)
    ranked = []
    for card in playable:
        total = 0.0
        for world in worlds:
            hands = [list(h) for h in world]
            hands[view.seat] = list(view.hand)
            gain = _rollout(hands, view, card, view.rules)
            others = [g for side, g in enumerate(gain) if side != me]
            total += gain[me] - sum(others) / len(others)
        ranked.append((card, total / len(worlds)))
    ranked.sort(key=lambda pair: -pair[1])  # stable: ties keep the hand's order
    return ranked


def hard_play(view: View, rng: random.Random, samples: int = HARD_SAMPLES) -> Card | None:
    ranked = rank_plays(view, rng, samples)
    return ranked[0][0] if ranked else None


def choose_play(match: CribbageMatch, seat: int, level: str = "normal", rng: random.Random | None = None) -> Card | None:
    """The card to play, or None for go."""
    view = view_of(match, seat)
    current = [c for _, c in view.current]
    rng = rng or position_rng(match, seat)
    if level == "easy":
        return easy_play(view.hand, current, match.rules, rng)
    if level == "hard":
        return hard_play(view, rng)
    return normal_play(view.hand, current, match.rules)


def position_rng(match: CribbageMatch, seat: int) -> random.Random:
    """A generator fixed by the match's seed and the position, so a replayed game decides the same."""
    return random.Random(f"{match.setup.seed}:{match.game_number}:{match.deal_number}:{seat}:{len(match.log)}")


# ---------------------------------------------------------------- whole matches

def next_op(match: CribbageMatch, kinds: Sequence[str]) -> Op | None:
    """The next operation of a virtual match that nobody at the screen has to choose: a deal, a cut, a show,
    a computer player's move, a human's go when no card of theirs fits. None: a human must act (or the game is
    over). ``kinds``: "human" or a level, per seat."""
    from companion.games.cribbage.ops import Discard, Muggins

    phase = match.phase
    if phase == "deal":
        return match.make_deal() if match.setup.mode == "virtual" else None
    if phase == "discard":
        for seat in range(match.players):
            if seat not in match.live.discarded and kinds[seat] != "human":
                return Discard(seat, choose_discard(match, seat, kinds[seat], position_rng(match, seat)))
        return None
    if phase == "cut":
        return match.make_cut()
    if phase == "play":
        seat = match.live.turn
        if kinds[seat] == "human":
            return Go(seat) if not match.playable(seat) else None
        card = choose_play(match, seat, kinds[seat])
        return Go(seat) if card is None else Play(seat, card)
    if phase == "show":
        who = match.showing
        return Crib(tuple(match.live.crib)) if who == CRIB else Show(who, match.kept(who) or ())
    if phase == "muggins":
        return Muggins(None)
    return None


def play_turn(match: CribbageMatch, rng: random.Random | None = None, levels: Sequence[str] | None = None) -> None:
    """Apply the next move of a virtual match for whoever must act: random legal moves with ``rng``, else
    each seat at its level (``levels``, normal by default)."""
    phase = match.phase
    level = (lambda seat: levels[seat] if levels else "normal")
    if phase == "deal":
        match.apply(match.make_deal())
    elif phase == "discard":
        n = match.discard_count()
        for seat in range(match.players):
            if seat in match.live.discarded:
                continue
            hand = match.hand(seat) or ()
            if rng is not None:
                match.apply(Discard(seat, tuple(tuple(rng.sample(hand, n)))))
            else:
                match.apply(Discard(seat, tuple(choose_discard(match, seat, level(seat), position_rng(match, seat)))))
            return
    elif phase == "cut":
        match.apply(match.make_cut())
    elif phase == "play":
        seat = match.live.turn
        if rng is not None:
            options = match.playable(seat)
            card = rng.choice(options) if options else None
        else:
            card = choose_play(match, seat, level(seat))
        match.apply(Go(seat)) if card is None else match.apply(Play(seat, card))
    elif phase == "show":
        who = match.showing
        match.apply(Crib(tuple(match.live.crib))) if who == CRIB else match.apply(Show(who, tuple(match.kept(who) or ())))
    elif phase == "muggins":
        match.apply(Muggins(None))
    elif phase == "game_over":
        match.apply(NewGame())
    else:
        raise ValueError(f"nothing to play in phase {phase}")


def play_out(match: CribbageMatch, rng: random.Random | None = None, max_moves: int = 100_000,
             levels: Sequence[str] | None = None) -> CribbageMatch:
    """Play a virtual match to its end."""
    for _ in range(max_moves):
        if match.phase == "match_over":
            return match
        play_turn(match, rng, levels)
    raise RuntimeError("match did not end")


def table_entries(virtual: CribbageMatch) -> list[Op]:
    """What players would enter at a real table for a virtual match: starters, cards, goes,
    hands, cribs and new games (no deals or discards: nobody tells the app hidden cards)."""
    return [op for op in virtual.log if isinstance(op, (Cut, Play, Go, Show, Crib, NewGame))]

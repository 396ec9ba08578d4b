"""Computer players for virtual games, and a driver that plays a whole match.

The discard keeps the four cards with the best average show over every possible
starter, nudged by what the laid-away cards are likely to give the crib (to the
dealer's side: a bonus for the dealer, a cost for the others). The play takes
the most pegging points now and avoids leaving the count at 5 or 21.
"""

from __future__ import annotations

import random
from itertools import combinations

from companion.cards import Card, standard_deck
from companion.games.cribbage.engine import CRIB, CribbageMatch
from companion.games.cribbage.ops import Crib, Cut, Go, NewGame, Op, Play, Show
from companion.games.cribbage.pegging import peg_points
from companion.games.cribbage.scoring import hand_score, pip


def _crib_guess(cards: tuple[Card, ...]) -> float:
    """A rough value of cards laid away: pairs, fifteens, fives and near runs."""
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


def choose_discard(hand: tuple[Card, ...], n_discard: int, own_crib: bool, match: CribbageMatch) -> tuple[Card, ...]:
    unseen = [c for c in standard_deck() if c not in hand]
    best: tuple[float, tuple[Card, ...]] | None = None
    rules = match.rules
    for keep in combinations(hand, len(hand) - n_discard):
        away = tuple(c for c in hand if c not in keep)
        expected = sum(hand_score(keep, s, False, rules) for s in unseen) / len(unseen)
        expected += _crib_guess(away) * (1 if own_crib else -1) * 0.5
        if best is None or expected > best[0]:
            best = (expected, away)
    assert best is not None
    return best[1]


def choose_play(match: CribbageMatch, seat: int) -> Card | None:
    """The card to play, or None for go."""
    playable = match.playable(seat)
    if not playable:
        return None
    current = [c for _, c in match.current]

    def value(card: Card) -> tuple[int, int, int]:
        points = peg_points(current + [card], match.rules).points
        count = match.count + pip(card)
        danger = 1 if count in (5, 21) else 0
        return (points, -danger, pip(card))

    return max(playable, key=value)


def play_turn(match: CribbageMatch, rng: random.Random | None = None) -> None:
    """Apply the next move of a virtual match for whoever must act (random moves with ``rng``)."""
    phase = match.phase
    if phase == "deal":
        match.deal()
    elif phase == "discard":
        n = match.discard_count()
        for seat in range(match.players):
            if seat in match.d.discarded:
                continue
            hand = match.hand(seat)
            if rng is not None:
                match.discard(seat, tuple(rng.sample(hand, n)))
            else:
                match.discard(seat, choose_discard(hand, n, match.side_of(seat) == match.side_of(match.dealer), match))
            return
    elif phase == "cut":
        match.cut()
    elif phase == "play":
        seat = match.turn
        if rng is not None:
            options = match.playable(seat)
            card = rng.choice(options) if options else None
        else:
            card = choose_play(match, seat)
        match.go(seat) if card is None else match.play(seat, card)
    elif phase == "show":
        who = match.next_to_show
        match.crib() if who == CRIB else match.show(who)
    elif phase == "muggins":
        match.muggins(None)
    elif phase == "game_over":
        match.new_game()
    else:
        raise ValueError(f"nothing to play in phase {phase}")


def play_out(match: CribbageMatch, rng: random.Random | None = None, max_moves: int = 100_000) -> CribbageMatch:
    """Play a virtual match to its end."""
    for _ in range(max_moves):
        if match.phase == "match_over":
            return match
        play_turn(match, rng)
    raise RuntimeError("match did not end")


def table_entries(virtual: CribbageMatch) -> list[Op]:
    """What players would enter at a real table for a virtual match: starters, cards, goes,
    hands, cribs and new games (no deals or discards: nobody tells the app hidden cards)."""
    return [op for op in virtual.log if isinstance(op, (Cut, Play, Go, Show, Crib, NewGame))]

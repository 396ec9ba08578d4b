"""The hard player as it was before issue 29, frozen, for self-play only (the level ``hard-previous``: the
self-play harness accepts it, the app's setup form never offers it).

It lays away by the exact advisor with the uniform crib model, and pegs by 32 deals of the unseen cards, its own
two discards among them (the flaw issue 29 fixed), each card played out with the normal policy for everyone and
judged by the mean pegging margin, whatever the score. Kept as it was so that "hard against the previous hard"
measures what the new search adds; nothing else uses it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.core.cards import Card, standard_deck
from companion.games.cribbage.pegging import MAX_COUNT, peg_points
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import pip

if TYPE_CHECKING:
    from companion.games.cribbage.engine import CribbageMatch
    from companion.games.cribbage.sight import View

SAMPLES = 32


def choose_discard(match: CribbageMatch, seat: int) -> tuple[Card, ...]:
    from companion.games.cribbage.advisor import analyse

    hand = match.hand(seat)
    assert hand is not None
    own_crib = match.side_of(seat) == match.side_of(match.dealer)
    return analyse(hand, own_crib, match.rules)[0].discard


def normal_play(hand: Sequence[Card], current: Sequence[Card], rules: CribbageRules) -> Card | None:
    """The normal player's card, as it was (a frozen copy of ``players.normal_play``): the most points now, a
    count other than 5 or 21, a lead below 5, the higher card."""
    count = sum(pip(c) for c in current)
    playable = [c for c in hand if count + pip(c) <= MAX_COUNT]
    if not playable:
        return None

    def value(card: Card) -> tuple[int, int, bool, int]:
        now = peg_points([*current, card], rules).points
        after = count + pip(card)
        return (now, -(after in (5, 21)), not current and pip(card) < 5, pip(card))

    return max(playable, key=value)


def _rollout(hands: list[list[Card]], view: View, first: Card, rules: CribbageRules) -> list[int]:
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
    # The old view: its own discards were not counted as seen.
    seen = set(view.hand) | set(view.played[view.seat]) | ({view.starter} if view.starter else set())
    seen |= {c for p in view.played for c in p}
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


def choose_play(view: View, rng: random.Random) -> Card | None:
    current = [c for _, c in view.current]
    playable = [c for c in view.hand if view.count + pip(c) <= MAX_COUNT]
    worlds = [w for w in (_determinize(view, rng) for _ in range(SAMPLES)) if w is not None]
    if len(playable) <= 1 or not worlds:
        return normal_play(view.hand, current, view.rules)
    me = view.side(view.seat)
    ranked: list[tuple[Card, float]] = []
    for card in playable:
        total = 0.0
        for world in worlds:
            hands = [list(h) for h in world]
            hands[view.seat] = list(view.hand)
            gain = _rollout(hands, view, card, view.rules)
            others = [g for side, g in enumerate(gain) if side != me]
            total += gain[me] - sum(others) / len(others)
        ranked.append((card, total / len(worlds)))
    ranked.sort(key=lambda pair: -pair[1])
    return ranked[0][0]

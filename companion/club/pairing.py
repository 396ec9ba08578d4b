"""Pairing a round of a club night.

- **rotation** (the default, as clubs do it with a fixed table plan): the circle method, players in the order
  of the night's roster, with an empty seat when they are odd (whoever meets it has the bye). Over ``n - 1``
  rounds (``n`` even) everyone meets everyone exactly once; later rounds start the cycle again.
- **swiss**: players in standings order, each paired with the highest-placed player he has met least.

Whenever the field changes (a player leaves), or for Swiss, a round is found by search: a matching of the
players present with the fewest repeated pairs (none if that can be done), the bye to whoever has had the
fewest byes (the lowest placed among them). Nobody is ever in two games of one round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Pairs = list[tuple[str, str | None]]  # (a, b); b None: a has the bye


def circle(players: Sequence[str], round_index: int) -> Pairs:
    """Round ``round_index`` (0-based) of the circle method: the first seat stays, the others turn."""
    seats: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(seats)
    turn = round_index % (n - 1)
    rest = seats[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [seats[0]] + rest
    pairs: Pairs = []
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if a is None:
            a, b = b, None
        assert a is not None
        pairs.append((a, b))
    return pairs


def met(history: Sequence[Pairs]) -> Counter[frozenset[str]]:
    """How many times each pair has met."""
    return Counter(frozenset((a, b)) for pairs in history for a, b in pairs if b is not None)


def byes(history: Sequence[Pairs]) -> Counter[str]:
    return Counter(a for pairs in history for a, b in pairs if b is None)


def search(players: Sequence[str], history: Sequence[Pairs], budget: int = 200_000) -> Pairs:
    """A round for ``players`` (best placed first): the bye to the fewest-byes, lowest-placed player; then the
    matching with the fewest repeats, trying partners best placed first. Exhaustive for the fewest repeats
    within ``budget`` steps; past it, the best found."""
    seen = met(history)
    had = byes(history)
    field = list(players)
    bye: str | None = None
    if len(field) % 2:
        bye = min(reversed(field), key=lambda p: had[p])  # reversed: a tie goes to the lowest placed
        field.remove(bye)
    best: tuple[int, Pairs] | None = None
    steps = 0

    def walk(left: list[str], pairs: Pairs, repeats: int) -> None:
        nonlocal best, steps
        steps += 1
        if best is not None and (repeats >= best[0] or steps > budget):
            return
        if not left:
            best = (repeats, list(pairs))
            return
        a = left[0]
        for b in sorted(left[1:], key=lambda b: seen[frozenset((a, b))]):
            pairs.append((a, b))
            walk([p for p in left[1:] if p != b], pairs, repeats + seen[frozenset((a, b))])
            pairs.pop()
            if best is not None and best[0] == 0:
                return

    walk(field, [], 0)
    assert best is not None
    return best[1] + ([(bye, None)] if bye is not None else [])


def pair_round(roster: Sequence[str], present: Sequence[str], history: Sequence[Pairs], method: str,
               standings: Sequence[str] | None = None) -> Pairs:
    """The next round. ``roster``: the night's players in their first order; ``present``: those still playing;
    ``history``: the rounds paired so far; ``standings``: present players best first (Swiss)."""
    if method == "rotation" and list(present) == list(roster):
        return circle(roster, len(history))
    order = [p for p in (standings or present) if p in present]
    return search(order, history)

"""Le 31's legal plays, found by the cards' values instead of by every subset of the table.

A numbered card takes (or builds with) table cards that split into groups each adding up to one value. Which
groups a table allows depends only on how many cards of each value lie there, so every question here is asked of
a count per value (at most 10 values, a few copies each) and remembered: a crowded table costs milliseconds,
where listing every subset of 16 loose cards took over a minute.

- :func:`groupable`: can these values be split into groups adding up to ``v``;
- :func:`extendable`: can the cards chosen so far be completed, with more of the table's, into such groups (a
  tap on a table card is lit only if it leads somewhere);
- :func:`partition`: the groups themselves, for the engine's checks and the builds it lays on the table;
- :func:`completions` and :func:`continuations`: the plays a selection makes, and the table cards and builds
  that can still join it (the tap-by-tap entry);
- :func:`readings`: the legal plays of a card, one per combination of values (the red cards taken first), within a
  fixed budget of search steps (the computer players and the command line's listing).

Pure rules: no UI, no store.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from companion.games.le31.deck import Le31Card
from companion.games.le31.ops import Build, Capture, Play, Raise, Trail

if TYPE_CHECKING:
    from companion.games.le31.state import Le31State

MAX_BUILD = 10  # no card is worth more, so no build can be
READINGS_BUDGET = 600  # search steps per card for readings(): bounds the worst table

Counts = tuple[int, ...]  # index = a card's value, entry = how many (index 0 unused)


def counts_of(values: Sequence[int], size: int) -> Counts:
    out = [0] * (size + 1)
    for value in values:
        out[value] += 1
    return tuple(out)


def _width(*groups: Sequence[Le31Card], value: int = 0) -> int:
    return max([value, *(c.value or 0 for g in groups for c in g)])


def _vector(cards: Sequence[Le31Card], size: int) -> Counts:
    return counts_of([c.value for c in cards if c.value is not None], size)


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _sums(counts: Counts, target: int, top: int) -> Iterator[Counts]:
    """Every sub-multiset of ``counts`` using values ≤ ``top`` that adds up to ``target``."""
    if target == 0:
        yield (0,) * len(counts)
        return
    for value in range(min(top, target), 0, -1):
        if counts[value]:
            for k in range(min(counts[value], target // value), 0, -1):
                rest = list(counts)
                rest[value] = 0  # smaller values only below: each multiset is met once
                for tail in _sums(tuple(rest), target - k * value, value - 1):
                    out = list(tail)
                    out[value] = k
                    yield tuple(out)


@lru_cache(maxsize=1 << 16)
def groupable(counts: Counts, v: int) -> bool:
    """True if every card counted can be put in groups each adding up to ``v`` (each card used once)."""
    high = next((value for value in range(len(counts) - 1, 0, -1) if counts[value]), 0)
    if high == 0:
        return True
    if high > v:
        return False
    rest = list(counts)
    rest[high] -= 1
    rest_t = tuple(rest)
    return any(groupable(_sub(rest_t, group), v) for group in _sums(rest_t, v - high, high))


@lru_cache(maxsize=1 << 16)
def extendable(chosen: Counts, pool: Counts, v: int) -> bool:
    """True if the chosen cards, with some (or none) of ``pool``, can be split into groups adding up to ``v``."""
    high = next((value for value in range(len(chosen) - 1, 0, -1) if chosen[value]), 0)
    if high == 0:
        return True
    if high > v:
        return False
    rest = list(chosen)
    rest[high] -= 1
    rest_t = tuple(rest)
    for group in _sums(_add(rest_t, pool), v - high, v):
        # The group's cards come first from the chosen ones (a card chosen must be in some group anyway).
        mine = tuple(min(g, c) for g, c in zip(group, rest_t))
        theirs = _sub(group, mine)
        if all(t <= p for t, p in zip(theirs, pool)) and extendable(_sub(rest_t, mine), _sub(pool, theirs), v):
            return True
    return False


def splits(cards: Sequence[Le31Card], value: int) -> bool:
    """True if the cards split into groups each adding up to ``value`` (what ``partition`` finds, without them)."""
    if any(c.value is None for c in cards) or value < 1:
        return not cards
    return groupable(_vector(cards, _width(cards, value=value)), value)


def partition(cards: Sequence[Le31Card], value: int) -> list[list[Le31Card]] | None:
    """The cards split into groups each adding up to ``value``, or None (every card used once)."""
    if not cards:
        return []
    if any(c.value is None for c in cards) or value < 1:
        return None
    size = _width(cards, value=value)
    counts = _vector(cards, size)
    if not groupable(counts, value):
        return None
    by_value: dict[int, list[Le31Card]] = {}
    for card in cards:
        by_value.setdefault(card.value, []).append(card)  # type: ignore[arg-type]
    groups: list[list[Le31Card]] = []
    while any(counts):
        high = max(v for v in range(1, size + 1) if counts[v])
        rest = list(counts)
        rest[high] -= 1
        rest_t = tuple(rest)
        group = next(g for g in _sums(rest_t, value - high, high) if groupable(_sub(rest_t, g), value))
        cards_of = [by_value[high].pop()]
        for v in range(1, size + 1):
            cards_of += [by_value[v].pop() for _ in range(group[v])]
        groups.append(cards_of)
        counts = _sub(rest_t, group)
    return groups


# ---------------------------------------------------------------- a selection, tap by tap
def _loose_numbered(match: Le31State) -> list[Le31Card]:
    return [c for c in match.r.loose if not c.is_illustrated]


def _build_values(match: Le31State, seat: int, card: Le31Card) -> list[int]:
    """The values ``card`` could build to, as far as the hand tells (table mode: any)."""
    low = max(2, card.value or 0)
    values = range(low, MAX_BUILD + 1)
    hand = match.hand(seat)
    if hand is None:
        return list(values)
    rest = list(hand)
    if card in rest:
        rest.remove(card)
    held = {c.value for c in rest}
    partner = (seat + 2) % match.players if match.players == 4 else None
    return [w for w in values if w in held or (partner is not None and (b := match.r.build(w)) is not None
                                                and b.owner == partner)]


def completions(match: Le31State, seat: int, card: Le31Card, chosen: Sequence[Le31Card],
                build: int | None = None) -> list[Play]:
    """The legal plays of ``card`` taking or building with exactly the table cards ``chosen`` and, if ``build``
    is a value, the build of that value: laying down, taking, building each value, raising."""
    loose = tuple(chosen)
    candidates: list[Play] = []
    if not loose and build is None:
        candidates.append(Trail(seat, card))
    if card.is_illustrated:
        if len(loose) == 1 and build is None:
            candidates.append(Capture(seat, card, loose))
    else:
        if build is None or build == card.value:
            if loose or build is not None:
                candidates.append(Capture(seat, card, loose, build is not None))
        if build is None:
            for value in range(max(2, card.value or 0), MAX_BUILD + 1):
                candidates.append(Build(seat, card, loose, value))
                if match.players == 4:
                    candidates.append(Build(seat, card, loose, value, True))
        else:
            candidates.append(Raise(seat, card, build, loose))
    return [op for op in candidates if match.can(op)]


def continuations(match: Le31State, seat: int, card: Le31Card, chosen: Sequence[Le31Card],
                  build: int | None = None) -> tuple[list[int], list[int]]:
    """What can still join the selection: the positions in ``match.r.loose`` of the table cards, and the values of
    the builds, that a tap may add on the way to some legal play."""
    r = match.r
    loose_left = list(r.loose)
    for c in chosen:
        loose_left.remove(c)
    if r.trail_only or match.phase != "play":
        return [], []
    if card.is_illustrated:
        if chosen or build is not None:
            return [], []
        return [i for i, c in enumerate(r.loose) if c.illustration == card.illustration], []
    if any(c.is_illustrated for c in chosen):
        return [], []
    size = MAX_BUILD + max([0, *(c.value or 0 for c in r.loose)]) + (card.value or 0)
    pool_cards = [c for c in loose_left if not c.is_illustrated]
    v = card.value or 0
    committed = match._committed(seat)  # noqa: SLF001 (the engine's own rule of « tu t'engages »)

    def leads_somewhere(picked: Sequence[Le31Card], with_build: int | None) -> bool:
        pool = list(pool_cards)
        for c in picked[len(chosen):]:
            pool.remove(c)  # the card being tried is chosen, no longer in the pool
        chosen_v, pool_v = _vector(picked, size), _vector(pool, size)
        if with_build is not None:
            existing = r.build(with_build)
            if existing is None:
                return False
            if with_build == v and extendable(chosen_v, pool_v, v):
                return True  # take it, with groups of the table
            if existing.multiple or existing.owner == seat or committed is not None:
                return False
            room = MAX_BUILD - with_build - v
            if not picked:
                return room >= 0
            return match.rules.raise_may_absorb_table and sum(c.value or 0 for c in picked) <= room
        if committed is not None:  # this turn must take his build: only captures with it go on
            return committed == v and bool(picked) and extendable(chosen_v, pool_v, v)
        if extendable(chosen_v, pool_v, v) and picked:
            return True
        with_card = _add(chosen_v, _vector([card], size))
        return bool(picked) and any(extendable(with_card, pool_v, w) for w in _build_values(match, seat, card))

    lit = []
    for i, c in enumerate(r.loose):
        if c.is_illustrated or i in _positions(r.loose, chosen):
            continue
        if leads_somewhere([*chosen, c], build):
            lit.append(i)
    builds = [b.value for b in r.builds if build is None and leads_somewhere(list(chosen), b.value)]
    return lit, builds


def _positions(loose: Sequence[Le31Card], chosen: Sequence[Le31Card]) -> set[int]:
    """Which positions of the table the chosen cards fill (a card chosen twice fills two copies)."""
    taken: set[int] = set()
    for c in chosen:
        taken.add(next(i for i, x in enumerate(loose) if x == c and i not in taken))
    return taken


# ---------------------------------------------------------------- every reading of a card
def _canonical(match: Le31State, counts: Counts, available: Sequence[Le31Card]) -> tuple[Le31Card, ...] | None:
    """Table cards with these values, the most valuable of each value first (red, the red 2, the green 10)."""
    deck = match.deck
    out: list[Le31Card] = []
    for value in range(1, len(counts)):
        if counts[value]:
            same = sorted((c for c in available if c.value == value),
                          key=lambda c: (c not in (deck.red_two, deck.green_ten), not deck.is_red(c), c.sort_key))
            if len(same) < counts[value]:
                return None
            out += same[: counts[value]]
    order = {id(c): i for i, c in enumerate(available)}
    return tuple(sorted(out, key=lambda c: order[id(c)]))  # as they lie on the table


def _group_sums(table: Counts, start: Counts, v: int, budget: list[int]) -> Iterator[Counts]:
    """Sub-multisets of ``table`` that ``start`` plus whole groups of ``v`` make, ``start`` itself first, then deep
    first (takes to which no group can be added come early). Stops when the budget of steps is spent."""
    seen: set[Counts] = set()
    stack = [start]
    while stack and budget[0] > 0:
        current = stack.pop()
        budget[0] -= 1
        if current in seen:
            continue
        seen.add(current)
        yield current
        left = _sub(table, current)
        for group in _sums(left, v, v):
            if any(group):
                stack.append(_add(current, group))


def readings(match: Le31State, seat: int, card: Le31Card, budget: int = READINGS_BUDGET) -> list[Play]:
    """The legal plays of ``card`` now: laying down, every capture and build by combination of values (the red
    cards taken first), raises. At most ``budget`` search steps, so no table can stall a decision."""
    r = match.r
    options: list[Play] = []
    candidates: list[Play] = [Trail(seat, card)]
    if card.is_illustrated:
        candidates += [Capture(seat, card, (c,)) for c in dict.fromkeys(r.loose) if c.illustration == card.illustration]
    elif not r.trail_only:
        numbered = _loose_numbered(match)
        v = card.value or 0
        size = max([MAX_BUILD, v, *(c.value or 0 for c in numbered)])
        table = _vector(numbered, size)
        steps = [budget]
        zero = (0,) * (size + 1)
        for counts in _group_sums(table, zero, v, steps):
            cards = _canonical(match, counts, numbered)
            if cards is None:
                continue
            if cards:
                candidates.append(Capture(seat, card, cards))
            if r.build(v) is not None:
                candidates.append(Capture(seat, card, cards, True))
        for w in _build_values(match, seat, card):
            rest = w - v
            firsts = [zero] if rest == 0 else list(_sums(table, rest, w))
            for first in firsts:
                for counts in _group_sums(table, first, w, steps):
                    cards = _canonical(match, counts, numbered)
                    if cards is None:
                        continue
                    candidates.append(Build(seat, card, cards, w))
                    if match.players == 4:
                        candidates.append(Build(seat, card, cards, w, True))
        for existing in r.builds:
            candidates.append(Raise(seat, card, existing.value))
            if match.rules.raise_may_absorb_table:
                room = MAX_BUILD - existing.value - v
                for extra in range(1, room + 1):
                    for counts in _sums(table, extra, extra):
                        cards = _canonical(match, counts, numbered)
                        if cards:
                            candidates.append(Raise(seat, card, existing.value, cards))
    seen = set()
    for op in candidates:
        if op not in seen and match.can(op):
            seen.add(op)
            options.append(op)
    return options

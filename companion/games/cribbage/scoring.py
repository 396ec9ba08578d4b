"""The show: counting a cribbage hand or crib (four cards and the starter).

Fifteens, pairs and runs depend only on the five ranks, so they are worked out
once per multiset of ranks (6,175 of them) by a plain, readable itemizer and
memoised in ``_TEMPLATES`` / ``_BASE``. Flush and nobs depend on suits and are
added on top. ``hand_score`` (the total the app pegs) and ``count_hand`` (the
itemized count it shows) both read the same memo, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, NamedTuple

from companion.core.cards import Card, Rank
from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games.cribbage.counted import ScoreItem
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.spoken import spoken_count


def pip(card: Card) -> int:
    """Counting value: ace 1, two to ten face value, court cards 10."""
    return 10 if card.rank >= Rank.TEN else int(card.rank)


# Three bits per rank hold that rank's count (at most 4 in a 5-card show), so the
# sum of the cards' bits is a unique key for the multiset of ranks.
RANK_BITS: tuple[int, ...] = tuple(1 << (3 * (i // 4)) for i in range(52))
# _NOBS[starter.index] is the jack of the starter's suit.
_NOBS: tuple[Card, ...] = tuple(Card.of(Rank.JACK, i % 4) for i in range(52))


def _pair_points(size: int, rules: CribbageRules) -> int:
    return rules.four_of_a_kind if size == 4 else size * (size - 1)


class _Template(NamedTuple):
    """Fifteens, pairs and runs of a rank multiset, as positions in the rank-sorted cards."""

    fifteens: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, ...], ...]  # one group of positions per repeated rank
    runs: tuple[tuple[int, ...], ...]  # every run, doubles and triples included
    has_four: bool


def _itemize_ranks(ranks: Sequence[int]) -> _Template:
    """The reference itemizer: plain enumeration, no cleverness. ``ranks`` sorted ascending."""
    n = len(ranks)
    values = [min(r, 10) for r in ranks]
    fifteens = tuple(
        combo
        for size in range(2, n + 1)
        for combo in combinations(range(n), size)
        if sum(values[i] for i in combo) == 15
    )
    positions: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        positions.setdefault(r, []).append(i)
    pairs = tuple(tuple(p) for p in positions.values() if len(p) >= 2)
    runs: list[tuple[int, ...]] = []
    distinct = sorted(positions)
    start = 0
    for end in range(1, len(distinct) + 1):
        if end == len(distinct) or distinct[end] != distinct[end - 1] + 1:
            span = distinct[start:end]
            if len(span) >= 3:
                runs.extend(product(*(positions[r] for r in span)))
            start = end
    return _Template(fifteens, pairs, tuple(runs), any(len(p) == 4 for p in pairs))


_TEMPLATES: dict[int, _Template] = {}
_BASE: dict[int, int] = {}  # key -> fifteens + pairs + runs under default pair points


def _template(cards: Sequence[Card]) -> _Template:
    key = sum(RANK_BITS[c.index] for c in cards)
    try:
        return _TEMPLATES[key]
    except KeyError:
        template = _itemize_ranks(sorted(int(c.rank) for c in cards))
        _TEMPLATES[key] = template
        _BASE[key] = (
            2 * len(template.fifteens)
            + sum(_pair_points(len(p), DEFAULT_RULES) for p in template.pairs)
            + sum(len(r) for r in template.runs)
        )
        return template


def rank_points(key: int) -> int:
    """Fifteens, pairs and runs of a multiset of ranks (a keep, a hand with its starter) given by its key: the sum
    of its cards' ``RANK_BITS``, three bits per rank."""
    try:
        return _BASE[key]
    except KeyError:
        ranks = [r for r in range(1, 14) for _ in range((key >> (3 * (r - 1))) & 7)]
        _template([Card.of(r, i % 4) for i, r in enumerate(ranks)])
        return _BASE[key]


def flush_points(hand: Sequence[Card], starter: Card, crib: bool, rules: CribbageRules) -> int:
    """ACC: hand 4 of a suit = 4, 5 with the starter; crib only 5 = 5. Booklet: any 4+ of the 5 = 4."""
    if rules.flush_rule == "booklet":
        suits = [c.suit for c in hand] + [starter.suit]
        return 4 if max(suits.count(s) for s in set(suits)) >= 4 else 0
    suit = hand[0].suit
    if any(c.suit is not suit for c in hand):
        return 0
    if starter.suit is suit:
        return 5
    return 0 if crib else 4


def hand_score(hand: Sequence[Card], starter: Card, crib: bool = False,
               rules: CribbageRules = DEFAULT_RULES) -> int:
    """Total show points of four cards and the starter: the number the app pegs.

    Hot path (the exact distribution and the computer players call it millions
    of times): it trusts its caller to pass four distinct cards not including the
    starter; ``count_hand`` checks that first.
    """
    a, b, c, d = hand
    key = RANK_BITS[a.index] + RANK_BITS[b.index] + RANK_BITS[c.index] + RANK_BITS[d.index] + RANK_BITS[starter.index]
    try:
        total = _BASE[key]
    except KeyError:
        _template((a, b, c, d, starter))
        total = _BASE[key]
    if rules is not DEFAULT_RULES:
        return _adjusted(total, key, hand, starter, crib, rules)
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit:
        if starter.suit is suit:
            total += 5
        elif not crib:
            total += 4
    jack = _NOBS[starter.index]
    if a is jack or b is jack or c is jack or d is jack:
        total += 1
    return total


def _adjusted(total: int, key: int, hand: Sequence[Card], starter: Card, crib: bool,
              rules: CribbageRules) -> int:
    if rules.four_of_a_kind != DEFAULT_RULES.four_of_a_kind and _TEMPLATES[key].has_four:
        total += rules.four_of_a_kind - DEFAULT_RULES.four_of_a_kind
    total += flush_points(hand, starter, crib, rules)
    if rules.nobs and _NOBS[starter.index] in hand:
        total += 1
    return total


HAND_SIZE = Msg("a hand for the show has 4 cards, not {n}", "une main au décompte a 4 cartes, pas {n}")
DUPLICATE = Msg("{card} appears twice", "{card} apparaît deux fois")
STARTER_IN_HAND = Msg("the starter {card} is also in the hand", "la carte coupée {card} est aussi dans la main")


def check_show_cards(hand: Sequence[Card], starter: Card) -> None:
    if len(hand) != 4:
        raise IllegalMoveError(HAND_SIZE(n=len(hand)))
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise IllegalMoveError(DUPLICATE(card=card))
        seen.add(card)
    if starter in seen:
        raise IllegalMoveError(STARTER_IN_HAND(card=starter))


@dataclass(frozen=True)
class ShowCount:
    """An itemized count: what was counted, with which cards, for how many points."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "items": [item.to_json() for item in self.items]}

    def spoken(self, lang: str = "en") -> str:
        """The count as players say it: "fifteen two, fifteen four, and a pair is six"."""
        return spoken_count(self.items, self.total, lang)


def count_hand(hand: Sequence[Card], starter: Card, crib: bool = False,
               rules: CribbageRules = DEFAULT_RULES) -> ShowCount:
    """Check and count a hand (or crib) at the show, item by item."""
    check_show_cards(hand, starter)
    cards = sorted([*hand, starter])
    template = _template(cards)
    items: list[ScoreItem] = [ScoreItem("fifteen", tuple(cards[i] for i in f), 2) for f in template.fifteens]
    items += [ScoreItem("pair", tuple(cards[i] for i in p), _pair_points(len(p), rules)) for p in template.pairs]
    items += [ScoreItem("run", tuple(cards[i] for i in r), len(r)) for r in template.runs]
    flush = flush_points(hand, starter, crib, rules)
    if flush:
        suit_count = max(sum(c.suit is s for c in cards) for s in {c.suit for c in cards})
        flush_cards = [c for c in (*hand, starter) if sum(x.suit is c.suit for x in cards) == suit_count]
        items.append(ScoreItem("flush", tuple(flush_cards), flush))
    jack = _NOBS[starter.index]
    if rules.nobs and jack in hand:
        items.append(ScoreItem("nobs", (jack,), 1))
    count = ShowCount(tuple(hand), starter, crib, tuple(items), hand_score(hand, starter, crib, rules))
    assert count.total == sum(i.points for i in items), "itemized count disagrees with the total"
    return count

"""Hand values of both Trente-et-un games (SPEC §2.d and §3.d), and who wins or loses a showdown.

A hand is three cards. Its value is its best same-suit total (A 11; K, Q, J, 10 = 10; others their face
value), unless it makes a combination:

- **Tierce majeure**: A-K-Q of one suit (draw-and-knock game only; reported with the value 31);
- **Trente-et-un**: an ace and two 10-value cards of one suit (31);
- **Brelan**: three of a kind, worth 30½, where the game allows it.

Ranking: Tierce majeure > Trente-et-un > Brelan > Points. Equal totals compare the counted cards (the suit
that makes the total), highest rank first (A > K > Q > J > 10 > … > 2); still equal, the hands share.
Cards outside the counted suit never break a tie. When two suits of a hand make the same total, the hand
counts the suit whose cards rank higher. Brelans compare by rank; two tierces share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from companion.core.cards import Card, Rank, Suit, piquet_deck
from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games.trente_et_un.words import NAMES, RANK_PLURALS, SUIT_WORDS  # noqa: F401 (the table's words)

Game = Literal["knock", "banker"]

THREE = Msg("a hand has 3 cards, not {n}", "une main a 3 cartes, pas {n}")
TWICE = Msg("{card} is in the hand twice", "{card} est deux fois dans la main")
OUTSIDE = Msg("{card} is not in the 32-card pack (7 to ace)", "{card} n'est pas dans le jeu de 32 cartes (7 à l'as)")
SEEN_TWICE = Msg("{card} is in two hands", "{card} est dans deux mains")

_LEVEL = {"points": 0, "sequence": 1, "brelan": 2, "trente_et_un": 3, "tierce_majeure": 4}
PIQUET = frozenset(piquet_deck())


def card_points(card: Card) -> int:
    if card.rank == Rank.ACE:
        return 11
    return min(int(card.rank), 10)


def rank_order(card: Card) -> int:
    """The French text's order: A > K > Q > J > 10 > … > 2."""
    return 14 if card.rank == Rank.ACE else int(card.rank)


@dataclass(frozen=True)
class HandValue:
    value: float  # 31 for a tierce majeure or a trente-et-un, 30.5 for a brelan, else the points
    combination: str  # tierce_majeure, trente_et_un, brelan, points
    counted: tuple[Card, ...]  # the cards that make the value, highest rank first
    suit: Suit | None = None

    @property
    def key(self) -> tuple[Any, ...]:
        """Compare two hands: higher is better; equal keys share."""
        if self.combination == "tierce_majeure":
            return (_LEVEL["tierce_majeure"],)
        return (_LEVEL[self.combination], self.value, tuple(rank_order(c) for c in self.counted))

    def said(self) -> Msg:
        card = self.counted[0]
        if self.combination == "brelan":
            return NAMES["brelan"](rank=RANK_PLURALS[card.rank])
        if self.suit is None and self.combination in ("points", "trente_et_un"):
            value = int(self.value) if self.value == int(self.value) else self.value
            return NAMES["any_suit"](value=value)
        words = SUIT_WORDS[self.suit] if self.suit is not None else ""
        value = int(self.value) if self.value == int(self.value) else self.value
        return NAMES[self.combination](suit=words, value=value)

    def to_json(self) -> dict[str, Any]:
        value: float | int = int(self.value) if self.value == int(self.value) else self.value
        return {"value": value, "combination": self.combination}


@dataclass(frozen=True)
class ValueRules:
    """The toggles that change a hand's value (both games' rules carry them)."""

    tierce_majeure: bool = True  # knock game: A-K-Q of one suit
    brelan: bool = True  # three of a kind 30½ (knock default; banker default off)
    thirty_one_needs_figures_only: bool = False  # True: only A + two of K/Q/J make 31
    sequence: bool = False  # house rule: three consecutive cards of one suit rank between brelan and points
    any_suit: bool = False  # the literal reading: the three cards add up whatever their suits (not recommended)


KNOCK = ValueRules()
BANKER = ValueRules(tierce_majeure=False, brelan=False)


def check_hand(cards: Sequence[Card], game: Game = "knock", deck52: bool = False) -> None:
    if len(cards) != 3:
        raise IllegalMoveError(THREE(n=len(cards)))
    if len(set(cards)) != 3:
        twice = next(c for c in cards if list(cards).count(c) > 1)
        raise IllegalMoveError(TWICE(card=twice))
    if game == "banker" and not deck52:
        for card in cards:
            if card not in PIQUET:
                raise IllegalMoveError(OUTSIDE(card=card))


def hand_value(cards: Sequence[Card], rules: ValueRules = KNOCK) -> HandValue:
    """The value of a three-card hand under ``rules``."""
    if rules.any_suit:
        return _any_suit(cards, rules)
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    best: HandValue | None = None
    for suit, held in by_suit.items():
        held = sorted(held, key=rank_order, reverse=True)
        total = sum(card_points(c) for c in held)
        ranks = {c.rank for c in held}
        if rules.tierce_majeure and len(held) == 3 and ranks == {Rank.ACE, Rank.KING, Rank.QUEEN}:
            candidate = HandValue(31, "tierce_majeure", tuple(held), suit)
        elif total == 31 and (not rules.thirty_one_needs_figures_only
                              or all(c.rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) for c in held)):
            candidate = HandValue(31, "trente_et_un", tuple(held), suit)
        elif rules.sequence and len(held) == 3 and _consecutive(held):
            candidate = HandValue(total, "sequence", tuple(held), suit)
        else:
            candidate = HandValue(min(total, 30) if total == 31 else total, "points", tuple(held), suit)
        if best is None or candidate.key > best.key:
            best = candidate
    if rules.brelan and len({c.rank for c in cards}) == 1:
        brelan = HandValue(30.5, "brelan", tuple(sorted(cards, key=lambda c: c.suit)), None)
        if best is None or brelan.key > best.key:
            best = brelan
    assert best is not None
    return best


@lru_cache(maxsize=1 << 16)
def ranked(cards: tuple[Card, ...], rules: ValueRules) -> tuple[tuple[Any, ...], float]:
    """The key and the value of a hand given in sorted order, cached: the app and its computer players value the
    same hands over and over (a hard player's search plays thousands of deals out)."""
    value = hand_value(cards, rules)
    return value.key, value.value


def _consecutive(held: Sequence[Card]) -> bool:
    """Three ranks in a row, the ace high (A-K-Q … 4-3-2), as Commerce's séquence."""
    ranks = sorted(rank_order(c) for c in held)
    return ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1


def _any_suit(cards: Sequence[Card], rules: ValueRules) -> HandValue:
    """The French text read literally: all three cards count; the closest to 31 is best (33 is 2 away)."""
    total = sum(card_points(c) for c in cards)
    held = tuple(sorted(cards, key=rank_order, reverse=True))
    if rules.brelan and len({c.rank for c in cards}) == 1:
        return HandValue(30.5, "brelan", held, None)
    if total == 31:
        return HandValue(31, "trente_et_un", held, None)
    return HandValue(31 - abs(31 - total), "points", held, None)


def winners(hands: Sequence[Sequence[Card]], rules: ValueRules = KNOCK) -> list[int]:
    """Draw-and-knock showdown: the best hand wins; equal best hands share (0-based indices)."""
    keys = [hand_value(h, rules).key for h in hands]
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


def losers(hands: Sequence[Sequence[Card]], rules: ValueRules = BANKER) -> list[int]:
    """Banker showdown: the lowest total loses, and every hand of the same total loses with it (« Si plusieurs
    personnes ont le même nombre de points, celles-ci ont toutes perdu. »: no tie-break by rank, which belongs
    to the knock game); a 31 never loses."""
    values = [hand_value(h, rules).value for h in hands]
    low = min(values)
    return [i for i, v in enumerate(values) if v == low and v < 31]


def check_distinct(hands: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise IllegalMoveError(SEEN_TWICE(card=card))
            seen.add(card)

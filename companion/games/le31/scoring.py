"""The tally of a Le 31 round (SPEC §1.d): most cards 3, most red cards 1, the red 2 1, the green 10 2,
each 1 one point, each récolte one point. A tie for most cards or most red scores for nobody (the
default ``majority_tie = "none"``).

Without récoltes the points always add up to the deck's round total (11 by default) minus 3 for a tie on
most cards and minus 1 for a tie on red: the engine checks every round against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import InconsistencyError
from companion.core.i18n import Msg, Plural
from companion.games.le31.deck import Le31Card, Le31Deck
from companion.games.le31.words import RED_CARDS_WORD, cards_of, ones_of

NOT_WHOLE = Msg("the piles must hold the whole deck: {missing} missing, {extra} too many ({examples})",
                "les tas doivent contenir tout le jeu : {missing}, {extra} en trop ({examples})")
TWO_SIDES = Msg("a round is tallied for two sides", "une manche se compte pour deux camps")
BAD_RECOLTES = Msg("récoltes are counts of 0 or more, one per side", "les récoltes sont des nombres ≥ 0, un par camp")
KINDS = {
    "most_cards": Msg("most cards", "le plus de cartes"),
    "most_red": Msg("most red cards", "le plus de cartes rouges"),
    "red_2": Msg("the red 2", "le 2 rouge"),
    "green_10": Msg("the green 10", "le 10 vert"),
    "one": Msg("a 1", "un 1"),
    "recolte": Msg("a récolte", "une récolte"),
}


@dataclass(frozen=True)
class TallyItem:
    kind: str
    points: int
    card: Le31Card | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "points": self.points}
        if self.card is not None:
            data["card"] = self.card.code
        return data


@dataclass(frozen=True)
class SideTally:
    items: tuple[TallyItem, ...]
    cards: int
    red: int

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "items": [i.to_json() for i in self.items], "cards": self.cards,
                "red": self.red}


def check_piles(deck: Le31Deck, sides: Sequence[Sequence[Le31Card]]) -> None:
    """Both piles together hold the whole deck, each card as many times as it has copies."""
    held = Counter(card for pile in sides for card in pile)
    missing = deck.copies - held
    extra = held - deck.copies
    if missing or extra:
        examples = " ".join(c.code for c in list(extra.elements())[:3] + list(missing.elements())[:3])
        raise InconsistencyError(NOT_WHOLE(missing=Plural(sum(missing.values()), ("missing", "missing"),
                                                          ("manquante", "manquantes")), extra=sum(extra.values()),
                                           examples=examples))


def tally(deck: Le31Deck, sides: Sequence[Sequence[Le31Card]], recoltes: Sequence[int] = (0, 0),
          check: bool = True) -> list[SideTally]:
    """The points of each side for one round; ``sides`` are the two piles (leftovers already given)."""
    if len(sides) != 2:
        raise InconsistencyError(TWO_SIDES)
    if len(recoltes) != 2 or any(type(r) is not int or r < 0 for r in recoltes):
        raise InconsistencyError(BAD_RECOLTES)
    if check:
        check_piles(deck, sides)
    counts = [len(pile) for pile in sides]
    reds = [sum(1 for c in pile if deck.is_red(c)) for pile in sides]
    items: list[list[TallyItem]] = [[], []]
    for kind, values, points in (("most_cards", counts, 3), ("most_red", reds, 1)):
        if values[0] != values[1]:  # a tie scores for nobody
            items[0 if values[0] > values[1] else 1].append(TallyItem(kind, points))
    for side, pile in enumerate(sides):
        for card in sorted(pile, key=lambda c: c.sort_key):
            if card == deck.red_two:
                items[side].append(TallyItem("red_2", 1, card))
            if card == deck.green_ten:
                items[side].append(TallyItem("green_10", 2, card))
            if card.value == 1:
                items[side].append(TallyItem("one", 1, card))
        items[side] += [TallyItem("recolte", 1)] * recoltes[side]
    return [SideTally(tuple(items[s]), counts[s], reds[s]) for s in (0, 1)]


def tally_counts(cards: Sequence[int], red: Sequence[int], red_two: int | None, green_ten: int | None,
                 ones: Sequence[int], recoltes: Sequence[int]) -> list[SideTally]:
    """The same tally from what a table counts at the end of a round (quick tally): each side's number of
    cards, of red cards and of 1s, who holds the red 2 and the green 10 (a side, or None), the récoltes."""
    items: list[list[TallyItem]] = [[], []]
    for kind, values, points in (("most_cards", cards, 3), ("most_red", red, 1)):
        if values[0] != values[1]:
            items[0 if values[0] > values[1] else 1].append(TallyItem(kind, points))
    if red_two is not None:
        items[red_two].append(TallyItem("red_2", 1))
    if green_ten is not None:
        items[green_ten].append(TallyItem("green_10", 2))
    for side in (0, 1):
        items[side] += [TallyItem("one", 1)] * ones[side] + [TallyItem("recolte", 1)] * recoltes[side]
    return [SideTally(tuple(items[s]), cards[s], red[s]) for s in (0, 1)]


IMPOSSIBLE_PILE = Msg("{name}: a pile of {cards} cannot hold {red}, {ones}{specials}: no such pile in this deck",
                      "{name} : un tas de {cards} ne peut pas contenir {red}, {ones}{specials} : aucun tas pareil "
                      "dans ce jeu")
WITH_RED_TWO = Msg(", the red 2", ", le 2 rouge")
WITH_GREEN_TEN = Msg(", the green 10", ", le 10 vert")
TOO_MANY_RECOLTES = Msg("{name}: with {n}, a pile holds at least {need} (each takes the card played and one more)",
                        "{name} : avec {n}, un tas a au moins {need} (chacune prend la carte jouée et une autre)")


def pile_possible(deck: Le31Deck, cards: int, red: int, ones: int, red_two: bool, green_ten: bool) -> bool:
    """Can one side's pile of ``cards`` cards hold exactly ``red`` red cards and ``ones`` 1s, with or without the
    red 2 and the green 10, from this deck? (The other side's pile is then what is left.)"""
    kinds: Counter[tuple[bool, bool, str]] = Counter()  # (red, a 1, special) -> copies in the deck
    for card, n in deck.copies.items():
        special = "red_2" if card == deck.red_two else "green_10" if card == deck.green_ten else ""
        kinds[(deck.is_red(card), card.value == 1, special)] += n
    red_ones, plain_ones = kinds[(True, True, "")], kinds[(False, True, "")]
    other_red, other = kinds[(True, False, "")], kinds[(False, False, "")]
    need_two, need_ten = int(red_two), int(green_ten)
    if need_two > kinds[(True, False, "red_2")] or need_ten > kinds[(False, False, "green_10")]:
        return False
    for x_red_ones in range(min(red_ones, ones, red) + 1):
        x_plain_ones = ones - x_red_ones
        x_other_red = red - x_red_ones - need_two
        x_other = cards - ones - need_two - need_ten - x_other_red
        if 0 <= x_plain_ones <= plain_ones and 0 <= x_other_red <= other_red and 0 <= x_other <= other:
            return True
    return False


def check_counts(deck: Le31Deck, names: Sequence[str], cards: Sequence[int], red: Sequence[int], ones: Sequence[int],
                 red_two: int | None, green_ten: int | None, recoltes: Sequence[int]) -> None:
    """A quick tally's counts must describe two real piles of this deck: InconsistencyError saying which cannot."""
    for side in (0, 1):
        if not pile_possible(deck, cards[side], red[side], ones[side], red_two == side, green_ten == side):
            specials = Msg("{a}{b}", "{a}{b}")(a=WITH_RED_TWO if red_two == side else "",
                                              b=WITH_GREEN_TEN if green_ten == side else "")
            raise InconsistencyError(IMPOSSIBLE_PILE(name=names[side], cards=cards_of(cards[side]),
                                                     red=Plural(red[side], *RED_CARDS_WORD), ones=ones_of(ones[side]),
                                                     specials=specials))
        if recoltes[side] and 2 * recoltes[side] > cards[side]:
            raise InconsistencyError(TOO_MANY_RECOLTES(name=names[side], n=Plural(recoltes[side], ("récolte", "récoltes")),
                                                       need=cards_of(2 * recoltes[side])))


def expected_total(deck: Le31Deck, result: Sequence[SideTally], recoltes: Sequence[int]) -> int:
    """The 11-point check: what the two sides must add up to, given the ties and the récoltes."""
    total = deck.round_points() + sum(recoltes)
    if result[0].cards == result[1].cards:
        total -= 3
    if result[0].red == result[1].red:
        total -= 1
    return total

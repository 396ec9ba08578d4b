"""The play (pegging): points for the card just played, given the current count.

Runs and pairs look only at the cards of the current count (since the last reset
at 31 or go): "combinations cannot span a reset".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from companion.core.cards import Card
from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import pip

PegKind = Literal["fifteen", "thirty_one", "pair", "run", "go", "last_card"]
MAX_COUNT = 31

OVER_31 = Msg("{card} would bring the count to {count}: over 31", "{card} porterait le compte à {count} : plus de 31")

_NAMES = {
    "fifteen": Msg("fifteen", "quinze"),
    "thirty_one": Msg("thirty-one", "trente et un"),
    "go": Msg("go", "go"),
    "last_card": Msg("last card", "dernière carte"),
    "run": Msg("a run of {n}", "une suite de {n}"),
}
_PAIRS = {2: Msg("a pair", "une paire"), 3: Msg("a pair royal", "un brelan"), 4: Msg("a double pair royal", "un carré")}
ANNOUNCE = Msg("{count} for {points}", "{count} pour {points}")


class PegItem(NamedTuple):
    kind: PegKind
    points: int
    size: int = 0  # cards in the pair or run

    def name(self) -> Msg:
        if self.kind == "pair":
            return _PAIRS.get(self.size, _PAIRS[4])
        if self.kind == "run":
            return _NAMES["run"](n=self.size)
        return _NAMES[self.kind]


@dataclass(frozen=True)
class PegResult:
    count: int
    items: tuple[PegItem, ...]

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    def announce(self, lang: str = "en") -> str:
        """As said at the table: "15 for 2", "21 for 3 (a run of 3)", or just the count."""
        if not self.items:
            return str(self.count)
        said = ANNOUNCE(count=self.count, points=self.points).text(lang)
        names = ", ".join(i.name().text(lang) for i in self.items)
        return f"{said} ({names})"


def count_of(cards: Sequence[Card]) -> int:
    return sum(pip(c) for c in cards)


def can_play(card: Card, count: int) -> bool:
    return count + pip(card) <= MAX_COUNT


def verify_play(card: Card, count: int) -> None:
    if not can_play(card, count):
        raise IllegalMoveError(OVER_31(card=card, count=count + pip(card)))


def peg_points(current: Sequence[Card], rules: CribbageRules = DEFAULT_RULES) -> PegResult:
    """Points scored by the last card of ``current`` (the cards of this count, in play order)."""
    count = count_of(current)
    if count > MAX_COUNT:
        raise IllegalMoveError(OVER_31(card=current[-1], count=count))
    items: list[PegItem] = []
    if count == 15:
        items.append(PegItem("fifteen", 2))
    elif count == MAX_COUNT:
        items.append(PegItem("thirty_one", 2))
    last = current[-1].rank
    same = 1
    while same < len(current) and current[-1 - same].rank == last:
        same += 1
    if same >= 2:
        if not rules.pegging_pair_royal:
            items.append(PegItem("pair", 2, 2))
        else:
            items.append(PegItem("pair", rules.four_of_a_kind if same == 4 else same * (same - 1), same))
    run = _trailing_run(current)
    if run:
        items.append(PegItem("run", run, run))
    return PegResult(count, tuple(items))


def _trailing_run(current: Sequence[Card]) -> int:
    """Longest L >= 3 such that the last L cards are L distinct consecutive ranks, in any order."""
    best = 0
    for length in range(3, len(current) + 1):
        ranks = {int(c.rank) for c in current[-length:]}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            best = length
    return best

"""The review of a match: the decisions that cost its players the most, as plain data every game shares.

A game's review module (``GameInfo.review``, imported only when asked) holds ``review(match) -> list[Decision]``:
it replays the match's log and, for each decision a player made where the cards he knew are known (virtual play:
every card dealt; at a real table: what was entered), measures what it cost against the game's own measure (an
exact mean, a search) and keeps the costly ones, costliest first. Rules only: no UI, no store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.i18n import Msg

#: How many of a game's points the whole chance to win (1.0) is worth when decisions measured in the two units are
#: put in one order: near the end of a cribbage game a point is worth about 2 to 4 % of the game.
POINTS_PER_CHANCE = 30.0


@dataclass(frozen=True)
class Decision:
    """One decision a player made, what it cost and what would have been better. ``cost`` is in the game's points
    (an expected value: a mean over what was unknown when the player chose), ``chance`` the chance to win the game
    it gave away (0 to 1), each None where the decision was not measured in that unit."""

    seat: int
    round: int  # the deal (or round) of the match it was made in, counted from 1 across the match's games
    kind: str  # the game's name for the decision: "discard", "peg", "capture", "knock", "draw", "keep"…
    move: tuple[str, ...]  # the cards (codes) or words of the move made
    better: tuple[str, ...]  # … and of the better one
    cost: float | None
    chance: float | None
    words: Msg  # what was done, what would have been better and why
    index: int = 0  # the log entry the decision was made before (so a review can stop where disclosure does)

    @property
    def weight(self) -> float:
        """Its place in the review: points, or the chance given away counted in points."""
        return max(self.cost or 0.0, (self.chance or 0.0) * POINTS_PER_CHANCE)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Plain data: the words in both languages (``en``, ``fr``), or in one (``words``) when ``lang`` is given."""
        data: dict[str, Any] = {"seat": self.seat, "round": self.round, "kind": self.kind, "move": list(self.move),
                                "better": list(self.better),
                                "cost": None if self.cost is None else round(self.cost, 2),
                                "chance": None if self.chance is None else round(self.chance, 3)}
        if lang is None:
            data.update(en=self.words.text("en"), fr=self.words.text("fr"))
        else:
            data["words"] = self.words.text(lang)
        return data


def costliest(decisions: Sequence[Decision], points: Mapping[str, float], chance: float = 0.03) -> list[Decision]:
    """The decisions that cost at least the game's threshold for their kind (``points``) or ``chance``, costliest
    first."""
    kept = [d for d in decisions if (d.cost or 0.0) >= points[d.kind] or (d.chance or 0.0) >= chance]
    return sorted(kept, key=lambda d: (-d.weight, d.index))

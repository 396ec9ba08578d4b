"""What a count at the show is made of: each item counted (a fifteen, a pair, a run, a flush, his nobs) with its
cards and its points. Both the count (``scoring``) and the way players say it (``spoken``) read it."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from companion.core.cards import Card

Kind = Literal["fifteen", "pair", "run", "flush", "nobs"]


class ScoreItem(NamedTuple):
    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}

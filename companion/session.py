"""A match being kept: the rules engine backed by the store.

Persist before you show: ``apply`` checks a move with the engine, writes it to
the store (committed), and only then is the new state handed to the screen. If
the write fails, or another window changed the match, the state is reloaded
from the store, so the screen never shows what is not saved.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalMoveError
from companion.games.cribbage.engine import CribbageMatch, Event, Setup
from companion.games.cribbage.ops import Op
from companion.store import Store

GAME = "cribbage"


def summary_of(match: CribbageMatch) -> dict[str, Any]:
    """What the past-matches list shows, kept beside the log so listing is fast."""
    return {
        "names": list(match.names),
        "sides": [match.side_name(s) for s in range(match.rules.sides)],
        "scores": list(match.scores),
        "game_points": list(match.game_points),
        "games": [{"winner": g.winner, "scores": list(g.scores), "skunk": g.skunk} for g in match.games],
        "winner": match.match_winner,
        "phase": match.phase,
        "target": match.rules.target,
    }


@dataclass
class Correction:
    """The outcome of correcting an earlier entry."""

    kept: int  # later entries replayed
    dropped: int  # later entries that no longer fit


class CribbageSession:
    def __init__(self, store: Store, match_id: int) -> None:
        self.store = store
        self.match_id = match_id
        self.reload()

    @classmethod
    def create(cls, store: Store, setup: Setup) -> CribbageSession:
        if setup.seed is None:  # a virtual match gets a seed now, so it can be replayed exactly
            setup = Setup(setup.names, setup.rules, setup.first_dealer, setup.mode, random.randrange(2**31))
        match = CribbageMatch(setup)
        match_id = store.create_match(GAME, setup.to_json(), summary_of(match))
        return cls(store, match_id)

    def reload(self) -> None:
        record, ops = self.store.load(self.match_id)
        self.setup = Setup.from_json(record.setup)
        self.match = CribbageMatch.replay(self.setup, ops)
        self.head = record.head

    # ------------------------------------------------------------ moves
    def apply(self, op: Op) -> Event:
        """Check, save, then apply. Raises IllegalMoveError (nothing saved) or StoreError (reloaded)."""
        match = self.match
        try:
            match.apply(op)  # an illegal move raises before anything changes
        except IllegalMoveError:
            raise
        except Exception:
            self.reload()  # never leave a half-applied move in memory
            raise
        # The screen reads the state only after this returns: if the write fails, reload() puts
        # back what the store holds, so nothing unsaved is ever shown.
        self._write(lambda: self.store.append(self.match_id, op.to_json(), expected_head=self.head,
                                              summary=summary_of(match), finished=match.phase == "match_over"))
        return match.events[-1]

    def _write(self, write: Callable[[], int]) -> None:
        try:
            self.head = write()
        except Exception:
            self.reload()
            raise

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        return self.store.can_redo(self.match_id)

    def undo(self) -> None:
        before = self.match.undone()
        self._write(lambda: self.store.undo(self.match_id, expected_head=self.head, summary=summary_of(before),
                                            finished=before.phase == "match_over"))
        self.match = before

    def redo(self) -> None:
        self._write(lambda: self.store.redo(self.match_id, expected_head=self.head))
        self.reload()
        self.store.set_summary(self.match_id, summary_of(self.match), self.match.phase == "match_over")

    def correct(self, seq: int, op: Op) -> Correction:
        """Replace entry ``seq`` (1-based) and replay what follows; entries that no longer fit are dropped."""
        log = list(self.match.log)
        if not 1 <= seq <= len(log):
            raise IndexError(seq)
        match = CribbageMatch.replay(self.setup, log[: seq - 1])
        match.apply(op)  # an illegal correction raises before anything is written
        kept = 0
        for later in log[seq:]:
            if not match.can(later):
                break
            match.apply(later)
            kept += 1
        tail = [o.to_json() for o in match.log[seq - 1:]]
        self._write(lambda: self.store.replace_from(self.match_id, seq, tail, expected_head=self.head,
                                                    summary=summary_of(match),
                                                    finished=match.phase == "match_over"))
        self.match = match
        return Correction(kept, len(log) - seq - kept)

    def rematch(self) -> CribbageSession:
        """A new match with the same players and rules; the loser of the last game deals first."""
        match = self.match
        loser_side = min(range(match.rules.sides), key=lambda s: match.games[-1].scores[s]) if match.games else 0
        first = next(s for s in range(match.players) if match.side_of(s) == loser_side)
        setup = Setup(self.setup.names, self.setup.rules, first, self.setup.mode, None)
        return CribbageSession.create(self.store, setup)

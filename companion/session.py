"""A match being kept: any game's rules engine backed by the store.

Persist before you show: ``apply`` checks a move with the engine, writes it to
the store (committed), and only then is the new state handed to the screen. If
the write fails, or another window changed the match, the state is reloaded
from the store, so the screen never shows what is not saved.

The session knows no game by name: the store's ``game`` column picks the
registered game (``companion.games.registry``), whose match class replays the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalMoveError
from companion.games import registry
from companion.games.base import Event, GameInfo, Match, Operation, Setup
from companion.i18n import Msg
from companion.store import Store

NO_SUCH_ENTRY = Msg("there is no entry {seq} to correct", "il n'y a pas d'entrée {seq} à corriger")
NO_GAME_FOR_RULES = Msg("no game uses these rules", "aucun jeu n'utilise ces règles")


@dataclass
class Correction:
    """The outcome of correcting an earlier entry."""

    kept: int  # later entries replayed
    dropped: int  # later entries that no longer fit


def game_for(setup: Setup) -> GameInfo:
    """The registered game whose rules class the setup uses."""
    for game in registry.available():
        if type(setup.rules) is game.rules:
            return game
    raise IllegalMoveError(NO_GAME_FOR_RULES)


class MatchSession:
    def __init__(self, store: Store, match_id: int) -> None:
        self.store = store
        self.match_id = match_id
        self.reload()

    @classmethod
    def create(cls, store: Store, setup: Setup, game: GameInfo | str | None = None) -> MatchSession:
        info = registry.get(game) if isinstance(game, str) else game or game_for(setup)
        setup = setup.with_seed()  # a virtual match gets its seed now, so it can be replayed exactly
        match = info.new_match(setup)
        match_id = store.create_match(info.id, setup.to_json(), info.summarize(match))
        return cls(store, match_id)

    def reload(self) -> None:
        record, ops = self.store.load(self.match_id)
        self.game = registry.get(record.game)
        self.setup = self.game.read_setup(record.setup)
        self.match: Match = self.game.match.replay(self.setup, ops)
        self.head = record.head

    def summary(self, match: Match | None = None) -> dict[str, Any]:
        return self.game.summarize(match or self.match)

    # ------------------------------------------------------------ moves
    def apply(self, op: Operation) -> Event:
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
                                              summary=self.summary(match), finished=match.is_over))
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
        self._write(lambda: self.store.undo(self.match_id, expected_head=self.head, summary=self.summary(before),
                                            finished=before.is_over))
        self.match = before

    def redo(self) -> None:
        """Re-apply the first undone entry: the log and the summary change in one transaction."""
        data = self.store.redo_op(self.match_id)
        if data is None:
            self.store.redo(self.match_id, expected_head=self.head)  # raises "nothing to redo"
            return
        try:
            after = self.game.match.replay(self.setup, self.match.log)
            after.apply(self.game.match.codec.decode(data))
        except Exception:
            self.reload()  # the redo stack changed in another window: show what is stored
            raise
        self._write(lambda: self.store.redo(self.match_id, expected_head=self.head, summary=self.summary(after),
                                            finished=after.is_over))
        self.match = after

    def correct(self, seq: int, op: Operation) -> Correction:
        """Replace entry ``seq`` (1-based) and replay what follows; entries that no longer fit are dropped."""
        log = list(self.match.log)
        if type(seq) is not int or not 1 <= seq <= len(log):
            raise IllegalMoveError(NO_SUCH_ENTRY(seq=str(seq)[:12]))
        match = self.game.match.replay(self.setup, log[: seq - 1])
        match.apply(op)  # an illegal correction raises before anything is written
        kept = 0
        for later in log[seq:]:
            if not match.can(later):
                break
            match.apply(later)
            kept += 1
        tail = [o.to_json() for o in match.log[seq - 1:]]
        self._write(lambda: self.store.replace_from(self.match_id, seq, tail, expected_head=self.head,
                                                    summary=self.summary(match), finished=match.is_over))
        self.match = match
        return Correction(kept, len(log) - seq - kept)

    def rematch(self) -> MatchSession:
        """A new match with the same players and rules; the game decides who deals first."""
        return MatchSession.create(self.store, self.match.rematch_setup(), self.game)

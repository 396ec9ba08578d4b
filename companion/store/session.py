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

from companion.core.errors import CompanionError, IllegalMoveError, NotationError, SetupError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.base import Event, Match, Operation, Setup
from companion.games.info import GameInfo
from companion.store.database import Store
from companion.store.errors import DamagedMatchError, StoreError

NO_SUCH_ENTRY = Msg("there is no entry {seq} to correct", "il n'y a pas d'entrée {seq} à corriger")
NO_GAME_FOR_RULES = Msg("no game uses these rules", "aucun jeu n'utilise ces règles")
UNREPLAYABLE = Msg("its entries cannot be replayed ({what})", "ses entrées ne peuvent pas être rejouées ({what})")


@dataclass
class Correction:
    """The outcome of correcting an earlier entry."""

    kept: int  # later entries replayed
    dropped: int  # later entries that no longer fit


def game_for(setup: Setup) -> GameInfo[Any]:
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
    def create(cls, store: Store, setup: Setup, game: GameInfo[Any] | str | None = None) -> MatchSession:
        if store.read_only:  # said before anything is built: the file cannot take a new match
            raise store.read_only_error()
        info = registry.get(game) if isinstance(game, str) else game or game_for(setup)
        setup = setup.with_seed()  # a virtual match gets its seed now, so it can be replayed exactly
        match = info.new_match(setup)
        match_id = store.create_match(info.id, info.setup_json(setup), info.summarize(match))
        return cls(store, match_id)

    def reload(self) -> None:
        """Read the match from the store. A row or an entry that cannot be read or replayed is a
        DamagedMatchError (with the reason); a store that cannot be read is a StoreError."""
        record, ops = self.store.load(self.match_id)
        try:
            game = registry.get(record.game)
            setup = game.read_setup(record.setup)
            match: Match = game.match.replay(setup, ops)
        except StoreError:
            raise
        except (NotationError, IllegalMoveError, SetupError, registry.UnknownGameError) as exc:
            raise DamagedMatchError(self.match_id, exc.msg) from exc
        except Exception as exc:  # noqa: BLE001 (any row a release never wrote: damaged, never a crash)
            raise DamagedMatchError(self.match_id, UNREPLAYABLE(what=type(exc).__name__)) from exc
        self.game, self.setup, self.match = game, setup, match
        self.head = record.head
        self.redo_count = record.redo

    def _refuse_if_read_only(self) -> None:
        if self.store.read_only:
            raise self.store.read_only_error()

    def summary(self, match: Match | None = None) -> dict[str, Any]:
        return self.game.summarize(match or self.match)

    # ------------------------------------------------------------ moves
    def apply(self, op: Operation) -> Event:
        """Check, save, then apply. Raises IllegalMoveError (nothing saved) or StoreError (reloaded)."""
        self._refuse_if_read_only()
        match = self.match
        saved_log = list(match.log)
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
                                              summary=self.summary(match), finished=match.is_over),
                    saved_log)
        self.redo_count = 0
        return match.events[-1]

    def _write(self, write: Callable[[], int], saved_log: list[Operation] | None = None) -> None:
        """Run one store write. If it fails, show what is stored: reload, or when the store cannot even
        be read, fall back to the last log known to be saved (nothing unsaved stays in memory)."""
        try:
            self.head = write()
        except Exception:
            try:
                self.reload()
            except CompanionError:
                if saved_log is not None:
                    self.match = self.game.match.replay(self.setup, saved_log)
            raise

    # ------------------------------------------------------------ drafts
    def save_draft(self, data: dict[str, Any] | None) -> None:
        """What the screen holds between entries (cards tapped one by one), kept with the log's length: a killed
        app finds it again; a draft of another moment of the match is ignored."""
        self._refuse_if_read_only()
        self.store.save_draft(self.match_id, len(self.match.log), data)

    def draft(self) -> dict[str, Any] | None:
        return self.store.draft(self.match_id, len(self.match.log))

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        """From what this session last read or wrote: a redraw never reads the store."""
        return self.redo_count > 0

    def undo(self) -> None:
        self._refuse_if_read_only()
        before = self.match.undone()
        self._write(lambda: self.store.undo(self.match_id, expected_head=self.head, summary=self.summary(before),
                                            finished=before.is_over))
        self.match = before
        self.redo_count += 1

    def redo(self) -> None:
        """Re-apply the first undone entry: the log and the summary change in one transaction."""
        self._refuse_if_read_only()
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
        self.redo_count = max(0, self.redo_count - 1)

    def correct(self, seq: int, op: Operation) -> Correction:
        """Replace entry ``seq`` (1-based) and replay what follows; entries that no longer fit are dropped."""
        self._refuse_if_read_only()
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
        self.redo_count = 0
        return Correction(kept, len(log) - seq - kept)

    def rematch(self) -> MatchSession:
        """A new match with the same players and rules; the game decides who deals first."""
        return MatchSession.create(self.store, self.match.rematch_setup(), self.game)

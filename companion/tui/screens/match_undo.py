"""What every game's match screen shares, second layer: undo and redo, one entry at a time, each saved then shown;
an undo that takes back what a player entered on his own phone asks him first, there (his phone's page answers:
``companion.serving.seats``)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.store.devices import UndoRequest, ask_undo, drop_undo, undo_request
from companion.store.errors import StoreError
from companion.tui.screens.base import UNDONE
from companion.tui.screens.match_core import MatchScreenCore
from companion.tui.screens.match_words import (
    AGREED,
    ASKED,
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    REFUSED,
    WITHDRAWN,
)


class MatchScreenUndo(MatchScreenCore):
    """Undo and redo on every match screen."""

    # ------------------------------------------------------------ undo, redo
    def undo(self) -> None:
        """Take back the last entry (a virtual game: back to before the last human choice). When that takes back
        what a player entered on his own phone, he is asked first, there; Undo again withdraws the question."""
        store, match_id = self.session.store, self.session.match_id
        try:
            if self._asked is not None:
                self._asked = None
                drop_undo(store, match_id)
                self.message = (WITHDRAWN, "announce")
                self.refresh_view()
                return
            if self.take_back_drafted():
                return
            steps = self.undo_steps()
            if not steps:
                self.refuse(NOTHING_TO_UNDO)
                return
            asked = self.asked_for(steps)
            if asked:
                head = len(self.match.log)  # the asker "" is the table's device, as the phones say it
                ask_undo(store, match_id, UndoRequest(head, head - steps, self.app.device_id, "", asked))
                self._asked = head
                self.message = (ASKED(names=self.names_of(asked)), "announce")
                self.refresh_view()
                return
        except CompanionError as error:
            self.refuse(error.msg)
            return
        self.take_back(steps)

    def undo_steps(self) -> int:
        """How many entries an undo takes back (0: nothing to undo)."""
        return 1 if self.session.can_undo else 0

    def take_back(self, steps: int) -> None:
        """Undo ``steps`` entries, one at a time (each saved, then shown); then what the first of them entered is
        put back into the entry (``reenter``), to be fixed and entered again."""
        log = self.match.log
        undone, head = log[len(log) - steps:], len(log)
        first = self.match.events[head - steps] if len(self.match.events) == head and steps else None
        for _ in range(steps):
            self.step(self.session.can_undo, self.session.undo, NOTHING_TO_UNDO)
        if len(self.match.log) != head - steps:
            return  # refused on the way: its reason is on the message line
        if first is not None and self.message is None:  # said, or the screen shows the entry now on top
            self.message = (UNDONE(what=first.text), "announce")
        if undone and self.reenter(undone[0]):
            self.keep_draft()
        self.refresh_view()

    def reenter(self, op: Operation) -> bool:
        """Put the cards of an entry just undone back into the entry being made (the hands of a showdown): Undo
        to fix one card of nine keeps the other eight. False when the game has no such entry (the default)."""
        return False

    def entered_by(self, op: Operation) -> int | None:
        """The seat whose own entry ``op`` is (a player's phone enters those of its seat), or None."""
        seat = getattr(op, "seat", None)
        return seat if isinstance(seat, int) and 0 <= seat < len(self.match.names) else None

    def asked_for(self, steps: int) -> tuple[int, ...]:
        """The players an undo of ``steps`` entries must ask first: those whose own entries it takes back and who
        play on their own phones."""
        log = self.match.log
        entered = {self.entered_by(op) for op in log[len(log) - steps:]}
        on_devices = set(self.session.store.seats_on_devices(self.session.match_id))
        return tuple(sorted(seat for seat in entered & on_devices if seat is not None))

    def names_of(self, seats: tuple[int, ...]) -> str:
        return " · ".join(self.match.names[seat] for seat in seats if 0 <= seat < len(self.match.names))

    def follow_undo(self) -> None:
        """An undo this device asked for: made once everyone agreed, or who refused is said. A question the log
        has moved past is void."""
        store, match_id = self.session.store, self.session.match_id
        try:
            asked = undo_request(store, match_id)
            head = len(self.match.log)
            if asked is None or asked.head != head:
                if asked is not None and asked.device == self.app.device_id:
                    drop_undo(store, match_id)  # an entry came first: the question is void
                self._asked = None
                return
            if asked.device != self.app.device_id:
                return  # another device's question (a phone's: the server's): that device makes it
            if asked.refused is not None:
                drop_undo(store, match_id)
                self._asked = None
                self.message = (REFUSED(name=self.names_of((asked.refused,))), "announce")
                self.refresh_view()
            elif asked.agreed_by_all:
                drop_undo(store, match_id)
                self._asked = None
                self.take_back(head - asked.back)
                self.message = (AGREED(names=self.names_of(asked.seats)), "announce")
                self.refresh_view()
        except CompanionError:
            return  # the store in trouble: the next look says it

    def redo(self) -> None:
        self.step(self.session.can_redo, self.session.redo, NOTHING_TO_REDO)

    def step(self, possible: bool, step: Callable[[], None], nothing: Msg) -> None:
        """Undo or redo one entry: the session saves the step, then the screen redraws."""
        if not possible:
            self.message = (nothing, "error")
        else:
            try:
                step()
                self.message = None
            except (StoreError, CompanionError) as error:
                self.message = (error.msg, "error")
        self.after_step()
        self.refresh_view()
        if possible and self.match.events and (self.match.is_over or self.match.awaiting_continue
                                               or self.asks_again()):
            self.after(self.match.events[-1])  # a step back onto a question asks it again

    def asks_again(self) -> bool:
        """The state stepped onto is a question the screen must ask again (cribbage: muggins)."""
        return False

    def action_undo(self) -> None:
        self.undo()

    def action_redo(self) -> None:
        self.redo()

"""The players' phones, from the one server process: a light page per seat instead of an app process per phone.

Each match a phone has open is a ``Room``: the pages listening to it (server-sent events), one watch of the store
for the whole room (no polling per phone: one small query per match), the answers its players send (checked by the
rules, saved, then pushed to every page of the match), the undo questions, and in virtual play the computers' moves
while no table's device makes them (the table's device takes them back whenever it is open). Every page is drawn
from its seat's ``view`` and ``choices`` only (``seat_page.py``).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, IllegalMoveError
from companion.core.i18n import Agreed, Msg
from companion.core.i18n import cards as plural_cards
from companion.games.base import Match, Operation
from companion.games.chance import own_chance
from companion.games.seats import TAKES_CARDS
from companion.records.review import Reviewed, review_match
from companion.serving.rooms import Watched
from companion.serving.seat_page import page, panel
from companion.store.database import Store
from companion.store.devices import UndoRequest, answer_undo, ask_undo, drive, drop_undo, undo_request
from companion.store.session import MatchSession

WATCH_S = 0.2  # how often a room asks the store whether its match changed (one query a room, whatever its phones)
HEARTBEAT_S = 15.0  # a comment on every stream this often: a phone's connection through Wi-Fi stays open
NOT_OFFERED = Msg("not now: that move is not offered", "pas maintenant : ce coup n'est pas offert")
NOTHING_TO_UNDO = Msg("nothing of yours to undo", "rien à annuler de votre part")
ASKED = Msg("Asked {names} to agree, on {their}.", "Demandé à {names} d'accepter, sur {their}.")
THEIR_PHONES = (("their phone", "their phones"), ("son téléphone", "leur téléphone"))
UNKNOWN_CARD = Msg("that card is not offered", "cette carte n'est pas offerte")
REVIEWED = 3  # a phone shows its player's costliest decisions, this many at most
PICK = Msg("pick {cards}", "choisissez {cards}")
PICK_BETWEEN = Msg("pick {low} to {cards}", "choisissez de {low} à {cards}")


Events = asyncio.Queue[tuple[str, str]]  # what a phone's stream sends: (event, html), the event naming what it replaces


@dataclass
class Listener:
    seat: int
    lang: str
    queue: Events = field(default_factory=asyncio.Queue)


@dataclass
class Room(Watched[Listener]):
    match_id: int
    pushed: int = -1  # the log's length last pushed (a change of undo question pushes too)
    asked: tuple[int, int] | None = None  # the undo question last pushed (head, answers)
    report_read: int = -1  # virtual play: the log's length whose round report a player has read (then it goes on)


class Seats:
    """Every room of the server, on its own connection to the store."""

    def __init__(self, store_path: Path, pace: float = 1.0) -> None:
        self.store_path = store_path
        self.pace = pace
        self.device = f"serve-{os.getpid()}"
        self.rooms: dict[int, Room] = {}
        self._store: Store | None = None
        self._sessions: dict[int, MatchSession] = {}  # each match replayed once, again only when changed elsewhere
        self._reviews: dict[tuple[int, int], Reviewed] = {}  # a match over (its log's length): its review, made once

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = Store.open(self.store_path)
        return self._store

    def close(self) -> None:
        for room in self.rooms.values():
            room.stop()
        if self._store is not None:
            self._store.close()

    # ------------------------------------------------------------ drawing a seat's page
    def session(self, match_id: int) -> MatchSession:
        """The match as saved, replayed once for all its phones and looks: again only when another device changed
        it, and then its room pushes it (a page drawn meanwhile never hides the change from the others)."""
        session = self._sessions.pop(match_id, None)  # kept again only once read whole (a damaged match: never)
        if session is None or self.store.changed_elsewhere(match_id):
            self.touch(match_id)
            session = MatchSession(self.store, match_id)
        self._sessions[match_id] = session
        return session

    def asker(self, session: MatchSession, seat: int) -> str | None:
        """Who asks this seat's player to agree to an undo (empty: the table's device), or None."""
        request = undo_request(self.store, session.match_id)
        if request is None or not request.waits_for(seat) or request.head != len(session.match.log):
            return None
        return request.asker

    def draw(self, match_id: int, seat: int, lang: str, message: str = "", whole: bool = False,
             session: MatchSession | None = None) -> str:
        """The seat's panel (``whole``: its page), from its view and its choices only."""
        session = session or self.session(match_id)
        match = session.match
        asked = self.asker(session, seat)
        args = (session.game.title, match.view(seat), match.choices(seat), match.faces(), lang)
        mine = own_chance(session.game, match, seat)
        review = self._seat_review(match_id, match, seat)
        noun = session.game.round_noun
        if whole:
            return page(*args, asked=asked, chance=mine, review=review, round_noun=noun)
        return panel(*args, message=message, asked=asked, chance=mine, review=review, round_noun=noun)

    def _seat_review(self, match_id: int, match: Match, seat: int) -> list[tuple[Msg, Msg]] | None:
        """The seat's own costliest decisions once the match is over (three at most), or None while they are worked
        out (``_review``, in a worker)."""
        reviewed = self._reviews.get((match_id, len(match.log)))
        if reviewed is None:
            return None
        own = [decision for decision in reviewed.decisions if decision.seat == seat][:REVIEWED]
        return [(reviewed.head(n, decision), decision.words) for n, decision in enumerate(own, 1)]

    async def _review(self, room: Room) -> None:
        """A match over: its review, worked out once in a worker (a long cribbage match takes about a second), then
        every page of it drawn again with its seat's part."""
        session = self.session(room.match_id)
        match = session.match
        key = (room.match_id, len(match.log))
        if not match.is_over or key in self._reviews or session.game.review is None:
            return
        game, setup, log_ = session.game, match.setup, list(match.log)
        self._reviews[key] = await asyncio.get_running_loop().run_in_executor(
            None, lambda: review_match(game, game.match.replay(setup, log_)))
        room.pushed = -1

    # ------------------------------------------------------------ a player's answers
    def answer(self, match_id: int, seat: int, name: str, cards: Sequence[str], table: Sequence[str],
               target: int | None, number: int | None) -> Msg | None:
        """The answer a player sent to one of his choices, checked by the rules and saved; None, or why not."""
        session = self.session(match_id)
        choice = next((c for c in session.match.choices(seat) if c.name == name), None)
        if choice is None:
            return NOT_OFFERED
        low, high = choice.low, max(choice.low, choice.high)
        if choice.kind not in TAKES_CARDS:
            cards, table = (), ()  # an action takes no card: one still picked on the page is not part of it
        elif not low <= len(cards) <= high:  # as many as the choice takes
            return PICK(cards=plural_cards(low)) if low == high else PICK_BETWEEN(low=low, cards=plural_cards(high))
        try:
            picked = _cards(choice.cards, cards)
            items = _cards(choice.table, table)
            op = choice.answer(picked, items, target, number)
            session.apply(op)
        except CompanionError as error:
            return error.msg
        finally:
            self.touch(match_id)  # saved (or reloaded when another device saved first): every page drawn again
        return None

    def undo(self, match_id: int, seat: int) -> Msg | None:
        """Take back this player's last move and what followed it (the computers' moves, the deal); when a move of
        another player on his own phone followed, he is asked first. None, or what was said."""
        session = self.session(match_id)
        match = session.match
        humans = set(session.setup.humans)
        steps = match.back_to_choice(humans, seat)
        if not steps:
            return NOTHING_TO_UNDO
        log_ = match.log
        # Asked first: the players whose own moves it takes back and who play on their own phones (a player who
        # enters on the table's device is at the table, and the table sees the undo).
        on_phones = set(self.store.seats_on_devices(match_id))
        others = sorted({m for op in log_[len(log_) - steps:] if (m := match.mover(op)) is not None}
                        & humans & on_phones - {seat})
        if others:
            ask_undo(self.store, match_id, UndoRequest(len(log_), len(log_) - steps, self.device,
                                                       match.names[seat], tuple(others)))
            self.touch(match_id)
            return ASKED(names=" · ".join(match.names[s] for s in others), their=Agreed(len(others), *THEIR_PHONES))
        self._take_back(session, steps)
        return None

    def undo_answer(self, match_id: int, seat: int, agree: bool) -> None:
        request = undo_request(self.store, match_id)
        if request is not None and request.waits_for(seat):
            answer_undo(self.store, match_id, request.head, seat, agree)
            self.touch(match_id)

    def read_report(self, match_id: int) -> None:
        room = self.rooms.get(match_id)
        if room is not None:
            room.report_read = len(self.session(match_id).match.log)

    def _take_back(self, session: MatchSession, steps: int) -> None:
        for _ in range(steps):
            session.undo()
        self.touch(session.match_id)

    # ------------------------------------------------------------ the rooms
    def touch(self, match_id: int) -> None:
        """The match changed here: every page of it is drawn again now, not at the next look."""
        room = self.rooms.get(match_id)
        if room is not None:
            room.pushed = -1

    def join(self, match_id: int, seat: int, lang: str, queue: Events | None = None) -> Listener:
        """A seat's page listens to its match (``queue``: the stream it is pushed into, a club night's phone's own
        as it moves from match to match)."""
        room = self.rooms.setdefault(match_id, Room(match_id))
        listener = Listener(seat, lang, queue if queue is not None else asyncio.Queue())
        room.listeners.append(listener)
        room.pushed = -1
        room.watch(lambda: self._look(room), WATCH_S, f"room {match_id}")
        return listener

    def leave(self, match_id: int, listener: Listener) -> None:
        room = self.rooms.get(match_id)
        if room is not None and room.drop(listener):
            del self.rooms[match_id]
            self._sessions.pop(match_id, None)

    async def _look(self, room: Room) -> None:
        """One look at the store for the whole room: a change is drawn for every page; the undo questions are
        followed; the computers move while no table's device does; a match over is reviewed."""
        self._follow(room)
        await self._drive(room)
        await self._review(room)

    def _follow(self, room: Room) -> None:
        request = undo_request(self.store, room.match_id)
        asked = None if request is None else (request.head, len(request.agreed) + (request.refused is not None))
        session = self.session(room.match_id)  # changed elsewhere: the room is touched
        if room.pushed >= 0 and asked == room.asked:
            return
        if request is not None and request.device == self.device:
            self._settle(session, request)
            session = self.session(room.match_id)
        room.pushed, room.asked = len(session.match.log), asked
        drawn: dict[tuple[int, str], str] = {}  # a seat's page is drawn once for all its listeners
        for listener in list(room.listeners):
            key = (listener.seat, listener.lang)
            if key not in drawn:
                drawn[key] = self.draw(room.match_id, listener.seat, listener.lang, session=session)
            listener.queue.put_nowait(("panel", drawn[key]))

    def _settle(self, session: MatchSession, request: UndoRequest) -> None:
        """An undo this server asked for: made once everyone agreed, dropped on a refusal or a move since."""
        if request.head != len(session.match.log) or request.refused is not None:
            drop_undo(self.store, session.match_id)
        elif request.agreed_by_all:
            drop_undo(self.store, session.match_id)
            self._take_back(session, request.head - request.back)

    async def _drive(self, room: Room) -> None:
        """Virtual play with no table's device open: the deal and the computers' moves, at the table's pace; a
        round's report waits until a player has read it."""
        session = self.session(room.match_id)
        match, setup = session.match, session.setup
        if setup.mode != "virtual" or match.is_over or match.awaiting_continue or session.store.read_only:
            return
        kinds = [setup.seat_kind(s) for s in range(match.players)]
        if any(kinds[s] == "human" for s in match.awaiting()):
            return
        last = match.last_event
        if last is not None and last.report and room.report_read < len(match.log):
            return  # the round's report is on the phones: a tap on Continue goes on
        if not drive(self.store, room.match_id, self.device, table=False).drives:
            return  # the table's device makes the moves
        module = session.game.players
        if module is None:
            return
        log_ = list(match.log)
        started = time.monotonic()
        op: Operation | None = await asyncio.get_running_loop().run_in_executor(
            None, _next_op, module, session.game.match, setup, log_, kinds)
        if op is None:
            return
        if not match.is_chance(op):
            await asyncio.sleep(max(0.0, self.pace - (time.monotonic() - started)))
        fresh = self.session(room.match_id)
        if fresh.match.log != log_:
            return  # a player moved meanwhile: decided again at the next look
        try:
            fresh.apply(op)
        except IllegalMoveError:
            return
        self.touch(room.match_id)


def _next_op(module: str, match_class: type[Match], setup: Any, log: list[Operation], kinds: list[str]) -> Operation | None:
    """In a worker thread: the next automatic move, on a match replayed from the log."""
    found: Operation | None = importlib.import_module(module).next_op(match_class.replay(setup, log), kinds)
    return found


def _cards(offered: Sequence[Any], codes: Sequence[str]) -> list[Any]:
    """The cards (or table items) a player picked, by their codes, among those the choice offers."""
    by_code = {card.code: card for card in offered}
    picked = []
    for code in codes:
        if code not in by_code:
            raise IllegalMoveError(UNKNOWN_CARD)
        picked.append(by_code[code])
    return picked



"""The phones' rooms of ``companion serve`` (serving/seats.py), driven by hand: the test makes the room's looks
itself (its watch task is stopped), so nothing waits on a clock."""

from __future__ import annotations

import asyncio
import importlib

from companion.games import registry
from companion.games.base import Setup
from companion.serving.seats import Listener, Room, Seats
from companion.store.database import Store
from companion.store.session import MatchSession


def _dealt(tmp_path) -> int:
    """A virtual cribbage match of four humans, dealt: every seat has a hand to lay away."""
    game = registry.get("cribbage")
    assert game.players is not None
    players = importlib.import_module(game.players)
    with Store.open(tmp_path / "c.sqlite3") as store:
        setup = Setup(("Marie", "Paul", "Léa", "Jean"), game.make_rules(4, {}), 0, "virtual", 7, ("human",) * 4)
        session = MatchSession.create(store, setup, game)
        while not session.match.awaiting():
            session.apply(players.next_op(session.match, ["human"] * 4))
        return session.match_id


def _lay_away(store: Store, match_id: int, seat: int) -> None:
    """The seat's lay-away, saved as the table's device saves it."""
    session = MatchSession(store, match_id)
    choice = next(c for c in session.match.choices(seat) if c.name == "discard")
    session.apply(choice.answer(list(choice.cards[:choice.low]), [], None, None))


def _joined(seats: Seats, match_id: int, seat: int) -> tuple[Room, Listener]:
    listener = seats.join(match_id, seat, "en")
    room = seats.rooms[match_id]
    assert room.task is not None
    room.task.cancel()  # the test looks in the room's place
    seats._follow(room)
    while not listener.queue.empty():
        listener.queue.get_nowait()
    return room, listener


def test_a_page_drawn_between_the_tables_move_and_the_rooms_look_still_pushes_the_move_to_the_other_phones(tmp_path):
    match_id = _dealt(tmp_path)

    async def night() -> None:
        seats = Seats(tmp_path / "c.sqlite3")
        try:
            room, pauls_phone = _joined(seats, match_id, 1)
            with Store.open(tmp_path / "c.sqlite3") as table:
                _lay_away(table, match_id, 0)
            seats.draw(match_id, 2, "en", whole=True)  # Léa's phone (re)loads its page meanwhile
            seats._follow(room)
            assert not pauls_phone.queue.empty()
            assert "Marie lays away to the crib" in pauls_phone.queue.get_nowait()[1]
        finally:
            seats.close()

    asyncio.run(night())


def test_a_rooms_phones_and_looks_replay_its_match_once_while_nobody_plays(tmp_path, monkeypatch):
    match_id = _dealt(tmp_path)
    replays = []
    reload = MatchSession.reload
    monkeypatch.setattr(MatchSession, "reload", lambda self: replays.append(1) or reload(self))

    async def night() -> None:
        seats = Seats(tmp_path / "c.sqlite3")
        try:
            room, _ = _joined(seats, match_id, 0)
            for seat in range(4):
                seats.draw(match_id, seat, "en", whole=True)
            for _ in range(5):
                seats._follow(room)
                await seats._drive(room)
            assert len(replays) == 1
            with Store.open(tmp_path / "c.sqlite3") as table:
                _lay_away(table, match_id, 0)
            before = len(replays)
            seats._follow(room)
            for seat in range(4):
                seats.draw(match_id, seat, "en")
            assert len(replays) == before + 1  # replayed again, once, when the table's device saved a move
        finally:
            seats.close()

    asyncio.run(night())

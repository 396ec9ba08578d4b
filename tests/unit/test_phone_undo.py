"""An undo asked from a player's phone (serving/seats.py): it waits for the players whose moves it takes back only
when they play on phones of their own; a player who enters on the table's device is at the table, and it is undone
at once."""

from __future__ import annotations

import importlib

from companion.games import registry
from companion.games.base import Setup
from companion.serving.seats import Seats
from companion.store.database import Store
from companion.store.devices import undo_request
from companion.store.session import MatchSession


def _both_laid_away(store: Store) -> int:
    """A virtual two-player cribbage match, dealt, both players' lay-aways made (Marie's first)."""
    game = registry.get("cribbage")
    assert game.players is not None
    players = importlib.import_module(game.players)
    setup = Setup(("Marie", "Paul"), game.make_rules(2, {}), 0, "virtual", 11, ("human", "human"))
    session = MatchSession.create(store, setup, game)
    while not session.match.awaiting():
        session.apply(players.next_op(session.match, ["human", "human"]))
    for seat in (0, 1):
        choice = next(c for c in session.match.choices(seat) if c.name == "discard")
        session.apply(choice.answer(list(choice.cards[:choice.low]), [], None, None))
    return session.match_id


def test_an_undo_from_a_phone_asks_only_the_players_on_phones(tmp_path):
    path = tmp_path / "c.sqlite3"
    with Store.open(path) as store:
        at_table = _both_laid_away(store)
        on_phones = _both_laid_away(store)
        store.bind_seat(at_table, 0)  # Marie on her phone, Paul on the table's device
        store.bind_seat(on_phones, 0)
        store.bind_seat(on_phones, 1)  # both on phones
    seats = Seats(path)
    try:
        head = len(MatchSession(seats.store, at_table).match.log)
        assert seats.undo(at_table, 0) is None  # Paul is at the table: undone at once, his lay-away too
        assert len(MatchSession(seats.store, at_table).match.log) == head - 2
        assert undo_request(seats.store, at_table) is None
        head = len(MatchSession(seats.store, on_phones).match.log)
        said = seats.undo(on_phones, 0)
        assert said is not None and said.text("en") == "Asked Paul to agree, on their phone."
        assert said.text("fr") == "Demandé à Paul d'accepter, sur son téléphone."  # one player: his phone
        request = undo_request(seats.store, on_phones)
        assert request is not None and request.waits_for(1) and not request.waits_for(0)
        assert len(MatchSession(seats.store, on_phones).match.log) == head  # nothing taken back before he answers
    finally:
        seats.close()

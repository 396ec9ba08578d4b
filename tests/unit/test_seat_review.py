"""A player's phone at the end of a match (issue 40): his own costliest decisions, worked out once in a worker for
the whole room, and only his: another player's phone never names them."""

from __future__ import annotations

import asyncio

from companion.games import registry
from companion.games.cribbage.players import play_turn
from companion.serving.seats import Seats
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.unit.test_review import _fives_thrown


def _finished(path) -> int:
    """Ann throws her two fives to Bob's crib in the first deal (15.23 points given away on average, worked out in
    tests/unit/test_review_cribbage.py), then the computers play the match to its end."""
    match = _fives_thrown()
    while not match.is_over:
        play_turn(match, levels=("hard", "hard"))
    with Store.open(path) as store:
        session = MatchSession.create(store, match.setup, registry.get("cribbage"))
        for op in match.log:
            session.apply(op)
        return session.match_id


def test_a_finished_match_shows_each_phone_its_own_costliest_decisions(tmp_path):
    path = tmp_path / "c.sqlite3"
    match_id = _finished(path)

    async def end() -> None:
        seats = Seats(path)
        try:
            anns, bobs = seats.join(match_id, 0, "fr"), seats.join(match_id, 1, "en")
            room = seats.rooms[match_id]
            assert room.task is not None
            room.task.cancel()  # the test looks in the room's place
            assert "Analyse de vos décisions…" in seats.draw(match_id, 0, "fr")  # while the worker works it out
            await seats._review(room)
            seats._follow(room)
            ann = anns.queue.get_nowait()[1]
            bob = bobs.queue.get_nowait()[1]
            assert "Vos décisions les plus coûteuses" in ann and "Donne 1, Ann\u00a0: coûte 15,2 points" in ann
            assert "Ann a jeté 5♥ 5♠" in ann
            assert "<h2>Cette donne</h2>" in ann and "<h2>This deal</h2>" in bob  # a cribbage table's word, not « manche »
            review = bob.split('<section class="review">')[1].split("</section>")[0]
            assert "Your costliest decisions" in review and "Ann" not in review and "5♥ 5♠" not in review
        finally:
            seats.close()

    asyncio.run(end())

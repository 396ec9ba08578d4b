"""Evenings: matches of any games grouped by the night they started in (until 6 in the morning), moved by hand
without touching a match, with the evening's standing, its summary and its CSV; and the screen that shares it."""

from __future__ import annotations

import sqlite3

from companion.games.base import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.records.evenings import evenings, move
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app


def _match(store: Store, names, winner: int | None, started: str) -> int:
    session = MatchSession.create(store, Setup(names, CribbageRules(), 0), "cribbage")
    if winner is not None:
        session.apply(Points(winner, 121))
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE matches SET created = ? WHERE id = ?", (started, session.match_id))
    return session.match_id


def test_evenings_group_by_night_and_a_move_changes_no_match(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    with Store.open(tmp_path / "e.sqlite3") as store:
        _match(store, ("Ann", "Bob"), 0, "2026-11-14T20:00:00+00:00")
        late = _match(store, ("Bob", "Cy"), 0, "2026-11-15T01:30:00+00:00")  # past midnight: the same evening
        _match(store, ("Ann", "Cy"), 1, "2026-11-15T21:00:00+00:00")
        _match(store, ("Ann", "Bob"), None, "2026-11-14T22:00:00+00:00")  # unfinished: counted, not played
        found = evenings(store)
        assert [(e.day.isoformat(), len(e.matches)) for e in found] == [("2026-11-15", 1), ("2026-11-14", 3)]
        night = found[1]
        assert [(s.name, s.played, s.wins) for s in night.standing()] == [("Ann", 1, 1), ("Bob", 2, 1), ("Cy", 1, 0)]
        assert night.summary("fr").splitlines() == ["companion · soirée du 2026-11-14 · 3 parties",
                                                    "Ann : 1 gagnée sur 1", "Bob : 1 gagnée sur 2",
                                                    "Cy : 0 gagnée sur 1"]
        assert found[0].summary("en").splitlines() == ["companion · evening of 2026-11-15 · 1 match",
                                                       "Cy: 1 won of 1", "Ann: 0 won of 1"]
        assert found[0].summary("fr").splitlines()[0] == "companion · soirée du 2026-11-15 · 1 partie"
        assert night.csv("en").splitlines()[1] == "Ann,1,1,cribbage 1"
        before = store.load(late)
        move(store, late, "2026-11-15")
        assert [len(e.matches) for e in evenings(store)] == [2, 2]
        assert store.load(late)[1] == before[1]
        move(store, late, None)
        assert [len(e.matches) for e in evenings(store)] == [1, 3]


async def test_the_evenings_screen_shares_the_night(tmp_path):
    app = make_app(tmp_path, lang="fr")
    _match(app.store, ("Ann", "Bob"), 0, "2026-11-14T20:00:00+00:00")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.click("#evenings")
        await pilot.pause()
        assert "Ann" in str(app.screen.query_one("#standing").get_row_at(0)[0])
        await pilot.click("#share")
        await pilot.pause()
        assert "soirée du 2026-11-14" in str(app.screen.query_one("#summary").render())
        await pilot.click("#export")
        await pilot.pause()
        assert len(list((tmp_path / "exports").glob("evening-*.csv"))) == 1

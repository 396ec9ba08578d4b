"""Buttons that write, when the store refuses: the reason is said where the button is, nothing crashes, nothing
changes (each failed before issue 25). And the read-only mode: visible, matches still viewed."""

from __future__ import annotations

import pytest

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import FILE_NAME, Store
from companion.store.errors import StoreError
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.screens.match_end import MatchEndScreen
from tests.helpers.journeys import open_setup, tap

pytestmark = pytest.mark.ui

REFUSED = Msg("the disk is full", "le disque est plein")


def _at_game_end(store: Store) -> MatchSession:
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(target=61, games_to_win=3), 0),
                                  "cribbage")
    session.apply(Points(1, 55))
    session.apply(Points(0, 61))
    assert session.match.awaiting_continue
    return session


async def _end_screen(pilot, session: MatchSession) -> MatchEndScreen:
    pilot.app.push_screen(CribbageScreen(session))
    for _ in range(20):
        await pilot.pause()
        if isinstance(pilot.app.screen, MatchEndScreen):
            return pilot.app.screen
    raise AssertionError(f"no end screen: {pilot.app.screen}")


async def test_start_on_a_read_only_store_says_why_and_keeps_the_form(tmp_path):
    Store.open(tmp_path / FILE_NAME).close()
    store = Store.open(tmp_path / FILE_NAME, read_only=True)
    app = CompanionApp(store, settings=Settings(lang="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "lecture seule" in str(app.screen.query_one("#notice").render())  # the mode is visible at home
        await open_setup(pilot, "cribbage")
        await tap(pilot, "#start")
        assert type(app.screen).__name__ == "SetupScreen"
        assert "lecture seule" in str(app.screen.query_one("#error").render())
    assert store.list_matches() == []
    store.close()


async def test_start_when_the_disk_refuses_says_why(tmp_path, monkeypatch):
    store = Store.open(tmp_path / FILE_NAME)

    def full(*args, **kwargs):
        raise StoreError(REFUSED)

    monkeypatch.setattr(Store, "create_match", full)
    app = CompanionApp(store, settings=Settings(lang="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_setup(pilot, "cribbage")
        await tap(pilot, "#start")
        assert type(app.screen).__name__ == "SetupScreen"
        assert "disk is full" in str(app.screen.query_one("#error").render())
    store.close()


async def test_next_game_after_another_device_started_it_reloads_and_explains(tmp_path):
    store = Store.open(tmp_path / FILE_NAME)
    session = _at_game_end(store)
    app = CompanionApp(store, settings=Settings(lang="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = await _end_screen(pilot, session)
        other = Store.open(tmp_path / FILE_NAME)  # the second tablet taps « Partie suivante » first
        MatchSession(other, session.match_id).apply(session.match.continue_op())
        other.close()
        await tap(pilot, end.query_one("#next"))
        assert isinstance(app.screen, CribbageScreen)
        assert "autre fenêtre" in str(app.screen.query_one("#message").render())
        assert app.screen.match.phase != "game_over"  # the new game, as the other device started it
    assert len(store.ops(session.match_id)) == 3  # one new game, not two
    store.close()


async def test_next_game_and_rematch_when_writes_are_refused_say_why(tmp_path, monkeypatch):
    store = Store.open(tmp_path / FILE_NAME)
    session = _at_game_end(store)
    app = CompanionApp(store, settings=Settings(lang="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = await _end_screen(pilot, session)

        def refused(*args, **kwargs):
            raise StoreError(REFUSED)

        monkeypatch.setattr(Store, "append", refused)
        await tap(pilot, end.query_one("#next"))
        assert app.screen is end and "disk is full" in str(end.query_one("#note").render())
        monkeypatch.undo()
    assert len(store.ops(session.match_id)) == 2
    finished = MatchSession.create(store, Setup(("Léa", "Jean"), CribbageRules(target=61), 0), "cribbage")
    finished.apply(Points(0, 61))
    assert finished.match.is_over
    app = CompanionApp(store, settings=Settings(lang="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = await _end_screen(pilot, finished)
        monkeypatch.setattr(Store, "create_match", lambda *a, **k: (_ for _ in ()).throw(StoreError(REFUSED)))
        await tap(pilot, end.query_one("#rematch"))
        assert app.screen is end and "disk is full" in str(end.query_one("#note").render())
    store.close()


def test_a_new_match_on_a_read_only_store_is_refused_before_anything_is_built(tmp_path):
    Store.open(tmp_path / FILE_NAME).close()
    with Store.open(tmp_path / FILE_NAME, read_only=True) as store, pytest.raises(CompanionError) as info:
        MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
    assert "read-only" in info.value.text("en")

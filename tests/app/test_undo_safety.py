"""Escape never destroys, and a new entry never silently drops what Redo holds (issue 25): the false-go
question of a table cribbage match, played from the entry line as the issue reproduced it."""

from __future__ import annotations

import pytest

from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import FILE_NAME, Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.games.cribbage.screen import CribbageScreen

pytestmark = pytest.mark.ui
TYPED = "2c 10s 10h 10d go ad as ks 5s 9c".split()


async def _typed(pilot, *lines: str) -> None:
    for line in lines:
        entry = pilot.app.screen.query_one("#entry")
        entry.value = line
        await entry.action_submit()
        await pilot.pause()


async def _to_the_question(tmp_path, lang="en"):
    store = Store.open(tmp_path / FILE_NAME)
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
    app = CompanionApp(store, settings=Settings(lang=lang))
    return store, session, app


async def test_escape_on_the_false_go_question_keeps_every_entry(tmp_path):
    store, session, app = await _to_the_question(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        await _typed(pilot, *TYPED, "count", "count")
        assert isinstance(app.screen, ChoiceDialog)  # the false go is flagged: keep it or fix it
        before = list(store.ops(session.match_id))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen)
        assert store.ops(session.match_id) == before  # nothing undone
        await pilot.press("enter")  # a stray Enter answers nothing either
        await _typed(pilot, "count")
        assert len(store.ops(session.match_id)) >= len(before)
    store.close()


async def test_a_new_entry_after_fixing_asks_before_forgetting_the_undone_ones(tmp_path):
    store, session, app = await _to_the_question(tmp_path, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        await _typed(pilot, *TYPED, "count", "count")
        shown = len(session.match.log)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert "Fix" in str(dialog.query_one("#answer-1").label)
        dialog.query_one("#answer-1").press()
        await pilot.pause()
        undone = session.redo_count
        assert undone > 1 and len(session.match.log) == shown - undone
        await _typed(pilot, "go")
        assert isinstance(app.screen, ChoiceDialog)  # asked first
        assert str(undone) in str(app.screen.query_one("#body").render())
        await pilot.press("escape")  # keeps them
        await pilot.pause()
        assert session.redo_count == undone and len(store.ops(session.match_id)) == shown - undone
        assert "kept" in str(app.screen.query_one("#message").render())
        await _typed(pilot, "go")
        dialog = app.screen
        assert "forget" in str(dialog.query_one("#answer-1").label)
        dialog.query_one("#answer-1").press()
        await pilot.pause()
        assert session.redo_count == 0 and len(session.match.log) == shown - undone + 1
    store.close()


def _type_ahead(app, *lines: str) -> None:
    """Lines typed faster than the app draws, as a keeper types ahead: every key reaches the app before it has
    drawn what the first line brings up (Textual stamps a key with the moment it was read)."""
    from textual import events

    for line in lines:
        for char in line:
            app._driver.send_message(events.Key(char, char))
        app._driver.send_message(events.Key("enter", "\r"))


async def test_type_ahead_after_several_undos_answers_no_question(tmp_path):
    """Issue 37: Undo 6 times, then type 10s, 10d, go: the question « Forget the undone entries? » took « 10d » as its
    answer and « go » was entered instead of 10s. A question takes no key typed before it was drawn, and the lines
    typed after the one that asked it are said, not entered."""
    store, session, app = await _to_the_question(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        await _typed(pilot, *TYPED)
        for _ in range(6):
            await pilot.press("ctrl+z")
        await pilot.pause()
        before = list(store.ops(session.match_id))
        assert session.redo_count == 6
        _type_ahead(app, "go", "ad", "as")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # the question, unanswered
        assert store.ops(session.match_id) == before and session.redo_count == 6
        app.screen.query_one("#answer-1").press()  # « Enter it, forget them »: the line typed first
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen)
        assert [op["op"] for op in store.ops(session.match_id)[len(before):]] == ["go"]
        message = str(app.screen.query_one("#message").render())
        assert message == "Typed while a question opened, not entered: ad · as"  # to be typed again
    store.close()

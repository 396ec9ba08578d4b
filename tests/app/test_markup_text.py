"""Text is never markup (issue 25): player names and typed input holding markup tags are shown as typed, in
every game and mode, on the match screen and on home at the next start; nothing crashes, nothing is a link."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input

from companion.games import registry
from companion.store.database import FILE_NAME, Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from tests.helpers.fuzz_app import HOSTILE_NAMES, hostile_setup
from tests.helpers.journeys import key_words

pytestmark = pytest.mark.ui
GAMES = [g.id for g in registry.available()]
TYPED = ["[/]", "[/b]", "5h [/i]", "[red]x", "[@click=app.quit]Jo", "\x1b[2J"]


def _everything_shown(app) -> str:
    from textual.widgets import Button, Static

    parts = [str(w.render()) for w in app.screen.query(Static)]
    parts += [str(b.label) for b in app.screen.query(Button)]
    return "\n".join(parts)


@pytest.mark.parametrize("mode", ["table", "virtual"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_markup_in_names_and_entries_is_shown_as_typed(tmp_path, game_id, mode):
    store = Store.open(tmp_path / FILE_NAME)
    setup = hostile_setup(game_id, mode, random.Random(3))
    session = MatchSession.create(store, setup, game_id)
    app = CompanionApp(store, settings=Settings(lang="fr", pace=0.0))
    from companion.tui.game_ui import ui_for

    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ui_for(game_id).match_screen(session))
        for _ in range(10):
            await pilot.pause()
        shown = _everything_shown(app)
        assert any(name in shown for name in setup.names), shown[:500]  # literally, tags and all
        for typed in TYPED:
            entries = [w for w in app.screen.query(Input) if w.display]
            if entries:
                entries[0].value = typed
                await entries[0].action_submit()
                await pilot.pause()
        assert app.is_running
    assert app.return_code in (None, 0)
    store.close()
    # The next start: home lists the match by its names, as typed.
    store = Store.open(tmp_path / FILE_NAME)
    app = CompanionApp(store, settings=Settings(lang="en"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        label = key_words(app, f"resume-{session.match_id}") or ""
        assert HOSTILE_NAMES[0] in label or HOSTILE_NAMES[1] in label
    store.close()


def test_names_with_markup_travel_through_export_and_import_as_text(tmp_path):
    import json

    from companion.records.export import as_json, import_json

    with Store.open(tmp_path / "a.sqlite3") as store, Store.open(tmp_path / "b.sqlite3") as other:
        session = MatchSession.create(store, hostile_setup("cribbage", "table", random.Random(1)), "cribbage")
        (new,), _, _ = import_json(other, json.dumps(as_json(store)))
        assert MatchSession(other, new).match.names == session.match.names

"""Several devices on one match (``companion serve`` runs one app process per browser tab, all on one store):
each screen follows the others' entries, and two entries made at once never overwrite each other."""

from __future__ import annotations

import time

from companion.games.base import Setup
from companion.games.le31.rules import Le31Rules
from companion.store.database import Store
from companion.store.errors import CONFLICT
from companion.store.session import MatchSession
from companion.tui.games.le31.screen import Le31Screen
from companion.tui.screens.match_base import UPDATED
from tests.app.test_le31_app import NAMES, a_virtual_round, open_le31
from tests.helpers.scripted import make_app


async def _wait(pilot, condition, seconds: float = 2.0) -> float:
    started = time.monotonic()
    while not condition() and time.monotonic() - started < seconds:
        await pilot.pause(0.05)
    return time.monotonic() - started


async def test_an_entry_on_another_device_shows_within_a_second(tmp_path):
    plays = a_virtual_round(seed=11)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_le31(pilot, app)
        session = screen.session
        with Store.open(app.store.path) as other_store:  # the other tablet's app process
            other = MatchSession(other_store, session.match_id)
            other.apply(plays[0])
            other.apply(plays[1])
            waited = await _wait(pilot, lambda: len(screen.match.log) == 2)
            assert len(screen.match.log) == 2 and waited < 1.0
            assert screen.message == (UPDATED, "announce")
            # and the other way round: this screen's entry reaches the other device's session
            assert screen.apply_ops(plays[2])
            assert other_store.changed_elsewhere(session.match_id)
            other.reload()
            assert other.match.log == screen.match.log


async def test_two_entries_at_once_the_second_is_refused_and_nothing_is_lost(tmp_path):
    plays = a_virtual_round(seed=11)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0), "le31")
        session.apply(plays[0])
        screen = Le31Screen(session)
        app.push_screen(screen)
        await pilot.pause()
        with Store.open(app.store.path) as other_store:
            other = MatchSession(other_store, session.match_id)
            other.apply(plays[1])  # the other device wins the race...
            assert not screen.apply_ops(plays[1])  # ...this one, before it has synced, is refused
            assert screen.message == (CONFLICT, "error")
            stored = [op for op in app.store.ops(session.match_id)]
            assert stored == [plays[0].to_json(), plays[1].to_json()]  # each entry once, nothing overwritten
            assert screen.match.log == [plays[0], plays[1]]  # and the screen shows what is stored


async def test_a_spectator_follows_live_and_cannot_change_anything(tmp_path):
    """A spectator's tab (``companion serve``'s view token) opens the store read-only."""
    from companion.serving.child import SPECTATOR
    from companion.store.errors import READ_ONLY
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp

    plays = a_virtual_round(seed=11)
    with Store.open(tmp_path / "companion.sqlite3") as writer:
        player = MatchSession.create(writer, Setup(NAMES, Le31Rules(), 0), "le31")
        player.apply(plays[0])
        viewer = Store.open(writer.path, read_only=True)
        app = CompanionApp(viewer, settings=Settings(lang="fr"), notice=SPECTATOR)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert SPECTATOR.text("fr")[:20] in str(app.screen.query_one("#notice").render())
            screen = Le31Screen(MatchSession(viewer, player.match_id))
            app.push_screen(screen)
            await pilot.pause()
            player.apply(plays[1])  # entered on a player's tablet
            await _wait(pilot, lambda: len(screen.match.log) == 2)
            assert len(screen.match.log) == 2
            assert not screen.apply_ops(plays[2])  # the spectator's own entry is refused, with the reason
            assert screen.message[0].text("fr") == READ_ONLY(path=str(viewer.path)).text("fr")
            assert len(writer.ops(player.match_id)) == 2
        viewer.close()

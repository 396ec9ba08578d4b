"""Share and export from the app: a finished match's QR code from the end screen and from Past matches, and the
whole history exported from Past matches."""

from __future__ import annotations

from companion.core.qr import matrix, read_half_blocks
from companion.games.base import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.records.share import summary_text
from companion.store.session import MatchSession
from companion.tui.dialogs.match_actions import MatchActionsDialog
from companion.tui.dialogs.share import ShareDialog
from companion.tui.games.cribbage.screen import CribbageScreen
from tests.helpers.scripted import make_app


async def test_share_from_the_end_screen_and_export_everything_from_past_matches(tmp_path):
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        session = MatchSession.create(app.store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
        session.apply(Points(0, 60))
        session.apply(Points(1, 28))
        app.push_screen(CribbageScreen(session))
        await pilot.pause()
        app.screen.apply_ops(Points(0, 61))  # Marie reaches 121: the end screen
        await pilot.pause()
        await pilot.click("#share")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ShareDialog)
        text = summary_text(app.store.match(session.match_id), "fr")
        assert text.endswith("Marie 121 · Paul 28\nGagnant : Marie")
        drawn = str(dialog.query_one("#qr").render()).splitlines()
        assert read_half_blocks(drawn)[:len(matrix(text, small=True))] == matrix(text, small=True)
        await pilot.click("#export-csv")  # one key, one file (a phone's browser may block a second download)
        await pilot.pause()
        assert "Écrit" in str(dialog.query_one("#note").render())
        assert len(list((tmp_path / "exports").glob("match-*"))) == 1
        await pilot.click("#export-json")
        await pilot.pause()
        assert sorted(p.suffix for p in (tmp_path / "exports").glob("match-*")) == [".csv", ".json"]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ShareDialog)


async def test_past_matches_share_and_export_all(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(("Léa", "Jean"), CribbageRules(), 1), "cribbage")
        session.apply(Points(1, 12))
        await pilot.press("p")
        await pilot.pause()
        await pilot.click("#export-json")  # one key, one file (a phone's browser may block a second download)
        await pilot.pause()
        exports = tmp_path / "exports"
        assert len(list(exports.glob("history-*.json"))) == 1 and not list(exports.glob("*.csv"))
        await pilot.click("#export-csv")
        await pilot.pause()
        assert len(list(exports.glob("history-*.csv"))) == 1 and len(list(exports.glob("*.json"))) == 1
        app.screen.query_one("#table").focus()
        await pilot.press("enter")  # the row of the match: what can be done with it
        await pilot.pause()
        assert isinstance(app.screen, MatchActionsDialog)
        await pilot.click("#share")
        await pilot.pause()
        assert isinstance(app.screen, ShareDialog)
        assert "In progress" in str(app.screen.query_one("#summary").render())

"""The review screen: reached from Past matches by taps (a row, then Review) and by R on a row, at 80×24 and on a
tablet, in both languages, computed off the UI thread; and from the end of a match, by its key only (a stray Enter
there opens nothing)."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.store.session import MatchSession
from companion.tui.dialogs.match_actions import MatchActionsDialog
from companion.tui.screens.past import PastMatchesScreen
from companion.tui.screens.review import ReviewScreen
from companion.tui.widgets.table import DataTable
from tests.helpers.journeys import tap, tap_at, tap_key, until
from tests.helpers.scripted import make_app
from tests.unit.test_review import _fives_thrown


def _save(app, match) -> int:
    session = MatchSession.create(app.store, match.setup, registry.get("cribbage"))
    for op in match.log:
        session.apply(op)
    return session.match_id


def _said(screen) -> str:
    return "\n".join(str(s.render()) for s in screen.query("#decisions Static"))


async def _tap_row(pilot, row: int) -> None:
    table = pilot.app.screen.query_one("#table", DataTable)
    await until(pilot, lambda: table.row_count and table.ordered_rows)
    y = table.header_height + sum(r.height for r in table.ordered_rows[:row])
    await tap_at(pilot, table, (2, y))


@pytest.mark.parametrize(("size", "lang", "head"), [((80, 24), "fr", "1. Donne 1, Ann : coûte 15,2 points"),
                                                    ((120, 40), "en", "1. Deal 1, Ann: cost 15.2 points")])
async def test_a_past_match_is_reviewed_by_tapping_its_row_then_review(tmp_path, size, lang, head):
    app = make_app(tmp_path, lang)
    _save(app, _fives_thrown())
    async with app.run_test(size=size) as pilot:
        await tap_key(pilot, "past")
        await until(pilot, lambda: isinstance(app.screen, PastMatchesScreen))
        await _tap_row(pilot, 0)
        await until(pilot, lambda: isinstance(app.screen, MatchActionsDialog))
        await tap(pilot, "#review")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
        said = _said(app.screen)
        assert head in said and ("5♥ 5♠" in said)
        review = app.screen.query_one(".head")
        assert review.region.right <= size[0] and review.region.bottom <= size[1]
        await tap(pilot, "#back")
        await until(pilot, lambda: isinstance(app.screen, PastMatchesScreen))


async def test_r_on_a_past_matchs_row_opens_its_review(tmp_path):
    app = make_app(tmp_path)
    _save(app, _fives_thrown())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PastMatchesScreen())
        await until(pilot, lambda: isinstance(app.screen, PastMatchesScreen) and app.screen.query("#table")
                    and app.screen.query_one("#table", DataTable).row_count)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
        assert "Ann laid away 5♥ 5♠" in _said(app.screen)


async def test_the_review_is_computed_off_the_ui_thread(tmp_path, monkeypatch):
    import threading

    from companion.tui.screens import review

    threads = []
    real = review.review_match

    def noted(game, match):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(game, match)

    monkeypatch.setattr(review, "review_match", noted)
    app = make_app(tmp_path)
    match_id = _save(app, _fives_thrown())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReviewScreen(match_id))
        await until(pilot, lambda: app.screen.reviewed is not None)
    assert threads == [False]


async def test_the_end_of_a_match_offers_its_review_and_a_stray_enter_opens_nothing(tmp_path):
    from companion.games.cribbage.engine import CribbageMatch, Setup
    from companion.games.cribbage.players import play_out
    from companion.games.cribbage.rules import CribbageRules
    from companion.tui.screens.match_end import MatchEndScreen

    app = make_app(tmp_path)
    match = play_out(CribbageMatch(Setup(("Ann", "Bob"), CribbageRules(target=61), 0, "virtual", 3)),
                     levels=("easy", "easy"))
    match_id = _save(app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchEndScreen(MatchSession(app.store, match_id)))
        await until(pilot, lambda: isinstance(app.screen, MatchEndScreen) and app.screen.query("#review"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)  # nothing has the focus: the Enter started nothing
        await tap(pilot, "#review")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
        assert app.screen.query(".head") or app.screen.query(".none")


@pytest.mark.parametrize(("lang", "said"), [("en", "Ann: discards cost 15.23 points a deal in "),
                                            ("fr", "Ann : ses écarts coûtent 15,23 points par donne en ")])
async def test_the_statistics_screen_says_a_players_discard_trend_from_a_stored_virtual_match(tmp_path, lang, said):
    from companion.tui.screens.statistics import StatisticsScreen
    from tests.helpers.scripted import screen_text

    app = make_app(tmp_path, lang)
    _save(app, _fives_thrown())  # Ann's two fives to Bob's crib: 15.23 points given away on average
    async with app.run_test(size=(120, 40)) as pilot:
        await tap_key(pilot, "statistics")
        await until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await until(pilot, lambda: said in screen_text(app))
        trend = app.screen.query_one("#trend")
        assert trend.display and "Bob" in str(trend.render())  # Bob threw the advisor's best: 0.00 a deal

"""Taps that reach the app together are all taken: a busy server (a club night's tablets on one process) hands a
tablet's app its taps in a burst, a rank and its suit one after the other before the app has taken the first. The
suit keys were greyed out until the rank's tap had been taken, so the suit's tap landed on a disabled key and was
lost without a word (seen in the browser tests on a loaded machine: « Player 1 turned K » and no suit)."""

from __future__ import annotations

from textual.events import MouseDown, MouseUp

from companion.core.cards import parse_card
from tests.helpers.journeys import until
from tests.helpers.scripted import make_app, open_session


def _burst(app, *selectors: str) -> None:
    """A tap on each key as the terminal driver sends it (a press and a release), all queued before the app takes
    the first (the driver posts them to the app; Pilot's own clicks wait for the app between events)."""
    for selector in selectors:
        region = app.screen.query_one(selector).region
        x, y = region.x + region.width // 2, region.y + region.height // 2
        for event in (MouseDown, MouseUp):
            app.post_message(event(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


async def test_a_rank_and_its_suit_tapped_in_one_burst_enter_the_card(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await until(pilot, lambda: not screen.query_one("#keypad #rank-5").disabled)
        _burst(app, "#keypad #rank-5", "#keypad #suit-1")  # 5♥: the starter
        await until(pilot, lambda: len(screen.match.log) == 1, timeout=5)
        assert screen.match.log[0].card == parse_card("5h")
        _burst(app, "#keypad #rank-10", "#keypad #suit-2", "#keypad #rank-5", "#keypad #suit-3")  # 10♦, 5♣ pegged
        await until(pilot, lambda: len(screen.match.log) == 3, timeout=5)
        assert [op.card for op in screen.match.log[1:]] == [parse_card("10d"), parse_card("5c")]


async def test_a_suit_tapped_with_no_value_picked_enters_nothing_and_says_why(tmp_path):
    app = make_app(tmp_path, lang="fr")
    said: list[str] = []
    shown = app.notify
    app.notify = lambda message, **kwargs: (said.append(message), shown(message, **kwargs))[1]  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await until(pilot, lambda: not screen.query_one("#keypad #rank-5").disabled)
        await pilot.click("#keypad #suit-1")
        await pilot.pause()
        assert screen.match.log == []
        assert said == ["Touchez d'abord la valeur de la carte, puis sa couleur"]

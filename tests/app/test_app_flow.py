"""Whole deals and whole matches entered into the app, by taps alone and by keys alone."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from companion.games.cribbage.engine import CRIB, CribbageMatch
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.screens.match_end import MatchEndScreen
from tests.helpers.journeys import tap
from tests.helpers.scripted import (
    enter_by_keys,
    enter_by_taps,
    first_deal,
    make_app,
    scripted_match,
    tap_card,
)


async def start_match(pilot, app, players=2, target=61, games=1, four_mode="teams", by_keys=False):
    """Home -> setup -> match. Returns the first dealer the app drew (cut for deal)."""
    if by_keys:
        await pilot.press("n")
    else:
        await tap(pilot, "#new-cribbage")
    await pilot.pause()
    screen = app.screen
    if players != 2 or target != 121 or games != 1 or four_mode != "teams":
        # Selects are set directly: the flows under test are the deal and the match.
        screen.query_one("#players", Select).value = players
        screen.query_one("#rule-target", Select).value = target
        screen.query_one("#rule-games_to_win", Select).value = games
        screen.query_one("#rule-four_player_mode", Select).value = four_mode
        await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    assert isinstance(app.screen, CribbageScreen)
    return app.screen.session.setup.first_dealer


async def play_script(pilot, app, script, enter):
    for entry in script.entries:
        await enter(pilot, entry)
    assert isinstance(app.screen, MatchEndScreen)
    match = app.screen.session.match
    assert match.phase == "match_over"
    assert match.scores == script.final.scores
    assert match.game_points == script.final.game_points
    return match


async def test_a_whole_short_match_by_keys_alone(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dealer = await start_match(pilot, app, target=61, by_keys=True)
        script = scripted_match(players=2, target=61, seed=5, first_dealer=dealer)
        await play_script(pilot, app, script, enter_by_keys)


@pytest.mark.parametrize("players,mode,enter", [(3, "teams", enter_by_keys), (4, "teams", enter_by_taps),
                                                (4, "individual", enter_by_keys)])
async def test_a_whole_deal_for_three_and_four_players(tmp_path, players, mode, enter):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        dealer = await start_match(pilot, app, players=players, target=121, four_mode=mode)
        script = scripted_match(players=players, target=121, seed=players, four_player_mode=mode,
                                first_dealer=dealer)
        entries = first_deal(script)
        for entry in entries:
            await enter(pilot, entry)
        match = app.screen.session.match
        expected = CribbageMatch.replay(script.final.setup, script.final.log[:len(entries) + 1 + players])
        assert match.phase == "deal" and match.dealer == (dealer + 1) % players
        assert match.scores == expected.scores
        assert len(match.scores) == (2 if (players, mode) == (4, "teams") else players)


async def test_one_deal_by_taps_shows_pegging_points_and_the_spoken_count(tmp_path):
    """Dealer Marie; starter 5♥; Paul 10♦, Marie 5♣ (15 for 2), Paul K♦ (25), Marie 6♠ (31 for 2),
    Paul 4♥ (4), Marie 7♦ (11), Paul 9♠ (20), Marie 8♣ (28: run 7-9-8 for 3, last card 1).
    Show: Paul 10♦ K♦ 4♥ 9♠ + 5♥ = 4; Marie 5♣ 6♠ 7♦ 8♣ + 5♥ = 7+8 (2) + double run of four (10) = 12;
    crib 2♠ 3♠ Q♥ J♥ + 5♥ = fifteens 5+J, 5+Q, 2+3+J, 2+3+Q (8) + nobs 1 = 9.
    Marie: 2 + 2 + 3 + 1 + 12 + 9 = 29; Paul 4."""
    from companion.core.cards import parse_card

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await tap(pilot, "#new-cribbage")
        await pilot.pause()
        app.screen.query_one("#dealer", Select).value = 0
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        for code in "5H 10D 5C KD 6S".split():
            await tap_card(pilot, parse_card(code))
        assert "31 for 2" in str(screen.query_one("#message").render())
        for code in "4H 7D 9S 8C".split():
            await tap_card(pilot, parse_card(code))
        assert screen.match.phase == "show" and screen.match.next_to_show == 1
        assert screen.match.scores == [8, 0]
        await pilot.click("#count")
        await pilot.pause()
        assert "fifteen two, fifteen four" in str(screen.query_one("#message").render())
        await pilot.click("#count")
        await pilot.pause()
        assert "a double run of four is twelve" in str(screen.query_one("#message").render())
        assert screen.match.next_to_show == CRIB
        for code in "2S 3S QH JH".split():
            await tap_card(pilot, parse_card(code))
        await pilot.click("#count")
        await pilot.pause()
        assert screen.match.scores == [29, 4]
        assert screen.match.phase == "deal" and screen.match.dealer == 1


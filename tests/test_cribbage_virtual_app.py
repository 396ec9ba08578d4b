"""Virtual cribbage in the app: set up from the form, a whole game against the computer played by taps at
instant pace, the advisor and its review, undo back to before the human's choice, and two humans passing the
device behind a screen that hides their cards."""

from __future__ import annotations

from companion.games.base import Setup
from companion.games.cribbage.ops import Discard, Play
from companion.games.cribbage.rules import CribbageRules
from companion.session import MatchSession
from tests.scripted import make_app


async def settle(pilot, screen, rounds: int = 400) -> None:
    """Let the computers move (instant pace) until a human must act or the game is over."""
    for _ in range(rounds):
        await pilot.pause()
        if screen.app.screen is not screen:
            return  # a dialog: the device is being passed, or the game's end
        if screen.waiting and (screen.match.is_over or screen.match.awaiting_continue
                               or screen.acting_human() is not None):
            return
    raise AssertionError("the computers never handed over")


def open_virtual(app, seats=("human", "easy"), names=("Ann", "Hal"), seed=4):
    from companion.tui.games import ui_for

    session = MatchSession.create(app.store, Setup(names, CribbageRules(players=len(names)), 0, "virtual", seed,
                                                   seats), "cribbage")
    screen = ui_for("cribbage").match_screen(session)
    app.push_screen(screen)
    return session, screen


async def test_a_whole_game_against_the_computer_by_taps(tmp_path):
    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        session, screen = open_virtual(app)
        reviewed = hinted = False
        for _ in range(3000):
            await settle(pilot, screen)
            match = session.match
            if match.is_over or match.awaiting_continue:
                break
            seat = screen.acting_human()
            assert seat == 0 and screen.shown_seat == 0
            hand = match.hand(0)
            if match.phase == "discard":
                assert "Best to lay away" in str(screen.query_one("#advice").render())
                for card in hand[:2]:
                    await pilot.click(screen.slot_of(card))
                await pilot.click("#lay")
                await pilot.pause()
                reviewed = reviewed or "You laid away" in str(screen.query_one("#advice").render())
            else:
                card = match.playable(0)[0]
                hinted = hinted or "Hint:" in str(screen.query_one("#advice").render())
                await pilot.click(screen.slot_of(card))
        match = session.match
        assert match.phase in ("match_over", "game_over") and max(match.scores) >= 121
        assert reviewed and hinted
        # Every entry was saved: the stored log replays to the same scores.
        record = app.store.match(session.match_id)
        assert record.finished
        assert [op.to_json() for op in match.log] == app.store.ops(session.match_id)


async def test_undo_steps_back_to_before_the_humans_last_choice(tmp_path):
    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        session, screen = open_virtual(app, seed=8)
        await settle(pilot, screen)
        hand = session.match.hand(0)
        for card in hand[:2]:
            await pilot.click(screen.slot_of(card))
        await pilot.click("#lay")
        await settle(pilot, screen)
        assert any(isinstance(op, Discard) and op.seat == 0 for op in session.match.log)
        await pilot.click("#undo")
        await settle(pilot, screen)
        match = session.match
        assert match.phase == "discard" and 0 not in match.d.discarded and match.hand(0) == hand
        # A wrong card typed in the entry line is refused with the reason, and nothing is entered.
        entry = screen.query_one("#entry")
        entry.focus()
        wrong = next(c for c in ("AS", "AH", "AD", "AC") if c not in [h.code for h in hand])
        for key in wrong.lower():
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert "not in your hand" in str(screen.query_one("#message").render())


async def test_two_humans_pass_the_device_and_never_see_each_others_cards(tmp_path):
    from companion.tui.screens.virtual_base import PassDevice

    app = make_app(tmp_path, lang="fr")
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        session, screen = open_virtual(app, seats=("human", "human"), names=("Ann", "Bob"), seed=2)
        await settle(pilot, screen)
        match = session.match
        passes = 0
        for _ in range(6):
            who = screen.acting_human()
            if isinstance(app.screen, PassDevice):  # another human's turn: every hand is hidden first
                passes += 1
                assert screen.shown_seat is None and not [b for b in screen.query("#hand Button") if b.display]
                assert match.names[who] in str(app.screen.query_one(".title").render())
                await pilot.click("#ready")
                await pilot.pause()
            assert screen.shown_seat == who
            assert {c for c in screen.slot_cards if c is not None} == set(match.hand(who))
            if match.phase == "discard":
                for card in match.hand(who)[:2]:
                    await pilot.click(screen.slot_of(card))
                await pilot.click("#lay")
            else:
                await pilot.click(screen.slot_of(match.playable(who)[0]))
            await settle(pilot, screen)
        assert passes >= 4
        assert any(isinstance(op, Play) for op in match.log)


async def test_the_setup_form_starts_a_virtual_game_with_computer_seats(tmp_path):
    from companion.games import registry
    from companion.tui.games.cribbage.virtual import VirtualCribbageScreen
    from companion.tui.screens.setup import SetupScreen

    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(SetupScreen(registry.get("cribbage")))
        await pilot.pause()
        form = app.screen
        assert not form.query_one("#kind-1").display  # table mode: nobody is a computer
        form.query_one("#mode").value = "virtual"
        await pilot.pause()
        assert form.query_one("#kind-1").display
        form.query_one("#kind-1").value = "hard"
        form.query_one("#name-0").value = "Ann"
        form.query_one("#name-1").value = "Hal"
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, VirtualCribbageScreen)
        setup = screen.session.setup
        assert setup.mode == "virtual" and setup.seats == ("human", "hard") and setup.seed is not None

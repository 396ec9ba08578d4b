"""Trente-et-un at a real table: each hand's cards as the players show them, checked as they are typed."""

from __future__ import annotations

from companion.games.base import Setup
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.store.session import MatchSession
from companion.tui.games import ui_for
from tests.helpers.scripted import make_app


async def open_table(pilot, app, game: str, rules):
    session = MatchSession.create(app.store, Setup(("Ann", "Bob", "Cy"), rules, 0), game)
    app.push_screen(ui_for(game).match_screen(session))
    await pilot.pause()
    return app.screen


async def test_a_card_already_shown_or_outside_the_pack_is_refused_as_it_is_typed(tmp_path):
    """A player's found mistakes: « ah kh » then « ah » gave « A♥ K♥ A♥ — 32 in hearts », and a 2♠ went into a
    hand of the 32-card pack. Each is now refused as it is typed, with the showdown's own reason; what follows a
    refused card on the line is not entered; Backspace in the empty entry line takes back the last card."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, app, "trente_et_un", KnockRules())

        def said() -> str:
            return str(screen.query_one("#message").render())

        def hands() -> dict[int, list[str]]:
            return {seat: [c.code for c in cards] for seat, cards in screen.hands.items() if cards}

        first = screen._current()
        screen.interpret("ah kh")
        screen.interpret("ah")
        await pilot.pause()
        assert hands() == {first: ["AH", "KH"]} and "A♥ is in the hand twice" in said()
        screen.interpret("qh")
        screen.interpret("ah 10s")  # the next hand: A♥ is Ann's, and 10♠ is not entered after it
        await pilot.pause()
        assert hands() == {first: ["AH", "KH", "QH"]} and "A♥ is in two hands" in said()
        await pilot.press("backspace")
        await pilot.pause()
        assert hands() == {first: ["AH", "KH"]}
        app.pop_screen()

        banker = await open_table(pilot, app, "trente_et_un_banker", BankerRules())  # the 32-card pack
        app.lang = "fr"
        await pilot.pause()
        banker.interpret("2p 8p 9p")  # in French: pique
        await pilot.pause()
        assert not any(banker.hands.values())
        assert "2♠ n'est pas dans le jeu de 32 cartes (7 à l'as)" in str(banker.query_one("#message").render())


async def test_undo_of_a_showdown_gives_back_its_nine_cards_to_fix_one(tmp_path):
    """A player found that Undo after Show wiped the nine cards entered: they come back, with who knocked, so that
    one card is fixed and the hands shown again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_table(pilot, app, "trente_et_un", KnockRules())
        screen.interpret("ah kh qh 2c 3c 4d 9s 9d 7h")
        await pilot.pause()
        entered = {seat: list(cards) for seat, cards in screen.hands.items()}
        assert sum(len(cards) for cards in entered.values()) == 9
        await pilot.click("#show")
        await pilot.pause()
        shown = list(screen.match.log)
        assert len(shown) == 1 and not any(screen.hands.values())
        screen.interpret("undo")
        await pilot.pause()
        assert screen.hands == entered and not screen.match.log
        await pilot.click("#show")
        await pilot.pause()
        assert screen.match.log == shown

"""Trente-et-un's one match screen (issue 38): the same screen at a real table and against the computer, and in
virtual play the keys and cards lit exactly where the seat's choices are, a tap and a typed line the same answer."""

from __future__ import annotations

from companion.games.base import Setup
from companion.games.trente_et_un.ops import Exchange
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.store.session import MatchSession
from companion.tui.game_ui import ui_for
from tests.helpers.scripted import make_app, message, settle_virtual


def test_both_games_at_a_table_and_against_the_computer_open_one_screen(tmp_path):
    app = make_app(tmp_path)
    kinds = {}
    for game, rules in (("trente_et_un", KnockRules()), ("trente_et_un_banker", BankerRules())):
        for mode in ("table", "virtual"):
            setup = Setup(("Ann", "Hal"), rules, 0, mode, 1, ("human", "easy") if mode == "virtual" else ())
            kinds[game, mode] = type(ui_for(game).match_screen(MatchSession.create(app.store, setup, game)))
    assert len(set(kinds.values())) == 1 and next(iter(kinds.values())).__name__ == "TrenteScreen"


def slots(screen) -> dict[str, bool]:
    """Each card of the hand shown, and whether it is lit (a tap on it is offered)."""
    return {card.code: not screen.query_one(f"#slot-{i}").disabled
            for i, card in enumerate(screen.slot_cards) if card is not None}


async def test_against_the_computer_the_hand_lights_only_the_cards_the_seat_may_throw(tmp_path):
    """The hand stayed lit while the player had to draw (a tap only said « draw a card first »), and the card just
    taken from the discard pile stayed lit though it cannot go straight back. The cards lit are now those the throw
    offers; typed, the card taken says why not."""
    app = make_app(tmp_path, pace=0.0)
    setup = Setup(("Ann", "Hal"), KnockRules(), 1, "virtual", 3, ("human", "easy"))
    session = MatchSession.create(app.store, setup, "trente_et_un")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = ui_for("trente_et_un").match_screen(session)
        app.push_screen(screen)
        await settle_virtual(pilot, screen)
        play = session.match.play
        assert screen.acting_human() == 0 and not play.has_drawn and play.public
        assert len(slots(screen)) == 3 and not any(slots(screen).values())  # draw first: no card to throw
        assert not screen.query_one("#stock").disabled and not screen.query_one("#take").disabled
        top = play.public[-1]
        await pilot.click("#take")
        await pilot.pause()
        assert slots(screen) == {**{card.code: True for card in play.hands[0]}, top.code: False}
        screen.interpret(top.code)
        await pilot.pause()
        assert "cannot go straight back" in message(screen) and play.has_drawn and top in play.hands[0]


async def test_in_the_widow_all_three_is_greyed_after_a_blind_take_and_a_swap_starts_with_a_card_of_yours(tmp_path):
    """In the widow, after the dealer took the face-up cards blind, only single cards are swapped: « All three »
    stayed lit and was refused on tap; it is greyed now. A face-up card tapped before a card of the hand did nothing
    and said nothing, as did a swap typed with one card: each now says what is missing."""
    app = make_app(tmp_path, pace=0.0)
    setup = Setup(("Ann", "Hal", "Bob"), KnockRules(mode="widow"), 0, "virtual", 5, ("human", "easy", "easy"))
    session = MatchSession.create(app.store, setup, "trente_et_un")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = ui_for("trente_et_un").match_screen(session)
        app.push_screen(screen)
        await settle_virtual(pilot, screen)
        assert screen.acting_human() == 0 and not session.match.play.blind_done
        await pilot.click("#blind")
        await settle_virtual(pilot, screen)
        match = session.match
        assert screen.acting_human() == 0 and match.play.blind_done and not match.play.ended
        assert screen.query_one("#all").disabled and not screen.query_one("#pass").disabled
        log = list(match.log)
        await pilot.click("#face-0")
        await pilot.pause()
        assert "first tap the card of yours to give" in message(screen) and match.log == log
        mine = match.play.hands[0][0]
        screen.interpret(f"swap {mine.code}")
        await pilot.pause()
        assert "not 1" in message(screen) and match.log == log
        await pilot.click("#slot-0")
        await pilot.click("#face-0")
        await pilot.pause()
        swapped = [op for op in match.log[len(log):] if isinstance(op, Exchange) and op.seat == 0]
        assert swapped and swapped[0].give == (mine,) and not swapped[0].hold

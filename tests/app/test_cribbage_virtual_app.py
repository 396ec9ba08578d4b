"""Virtual cribbage in the app: set up from the form, a whole game against the computer played by taps at
instant pace, the advisor and its review, undo back to before the human's choice, and two humans passing the
device behind a screen that hides their cards."""

from __future__ import annotations

import pytest

from companion.games.base import Setup
from companion.games.cribbage.ops import Discard, Play
from companion.games.cribbage.rules import CribbageRules
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app
from tests.helpers.scripted import settle_virtual as settle


def open_virtual(app, seats=("human", "easy"), names=("Ann", "Hal"), seed=4):
    from companion.tui.game_ui import ui_for

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
        assert "You laid away" in str(screen.query_one("#advice").render())
        await pilot.click("#undo")
        await settle(pilot, screen)
        match = session.match
        assert match.phase == "discard" and 0 not in match.d.discarded and match.hand(0) == hand
        assert "You laid away" not in str(screen.query_one("#advice").render())  # undone: no review of it
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
    from companion.tui.screens.autoplay import PassDevice

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
    from companion.tui.games.cribbage.screen import CribbageScreen
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
        assert isinstance(screen, CribbageScreen)
        setup = screen.session.setup
        assert setup.mode == "virtual" and setup.seats == ("human", "hard") and setup.seed is not None


async def test_at_a_real_table_the_advice_dialog_analyses_six_tapped_cards(tmp_path):
    from companion.core.cards import parse_cards
    from companion.games.cribbage.advisor import analyse
    from companion.tui.game_ui import ui_for
    from companion.tui.games.cribbage.advice_dialog import AdviceDialog
    from tests.helpers.scripted import tap_card

    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(100, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(("Ann", "Bob"), CribbageRules(), 1), "cribbage")
        app.push_screen(ui_for("cribbage").match_screen(session))
        await pilot.pause()
        await pilot.click("#advice")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AdviceDialog)
        hand = parse_cards("5H 5D JS QC 4S 6D")
        for card in hand[:5]:
            await tap_card(pilot, card)
        assert "encore 1 carte" in str(dialog.query_one("#advice").render())
        await tap_card(pilot, hand[5])
        shown = str(dialog.query_one("#advice").render())
        best = analyse(hand, dealer=False)[0]  # Ann (seat 0) is the pone: Bob deals
        assert "Mieux vaut jeter" in shown and f"{best.net:.2f}".replace(".", ",") in shown and "V♠ D♣" in shown
        await pilot.click("#close")
        await pilot.pause()
        assert not session.match.log  # advice only: nothing entered


async def test_a_virtual_deal_by_keys_alone(tmp_path):
    """Lay away by typing two cards and `lay`, peg by typing each card: no tap at all, in French."""
    from companion.core.cards import format_card

    app = make_app(tmp_path, lang="fr")
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        session, screen = open_virtual(app, seats=("human", "normal"), seed=12)
        await settle(pilot, screen)
        match = session.match

        async def type_line(text: str) -> None:
            screen.query_one("#entry").focus()
            for key in text:
                await pilot.press("space" if key == " " else key)
            await pilot.press("enter")
            await pilot.pause()

        hand = match.hand(0)
        await type_line(" ".join(format_card(c, "ascii", "fr").lower() for c in hand[:2]))
        await type_line("jeter")
        await settle(pilot, screen)
        assert set(match.d.crib) >= set(hand[:2])
        deal = match.deal_number
        while match.deal_number == deal and match.phase == "play":
            if screen.acting_human() == 0:
                await type_line(format_card(match.playable(0)[0], "ascii", "fr").lower())
            await settle(pilot, screen)
        assert match.deal_number > deal or match.phase in ("show", "deal", "discard")


async def test_practice_drills_count_and_throw(tmp_path):
    from companion.games.cribbage.advisor import analyse
    from companion.games.cribbage.scoring import count_hand
    from companion.tui.games.cribbage.practice import PracticeScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        practice = PracticeScreen(seed=3)
        app.push_screen(practice)
        await pilot.pause()
        true = count_hand(practice.hand, practice.starter, practice.crib).total
        entry = practice.query_one("#entry")
        entry.focus()
        for key in str(true + 1):
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert f"Not {true + 1}" in str(practice.query_one("#answer").render())
        await pilot.click("#next")
        await pilot.pause()
        true = count_hand(practice.hand, practice.starter, practice.crib).total
        for key in str(true):
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert "Right" in str(practice.query_one("#answer").render())
        assert "2 of 2" not in str(practice.query_one("#score").render()) and "1 of 2" in str(
            practice.query_one("#score").render())
        await pilot.click("#drill-throw")
        await pilot.pause()
        best = analyse(practice.hand, practice.dealer)[0]
        for card in best.discard:
            await pilot.click(f"#card-{practice.hand.index(card)}")
        await pilot.click("#lay")
        await pilot.pause()
        assert "the best discard" in str(practice.query_one("#answer").render())
        assert "1 best of 1" in str(practice.query_one("#score").render())


async def test_four_players_in_partnerships_a_human_and_three_computers(tmp_path):
    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        session, screen = open_virtual(app, seats=("human", "hard", "easy", "normal"),
                                       names=("Ann", "Hal", "Eve", "Ned"), seed=6)
        match = session.match
        assert match.rules.sides == 2  # Ann and Eve against Hal and Ned
        await settle(pilot, screen)
        assert match.phase == "discard" and len(match.hand(0)) == 5
        await pilot.click(screen.slot_of(match.hand(0)[0]))
        await pilot.click("#lay")
        deal = match.deal_number
        while match.deal_number == deal and not match.is_over:
            await settle(pilot, screen)
            if screen.acting_human() == 0 and match.phase == "play":
                await pilot.click(screen.slot_of(match.playable(0)[0]))
            elif screen.acting_human() == 0:
                break  # the next deal's discard
        assert match.deal_number > deal or match.phase == "discard"
        assert sum(match.scores) > 0


async def test_cards_typed_in_the_advice_dialog_go_into_its_card_entry(tmp_path):
    """At a real table, typing a card in the Advice dialog opened the « I am » list (its first field): the typed
    cards now go into the dialog's own card entry, in both languages, and the list stays shut."""
    from companion.tui.game_ui import ui_for
    from companion.tui.games.cribbage.advice_dialog import AdviceDialog
    from companion.tui.widgets.fields import Select

    for lang, size, line, shown in (("fr", (80, 24), "5c 5k vp", "5♥ 5♦ V♠"), ("en", (128, 40), "5h 5d js", "5♥ 5♦ J♠")):
        app = make_app(tmp_path / lang, lang=lang)
        async with app.run_test(size=size) as pilot:
            session = MatchSession.create(app.store, Setup(("Ann", "Bob"), CribbageRules(), 1), "cribbage")
            app.push_screen(ui_for("cribbage").match_screen(session))
            await pilot.pause()
            app.screen.interpret("avis" if lang == "fr" else "advice")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, AdviceDialog)
            await pilot.press(*["space" if key == " " else key for key in line], "enter")
            await pilot.pause()
            assert not dialog.query_one("#seat", Select).expanded
            cards = str(dialog.query_one("#cards").render())
            assert shown in cards, cards
            advice = str(dialog.query_one("#advice").render())
            assert advice == ("encore 3 cartes" if lang == "fr" else "3 cards to go")
            await pilot.press("q", "q", "enter")  # not a card: one line says why, nothing is taken
            await pilot.pause()
            assert dialog.cards and len(dialog.cards) == 3 and "qq" in str(dialog.query_one("#error").render())


async def test_the_play_hint_is_whole_at_61_holes_on_a_small_screen(tmp_path):
    """At 61 holes the board kept a blank row between its streets, and on 80×24 the play hint's second line was cut
    (three players: the board's three lanes). On a short screen the board's streets now stand row to row, and the
    hint is read whole, in both languages, as on a tablet."""
    import re

    from companion.tui.game_ui import ui_for
    from tests.helpers.scripted import screen_text

    def flat(text: str) -> str:
        return re.sub(r"\s+", " ", text).strip()

    for lang, size in (("fr", (80, 24)), ("en", (80, 24)), ("fr", (128, 40))):
        app = make_app(tmp_path / f"{lang}{size[0]}", lang=lang)
        app.settings.pace = 0.0
        app.settings.hints = True
        async with app.run_test(size=size) as pilot:
            setup = Setup(("Ann", "Hal", "Cy"), CribbageRules(players=3, target=61), 1, "virtual", 3,
                          ("human", "hard", "hard"))
            session = MatchSession.create(app.store, setup, "cribbage")
            screen = ui_for("cribbage").match_screen(session)
            app.push_screen(screen)
            await settle(pilot, screen)
            match = session.match
            await pilot.click(screen.slot_of(match.hand(0)[0]))
            await pilot.click("#lay")
            await settle(pilot, screen)
            assert match.phase == "play" and screen.acting_human() == 0
            hint = str(screen.query_one("#advice").render())
            assert ("Conseil : " if lang == "fr" else "Hint: ") in hint and len(hint.splitlines()) > 1
            assert flat(hint) in flat(screen_text(app)), screen_text(app)


async def test_the_discard_prompt_agrees_its_count_of_cards(tmp_path):
    """« tap 2 card(s) »: the count of cards to lay away, and the reason a Lay away is refused, agree their noun."""
    for lang, size in (("fr", (80, 24)), ("en", (128, 40))):
        app = make_app(tmp_path / lang, lang=lang)
        app.settings.pace = 0.0
        async with app.run_test(size=size) as pilot:
            session, screen = open_virtual(app)
            await settle(pilot, screen)
            prompt = str(screen.query_one("#prompt").render())
            assert ("Ann : touchez 2 cartes à jeter" if lang == "fr" else "Ann: tap 2 cards to lay away") in prompt
            await pilot.click("#lay")
            await pilot.pause()
            assert str(screen.query_one("#message").render()) == ("touchez d'abord 2 cartes" if lang == "fr"
                                                                   else "tap 2 cards first")


async def test_at_a_real_table_the_words_say_who_said_go_who_played_a_card_and_that_a_team_wins(tmp_path):
    """Read at the table: « Alice: go, go for 1 +1 Bruno » read as if Alice had scored; « Q♥ was already played »
    did not say by whom; « Ben & Dan gagne le match ! ». Each is now said plainly, in both languages."""
    from companion.tui.game_ui import ui_for
    from tests.helpers.journeys import until
    from tests.helpers.scripted import message

    for lang, size in (("fr", (80, 24)), ("en", (128, 40))):
        fr = lang == "fr"
        app = make_app(tmp_path / lang, lang=lang)
        async with app.run_test(size=size) as pilot:
            session = MatchSession.create(app.store, Setup(("Alice", "Bruno"), CribbageRules(), 0), "cribbage")
            app.push_screen(ui_for("cribbage").match_screen(session))
            await pilot.pause()
            screen = app.screen
            # Alice deals, starter 5♠; Bruno leads: 7♣ 8♥ 6♦ 10♣ (31) Q♠ Q♥ 9♣ (29, Bruno's last card)
            for card in ("5p 7t 8c 6k 10t dp dc" if fr else "5s 7c 8h 6d 10c qs qh").split():
                screen.interpret(card)
                await pilot.pause()
            screen.interpret("dc" if fr else "qh")
            await pilot.pause()
            assert message(screen) == ("D♥ a déjà été jouée par Alice" if fr else "Q♥ was already played by Alice")
            screen.interpret("9t" if fr else "9c")
            await pilot.pause()
            screen.interpret("go")
            await pilot.pause()
            assert message(screen).startswith("Alice dit go : Bruno marque 1 pour le go" if fr
                                              else "Alice says go: Bruno pegs 1 for the go")

        teams = make_app(tmp_path / f"teams-{lang}", lang=lang)
        async with teams.run_test(size=size) as pilot:
            names = ("Ana", "Ben", "Cy", "Dan")
            session = MatchSession.create(teams.store, Setup(names, CribbageRules(players=4, games_to_win=1), 0),
                                          "cribbage")
            teams.push_screen(ui_for("cribbage").match_screen(session))
            await pilot.pause()
            teams.screen.interpret("+121 Ben")  # Ben & Dan's side
            await until(pilot, lambda app=teams: type(app.screen).__name__ == "MatchEndScreen"
                        and app.screen.query(".title"))
            title = str(teams.screen.query_one(".title").render())
            assert title == ("Ben & Dan gagnent le match !" if fr else "Ben & Dan win the match!")


async def test_one_screen_plays_both_modes(tmp_path):
    """Cribbage had a screen for each mode: one screen now, the keypad and the keeper's keys at a real table, the
    hand and Lay away in virtual play."""
    from companion.tui.game_ui import ui_for
    from companion.tui.games.cribbage.screen import CribbageScreen
    from tests.helpers.journeys import until

    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 40)) as pilot:
        for mode, kinds in (("table", ("human", "human")), ("virtual", ("human", "easy"))):
            session = MatchSession.create(app.store, Setup(("Ann", "Hal"), CribbageRules(), 0, mode, 3, kinds),
                                          "cribbage")
            screen = ui_for("cribbage").match_screen(session)
            assert type(screen) is CribbageScreen
            app.push_screen(screen)
            await until(pilot, lambda s=screen: app.screen is s and s.is_mounted)
            at_table = ("#keypad", "#go", "#count", "#points", "#end", "#history")
            assert all(bool(screen.query(key)) == (mode == "table") for key in at_table)
            assert all(bool(screen.query(key)) == (mode == "virtual") for key in ("#hand", "#lay", "#hints"))
            app.pop_screen()


def waiting_on_pauls_phone(store, phase: str) -> int:
    """Three-player virtual cribbage, Marie at the table's device, Paul on his own phone, Ordi the computer, played
    until the match waits for Paul alone: his discard once Marie laid away, or his card of the play."""
    import importlib

    from companion.games import registry

    game = registry.get("cribbage")
    setup = Setup(("Marie", "Paul", "Ordi"), game.make_rules(3, {}), 2, "virtual", 3, ("human", "human", "normal"))
    session = MatchSession.create(store, setup, game)
    store.bind_seat(session.match_id, 1)
    players = importlib.import_module(game.players or "")
    match = session.match
    while match.awaiting() != (1,) or match.phase != phase:
        others = [seat for seat in match.awaiting() if seat != 1]
        op = match.options(others[0])[0] if others else players.next_op(match, ["normal"] * 3)
        assert op is not None
        session.apply(op)
    return session.match_id


@pytest.mark.parametrize("phase", ["discard", "play"])
async def test_while_a_player_chooses_on_his_phone_a_card_typed_at_the_table_says_not_now(tmp_path, phase):
    """On the table's tablet, while Paul lays away or plays on his phone: no key of a hand is lit, the prompt says
    Paul is playing on his phone, and a card or « lay » typed at the table (Marie's) says it is not her turn,
    nothing entered (a line typed was once dropped in silence)."""
    from companion.core.cards import format_card
    from companion.store.database import Store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from tests.helpers.journeys import until

    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    match_id = waiting_on_pauls_phone(store, phase)
    head = len(store.ops(match_id))
    table = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True, only_match=match_id)
    async with table.run_test(size=(60, 40)) as pilot:
        await until(pilot, lambda: getattr(table.screen, "virtual", False) and table.screen.is_mounted
                    and "Paul is playing on their phone" in str(table.screen.query_one("#prompt").render()),
                    timeout=30)
        screen = table.screen
        assert screen.shown_seat is None
        assert not [key for key in screen.query("#hand Button, #lay") if key.display and not key.disabled]
        for line in (format_card(screen.match.hand(0)[0], "ascii", "en"), "lay"):
            screen.message = None
            screen.interpret(line)
            await until(pilot, lambda: screen.message is not None)
            assert str(screen.query_one("#message").render()) == "not now: that move is not offered"
        assert len(store.ops(match_id)) == head
    table.store.close()
    store.close()

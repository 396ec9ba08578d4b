"""What players do on each screen: counting claims and muggins, a false go, a card entered twice,
quick points, corrections, the language, past matches, resume and rematch."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from companion.games import base, registry
from companion.games.cribbage.engine import CRIB, Setup
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.dialogs.card import CardDialog
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.points import NumberDialog
from companion.tui.game_ui import ui_for
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.match_end import MatchEndScreen
from companion.tui.screens.past import PastMatchesScreen
from companion.tui.widgets.menu import Menu
from tests.helpers.journeys import key_words, tap, until
from tests.helpers.scripted import DEAL, make_app, message, open_session, screen_text, type_in


async def test_a_claim_below_the_true_count_offers_muggins_to_the_opponent(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True, muggins=True))
        await type_in(pilot, screen, *DEAL)
        await pilot.click("#count")
        await pilot.pause()
        assert isinstance(app.screen, NumberDialog)  # Paul says how many he counts
        await pilot.click("#digit-2")
        await pilot.click("#digit-ok")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # Paul claimed 2 of his 4: who takes the 2?
        assert "missed 2" in str(app.screen.query_one("#body").render())
        await pilot.click("#answer-0")  # Marie
        await pilot.pause()
        assert screen.match.scores == [8 + 2, 2]
        assert screen.match.next_to_show == 0


async def test_an_over_claim_is_corrected_and_muggins_off_pegs_the_true_count(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True))
        await type_in(pilot, screen, *DEAL, "count", "9")  # Paul claims 9: the hand is worth 4
        assert screen.match.scores == [8, 4]
        await pilot.pause()
        # No question to answer: the message line says what is pegged, and the log keeps the claim.
        assert not isinstance(app.screen, ChoiceDialog)
        assert "claimed 9: the true count, 4, is pegged" in message(screen)


async def test_a_false_go_is_flagged_at_the_show_and_can_be_undone(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        # Starter 2♣; Paul K♠ (10), Marie Q♥ (20), Paul 5♦ (25), Marie go, Paul go though he holds the 4♦.
        await type_in(pilot, screen, "2c", "ks", "qh", "5d", "go")
        await type_in(pilot, screen, "go", "js", "4d", "9d", "7s", "go", "8c", "count")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Paul said go at 25 while holding 4♦" in str(app.screen.query_one("#body").render())
        await pilot.click("#answer-1")  # fix it: back to just before Paul's false go
        await pilot.pause()
        match = screen.match
        assert match.phase == "play" and match.turn == 1 and match.count == 25
        assert [op.name for op in match.log] == ["cut", "play", "play", "play", "go"]  # Marie's go stays
        assert screen.session.redo_count == 8  # Paul's go and what followed can be redone
        await type_in(pilot, screen, "4d")  # what really happened: Paul plays his 4♦ (29)
        assert isinstance(app.screen, ChoiceDialog)  # the 8 undone entries would go: asked first
        await pilot.click("#answer-1")  # enter it, forget them
        await pilot.pause()
        assert screen.match.count == 29 and not screen.session.can_redo


async def test_a_go_is_refused_while_any_card_must_fit(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "2c", "ks", "qh", "go")  # Marie at 20: any card fits up to 31
        assert "Paul cannot say go at 20" in message(screen)
        assert screen.match.turn == 1


async def test_a_card_entered_twice_is_refused_with_the_reason_and_nothing_is_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "5h", "10d")
        head = app.store.match(screen.session.match_id).head
        await type_in(pilot, screen, "10d")
        assert "10♦ was already played" in message(screen)
        assert app.store.match(screen.session.match_id).head == head
        assert screen.query_one("#keypad #rank-10").disabled is False  # other tens are still in play
        await pilot.click("#keypad #rank-10")
        assert screen.query_one("#keypad #suit-2").has_class("-off")  # the 10♦ key is greyed out
        await pilot.click("#keypad #suit-2")  # and takes no tap
        await pilot.pause()
        assert app.store.match(screen.session.match_id).head == head


async def test_quick_points_by_taps_and_by_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_session(pilot, app)
        await pilot.click("#points")
        await pilot.pause()
        await pilot.click("#side-1")
        for key in ("1", "2", "ok"):
            await pilot.click(f"#digit-{key}")
        await pilot.pause()
        assert screen.match.scores == [0, 12]
        await type_in(pilot, screen, "+7 mar")
        assert screen.match.scores == [7, 12]
        await type_in(pilot, screen, "+3")
        assert "say who" in message(screen)


async def test_a_card_can_be_corrected_in_the_history(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "5h", "10d", "4c")  # Marie meant the 5♣: 15 for 2
        await pilot.click("#log")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")  # the last entry is highlighted
        await pilot.pause()
        assert isinstance(app.screen, CardDialog)
        await pilot.click("#keypad #rank-5")
        await pilot.click("#keypad #suit-3")
        await pilot.pause()
        assert "Corrected" in str(app.screen.query_one("#note").render())
        await pilot.press("escape")
        await pilot.pause()
        assert screen.match.scores == [2, 0]
        assert [c.code for _, c in screen.match.current] == ["10D", "5C"]


async def test_the_language_switch_redraws_the_home_screen_in_french(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await tap(pilot, "#lang")
        await pilot.pause()
        assert app.lang == "fr"
        assert key_words(app, "new-cribbage") == "Nouveau match : Cribbage · le jeu et le décompte, en 121"
        await pilot.press("n")
        await pilot.pause()
        assert "Commencer" in str(app.screen.query_one("#start").label)


async def test_home_says_what_each_game_is_and_every_key_still_fits_80x24(tmp_path):
    """Le 31 and the two Trente-et-un are told apart by a few words on their keys: after the words on a key of
    one row (every key still one row and in view at 80×24, three matches to resume too), under them on a tablet's
    key of three rows."""
    for lang in ("en", "fr"):
        (tmp_path / lang).mkdir()
        app = make_app(tmp_path / lang, lang=lang)
        for names in (("Ana", "Rui"), ("Léa", "Paul"), ("Zoé", "Hugo")):
            MatchSession.create(app.store, Setup(names, CribbageRules(), 0), "cribbage")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one(Menu)
            assert all(menu.key_in_view(key) and menu.key_region(key).height == 1 for key in menu.key_ids())
            words = {key: key_words(app, key) for key in ("new-le31", "new-trente_et_un", "new-trente_et_un_banker")}
        assert words == ({"new-le31": "New match: Le 31 · captures, its own deck",
                          "new-trente_et_un": "New match: Le Trente-et-un · draw and knock",
                          "new-trente_et_un_banker": "New match: Trente-et-un, banker · swap with the table, « Je tiens »"}
                         if lang == "en" else
                         {"new-le31": "Nouveau match : Le 31 · prises, son propre paquet",
                          "new-trente_et_un": "Nouveau match : Le Trente-et-un · tirer et cogner",
                          "new-trente_et_un_banker": "Nouveau match : Trente-et-un, banquier · échanges, « Je tiens »"})
    (tmp_path / "tablet").mkdir()
    app = make_app(tmp_path / "tablet", lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert menu.key_region("new-le31").height == 3
        assert str(menu.get_option("new-le31").prompt).split("\n") == ["", "New match: Le 31", "captures, its own deck"]
        await pilot.press("n")  # Cribbage's key is lit: its form says what the game is too
        await pilot.pause()
        assert "New match: Cribbage · pegging and the show, to 121" in str(app.screen.query_one(".title").render())


async def test_french_card_entry_in_the_match(tmp_path):
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "5c", "10k", "5t")  # 5♥ starter, Paul 10♦, Marie 5♣
        assert screen.match.scores == [2, 0]
        assert "15 pour 2" in message(screen)


async def test_resume_past_matches_and_rematch(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "+100 marie", "+60 paul")
        await type_in(pilot, screen, "+10 paul")
        await pilot.press("escape")  # back home: the match is listed to resume
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        match_id = screen.session.match_id
        await tap(pilot, f"#resume-{match_id}")
        await pilot.pause()
        assert app.screen.match.scores == [100, 70]
        await type_in(pilot, app.screen, "+21 marie")  # 121-70: a skunk (Paul below 91, not below 61)
        await pilot.pause()
        assert isinstance(app.screen, MatchEndScreen)
        assert str(app.screen.query_one("#badge").render()) == "Skunk!"
        await pilot.click("#rematch")
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen)
        rematch = app.screen.session
        assert rematch.match_id != match_id and rematch.setup.first_dealer == 1  # Paul lost: he deals
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PastMatchesScreen)
        table = app.screen.query_one("#table")
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        finished = next(r for r in rows if r[2] == "121–70")  # the score and the winner before the players
        assert finished[1] == "Cribbage" and finished[3] == "Marie" and finished[4] == "Marie · Paul"
        assert finished[5] == "S"


async def test_the_show_prefills_each_hand_from_the_cards_pegged(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, *DEAL)
        assert [c.code for c in screen.pending] == ["10D", "KD", "4H", "9S"]
        await type_in(pilot, screen, "count", "count")
        assert screen.match.next_to_show == CRIB and screen.pending == []
        await type_in(pilot, screen, "2s", "3s", "qh")
        await type_in(pilot, screen, "count")
        assert "a hand has 4 cards" in message(screen) or "crib has 4 cards" in message(screen)
        await type_in(pilot, screen, "jh", "count")
        assert screen.match.scores == [29, 4]
        # Undo of the crib's count: its four cards come back into the entry, to fix one of them.
        await type_in(pilot, screen, "undo")
        assert [c.code for c in screen.pending] == ["2S", "3S", "QH", "JH"] and screen.match.next_to_show == CRIB
        await type_in(pilot, screen, "count")
        assert screen.match.scores == [29, 4]


async def test_setup_refuses_two_players_with_the_same_name(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for i in (0, 1):
            app.screen.query_one(f"#name-{i}").value = "Marie"
        app.screen.query_one("#players", Select).value = 2
        await pilot.click("#start")
        await pilot.pause()
        assert "different name" in str(app.screen.query_one("#error").render())


async def test_the_setup_language_switch_keeps_the_choices_already_made(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#name-0").value = "Marie"
        app.screen.query_one("#rule-target", Select).value = 61
        app.screen.query_one("#lang", Select).value = "fr"
        await pilot.pause()
        await pilot.pause()
        assert app.lang == "fr"
        assert "Commencer" in str(app.screen.query_one("#start").label)
        assert app.screen.query_one("#rule-target", Select).value == 61
        assert app.screen.query_one("#name-0").value == "Marie"


async def test_a_card_corrected_in_the_history_is_the_one_the_show_fills_in(tmp_path):
    from companion.core.cards import parse_card

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        mis_keyed = [("2s" if card == "9s" else card) for card in DEAL]  # Paul's 9♠ keyed as 2♠
        await type_in(pilot, screen, *mis_keyed)
        assert screen.match.phase == "show" and parse_card("2S") in screen.pending
        seq = next(i for i, op in enumerate(screen.match.log, 1) if getattr(op, "card", None) == parse_card("2S"))
        await pilot.click("#log")
        await pilot.pause()
        app.screen.query_one("#entries").highlighted = seq - 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardDialog)
        await pilot.click("#keypad #rank-9")
        await pilot.click("#keypad #suit-0")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and parse_card("9S") in screen.pending and parse_card("2S") not in screen.pending
        await pilot.click("#count")  # Paul's 10♦ K♦ 4♥ 9♠ with the 5♥: 4
        await pilot.pause()
        assert screen.match.scores == [8, 4] and screen.match.next_to_show == 0


async def test_a_mistyped_claim_under_muggins_is_taken_back_and_nothing_is_given_by_a_stray_key(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True, muggins=True))
        await type_in(pilot, screen, *DEAL)
        await pilot.click("#count")
        await pilot.pause()
        await pilot.click("#digit-1")  # Paul counts 4 but types 1: his claim pegs 1, muggins waits on 3
        await pilot.click("#digit-ok")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter", "enter")  # a double Enter gives Marie nothing
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.match.phase == "muggins" and screen.match.scores == [8, 1]
        await pilot.click("#count")  # the question again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        fix = next(i for i, (_, v) in enumerate(app.screen.answers) if v == "fix")
        await pilot.click(f"#answer-{fix}")  # take the claim back
        await pilot.pause()
        assert screen.match.phase == "show" and screen.match.next_to_show == 1
        await pilot.click("#count")
        await pilot.pause()
        await pilot.click("#digit-4")
        await pilot.click("#digit-ok")
        await pilot.pause()
        assert screen.match.scores == [8, 4]


def test_a_claimed_count_can_be_corrected_in_the_log():
    from companion.games.cribbage.ops import Show
    from companion.tui.games.cribbage import CribbageUI

    calls = []

    class FakeScreen:
        app = type("A", (), {"push_screen": lambda self, dialog, callback: calls.append((dialog, callback))})()

        def tr(self, msg, **args):
            return msg(**args).text("en")

        def correct(self, seq, op):
            calls.append(("correct", seq, op))

    op = Show(1, (), 1)
    assert CribbageUI().correct(FakeScreen(), 12, op)
    dialog, callback = calls[0]
    callback((None, 4))
    assert calls[-1] == ("correct", 12, Show(1, (), 4))


async def test_every_action_button_shows_its_whole_word_in_both_languages(tmp_path):
    from rich.cells import cell_len

    for lang in ("en", "fr"):
        for size in ((80, 24), (120, 40)):
            app = make_app(tmp_path / f"{lang}{size[0]}", lang)
            async with app.run_test(size=size) as pilot:
                screen = await open_session(pilot, app)
                for button in [b for b in screen.query("#actions Button") if b.display]:  # Phones: served only
                    label = button.label.plain
                    region = button.content_region
                    assert region.width >= cell_len(label), (lang, size, label, region)
                    assert region.right <= size[0], (lang, size, label, region)


async def test_the_past_match_actions_fit_80_columns_in_french_and_ask_in_view(tmp_path):
    from companion.tui.dialogs.match_actions import MatchActionsDialog

    app = make_app(tmp_path, "fr")
    session = MatchSession.create(app.store, Setup(("Marie", "Paul"), CribbageRules(), 0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchActionsDialog(app.store.match(session.match_id)))
        await pilot.pause()
        dialog = app.screen
        for button in dialog.query("Button"):
            if button.display and button.parent.display:
                assert button.region.right <= 80 and button.content_region.width >= len(button.label.plain), button
        await pilot.click("#delete")
        await pilot.pause()
        question = dialog.query_one("#confirm")
        assert question.display and question.region.bottom <= 24 and question.region.right <= 80
        for button in question.query("Button"):
            assert button.region.right <= 80


@pytest.mark.parametrize("game_id", ["cribbage", "le31", "rummy2500", "trente_et_un"])
async def test_every_virtual_screen_has_the_shared_keys_and_its_pace_key_and_word_change_the_pace(tmp_path, game_id):
    store = Store.open(tmp_path / "pace.sqlite3")
    game = registry.get(game_id)
    setup = base.Setup(("A", "B"), game.make_rules(2, {}), 0, "virtual", 1, ("human", "normal"))
    session = MatchSession.create(store, setup, game_id)
    app = CompanionApp(store, settings=Settings(lang="fr", pace=1.0))
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(ui_for(game_id).match_screen(session))
        await until(pilot, lambda: app.screen.query("#actions > *"))
        keys = [key.id for key in app.screen.query("#actions > *")]
        assert keys[-5:] in (["pace", "undo", "log", "phones", "home"], ["undo", "log", "phones", "rules", "home"])
        app.screen.query_one("#pace").press()
        await pilot.pause()
        assert app.settings.pace == 0.4  # the next pace along
        app.screen.query_one("#entry").value = "rythme"
        await pilot.press("enter")
        await pilot.pause()
        assert app.settings.pace == 0.0
    store.close()


async def test_home_keys_answer_the_keyboard_from_where_the_player_left(tmp_path):
    """At a terminal the menu has the focus and its first key is lit: Enter opens the first game's setup; back
    home, and after a change of language, the lit key is the one the player had reached."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert app.focused is menu and lit(menu) == "new-cribbage"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen" and "Le 31" in str(app.screen.query_one(".title").render())
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert isinstance(app.screen, HomeScreen) and app.focused is menu and lit(menu) == "new-le31"
        assert app.screen.query_one(".title").region.y == 0  # the title stays in view
        await pilot.press("down", "l")
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert app.lang == "fr" and app.focused is menu and lit(menu) == "new-rummy2500"
        await pilot.press("n")  # a new match of the game lit
        await pilot.pause()
        assert "2500" in str(app.screen.query_one(".title").render())


async def test_back_home_from_a_match_just_started_its_resume_key_is_lit(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+s")  # New match: Cribbage, started with the form as it is
        await pilot.pause()
        match_id = app.screen.session.match_id
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert isinstance(app.screen, HomeScreen) and lit(menu) == f"resume-{match_id}"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.match_id == match_id


def lit(menu: Menu) -> str | None:
    option = menu.highlighted_option
    return option.id if option is not None else None


async def test_a_served_home_lights_no_key(tmp_path):
    """A tablet's page: a finger needs no focus, and a lit key would look chosen."""
    store = Store.open(tmp_path / "companion.sqlite3")
    app = CompanionApp(store, settings=Settings(lang="en"), served=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.screen.query_one(Menu).highlighted is None
    store.close()


async def test_statistics_show_their_cells_whole(tmp_path):
    """The statistics fill their table once: the pickers saying their first value once mounted drew it a second
    time in the same moment, and Textual then kept the first drawing, cut to the headers' widths ("No mat")."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: "No match of this game saved yet." in screen_text(app))

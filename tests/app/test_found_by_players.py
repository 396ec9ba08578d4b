"""What new players found wrong while playing (in tmux, and by finger in Chromium), each kept fixed: a count
agreed with its noun, a lost token written as -1, the verbs of Trente-et-un as players type them, and more."""

from __future__ import annotations

import pytest

from companion.games.base import Setup
from companion.games.selfplay import play_out
from companion.games.trente_et_un.engine import BankerMatch
from companion.games.trente_et_un.players import next_op
from companion.games.trente_et_un.rules import BankerRules
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.game_ui import ui_for
from companion.tui.games.trente_et_un.turn_words import turn_entry
from companion.tui.screens.history import HistoryScreen
from tests.helpers.scripted import make_app


def test_past_matches_agree_a_count_with_its_noun():
    assert ui_for("rummy2500").past_notes({"brasses": 1}, "en") == "1 brasse"
    assert ui_for("rummy2500").past_notes({"brasses": 3}, "fr") == "3 brasses"
    assert ui_for("le31").past_notes({"rounds": 1}, "en") == "1 round"
    assert ui_for("le31").past_notes({"rounds": 1}, "fr") == "1 manche"
    assert ui_for("le31").past_notes({"rounds": 2}, "fr") == "2 manches"


def test_the_french_verbs_are_read_as_their_nouns_are():
    match = BankerMatch(Setup(("Ann", "Bob"), BankerRules(), 0))
    assert turn_entry(match, "garder", "fr") == turn_entry(match, "garde", "fr") is not None
    assert turn_entry(match, "passer", "fr") == turn_entry(match, "passe", "fr") is not None


async def test_the_log_writes_a_lost_token_as_minus_one(tmp_path):
    app = make_app(tmp_path)
    setup = Setup(("Ann", "Bob", "Cy"), BankerRules(), 0, "virtual", 5, ("easy", "easy", "easy"))
    played = play_out(next_op, BankerMatch(setup), ["easy"] * 3)
    session = MatchSession.create(app.store, setup, "trente_et_un_banker")
    for op in played.log:
        session.apply(op)
    assert any(s.points < 0 for event in session.match.events for s in event.scores)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(HistoryScreen(session))
        await pilot.pause()
        lines = [str(option.prompt) for option in app.screen.query_one("#entries").options]
        assert any(" -1 " in line for line in lines) and not any("+-" in line for line in lines)
        # Nothing of a game the app deals is corrected here: the title does not say to tap an entry.
        assert str(app.screen.query_one(".title").render()) == "History"


async def test_the_log_of_a_match_at_a_real_table_says_its_entries_are_corrected_by_a_tap(tmp_path):
    from companion.games.cribbage.engine import Setup as CribbageSetup
    from companion.games.cribbage.rules import CribbageRules

    app = make_app(tmp_path, lang="fr")
    session = MatchSession.create(app.store, CribbageSetup(("Ann", "Bob"), CribbageRules(), 0), "cribbage")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(HistoryScreen(session))
        await pilot.pause()
        assert "touchez une entrée pour la corriger" in str(app.screen.query_one(".title").render())


def test_the_rules_a_player_reads_point_to_nothing_outside_the_app():
    """The Le 31 rules sent a player to « SPEC §1.b » and « docs/le31-deck.md », which an installed app has not:
    every game's rules, in both languages, say what they mean in place."""
    import re

    from companion.games import registry
    from companion.tui.screens.help import rules_text

    for game in registry.available():
        for lang in ("en", "fr"):
            text = rules_text(game.help_name or game.id, lang)
            assert not re.search(r"SPEC|docs/|\.md\b|§", text), (game.id, lang)


async def test_up_on_homes_first_key_stays_there(tmp_path):
    """A player pressed ↑ once too often on home, came round to Quit, and Enter left the app."""
    from companion.tui.widgets.menu import Menu

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(Menu)
        assert menu.highlighted == 0
        await pilot.press("up")
        assert menu.highlighted == 0
        await pilot.press("end", "down")
        assert menu.highlighted == menu.option_count - 1
        await pilot.press("down")
        assert menu.highlighted == menu.option_count - 1 and app.is_running


async def test_enter_on_the_rules_choice_opens_the_first_games_rules(tmp_path):
    """A player pressed Enter on the choice of rules and it closed: the focus was on ✕. A choice that only leads
    somewhere starts on its first answer (one that changes something still starts on the safe one)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen" and app.screen.game == "cribbage"


async def test_a_phone_upright_gives_each_name_its_own_row_in_a_game_against_the_computer(tmp_path):
    """On a phone upright the name and who plays it stood side by side and left the name field one letter wide."""
    from companion.games import registry
    from companion.tui.screens.setup import SetupScreen

    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(45, 45)) as pilot:
        app.push_screen(SetupScreen(registry.get("cribbage")))
        await pilot.pause()
        app.screen.query_one("#mode").value = "virtual"
        await pilot.pause()
        for i in range(2):
            name, kind = app.screen.query_one(f"#name-{i}"), app.screen.query_one(f"#kind-{i}")
            assert name.region.width >= 30 and kind.region.width >= 30, (name.region, kind.region)


async def test_a_move_typed_at_the_wrong_moment_against_the_computer_says_why(tmp_path):
    """In Le Trente-et-un against the computer, a card typed before drawing, or a word of the banker game,
    did nothing and said nothing."""
    from companion.games.trente_et_un.rules import KnockRules
    from tests.helpers.scripted import settle_virtual

    app = make_app(tmp_path, lang="fr", pace=0.0)
    setup = Setup(("Ann", "Hal"), KnockRules(), 1, "virtual", 3, ("human", "easy"))
    session = MatchSession.create(app.store, setup, "trente_et_un")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = ui_for("trente_et_un").match_screen(session)
        app.push_screen(screen)
        await settle_virtual(pilot, screen)
        play = session.match.play
        assert screen.acting_human() == 0 and not play.has_drawn
        card = play.hands[0][0]
        screen.interpret(card.display("fr"))
        await pilot.pause()
        assert "prenez d'abord une carte" in str(screen.query_one("#message").render())
        screen.interpret("passe")
        await pilot.pause()
        assert "ce coup n'est pas possible maintenant" in str(screen.query_one("#message").render())
        assert len(session.match.log) == len(screen.match.log) and not session.match.play.has_drawn


async def test_the_phones_dialog_of_a_real_table_does_not_speak_of_dealing(tmp_path):
    """At a real table the Phones dialog said « The table's device deals and plays the computers »."""
    from companion.games.cribbage.engine import Setup as CribbageSetup
    from companion.games.cribbage.rules import CribbageRules
    from companion.tui.dialogs.seats import SeatsDialog

    app = make_app(tmp_path)
    table = MatchSession.create(app.store, CribbageSetup(("Ann", "Bob"), CribbageRules(), 0), "cribbage")
    virtual = MatchSession.create(app.store, CribbageSetup(("Ann", "Hal"), CribbageRules(), 0, "virtual", 1,
                                                           ("human", "normal")), "cribbage")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        said = []
        for session in (table, virtual):
            app.push_screen(SeatsDialog(app.store.match(session.match_id)))
            await pilot.pause()
            said.append(" ".join(str(s.render()) for s in app.screen.query(".message")))
            app.pop_screen()
        assert "enters his own plays" in said[0] and "deals" not in said[0]
        assert "deals and plays the computers" in said[1]


async def test_home_drawn_anew_as_the_app_closes_or_a_dialog_opens_does_not_crash(tmp_path):
    """A dialog closed over home, and the app closed (or another dialog opened) at once: home was drawing itself
    anew, its menu was not there to be read, and the app crashed. Now it closes cleanly, and home, back in view,
    has one menu, lit and focused."""
    from companion.games.cribbage.engine import Setup as CribbageSetup
    from companion.games.cribbage.rules import CribbageRules
    from companion.tui.dialogs.seats import SeatsDialog
    from companion.tui.widgets.menu import Menu

    app = make_app(tmp_path)
    ids = [MatchSession.create(app.store, CribbageSetup(names, CribbageRules(), 0), "cribbage").match_id
           for names in (("Ann", "Bob"), ("Cy", "Di"))]
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        home = app.screen
        for match_id in ids:
            app.push_screen(SeatsDialog(app.store.match(match_id)))
            await pilot.pause()
            app.pop_screen()  # home is drawn anew as the next dialog opens
        await pilot.pause()
        assert app.screen is home and len(home.query(Menu)) == 1
        assert home.query_one(Menu).highlighted == 0 and home.query_one(Menu).has_focus
        app.push_screen(SeatsDialog(app.store.match(ids[0])))
        await pilot.pause()
        app.pop_screen()  # and the app closes at once (the end of this block)


async def test_the_new_club_night_form_reads_and_starts_like_a_matchs(tmp_path):
    """The new club night's form read « Rounds9 », « Games to121 », and ctrl+s did not start it."""
    import re

    from companion.tui.screens.club import ClubNightScreen, NewNightScreen
    from tests.helpers.scripted import screen_text

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NewNightScreen())
        await pilot.pause()
        text = screen_text(app)
        assert re.search(r"Rounds\s{2,}9", text) and re.search(r"Games to\s{2,}121", text), text
        app.screen.query_one("#players").value = "Ann, Bob, Cy, Di"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ClubNightScreen)


async def test_a_number_out_of_range_is_said_on_a_tablet_too(tmp_path):
    """On a tablet a club result of 121–130 was refused in silence: the reason went into the line of keys, which a
    served page hides. It has its own line now."""
    from companion.tui.app import CompanionApp
    from companion.tui.dialogs.points import NumberDialog

    app = CompanionApp(make_app(tmp_path).store, settings=Settings(lang="en"), served=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NumberDialog("Bob's result", maximum=120))
        await pilot.pause()
        for key in ("1", "3", "0", "ok"):
            await pilot.click(f"#digit-{key}")
        await pilot.pause()
        error = app.screen.query_one("#error")
        assert "120" in str(error.render()) and error.region.height >= 1
        assert not app.screen.query_one("#hint").display or app.screen.query_one("#hint").region.height == 0


async def test_a_club_nights_players_are_chosen_by_finger(tmp_path):
    """Creating a club night by finger could only take every known player: the list was a line of text."""
    from companion.games.cribbage.engine import Setup as CribbageSetup
    from companion.games.cribbage.rules import CribbageRules
    from companion.tui.screens.club import ClubNightScreen, NewNightScreen

    app = make_app(tmp_path)
    for names in (("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Ann")):  # the players known: those who have played
        MatchSession.create(app.store, CribbageSetup(names, CribbageRules(), 0), "cribbage")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewNightScreen())
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#players")
        everyone = [p.strip() for p in field.value.split(",")]
        assert sorted(everyone) == ["Ann", "Bob", "Cy", "Di", "Ed"]
        ed = screen.known.index("Ed")
        await pilot.click(f"#known-{ed}")  # Ed is not here tonight
        await pilot.pause()
        assert "Ed" not in field.value and len(field.value.split(",")) == 4
        await pilot.click(f"#known-{ed}")  # he came after all
        await pilot.pause()
        assert field.value.endswith(", Ed") and len(field.value.split(",")) == 5
        await pilot.click(f"#known-{ed}")
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, ClubNightScreen)


async def test_escape_asks_before_it_throws_away_what_was_typed(tmp_path):
    """Escape threw away Le 31's quick tally half typed, a club result, and the names of a new match's form. Now a
    question comes first; Escape on it, or « No, keep it », keeps everything where it was."""
    from companion.games import registry
    from companion.games.le31.rules import Le31Rules
    from companion.tui.dialogs.choice import ChoiceDialog
    from companion.tui.dialogs.points import NumberDialog
    from companion.tui.games.le31.quick import QuickTallyDialog
    from companion.tui.screens.setup import SetupScreen

    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        quick = QuickTallyDialog(session.match)
        app.push_screen(quick)
        await pilot.pause()
        quick.query_one("#cards").value = "30"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")  # Escape on the question keeps what was typed
        await pilot.pause()
        assert app.screen is quick and quick.query_one("#cards").value == "30"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click("#answer-1")  # « Throw it away »: said, so done
        await pilot.pause()
        assert not isinstance(app.screen, (QuickTallyDialog, ChoiceDialog))

        number = NumberDialog("Bob's result", maximum=120)
        app.push_screen(number)
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: closed at once
        await pilot.pause()
        assert app.screen is not number
        number = NumberDialog("Bob's result", maximum=120)
        app.push_screen(number)
        await pilot.pause()
        await pilot.click("#digit-9")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#answer-0")  # « No, keep it »
        await pilot.pause()
        assert app.screen is number and number.text == "9"
        app.pop_screen()

        app.push_screen(SetupScreen(registry.get("cribbage")))
        await pilot.pause()
        form = app.screen
        form.query_one("#name-0").value = "Béa"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form and form.query_one("#name-0").value == "Béa"


async def test_2500_speaks_french_at_a_french_table(tmp_path):
    """« tours » did not open Turns in French, and the brasse dialog's grey examples used English letters."""
    from companion.games.rummy2500.rules import Rummy2500Rules
    from companion.tui.games.rummy2500.brasse import BrasseDialog
    from companion.tui.games.rummy2500.turns import OpenDialog

    app = make_app(tmp_path, lang="fr")
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = ui_for("rummy2500").match_screen(session)
        app.push_screen(screen)
        await pilot.pause()
        screen.interpret("tours")
        await pilot.pause()
        assert isinstance(app.screen, OpenDialog)
        app.pop_screen()
        await pilot.pause()
        screen.interpret("brasse")
        await pilot.pause()
        assert isinstance(app.screen, BrasseDialog)
        assert app.screen.query_one("#laid-0").placeholder == "ex. : VP VC VK, 6T 6P 8C, +7C"


async def test_count_or_go_typed_at_the_wrong_moment_says_why(tmp_path):
    """« compter » typed during the play, or « go » at the show, did nothing at all: now the message line says when
    each is said."""
    from tests.helpers.scripted import DEAL, make_app, message, open_session, type_in

    app = make_app(tmp_path, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, *DEAL[:2])  # the starter, then the first card of the play
        await type_in(pilot, screen, "compter")
        assert message(screen).startswith("Nothing to count now")
        await type_in(pilot, screen, *DEAL[2:])  # the rest of the play: the show begins
        assert screen.match.phase == "show"
        await type_in(pilot, screen, "go")
        assert message(screen) == "Go is said during the play"


@pytest.mark.parametrize("game_id", ["cribbage", "le31", "rummy2500", "trente_et_un", "trente_et_un_banker"])
async def test_a_match_of_computers_only_does_not_ask_to_pass_the_device(tmp_path, game_id):
    """Computers playing among themselves showed « Cards hidden: pass the device », to nobody."""
    from companion.games import registry
    from tests.helpers.scripted import screen_text

    app = make_app(tmp_path, lang="en")
    game = registry.get(game_id)
    setup = Setup(("Ordi 1", "Ordi 2"), game.make_rules(2, {}), 0, "virtual", 5, ("normal", "normal"))
    session = MatchSession.create(app.store, setup, game_id)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(ui_for(game_id).match_screen(session))
        for _ in range(5):
            await pilot.pause()
        text = screen_text(app)
        assert "pass the device" not in text and "Only computers play" in text, text


async def test_undo_says_what_it_took_back(tmp_path):
    """After an Undo the screen showed the entry now on top, and the player could not tell whether it took: the
    message line says which entry was undone."""
    from tests.helpers.scripted import DEAL, message, open_session, type_in

    app = make_app(tmp_path, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, *DEAL[:3])  # the starter 5♥, then Paul's 10♦ and Marie's 5♣
        await type_in(pilot, screen, "undo")
        assert message(screen).startswith("Undone: ") and "5♣" in message(screen), message(screen)
        assert len(screen.match.log) == 2


async def test_the_cribbage_statistics_write_decimals_the_french_way(tmp_path):
    """« Main moyenne 5.50 » in French: a decimal comma, as the statistics table beside it already wrote."""
    from companion.tui.gallery import STATES, build_app
    from tests.helpers.scripted import screen_text

    app = build_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await STATES["statistics"](pilot)
        await pilot.pause()
        lines = [line for line in screen_text(app).splitlines() if "Main moyenne" in line]
        assert lines and "," in lines[0] and "." not in lines[0], lines


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_number_dialogs_key_line_is_whole_at_80x24(tmp_path, lang):
    from companion.tui.dialogs.points import NumberDialog
    from tests.helpers.scripted import screen_text

    app = make_app(tmp_path, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NumberDialog("Points", sides=["Marie-Josée", "Jean-Philippe"]))
        await pilot.pause()
        ending = "Échap : annuler" if lang == "fr" else "Esc: cancel"
        assert any(line.rstrip(" █").endswith(ending) for line in screen_text(app).splitlines()), screen_text(app)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("mode", ["table", "virtual"])
@pytest.mark.parametrize("game_id", ["cribbage", "le31", "rummy2500", "trente_et_un", "trente_et_un_banker"])
async def test_every_entry_lines_words_fit_80_columns_with_the_default_names(tmp_path, game_id, mode, lang):
    """The cribbage entry line's example ended « +7 Joueu » at 80 columns: each game's words fit, with a name."""
    from companion.games import registry

    app = make_app(tmp_path, lang=lang)
    game = registry.get(game_id)
    names = ("Joueur 1", "Joueur 2") if lang == "fr" else ("Player 1", "Player 2")
    kinds = ("human", "normal") if mode == "virtual" else ()
    session = MatchSession.create(app.store, Setup(names, game.make_rules(2, {}), 0, mode, 5, kinds), game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ui_for(game_id).match_screen(session))
        await pilot.pause()
        entry = app.screen.query_one("#entry")
        assert 0 < len(str(entry.placeholder)) <= entry.content_region.width, str(entry.placeholder)


async def test_the_club_nights_list_says_a_nights_date_once(tmp_path):
    """« Club night 2026-11-27 · 2026-11-27 »: a night named by default already holds its date."""
    from companion.club import saved
    from companion.club.night import start_op
    from companion.tui.screens.club import ClubNightsScreen

    app = make_app(tmp_path)
    saved.create(app.store, "Mardi", start_op(["Ann", "Bob", "Cy", "Di"]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ClubNightsScreen())
        await pilot.pause()
        night = app.screen.query_one("#night-1")
        assert str(night.label).startswith("Mardi · 20")
    app2 = make_app(tmp_path / "other")
    async with app2.run_test(size=(80, 24)) as pilot:
        app2.push_screen(ClubNightsScreen())
        await pilot.pause()
        await pilot.click("#new")
        await pilot.pause()
        app2.screen.query_one("#players").value = "Ann, Bob, Cy, Di"
        await pilot.press("ctrl+s")
        await pilot.pause()
        app2.pop_screen()
        await pilot.pause()
        label = str(app2.screen.query_one("#night-1").label)
        assert label.startswith("Club night ") and label.count("-") == 2, label  # one date


async def test_the_end_of_a_match_shows_the_round_that_ended_it_and_a_stray_enter_starts_nothing(tmp_path):
    """Issue 37: the end-of-match dialog hid the last Trente-et-un showdown (who lost the last life), and one Enter
    there started a rematch (the focus was on « Rematch »): a keeper still typing landed in a new 0–0 match."""
    from companion.games.trente_et_un.engine import KnockMatch
    from companion.games.trente_et_un.rules import KnockRules
    from companion.tui.screens.match_end import MatchEndScreen

    app = make_app(tmp_path)
    setup = Setup(("Ann", "Bob", "Cy"), KnockRules(), 0, "virtual", 3, ("easy", "easy", "easy"))
    played = play_out(next_op, KnockMatch(setup), ["easy"] * 3)
    session = MatchSession.create(app.store, setup, "trente_et_un")
    for op in played.log:
        session.apply(op)
    headline = played.events[-1].report[0].text("en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchEndScreen(session))
        await pilot.pause()
        assert str(app.screen.query_one("#last-report").render()).startswith(headline)
        await pilot.press(*"5h", "enter", "enter", "space")
        assert isinstance(app.screen, MatchEndScreen)
        assert [r.id for r in app.store.list_matches()] == [session.match_id]  # no new match


async def test_a_computers_move_whose_timer_never_fires_is_made_all_the_same(tmp_path):
    """Issue 37: once in 229 restarts of Le Trente-et-un, the computer's next move waited on a 1 ms timer that never
    fired, and the match sat with no human to act. Whose move it is comes from the match's state: a move due with
    nothing under way to make it is asked for again."""
    from companion.games.trente_et_un.rules import KnockRules
    from tests.helpers.journeys import until

    app = make_app(tmp_path, pace=0.4)
    setup = Setup(("Hal", "Ivy"), KnockRules(), 0, "virtual", 3, ("easy", "easy"))
    session = MatchSession.create(app.store, setup, "trente_et_un")
    async with app.run_test(size=(100, 34)) as pilot:
        screen = ui_for("trente_et_un").match_screen(session)
        app.push_screen(screen)
        await until(pilot, lambda: screen._timer is not None)
        screen._timer.stop()  # lost: it will never fire, and the screen still holds it
        head = len(session.match.log)
        await until(pilot, lambda: len(session.match.log) > head + 2, timeout=30)

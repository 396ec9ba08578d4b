"""An evening of cribbage at the table, as players stumble: each test is one point a player hit
(claims by keyboard, Clear at the show, muggins, setup, matches that never end, the log, Skip, the
rules, cut for deal, a small window, one peg move, French words, names)."""

from __future__ import annotations

from textual.widgets import Input, Select

from companion.games.cribbage.engine import Setup
from companion.games.cribbage.ops import Crib, Points, Show
from companion.games.cribbage.rules import CribbageRules
from companion.store.session import MatchSession
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.match_actions import MatchActionsDialog
from companion.tui.dialogs.points import NumberDialog
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.past import PastMatchesScreen
from companion.tui.screens.setup import SetupScreen
from tests.helpers.journeys import key_words, tap_at
from tests.helpers.scripted import DEAL, make_app, message, open_session, type_in, until


def prompt(screen) -> str:
    return str(screen.query_one("#prompt").render())


# 1 ------------------------------------------------------------------ claims by keyboard
async def test_a_claim_and_quick_points_are_typed_in_their_dialogs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True))
        await type_in(pilot, screen, *DEAL)
        assert "type the points counted (12) and Enter" in prompt(screen)
        await type_in(pilot, screen, "count")
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("1", "2", "backspace", "3", "enter")  # Paul says 13 (his hand is worth 4)
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen)
        show = screen.match.log[-1]
        assert isinstance(show, Show) and show.claimed == 13
        await pilot.click("#points")
        await pilot.pause()
        await pilot.press("enter")  # nothing typed: Enter does nothing, it never cancels silently
        assert isinstance(app.screen, NumberDialog)
        await pilot.press("7", "enter")
        await pilot.pause()
        assert screen.match.log[-1] == Points(0, 7)


# 2 ------------------------------------------------------------------ Clear at the show
async def test_after_clear_a_hand_is_entered_again_and_each_refused_card_says_why(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, *DEAL, "clear")
        assert screen.pending == []
        await type_in(pilot, screen, "10d 5c kd 5h")  # Paul's own pegged cards are welcome back
        assert [c.code for c in screen.pending] == ["10D", "KD"]
        assert "5♣ was played by Marie" in message(screen) and "5♥ is the starter" in message(screen)
        await type_in(pilot, screen, "back")  # remove the last card
        assert [c.code for c in screen.pending] == ["10D"]
        await pilot.click("#back")
        assert screen.pending == []


# 4 ------------------------------------------------------------------ muggins and claims
async def test_muggins_asks_once_and_a_missing_crib_card_is_said_before_the_claim(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True, muggins=True))
        await type_in(pilot, screen, *DEAL, "count")
        await pilot.press("2", "enter")  # Paul claims 2 of his 4
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Muggins" in str(app.screen.query_one(".title").render())
        await pilot.click("#answer-0")  # Marie takes them
        await pilot.pause()
        assert isinstance(app.screen, CribbageScreen)  # no second "check this entry" question
        assert "claimed 2 of 4: 2 points missed" in screen.tr(screen.match.events[-2].text)
        await type_in(pilot, screen, "count")  # Marie's hand
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        await type_in(pilot, screen, "2s 3s qh", "count")  # three crib cards
        assert isinstance(app.screen, CribbageScreen)  # no claim asked before the missing card is said
        assert "the crib has 4 cards, not 3" in message(screen)


# 5 ------------------------------------------------------------------ setup
async def test_setup_enter_moves_on_and_switches_say_on_or_off(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("A", "n", "n", "enter")  # Enter in a name goes to the next field
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.focused is setup.query_one("#name-1", Input)
        switch = setup.query_one("#rule-muggins")
        switch.focus()
        await pilot.press("enter")  # Enter moves on; it never flips a switch
        assert switch.value is False and str(setup.query_one("#rule-muggins-state").render()) == "off"
        switch.focus()
        await pilot.press("space")
        await pilot.pause()
        assert switch.value is True and str(setup.query_one("#rule-muggins-state").render()) == "on"


async def test_four_players_in_french_at_tablet_size_see_every_rule_without_scrolling(tmp_path):
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 4
        await pilot.pause()
        bottom = app.screen.query_one("#row-muggins").region.bottom
        assert 0 < bottom <= app.screen.query_one("#buttons").region.y


# 6 ------------------------------------------------------------------ matches that never end
async def test_a_stray_match_can_be_stopped_or_deleted_from_past_matches(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        stray = MatchSession.create(app.store, Setup(("Zoe", "Player 2"), CribbageRules(), 0), "cribbage")
        other = MatchSession.create(app.store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
        app.screen.refresh(recompose=True)
        await pilot.press("p")
        await pilot.pause()
        table = app.screen.query_one("#table")
        table.move_cursor(row=table.get_row_index(str(stray.match_id)))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchActionsDialog)
        await pilot.click("#abandon")
        await pilot.pause()
        assert isinstance(app.screen, PastMatchesScreen)
        assert app.store.match(stray.match_id).finished
        row = [str(c) for c in table.get_row(str(stray.match_id))]
        assert row[3] == "stopped"  # the winner column
        table.move_cursor(row=table.get_row_index(str(stray.match_id)))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#delete")
        await pilot.pause()
        await pilot.press("enter")  # a stray Enter keeps the match: the focus is on « No »
        await pilot.pause()
        assert app.store.match(stray.match_id) is not None
        delete = app.screen.query_one("#delete")
        await until(pilot, lambda: not delete.has_class("-active"))  # a key just pressed takes no tap for 0.2 s
        await pilot.click("#delete")
        await until(pilot, lambda: app.screen.query_one("#confirm").display)
        await tap_at(pilot, app.screen.query_one("#yes-delete"))  # asked, in view: delete for good
        await pilot.pause()
        assert [r.id for r in app.store.list_matches()] == [other.match_id]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and key_words(app, f"resume-{stray.match_id}") is None


# 7 ------------------------------------------------------------------ the log keeps its place
async def test_after_a_correction_the_log_stays_on_the_corrected_entry(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, *DEAL[:5])
        await pilot.click("#log")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        history.query_one("#entries").highlighted = 2  # entry 3: Marie's 5♣
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("3", "c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert history.query_one("#entries").highlighted == 2


# 8 ------------------------------------------------------------------ Skip, the rules, the first deal
async def test_skip_asks_first_the_rules_open_from_the_match_and_the_first_deal_explains(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        assert "Enter each card as it is played" in prompt(screen)
        await type_in(pilot, screen, "5h")
        assert "Enter each card as it is played" not in prompt(screen)
        await type_in(pilot, screen, "skip")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.click("#answer-1")  # keep entering
        await pilot.pause()
        assert screen.match.phase == "play"
        await type_in(pilot, screen, "rules")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_cut_for_deal_shows_the_cards_the_app_drew(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#dealer", Select).value == -1  # cut for deal
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CribbageScreen)
        said = message(screen)
        assert said.startswith("Cut for deal: ") and f"{screen.match.names[screen.match.dealer]} deals" in said


async def test_below_40_by_18_the_board_gives_way_to_a_notice(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(38, 16)) as pilot:
        screen = await open_session(pilot, app)
        assert screen.has_class("-too-small") and screen.query_one("#too-small").display
        assert "at least 40×18" in str(screen.query_one("#too-small").render())


# 9, 10, 11 ------------------------------------------------------------------ pegs and words
async def test_thirty_one_and_a_pair_royal_is_one_peg_move_said_once(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app)
        await type_in(pilot, screen, "2c", "ks", "6h", "5s", "5d", "5c")  # Paul: 31 and a pair royal
        assert "31 for 8" in message(screen) and message(screen).count("[+") == 1
        assert screen.match.pegs[1] == (8, 0)


async def test_french_stays_french_cards_elision_and_plurals(tmp_path):
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, names=("Ann", "Paul"))
        await type_in(pilot, screen, "dc", "rp")  # starter D♥; Paul plays R♠
        assert "D♥" in str(screen.query_one("#header").render()) and "R♠" in message(screen)
        assert "Q♥" not in str(screen.query_one("#header").render())
        await type_in(pilot, screen, "rp")
        assert "R♠ a déjà été jouée" in message(screen)
    app = make_app(tmp_path / "again", lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, names=("Ann", "Paul"))
        await type_in(pilot, screen, "5c", "10k", "5t", "rk", "6p", "4c", "7k", "9p", "8t")  # DEAL, in French
        assert prompt(screen).startswith("Main de Paul")
        await type_in(pilot, screen, "compter")
        assert prompt(screen).startswith("Main d'Ann")
        await type_in(pilot, screen, "compter")
        assert prompt(screen).startswith("Crib d'Ann")


async def test_names_hints_and_words_that_work_everywhere(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, names=("Ann", "Bob"))
        assert "+7 Bob" in screen.query_one("#entry", Input).placeholder
        await type_in(pilot, screen, "+3 Zed")
        assert "no player named Zed" in message(screen)
        await type_in(pilot, screen, "menu")
        assert isinstance(app.screen, HomeScreen)


async def test_the_crib_claim_is_kept_in_the_log_line(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_session(pilot, app, CribbageRules(manual_counting=True))
        await type_in(pilot, screen, *DEAL, "count", "4", "count", "12", "2s 3s qh jh", "count", "11")
        crib = screen.match.log[-1]
        assert isinstance(crib, Crib) and crib.claimed == 11
        assert "claimed 11: the true count, 9, is pegged" in screen.tr(screen.match.events[-1].text)


# 14 ------------------------------------------------------------------ statistics
async def test_statistics_from_home_read_the_saved_matches(tmp_path):
    from companion.tui.games.cribbage.stats_screen import CribbageStatsScreen
    from tests.unit.test_cribbage_stats import _paper_match

    app = make_app(tmp_path)
    paper = _paper_match()
    session = MatchSession.create(app.store, paper.setup, "cribbage")
    for op in paper.log:
        session.apply(op)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the statistics of every game, then cribbage's hands in detail
        await pilot.pause()
        from companion.tui.screens.statistics import StatisticsScreen

        assert isinstance(app.screen, StatisticsScreen)
        table = app.screen.query_one("#table")
        assert [str(c) for c in table.get_row("Marie")[:4]] == ["Marie", "1", "1", "100"]
        await pilot.click("#detail")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CribbageStatsScreen)
        figures = str(screen.query_one("#figures").render())
        assert "Average hand" in figures and "12.00" in figures and "8.00" in figures  # Marie: hand 12, pegging 8
        assert "12 █" in str(screen.query_one("#hands").render())
        screen.query_one("#player", Select).value = "paul"
        await pilot.pause()
        assert "4.00" in str(screen.query_one("#figures").render())
        await pilot.press("escape")  # back to the statistics, then home
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert "SS = a double skunk" in str(app.screen.query_one("#legend").render())


# 12 ------------------------------------------------------------------ screenshots read like the terminal
def test_png_conversion_keeps_the_space_after_a_bold_word():
    from companion.tui.screenshots import keep_leading_spaces

    svg = ('<text class="r5" x="512.4" y="117.6" textLength="36.6">121</text>'
           '<text class="r4" x="549" y="117.6" textLength="329.4" clip-path="url(#c)">&#160;wins&#160;(61).</text>')
    fixed = keep_leading_spaces(svg)
    assert '>wins&#160;(61).</text>' in fixed  # no leading space left for the converter to drop
    assert 'x="578.945"' in fixed and 'textLength="299.455"' in fixed  # one cell (329.4 / 11) further right

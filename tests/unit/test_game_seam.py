"""The game seam: a game that exists only in the tests is played through the real app, using only
the generic shell and its small UI object; plus the generic pieces (codec, registry, rules, decks,
number dialog, score sheet, token rack)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import pytest
from rich.console import Console

from companion.core.cards import Card, parse_card
from companion.core.decks import PIQUET_32, STANDARD_52, pack_2500_spec
from companion.core.errors import NotationError, SetupError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.base import OpCodec, Operation
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.widgets.standings import score_sheet_table, token_rack_text
from tests.helpers import high_card
from tests.helpers.journeys import key_words, tap

C = parse_card


@pytest.fixture
def game():
    high_card.install()
    yield high_card.GAME
    high_card.uninstall()


# ------------------------------------------------------------------ pure pieces

@dataclass(frozen=True)
class Sample(Operation):
    name: ClassVar[str] = "sample"
    seat: int
    cards: tuple[Card, ...]
    claim: int | None = None
    note: str = ""
    groups: tuple[tuple[Card, ...], ...] = ()


def test_the_codec_reads_back_what_it_wrote_from_the_field_types():
    codec = OpCodec((Sample,))
    op = Sample(1, (C("5H"), C("10D")), None, "x", ((C("AS"), C("AS")), ()))
    data = op.to_json()
    assert data == {"op": "sample", "seat": 1, "cards": ["5H", "10D"], "claim": None, "note": "x",
                    "groups": [["AS", "AS"], []]}
    assert codec.decode(data) == op
    for bad in ({"op": "sample", "seat": True, "cards": []}, {"op": "sample", "seat": 1, "cards": "5H"},
                {"op": "sample", "seat": 1, "cards": [], "claim": 1.5}, {"op": "sample", "seat": 1},
                {"op": "sample", "seat": 1, "cards": [], "groups": [["ZZ"]]}, "sample", None):
        with pytest.raises(NotationError):
            codec.decode(bad)


def test_two_messages_with_different_arguments_are_not_equal():
    m = Msg("{card} twice", "{card} deux fois")
    assert m(card="5♥") != m(card="6♠") and m(card="5♥") == m(card="5♥")


def test_house_rules_are_checked_against_their_own_description(game):
    rules = high_card.HighCardRules
    assert rules().target == 5
    with pytest.raises(SetupError):
        rules(target=4)
    with pytest.raises(SetupError):
        rules(aces_high="yes")
    with pytest.raises(SetupError):
        game.check_players(3)


def test_decks_hold_copies_and_a_card_is_out_only_when_every_copy_is_accounted_for():
    assert STANDARD_52.size == 52 and PIQUET_32.size == 32
    two = pack_2500_spec(2)
    seven = C("7H")
    assert two.size == 96 and two.copies[seven] == 2 and pack_2500_spec(3).size == 144
    assert two.card_at("2", "1") is None  # no 2s in the 2500 pack
    assert two.left(seven, Counter({seven: 1})) == 1 and two.left(seven, Counter({seven: 2})) == 0


def test_the_score_sheet_keeps_running_totals_with_negative_rounds_and_the_target():
    table = score_sheet_table(["Ann", "Bob"], [[630, -20], [-45, 1200]], target=2500, next_dealer=1)
    console = Console(width=60, record=True)
    console.print(table)
    text = console.export_text()
    assert "+630" in text and "-20" in text and "585" in text and "1180" in text and "2500" in text
    assert "◆ Bob" in text


def test_the_token_rack_shows_tokens_who_is_out_and_the_pot():
    text = token_rack_text(["Ann", "Bob", "Cy"], [3, 0, 1], out=[False, True, False], pot=5, lang="fr").plain
    assert text.count("●") == 4 and "mort" in text and "Corbeille : 5" in text
    assert "1 jeton" in text and "1 jetons" not in text and "3 jetons" in text  # agreed in French
    assert "1 life" in token_rack_text(["Ann"], [1], unit="lives", lang="en").plain


def test_a_scoring_command_imports_neither_the_ui_nor_the_store_nor_another_game():
    """Another game's package ``__init__`` (its docstring and command name, read to list the commands) is all."""
    code = ("import sys, companion.cli.main as c; c.main(['cribbage','count','5H','5D','5C','JS','--starter','5S']);"
            "bad=[m for m in sys.modules if m.startswith(('textual','sqlite3','companion.tui','companion.store'))"
            " or (m.startswith('companion.games.') and m.count('.') > 2 and not m.startswith(('companion.games.cribbage',"
            "'companion.games.base','companion.games.registry')))]; print('BAD', bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "BAD []" in out


# ------------------------------------------------------------------ the whole app

async def _settle(pilot):
    await pilot.pause()
    await pilot.pause()


async def _tap(pilot, card: str):
    c = C(card)
    await pilot.click(f"#keypad #rank-{int(c.rank)}")
    await pilot.click(f"#keypad #suit-{int(c.suit)}")
    await _settle(pilot)


async def test_a_game_known_only_to_the_tests_is_played_through_the_shell(game, tmp_path):
    from companion.tui.app import CompanionApp
    from companion.tui.screens.history import HistoryScreen
    from companion.tui.screens.home import HomeScreen
    from companion.tui.screens.match_end import MatchEndScreen
    from companion.tui.screens.past import PastMatchesScreen
    from companion.tui.screens.setup import SetupScreen

    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    app = CompanionApp(store, settings=Settings(lang="en"))
    async with app.run_test(size=(100, 40)) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "High card" in (key_words(app, "new-high_card") or "")
        await tap(pilot, "#new-high_card")
        await _settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        # the form comes from the rules dataclass: a switch and a drop-down, nothing written by hand
        assert setup.query_one("#rule-aces_high").value is True
        setup.query_one("#rule-target").value = 3
        setup.query_one("#rule-aces_high").value = False
        setup.query_one("#name-0").value = "Ann"
        setup.query_one("#name-1").value = "Bob"
        setup.query_one("#dealer").value = 0
        await pilot.click("#start")
        await _settle(pilot)
        screen = app.screen
        session = screen.session
        assert session.game.id == "high_card" and session.match.rules.target == 3
        assert session.match.rules.aces_high is False
        await _tap(pilot, "KS")
        await _tap(pilot, "AH")  # aces low: Ann's king wins
        assert session.match.points == [1, 0]
        assert [op["op"] for op in store.ops(session.match_id)] == ["reveal", "reveal"]
        await _tap(pilot, "2C")
        await pilot.click("#keypad #rank-2")
        assert screen.query_one("#keypad #suit-3").has_class("-off")  # 2♣ is on the table this round
        await pilot.click("#keypad #rank-3")
        await pilot.click("#keypad #suit-0")
        await _settle(pilot)
        assert session.match.points == [1, 1]
        await pilot.click("#undo")
        await _settle(pilot)
        assert session.match.points == [1, 0] and session.head == 3
        await pilot.click("#redo")
        await _settle(pilot)
        assert session.match.points == [1, 1] and session.head == 4
        # the log corrects an entry and replays the rest
        await pilot.click("#log")
        await _settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        app.screen.query_one("#entries").highlighted = 3
        await pilot.press("enter")
        await _settle(pilot)
        await pilot.press("a", "s", "enter")  # the 3♠ was an A♠: aces low, so Ann's 2♣ wins
        await _settle(pilot)
        assert session.match.points == [2, 0]
        await pilot.press("escape")
        await _settle(pilot)
        match_id = session.match_id
    store.close()

    # a restart resumes the match where it was
    store = Store.open(path)
    app = CompanionApp(store, settings=Settings(lang="fr"))
    async with app.run_test(size=(100, 40)) as pilot:
        await _settle(pilot)
        assert "Carte haute" in (key_words(app, f"resume-{match_id}") or "")
        await tap(pilot, f"#resume-{match_id}")
        await _settle(pilot)
        session = app.screen.session
        assert session.match.points == [2, 0]
        await _tap(pilot, "QD")
        await _tap(pilot, "JD")
        assert isinstance(app.screen, MatchEndScreen)
        assert "Ann gagne le match" in str(app.screen.query_one(".title").render())
        await pilot.click("#home")
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        await pilot.press("p")
        await _settle(pilot)
        assert isinstance(app.screen, PastMatchesScreen)
        table = app.screen.query_one("#table")
        row = [str(c) for c in table.get_row_at(0)]
        assert row[1] == "Carte haute" and row[2] == "3–0" and row[3] == "Ann" and row[5] == "♠"
    record = store.match(match_id)
    assert record.game == "high_card" and record.finished
    store.close()


def test_a_session_replays_the_stored_game_and_redo_is_one_step(game, tmp_path):
    store = Store.open(tmp_path / "s.sqlite3")
    setup = game.read_setup({"names": ["Ann", "Bob"], "rules": {"target": 3}})
    session = MatchSession.create(store, setup, game)
    session.apply(high_card.Reveal(0, C("5H")))
    session.apply(high_card.Reveal(1, C("4H")))
    session.undo()
    session.redo()
    record = store.match(session.match_id)
    assert record.summary["scores"] == [1, 0] and record.head == 2
    assert MatchSession(store, session.match_id).match.points == [1, 0]
    assert registry.get("high_card") is game


def test_a_game_known_only_to_the_tests_gets_self_play_an_alias_and_statistics_from_its_own_files(
        game, tmp_path, monkeypatch, capsys):
    """Nothing outside ``tests/helpers/high_card.py`` names the game: the registry resolves its alias, the self-play
    harness finds its module, and ``companion stats`` reads its figures and their labels."""
    import json

    from companion.cli.main import main
    from companion.games import selfplay

    assert registry.resolve("hc") is game and registry.resolve("high-card") is game
    assert "hc" in registry.names()
    result = selfplay.run("hc", "hard", "easy", games=300, seed=3, jobs=1)
    assert result["game"] == "hc" and result["games"] == 300
    assert result["a_better"]  # the best of four cards of its hand beats one at random, at 95% over 300 games
    assert result["figures"]["a"]["won"] > result["figures"]["b"]["won"]

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    store = Store.open(tmp_path / "companion.sqlite3")
    session = MatchSession.create(store, game.read_setup({"names": ["Ann", "Bob"], "rules": {"target": 3}}), game)
    for a, b in (("KH", "2S"), ("3H", "QS"), ("AH", "5S"), ("JD", "9C")):  # Ann wins three rounds of four
        session.apply(high_card.Reveal(0, C(a)))
        session.apply(high_card.Reveal(1, C(b)))
    store.close()
    assert main(["stats", "--game", "hc", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert ann["game"] == "high_card" and ann["wins"] == 1 and ann["figures"] == {"round_share": 0.75}
    assert main(["--lang", "fr", "stats", "--game", "hc"]) == 0
    assert "part des manches gagnées 0,75" in capsys.readouterr().out


def test_the_score_sheet_cuts_no_figure_and_no_name_on_a_phone_held_upright():
    """Issue 37: on an upright phone (about 40 columns) the score sheet's headings were cut to « Ma… », « To… »,
    and with four players the figures too (« +… »): a heading folds onto another line, a figure is never cut."""
    from rich.console import Console

    from companion.core.i18n import Msg
    from companion.tui.widgets.standings import score_sheet_table

    names = ["Marie-Josée", "Jean-François", "Ana", "Rui"]
    rounds = [[120, -35, 60, 5], [80, 40, -150, 20]]
    for width in (38, 44):
        console = Console(width=width, color_system=None, record=True)
        console.print(score_sheet_table(names, rounds, target=2500, next_dealer=1, lang="fr",
                                        round_word=Msg("Brasse", "Brasse")))
        text = console.export_text()
        assert "…" not in text, text
        for figure in ("+120", "-35", "-150", "+20", "200", "-90", "Total"):
            assert figure in text, (figure, text)
        assert "Ana" in text and "Rui" in text


async def test_a_game_known_only_to_the_tests_is_played_against_the_computer_on_its_one_screen(game, tmp_path):
    """The worked example of « Adding a game » plays both modes on one screen: against the computer the app deals,
    the hand on screen lights the cards the rules offer, a tap answers the rules' choice, and the computer answers
    its own; the rules' view of a seat holds its own hand only."""
    from companion.games.base import Setup
    from companion.store.session import MatchSession
    from companion.tui.app import CompanionApp
    from companion.tui.game_ui import ui_for
    from companion.tui.screens.match_end import MatchEndScreen
    from companion.tui.widgets.hand import HandRow
    from tests.helpers.journeys import until

    store = Store.open(tmp_path / "companion.sqlite3")
    app = CompanionApp(store, settings=Settings(lang="en", pace=0.0))
    setup = Setup(("Ann", "Hal"), high_card.HighCardRules(target=3), 0, "virtual", 7, ("human", "easy"))
    session = MatchSession.create(store, setup, game)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = ui_for("high_card").match_screen(session)
        app.push_screen(screen)
        for _ in range(40):
            await until(pilot, lambda: session.match.is_over or screen.chooser_seat() == 0, timeout=30)
            if session.match.is_over:
                break
            hand = session.match.view(0).hand
            assert hand and session.match.view(1).hand and not set(hand) & set(session.match.view(1).hand)
            assert session.match.view(None).hand is None
            row = screen.query_one("#hand", HandRow)
            assert {card for card in row.cards if card is not None} == set(hand)
            await pilot.click(row.slot_of(hand[0]))
            await pilot.pause()
        assert session.match.is_over and isinstance(app.screen, MatchEndScreen)
        ops = [op["op"] for op in store.ops(session.match_id)]
        assert ops[0] == "deal" and ops.count("reveal") >= 6
    store.close()

"""2500 kept brasse by brasse: the running table, the dealer, the match to 2500 and its tie; in the app, a brasse
entered by taps, a match table over several brasses, and a brasse entered turn by turn."""

from __future__ import annotations

import pytest

from companion.core.cards import Rank, parse_cards
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.games.base import Setup
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app

G = parse_cards
NAMES = ("Marie", "Paul", "Léa")


def brasse(frime, laid, hands, layoffs=None):
    n = len(hands)
    return Brasse(frime, tuple(tuple(tuple(G(g)) for g in groups) for groups in laid),
                  tuple(tuple(tuple(G(g)) for g in groups) for groups in (layoffs or [[]] * n)),
                  tuple(tuple(G(h)) for h in hands))


def test_the_running_table_and_the_dealer():
    m = Rummy2500Match(Setup(NAMES, Rummy2500Rules(), 0))
    # Frime 8: Marie 140 − 125 = 15 (the example); Paul 3s 15 − 35 = −20 (example 6); Léa −100 − 5.
    m.apply(brasse(8, [["JS JH JD", "6C 6S 8H"], ["3S 3H 3D"], []], ["7H KD 10S 8C", "7H KD 10S 9C", "AS 3C"]))
    assert m.brasses == [[15, -20, -105]] and m.totals == [15, -20, -105] and m.dealer == 1
    # Aces wild (example 7): Marie 630, her 8s and 10s laid off on Paul's trios of 8s and 10s (lay-offs go on a
    # trio somebody laid); Paul 8 8 8 and 10 10 10 = 60, −(K K 9 9 4) = −45: 15; Léa Q Q + A(frime) 220.
    m.apply(brasse(1, [["AS AH AD", "7S 7H 7D"], ["8C 8D 8C", "10H 10S 10H"], ["QS QH AC"]],
                   ["6H JD 5S 4C", "KS KH 9C 9H 4D", ""], layoffs=[["8S 8H", "10D 10C"], [], []]))
    assert m.brasses[-1] == [630, 15, 220] and m.totals == [645, -5, 115] and m.dealer == 2


def test_a_group_refused_names_the_player_and_the_reason():
    m = Rummy2500Match(Setup(NAMES, Rummy2500Rules(), 0))
    with pytest.raises(IllegalMoveError) as info:
        m.apply(brasse(8, [["JS QH JD"], [], []], ["", "", ""]))
    assert info.value.text("en").startswith("Marie: ") and "all of one rank" in info.value.text("en")
    with pytest.raises(InconsistencyError):  # three 7♥ with two packs
        m.apply(brasse(8, [["7H 7H 7S"], [], []], ["7H", "", ""]))
    with pytest.raises(IllegalMoveError):
        Rummy2500Match(Setup(NAMES, Rummy2500Rules(frime_trio_allowed=False), 0)).apply(
            brasse(8, [["8S 8H 8D"], [], []], ["", "", ""]))
    with pytest.raises(SetupError):
        Rummy2500Match(Setup(("A",) * 1, Rummy2500Rules(), 0))


def test_the_match_ends_at_the_target_with_the_highest_and_a_tie_plays_on():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(target=1000), 0))
    m.totals = [900, 950]
    m.apply(brasse(1, [["AS AH AD"], ["AS AH AD"]], ["3C", "3C"]))  # 600 − 5 each: 1495 and 1545
    assert m.outcome.winners == (1,)
    tie = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(target=1000), 0))
    tie.totals = [900, 900]
    tie.apply(brasse(1, [["AS AH AD"], ["AS AH AD"]], ["3C", "3C"]))  # 1495 each: another brasse
    assert tie.outcome is None and tie.dealer == 1


async def tap(pilot, code: str) -> None:
    card = G(code)[0]
    await pilot.click(f"#keypad #rank-{int(card.rank)}")
    await pilot.click(f"#keypad #suit-{int(card.suit)}")


async def open_table_match(pilot, app) -> MatchSession:
    """A new 2500 match of Ann and Bob at a real table (Ann deals), its screen open."""
    from companion.tui.game_ui import ui_for

    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    app.push_screen(ui_for("rummy2500").match_screen(session))
    await pilot.pause()
    return session


async def test_a_brasse_entered_by_taps_and_a_table_over_several_brasses(tmp_path):
    from companion.tui.games.rummy2500.brasse import BrasseDialog

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 44)) as pilot:
        session = await open_table_match(pilot, app)
        for frime, ann_laid, ann_hand, bob_laid, bob_hand in (
                ("8", ["JS", "JH", "JD"], ["7H"], ["3S", "3H", "3D"], ["KD"]),
                ("A", ["AS", "AH", "AD"], [], ["QS", "QH", "AC"], ["4D"])):
            await pilot.click("#brasse")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, BrasseDialog)
            dialog.query_one("#frime").value = frime
            for field, codes in (("#laid-0", ann_laid), ("#hand-0", ann_hand), ("#laid-1", bob_laid),
                                 ("#hand-1", bob_hand)):
                dialog.query_one(field).focus()
                await pilot.pause()
                for code in codes:
                    await tap(pilot, code)
            await pilot.click("#ok")
            await pilot.pause()
        match = session.match
        # Brasse 1 (frime 8): Ann 30 − 5 = 25, Bob 15 − 10 = 5. Brasse 2 (aces wild): Ann 600, Bob 20 + 200 − 5 = 215.
        assert match.brasses == [[25, 5], [600, 215]] and match.totals == [625, 220]
        shown = app.export_screenshot()  # the running table, as drawn
        assert "625" in shown and "220" in shown and "+600" in shown


async def test_escape_from_a_brasse_half_entered_loses_nothing(tmp_path):
    """A player's found mistake: Escape from the Brasse dialog threw away every field typed. Now the first field
    has the focus as the dialog opens, what is typed is saved as it is typed (a new app on the same file finds it
    too), Escape keeps it for the next opening, and a brasse counted starts the next one blank."""
    from companion.tui.games.rummy2500.brasse import BrasseDialog

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await open_table_match(pilot, app)
        await pilot.click("#brasse")
        await pilot.pause()
        await pilot.press("8", "tab", "j", "s", "space", "j", "h", "space", "j", "d")  # typed, no tap first
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, BrasseDialog) and not session.match.log
        assert MatchSession(app.store, session.match_id).draft() == {"brasse": {"frime": "8", "laid-0": "js jh jd"}}
        await pilot.click("#brasse")
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one("#frime").value == "8" and dialog.query_one("#laid-0").value == "js jh jd"
        dialog.query_one("#hand-0").value = "7H"
        dialog.query_one("#laid-1").value = "3S 3H 3D"
        dialog.query_one("#hand-1").value = "KD"
        await pilot.click("#ok")
        await pilot.pause()
        assert session.match.brasses == [[25, 5]]  # Ann 30 − 5, Bob 15 − 10 (as counted above)
        assert MatchSession(app.store, session.match_id).draft() is None
        await pilot.click("#brasse")
        await pilot.pause()
        assert all(not field.value for field in app.screen.query("Input"))


async def test_a_brasse_entered_turn_by_turn_at_the_table_by_taps_and_words_in_french(tmp_path):
    """Ann deals; Bob turns a 3 (three cards), Ann an 8 (the frime). Bob takes the 7♦ of the pige with his pair
    of 7s, tries to discard a card he cannot hold, then goes out; the Brasse entry comes filled in and Ann
    enters her eight cards."""
    from companion.tui.games.rummy2500.brasse import BrasseDialog
    from companion.tui.games.rummy2500.turns import OpenDialog

    app = make_app(tmp_path)
    app.lang = "fr"
    async with app.run_test(size=(100, 40)) as pilot:
        session = await open_table_match(pilot, app)
        await pilot.click("#turns")
        await pilot.pause()
        assert isinstance(app.screen, OpenDialog)
        for code in ("3S", "8H", "7D"):  # Bob turns first (the dealer's left), then Ann, then the pige
            await tap(pilot, code)
        await pilot.click("#ok")
        await pilot.pause()
        screen = app.screen
        match = session.match
        assert match.playing() and match.bp.frime == Rank.EIGHT and match.to_act == 1
        assert "À Bob" in str(screen.query_one("#prompt").render())
        for code in ("7S", "7H"):
            await tap(pilot, code)
        await pilot.click("#pige")  # the pair takes the 7♦: a trio, laid at once
        await pilot.pause()
        assert match.bp.laid[1] == [G("7D 7S 7H")] and screen.selected == []
        entry = screen.query_one("#entry")
        entry.focus()
        for key in "jeter 9c":  # "discard the 9♥": his one card left is the 3♠ he turned
            await pilot.press(key if key != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        assert "n'est pas dans la main" in str(screen.query_one("#message").render())
        await tap(pilot, "3S")
        await pilot.click("#throw")
        await pilot.pause()
        assert match.bp.over and "touchez Brasse" in str(screen.query_one("#prompt").render())
        await pilot.click("#brasse")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BrasseDialog)
        assert dialog.query_one("#laid-1").value == "7K 7P 7C" and dialog.query_one("#laid-1").disabled
        assert dialog.query_one("#hand-1").disabled and dialog.query_one("#hand-0").value == "8C"
        dialog.query_one("#hand-0").focus()
        await pilot.pause()
        for code in ("3C", "3D", "3S", "10C", "JC", "JD"):
            await tap(pilot, code)
        await pilot.click("#ok")
        await pilot.pause()
        assert "8 cartes en main, pas 7" in str(dialog.query_one("#error").render())
        await tap(pilot, "QD")
        await pilot.click("#ok")
        await pilot.pause()
        # Bob 7 7 7 = 15; Ann 8♥ frime 100 + 3 3 3 15 + 10 J J Q 40 = −155 in hand.
        assert match.brasses == [[-155, 15]] and match.bp is None and match.dealer == 1


def test_impossible_lay_offs_and_goings_out_are_refused():
    m = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(), 0))

    def why(op) -> str:
        with pytest.raises(IllegalMoveError) as info:
            m.apply(op)
        assert info.value.text("fr") != info.value.text("en")
        return info.value.text("en")

    # Bob never opened: his J♣ cannot be laid off (lay-offs come once open).
    assert "once open" in why(brasse(8, [["JS JH JD"], []], ["", "5H"], layoffs=[[], ["JC"]]))
    # Bob's K♣ goes on no trio: nobody laid kings.
    assert "nobody laid a trio of kings" in why(brasse(8, [["JS JH JD"], ["QS QH QD"]], ["", ""], layoffs=[[], ["KC"]]))
    # Two hands empty under mort subite: the brasse ended with the first.
    assert "only one player goes out" in why(brasse(8, [["JS JH JD"], ["QS QH QD"]], ["", ""]))
    assert m.brasses == []
    m.apply(brasse(8, [["JS JH JD"], ["QS QH QD"]], ["", "5H"], layoffs=[[], ["JC"]]))  # Bob's J♣ on Ann's jacks
    assert m.brasses == [[30, 10 + 30 - 5]]
    soft = Rummy2500Match(Setup(("Ann", "Bob"), Rummy2500Rules(end_mode="mort_douce"), 0))
    soft.apply(brasse(8, [["JS JH JD"], ["QS QH QD"]], ["", ""]))  # mort douce: the other went out on his last turn


def test_nine_and_ten_players_play_with_three_packs():
    m = Rummy2500Match(Setup(tuple(f"P{i}" for i in range(10)), Rummy2500Rules(), 0))
    assert m.packs == 3 and len(m.pack()) == 144
    with pytest.raises(SetupError):
        Rummy2500Match(Setup(tuple(f"P{i}" for i in range(11)), Rummy2500Rules(), 0))


def test_the_score_command_refuses_what_one_entry_shows_impossible():
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "companion.cli.main", "2500", "score", "--frime", "8", *args],
                              capture_output=True, text=True, timeout=60)

    assert run("--laid", "JS JS JS JS JS", "--hand", "7H").returncode == 2  # three packs hold three J♠
    assert "once open" in run("--laid", "+JS", "--hand", "7H").stderr
    ok = run("--laid", "JS JH JD, +QS", "--hand", "7H", "--json")
    assert ok.returncode == 0 and '"total": 35' in ok.stdout


async def test_a_brasse_is_corrected_from_the_history(tmp_path):
    from companion.tui.game_ui import ui_for
    from companion.tui.games.rummy2500.brasse import BrasseDialog
    from companion.tui.screens.history import HistoryScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 44)) as pilot:
        session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
        session.apply(brasse(8, [["JS JH JD"], ["3S 3H 3D"]], ["7H", "KD"]))  # Ann 30 − 5, Bob 15 − 10
        session.apply(brasse(8, [["QS QH QD"], []], ["", "4C"]))  # Ann 30, Bob −5
        app.push_screen(ui_for("rummy2500").match_screen(session))
        await pilot.pause()
        app.push_screen(HistoryScreen(session))
        await pilot.pause()
        history = app.screen
        history.query_one("#entries").highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, BrasseDialog) and dialog.query_one("#hand-1").value == "KD"
        dialog.query_one("#hand-1").value = "KD 9C"  # Bob also held a 9♣: −20
        await pilot.press("escape")  # a correction is kept nowhere: Escape asks before losing it, and Escape keeps it
        await pilot.pause()
        assert type(app.screen).__name__ == "ChoiceDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog and dialog.query_one("#hand-1").value == "KD 9C"
        await pilot.press("ctrl+s")  # « Compter la brasse » by keys
        await pilot.pause()
        assert session.match.brasses == [[25, -5], [30, -5]] and session.match.totals == [55, -10]

"""A club night in the app: twelve players, nine rounds, results typed by final score and some taken from full
matches played in the app, a crash in the middle and a resume at the round it was in, and the standings
checked against a tally made here by hand (game points 2, or 3 for a skunk under 91; spread = margins)."""

from __future__ import annotations

import random

from textual.widgets import DataTable, Input

from companion.games.base import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.store.session import MatchSession
from companion.tui.screens.club import ClubNightScreen
from tests.helpers.journeys import tap, until
from tests.helpers.scripted import make_app, screen_text

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]


def tally(results: list[tuple[str, str, int]]) -> list[tuple[str, int, int, int]]:
    """(winner, loser, loser's score) -> (name, points, won, spread), best first; ties by roster order."""
    points = dict.fromkeys(PLAYERS, 0)
    won = dict.fromkeys(PLAYERS, 0)
    spread = dict.fromkeys(PLAYERS, 0)
    for winner, loser, score in results:
        points[winner] += 3 if score < 91 else 2
        won[winner] += 1
        spread[winner] += 121 - score
        spread[loser] -= 121 - score
    order = sorted(PLAYERS, key=lambda p: (-points[p], -won[p], -spread[p], PLAYERS.index(p)))
    return [(p, points[p], won[p], spread[p]) for p in order]


async def play_round(pilot, app, rng: random.Random, results: list, full_matches: int) -> None:
    screen = app.screen
    assert isinstance(screen, ClubNightScreen)
    await pilot.click("#pair")
    await pilot.pause()
    night = screen.night
    for t, (a, b) in enumerate(night.tables(night.round), 1):
        screen.query_one("#tables", DataTable).move_cursor(row=t - 1)
        winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
        score = rng.choice([60, 85, 90, 91, 95, 99])  # two digits to type: a short test
        if t <= full_matches:  # this table played its game as a full match in the app
            session = MatchSession.create(app.store, Setup((winner, loser), CribbageRules(), 0), "cribbage")
            session.apply(Points(1, score))
            session.apply(Points(0, 121))
            await pilot.click("#from-match")
            await pilot.press(*str(session.match_id), "enter")
        else:
            await pilot.click("#result")
            await pilot.click(f"#side-{(a, b).index(winner)}")
            await pilot.press(*str(score), "enter")
        results.append((winner, loser, score))
    assert not screen.night.open_tables(), screen.message


def standings_rows(screen) -> list[tuple[str, int, int, int]]:
    table = screen.query_one("#standings", DataTable)
    rows = [table.get_row_at(i) for i in range(table.row_count)]
    return [(str(r[1]), int(str(r[2])), int(str(r[3])), int(str(r[5]))) for r in rows]


async def test_a_twelve_player_night_of_nine_rounds_survives_a_crash(tmp_path):
    rng = random.Random(12)
    results: list = []
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await tap(pilot, "#club")
        await pilot.pause()
        await pilot.click("#new")
        await pilot.pause()
        app.screen.query_one("#players", Input).value = ", ".join(PLAYERS)
        await pilot.click("#start")
        await pilot.pause()
        for round_no in range(4):
            await play_round(pilot, app, rng, results, full_matches=1 if round_no % 2 else 0)
        assert standings_rows(app.screen) == tally(results)
    # The app dies here: nothing closed. A new one opens the same store and resumes the night at round 4.
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await tap(pilot, "#club")
        await pilot.pause()
        await pilot.click(f"#night-{1}")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, ClubNightScreen) and screen.night.round == 4
        assert standings_rows(screen) == tally(results)
        # A wrong result, then its correction: the standings follow.
        screen.query_one("#tables", DataTable).move_cursor(row=0)
        for round_no in range(4, 9):
            await play_round(pilot, again, rng, results, full_matches=2 if round_no == 6 else 0)
        assert screen.night.finished and "over" in str(screen.query_one("#heading").render())
        assert standings_rows(screen) == tally(results)
        pairs = [frozenset(p) for rnd in screen.night.rounds for p in rnd]
        assert len(pairs) == len(set(pairs)) == 9 * 6  # nine rounds, nobody met twice
        for answer in ("#answer-0", "#answer-1"):  # the standing, and every table's result: one file a tap
            await pilot.click("#export")
            await pilot.pause()
            await pilot.click(answer)
            await pilot.pause()
        assert sorted(p.name for p in (tmp_path / "exports").glob("club-night-1*.csv")) == [
            "club-night-1-tables.csv", "club-night-1.csv"]


async def new_night(pilot, players: str) -> ClubNightScreen:
    """From home: Club night, New, the players typed, Start."""
    await tap(pilot, "#club")
    await pilot.pause()
    await pilot.click("#new")
    await pilot.pause()
    pilot.app.screen.query_one("#players", Input).value = players
    await pilot.click("#start")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ClubNightScreen)
    return screen


async def test_a_result_by_keys_for_the_second_player_reads_whole_at_once(tmp_path):
    app = make_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_night(pilot, "Alice, Denis, Cy, Di")
        await pilot.click("#pair")
        await pilot.pause()
        table = screen.query_one("#tables", DataTable)
        table.focus()
        table.move_cursor(row=0)
        await pilot.press("enter")  # Enter on a table: its result
        await pilot.pause()
        dialog = app.screen
        await pilot.press("right")  # the second player of the table won, chosen by keys
        await pilot.press("1", "2", "0")
        await pilot.pause()
        a, b = screen.night.tables(1)[0]
        assert str(dialog.query_one("#preview").render()) == f"{b} gagne 121–120"  # the loser's score is typed
        await pilot.press("enter")
        await pilot.pause()
        row = [str(c) for c in table.get_row_at(0)]
        assert row[3] == f"{b} 121–120"
        column = list(table.columns.values())[3]
        assert column.width >= len(row[3])  # the whole result, at once, not after reopening the screen


async def test_a_table_gets_its_tablet_and_its_result_comes_in_by_itself(tmp_path):
    from companion.serving.tablets import forget_serving, match_of, write_serving
    from companion.tui.dialogs.choice import ChoiceDialog
    from companion.tui.dialogs.share import QrDialog

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_night(pilot, "Ann, Bob, Cy, Di")
        await pilot.click("#pair")
        await pilot.pause()
        screen.query_one("#tables", DataTable).move_cursor(row=1)
        await pilot.click("#tablet")
        await pilot.pause()
        assert "companion serve" in str(screen.query_one("#message").render())  # no server: nothing started
        assert app.store.list_matches(finished=False) == []
        write_serving(app.store.path, "http://192.168.1.20:8000", "SECRET")
        try:
            await pilot.pause(0.3)  # a button takes no second press during its 0.2 s pressed look
            await pilot.click("#tablet")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog), screen.query_one("#message").render()
            assert [label for label, _ in app.screen.answers][:3] == [
                "Table 2's tablet: its match", "A player's phone, all night",
                "The standings, for the wall and every phone"]
            await pilot.click("#answer-0")
            await pilot.pause()
            assert isinstance(app.screen, QrDialog), screen.query_one("#message").render()
            address = str(app.screen.query_one("#summary").render())
            assert address.startswith("http://192.168.1.20:8000/?token=m")
            match_id = match_of("SECRET", address.split("token=")[1])
            a, b = screen.night.tables(1)[1]
            record = app.store.match(match_id)
            assert sorted(record.setup["names"]) == sorted([a, b])  # table 2's own players
            await pilot.press("escape")
            await pilot.pause()
            assert str(screen.query_one("#tables", DataTable).get_row_at(1)[3]) == f"playing (#{match_id})"
            # The table plays its game on its tablet (another process: the store is shared).
            session = MatchSession(app.store, match_id)
            session.apply(Points(session.match.names.index(b), 95))
            session.apply(Points(session.match.names.index(a), 121))
            # The night looks for finished tables every 2 s.
            ended = f"{a} 121–95 (#{match_id})"
            await until(pilot, lambda: str(screen.query_one("#tables", DataTable).get_row_at(1)[3]) == ended, timeout=30)
            assert (screen.night.results[(1, 2)].winner, screen.night.results[(1, 2)].loser_score) == (a, 95)
        finally:
            forget_serving(app.store.path)


async def test_a_players_phone_code_for_the_night_gives_a_new_phone_each_time_and_the_wall_one_reads_only(tmp_path):
    """The night's codes: a player's own phone for the whole night (showing it again lets the phone before go), and
    the standings for the wall, in both languages."""
    from companion.club.saved import phones
    from companion.serving.tablets import forget_serving, night_of, write_serving
    from companion.tui.dialogs.choice import ChoiceDialog
    from companion.tui.dialogs.share import QrDialog

    app = make_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_night(pilot, "Ann, Bob, Cy, Di")
        write_serving(app.store.path, "http://192.168.1.20:8000", "SECRET")
        try:
            tokens = []
            for _ in range(2):
                await pilot.click("#tablet")
                await pilot.pause()
                assert isinstance(app.screen, ChoiceDialog)  # nothing paired: no table's tablet offered
                assert [label for label, _ in app.screen.answers] == [
                    "Le téléphone d'un joueur, toute la soirée", "Le classement, pour le mur et chaque téléphone",
                    "Annuler"]
                await pilot.click("#answer-0")
                await pilot.pause()
                assert isinstance(app.screen, ChoiceDialog)
                bob = [label for label, _ in app.screen.answers].index("Bob")
                await pilot.click(f"#answer-{bob}")
                await pilot.pause()
                assert isinstance(app.screen, QrDialog)
                tokens.append(str(app.screen.query_one("#summary").render()).split("token=")[1])
                await pilot.press("escape")
                await pilot.pause(0.3)
            player = screen.night.players.index("Bob")
            assert [night_of("SECRET", t) for t in tokens] == [(screen.night_id, (player, 1)),
                                                                (screen.night_id, (player, 2))]
            assert phones(app.store, screen.night_id) == {player: 2}  # the first phone is let go
            await pilot.click("#tablet")
            await pilot.pause()
            await pilot.click("#answer-1")
            await pilot.pause()
            assert isinstance(app.screen, QrDialog)
            wall = str(app.screen.query_one("#summary").render()).split("token=")[1]
            assert night_of("SECRET", wall) == (screen.night_id, None)
        finally:
            forget_serving(app.store.path)


async def test_undo_on_a_club_night_says_what_it_took_back(tmp_path):
    """ctrl+z on the night's screen took its last entry back without a word: now it says which, and that the start
    cannot be undone."""
    app = make_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_night(pilot, "Alice, Denis, Cy, Di")
        await pilot.click("#pair")
        await pilot.pause()
        assert screen.night.round == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.night.round == 0 and screen.message[0].text("fr") == "Annulé : l'appariement du tour 1"
        assert "Annulé : l'appariement du tour 1" in screen_text(app)  # on the screen, at 80×24
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.message[0].text("fr").startswith("Rien à annuler") and len(screen.night.log) == 1

"""Statistics across every game, on short matches worked out by hand (their scores come from the rules texts'
own examples, re-used from each engine's tests), the roster's renames and merges, and the stats cache."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.core.cards import parse_card
from companion.games.base import Setup
from companion.games.cribbage.ops import Cut, Play, Show
from companion.games.cribbage.rules import CribbageRules
from companion.games.le31.ops import QuickRound
from companion.games.le31.rules import Le31Rules
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.trente_et_un.engine import showdown_of
from companion.games.trente_et_un.rules import KnockRules
from companion.records.roster import Roster, RosterError
from companion.records.stats import table
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.unit.test_cribbage_stats import _paper_match
from tests.unit.test_rummy2500_match import brasse
from tests.unit.test_trente_et_un_engine import hands

C = parse_card


def _enter(store: Store, game: str, setup: Setup, ops) -> int:
    session = MatchSession.create(store, setup, game)
    for op in ops:
        session.apply(op)
    return session.match_id


def _twenty_nine() -> list:
    """Unfinished: marie (small m) holds 29 with the 5♠ starter; she pegs 31 for 2, Jean the last card for 1."""
    ops: list = [Cut(C("5S"))]
    ops += [Play(seat, C(code)) for seat, code in ((0, "5H"), (1, "2C"), (0, "5D"), (1, "AC"), (0, "5C"), (1, "3C"),
                                                  (0, "JS"), (1, "4C"))]
    return ops + [Show(0, tuple(C(c) for c in ("5H", "5D", "5C", "JS")))]


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "s.sqlite3") as opened:
        paper = _paper_match()
        _enter(opened, "cribbage", paper.setup, paper.log)
        _enter(opened, "cribbage", Setup(("marie", "Jean"), CribbageRules(), 1), _twenty_nine())
        yield opened


def _line(data: dict, name: str, game: str) -> dict:
    return next(p for p in data["players"] if p["name"] == name and p["game"] == game)


def test_cribbage_figures_by_hand(store):
    data = table(store, "cribbage")
    marie = _line(data, "Marie", "cribbage")  # « marie » is the same player: the roster folds case
    assert {k: marie[k] for k in ("matches", "wins", "win_rate", "current_streak", "best_streak")} == \
        {"matches": 1, "wins": 1, "win_rate": 1.0, "current_streak": 1, "best_streak": 1}
    # Hands 12 and 29; one crib of 9; pegging 8 then 2 over two deals; the 92 quick points are not pegging.
    assert marie["figures"] == {"hand_average": 20.5, "crib_average": 9, "pegging_per_deal": 5, "best_hand": 29,
                                "hands_28": 0, "hands_29": 1, "skunks_given": 1, "skunks_taken": 0,
                                "muggins_points": 0}
    paul = _line(data, "Paul", "cribbage")
    assert (paul["matches"], paul["wins"], paul["win_rate"], paul["best_streak"]) == (1, 0, 0.0, 0)
    assert paul["figures"]["hand_average"] == 4 and paul["figures"]["skunks_taken"] == 1
    jean = _line(data, "Jean", "cribbage")
    assert jean["matches"] == 0 and jean["figures"]["pegging_per_deal"] == 1  # the last card, in one deal
    assert data["head_to_head"] == [{"a": "Marie", "b": "Paul", "game": "cribbage", "a_wins": 1, "b_wins": 0}]


def test_le31_2500_and_trente_et_un_figures_by_hand(store):
    # Le 31 by quick tally: Ann 10 then 2 (two récoltes, the red 2), Bob 3 then 7 (both green 10s, one récolte).
    _enter(store, "le31", Setup(("Ann", "Bob"), Le31Rules(), 0), [
        QuickRound(cards=(28, 24), red=(8, 5), ones=(3, 1), red_two=0, green_ten=1, recoltes=(2, 0)),
        QuickRound(cards=(26, 26), red=(5, 8), ones=(2, 2), red_two=1, green_ten=1, recoltes=(0, 1))])
    # 2500, the rules' examples: Marie 15 then 630 (her 8s and 10s laid off on Léa's trios of 8s and 10s),
    # Paul −20 then −45, Léa −105 then 220 + 60 for those two trios.
    _enter(store, "rummy2500", Setup(("Marie", "Paul", "Léa"), Rummy2500Rules(), 0), [
        brasse(8, [["JS JH JD", "6C 6S 8H"], ["3S 3H 3D"], []], ["7H KD 10S 8C", "7H KD 10S 9C", "AS 3C"]),
        brasse(1, [["AS AH AD", "7S 7H 7D"], [], ["QS QH AC", "8C 8D 8C", "10H 10S 10H"]],
               ["6H JD 5S 4C", "KS KH 9C 9H 4D", ""], layoffs=[["8S 8H", "10D 10C"], [], []])])
    # Trente-et-un in lives: Cy knocks and is lowest (two lives); Ann's 31 costs Bob and Cy one (Cy is out);
    # Bob's 20 beats Ann's 14.
    _enter(store, "trente_et_un", Setup(("Ann", "Bob", "Cy"), KnockRules(scoring_mode="lives", tokens=3), 0), [
        showdown_of(hands("AH 9H 2C", "KS 5S 4D", "QC 3D 2S"), knocker=2),
        showdown_of(hands("AS KS JS", "7H 8H 2D", "9C 8C 3D")),
        showdown_of(hands("AD 2D 3C", "KD QD 4H", ""))])
    data = table(store)
    assert _line(data, "Ann", "le31")["figures"] == {"round_points_average": 6, "recoltes": 2, "green_10s": 0,
                                                     "red_2s": 1}
    assert _line(data, "Bob", "le31")["figures"] == {"round_points_average": 5, "recoltes": 1, "green_10s": 2,
                                                     "red_2s": 1}
    assert _line(data, "Marie", "rummy2500")["figures"] == {"brasse_average": 322.5, "best_brasse": 630,
                                                            "negative_brasses": 0}
    assert _line(data, "Paul", "rummy2500")["figures"] == {"brasse_average": -32.5, "best_brasse": -20,
                                                           "negative_brasses": 2}
    assert _line(data, "Léa", "rummy2500")["figures"]["brasse_average"] == 87.5
    assert _line(data, "Ann", "trente_et_un")["figures"] == {"deals": 3, "deals_won": 2, "knocks": 0,
                                                             "knocks_paid": 0, "won_with_31": 1, "lost": 1}
    assert _line(data, "Bob", "trente_et_un")["figures"] == {"deals": 3, "deals_won": 2, "knocks": 0,
                                                             "knocks_paid": 0, "won_with_31": 0, "lost": 1}
    assert _line(data, "Cy", "trente_et_un")["figures"] == {"deals": 2, "deals_won": 0, "knocks": 1,
                                                            "knocks_paid": 0, "won_with_31": 0, "lost": 3}
    assert all(p["matches"] == 0 for p in data["players"] if p["game"] != "cribbage")  # none of these has ended


def test_rename_and_merge_change_the_roster_never_a_match(store):
    roster = Roster(store)
    logs = [store.load(r.id) for r in store.list_matches()]
    roster.rename("Paul", "Pierre")
    assert _line(table(store, "cribbage"), "Pierre", "cribbage")["matches"] == 1
    paper = _paper_match()
    _enter(store, "cribbage", Setup(("Pol", "Marie"), CribbageRules(), 0), paper.log[:1])
    with pytest.raises(RosterError):
        roster.rename("Pol", "pierre")  # another player's name: merge instead
    roster.merge("Pierre", "Pol")
    names = [p.name for p in roster.players()]
    assert "Pol" not in names and "Paul" not in names and "Pierre" in names
    assert roster.person("POL") == roster.person("paul") == "Pierre"
    assert [store.load(r.id) for r in store.list_matches()][1:] == logs  # the old matches, untouched
    with pytest.raises(RosterError):
        roster.merge("Pierre", "Paul")  # the same entry already


def test_an_edited_match_is_replayed_again_and_the_cache_serves_the_rest(store):
    first = table(store)
    with store.reading() as conn:
        assert conn.execute("SELECT COUNT(*) FROM match_stats").fetchone() == (2,)
    match_id = next(r.id for r in store.list_matches() if r.setup["names"][0] == "marie")
    session = MatchSession(store, match_id)
    session.undo()  # the 29 is taken back
    after = table(store)
    assert _line(after, "Marie", "cribbage")["figures"]["best_hand"] == 12
    assert _line(first, "Marie", "cribbage")["figures"]["best_hand"] == 29


def test_the_migration_makes_every_stored_name_a_player(tmp_path):
    from companion.store.schema import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    with Store.open(path, migrations=MIGRATIONS[:1]) as old:  # a file of the previous release
        with old.writing() as conn:
            for names in (["Ann", "bob "], ["ann", "Cy"]):
                conn.execute("INSERT INTO matches (game, setup, created, updated) VALUES ('cribbage', ?, ?, ?)",
                             (json.dumps({"names": names, "rules": {}}), "2026-11-01T20:00:00+00:00",
                              "2026-11-01T20:00:00+00:00"))
        before = [(r.id, r.setup) for r in old.list_matches()]
    with Store.open(path) as new:
        assert sorted(p.name for p in Roster(new).players()) == ["Ann", "Cy", "bob"]
        assert [(r.id, r.setup) for r in new.list_matches()] == before


def test_stats_json_from_the_command_line(tmp_path, store):
    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / "companion.sqlite3") as other:
        paper = _paper_match()
        _enter(other, "cribbage", paper.setup, paper.log)
    env = {"COMPANION_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    out = subprocess.run([sys.executable, "-m", "companion.cli.main", "stats", "--json", "--player", "marie"],
                         capture_output=True, text=True, timeout=60, env=env)
    data = json.loads(out.stdout)
    assert set(data) == {"players", "head_to_head"}
    assert set(data["players"][0]) >= {"name", "game", "matches", "wins", "win_rate", "best_streak", "figures"}
    assert data["players"][0]["name"] == "Marie" and data["head_to_head"][0]["a_wins"] == 1
    text = subprocess.run([sys.executable, "-m", "companion.cli.main", "--lang", "fr", "stats"], capture_output=True,
                          text=True, timeout=60, env=env).stdout
    assert "Marie : jouées 1, gagnées 1 (100 %)" in text and "Face à face : Marie 1–0 Paul" in text


def test_figures_are_written_the_way_each_language_writes_numbers():
    from companion.core.i18n import figure

    assert (figure(9.444, "fr"), figure(9.444, "en")) == ("9,44", "9.44")  # the advisor's 7,37 and the stats alike
    assert (figure(12, "fr"), figure(8.0, "fr"), figure(0.5, "fr")) == ("12", "8", "0,50")


async def test_the_players_screen_renames_and_merges_and_the_statistics_follow(tmp_path):
    from textual.widgets import DataTable, Input

    from companion.tui.dialogs.choice import ChoiceDialog
    from companion.tui.screens.players import PlayersScreen
    from companion.tui.screens.statistics import StatisticsScreen
    from tests.helpers.scripted import make_app

    app = make_app(tmp_path, lang="fr")
    paper = _paper_match()
    _enter(app.store, "cribbage", paper.setup, paper.log)
    _enter(app.store, "cribbage", Setup(("Pol", "Marie"), CribbageRules(), 0), paper.log[:1])
    logs = [app.store.load(r.id) for r in app.store.list_matches()]
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.click("#players")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayersScreen)
        table = screen.query_one("#players", DataTable)
        row = next(i for i in range(table.row_count) if str(table.get_row_at(i)[0]) == "Paul")
        table.move_cursor(row=row)
        screen.query_one("#new-name", Input).value = "Pierre"
        await pilot.click("#rename")
        await pilot.pause()
        assert "Aucune partie n'a été modifiée" in str(screen.query_one("#note").render())
        row = next(i for i in range(table.row_count) if str(table.get_row_at(i)[0]) == "Pol")
        table.move_cursor(row=row)
        await pilot.click("#merge")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        answer = next(i for i, (label, _) in enumerate(dialog.answers) if label == "Pierre")
        await pilot.click(f"#answer-{answer}")
        await pilot.pause()
        assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)].count("Pol") == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        lines = app.screen.query_one("#table", DataTable)
        assert "Pierre" in [str(lines.get_row_at(i)[0]) for i in range(lines.row_count)]
    assert [app.store.load(r.id) for r in app.store.list_matches()] == logs


def test_computer_players_are_not_people_of_the_statistics_the_evenings_or_the_roster(tmp_path):
    from companion.games.cribbage.engine import CribbageMatch
    from companion.games.cribbage.engine import Setup as CribbageSetup
    from companion.games.cribbage.players import play_out
    from companion.records.evenings import evenings

    store = Store.open(tmp_path / "companion.sqlite3")
    virtual = CribbageMatch(CribbageSetup(("Ann", "Ordi 2"), CribbageRules(target=61), 0, "virtual", 3,
                                          ("human", "normal")))
    play_out(virtual)
    _enter(store, "cribbage", virtual.setup, virtual.log)
    data = table(store)
    assert [p["name"] for p in data["players"]] == ["Ann"] and data["head_to_head"] == []
    assert [p.name for p in Roster(store).players()] == ["Ann"]
    assert [s.name for e in evenings(store) for s in e.standing()] == ["Ann"]
    store.close()

"""Each side's chance to win, shown live (issue 40): on the cribbage board beside each score, and on one shared line
under the header of every other game's match screen, in both languages, at a real table and in virtual play."""

from __future__ import annotations

import pytest

from companion.games.base import Setup
from companion.games.cribbage.engine import Setup as CribbageSetup
from companion.games.cribbage.rules import CribbageRules
from companion.store.session import MatchSession
from companion.tui.game_ui import ui_for
from tests.helpers.journeys import until
from tests.helpers.scripted import make_app


async def open_match(pilot, app, game: str, setup):
    session = MatchSession.create(app.store, setup, game)
    app.push_screen(ui_for(game).match_screen(session))
    await until(pilot, lambda: app.screen.__class__.__name__.endswith("Screen") and app.screen.query("#chance"))
    return app.screen


def chance_line(screen) -> str:
    line = screen.query_one("#chance")
    return str(line.render()) if line.display else ""


@pytest.mark.parametrize(("lang", "dealer", "pone"), [("en", "56%", "44%"), ("fr", "56\u00a0%", "44\u00a0%")])
async def test_the_cribbage_board_shows_each_players_chance_beside_his_score(tmp_path, lang, dealer, pone):
    """At the start of a game to 121 the dealer, with the first crib, is 56 % to win: the board says so beside each
    score; the shared line stays hidden (a one-game match: the board says it all)."""
    app = make_app(tmp_path, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_match(pilot, app, "cribbage", CribbageSetup(("Marie", "Paul"), CribbageRules(), 0))
        board = screen.query_one("#board").board_text(116).plain
        marie = next(line for line in board.splitlines() if "Marie" in line)
        paul = next(line for line in board.splitlines() if "Paul" in line)
        assert marie.rstrip().endswith(dealer) and paul.rstrip().endswith(pone)
        assert chance_line(screen) == ""


async def test_a_cribbage_match_of_several_games_shows_the_match_chance_on_the_shared_line(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_match(pilot, app, "cribbage",
                                  CribbageSetup(("Marie", "Paul"), CribbageRules(games_to_win=3), 0))
        assert chance_line(screen).startswith("Chance to win the match: Marie ")


@pytest.mark.parametrize(("game", "rules"), [("le31", {}), ("rummy2500", {}), ("trente_et_un", {})])
async def test_every_other_game_shows_the_chances_on_the_line_under_its_header(tmp_path, game, rules):
    from companion.games import registry

    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        info = registry.resolve(game if game != "rummy2500" else "2500")
        setup = Setup(("Ann", "Bob"), info.make_rules(2, rules), 0)
        screen = await open_match(pilot, app, info.id, setup)
        line = chance_line(screen)
        assert line.startswith("Chances de gagner : Ann ") and line.count("\u00a0%") == 2, line

"""Every byte drawn for a player's phone names no card hidden from his seat (issue 39): over seeded deals of every
game, each seat's page and panel at every step, and through the real server (in this process) each seat's page,
every panel its stream pushes and the JSON answer to every move it posts, a wrong one first (``tests/helpers/
phone_pages.py``; its volume run, ``python -m tests.helpers.phone_pages``, prints the figures)."""

from __future__ import annotations

import asyncio

import pytest

from companion.games import registry
from companion.games.base import Setup
from tests.helpers.phone_pages import CardNames, Scan, check_deal, check_served_deal, dealt_games

GAMES = [game.id for game in dealt_games()]
DEALS = 12  # seeded deals per game, every page drawn: about half a second a game
SERVED = 1  # of them through the server: every route a phone uses


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_or_panel_drawn_for_a_seat_names_a_card_hidden_from_it(game_id):
    scan = Scan()
    for seed in range(1, DEALS + 1):
        check_deal(registry.get(game_id), seed, scan)
    assert scan.failures == [] and scan.deals == DEALS
    assert scan.named > 0 and scan.hidden > 10 * scan.texts  # each text searched for the cards hidden from it


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_the_server_sends_a_seat_names_a_card_hidden_from_it(game_id, tmp_path):
    scan = Scan()
    for seed in range(1, SERVED + 1):
        asyncio.run(check_served_deal(registry.get(game_id), seed, scan, tmp_path))
    assert scan.failures == [] and scan.deals == SERVED
    assert scan.answers > 0 and scan.named > 0 and scan.hidden > 0


def test_the_scan_finds_a_card_in_any_of_its_spellings():
    """The check can fail: a card named by its code, its label in either language or its spoken words is found,
    and a longer card or a word that holds it is not it."""
    from companion.games.cribbage.rules import CribbageRules

    match = registry.get("cribbage").new_match(Setup(("Ann", "Bob"), CribbageRules(), 0))
    names = CardNames(match.faces())
    assert names.named('<button data-hand="KH">') == {"KH"}
    assert names.named("R♥ and 10♠") == {"KH", "10S"}
    assert names.named('aria-label="roi de cœur"') == {"KH"} and names.named("nine of spades") == {"9S"}
    assert names.named("ASKED 110♠ A♠K") == set()
    scan = Scan()
    scan.check(names, "Bob holds the queen of clubs", {"QC"}, "a leaky page")
    assert scan.failures and "QC" in scan.failures[0]


def test_an_answer_with_the_wrong_number_of_cards_is_refused_with_its_reason(tmp_path):
    """A phone that posts a card to peg with no card, or two (a page out of date, a request made by hand), is told
    why in its language and nothing is entered; the server answered 500 (the rules' answer could not read it)."""
    import aiohttp
    from aiohttp.test_utils import TestClient, TestServer

    from companion.serving.seats import Seats
    from companion.serving.server import GuardedServer, Tokens
    from companion.serving.tablets import seat_token
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from tests.helpers.phone_pages import computer_op, new_match

    game = registry.get("cribbage")
    planned = new_match(game, 3, players=2, kinds="human")
    with Store.open(tmp_path / "companion.sqlite3") as store:
        session = MatchSession.create(store, planned.setup, game)
        while not (pegging := [s for s in range(2) for choice in planned.choices(s) if choice.name == "play"]):
            op = computer_op(planned)  # to the play
            planned.apply(op)
            session.apply(op)
        seat = pegging[0]
        binding = store.bind_seat(session.match_id, seat)
    entered = len(planned.log)
    tokens = Tokens()
    server = GuardedServer(tokens, "127.0.0.1", 8000, "http://127.0.0.1:8000", "fr",
                           Seats(tmp_path / "companion.sqlite3", pace=0.0))

    async def post() -> list[tuple[int, str]]:
        said = []
        async with TestServer(await server._make_app()) as test_server:  # noqa: SLF001
            async with TestClient(test_server, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                  headers={"Accept-Language": "fr"}) as client:
                await client.get(f"/?token={seat_token(tokens.play, session.match_id, seat, binding)}")
                for cards in ([], [card.code for card in planned.hand(seat)[:2]]):
                    async with client.post("/seat/answer", data=[("name", "play"), *(("card", c) for c in cards)]) as r:
                        said.append((r.status, (await r.json())["message"] if r.status == 200 else ""))
        return said

    try:
        said = asyncio.run(post())
    finally:
        assert server.seats is not None
        server.seats.close()
    assert said == [(200, "choisissez 1 carte")] * 2
    with Store.open(tmp_path / "companion.sqlite3", read_only=True) as store:
        assert len(store.ops(session.match_id)) == entered  # nothing entered

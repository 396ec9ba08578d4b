"""Every byte sent to a player's phone names no card hidden from his seat (issue 39): over seeded deals of every
game of the registry, through the real server in this process (each seat's page at every step, every event its
stream pushes, every answer to what it posts, every other route, an undo asked and agreed on the phones), and each
seat's page drawn at every step of many more deals (``tests/helpers/phone_pages.py``; its volume run, ``python -m
tests.helpers.phone_pages --deals N``, prints the figures). The scan is shown to find a card that leaks. And what
the browser tests of the phones found, checked here in a moment."""

from __future__ import annotations

import asyncio
import dataclasses

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from companion.games import registry
from companion.games.base import Setup
from companion.serving.seat_page import panel
from companion.serving.tablets import seat_token
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.phone_pages import (
    CardNames,
    Scan,
    check_deal,
    check_served_deal,
    computer_op,
    dealt_games,
    new_match,
    seat_server,
)

GAMES = [game.id for game in dealt_games()]
DEALS = 24  # seeded deals per game, every seat's page drawn at every step (120 deals in all; thousands in the volume run)
SERVED = 2  # of them through the server, every byte a phone is sent


@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_drawn_for_a_seat_names_a_card_hidden_from_it(game_id):
    scan = Scan()
    for seed in range(SERVED + 1, DEALS + 1):
        check_deal(registry.get(game_id), seed, scan)
    assert scan.failures == [] and scan.deals == DEALS - SERVED
    assert scan.named > 0 and scan.hidden > 10 * scan.texts["drawn"]  # each page searched for every hidden card


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_the_server_sends_a_seat_names_a_card_hidden_from_it(game_id, tmp_path):
    scan = Scan()
    for seed in range(1, SERVED + 1):
        home = tmp_path / str(seed)
        home.mkdir()
        asyncio.run(check_served_deal(registry.get(game_id), seed, scan, home))
    assert scan.failures == [] and scan.served == SERVED
    assert all(scan.texts[kind] > 0 for kind in ("pages", "events", "answers", "routes")), scan.texts
    # Every route of the server was asked for by a phone (one added later is asked for without a word here).
    assert {"/", "/ws", "/seat/events", "/seat/{action}", "/seat/static"} <= scan.resources


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


@pytest.mark.parametrize("game_id", ["cribbage", "rummy2500"])
def test_a_page_that_shows_the_next_players_hand_is_caught_in_every_way_it_is_sent(game_id, tmp_path, monkeypatch):
    """The positive control: with a view that leaks the next seat's hand, the scan finds it in the pages drawn, and
    through the server in the page, the stream's events and the answers to what the phone posts."""
    game = registry.get(game_id)
    view = game.match.view

    def leaky(self, seat):
        shown = view(self, seat)
        if seat is None:
            return shown
        other = self.seat_hand((seat + 1) % self.players) or ()
        return dataclasses.replace(shown, hand=(shown.hand or ()) + tuple(other))

    monkeypatch.setattr(game.match, "view", leaky)
    drawn, served = Scan(), Scan()
    check_deal(game, 1, drawn)
    asyncio.run(check_served_deal(game, 1, served, tmp_path))
    assert drawn.failures and "seat 0's page names" in drawn.failures[0]
    found = " ".join(served.failures)
    assert "GET / (200) names" in found and "pushed event names" in found


# ---------------------------------------------------------------- what the phones' browser tests found
def test_a_build_said_for_a_number_has_its_number_field_beside_the_buttons_for_whom():
    """Le 31 at four, partners: a build « for 10 » said for one's partner needs the number and the target; the page
    drew the two targets' buttons with no number field, so no phone could make it."""
    match = new_match(registry.get("le31"), 9, players=4)
    while not any(c.name == "build" and c.targets and c.numbers for s in range(4) for c in match.choices(s)):
        match.apply(computer_op(match))
    seat, build = next((s, c) for s in range(4) for c in match.choices(s) if c.name == "build")
    drawn = panel(registry.get("le31").title, match.view(seat), match.choices(seat), match.faces(), "en")
    block = drawn[drawn.index('<div class="number">'):]
    block = block[:block.index("</div>")]
    assert '<input type="number"' in block and 'name="build"' in block
    assert block.count('data-name="build"') == len(build.targets) == block.count('data-number="1"')


async def _posted(tmp_path, game_id: str, seed: int, players: int, wanted: str, answers) -> tuple[list, int, int]:
    """The first seat offered ``wanted`` in a seeded match of humans, on its phone through the server: what it
    posts (``answers(match, seat)``: a list of forms), the answers' status and message, and the log's length
    before and after."""
    game = registry.get(game_id)
    planned = new_match(game, seed, players=players, kinds="human")
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = MatchSession.create(store, planned.setup, game)
        while not (offered := [s for s in range(players) for c in planned.choices(s) if c.name == wanted]):
            op = computer_op(planned)
            planned.apply(op)
            session.apply(op)
        seat = offered[0]
        binding = store.bind_seat(session.match_id, seat)
    said = []
    async with seat_server(path, "fr") as (tokens, test_server, _):
        async with TestClient(test_server, cookie_jar=aiohttp.CookieJar(unsafe=True),
                              headers={"Accept-Language": "fr"}) as client:
            await client.get(f"/?token={seat_token(tokens.play, session.match_id, seat, binding)}")
            for form in answers(planned, seat):
                async with client.post("/seat/answer", data=form) as response:
                    said.append((response.status, (await response.json())["message"] if response.status == 200 else ""))
    with Store.open(path, read_only=True) as store:
        return said, len(planned.log), len(store.ops(session.match_id))


def test_an_answer_with_the_wrong_number_of_cards_is_refused_with_its_reason(tmp_path):
    """A phone that posts a card to peg with no card, or two (a page out of date, a request made by hand), is told
    why in its language and nothing is entered; the server answered 500 (the rules' answer could not read it)."""
    said, before, after = asyncio.run(_posted(tmp_path, "cribbage", 3, 2, "play", lambda match, seat: [
        [("name", "play")], [("name", "play"), *(("card", c.code) for c in match.hand(seat)[:2])]]))
    assert said == [(200, "choisissez 1 carte")] * 2
    assert after == before  # nothing entered


def test_an_action_tapped_with_a_card_still_picked_is_made(tmp_path):
    """Le Trente-et-un: a player who has a card of his hand picked and taps « take the discard » takes it; the
    server refused it (« that card is not offered »: the action's card is the discard's, not his)."""
    said, before, after = asyncio.run(_posted(tmp_path, "trente_et_un", 1, 2, "take", lambda match, seat: [
        [("name", "take"), ("card", match.seat_hand(seat)[0].code)]]))
    assert said == [(200, "")] and after == before + 1



def test_a_turn_of_actions_alone_asks_for_no_card_to_be_tapped():
    """Le Trente-et-un: draw, take the discard, knock. The discard's card is named by « Take 3♥ », not tapped: the
    page said « Tap your cards, then what to do with them » though none of them could be tapped."""
    from companion.serving.seat_page import PICK_HINT

    match = new_match(registry.get("trente_et_un"), 7, players=3)
    while not any(c.name == "take" for c in match.choices(0)):
        match.apply(computer_op(match))
    drawn = panel(registry.get("trente_et_un").title, match.view(0), match.choices(0), match.faces(), "en")
    assert PICK_HINT.text("en") not in drawn and "data-hand" not in drawn
    assert 'data-name="take"' in drawn


def test_a_french_phone_never_starts_a_line_with_a_colon():
    """The phone's review read « (-2,59 en moyenne » then « : main 1,63 » on the next line: a French page keeps the
    space before « : ; ? ! % » and inside « » non-breaking (the browser wraps at the others), its figure « 56 % »
    too; the English page is untouched."""
    from companion.core.i18n import Msg

    match = new_match(registry.get("cribbage"), 3)
    review = [(Msg("Deal 3", "Donne 3 : coûte 8,1 points"), Msg("on average: hand", "en moyenne : main ; « oui » ?"))]
    over = dataclasses.replace(match.view(0), over=True)  # the review is drawn once the match is over
    drawn = panel(registry.get("cribbage").title, over, match.choices(0), match.faces(), "fr",
                  chance=Msg("", "Vos chances de gagner : 56 %"), review=review)
    assert "Donne 3\u00a0: coûte" in drawn and "moyenne\u00a0: main\u00a0; «\u00a0oui\u00a0»\u00a0?" in drawn
    assert "gagner\u00a0: 56\u00a0%" in drawn and " :" not in drawn
    english = panel(registry.get("cribbage").title, over, match.choices(0), match.faces(), "en",
                    review=review)
    assert "on average: hand" in english and "\u00a0" not in english

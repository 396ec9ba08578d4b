"""A club night on the phones (issue 39, item 5), through the server's own routes in this process: a player's phone
follows his table's match from round to round; the wall's page shows the standings, read only; a phone's code opens
one device, and a new code lets the phone before go."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from html import unescape
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.club import saved
from companion.club.night import start_op
from companion.games.cribbage.ops import Points
from companion.serving import nights
from companion.serving.seats import Seats
from companion.serving.server import GuardedServer, Tokens
from companion.serving.tablets import night_token
from companion.store.database import Store
from companion.store.session import MatchSession

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def night(tmp_path: Path) -> tuple[Path, int]:
    """A night of four, its first round paired (Ann–Di at table 1, Bob–Cy at table 2: the rotation's plan)."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        night_id = saved.create(store, "Jeudi <b>club</b>", start_op(PLAYERS, rounds=3))
        saved.append(store, night_id, {"op": "pair"}, 1)
    return path, night_id


@asynccontextmanager
async def server(path: Path) -> AsyncIterator[tuple[Tokens, TestClient, GuardedServer]]:
    tokens = Tokens()
    guarded = GuardedServer(tokens, "127.0.0.1", 8123, "http://127.0.0.1:8123", seats=Seats(path, pace=0.0))
    client = TestClient(TestServer(await guarded._make_app()), cookie_jar=aiohttp.CookieJar(unsafe=True))
    await client.start_server()
    try:
        yield tokens, client, guarded
    finally:
        await client.close()


def give(path: Path, night_id: int, player: str) -> tuple[int, int]:
    with Store.open(path) as store:
        index = PLAYERS.index(player)
        return index, saved.give_phone(store, night_id, index)


async def open_phone(client: TestClient, token: str, lang: str = "en") -> tuple[int, str]:
    """A phone scans its code: the exchange page sets the cookie, then the page itself."""
    client.session.cookie_jar.clear()
    first = await client.get(f"/?token={token}", allow_redirects=False)
    if first.status != 200:
        return first.status, await first.text()
    page = await client.get("/", headers={"Accept-Language": lang})
    return page.status, await page.text()


def text_of(html: str) -> str:
    """What the page says, as a reader hears it (tags out, entities read)."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


async def test_a_players_phone_shows_his_table_then_his_match_once_started_and_its_result_in_the_standings(night):
    path, night_id = night
    async with server(path) as (tokens, client, _):
        ann = night_token(tokens.play, night_id, give(path, night_id, "Ann"))
        status, html = await open_phone(client, ann)
        assert status == 200
        words = text_of(html)
        assert "Table 1: you play Di." in words and "Start our table's match" in words
        assert "Jeudi <b>club</b> · Ann" in words and "<b>club" not in html  # a name is never markup
        assert '<nav id="night" class="night"></nav>' in html  # the strip's place, empty between matches
        # Ann starts her table's match from her phone: her page is now her seat's, the strip above it.
        started = await (await client.post("/seat/start")).json()
        assert started["message"] == "" and "Round 1 of 3 · table 1 · 1st, 0 pts" in text_of(started["night"])
        with Store.open(path) as store:
            night_now = saved.load(store, night_id).night
            match_id = night_now.table_matches[(1, 1)]
            session = MatchSession(store, match_id)
            assert sorted(session.setup.names) == ["Ann", "Di"] and session.setup.mode == "table"
        assert "Cribbage" in text_of(started["panel"])
        # Di's phone, opened after: straight to the match, as her seat.
        status, html = await open_phone(client, night_token(tokens.play, night_id, give(path, night_id, "Di")), "fr")
        assert status == 200 and "Tour 1 sur 3 · table 1" in text_of(html) and "Cribbage · Di" in text_of(html)
        # The match ends (its tablet enters the points): the wall counts its result in without the organiser.
        with Store.open(path) as store:
            session = MatchSession(store, match_id)
            session.apply(Points(session.match.names.index("Di"), 95))
            session.apply(Points(session.match.names.index("Ann"), 121))
        status, html = await open_phone(client, night_token(tokens.play, night_id, None))
        assert status == 200 and "Ann 121–95" in text_of(html) and "Start" not in text_of(html)
        with Store.open(path) as store:
            assert (1, 1) not in saved.load(store, night_id).night.results  # nothing written: the organiser's app does


async def test_a_phone_follows_its_player_to_his_match_by_its_stream(night, monkeypatch):
    """Bob's stream: his night's page, then (Cy starts their table's match on her phone) the strip and his seat's
    page, pushed without a reload."""
    monkeypatch.setattr(nights, "NIGHT_WATCH_S", 0.05)
    path, night_id = night
    async with server(path) as (tokens, client, guarded):
        bob = night_token(tokens.play, night_id, give(path, night_id, "Bob"))
        assert (await open_phone(client, bob))[0] == 200
        events: list[tuple[str, str]] = []

        async def listen() -> None:
            async with client.get("/seat/events") as stream:
                event = ""
                async for raw in stream.content:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: "):
                        events.append((event, line[6:]))

        task = asyncio.create_task(listen())
        try:
            await until(lambda: any(e == "panel" and "you play Cy" in text_of(d) for e, d in events))
            assert guarded.phones is not None
            bob_index = PLAYERS.index("Bob")
            assert guarded.phones.nights.start(night_id, PLAYERS.index("Cy")) is None  # Cy taps « start »
            await until(lambda: any(e == "night" and "table 2" in text_of(d) for e, d in events))
            await until(lambda: any(e == "panel" and "Cribbage · Bob" in text_of(d) for e, d in events))
            room = guarded.phones.nights.rooms[night_id]
            place = room.listeners[0].place
            assert room.listeners[0].player == bob_index and place is not None
            # His seat is now on his phone: the table's device asks him there before an undo takes his moves back.
            assert list(guarded.phones.seats.store.seats_on_devices(place.match_id)) == [place.seat]
        finally:
            task.cancel()


async def until(predicate, timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not reached in time")


async def test_a_nights_code_opens_one_phone_and_a_new_code_lets_the_one_before_go(night):
    path, night_id = night
    async with server(path) as (tokens, client, _):
        first = night_token(tokens.play, night_id, give(path, night_id, "Cy"))
        assert (await open_phone(client, first))[0] == 200
        assert (await open_phone(client, first))[0] == 403  # another phone, the same code
        client.session.cookie_jar.update_cookies({"companion_8123": first})
        assert (await client.get("/")).status == 200  # her phone reloads
        second = night_token(tokens.play, night_id, give(path, night_id, "Cy"))  # her phone died: a new one
        assert (await open_phone(client, second))[0] == 200
        client.session.cookie_jar.clear()
        client.session.cookie_jar.update_cookies({"companion_8123": first})
        assert (await client.get("/")).status == 403  # the old phone
        forged = night_token("another secret", night_id, (2, 2))
        assert (await open_phone(client, forged))[0] == 403
        altered = second.replace(f"n{night_id}-2-2", f"n{night_id}-1-2")  # Bob's place, Cy's signature
        assert (await open_phone(client, altered))[0] == 403


async def test_the_wall_reads_only_and_no_phone_reaches_an_app(night):
    path, night_id = night
    async with server(path) as (tokens, client, _):
        wall = night_token(tokens.play, night_id, None)
        assert (await open_phone(client, wall))[0] == 200
        assert (await open_phone(client, wall))[0] == 200  # any number of screens
        assert (await client.post("/seat/start")).status == 403
        assert (await client.post("/seat/answer", data={"name": "starter"})).status == 403
        for route in ("/ws", "/static/js/textual.js", "/download/anything", "/nowhere"):
            assert (await client.get(route)).status == 403, route
        player = night_token(tokens.play, night_id, give(path, night_id, "Ann"))
        assert (await open_phone(client, player))[0] == 200
        for route in ("/ws", "/static/js/textual.js", "/download/anything"):
            assert (await client.get(route)).status == 403, route
        answered = await (await client.post("/seat/answer", data={"name": "starter"})).json()
        assert answered["message"] == "your table's match has not started yet"
        assert (await client.get("/seat/static/seat.js")).status == 200


async def test_the_night_pages_speak_french_and_count_places_as_each_language_does(night):
    path, night_id = night
    async with server(path) as (tokens, client, _):
        status, html = await open_phone(client, night_token(tokens.play, night_id, give(path, night_id, "Di")), "fr")
        words = text_of(html)
        assert status == 200 and '<html lang="fr">' in html
        assert "Table 1 : vous jouez contre Ann." in words and "Commencer le match de notre table" in words
        assert "Classement" in words and "Les tables du tour" in words
        switched = await (await client.post("/seat/lang", data={"lang": "en"})).json()
        assert "Table 1: you play Ann." in text_of(switched["panel"])

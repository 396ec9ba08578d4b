"""``companion serve`` on loopback: the token guard, the Origin check, spectators, and app processes that end
with the server. Every request goes to 127.0.0.1, with a timeout."""

from __future__ import annotations

import asyncio
import os
import signal

import aiohttp
import pytest

from tests.helpers.served import served, wait_for

pytestmark = pytest.mark.slow
TIMEOUT = aiohttp.ClientTimeout(total=30)  # a websocket session reads for up to 20 s
# Cookies for an IP address: a browser keeps them; aiohttp only with an "unsafe" jar.


async def _status(url: str, cookies: dict | None = None, redirects: bool = False) -> int:
    async with aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=aiohttp.CookieJar(unsafe=True), cookies=cookies) as session:
        async with session.get(url, allow_redirects=redirects) as response:
            return response.status


async def _ws_status(url: str, cookies: dict | None, origin: str | None) -> int:
    headers = {"Origin": origin} if origin else {}
    async with aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=aiohttp.CookieJar(unsafe=True), cookies=cookies) as session:
        try:
            async with session.ws_connect(url, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as error:
            return error.status


def test_without_the_token_every_route_is_refused(tmp_path):
    with served(tmp_path) as server:
        routes = ["/", "/static/", "/static/js/textual.js", "/ws", "/download/anything", "/nowhere"]
        for route in routes:
            assert asyncio.run(_status(server.base + route)) == 403, route
            assert asyncio.run(_status(server.base + route + "?token=wrong")) == 403, route
            assert asyncio.run(_status(server.base + route, {server.cookie: "wrong"})) == 403, route
        assert asyncio.run(_ws_status(server.base.replace("http", "ws") + "/ws", None, server.base)) == 403


def test_the_token_becomes_a_cookie_and_the_page_loads(tmp_path):
    async def visit() -> tuple[int, str, str, int, int]:
        async with aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(server.play_url, allow_redirects=False) as first:
                # The exchange page: the cookie, and a page that replaces itself (in the tab's history too) with
                # the address without the token; it holds no token itself.
                assert first.status == 200 and "HttpOnly" in first.headers["Set-Cookie"]
                exchange = await first.text()
                assert 'history.replaceState(null, "", "/")' in exchange and server.play not in exchange
                assert first.headers["Referrer-Policy"] == "no-referrer"
            async with session.get(server.base + "/") as page:  # where the page goes, with the cookie
                text = await page.text()
                where = str(page.url)
            async with session.get(server.base + "/static/js/textual.js") as asset:
                asset_status = asset.status
            async with session.get(server.base + "/static/") as listing:
                return page.status, text, where, asset_status, listing.status

    with served(tmp_path) as server:
        status, text, where, asset, listing = asyncio.run(visit())
        assert status == 200 and "token" not in where  # the token has left the address bar
        assert "/ws" in text and "googleapis" not in text  # nothing fetched from outside
        assert "Session ended. · Session terminée." in text and "Restart · Relancer" in text  # both languages
        assert asset == 200
        assert listing == 403  # /static/ lists nothing, even with the cookie


def test_a_websocket_from_a_foreign_origin_is_refused(tmp_path):
    with served(tmp_path) as server:
        ws = server.base.replace("http", "ws") + "/ws"
        cookies = {server.cookie: server.play}
        assert asyncio.run(_ws_status(ws, cookies, "http://evil.example")) == 403
        assert asyncio.run(_ws_status(ws, cookies, "http://127.0.0.1:1")) == 403
        assert server.children() == []  # no app was started for it


async def _open_app(server, token: str, seconds: float = 3.0) -> None:
    """A browser-like client: opens the websocket, asks for a terminal size, and reads for a while."""
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=jar, cookies={server.cookie: token}) as session:
        async with session.ws_connect(server.base.replace("http", "ws") + "/ws?width=80&height=24",
                                      headers={"Origin": server.base}) as ws:
            await ws.send_json(["resize", {"width": 80, "height": 24}])
            try:
                async with asyncio.timeout(seconds):
                    async for _ in ws:
                        pass
            except TimeoutError:
                pass


def test_a_spectator_gets_a_read_only_app(tmp_path):
    with served(tmp_path) as server:
        async def both() -> list:
            task = asyncio.create_task(_open_app(server, server.view, 6))
            await asyncio.sleep(0)
            found = await asyncio.to_thread(wait_for, lambda: server.children(), 10)
            listed = server.children()
            await task
            return [found, listed]

        found, listed = asyncio.run(both())
        assert found and len(listed) == 1
        assert "--spectator" in listed[0][1]


def test_killing_the_server_leaves_no_app_behind(tmp_path):
    with served(tmp_path) as server:
        async def open_and_kill() -> list:
            tasks = [asyncio.create_task(_open_app(server, server.play, 20)) for _ in range(2)]
            await asyncio.to_thread(wait_for, lambda: len(server.children()) == 2, 15)
            started = server.children()
            os.kill(server.process.pid, signal.SIGKILL)  # no chance to clean up
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return started

        started = asyncio.run(open_and_kill())
        assert len(started) == 2 and all("--spectator" not in argv for _, argv in started)
        assert wait_for(lambda: server.children() == [], 10), server.children()


def test_stopping_the_server_ends_its_apps(tmp_path):
    with served(tmp_path) as server:
        async def open_and_stop() -> None:
            task = asyncio.create_task(_open_app(server, server.play, 20))
            await asyncio.to_thread(wait_for, lambda: len(server.children()) == 1, 15)
            os.kill(server.process.pid, signal.SIGTERM)
            await asyncio.to_thread(server.process.wait, 15)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

        assert (tmp_path / "serving.json").exists()  # while it runs, the organiser's app can draw match QR codes
        asyncio.run(open_and_stop())
        assert server.process.returncode == 0
        assert wait_for(lambda: server.children() == [], 10), server.children()
        assert not (tmp_path / "serving.json").exists()  # stopped: its address and secret are gone


def test_the_page_words_are_in_both_languages_the_tables_first():
    from companion.serving.server import page_words

    html = '<div class="message">Session ended.</div><button type="button" onClick="refresh()">Restart</button>'
    assert page_words(html, "fr") == ('<div class="message">Session terminée. · Session ended.</div>'
                                      '<button type="button" onClick="refresh()">Relancer · Restart</button>')


async def _app_processes(server, token: str) -> list:
    """The app processes the server starts for a device that opens ``token`` (found while it is open)."""
    task = asyncio.create_task(_open_app(server, token, 6))
    await asyncio.sleep(0)
    await asyncio.to_thread(wait_for, lambda: server.children(), 10)
    listed = server.children()
    await task
    return listed


def test_a_match_token_starts_an_app_for_that_match_only(tmp_path):
    from companion.serving.tablets import match_address, match_token

    with served(tmp_path) as server:
        token = match_token(server.play, 5)
        assert match_address(tmp_path / "companion.sqlite3", 5) == f"{server.base}/?token={token}"  # for the organiser
        assert asyncio.run(_status(f"{server.base}/?token={token}")) == 200
        forged = "m6." + token.split(".", 1)[1]
        assert asyncio.run(_status(f"{server.base}/?token={forged}")) == 403

        listed = asyncio.run(_app_processes(server, token))
        argv = listed[0][1]
        assert len(listed) == 1 and argv[argv.index("--match") + 1] == "5"
    assert match_address(tmp_path / "companion.sqlite3", 5) is None  # the server killed: no address offered


def test_a_seats_code_opens_one_device_and_the_next_is_refused(tmp_path):
    """A seat's code opens its player's phone (his page, from this server: no app process), once; his phone reloads;
    a new code from the organiser gives the seat to another device, and the old one is refused since."""
    from companion.games.base import Setup
    from companion.games.cribbage.rules import CribbageRules
    from companion.serving.tablets import seat_token
    from companion.store.database import Store
    from companion.store.session import MatchSession

    with Store.open(tmp_path / "companion.sqlite3") as store:
        match_id = MatchSession.create(store, Setup(("Ann", "Paul"), CribbageRules(), 0), "cribbage").match_id
        first = store.bind_seat(match_id, 1)
    with served(tmp_path) as server:
        token = seat_token(server.play, match_id, 1, first)
        assert asyncio.run(_status(f"{server.base}/?token={token}")) == 200  # Paul's phone
        assert asyncio.run(_status(f"{server.base}/?token={token}")) == 403  # another device, the same code
        assert asyncio.run(_status(f"{server.base}/", cookies={server.cookie: token})) == 200  # his phone reloads
        assert asyncio.run(_status(f"{server.base}/ws", cookies={server.cookie: token})) == 403  # no app for a phone
        assert server.children() == []
        forged = f"s{match_id + 1}-1-{first}." + token.split(".", 1)[1]
        assert asyncio.run(_status(f"{server.base}/?token={forged}")) == 403
        with Store.open(tmp_path / "companion.sqlite3") as store:
            second = store.bind_seat(match_id, 1)  # the organiser gives the seat to another phone
        assert asyncio.run(_status(f"{server.base}/?token={seat_token(server.play, match_id, 1, second)}")) == 200
        assert asyncio.run(_status(f"{server.base}/", cookies={server.cookie: token})) == 403  # the old phone


def test_no_served_route_carries_a_card_still_hidden(tmp_path):
    """Issue 37: with a virtual match of every game in the middle of a round, every route the server answers (the
    page, its scripts, a match's page, a download key) carries neither the running round's pack nor the seed, for
    the organiser's token and a spectator's. (What a device downloads is ``records.export``'s, searched route by
    route in tests/unit/test_privacy.py and through a real browser in test_browser_touch.py.)"""
    from companion.store.database import Store
    from tests.helpers.secrets import leaks, store_secrets

    with Store.open(tmp_path / "companion.sqlite3") as store:
        secrets = store_secrets(store)

    async def bodies(server) -> dict[str, str]:
        got = {}
        for token in (server.play, server.view):
            async with aiohttp.ClientSession(timeout=TIMEOUT, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                             cookies={server.cookie: token}) as session:
                routes = ["/", "/static/", "/static/js/textual.js", "/download/anything", "/nowhere",
                          *(f"/?match={s.match_id}" for s in secrets)]
                for route in routes:
                    async with session.get(server.base + route) as response:
                        got[f"{token[:4]} {route} {response.status}"] = await response.text()
        return got

    with served(tmp_path) as server:
        got = asyncio.run(bodies(server))
    assert len(got) == 20 and any(" 200" in key and "/ws" in text for key, text in got.items())
    assert {key: leaks(text, s) for key, text in got.items() for s in secrets if leaks(text, s)} == {}

"""The web server behind ``companion serve``: textual-serve, guarded.

textual-serve runs one app process per browser tab and has no access control of its own, so this server adds:

- **a secret token**: every page, asset and websocket needs it, in the address (``?token=…``, exchanged on the
  first visit for a cookie and taken out of the address) or in that cookie; anything else is 403. There are
  two: the *play* token, and a *view* token for spectators (a wall screen, a phone), whose app opens the store
  read-only so nothing can be changed from it;
- **an Origin check**: a websocket opened by another site's page is 403, even with the cookie;
- **no directory listing** under ``/static/``;
- **app processes that end with the server**: each runs in its own process group, which the server ends when it
  stops; if the server is killed outright, each app notices its parent is gone and exits (see
  ``companion.serving.child``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import re
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from companion.serving.phones import (
    FORBIDDEN,
    NIGHT,
    PAGE_HEADERS,
    ROLE,
    SEAT,
    SEAT_TAKEN,
    WALL,
    Phones,
    is_phone,
    one_device,
    phone_route,
)
from companion.serving.seats import Seats
from companion.serving.tablets import match_of, night_of, seat_of

log = logging.getLogger("companion.serve")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

PLAY, VIEW, MATCH = "play", "view", "match"
_FONT_LINK = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>")


@dataclass(frozen=True)
class Tokens:
    """The play and view secrets (URL-safe, 128 bits and more)."""

    play: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    view: str = field(default_factory=lambda: secrets.token_urlsafe(18))

    def role(self, value: str | None) -> str | None:
        """PLAY, VIEW, ``match:<id>`` (a tablet of one match), ``seat:<id>:<seat>:<binding>`` (a player's own device),
        ``night:<id>:<player>:<binding>`` (a player's phone all night), ``night:<id>:w`` (the night's standings) or
        None, compared in constant time."""
        if not value:
            return None
        given = value.encode()
        for role, token in ((PLAY, self.play), (VIEW, self.view)):
            if hmac.compare_digest(given, token.encode()):
                return role
        match_id = match_of(self.play, value)
        if match_id is not None:
            return f"{MATCH}:{match_id}"
        seat = seat_of(self.play, value)
        if seat is not None:
            return f"{SEAT}:{seat[0]}:{seat[1]}:{seat[2]}"
        night = night_of(self.play, value)
        if night is None:
            return None
        night_id, phone = night
        return f"{NIGHT}:{night_id}:{WALL}" if phone is None else f"{NIGHT}:{night_id}:{phone[0]}:{phone[1]}"


# textual-serve's page speaks English only: its few words in both languages, the table's own first.
_PAGE_WORDS = {
    '<div class="message">Session ended.</div>': ("Session ended.", "Session terminée."),
    'onClick="refresh()">Restart</button>': ("Restart", "Relancer"),
    'onClick="refresh()" id="start">Start</button>': ("Start", "Commencer"),
}


def page_words(html: str, lang: str | None) -> str:
    """The served page with each of its words in French and English (French first when the table's is)."""
    for original, (en, fr) in _PAGE_WORDS.items():
        both = f"{fr} · {en}" if lang == "fr" else f"{en} · {fr}"
        html = html.replace(original, original.replace(en, both))
    return html


# What the page needs at a table, put at the top of its <head>:
# - the device's own width (without it a phone shows the page zoomed out to 40%, text about 6 px);
# - taps that reach the app: xterm.js keeps a hidden textarea under the text cursor for the keyboard, and
#   Chromium moves a touch near the cursor onto it (the key above the entry line, the next field of a form).
#   Keys still reach it: xterm.js focuses it itself on every tap of the terminal;
# - no double-tap zoom, and no page scroll behind the app (the app scrolls its own screens);
# - on a phone, the font that gives the app at least 45 columns upright (monospace cells are about 0.6 of the font
#   size wide), at most the usual 16 px: about 46×49 cells upright and 87×20 sideways on a 390×844 phone, the
#   sizes the app's compact layout is made for. The page reads its font size when it loads, after this runs;
# - a finger's swipe that scrolls: with the app's mouse on, xterm.js passes a mouse wheel to the app (which scrolls
#   what is under the pointer) but does nothing with a touch's move. A vertical drag becomes wheel turns at the
#   spot the finger set down, one for each two rows it travels (what one turn scrolls in the app), so the screen
#   follows the finger; a touch that barely moves stays a tap (the browser makes it a click, as before).
TOUCH_HEAD = """<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<style>
  .xterm-helper-textarea { pointer-events: none !important; }
  html, body { margin: 0; height: 100%; overflow: hidden; overscroll-behavior: none; }
  #terminal, .xterm { touch-action: manipulation; }
</style>
<script>
  document.addEventListener("DOMContentLoaded", function () {
    var terminal = document.getElementById("terminal");
    var width = window.innerWidth, height = window.innerHeight;
    if (!terminal || new URLSearchParams(location.search).has("fontsize") || Math.min(width, height) >= 600) return;
    terminal.dataset.fontSize = String(Math.max(10, Math.min(16, Math.floor(width / (45 * 0.6)))));
  });
  document.addEventListener("DOMContentLoaded", function () {
    var terminal = document.getElementById("terminal");
    if (!terminal) return;
    var down = null;  // where the finger set down, and how far its drag has turned the wheel
    terminal.addEventListener("touchstart", function (event) {
      var touch = event.touches[0];
      down = event.touches.length === 1 ? {x: touch.clientX, y: touch.clientY, turned: touch.clientY,
                                           target: event.target, drag: false} : null;
    }, {capture: true, passive: true});
    terminal.addEventListener("touchmove", function (event) {
      if (!down || event.touches.length !== 1) return;
      var touch = event.touches[0], dy = touch.clientY - down.y;
      if (!down.drag) {
        if (Math.abs(dy) < 10 || Math.abs(dy) < Math.abs(touch.clientX - down.x)) return;
        down.drag = true;
      }
      event.preventDefault();
      var step = 2 * 1.2 * (parseFloat(terminal.dataset.fontSize) || 16);  // two rows of the terminal
      while (Math.abs(touch.clientY - down.turned) >= step) {
        var up = touch.clientY < down.turned;  // the finger goes up: what is below comes into view
        down.turned += up ? -step : step;
        down.target.dispatchEvent(new WheelEvent("wheel", {deltaY: up ? 1 : -1, deltaMode: 1, clientX: down.x,
                                                           clientY: down.y, bubbles: true, cancelable: true}));
      }
    }, {capture: true, passive: false});
    terminal.addEventListener("touchend", function () { down = null; }, {capture: true, passive: true});
  });
</script>
"""


def served_page(html: str, lang: str | None) -> str:
    """textual-serve's page as a table uses it: no font fetched from the Internet (at a table with none the
    page would only wait for it; the browser's own monospace serves), made for touch, in both languages."""
    html = _FONT_LINK.sub("", html)
    html = html.replace("<head>", "<head>\n" + TOUCH_HEAD, 1)
    return page_words(html, lang)


def exchange_page(target: str) -> str:
    """The page the token's address answers with: its cookie is set; it replaces itself, in the tab's history
    too, with the same address without the token."""
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">"
            f"<script>history.replaceState(null, \"\", {json.dumps(target)}); location.replace({json.dumps(target)});"
            "</script></head><body></body></html>")


def lan_address() -> str | None:
    """This machine's address on the local network: the source address of a route out (a UDP socket is only
    connected, nothing is sent), or None when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def child_command(role: str, parent: int, lang: str | None = None) -> str:
    """The shell command of one browser's app process (``exec``: the app itself is the child, not a shell)."""
    args = [sys.executable, "-m", "companion.serving.child", "--parent", str(parent)]
    if role == VIEW:
        args.append("--spectator")
    elif role.startswith(f"{MATCH}:"):
        args += ["--match", role.split(":", 1)[1]]
    if lang:
        args += ["--lang", lang]
    return "exec " + shlex.join(args)


class GroupedAppService(AppService):
    """textual-serve's app service, its process started in a process group of its own."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        self._process = process = await asyncio.create_subprocess_shell(
            self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width=width, height=height),
            start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


class GuardedServer(Server):
    def __init__(self, tokens: Tokens, host: str, port: int, public_url: str, lang: str | None = None,
                 seats: Seats | None = None) -> None:
        super().__init__(command="companion", host=host, port=port, title="companion", public_url=public_url)
        self.tokens = tokens
        self.lang = lang
        self.cookie = f"companion_{port}"  # cookies are per host, not per port: one server's never serves another
        # The players' phones: a light page each, from this process (None: no store to serve, no phone served).
        self.phones = Phones(seats, self.cookie, lang) if seats is not None else None
        self.services: set[GroupedAppService] = set()
        self.seats_opened: set[str] = set()  # phone tokens already exchanged: a seat's code opens one device
        self.sockets: set[web.WebSocketResponse] = set()
        origin = urlsplit(public_url)
        self.origins = {f"{origin.scheme}://{origin.netloc}"}
        if host in ("127.0.0.1", "localhost", "::1"):
            self.origins |= {f"http://127.0.0.1:{port}", f"http://localhost:{port}"}

    # ------------------------------------------------------------ the guard
    def origin_ok(self, origin: str | None) -> bool:
        """A browser always sends Origin with a websocket: a foreign one is another site's page. Programs that
        send none still need the token."""
        return origin is None or origin in self.origins

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        token = request.query.get("token")
        role = self.tokens.role(token) or self.tokens.role(request.cookies.get(self.cookie))
        if role is None:
            raise web.HTTPForbidden(text=FORBIDDEN)
        if request.path == "/ws" and not self.origin_ok(request.headers.get("Origin")):
            raise web.HTTPForbidden(text=FORBIDDEN)
        request[ROLE] = role
        if is_phone(role) and (self.phones is None or not phone_route(request.path)):
            raise web.HTTPForbidden(text=FORBIDDEN)  # a phone runs no app: no socket, no app's files or downloads
        if token and request.path == "/" and request.method == "GET" and one_device(role):
            # One device per seat: the first to open the code keeps it (as its cookie, through reloads); another
            # device scanning the same code is refused. A new code from the organiser gives the seat anew.
            if token in self.seats_opened:
                raise web.HTTPForbidden(text=SEAT_TAKEN)
            self.seats_opened.add(token)
        if token and request.path == "/" and request.method == "GET":
            # The token becomes a cookie, and leaves the address bar and the tab's history: a page that replaces
            # its own history entry with the address without it (a redirect would leave the entry behind).
            rest = {k: v for k, v in request.query.items() if k != "token"}
            response = web.Response(text=exchange_page("/" + (f"?{urlencode(rest)}" if rest else "")),
                                    content_type="text/html", headers=PAGE_HEADERS)
            response.set_cookie(self.cookie, token, httponly=True, samesite="Lax", path="/")
            return response
        if is_phone(role) and request.path == "/":
            assert self.phones is not None
            return await self.phones.page(request)  # a player's phone: his hand as a page, no app process
        answered = await handler(request)
        if request.path == "/" and isinstance(answered, web.Response) and answered.text:
            answered.text = served_page(answered.text, self.lang)
        return answered

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
            *(self.phones.routes() if self.phones is not None else []),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        pass  # the command prints the addresses itself, once listening

    async def on_shutdown(self, app: web.Application) -> None:
        self.end_apps()
        if self.phones is not None:
            self.phones.close()

    def end_apps(self) -> None:
        """End every app process's whole group (an app may have started helpers of its own)."""
        for service in list(self.services):
            process = getattr(service, "_process", None)
            if process is not None and process.returncode is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except (ProcessLookupError, PermissionError):
                    pass

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: its own app process, started with the tab's role (play or view)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _int(request.query.get("width"), 80)
        height = _int(request.query.get("height"), 24)
        service: GroupedAppService | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            service = GroupedAppService(child_command(request[ROLE], os.getpid(), self.lang),
                                        write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                        close=websocket.close,  # type: ignore[arg-type]
                                        download_manager=self.download_manager,
                                        debug=self.debug)
            self.services.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a browser that sends nonsense ends its own session, not the server
            log.warning("websocket ended: %s", error)
        finally:
            if service is not None:
                await service.stop()
                self.services.discard(service)
            self.sockets.discard(websocket)
        return websocket

    def run(self, sock: socket.socket, ready: Callable[[], None] | None = None) -> None:
        """Serve on the bound ``sock`` until SIGINT or SIGTERM; ``ready()`` is called once it listens."""
        logging.basicConfig(level="WARNING", format="%(message)s")
        asyncio.run(self._run(sock, ready))

    async def _run(self, sock: socket.socket, ready: Callable[[], None] | None) -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        runner = web.AppRunner(await self._make_app(), handle_signals=False, shutdown_timeout=2.0)
        await runner.setup()
        try:
            await web.SockSite(runner, sock).start()
            if ready is not None:
                ready()
            await stop.wait()
        finally:
            self.end_apps()
            for socket_ in list(self.sockets):
                await socket_.close()
            await runner.cleanup()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _int(value: str | None, default: int) -> int:
    try:
        return max(10, min(500, int(value or default)))
    except ValueError:
        return default

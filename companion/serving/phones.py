"""The players' phones' routes: a light page each from this one server process, never an app.

A phone holds one of two kinds of token (``serving.tablets``): a seat's (one match, one seat) or a club night's (a
player's, following his table's match all night; or the wall's, the standings read only). Its routes are only
these: the page (``/``), its stream of updates (``/seat/events``, server-sent events), what it sends
(``POST /seat/{action}``) and the script and style shipped with the package (``/seat/static``). Everything a phone
is sent is drawn from its seat's view, or from the night's sheet: a phone is never given what its seat may not see.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from companion.club import saved
from companion.core.i18n import Msg
from companion.serving.nights import NightListener, Nights
from companion.serving.seats import HEARTBEAT_S, Listener, Seats

SEAT, NIGHT = "seat", "night"
ROLE = web.RequestKey("role", str)  # what the guard found the request's token opens
WALL = "w"
STATIC = Path(__file__).with_name("static")
PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
FORBIDDEN = "403: this address needs the token shown by « companion serve » / il faut le jeton affiché par « companion serve »"
SEAT_GONE = ("403: this seat was given to another device by the organiser / l'organisateur a donné cette place à un "
             "autre appareil")
SEAT_TAKEN = ("403: this seat's code was already opened on another device: ask the organiser to show it again for "
              "this one / le code de cette place a déjà été ouvert sur un autre appareil : demandez à l'organisateur "
              "de le remontrer pour celui-ci")
NOT_STARTED = Msg("your table's match has not started yet", "le match de votre table n'a pas encore commencé")


def is_phone(role: str) -> bool:
    """A role whose device gets a light page, never an app."""
    return role.startswith((f"{SEAT}:", f"{NIGHT}:"))


def one_device(role: str) -> bool:
    """A role whose code opens one device only: a seat's, a night player's (not the wall's, shown to all)."""
    return role.startswith(f"{SEAT}:") or (role.startswith(f"{NIGHT}:") and not role.endswith(f":{WALL}"))


def phone_route(path: str) -> bool:
    """The only routes a phone's token opens."""
    return path == "/" or path.startswith("/seat/")


@dataclass(frozen=True)
class Holder:
    """Whom a phone's request speaks for: a seat of a match (a night player's, once his match is started), a night's
    player, or the night's wall (no seat, nothing to send but his language)."""

    match_id: int | None = None
    seat: int | None = None
    night_id: int | None = None
    player: int | None = None


class Phones:
    def __init__(self, seats: Seats, cookie: str, lang: str | None) -> None:
        self.seats = seats
        self.nights = Nights(seats)
        self.cookie = cookie
        self.table_lang = lang

    def routes(self) -> list[web.AbstractRouteDef]:
        return [web.get("/seat/events", self.events, name="seat-events"),
                web.post("/seat/{action}", self.post, name="seat-post"),
                web.static("/seat/static", STATIC, show_index=False, name="seat-static")]

    def close(self) -> None:
        self.nights.close()
        self.seats.close()

    # ------------------------------------------------------------ who asks, in which language
    def holder(self, request: web.Request) -> Holder:
        """Whom the phone's token speaks for; refused when it is no phone's, or when the organiser gave its seat (or
        its player's night) to another device since."""
        role = request[ROLE]
        kind, _, rest = role.partition(":")
        fields = rest.split(":")
        store = self.seats.store
        if kind == SEAT:
            match_id, seat, binding = (int(x) for x in fields)
            if store.seats_on_devices(match_id).get(seat) != binding:
                raise web.HTTPForbidden(text=SEAT_GONE)
            return Holder(match_id, seat)
        if kind == NIGHT and fields[1:] == [WALL]:
            return Holder(night_id=int(fields[0]))
        if kind == NIGHT:
            night_id, player, binding = (int(x) for x in fields)
            if saved.phones(store, night_id).get(player) != binding:
                raise web.HTTPForbidden(text=SEAT_GONE)
            _, night = self.nights.night(night_id)
            place = self.nights.place(night, player)
            if place is None:
                return Holder(night_id=night_id, player=player)
            return Holder(place.match_id, place.seat, night_id, player)
        raise web.HTTPForbidden(text=FORBIDDEN)

    def lang(self, request: web.Request) -> str:
        """The phone's own language: its choice on this page, else what its browser asks for, else the table's."""
        chosen = request.cookies.get(self.cookie + "_lang")
        if chosen in ("en", "fr"):
            return chosen
        asked = request.headers.get("Accept-Language", "")
        if asked:
            return "fr" if asked.lower().startswith("fr") else "en"
        return self.table_lang or "en"

    # ------------------------------------------------------------ the routes
    async def page(self, request: web.Request) -> web.Response:
        holder, lang = self.holder(request), self.lang(request)
        if holder.night_id is not None:
            html = self.nights.page(holder.night_id, holder.player, lang)
        else:
            assert holder.match_id is not None and holder.seat is not None
            html = self.seats.draw(holder.match_id, holder.seat, lang, whole=True)
        return web.Response(text=html, content_type="text/html", headers=PAGE_HEADERS)

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The phone's panel (and a night's strip), pushed whenever its match or its night changes (server-sent
        events; the page reconnects by itself after sleep or a Wi-Fi drop)."""
        holder, lang = self.holder(request), self.lang(request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        listener: Listener | NightListener
        if holder.night_id is not None:
            listener = self.nights.join(holder.night_id, holder.player, lang)
        else:
            assert holder.match_id is not None and holder.seat is not None
            listener = self.seats.join(holder.match_id, holder.seat, lang)
        try:
            while True:
                try:
                    event, html = await asyncio.wait_for(listener.queue.get(), HEARTBEAT_S)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                data = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
                await response.write(f"event: {event}\n{data}\n".encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            if isinstance(listener, NightListener):
                assert holder.night_id is not None
                self.nights.leave(holder.night_id, listener)
            else:
                assert holder.match_id is not None
                self.seats.leave(holder.match_id, listener)
        return response

    async def post(self, request: web.Request) -> web.Response:
        """What a phone sends: an answer to one of its choices, an undo, its answer to an undo question, a round's
        report read, « start our table's match », its language. Answered with its panel drawn again (and a night's
        strip) and what was refused, if anything."""
        holder, lang = self.holder(request), self.lang(request)
        form = await request.post()
        action = request.match_info["action"]
        said = None
        if action == "lang" and form.get("lang") in ("en", "fr"):
            lang = str(form.get("lang"))
        elif holder.night_id is not None and holder.player is None:
            raise web.HTTPForbidden(text=FORBIDDEN)  # the wall shows; it sends nothing
        elif action == "start" and holder.player is not None and holder.night_id is not None:
            said = self.nights.start(holder.night_id, holder.player)
        elif holder.match_id is None or holder.seat is None:
            said = NOT_STARTED
        else:
            said = self._seat_action(action, holder.match_id, holder.seat, form)
        message = said.text(lang) if said is not None else ""
        answer: dict[str, str] = {"message": message}
        if holder.night_id is not None:
            drawn = self.nights.draw(holder.night_id, holder.player, lang, message)
            answer |= {"panel": drawn.panel, "night": drawn.strip or ""}
        else:
            assert holder.match_id is not None and holder.seat is not None
            answer["panel"] = self.seats.draw(holder.match_id, holder.seat, lang, message)
        response = web.json_response(answer, headers=PAGE_HEADERS)
        if action == "lang":
            response.set_cookie(self.cookie + "_lang", lang, httponly=True, samesite="Lax", path="/")
        return response

    def _seat_action(self, action: str, match_id: int, seat: int, form: MultiDictProxy[Any]) -> Msg | None:
        seats = self.seats
        if action == "answer":
            return seats.answer(match_id, seat, str(form.get("name", "")), [str(c) for c in form.getall("card", [])],
                                [str(t) for t in form.getall("table", [])], _number(form.get("target")),
                                _number(form.get("number")))
        if action == "undo":
            return seats.undo(match_id, seat)
        if action == "undo-answer":
            seats.undo_answer(match_id, seat, form.get("agree") == "yes")
        elif action == "continue":
            seats.read_report(match_id)
        return None


def _number(value: object) -> int | None:
    """A number a phone sent (a target, a count), or None."""
    try:
        return int(str(value)) if value not in (None, "") else None
    except ValueError:
        return None

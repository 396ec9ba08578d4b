"""A club night on the phones, from the one server process: each player's phone follows his table's match from round
to round, and the night's standings are a read-only page for the wall and every phone.

A player's phone is, while his table's match of the current round exists, that match's page for his seat (drawn by
``Seats`` from the seat's view only), with a strip above it (the round, his table, his place); between matches, his
night's page (where he plays, a key to start his table's match, the round's tables, the standings). Each night is
one ``NightRoom``: one look at the store a second for all its phones, which moves each phone's stream to the match
it now belongs to and pushes the standings when they change. Finished matches' results are counted in as they
stand (the organiser's app enters them); nothing here writes to the night but a player's « start our match ».
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from companion.club import saved
from companion.club.night import ClubNight
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.serving import night_page
from companion.serving.rooms import Watched
from companion.serving.seat_page import document
from companion.serving.seats import Events, Listener, Seats
from companion.store.errors import ConflictError
from companion.store.schema import fold

NIGHT_WATCH_S = 1.0  # how often a night's room looks at the store (one look a night, whatever its phones)
NIGHT_TITLE = Msg("{name} · {player}", "{name} · {player}")


@dataclass(frozen=True)
class Place:
    """Where a player of the night plays now: a match of the current round and his seat in it."""

    match_id: int
    seat: int


@dataclass
class NightListener:
    player: int | None  # None: the wall
    lang: str
    queue: Events = field(default_factory=asyncio.Queue)
    place: Place | None = None
    seat: Listener | None = None  # his listener in his match's room, while he has one
    shown: tuple[str, str] = ("", "")  # the strip and the night's panel last pushed


@dataclass
class NightRoom(Watched[NightListener]):
    night_id: int


@dataclass(frozen=True)
class Drawn:
    """A night phone's page as it stands: the strip above (None for the wall) and the panel."""

    title: str
    strip: str | None
    panel: str
    place: Place | None


class Nights:
    """Every club night a phone of this server has open."""

    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self.rooms: dict[int, NightRoom] = {}

    # ------------------------------------------------------------ reading the night
    def night(self, night_id: int) -> tuple[str, ClubNight]:
        """The night's name, and the night with its finished matches' results counted in."""
        record = saved.load(self.seats.store, night_id)
        return record.name, saved.as_it_stands(self.seats.store, record.night)

    def place(self, night: ClubNight, player: int) -> Place | None:
        """The match of his table in the current round, and his seat in it, once it is started."""
        if not 0 <= player < len(night.players):
            return None
        name = night.players[player]
        table = night_page.your_table(night, name)
        match_id = None if table is None else night.table_matches.get((night.round, table))
        if match_id is None:
            return None
        try:
            names = [str(n) for n in self.seats.store.match(match_id).setup.get("names", [])]
        except CompanionError:
            return None
        folded = [fold(n) for n in names]
        return Place(match_id, folded.index(fold(name))) if fold(name) in folded else None

    def startable(self, night: ClubNight, player: int) -> bool:
        """His table of the current round waits for its match (no result, none started)."""
        table = night_page.your_table(night, night.players[player]) if 0 <= player < len(night.players) else None
        return table is not None and table in night.open_tables() and (night.round, table) not in night.table_matches

    def draw(self, night_id: int, player: int | None, lang: str, message: str = "") -> Drawn:
        name, night = self.night(night_id)
        if player is None:
            return Drawn(name, None, night_page.wall_panel(night, name, lang), None)
        who = night.players[player] if 0 <= player < len(night.players) else "?"
        title = NIGHT_TITLE(name=name, player=who).text(lang)
        place = self.place(night, player)
        if place is None:
            return Drawn(title, None, night_page.player_panel(night, title, who, lang, self.startable(night, player),
                                                              message), None)
        return Drawn(title, night_page.strip(night, who, lang),
                     self.seats.draw(place.match_id, place.seat, lang, message), place)

    def page(self, night_id: int, player: int | None, lang: str) -> str:
        drawn = self.draw(night_id, player, lang)  # a player's page has the strip's place even when it is empty
        return document(drawn.title, lang, drawn.panel, None if player is None else drawn.strip or "")

    # ------------------------------------------------------------ a player's « start our match »
    def start(self, night_id: int, player: int) -> Msg | None:
        """Start his table's match (as the organiser's Tablet key does), or say why not; two phones of one table
        tapping at once start it once."""
        for _ in range(2):
            _, night = self.night(night_id)
            if not self.startable(night, player):
                return None  # started meanwhile (the other phone, the tablet): his page now shows it
            table = night_page.your_table(night, night.players[player])
            assert table is not None
            try:
                match_id = saved.table_match(self.seats.store, night_id, table)
            except ConflictError:
                continue  # the night changed under this tap: looked at again
            except CompanionError as error:
                return error.msg
            self.seats.touch(match_id)
            self.wake(night_id)
            return None
        return None

    # ------------------------------------------------------------ the rooms
    def wake(self, night_id: int) -> None:
        """The night changed here: every phone of it is looked at again at once."""
        room = self.rooms.get(night_id)
        if room is not None:
            for listener in room.listeners:
                listener.shown = ("", "")

    def join(self, night_id: int, player: int | None, lang: str) -> NightListener:
        room = self.rooms.setdefault(night_id, NightRoom(night_id))
        listener = NightListener(player, lang)
        room.listeners.append(listener)
        if not room.watch(lambda: self._look(room), NIGHT_WATCH_S, f"night {night_id}"):
            self._follow(room)  # the newcomer's page at once, not at the next look
        return listener

    def leave(self, night_id: int, listener: NightListener) -> None:
        self._move(listener, None)
        room = self.rooms.get(night_id)
        if room is not None and room.drop(listener):
            del self.rooms[night_id]

    def close(self) -> None:
        for room in self.rooms.values():
            room.stop()

    async def _look(self, room: NightRoom) -> None:
        self._follow(room)

    def _follow(self, room: NightRoom) -> None:
        """Each phone where its player plays now: moved to his match's room when it starts (that room pushes his
        seat's page), back to the night's page when a new round is paired; the strip or the night's page pushed
        when it changed."""
        name, night = self.night(room.night_id)
        places: dict[int, Place | None] = {}  # one look at each match for all the phones of its players
        for listener in list(room.listeners):
            player = listener.player
            if player is None:
                shown = ("", night_page.wall_panel(night, name, listener.lang))
            else:
                if player not in places:
                    places[player] = self.place(night, player)
                place = places[player]
                self._move(listener, place)
                who = night.players[player] if 0 <= player < len(night.players) else "?"
                if place is not None:
                    shown = (night_page.strip(night, who, listener.lang), "")
                else:
                    title = NIGHT_TITLE(name=name, player=who).text(listener.lang)
                    shown = ("", night_page.player_panel(night, title, who, listener.lang,
                                                         self.startable(night, player)))
            if shown != listener.shown:
                listener.shown = shown
                listener.queue.put_nowait(("night", shown[0]))
                if shown[1]:
                    listener.queue.put_nowait(("panel", shown[1]))

    def _move(self, listener: NightListener, place: Place | None) -> None:
        """His stream follows his match: out of the room of the one before, into the new one's."""
        if place == listener.place:
            return
        if listener.seat is not None and listener.place is not None:
            self.seats.leave(listener.place.match_id, listener.seat)
        listener.place, listener.seat = place, None
        if place is None:
            return
        store = self.seats.store
        if place.seat not in store.seats_on_devices(place.match_id) and not store.read_only:
            store.bind_seat(place.match_id, place.seat)  # his seat is on his phone: the table's device asks him there
        listener.seat = self.seats.join(place.match_id, place.seat, listener.lang, listener.queue)

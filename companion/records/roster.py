"""The roster: players as people. Each name typed in a setup is an alias of one player; renaming a player or
merging two entries that are the same person changes the roster only, never a match's log (the matches keep
the names they were played under, and the statistics read them through the aliases)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.names import check_name
from companion.store.database import Store
from companion.store.schema import add_player, fold

NAME_TAKEN = Msg("{name} is already a player: merge the two instead", "{name} est déjà un joueur : fusionnez-les plutôt")
NO_PLAYER = Msg("no player named {name}", "aucun joueur nommé {name}")
BAD_COLOUR = Msg("{colour!r} is not a colour (#e8453c, or a name such as teal)",
                 "{colour!r} n'est pas une couleur (#e8453c, ou un nom comme teal)")
SAME = Msg("{name} and {name} are the same entry already", "{name} et {name} sont déjà la même fiche")


class RosterError(CompanionError):
    """A roster change that cannot be made; nothing was changed."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    colour: str | None
    matches: int = 0  # stored matches played under any of this player's names
    aliases: tuple[str, ...] = ()


class Roster:
    def __init__(self, store: Store) -> None:
        self.store = store

    def players(self) -> list[Player]:
        """Every player, the most played first (the names a setup offers first), then by name. Only people:
        a name met only as a computer player's seat (a virtual match) is nobody's."""
        counts: dict[str, int] = {}
        with self.store.reading() as conn:  # one query, however many matches are stored
            names = conn.execute(
                "SELECT n.value, COUNT(*) FROM (SELECT setup FROM matches WHERE json_valid(setup) "
                "AND json_type(setup, '$.names') = 'array') m, json_each(m.setup, '$.names') n "
                "WHERE coalesce(json_extract(m.setup, '$.seats[' || n.key || ']'), 'human') = 'human' "
                "GROUP BY n.value").fetchall()
        for name, n in names:
            if isinstance(name, str):
                counts[fold(name)] = counts.get(fold(name), 0) + n
        with self.store.reading() as conn:
            players = conn.execute("SELECT id, name, colour FROM players").fetchall()
            aliases = conn.execute("SELECT key, player_id FROM aliases ORDER BY key").fetchall()
        keys: dict[int, list[str]] = {}
        for key, player_id in aliases:
            keys.setdefault(player_id, []).append(key)
        found = [Player(pid, name, colour if isinstance(colour, str) else None,
                        sum(counts.get(k, 0) for k in keys.get(pid, [])), tuple(keys.get(pid, [])))
                 for pid, name, colour in players if isinstance(name, str)]  # a damaged row is nobody
        found = [p for p in found if p.matches]  # a computer seat's name, left by an older release, is nobody
        return sorted(found, key=lambda p: (-p.matches, p.name.casefold()))

    def by_alias(self) -> dict[str, Player]:
        """Each folded seat name -> its player (without match counts: one query, cheap on a big store)."""
        with self.store.reading() as conn:
            rows = conn.execute("SELECT a.key, p.id, p.name, p.colour FROM aliases a JOIN players p ON p.id = a.player_id"
                                ).fetchall()
        return {key: Player(pid, name, colour if isinstance(colour, str) else None) for key, pid, name, colour in rows
                if isinstance(name, str) and isinstance(key, str)}  # a damaged row is nobody

    def namer(self) -> Callable[[str], str]:
        """Seat name -> the roster name it belongs to (the name itself when it is not in the roster), read once:
        call it for every seat of every match."""
        by_alias = self.by_alias()

        def person(seat_name: str) -> str:
            player = by_alias.get(fold(seat_name))
            return player.name if player is not None else " ".join(seat_name.split())

        return person

    def person(self, seat_name: str) -> str:
        return self.namer()(seat_name)

    def find(self, name: str) -> Player:
        player = self.by_alias().get(fold(name))
        if player is None:
            player = next((p for p in self.players() if fold(p.name) == fold(name)), None)
        if player is None:
            raise RosterError(NO_PLAYER(name=name))
        return player

    def add(self, name: str, colour: str | None = None) -> Player:
        """A new player (or the one this name already belongs to)."""
        check_name(name)
        with self.store.writing() as conn:
            player_id = add_player(conn, name)
            if colour is not None:
                conn.execute("UPDATE players SET colour = ? WHERE id = ?", (colour, player_id))
        return self.find(name)

    def rename(self, old: str, new: str) -> Player:
        """The player ``old`` is now called ``new``; every name he played under still leads to him."""
        shown = " ".join(check_name(new).split())
        player = self.find(old)
        owner = self.by_alias().get(fold(shown))
        if owner is not None and owner.id != player.id:
            raise RosterError(NAME_TAKEN(name=shown))
        with self.store.writing() as conn:
            conn.execute("UPDATE players SET name = ? WHERE id = ?", (shown, player.id))
            conn.execute("INSERT OR IGNORE INTO aliases (key, player_id) VALUES (?, ?)", (fold(shown), player.id))
        return self.find(shown)

    def merge(self, keep: str, gone: str) -> Player:
        """``gone`` was ``keep`` all along: his names become ``keep``'s, and his entry leaves the roster."""
        kept, merged = self.find(keep), self.find(gone)
        if kept.id == merged.id:
            raise RosterError(SAME(name=kept.name))
        with self.store.writing() as conn:
            conn.execute("UPDATE aliases SET player_id = ? WHERE player_id = ?", (kept.id, merged.id))
            conn.execute("DELETE FROM players WHERE id = ?", (merged.id,))
        return self.find(keep)

    def set_colour(self, name: str, colour: str | None) -> None:
        """A player's colour (``#e8453c``, ``#fa0`` or a colour name such as ``teal``), or None."""
        if colour is not None and not re.fullmatch(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]{3,20}", colour):
            raise RosterError(BAD_COLOUR(colour=colour[:20]))
        player = self.find(name)
        with self.store.writing() as conn:
            conn.execute("UPDATE players SET colour = ? WHERE id = ?", (colour, player.id))

"""What the app knows of a game before loading it: enough for the home screen's buttons and the command line's
names, without importing the game's rules (each game package lists its games in its ``__init__``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.core.i18n import Msg

ROUND = Msg("round", "manche")  # what a game's table calls one of its rounds, unless it says (``Listing.round_noun``)


class Listing(NamedTuple):  # a named tuple: the first screen creates no dataclass (see core.i18n)
    id: str  # stored with each match; never change it once matches are saved
    title: Msg
    aliases: tuple[str, ...] = ()  # other names players type for it on the command line (``2500``, ``banker``)
    help_name: str | None = None  # help file stem (defaults to id)
    about: Msg | None = None  # what the game is, in a few words: tells Le 31 from the two Trente-et-un on home
    place: int = 1000  # where home lists it, lowest first (a game that says none comes after, by its package's name)
    round_noun: Msg = ROUND  # one of its rounds as its table says it: a cribbage « donne », a 2500 « brasse »

    def fields(self) -> dict[str, Any]:
        """The listing's fields, for the game's ``GameInfo`` (one place says each game's names)."""
        return {"id": self.id, "title": self.title, "aliases": self.aliases, "help_name": self.help_name,
                "about": self.about, "round_noun": self.round_noun}  # the place is home's, not the game's

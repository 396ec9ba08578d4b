"""The games the app knows, found lazily.

A game lives in its own package ``companion/games/<package>/``: its ``__init__``
lists its games (``LISTINGS``: id, title, the names players type), and its ``game``
module calls :func:`register` for each of them with everything else (one package
may hold two variants). Nothing is imported until asked: ``listed()`` (the home
screen's buttons, the command line's names) reads only the packages' listings;
``get("cribbage")`` imports only ``companion.games.cribbage.game``, so a scoring
command never loads another game; ``available()`` imports every game. Tests
register games of their own with :func:`register`.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

import companion.games
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.listing import Listing

if TYPE_CHECKING:  # the seam itself is loaded with the first game: the home screen lists games without it
    from companion.games.info import GameInfo

UNKNOWN_GAME = Msg("unknown game {game!r}", "jeu inconnu {game!r}")
UNKNOWN_NAME = Msg("unknown game {game!r} (one of: {games})", "jeu inconnu {game!r} (parmi : {games})")

_GAMES: dict[str, GameInfo[Any]] = {}
_ORDER: dict[str, int] = {}  # display order: registration order, packages sorted
_SCANNED = False


class UnknownGameError(CompanionError):
    """A stored match names a game this version does not have."""


def register(game: GameInfo[Any]) -> GameInfo[Any]:
    """Make a game known to the app (called by each game's ``game`` module, or by a test)."""
    _GAMES[game.id] = game
    _ORDER.setdefault(game.id, len(_ORDER))
    return game


def unregister(game_id: str) -> None:
    """Forget a game registered by a test."""
    _GAMES.pop(game_id, None)
    _ORDER.pop(game_id, None)


def game_packages() -> list[str]:
    """Names of the game packages on disk (``companion/games/<name>/``), sorted, without importing them (read
    from the folder: pkgutil would cost the first screen and every command its own imports)."""
    return sorted(entry.name for directory in companion.games.__path__ for entry in os.scandir(directory)
                  if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")))


def _import(package: str) -> None:
    try:
        importlib.import_module(f"companion.games.{package}.game")
    except ModuleNotFoundError as exc:
        if exc.name != f"companion.games.{package}.game" and exc.name != f"companion.games.{package}":
            raise


def get(game_id: str) -> GameInfo[Any]:
    """The game with this id; a package of the same name is imported if needed."""
    if game_id not in _GAMES and isinstance(game_id, str) and game_id.isidentifier():
        _import(game_id)
    if game_id not in _GAMES:
        available()
    if game_id not in _GAMES:
        raise UnknownGameError(UNKNOWN_GAME(game=str(game_id)[:40]))
    return _GAMES[game_id]


def resolve(name: str) -> GameInfo[Any]:
    """The game a player names on the command line: its id, its id with dashes (``trente-et-un``), or one of its
    aliases (``2500``, ``banker``). Only that game is imported."""
    if not isinstance(name, str):
        raise UnknownGameError(UNKNOWN_GAME(game=str(name)[:40]))
    for game in listed():
        if name in (game.id, game.id.replace("_", "-")) or name in game.aliases:
            return get(game.id)
    raise UnknownGameError(UNKNOWN_NAME(game=name[:40], games=", ".join(names())))


def names() -> list[str]:
    """Every name :func:`resolve` takes, for a command's help and its error."""
    return [n for game in listed() for n in dict.fromkeys((game.id.replace("_", "-"), *game.aliases))]


def listed() -> list[Listing]:
    """Every game as its package lists it, in the order of the home screen, without importing its rules (and
    the games registered by tests, after them)."""
    found: list[Listing] = []
    for package in game_packages():
        module = importlib.import_module(f"companion.games.{package}")
        found.extend(getattr(module, "LISTINGS", ()))
    found.sort(key=lambda listing: listing.place)  # stable: the packages' order where places are equal
    known = {listing.id for listing in found}
    extra = sorted((g for g in _GAMES.values() if g.id not in known), key=lambda g: _ORDER[g.id])
    return found + [Listing(**{k: getattr(g, k) for k in ("id", "title", "aliases", "help_name")}) for g in extra]


def available() -> list[GameInfo[Any]]:
    """Every game: those on disk (imported now) and those registered by tests, in the order ``listed`` gives
    (never the order in which something happened to import them)."""
    global _SCANNED
    if not _SCANNED:
        for package in game_packages():
            _import(package)
        _SCANNED = True
    place = {listing.id: n for n, listing in enumerate(listed())}
    return sorted(_GAMES.values(), key=lambda g: place.get(g.id, len(place) + _ORDER[g.id]))


def part(game: GameInfo[Any], name: Literal["players", "selfplay", "chance", "review"]) -> ModuleType | None:
    """The module ``game`` names for its computer players, self-play, chance or review, imported on first use; None
    when the game has none."""
    module: str | None = getattr(game, name)
    return importlib.import_module(module) if module else None

"""A game as the app sees it: its names, its player counts, its rules and match classes, and the modules it names
for its computer players, self-play, chance and review (imported only when asked). Each game's ``game.py`` makes one;
``companion.games.registry`` lists them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.core.errors import SetupError
from companion.core.i18n import Msg
from companion.games.base import Match, Rules, Setup
from companion.games.listing import ROUND

if TYPE_CHECKING:
    import random

NEWER_FORMAT = Msg("this match was saved by a newer version of companion (format {found}, known {known})",
                   "cette partie a été enregistrée par une version plus récente de companion "
                   "(format {found}, connu {known})")
BAD_PLAYERS = Msg("{game} is played by {low} to {high} players, not {n}",
                  "{game} se joue de {low} à {high} joueurs, pas {n}")
DRAWN_DEALER = Msg("The app drew who deals first: {name}", "L'app a tiré qui donne en premier : {name}")

GameMatch = TypeVar("GameMatch", bound=Match)


@dataclass(frozen=True)
class GameInfo(Generic[GameMatch]):
    """A game registered with the app (``companion.games.registry``), typed by its match class: what it says of a
    match (its summary, its statistics) takes that class."""

    id: str  # stored with each match; never change it once matches are saved
    title: Msg
    min_players: int
    max_players: int
    rules: type[Rules]
    match: type[GameMatch]
    summary: Callable[[GameMatch], dict[str, Any]] | None = None  # extra keys for the past-matches list
    help_name: str | None = None  # help file stem (defaults to id)
    about: Msg | None = None  # what the game is, in a few words (home's keys, the setup's title)
    round_noun: Msg = ROUND  # one of its rounds as its table says it (« donne », « brasse », « manche »)
    # How the app picks the first dealer when asked to: (names, rng) -> (seat, what was drawn).
    draw_dealer: Callable[[Sequence[str], random.Random], tuple[int, Msg]] | None = None
    virtual_play: bool = False  # the app can deal and run a whole game, with computer players
    # Statistics: per seat, a match's totals (from its replayed log), and how each reported figure is made of
    # them summed over matches: ("ratio", total, count), ("sum", total) or ("max", total) (see companion.records.stats).
    seat_figures: Callable[[GameMatch], list[dict[str, float]]] | None = None
    report: Mapping[str, tuple[str, ...]] | None = None
    labels: Mapping[str, Msg] | None = None  # each reported figure's name, for the statistics screen and command
    aliases: tuple[str, ...] = ()  # other names players type for it on the command line (``2500``, ``banker``)
    # The module that plays whole games between computer levels (``companion selfplay``): it holds
    # ``play_match(match, levels) -> GameRecord`` and ``FIGURES``; imported only when asked.
    selfplay: str | None = None
    # The module of its computer players, with ``next_op(match, kinds)``: the next operation nobody at the screen
    # chooses (a deal, a show, a computer's move), or None when a human must act. Imported only when asked.
    players: str | None = None
    # The module of its chance to win, with ``chances(match, seat)``: each side's chance from here as that seat (None:
    # the table) may know it, or None when it cannot say (``companion.games.chance``). Imported only when asked.
    chance: str | None = None
    player_counts: tuple[int, ...] = ()  # the counts it takes, when not every one from min to max (Le 31: 2 or 4)
    # The module of its review (``review(match) -> list[Decision]``, companion.games.review): the costliest decisions
    # of a match. Imported only when asked.
    review: str | None = None

    def counts(self) -> tuple[int, ...]:
        """The numbers of players the setup offers."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def label(self, figure: str) -> Msg:
        """How a reported figure is named (its key when the game does not name it)."""
        return (self.labels or {}).get(figure) or Msg(figure, figure)

    def choose_dealer(self, names: Sequence[str], rng: random.Random) -> tuple[int, Msg]:
        if self.draw_dealer is not None:
            return self.draw_dealer(names, rng)
        seat = rng.randrange(len(names))
        return seat, DRAWN_DEALER(name=names[seat])

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise SetupError(BAD_PLAYERS(game=self.title, low=self.min_players, high=self.max_players, n=n))

    def make_rules(self, players: int, values: dict[str, Any]) -> Rules:
        """The rules object from the setup form's values (a ``players`` field gets the player count)."""
        if any(f.name == "players" for f in fields(self.rules)):
            values = {**values, "players": players}
        return self.rules.from_dict(values)

    def setup_json(self, setup: Setup) -> dict[str, Any]:
        """The setup as saved, with the game's format version (a newer release can then be recognised)."""
        return {**setup.to_json(), "format": self.match.FORMAT_VERSION}

    def read_setup(self, data: Any) -> Setup:
        found = data.get("format", 1) if isinstance(data, dict) else 1
        if type(found) is not int or found > self.match.FORMAT_VERSION:
            raise SetupError(NEWER_FORMAT(found=str(found)[:8], known=self.match.FORMAT_VERSION))
        setup = Setup.read(data, self.rules)
        self.check_players(len(setup.names))
        return setup

    def new_match(self, setup: Setup) -> GameMatch:
        self.check_players(len(setup.names))
        return self.match(setup)

    def summarize(self, match: GameMatch) -> dict[str, Any]:
        """What the lists of matches show, kept beside the log so listing is fast."""
        outcome = match.outcome
        data: dict[str, Any] = {
            "names": list(match.names),
            "sides": [match.side_name(s) for s in range(match.sides)],
            "scores": [s.value for s in match.standings()],
            "winner": outcome.winners[0] if outcome and len(outcome.winners) == 1 else None,
            "winners": list(outcome.winners) if outcome else [],
            "over": outcome is not None,
        }
        if self.summary is not None:
            data.update(self.summary(match))
        return data

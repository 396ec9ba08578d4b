"""The review of a stored match, as the players read it (``companion review``, the review screen): the game's own
review (``GameInfo.review``) of what of the match may be shown now.

Privacy: a match still being played in virtual play hides the round under way (every hand was dealt at its start),
so its review covers only the rounds the match may already disclose (``Match.disclosed``: the same line an export
or a share stops at). A spectator learns no hidden card from a review: the decisions of the round under way are
neither measured nor said.

``to_json`` is the ``companion review --json`` contract::

    {"match", "game", "names", "over", "withheld",
     "decisions": [{"seat", "name", "human", "round", "kind", "move", "better", "cost", "chance", "en", "fr"}]}

``withheld`` counts the log's entries left out (the round under way); ``cost`` is in the game's points (an expected
value), ``chance`` the chance to win given away (0 to 1), either null where the decision was not measured so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError
from companion.core.i18n import Decimal, Joined, Msg
from companion.games import registry
from companion.games.base import HUMAN, Match
from companion.games.info import GameInfo
from companion.games.review import Decision
from companion.store.database import Store

NO_REVIEW = Msg("{game} has no review yet", "{game} n'a pas encore d'analyse")
HEAD = Msg("{n}. {round}, {name}: {cost}", "{n}. {round}, {name} : {cost}")
ROUND = Msg("Round {n}", "Manche {n}")  # unless the game's review names its rounds (``ROUND``: a deal, a brasse)
BY_COMPUTER = Msg("{name} (computer)", "{name} (ordinateur)")  # a computer's decision is not taken for a player's
COST_POINTS = Msg("cost {points} points", "coûte {points} points")
COST_FEW = Msg("cost {points} points", "coûte {points} point")  # French: a figure below 2 keeps « point » singular
COST_CHANCE = Msg("cost {chance} % chance to win", "coûte {chance} % de chances de gagner")
NONE = Msg("No decision cost enough to be named.", "Aucune décision n'a coûté assez pour être nommée.")
TREND_LINE = Msg("{name}: {what} in {month}{before}", "{name} : {what} en {month}{before}")
TREND_BEFORE = Msg(", {cost} in {month}", ", {cost} en {month}")
WITHHELD = Msg("The {round} under way is not reviewed until it is over.",
               "La {round} en cours n'est analysée qu'une fois finie.")  # a donne, a brasse, a manche: feminine
MONTHS = (Msg("January", "janvier"), Msg("February", "février"), Msg("March", "mars"), Msg("April", "avril"),
          Msg("May", "mai"), Msg("June", "juin"), Msg("July", "juillet"), Msg("August", "août"),
          Msg("September", "septembre"), Msg("October", "octobre"), Msg("November", "novembre"),
          Msg("December", "décembre"))
MONTH = Msg("{month} {year}", "{month} {year}")


@dataclass(frozen=True)
class Reviewed:
    """A match's review as it may be shown now."""

    game: GameInfo[Any]
    match: Match  # replayed from the whole stored log
    decisions: tuple[Decision, ...]  # costliest first, from the rounds that may be shown
    withheld: int  # the log's entries of the round under way, not reviewed

    def head(self, n: int, decision: Decision, name: str | None = None) -> Msg:
        """A decision's first line: its place, its round, who made it and what it cost (``name`` as shown)."""
        said = getattr(review_module(self.game), "ROUND", ROUND)
        who: str | Msg = self.match.names[decision.seat] if name is None else name
        if self.match.setup.seat_kind(decision.seat) != HUMAN:
            who = BY_COMPUTER(name=who)
        return HEAD(n=n, round=said(n=decision.round), name=who, cost=cost_words(decision.cost, decision.chance))

    def to_json(self, match_id: int | None = None) -> dict[str, Any]:
        names = self.match.names
        return {"match": match_id, "game": self.game.id, "names": list(names), "over": self.match.is_over,
                "withheld": self.withheld,
                "decisions": [{**d.to_json(), "name": names[d.seat],
                               "human": self.match.setup.seat_kind(d.seat) == "human"} for d in self.decisions]}


def cost_words(cost: float | None, chance: float | None) -> Msg:
    """A decision's cost as a player reads it: the points, or the chance to win, it gave away."""
    if chance is not None:
        return COST_CHANCE(chance=Decimal(100 * chance, 0))
    shown = round(cost or 0.0, 1)
    return (COST_FEW if abs(shown) < 2 else COST_POINTS)(points=Decimal(shown, 1))


def trend_lines(game: GameInfo[Any], name: str, trend: dict[str, dict[str, dict[str, float]]],
                months: int = 3) -> list[Msg]:
    """A player's trend as the statistics screen says it, one line per kind the game's review follows: « Ann:
    discards cost 0.40 points a deal in 2026-11, 0.90 in 2026-10 » (the newest ``months`` months)."""
    if game.review is None or not trend:
        return []
    said = getattr(review_module(game), "TREND", {})
    lines = []
    for kind, what in said.items():
        shown = [(month, kinds[kind]["cost"]) for month, kinds in trend.items() if kind in kinds][:months]
        if shown:
            before = tuple(TREND_BEFORE(cost=Decimal(cost), month=month_words(month)) for month, cost in shown[1:])
            lines.append(TREND_LINE(name=name, what=what(cost=Decimal(shown[0][1])), month=month_words(shown[0][0]),
                                    before=Joined(before, "")))
    return lines


def month_words(month: str) -> Msg:
    """« novembre 2026 » of the trend's « 2026-11 »."""
    year, number = month.split("-")
    return MONTH(month=MONTHS[int(number) - 1], year=year)


def review_module(game: GameInfo[Any]) -> Any:
    """The game's review module; CompanionError when the game has none."""
    module = registry.part(game, "review")
    if module is None:
        raise CompanionError(NO_REVIEW(game=game.title))
    return module


def shown_part(game: GameInfo[Any], match: Match) -> Match:
    """The match as far as it may be shown now: the whole of it, or its rounds over (see the module's docstring)."""
    shown = match.disclosed()
    if shown == len(match.log):
        return match
    part: Match = game.match.replay(match.setup, match.log[:shown])
    return part


def review_match(game: GameInfo[Any], match: Match) -> Reviewed:
    """The review of a replayed match, of the part that may be shown now."""
    part = shown_part(game, match)
    found = review_module(game).review(part)
    # the players' own decisions first (a player against the computer reads his own mistakes, not the easy
    # computer's), each group costliest first: the sort keeps the review's order within each
    found = sorted(found, key=lambda decision: match.setup.seat_kind(decision.seat) != HUMAN)
    return Reviewed(game, match, tuple(found), len(match.log) - len(part.log))


def review_stored(store: Store, match_id: int) -> Reviewed:
    """The review of a stored match (its CompanionError when it cannot be read or replayed)."""
    record, ops = store.load(match_id)
    game = registry.get(record.game)
    return review_match(game, game.match.replay(game.read_setup(record.setup), ops))

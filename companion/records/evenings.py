"""Evenings: the matches of any games played the same night, grouped by the date they started (a match begun
before 6 in the morning belongs to the evening before), or moved to another evening by hand (which changes
no match: the move is kept beside it). Each evening has its standing (matches played and won per player, in
every game) and a summary to share as text (a QR code) or CSV."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from companion.core.errors import CompanionError
from companion.core.i18n import MATCHES, Msg, Plural
from companion.core.sheets import csv_text
from companion.records.stats import Facts, facts
from companion.store.database import Store
from companion.store.schema import fold

NIGHT_ENDS = timedelta(hours=6)  # past midnight is still the same evening until then
BAD_DATE = Msg("{text!r} is not a date (YYYY-MM-DD)", "{text!r} n'est pas une date (AAAA-MM-JJ)")
SUMMARY_HEAD = Msg("companion · evening of {date} · {n}", "companion · soirée du {date} · {n}")
LINE = Msg("{name}: {wins} of {played}", "{name} : {wins} sur {played}")
WON = (("won", "won"), ("gagnée", "gagnées"))


@dataclass
class Seat:
    name: str
    played: int = 0
    wins: int = 0
    games: dict[str, int] = field(default_factory=dict)  # game -> matches won in it


@dataclass
class Evening:
    day: date
    matches: list[Facts] = field(default_factory=list)

    def standing(self, person: Callable[[str], str] = lambda name: name) -> list[Seat]:
        seats: dict[str, Seat] = {}
        for fact in self.matches:
            for seat, name in enumerate(fact.names):
                if seat not in fact.humans:
                    continue  # a computer player is not one of the evening's people
                who = person(name)
                line = seats.setdefault(fold(who), Seat(who))
                if fact.over:
                    line.played += 1
                    if seat in fact.winners:
                        line.wins += 1
                        line.games[fact.game] = line.games.get(fact.game, 0) + 1
        return sorted(seats.values(), key=lambda s: (-s.wins, s.played, s.name.casefold()))

    def summary(self, lang: str, person: Callable[[str], str] = lambda name: name) -> str:
        lines = [SUMMARY_HEAD(date=self.day.isoformat(), n=Plural(len(self.matches), *MATCHES)).text(lang)]
        lines += [LINE(name=s.name, wins=Plural(s.wins, *WON), played=s.played).text(lang)
                  for s in self.standing(person) if s.played]
        return "\n".join(lines)

    def csv(self, lang: str, person: Callable[[str], str] = lambda name: name) -> str:
        return csv_text(("player", "played", "won", "won_by_game") if lang == "en" else
                        ("joueur", "jouées", "gagnées", "gagnées_par_jeu"),
                        [(s.name, s.played, s.wins, " / ".join(f"{g} {n}" for g, n in sorted(s.games.items())))
                         for s in self.standing(person)])


def evening_of(created: datetime) -> date:
    try:
        return (created.astimezone() - NIGHT_ENDS).date()
    except (OverflowError, ValueError, OSError):  # a date at the edge of what a computer counts
        return created.date()


def moved(store: Store) -> dict[int, date]:
    with store.reading() as conn:
        rows = conn.execute("SELECT match_id, evening FROM match_evenings").fetchall()
    out = {}
    for match_id, day in rows:
        try:
            out[match_id] = date.fromisoformat(day)
        except (TypeError, ValueError):
            continue  # a row of the wrong type or an odd date: the match keeps its own evening
    return out


def evenings(store: Store) -> list[Evening]:
    """Every evening with at least one readable match, the latest first."""
    overrides = moved(store)
    found: dict[date, Evening] = {}
    for fact in facts(store):
        day = overrides.get(fact.id) or evening_of(fact.created)
        found.setdefault(day, Evening(day)).matches.append(fact)
    return sorted(found.values(), key=lambda e: e.day, reverse=True)


def move(store: Store, match_id: int, day: str | None) -> None:
    """Put a match in another evening (``day`` YYYY-MM-DD), or back in its own (None). The match is untouched."""
    store.match(match_id)  # MatchNotFoundError when there is none
    if day is None:
        with store.writing() as conn:
            conn.execute("DELETE FROM match_evenings WHERE match_id = ?", (match_id,))
        return
    try:
        when = date.fromisoformat(day)
    except ValueError as error:
        raise CompanionError(BAD_DATE(text=day)) from error
    with store.writing() as conn:
        conn.execute("INSERT OR REPLACE INTO match_evenings (match_id, evening) VALUES (?, ?)",
                     (match_id, when.isoformat()))

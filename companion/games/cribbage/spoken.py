"""Saying a cribbage count the way players say it at the table.

Fifteens are called one by one with the running total ("fifteen two, fifteen
four"); then each other combination is named and followed by the running total
("and a pair is six"). A run that shares a rank with a pair is called as one
combination, as players do: a double run of three is 8, a triple run 15, a
double double run 16.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import Msg, number_words
from companion.games.cribbage.counted import ScoreItem

_RUN_NAMES = {
    1: Msg("a run of {n}", "la suite de {n}"),
    2: Msg("a double run of {n}", "la double suite de {n}"),
    3: Msg("a triple run of {n}", "la triple suite de {n}"),
    4: Msg("a double double run", "la double double suite"),
}
_PAIR_NAMES = {
    2: Msg("a pair", "la paire"),
    3: Msg("a pair royal", "le brelan"),
    4: Msg("a double pair royal", "le carré"),
}
TWO_PAIRS = Msg("two pairs", "deux paires")
FLUSH = Msg("a flush of {n}", "la couleur de {n}")
NOBS = Msg("his nobs", "le valet (nobs)")
NINETEEN = Msg("nineteen (nothing)", "dix-neuf (rien)")
_IS = Msg("{name} is {total}", "{name} fait {total}")
_ARE = Msg("{name} is {total}", "{name} font {total}")
_AND = Msg("and {phrase}", "et {phrase}")
_FIFTEEN = Msg("fifteen {total}", "quinze-{total}")


def _combinations(items: Sequence[ScoreItem]) -> list[tuple[Msg, int, bool]]:
    """(name, points, plural) for every combination other than fifteens, in counting order."""
    pairs = [i for i in items if i.kind == "pair"]
    runs = [i for i in items if i.kind == "run"]
    spans: dict[tuple[int, ...], list[ScoreItem]] = {}
    for run in runs:
        spans.setdefault(tuple(sorted(int(c.rank) for c in run.cards)), []).append(run)
    named: list[tuple[Msg, int, bool]] = []
    for span, span_runs in spans.items():
        inside = [p for p in pairs if int(p.cards[0].rank) in span]
        pairs = [p for p in pairs if p not in inside]
        points = sum(r.points for r in span_runs) + sum(p.points for p in inside)
        name = _RUN_NAMES[len(span_runs)](n=Msg(number_words(len(span), "en"), number_words(len(span), "fr")))
        named.append((name, points, False))
    if len(pairs) == 2 and all(len(p.cards) == 2 for p in pairs):
        named.append((TWO_PAIRS, sum(p.points for p in pairs), True))
    else:
        named += [(_PAIR_NAMES[len(p.cards)], p.points, False) for p in pairs]
    for item in items:
        if item.kind == "flush":
            n = len(item.cards)
            named.append((FLUSH(n=Msg(number_words(n, "en"), number_words(n, "fr"))), item.points, False))
        elif item.kind == "nobs":
            named.append((NOBS, item.points, False))
    return named


def spoken_count(items: Sequence[ScoreItem], total: int, lang: str = "en") -> str:
    """The count of ``items`` (``total`` points) as players say it."""
    if total == 0:
        return NINETEEN.text(lang)
    running = 0
    parts: list[str] = []
    for item in items:
        if item.kind == "fifteen":
            running += item.points
            parts.append(_FIFTEEN(total=number_words(running, lang)).text(lang))
    combos = _combinations(items)
    for index, (name, points, plural) in enumerate(combos):
        running += points
        phrase = (_ARE if plural else _IS)(name=name, total=number_words(running, lang)).text(lang)
        if index == len(combos) - 1 and parts:
            phrase = _AND(phrase=phrase).text(lang)
        parts.append(phrase)
    return ", ".join(parts)

"""Plots where players would rather look than read (textual-plotext): a match's score race, a player's win rate
over time, and a player's cribbage hands against the exact distribution of all hands.

The numbers come from the engines (a race is the match's own standings after each entry, replayed), so a plot
can never disagree with the score sheet. Colours and the theme are fixed so snapshots are stable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual_plotext import PlotextPlot

from companion.core.i18n import Msg
from companion.games.base import Match

COLOURS = ("red", "blue", "green", "orange", "magenta", "cyan", "yellow", "white")
ENTRIES = Msg("entries", "entrées")
RACE_ROWS = 9  # a race's y axis, in rows (its height less the x axis, its labels and the legend)
TARGET = Msg("target", "objectif")


def race(match: Match) -> list[list[float]]:
    """Each side's score (or tokens, lives) after each entry, from the start: the standings of the match
    replayed one entry at a time."""
    replay = type(match)(match.setup)
    sides = [[s.value] for s in replay.standings()]
    for op in match.log:
        replay.apply(op)
        for side, standing in enumerate(replay.standings()):
            if side < len(sides):
                sides[side].append(standing.value)
    return sides


def lines_of(match: Match) -> list[tuple[int, Msg]]:
    """The horizontal lines a race is read against: the target, and the skunk lines where the game has them."""
    rules = match.rules
    found: list[tuple[int, Msg]] = []
    target = getattr(rules, "target", None)
    if isinstance(target, int):
        found.append((target, TARGET))
    for name, label in (("skunk_line", Msg("skunk", "skunk")), ("double_skunk_line", Msg("double skunk", "double skunk"))):
        value = getattr(rules, name, 0)
        if isinstance(value, int) and value > 0:
            found.append((value, label))
    return found


def whole_ticks(last: int, count: int = 5) -> list[int]:
    """A few whole numbers from 0 to ``last`` (entries and matches are counted, never fractions)."""
    step = max(1, -(-last // (count - 1)))
    return list(range(0, last + 1, step)) if last > 0 else [0]


def spaced_ticks(wanted: Sequence[float], rows: int) -> list[float]:
    """The ticks of ``wanted`` (most wanted first) that each get a row of their own on an axis ``rows`` high: two
    on one row would leave plotext to pick the label it shows, differently from one process to the next."""
    span = (max(wanted) - min(wanted)) if wanted else 0
    gap = 1.5 * span / max(1, rows)  # a row and a half apart: rounding never puts two on one row
    kept: list[float] = []
    for tick in wanted:
        if all(tick != other and abs(tick - other) >= gap for other in kept):
            kept.append(tick)
    return sorted(kept)


class ScoreRace(PlotextPlot):
    """The race of one match."""

    DEFAULT_CSS = "ScoreRace { height: 12; }"  # the y axis: about RACE_ROWS of them

    def __init__(self, match: Match, lang: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.match, self.lang = match, lang

    def on_mount(self) -> None:
        self.draw(self.match)

    def draw(self, match: Match) -> None:
        self.match = match
        plt = self.plt
        plt.clear_figure()
        plt.theme("dark")
        series = race(self.match)
        for side, values in enumerate(series):
            plt.plot(list(range(len(values))), values, label=self.match.side_name(side)[:12],
                     color=COLOURS[side % len(COLOURS)], marker="braille")
        marks = lines_of(self.match)
        for value, _ in marks:
            plt.hline(value, "gray")
        top = max((v for values in series for v in values), default=0)
        low = min((v for values in series for v in values), default=0)
        ticks = spaced_ticks([0, *(v for v, _ in marks), top, low], RACE_ROWS)
        plt.yticks(ticks, [str(t) for t in ticks])
        plt.xticks([*whole_ticks(max((len(v) for v in series), default=1) - 1)])
        plt.xlabel(ENTRIES.text(self.lang))
        self.refresh()


class Lines(PlotextPlot):
    """Several named series over a common x (win rate over time, hands against the table)."""

    DEFAULT_CSS = "Lines { height: 12; }"

    def __init__(self, series: Sequence[tuple[str, Sequence[float], Sequence[float]]], xlabel: str = "",
                 ylim: tuple[float, float] | None = None, bars: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.series, self.xlabel, self.ylim, self.bars = list(series), xlabel, ylim, bars

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        plt = self.plt
        plt.clear_figure()
        plt.theme("dark")
        for n, (label, xs, ys) in enumerate(self.series):
            if self.bars and n == 0:
                plt.bar(list(xs), list(ys), label=label, color=COLOURS[n % len(COLOURS)])
            else:
                plt.plot(list(xs), list(ys), label=label, color=COLOURS[n % len(COLOURS)], marker="braille")
        if self.ylim is not None:
            plt.ylim(*self.ylim)
            low, high = self.ylim
            plt.yticks([low + (high - low) * k / 4 for k in range(5)], [f"{low + (high - low) * k / 4:g}" for k in range(5)])
        longest = max((len(xs) for _, xs, _ in self.series), default=0)
        if longest:
            plt.xticks([t + 1 for t in whole_ticks(longest - 1)])
        if self.xlabel:
            plt.xlabel(self.xlabel)
        self.refresh()

    def show(self, series: Sequence[tuple[str, Sequence[float], Sequence[float]]], xlabel: str = "") -> None:
        self.series, self.xlabel = list(series), xlabel or self.xlabel
        self.draw()

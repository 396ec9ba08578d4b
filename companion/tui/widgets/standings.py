"""Generic standings widgets the games share.

- :class:`ScoreSheet`: rounds × players, the points of each round (negative ones
  too, as in 2500), running totals, the target, and who deals next; as a paper
  score sheet.
- :class:`TokenRack`: tokens or lives per player, who is out, and the pot
  (Trente-et-un's corbeille).

``score_sheet_table`` and ``token_rack_text`` are pure, so tests read them without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from companion.core.i18n import Msg, Plural
from companion.tui.widgets.plain import Static

ROUND = Msg("Round", "Manche")
TOTAL = Msg("Total", "Total")
TO_TARGET = Msg("target {target}", "objectif {target}")
DEALS_NEXT = Msg("deals next", "donne ensuite")
POT = Msg("Corbeille: {n}", "Corbeille : {n}")  # the banker game's own word, in English too
OUT = Msg("out", "mort")
UNITS = {"tokens": (("token", "tokens"), ("jeton", "jetons")), "lives": (("life", "lives"), ("vie", "vies"))}
DEALER_MARK = "◆"


def score_sheet_table(names: Sequence[str], rounds: Sequence[Sequence[int]], *, target: int | None = None,
                      next_dealer: int | None = None, lang: str = "en", last: int = 12, round_word: Msg = ROUND,
                      deals_next: Msg | None = None) -> Table:
    """The sheet as a Rich table; only the ``last`` rounds are listed, totals count them all. ``round_word``
    names a round in the game's words (2500: « Brasse »), ``deals_next`` the dealer's mark."""
    title = Text(TO_TARGET(target=target).text(lang)) if target is not None else None
    table = Table(title=title, title_justify="right", expand=True, show_edge=False, pad_edge=False)
    # On a narrow screen (a phone upright) a heading folds onto a second line rather than being cut (« Ma… »), and
    # a figure is never cut: each column is at least as wide as its widest figure.
    widest = [max([len(str(sum(p[seat] for p in rounds)))] + [len(f"{p[seat]:+d}") for p in rounds])
              for seat in range(len(names))]
    total_word = TOTAL.text(lang)
    table.add_column(Text(round_word.text(lang)), justify="right", style="dim", overflow="fold",
                     min_width=max(len(total_word), len(str(len(rounds)))))
    for seat, name in enumerate(names):
        header = f"{DEALER_MARK} {name}" if seat == next_dealer else name
        table.add_column(Text(header), justify="right", overflow="fold", min_width=widest[seat])  # never markup
    totals = [0] * len(names)
    shown = range(max(0, len(rounds) - last), len(rounds))
    for number, points in enumerate(rounds, 1):
        for seat, value in enumerate(points):
            totals[seat] += value
        if number - 1 in shown:
            table.add_row(Text(str(number)), *(_signed(v) for v in points))
    table.add_section()
    styles = []
    for total in totals:
        style = "bold"
        if target is not None and total >= target:
            style = "bold reverse"
        elif total < 0:
            style = "bold red"
        styles.append(Text(str(total), style=style))
    table.add_row(Text(total_word), *styles)
    if next_dealer is not None:
        table.caption = Text(f"{DEALER_MARK} {(deals_next or DEALS_NEXT).text(lang)}")
    return table


def _signed(value: int) -> Text:
    return Text(f"{value:+d}" if value else "0", style="red" if value < 0 else "")


class ScoreSheet(Static):
    """A score sheet: update it with ``show(names, rounds, target=..., next_dealer=...)``."""

    DEFAULT_CSS = "ScoreSheet { height: auto; padding: 0 1; }"

    def show(self, names: Sequence[str], rounds: Sequence[Sequence[int]], *, target: int | None = None,
             next_dealer: int | None = None, lang: str = "en", last: int = 12, round_word: Msg = ROUND,
             deals_next: Msg | None = None) -> None:
        self.update(score_sheet_table(names, rounds, target=target, next_dealer=next_dealer, lang=lang, last=last,
                                      round_word=round_word, deals_next=deals_next))


def token_rack_text(names: Sequence[str], counts: Sequence[int], *, unit: str = "tokens",
                    out: Sequence[bool] = (), pot: int | None = None, next_dealer: int | None = None,
                    lang: str = "en") -> Text:
    """One line per player: a disc per token (or life), ``out`` when eliminated; then the pot."""
    width = max((len(n) for n in names), default=0) + 2
    text = Text()
    for seat, (name, count) in enumerate(zip(names, counts)):
        mark = DEALER_MARK if seat == next_dealer else " "
        text.append(f"{mark} {name:<{width}}")
        is_out = seat < len(out) and out[seat]
        if is_out:
            text.append(OUT.text(lang), style="dim italic")
        else:
            text.append("● " * count, style="bold yellow")
            text.append(f" {Plural(count, *UNITS[unit]).display(lang)}", style="dim")
        text.append("\n")
    if pot is not None:
        text.append(POT(n=pot).text(lang), style="bold")
    return text


class TokenRack(Static):
    """Tokens or lives per player, who is out, and the pot."""

    DEFAULT_CSS = "TokenRack { height: auto; padding: 0 1; }"

    def show(self, names: Sequence[str], counts: Sequence[int], *, unit: str = "tokens",
             out: Sequence[bool] = (), pot: int | None = None, next_dealer: int | None = None,
             lang: str = "en") -> None:
        self.update(token_rack_text(names, counts, unit=unit, out=out, pot=pot, next_dealer=next_dealer,
                                    lang=lang))

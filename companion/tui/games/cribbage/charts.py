"""Small charts drawn with text, for any terminal: horizontal bars and columns of blocks.

Pure functions returning Rich ``Text``, so tests read them without a terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

BLOCKS = " ▁▂▃▄▅▆▇█"
BAR = "█"


def bar_chart(counts: Mapping[int, int], *, width: int = 40, colour: str = "#e8c070",
              keys: Sequence[int] | None = None) -> Text:
    """One line per key: ``12 ████████ 7``; bars scaled to the largest count."""
    keys = list(keys) if keys is not None else sorted(counts)
    top = max((counts.get(k, 0) for k in keys), default=0)
    label = max((len(str(k)) for k in keys), default=1)
    text = Text()
    for key in keys:
        n = counts.get(key, 0)
        bar = round(n / top * width) if top else 0
        text.append(f"{key:>{label}} ", style="dim")
        text.append(BAR * bar, style=colour)
        text.append(f" {n}\n" if n else "\n", style="dim")
    return text


def columns(series: Sequence[Sequence[int]], names: Sequence[str], colours: Sequence[str], *,
            height: int = 4, last: int = 24) -> Text:
    """Points per deal, one band of columns per side (eighths of a cell give the heights), each column's
    value under it; only the ``last`` deals are drawn."""
    series = [list(row)[-last:] for row in series]
    top = max((v for row in series for v in row), default=0)
    label = max((len(n) for n in names), default=0)
    text = Text()
    for name, row, colour in zip(names, series, colours):
        for level in range(height, 0, -1):
            text.append(f"{name if level == 1 else '':>{label}} ", style="bold " + colour)
            for value in row:
                eighths = round(value / top * height * 8) if top else 0
                filled = eighths - (level - 1) * 8
                text.append(BLOCKS[max(0, min(8, filled))] * 2 + " ", style=colour)
            text.append("\n")
        text.append(" " * (label + 1) + "".join(f"{v:<3}" for v in row) + "\n", style="dim")
    return text

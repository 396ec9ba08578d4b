"""A table as CSV text for a spreadsheet: the history's export, an evening, a club night's standing and tables."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP's "CSV injection" list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def inert(cell: object) -> object:
    """A cell as a spreadsheet must read it: text that would start a formula (a player named « =HYPERLINK(…) » or
    « -2+3 ») gets the usual leading ``'``, which makes it text; a number, or text that is only a number
    (« -3 »), is left as it is."""
    if isinstance(cell, str) and cell.startswith(FORMULA_START) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_text(head: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The header row, then ``rows``, in the csv module's default dialect, every cell made inert."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([inert(cell) for cell in head])
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()

"""A table as CSV text for a spreadsheet: the history's export, an evening, a club night's standing and tables."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence


def csv_text(head: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The header row, then ``rows``, in the csv module's default dialect."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(head)
    writer.writerows(rows)
    return out.getvalue()

"""A stored match's row as the app reads it (``MatchRecord``): every column checked as it is read, a field that cannot
be read marking the record damaged instead of raising; and the encoding of what is written."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from companion.core.i18n import Joined, Msg
from companion.store.errors import (
    BAD_GAME,
    BAD_TIME,
    BAD_VALUE,
    NOT_JSON,
    SIDE_DATA,
    WHAT,
    StoreError,
)

FILE_NAME = "companion.sqlite3"
BUSY_TIMEOUT_S = 10.0

# --------------------------------------------------------------------------- helpers


def default_path() -> Path:
    """``$COMPANION_HOME/companion.sqlite3`` if set, else the platform's user data dir."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        directory = Path(home).expanduser()
        directory.mkdir(parents=True, exist_ok=True)
    else:
        import platformdirs  # here: a home of one's own (a served tablet's, a test's) never needs it

        directory = Path(platformdirs.user_data_dir("companion", ensure_exists=True))
    return directory / FILE_NAME


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def encode(value: Any, what: str) -> str:
    """JSON text for the dict ``value``, refusing anything that would not come back identical."""
    if not isinstance(value, dict):
        raise StoreError(BAD_VALUE(what=WHAT[what], detail=f"expected a dict, got {type(value).__name__}"))
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise StoreError(BAD_VALUE(what=WHAT[what], detail=str(exc))) from exc
    if json.loads(text) != value:  # tuples, non-str keys… would be replayed differently than shown
        raise StoreError(BAD_VALUE(what=WHAT[what], detail="not plain JSON (tuples or non-string keys?)"))
    return text


class MatchRecord(NamedTuple):  # a named tuple: the first screen creates no dataclass (see core.i18n)
    """One match as stored. ``head`` = number of active ops; ``redo`` = ops on the redo stack."""

    id: int
    game: str
    setup: dict[str, Any]
    created: datetime
    updated: datetime
    summary: dict[str, Any]
    finished: bool
    head: int
    rev: int = 0
    redo: int = 0
    damaged: Msg | None = None  # why this row cannot be used (its match can still be exported or deleted)


RECORD_SQL = """
    SELECT m.id, m.game, m.setup, m.created, m.updated, m.summary, m.finished, m.rev,
           (SELECT COUNT(*) FROM ops o WHERE o.match_id = m.id AND o.active = 1),
           (SELECT COUNT(*) FROM ops o WHERE o.match_id = m.id AND o.active = 0)
    FROM matches m
"""


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def json_object(text: Any, what: Msg) -> tuple[dict[str, Any], Msg | None]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):  # nested past the recursion limit: damaged too
        return {}, NOT_JSON(what=what)
    if not isinstance(value, dict):
        return {}, NOT_JSON(what=what)
    return value, None


def read_time(text: Any) -> datetime | None:
    """A stored date, or None when it is not one a table could have played on (see ``time_of``)."""
    value, bad = time_of(text)
    return None if bad is not None else value


def time_of(text: Any) -> tuple[datetime, Msg | None]:
    try:
        value = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return EPOCH, BAD_TIME
    if not 1970 <= value.year <= 9000:  # year 1 or 9999: no table played then, and dates near them overflow
        return EPOCH, BAD_TIME
    return (value if value.tzinfo else value.replace(tzinfo=UTC)), None


def side_said(tables: Sequence[str], said: Msg) -> Msg | None:
    """What the player is told of side tables lost: what they held, if it was worth keeping (a cache, a draft or a
    device's lease is made again unsaid)."""
    what = tuple(dict.fromkeys(SIDE_DATA[t] for t in tables if t in SIDE_DATA))
    return said(what=Joined(what)) if what else None


SETUP = Msg("its setup", "sa configuration")
SUMMARY = Msg("its summary", "son résumé")


def record_of(row: Sequence[Any]) -> MatchRecord:
    """A row as stored; a field that cannot be read marks the record damaged instead of raising."""
    setup, bad_setup = json_object(row[2], SETUP)
    summary, bad_summary = json_object(row[5], SUMMARY)
    created, bad_created = time_of(row[3])
    updated, bad_updated = time_of(row[4])
    game = row[1] if isinstance(row[1], str) else ""
    damaged = bad_setup or (None if game else BAD_GAME)
    if bad_summary or bad_created or bad_updated:
        summary = {}  # only the list is affected: the log itself may still be sound
    return MatchRecord(
        id=row[0],
        game=game,
        setup=setup,
        created=created,
        updated=updated,
        summary=summary,
        finished=bool(row[6]),
        rev=row[7] if isinstance(row[7], int) else 0,
        head=row[8],
        redo=row[9],
        damaged=damaged,
    )


# --------------------------------------------------------------------------- the store



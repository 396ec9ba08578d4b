"""Club nights kept in the store: each night's log is written (in one transaction) before the screen shows the
entry, so a night survives a crash and resumes at the round it was in."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.club.night import ClubNight, NightError
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.store.database import Store, read_time
from companion.store.errors import CONFLICT, ConflictError, StoreError
from companion.store.schema import fold

NO_NIGHT = Msg("no club night #{id}", "pas de soirée de club n° {id}")
DAMAGED_NIGHT = Msg("club night #{id} cannot be read ({what})", "la soirée de club n° {id} est illisible ({what})")
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
NOT_A_RESULT = Msg("match #{id} cannot give this table's result: {why}",
                   "le match n° {id} ne peut pas donner le résultat de cette table : {why}")
NOT_CRIBBAGE = Msg("it is not a cribbage match", "ce n'est pas un match de cribbage")
NOT_OVER = Msg("it is not over", "il n'est pas terminé")
OTHER_PLAYERS = Msg("it was played by {names}", "il a été joué par {names}")
CONTRADICTS = Msg("it says {winner} won and the loser scored {score}",
                  "il dit que {winner} a gagné et que le perdant a fait {score}")


@dataclass(frozen=True)
class NightRecord:
    id: int
    name: str
    created: datetime
    night: ClubNight


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def create(store: Store, name: str, start: dict[str, Any]) -> int:
    """A new night from its ``start`` entry (checked first)."""
    ClubNight.replay([start])
    with store.writing() as conn:
        now = _now()
        cur = conn.execute("INSERT INTO nights (name, created, updated, ops) VALUES (?, ?, ?, ?)",
                           (name, now, now, json.dumps([start], ensure_ascii=False)))
        return int(cur.lastrowid or 0)


def load(store: Store, night_id: int) -> NightRecord:
    with store.reading() as conn:
        row = conn.execute("SELECT id, name, created, ops FROM nights WHERE id = ?", (night_id,)).fetchone()
    if row is None:
        raise StoreError(NO_NIGHT(id=night_id))
    try:
        night = ClubNight.replay(json.loads(row[3]))
        created = read_time(row[2])
        if created is None or not isinstance(row[1], str):
            raise ValueError("created")
    except CompanionError:
        raise
    except Exception as exc:  # noqa: BLE001 (a row this release never wrote: said, never a crash)
        raise StoreError(DAMAGED_NIGHT(id=night_id, what=type(exc).__name__)) from exc
    return NightRecord(row[0], row[1], created, night)


def listed(store: Store) -> list[tuple[int, str, datetime]]:
    with store.reading() as conn:
        rows = conn.execute("SELECT id, name, created FROM nights ORDER BY created DESC, id DESC").fetchall()
    return [(r[0], r[1] if isinstance(r[1], str) else "?", read_time(r[2]) or EPOCH) for r in rows]


def _write(store: Store, night_id: int, expected: int, change) -> ClubNight:
    """Read the log, check nobody wrote since (``expected`` entries), change it, write it back: one transaction."""
    with store.writing() as conn:
        row = conn.execute("SELECT ops FROM nights WHERE id = ?", (night_id,)).fetchone()
        if row is None:
            raise StoreError(NO_NIGHT(id=night_id))
        ops = json.loads(row[0])
        if len(ops) != expected:
            raise ConflictError(CONFLICT)
        night = ClubNight.replay(ops)
        ops = change(night, ops)
        conn.execute("UPDATE nights SET ops = ?, updated = ? WHERE id = ?",
                     (json.dumps(ops, ensure_ascii=False), _now(), night_id))
    return ClubNight.replay(ops)


def append(store: Store, night_id: int, op: dict[str, Any], expected: int) -> ClubNight:
    """Check and save one entry after the ``expected`` ones; returns the night as saved."""
    def change(night: ClubNight, ops: list) -> list:
        night.apply(op)  # a NightError: nothing is written
        return ops + [night.log[-1]]

    return _write(store, night_id, expected, change)


def undo(store: Store, night_id: int, expected: int) -> ClubNight:
    """Take back the last entry (never the start)."""
    def change(night: ClubNight, ops: list) -> list:
        return ops[:-1] if len(ops) > 1 else ops

    return _write(store, night_id, expected, change)


def result_from_match(store: Store, night: ClubNight, round_no: int, table: int, match_id: int) -> dict[str, Any]:
    """The ``result`` entry of a table played as a full match in the app: refused, with the reason, when that
    match is not a finished cribbage game between the table's two players."""
    from companion.records.roster import Roster

    def refuse(why: Msg) -> NightError:
        return NightError(NOT_A_RESULT(id=match_id, why=why))

    try:
        record = store.match(match_id)
    except CompanionError as error:
        raise refuse(error.msg) from error
    if record.game != "cribbage":
        raise refuse(NOT_CRIBBAGE)
    summary = record.summary
    if not summary.get("over") or not isinstance(summary.get("winner"), int):
        raise refuse(NOT_OVER)
    a, b = night.tables(round_no)[table - 1]
    person = Roster(store).namer()
    sides = [person(str(s)) for s in summary.get("sides", [])]
    if sorted(map(fold, sides)) != sorted(fold(person(p)) for p in (a, b) if p is not None):
        raise refuse(OTHER_PLAYERS(names=" · ".join(sides)))
    winner_side = summary["winner"]
    winner = a if fold(person(a)) == fold(sides[winner_side]) else b
    loser_score = int(summary["scores"][1 - winner_side])
    return {"op": "result", "round": round_no, "table": table, "winner": winner, "loser_score": loser_score,
            "match": match_id}


def check_against_match(store: Store, night: ClubNight, op: dict[str, Any]) -> None:
    """A typed result for a table already linked to a played match must say what that match says."""
    linked = night.results.get((int(op.get("round", night.round)), int(op.get("table", 0))))
    if linked is None or linked.match is None:
        return
    expected = result_from_match(store, night, int(op.get("round", night.round)), int(op["table"]), linked.match)
    if (expected["winner"], expected["loser_score"]) != (op.get("winner"), op.get("loser_score")):
        raise NightError(NOT_A_RESULT(id=linked.match, why=CONTRADICTS(winner=expected["winner"],
                                                                      score=expected["loser_score"])))

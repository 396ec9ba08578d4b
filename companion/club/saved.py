"""Club nights kept in the store: each night's log is written (in one transaction) before the screen shows the
entry, so a night survives a crash and resumes at the round it was in."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.club.night import ClubNight, NightError
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.names import check_names
from companion.games import registry
from companion.games.base import Setup
from companion.records.roster import Roster
from companion.store.database import Store, read_time
from companion.store.errors import CONFLICT, ConflictError, StoreError
from companion.store.schema import fold
from companion.store.session import MatchSession

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
    """A new night from its ``start`` entry (checked first: each player's name, then the night)."""
    players = start.get("players") if isinstance(start, dict) else None
    check_names(players if isinstance(players, list) else [])
    ClubNight.replay([start])
    with store.writing() as conn:
        now = _now()
        cur = conn.execute("INSERT INTO nights (name, created, updated) VALUES (?, ?, ?)", (name, now, now))
        night_id = int(cur.lastrowid or 0)
        conn.execute("INSERT INTO night_ops (night_id, seq, op) VALUES (?, 1, ?)", (night_id, _json(start)))
        return night_id


def _json(op: dict[str, Any]) -> str:
    return json.dumps(op, ensure_ascii=False)


def _ops(conn: Any, night_id: int) -> list[str]:
    """The night's entries as saved, in order (one row each)."""
    return [row[0] for row in conn.execute("SELECT op FROM night_ops WHERE night_id = ? ORDER BY seq", (night_id,))]


def load(store: Store, night_id: int) -> NightRecord:
    with store.reading() as conn:
        row = conn.execute("SELECT id, name, created FROM nights WHERE id = ?", (night_id,)).fetchone()
        ops = _ops(conn, night_id) if row is not None else []
    if row is None:
        raise StoreError(NO_NIGHT(id=night_id))
    try:
        night = ClubNight.replay([json.loads(op) for op in ops])
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


def _checked(conn: Any, night_id: int, expected: int) -> ClubNight:
    """The night as saved, once it is sure nobody wrote since this device read its ``expected`` entries."""
    if conn.execute("SELECT 1 FROM nights WHERE id = ?", (night_id,)).fetchone() is None:
        raise StoreError(NO_NIGHT(id=night_id))
    ops = _ops(conn, night_id)
    if len(ops) != expected:
        raise ConflictError(CONFLICT)
    return ClubNight.replay([json.loads(op) for op in ops])


def append(store: Store, night_id: int, op: dict[str, Any], expected: int) -> ClubNight:
    """Check and save one entry after the ``expected`` ones (one row, one transaction); returns the night as
    saved."""
    with store.writing() as conn:
        night = _checked(conn, night_id, expected)
        night.apply(op)  # a NightError: nothing is written
        conn.execute("INSERT INTO night_ops (night_id, seq, op) VALUES (?, ?, ?)",
                     (night_id, expected + 1, _json(night.log[-1])))
        conn.execute("UPDATE nights SET updated = ? WHERE id = ?", (_now(), night_id))
    return night


def undo(store: Store, night_id: int, expected: int) -> ClubNight:
    """Take back the last entry (never the start)."""
    with store.writing() as conn:
        night = _checked(conn, night_id, expected)
        if expected > 1:
            conn.execute("DELETE FROM night_ops WHERE night_id = ? AND seq = ?", (night_id, expected))
            conn.execute("UPDATE nights SET updated = ? WHERE id = ?", (_now(), night_id))
            night = ClubNight.replay(night.log[:-1])
    return night


def result_from_match(store: Store, night: ClubNight, round_no: int, table: int, match_id: int) -> dict[str, Any]:
    """The ``result`` entry of a table played as a full match in the app: refused, with the reason, when that
    match is not a finished cribbage game between the table's two players."""
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


def table_match(store: Store, night_id: int, table: int) -> int:
    """The app's match of a table of the current round, to open on its tablet: the one started for it if it is
    still being played, else a new cribbage match between the table's two players (the night's target, the deal
    cut for), saved with the ``table_match`` entry that links them."""
    night = settle(store, night_id)  # a finished match's result first: that table is then decided, not replayed
    linked = night.table_matches.get((night.round, table))
    if linked is not None:
        try:
            if not store.match(linked).summary.get("over"):
                return linked
        except CompanionError:
            pass  # deleted or unreadable: a new match for the table
    names = night.check_playable(table)  # a bye, a decided table, no such table: said, nothing created
    game = registry.get("cribbage")
    dealer, _ = game.choose_dealer(names, random.Random())
    rules = game.make_rules(2, {"target": night.rules.target})
    session = MatchSession.create(store, Setup(names, rules, dealer), game)
    append(store, night_id, {"op": "table_match", "table": table, "match": session.match_id}, len(night.log))
    return session.match_id


def finished_results(store: Store, night: ClubNight) -> list[dict[str, Any]]:
    """The ``result`` entries of the night's tables whose match, played in the app, is over and not yet entered;
    a match that cannot give it (deleted, other players) is left to the organiser, who enters it by hand."""
    found = []
    for (round_no, table), match_id in sorted(night.table_matches.items()):
        if (round_no, table) in night.results:
            continue
        try:
            found.append(result_from_match(store, night, round_no, table, match_id))
        except NightError:
            continue
    return found


def settle(store: Store, night_id: int) -> ClubNight:
    """Enter the result of every table of the night whose match, played in the app, is over (a table's result
    reaches the standings by itself)."""
    night = load(store, night_id).night
    for op in finished_results(store, night):
        night = append(store, night_id, op, len(night.log))
    return night


def as_it_stands(store: Store, night: ClubNight) -> ClubNight:
    """The night (as loaded: changed in place) with its finished matches' results counted in, not saved: the
    standings a phone or a wall shows between two looks of the organiser's app, which enters them."""
    for op in finished_results(store, night):
        night.apply(op)
    return night


# ------------------------------------------------------------ each player's phone, all night
PHONES_SINCE = 7  # the schema version that brought them


def give_phone(store: Store, night_id: int, player: int) -> int:
    """Give a player of the night a new phone: its binding number (the phone before it opens nothing more)."""
    with store.writing() as conn:
        row = conn.execute("SELECT binding FROM night_phones WHERE night_id = ? AND player = ?",
                           (night_id, player)).fetchone()
        binding = (int(row[0]) if row is not None else 0) + 1
        conn.execute("INSERT OR REPLACE INTO night_phones (night_id, player, binding) VALUES (?, ?, ?)",
                     (night_id, player, binding))
    return binding


def phones(store: Store, night_id: int) -> dict[int, int]:
    """Each player of the night given a phone, with its current binding."""
    if store.version < PHONES_SINCE:
        return {}  # a file of an older release opened read-only: no phone was ever given
    with store.reading() as conn:
        rows = conn.execute("SELECT player, binding FROM night_phones WHERE night_id = ?", (night_id,)).fetchall()
    return {int(player): int(binding) for player, binding in rows}

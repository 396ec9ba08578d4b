"""What a stored file means to a player, as plain JSON: every match replayed event by event (each line of its
history in both languages, the points moved, the standings, the outcome), the roster and the club nights.

A file written by one release, fingerprinted by that release and again by a later one, must give the same
fingerprint: moving modules or renaming classes never changes what was saved (``tests/unit/test_store_compat.py``).

    python -m tests.helpers.store_fingerprint FILE > FINGERPRINT.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _msg(msg: Any) -> list[str]:
    return [msg.text("en"), msg.text("fr")]


def _match(session: Any) -> dict[str, Any]:
    match = session.match
    replay = type(match).replay(session.setup, [])
    events = []
    for op in match.log:
        replay.apply(op)
        event = replay.last_event
        events.append(None if event is None else {
            "op": op.to_json(),
            "text": _msg(event.text),
            "scores": [[s.side, s.points, s.reason.text("en")] for s in event.scores],
            "warnings": [w.text("en") for w in event.warnings],
            "report": [line.text("fr") for line in event.report],
        })
    outcome = match.outcome
    return {
        "game": session.game.id,
        "setup": session.setup.to_json(),
        "entries": len(match.log),
        "over": match.is_over,
        "to_act": match.to_act,
        "standings": [[s.side, s.name, s.value, s.out] for s in match.standings()],
        "outcome": None if outcome is None else [list(outcome.winners), _msg(outcome.reason)],
        "results": [_msg(line) for line in match.result_lines()] if match.is_over else [],
        "events": events,
    }


def fingerprint(path: Path) -> dict[str, Any]:
    from companion.club import saved
    from companion.records.roster import Roster
    from companion.store.database import Store
    from companion.store.session import MatchSession

    with Store.open(path) as store:
        matches = {str(record.id): _match(MatchSession(store, record.id)) for record in store.list_matches()}
        players = [[p.name, p.colour, p.matches, sorted(p.aliases)] for p in Roster(store).players()]
        club = {}
        for night_id, name, _ in saved.listed(store):
            night = saved.load(store, night_id).night
            club[str(night_id)] = {"name": name, "round": night.round, "finished": night.finished,
                                   "standings": [repr(s) for s in night.standings()], "csv": night.csv("fr")}
    return {"matches": matches, "players": players, "nights": club}


if __name__ == "__main__":
    print(json.dumps(fingerprint(Path(sys.argv[1])), ensure_ascii=False, indent=1, sort_keys=True))

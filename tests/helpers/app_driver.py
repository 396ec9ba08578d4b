"""Child process for the app kill test (a script, not a test module).

    python tests/helpers/app_driver.py HOME SEED

Runs the real ``CompanionApp`` headless (80×24) on the store at ``HOME/companion.sqlite3``
(through ``COMPANION_HOME`` and ``open_or_recover``, as ``companion`` does), starts a 2-player
match to 61 from the home screen (or resumes the unfinished match: this is how a restart
continues the same match) and types the entries of ``scripted_match(seed=SEED)`` by keys.

It prints one JSON line per state the screen has shown, flushed, once the screen has redrawn:

- ``{"kind": "start"|"resume", ...}`` when the match screen first shows;
- ``{"kind": "entry", ...}`` after each entry;
- ``{"kind": "done"}`` once the match is over (then it exits with status 0).

Each state line says what the widgets show (the ``#message`` text, the pegs on the board, the
screen on top) and what the screen was built from (``head``, the ops added since the previous
line in ``new``, a digest of the whole log). Lines stay short (well under PIPE_BUF), so a line
the parent reads is a line that was written whole. The parent kills this process with SIGKILL.

Exit status 3 (with a message on stderr) if an entry was refused or the store holds a match
that this script did not write.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``companion`` and ``tests`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.helpers.journeys import tap  # noqa: E402

SIZE = (80, 24)


def digest(ops: list[dict]) -> str:
    """A short fingerprint of a whole log (the parent compares it with the store's)."""
    text = json.dumps(ops, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def entry_ops(entry, match) -> list[dict]:
    """The operations that typing ``entry`` appends to ``match`` (table mode: the starter itself
    starts the deal, so each entry is one operation)."""
    return [entry.to_json()]


def same_entry(op: dict, expected: dict) -> bool:
    """A show is typed from the pegged cards, so its cards may come in another order."""
    if op.get("op") == "show" and expected.get("op") == "show":
        return op["seat"] == expected["seat"] and sorted(op["cards"]) == sorted(expected["cards"])
    return op == expected


def entries_in(log: list[dict]) -> list[dict]:
    """The typed entries in a log: every op but the table-mode deal that goes with a cut."""
    return [op for op in log if op.get("op") != "deal"]


def lines_for(entry, lang: str = "en") -> list[str]:
    """What a player types for one entry (as ``tests.helpers.scripted.enter_by_keys``, in either language)."""
    from companion.core.cards import format_card
    from companion.games.cribbage.ops import Crib, Cut, Go, Play, Show

    def card(c) -> str:
        return format_card(c, "ascii", lang).lower()

    count = "compter" if lang == "fr" else "count"
    if isinstance(entry, (Cut, Play)):
        return [card(entry.card)]
    if isinstance(entry, Go):
        return ["go"]
    if isinstance(entry, Show):
        return [count]  # the hand is known from the cards its player pegged
    if isinstance(entry, Crib):
        return [card(c) for c in entry.cards] + [count]
    raise ValueError(f"no typed form for {entry!r}")


async def type_entry(pilot, entry) -> None:
    """Type an entry into the match screen's entry field, one line at a time, in the app's language.

    The keys of a line are posted to the app in one burst (``Pilot.press`` idles after every key,
    which would make the kill test several times slower); before the next line, the screen has
    handled the enter key and redrawn.
    """
    from textual import events

    for text in lines_for(entry, pilot.app.lang):
        for char in text:
            pilot.app.post_message(events.Key(char, char))
        pilot.app.post_message(events.Key("enter", None))
        await pilot.pause()


def state_line(kind: str, app, screen, since: int) -> dict:
    from companion.tui.games.cribbage.board import CribbageBoard

    match = screen.session.match
    log = [op.to_json() for op in match.log]
    board = screen.query_one("#board", CribbageBoard)
    return {
        "kind": kind,
        "match": screen.session.match_id,
        "head": screen.session.head,
        "new": log[since:],
        "digest": digest(log),
        "events": len(match.events),
        "message": str(screen.query_one("#message").render()),
        "pegs": [track.front for track in board.tracks],
        "scores": list(match.scores),
        "phase": match.phase,
        "screen": type(app.screen).__name__,
    }


def emit(line: dict) -> None:
    print(json.dumps(line, ensure_ascii=True, separators=(",", ":")), flush=True)


def fail(why: str) -> int:
    print(why, file=sys.stderr, flush=True)
    return 3


async def drive(seed: int) -> int:
    from textual.widgets import Select

    from companion.store.recovery import open_or_recover
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.games.cribbage.screen import CribbageScreen
    from tests.helpers.scripted import scripted_match

    store, notice = open_or_recover()  # $COMPANION_HOME/companion.sqlite3, as `companion` opens it
    with store:
        app = CompanionApp(store, settings=Settings(lang="en"), notice=notice)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            unfinished = store.list_matches(finished=False)
            if unfinished:
                kind = "resume"
                await tap(pilot, f"#resume-{unfinished[0].id}")
            else:
                kind = "start"
                await pilot.press("n")
                await pilot.pause()
                app.screen.query_one("#rule-target", Select).value = 61  # as test_app_flow.start_match does
                await pilot.pause()
                await pilot.click("#start")
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, CribbageScreen):
                return fail(f"no match screen after {kind}: {screen!r}")
            session = screen.session
            script = scripted_match(players=2, target=61, seed=seed, first_dealer=session.setup.first_dealer)
            expected = [op.to_json() for op in script.entries]
            done = entries_in([op.to_json() for op in session.match.log])
            if len(done) > len(expected) or not all(map(same_entry, done, expected)):
                return fail(f"the saved match is not a prefix of script {seed}: {done}")
            head = session.head
            emit(state_line(kind, app, screen, head))
            for entry in script.entries[len(done):]:
                want = entry_ops(entry, session.match)
                await type_entry(pilot, entry)
                got = [op.to_json() for op in session.match.log[head:]]
                if len(got) != len(want) or not all(map(same_entry, got, want)):
                    return fail(f"entry {entry} gave {got}; message: {screen.query_one('#message').render()}")
                emit(state_line("entry", app, screen, head))
                head = session.head
            if session.match.phase != "match_over":
                return fail(f"script {seed} ended in phase {session.match.phase}")
            emit({"kind": "done"})
    return 0


def main(argv: list[str]) -> int:
    home, seed = Path(argv[0]), int(argv[1])
    os.environ["COMPANION_HOME"] = str(home)
    return asyncio.run(drive(seed))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The real app under stress: killed mid-match, started on a bad file, undo and redo everywhere.

- Persist before you show (GUIDE §1), end to end: the real ``CompanionApp`` runs in a child process
  (``tests/helpers/app_driver.py``) and types a scripted match by keys, printing what its screen shows after
  each entry. It is SIGKILLed at random points, then the store is opened directly and the app
  restarted: every entry that was shown is saved, identical and in order, and the restarted app
  resumes the same match with the same scores.
- A file that is not ours at ``$COMPANION_HOME/companion.sqlite3`` is set aside with its bytes, the
  home screen says so in one message (English or French), and a new match can be started and saved.
- Undo and redo through the session and through the match screen, across a dealer change and the end
  of a game, surviving a close and reopen of the store.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from textual.widgets import Select

from companion.games.cribbage.engine import CRIB, CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Play, Show, op_from_json
from companion.store.database import FILE_NAME, Store
from companion.store.errors import StoreError
from companion.store.recovery import open_or_recover
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.match_end import MatchEndScreen
from companion.tui.widgets.menu import Menu
from tests.helpers.app_driver import digest, entries_in, entry_ops, same_entry
from tests.helpers.journeys import tap
from tests.helpers.scripted import Script, scripted_match

REPO_ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parents[1] / "helpers" / "app_driver.py"
KILL_SEED = 20261122
# SIGKILLs at random points, then one last run plays the match to its end. The suite's run kills 40 times (each
# kill costs a start of the app); COMPANION_KILLS=300 is the volume run, with the same mix of kill points.
KILLS = int(os.environ.get("COMPANION_KILLS", "40"))
STARTUP_KILLS = KILLS // 5  # at a random time from the spawn (interpreter, imports, store, first screens)
LINE_KILLS = 2 * KILLS // 5  # right after the k-th line (k = 1..5); the rest a few ms after it (mid-entry)
LINE_TIMEOUT = 60.0  # seconds to wait for one line of the driver before failing


def _child_env(home: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO_ROOT), env.get("PYTHONPATH"))))
    for name in ("COMPANION_LANG", "NO_COLOR", "TEXTUAL_THEME"):
        env.pop(name, None)
    if home is not None:
        env["COMPANION_HOME"] = str(home)
    return env


# =========================================================================== 1. the kill test


class Driver:
    """``tests/helpers/app_driver.py`` in its own process group; its stdout read line by line in a thread."""

    def __init__(self, home: Path, seed: int) -> None:
        self.stderr = tempfile.TemporaryFile()  # a file, not a pipe: a chatty child never blocks
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER), str(home), str(seed)],
            stdout=subprocess.PIPE, stderr=self.stderr, env=_child_env(), cwd=REPO_ROOT,
            start_new_session=True,  # its own process group: the kill takes everything it started
        )
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.got: list[bytes] = []

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def read(self, n: int) -> bool:
        """Wait for ``n`` more lines; False if the driver ended first."""
        for _ in range(n):
            line = self.lines.get(timeout=LINE_TIMEOUT)
            if line is None:
                self.lines.put(None)
                return False
            self.got.append(line)
        return True

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # already gone (it finished the match)
            pass

    def finish(self) -> tuple[list[dict], int, str]:
        """Collect every line written before the end; returns (complete lines, status, stderr)."""
        self.proc.wait(timeout=LINE_TIMEOUT)
        self.reader.join(timeout=LINE_TIMEOUT)
        while (line := self.lines.get(timeout=LINE_TIMEOUT)) is not None:
            self.got.append(line)
        self.stderr.seek(0)
        err = self.stderr.read().decode(errors="replace")
        self.stderr.close()
        self.proc.stdout.close()
        parsed = []
        for line in self.got:
            if not line.endswith(b"\n"):  # cut by the kill mid-write: never reached a reader whole
                continue
            parsed.append(json.loads(line))
        return parsed, self.proc.returncode, err


@dataclass
class Home:
    """One COMPANION_HOME and what the parent knows of its match since the last kill."""

    path: Path
    seed: int
    match_id: int | None = None
    stored: list[dict] = field(default_factory=list)  # the saved log, read after the last kill
    finished: bool = False
    script: Script | None = None

    @property
    def file(self) -> Path:
        return self.path / FILE_NAME


@dataclass
class Tally:
    kill_points: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    shown_entries: int = 0  # entry lines checked against the store
    resumes: int = 0  # restarts that showed the same match and scores
    matches_finished: int = 0


def _check_screen_line(line: dict, shown: list[dict], replay: CribbageMatch) -> None:
    """What the screen showed is what the log it was built from gives."""
    assert line["head"] == len(shown) == len(replay.log)
    assert line["digest"] == digest(shown)
    assert line["events"] == len(replay.events)
    assert line["pegs"] == line["scores"] == replay.scores  # the board shows the saved scores
    assert line["phase"] == replay.phase
    assert line["screen"] == ("MatchEndScreen" if replay.phase == "match_over" else "CribbageScreen")
    if replay.events:
        assert replay.events[-1].text.text("en") in line["message"], (line["message"], replay.events[-1])


def _check_run(home: Home, lines: list[dict], tally: Tally) -> None:
    """After a run (killed or not): the lines against the file, then update what the parent knows."""
    if not home.file.exists() or home.file.stat().st_size == 0:
        assert not lines, lines
        tally.outcomes["killed before the store existed"] += 1
        return
    with Store.open(home.file) as store:  # a plain open: the file must still be a sound store
        matches = store.list_matches()
        if not matches:
            assert not lines, lines
            tally.outcomes["killed before a match existed"] += 1
            return
        # One match per home: a start killed after the match was created is resumed, never started again.
        [record] = matches
        assert home.match_id in (None, record.id)
        record, ops = store.load(record.id)
    assert record.head == len(ops) and record.redo == 0
    conn = sqlite3.connect(home.file)
    try:
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    finally:
        conn.close()
    assert not [p for p in home.path.iterdir() if "unreadable" in p.name]
    setup = Setup.from_json(record.setup)
    assert setup.rules.target == 61 and setup.names == ("Player 1", "Player 2")
    if home.script is None:
        home.script = scripted_match(players=2, target=61, seed=home.seed, first_dealer=setup.first_dealer)
    # Nothing saved before this run is lost, even if this run never showed it.
    assert ops[:len(home.stored)] == home.stored
    shown = list(home.stored)
    replay = CribbageMatch.replay(setup, shown)
    states = [line for line in lines if line["kind"] != "done"]
    if states:
        first = states[0]
        if first["kind"] == "resume":  # the restarted app shows the same match, entries and scores
            assert first["match"] == home.match_id == record.id and first["new"] == []
            tally.resumes += 1
        else:
            assert first["kind"] == "start" and home.match_id is None and not home.stored, first
            assert first["match"] == record.id
        for line in states:
            assert line["kind"] == ("entry" if line is not first else first["kind"])
            for op in line["new"]:
                replay.apply(op_from_json(op))
            shown += line["new"]
            _check_screen_line(line, shown, replay)
            assert ops[:len(shown)] == shown  # every shown entry is saved, identical, in order
            tally.shown_entries += line["kind"] == "entry"
    # At most the entry being typed when the kill came is saved without having been shown.
    extra = ops[len(shown):]
    entries = home.script.entries
    done = len(entries_in(shown))
    if extra:
        assert done < len(entries)
        want = entry_ops(entries[done], replay)
        assert len(extra) <= len(want) and all(map(same_entry, extra, want)), (extra, want)
        tally.outcomes["killed between the save and the redraw"] += 1
    elif states:
        tally.outcomes["killed with every saved entry shown"] += 1
    else:
        tally.outcomes["killed before the match screen showed"] += 1
    home.match_id, home.stored, home.finished = record.id, ops, record.finished
    final = CribbageMatch.replay(setup, ops)
    assert record.finished == (final.phase == "match_over")
    assert record.summary["scores"] == final.scores
    if record.finished:
        assert final.scores == home.script.final.scores
        tally.matches_finished += 1


@pytest.mark.slow
def test_sigkilled_app_never_loses_an_entry_it_showed(tmp_path):
    """SIGKILLs of the real app at random points while it types a match (``KILLS``); every shown entry is in the
    store, and a resumed match scores the same."""
    rng = random.Random(KILL_SEED)
    tally = Tally()
    homes = 0

    def new_home() -> Home:
        nonlocal homes
        homes += 1
        path = tmp_path / f"home{homes}"
        path.mkdir()
        return Home(path, seed=rng.randrange(1000))

    home = new_home()
    plan = ["start-up"] * STARTUP_KILLS + ["line"] * LINE_KILLS + ["line+ms"] * (KILLS - STARTUP_KILLS - LINE_KILLS)
    rng.shuffle(plan)
    started = time.monotonic()
    for plan_kind in [*plan, None]:  # None: the last run plays the match to its end
        if home.finished:
            home = new_home()
        driver = Driver(home.path, home.seed)
        kind = plan_kind
        try:
            if plan_kind == "start-up":
                kind = "timed, from spawn (start-up)"
                time.sleep(rng.uniform(0.0, 1.5))  # start-up to the first line takes ~1.1 s here
            elif plan_kind is not None:
                if not driver.read(rng.randint(1, 5)):
                    kind = "driver finished first"
                elif plan_kind == "line":
                    kind = "right after the k-th line"
                else:
                    kind = "a few ms after the k-th line"
                    time.sleep(rng.uniform(0.001, 0.04))  # mid-typing or mid-save of the next entry
            if kind not in (None, "driver finished first"):
                driver.kill()
            lines, status, err = driver.finish()
        finally:
            if driver.proc.poll() is None:
                driver.kill()
                driver.proc.wait()
        if status == 0:  # the match ended before the kill came (or this was the last run)
            assert lines and lines[-1]["kind"] == "done", (lines[-1:], err)
            tally.outcomes["ran to the end of the match"] += 1
        else:
            assert kind is not None and status == -signal.SIGKILL, (status, err)
            tally.kill_points[kind] += 1
        _check_run(home, lines, tally)
    if not home.finished:  # the last run stopped early only if it failed
        pytest.fail("the last run did not finish its match")
    elapsed = time.monotonic() - started
    kills = sum(tally.kill_points.values())
    print(f"\n{kills} SIGKILLs {dict(tally.kill_points)}; outcomes {dict(tally.outcomes)}; "
          f"{tally.shown_entries} shown entries checked against the store; {tally.resumes} resumes with "
          f"the same scores; {tally.matches_finished} match(es) finished; {elapsed:.1f} s")
    assert kills >= KILLS * 9 // 10
    assert tally.resumes >= KILLS * 2 // 5


# =========================================================================== 2. a file that is not ours


def _foreign_sqlite(tmp_path: Path) -> bytes:
    path = tmp_path / "other-app.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.executemany("INSERT INTO notes (body) VALUES (?)", [(f"note {i}",) for i in range(50)])
    conn.commit()
    conn.close()
    return path.read_bytes()


BAD_FILES = {
    "random bytes": lambda tmp_path: random.Random(404).randbytes(8192),
    "a text file": lambda tmp_path: "Marie 121 – Paul 97\nune récolte de 29 !\n".encode() * 40,
    "another app's SQLite database": _foreign_sqlite,
}
REASONS = {  # the reason the notice gives, in each language
    "random bytes": ("not an SQLite database", "ce n'est pas une base SQLite"),
    "a text file": ("not an SQLite database", "ce n'est pas une base SQLite"),
    "another app's SQLite database": ("not a companion database", "ce n'est pas une base de companion"),
}


def _plant(home: Path, kind: str, tmp_path: Path) -> bytes:
    home.mkdir(parents=True, exist_ok=True)
    data = BAD_FILES[kind](tmp_path)
    (home / FILE_NAME).write_bytes(data)
    return data


def _set_aside(home: Path) -> list[Path]:
    return sorted(p for p in home.iterdir() if p.name.startswith(FILE_NAME + ".unreadable-"))


async def _start_match(pilot, app, dealer: int = 0, target: int = 61) -> CribbageScreen:
    """Home -> setup (first dealer and target chosen) -> match screen."""
    await pilot.press("n")
    await pilot.pause()
    app.screen.query_one("#rule-target", Select).value = target
    app.screen.query_one("#dealer", Select).value = dealer
    await pilot.pause()
    await pilot.click("#start")
    await pilot.pause()
    assert isinstance(app.screen, CribbageScreen)
    return app.screen


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(BAD_FILES))
async def test_a_file_that_is_not_ours_is_set_aside_and_the_app_starts_empty(tmp_path, monkeypatch, kind, lang):
    from tests.helpers.app_driver import type_entry

    home = tmp_path / "home"
    original = _plant(home, kind, tmp_path)
    monkeypatch.setenv("COMPANION_HOME", str(home))
    store, notice = open_or_recover()  # what companion.tui.app.run() does
    with store:
        assert notice is not None
        [kept] = _set_aside(home)
        assert kept.read_bytes() == original  # every byte kept
        text = notice.text(lang)
        assert "\n" not in text and kept.name in text and REASONS[kind][lang == "fr"] in text
        assert ("conservé sous" in text) if lang == "fr" else ("was kept as" in text)
        app = CompanionApp(store, settings=Settings(lang=lang), notice=notice)
        script = scripted_match(players=2, target=61, seed=9, first_dealer=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            shown = " ".join(str(app.screen.query_one("#notice").render()).split())
            assert shown == " ".join(text.split())  # the one message, only wrapped to the width
            assert not [k for k in app.screen.query_one(Menu).key_ids() if k.startswith("resume-")]
            screen = await _start_match(pilot, app)
            for entry in script.entries[:3]:  # the starter and two cards
                await type_entry(pilot, entry)
            assert screen.session.head == 3  # cut (it starts the deal), play, play
            match_id = screen.session.match_id
    with Store.open(home / FILE_NAME) as store:  # saved in the new file
        [record] = store.list_matches()
        assert record.id == match_id and record.head == 3 and not record.finished
    assert [p.read_bytes() for p in _set_aside(home)] == [original]  # still there, untouched


_ENTRY_CHILD = textwrap.dedent("""
    import json, sys
    from companion.cli import main as cli
    from companion.tui.app import CompanionApp
    from companion.tui.screens.home import HomeScreen

    seen = {}
    real_run = CompanionApp.run

    async def auto_pilot(pilot):
        for _ in range(400):  # wait for the home screen to be mounted
            if isinstance(pilot.app.screen, HomeScreen):
                break
            await pilot.pause(0.01)
        await pilot.pause()
        seen["screen"] = type(pilot.app.screen).__name__
        seen["notice"] = [str(w.render()) for w in pilot.app.screen.query(".notice")]
        pilot.app.exit()

    def headless_run(self, *args, **kwargs):
        return real_run(self, *args, **{**kwargs, "headless": True, "size": (80, 24), "auto_pilot": auto_pilot})

    CompanionApp.run = headless_run
    status = cli.main([])  # `companion` with no arguments: companion.tui.app.run()
    print(json.dumps({"status": status, **seen}))
    sys.exit(status)
""")


@pytest.mark.parametrize("kind,lang", [("random bytes", "fr"), ("another app's SQLite database", "en")])
def test_the_companion_command_starts_on_a_bad_file(tmp_path, kind, lang):
    """The real console entry (companion.cli.main:main -> companion.tui.app.run), headless, in a child."""
    home = tmp_path / "home"
    original = _plant(home, kind, tmp_path)
    env = _child_env(home)
    env["COMPANION_LANG"] = lang  # Settings.load() falls back to it (no settings.json yet)
    result = subprocess.run([sys.executable, "-c", _ENTRY_CHILD], env=env, cwd=tmp_path, capture_output=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    report = json.loads(result.stdout.decode().strip().splitlines()[-1])
    assert report["status"] == 0 and report["screen"] == "HomeScreen"
    [kept] = _set_aside(home)
    assert kept.read_bytes() == original
    [notice] = report["notice"]
    assert kept.name in "".join(notice.split()) and REASONS[kind][lang == "fr"] in " ".join(notice.split())
    with Store.open(home / FILE_NAME) as store:  # the new file is a sound, empty companion store
        assert store.list_matches() == []


# =========================================================================== 3. undo and redo


def _apply_entry(session: MatchSession, entry) -> None:
    """An entry as the table-mode screen applies it (a cut opens the deal itself)."""
    session.apply(entry)


def _state(match: CribbageMatch) -> tuple:
    """Everything the board, the header and the prompt are drawn from."""
    return (list(match.scores), list(match.pegs), list(match.game_points), match.phase, match.dealer,
            match.deal_number, match.game_number, match.starter, match.turn, match.count, match.next_to_show,
            [op.to_json() for op in match.log])


def _first_crib_index(script: Script) -> int:
    return next(i for i, entry in enumerate(script.entries) if isinstance(entry, Crib))


def _other_card(match: CribbageMatch, seat: int):
    """A card nobody has seen this deal that ``seat`` may play now (not the script's)."""
    from companion.core.cards import standard_deck

    return next(card for card in reversed(standard_deck()) if match.can(Play(seat, card)))


def test_session_undo_and_redo_many_steps_across_a_dealer_change_and_a_reopen(tmp_path):
    script = scripted_match(players=2, target=61, seed=21, first_dealer=1)
    path = tmp_path / FILE_NAME
    crib = _first_crib_index(script)
    with Store.open(path) as store:
        session = MatchSession.create(store, script.setup)
        states = [_state(session.match)]  # states[h]: after h operations
        for entry in script.entries[:crib + 5]:  # the first deal, then the cut and 4 more of the second
            before = len(session.match.log)
            _apply_entry(session, entry)
            for h in range(before + 1, len(session.match.log) + 1):  # a cut adds two operations
                states.append(_state(CribbageMatch.replay(script.setup, session.match.log[:h])))
            assert _state(session.match) == states[-1]
        head = session.head
        assert head == len(states) - 1
        crib_head = next(h for h, s in enumerate(states) if s[-1] and s[-1][-1]["op"] == "crib")
        assert states[crib_head][4] == 0 and states[crib_head - 1][4] == 1  # the crib passed the deal
        steps = head - crib_head + 1  # back to before the crib was counted
        for n in range(1, steps + 1):
            session.undo()
            assert session.head == head - n
            assert _state(session.match) == states[head - n]
        match = session.match
        assert match.phase == "show" and match.next_to_show == CRIB and match.dealer == 1  # the crib step
        assert session.can_redo and store.redo_count(session.match_id) == steps
        match_id = session.match_id
    with Store.open(path) as store:  # closed and reopened: the same step, the same redo stack
        session = MatchSession(store, match_id)
        assert _state(session.match) == states[head - steps]
        assert store.match(match_id).summary["scores"] == states[head - steps][0]
        assert session.can_redo and store.redo_count(match_id) == steps
        for n in range(steps - 1, -1, -1):
            session.redo()
            assert _state(session.match) == states[head - n]
        assert not session.can_redo
        assert store.match(match_id).summary["scores"] == states[head][0]
        # Undo three, then a different entry: the redo stack is gone.
        for _ in range(3):
            session.undo()
        while session.match.phase != "play":
            session.undo()
        kept = session.head
        seat = session.match.turn
        card = _other_card(session.match, seat)
        session.apply(Play(seat, card))
        assert not session.can_redo and store.redo_count(match_id) == 0
    with Store.open(path) as store:
        record, ops = store.load(match_id)
        assert ops == states[kept][-1] + [Play(seat, card).to_json()]
        assert record.head == kept + 1 and record.redo == 0
        with pytest.raises(StoreError) as refused:  # "nothing to redo", in both languages
            MatchSession(store, match_id).redo()
        assert refused.value.text("fr") == "Rien à rétablir."
        assert store.ops(match_id) == ops  # a refused redo changed nothing


def _screen_view(screen: CribbageScreen) -> tuple:
    board = screen.query_one("#board")
    return (str(screen.query_one("#header").render()), str(screen.query_one("#prompt").render()),
            [(t.front, t.back) for t in board.tracks], list(screen.match.scores), screen.match.phase)


async def test_undo_and_redo_in_the_app_across_the_crib_then_a_new_entry_then_a_restart(tmp_path):
    from tests.helpers.app_driver import type_entry

    path = tmp_path / FILE_NAME
    script = scripted_match(players=2, target=61, seed=33, first_dealer=0)
    crib = _first_crib_index(script)
    with Store.open(path) as store:
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _start_match(pilot, app, dealer=0)
            views = {0: _screen_view(screen)}
            for entry in script.entries[:crib + 3]:
                await type_entry(pilot, entry)
                views[screen.session.head] = _screen_view(screen)
            top = screen.session.head
            assert "Player 2 deals" in views[top][0]
            crib_head = max(h for h in views if h < top and views[h][4] == "deal" and h > 0)
            assert "Player 1 deals" in views[crib_head - 1][0]
            undone = 0
            while screen.session.head > crib_head - 1:  # by keys (ctrl+z, "undo") and by the button
                head = screen.session.head
                counted = screen.match.log[-1]
                way = undone % 3
                if way == 0:
                    await pilot.press("ctrl+z")
                elif way == 1:
                    await pilot.press(*"undo", "enter")
                else:
                    await pilot.click("#undo")
                    await pilot.click("#entry")  # a tapped button keeps the focus (and the enter key)
                await pilot.pause()
                undone += 1
                assert screen.session.head == head - 1  # one operation per undo
                if screen.session.head in views:
                    view, then = _screen_view(screen), views[screen.session.head]
                    if isinstance(counted, (Show, Crib)):  # its cards are back in the entry, to fix one of them
                        assert all(card.display("en") in view[1] for card in counted.cards), view[1]
                        view, then = view[:1] + view[2:], then[:1] + then[2:]
                    assert view == then
            # Back at the crib step, with the same dealer, the crib to enter and the old scores.
            assert screen.match.phase == "show" and screen.match.next_to_show == CRIB
            header, prompt = views[crib_head - 1][:2]
            assert "Player 1 deals" in header and prompt.startswith("Player 1's crib")
            assert not screen.query_one("#redo").disabled
            while screen.session.head < top:
                head = screen.session.head
                await pilot.click("#redo")
                await pilot.pause()
                assert screen.session.head == head + 1
                if screen.session.head in views:
                    assert _screen_view(screen) == views[screen.session.head]
            assert screen.session.head == top and screen.query_one("#redo").disabled
            await pilot.click("#entry")
            # Undo twice, then another card: the redo stack is dropped.
            await pilot.press("ctrl+z")
            await pilot.press("ctrl+z")
            await pilot.pause()
            while screen.match.phase != "play":
                await pilot.press("ctrl+z")
                await pilot.pause()
            seat = screen.match.turn
            card = _other_card(screen.match, seat)
            await pilot.press(*card.code.lower(), "enter")
            await pilot.pause()
            from companion.tui.dialogs.choice import ChoiceDialog

            assert isinstance(app.screen, ChoiceDialog)  # several undone entries would go: asked first
            await pilot.click("#answer-1")  # enter it, forget them
            await pilot.pause()
            assert screen.match.log[-1] == Play(seat, card)
            assert screen.query_one("#redo").disabled
            await pilot.press(*"redo", "enter")
            await pilot.pause()
            assert "nothing to redo" in str(screen.query_one("#message").render())
            before_exit = _screen_view(screen)
            match_id = screen.session.match_id
            log = [op.to_json() for op in screen.match.log]
    with Store.open(path) as store:  # restarted: the same match, state and board
        record, ops = store.load(match_id)
        assert ops == log and record.redo == 0
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await tap(pilot, f"#resume-{match_id}")
            await pilot.pause()
            assert isinstance(app.screen, CribbageScreen)
            assert _screen_view(app.screen) == before_exit


def _preplay(path: Path, script: Script, upto: int) -> int:
    """Save the first ``upto`` entries through a session, as an earlier sitting would have."""
    with Store.open(path) as store:
        session = MatchSession.create(store, script.setup)
        for entry in script.entries[:upto]:
            _apply_entry(session, entry)
        return session.match_id


async def _resume(pilot, app, match_id: int) -> CribbageScreen:
    await pilot.pause()
    await tap(pilot, f"#resume-{match_id}")
    await pilot.pause()
    assert isinstance(app.screen, CribbageScreen)
    return app.screen


async def test_undo_past_the_end_of_a_game_then_the_same_card_ends_it_again(tmp_path):
    """Game 1 of a match of two games: the end dialog's "Undo last entry", then play on, then reopen."""
    from companion.games.cribbage.ops import NewGame
    from tests.helpers.app_driver import type_entry

    path = tmp_path / FILE_NAME
    script = scripted_match(players=2, target=61, seed=8, games_to_win=2, first_dealer=1)
    game_end = next(i for i, entry in enumerate(script.entries) if isinstance(entry, NewGame))
    game1 = CribbageMatch.replay(script.final.setup, script.final.log[:script.final.log.index(NewGame())])
    match_id = _preplay(path, script, game_end - 4)
    with Store.open(path) as store, Store.open(path) as reader:
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _resume(pilot, app, match_id)
            for entry in script.entries[game_end - 4:game_end]:
                await type_entry(pilot, entry)
            assert isinstance(app.screen, MatchEndScreen)
            assert screen.match.phase == "game_over" and screen.match.scores == game1.scores
            assert max(game1.scores) == 61
            last = screen.match.log[-1]
            before_last = CribbageMatch.replay(script.setup, screen.match.log[:-1])
            await pilot.click("#undo")  # "Undo last entry"
            await pilot.pause()
            assert app.screen is screen  # back in play
            assert screen.match.phase in ("play", "show") and screen.match.scores == before_last.scores
            assert max(screen.match.scores) < 61 and screen.match.games == []
            assert _state(screen.match) == _state(before_last)
            assert reader.match(match_id).finished is False
            assert reader.match(match_id).summary["scores"] == before_last.scores  # saved before shown
            await type_entry(pilot, script.entries[game_end - 1])  # the same entry again
            assert isinstance(app.screen, MatchEndScreen)
            assert screen.match.log[-1] == last and screen.match.scores == game1.scores
            assert reader.match(match_id).summary["scores"] == game1.scores
            await pilot.click("#next")  # the next game
            await pilot.pause()
            assert app.screen is screen and screen.match.phase == "deal" and screen.match.game_number == 2
            assert screen.match.scores == [0, 0] and screen.match.games[0].scores == tuple(game1.scores)
            for entry in script.entries[game_end + 1:game_end + 4]:
                await type_entry(pilot, entry)
            view = _screen_view(screen)
            log = [op.to_json() for op in screen.match.log]
    with Store.open(path) as store:
        record, ops = store.load(match_id)
        assert ops == log and not record.finished
        assert record.summary["games"][0]["scores"] == game1.scores
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _resume(pilot, app, match_id)
            assert _screen_view(screen) == view


async def test_redo_of_the_winning_entry_shows_the_end_of_game_dialog_again(tmp_path):
    from tests.helpers.app_driver import type_entry

    path = tmp_path / FILE_NAME
    script = scripted_match(players=2, target=61, seed=3, first_dealer=0)
    match_id = _preplay(path, script, len(script.entries) - 1)
    with Store.open(path) as store:
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _resume(pilot, app, match_id)
            await type_entry(pilot, script.entries[-1])
            assert isinstance(app.screen, MatchEndScreen)
            await pilot.click("#undo")
            await pilot.pause()
            assert app.screen is screen and screen.match.phase != "match_over"
            await pilot.press("ctrl+y")  # redo
            await pilot.pause()
            assert screen.match.phase == "match_over" and screen.match.scores == script.final.scores
            assert isinstance(app.screen, MatchEndScreen)


_CRASH_CHILD = textwrap.dedent("""
    import sys
    from companion.cli import main as cli
    from companion.tui.app import CompanionApp

    real_run = CompanionApp.run

    async def auto_pilot(pilot):
        await pilot.pause()
        pilot.app.call_later(lambda: 1 / 0)  # an exception inside the app, as a bug would raise it
        await pilot.pause()

    def headless_run(self, *args, **kwargs):
        return real_run(self, *args, **{**kwargs, "headless": True, "size": (80, 24), "auto_pilot": auto_pilot})

    CompanionApp.run = headless_run
    sys.exit(cli.main([]))
""")


def test_a_crash_inside_the_app_is_not_a_success_for_the_shell(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run([sys.executable, "-c", _CRASH_CHILD], env=_child_env(home), cwd=tmp_path,
                            capture_output=True, timeout=120)
    assert result.returncode != 0  # the shell (and a script around it) sees the crash

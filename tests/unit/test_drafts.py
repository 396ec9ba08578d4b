"""What a screen holds between two entries is saved as it is tapped: the crib's cards typed at the show survive
a killed app (SIGKILL), and a draft of another moment of the match is ignored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.core.cards import parse_cards
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app

REPO = Path(__file__).resolve().parents[2]
# test_app_screens' hand-worked deal: Marie deals, starter 5♥; the crib is 2♠ 3♠ Q♥ J♥.
DEAL = "5h 10d 5c kd 6s 4h 7d 9s 8c".split()

CHILD = textwrap.dedent("""
    import asyncio, sys, time
    from companion.store.database import Store
    from tests.helpers.scripted import make_app
    from companion.tui.games.cribbage.screen import CribbageScreen
    from companion.store.session import MatchSession

    async def main():
        app = make_app(__import__("pathlib").Path(sys.argv[1]))
        async with app.run_test(size=(120, 40)) as pilot:
            session = MatchSession(app.store, int(sys.argv[2]))
            app.push_screen(CribbageScreen(session))
            await pilot.pause()
            for text in sys.argv[3:]:
                app.screen.interpret(text)
                await pilot.pause()
            print("shown", " ".join(c.code for c in app.screen.pending), flush=True)
            time.sleep(600)

    asyncio.run(main())
""")


def at_the_crib(tmp_path: Path) -> int:
    """The deal entered up to the crib: the starter, the eight cards pegged, Paul's hand and Marie's."""
    from companion.games.cribbage.ops import Cut, Play, Show

    store = Store.open(tmp_path / "companion.sqlite3")
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0))

    cards = parse_cards(" ".join(DEAL))
    session.apply(Cut(cards[0]))
    for i, card in enumerate(cards[1:]):
        session.apply(Play(1 - i % 2, card))
    session.apply(Show(1, tuple(session.match.played(1))))
    session.apply(Show(0, tuple(session.match.played(0))))
    assert session.match.phase == "show"
    match_id = session.match_id
    store.close()
    return match_id


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
async def test_the_crib_cards_typed_survive_a_killed_app(tmp_path):
    match_id = at_the_crib(tmp_path)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(match_id), "2s", "3s", "qh"],
                             stdout=subprocess.PIPE, text=True, cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        line = child.stdout.readline()
        assert line.split() == ["shown", "2S", "3S", "QH"], line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    from companion.tui.games.cribbage.screen import CribbageScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(CribbageScreen(MatchSession(app.store, match_id)))
        await pilot.pause()
        screen = app.screen
        assert [c.code for c in screen.pending] == ["2S", "3S", "QH"]  # resumed where it was
        screen.interpret("jh")
        screen.interpret("count")
        await pilot.pause()
        assert screen.match.scores == [8 + 12 + 9, 4]


def test_a_draft_of_another_moment_is_ignored(tmp_path):
    store = Store.open(tmp_path / "companion.sqlite3")
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0))
    session.save_draft({"show": ["2S"]})
    assert session.draft() == {"show": ["2S"]}
    session.apply(__import__("companion.games.cribbage.ops", fromlist=["Cut"]).Cut(parse_cards("5H")[0]))
    assert session.draft() is None  # saved at another length of the log
    session.save_draft(None)
    assert MatchSession(store, session.match_id).draft() is None
    store.close()

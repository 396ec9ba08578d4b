"""Le 31 in the app: a whole round entered at the table by taps, and a match kept by quick tally."""

from __future__ import annotations

import random

from companion.games.base import Setup
from companion.games.le31.engine import Le31Match, deal_virtual
from companion.games.le31.ops import Deal, Raise
from companion.games.le31.rules import Le31Rules
from companion.session import MatchSession
from companion.tui.games.le31.quick import QuickTallyDialog
from companion.tui.games.le31.screen import Le31Screen
from tests.scripted import make_app

NAMES = ("Ann", "Bob")


def a_virtual_round(seed: int) -> list:
    """The plays of one whole round, chosen at random among the legal ones, and each deal's table."""
    m = Le31Match(Setup(NAMES, Le31Rules(), 0, "virtual", seed))
    rng = random.Random(seed)
    plays: list = []
    while not m.rounds:
        if m.phase == "deal":
            first = m.r.deal == 0
            m.apply(deal_virtual(m, seed))
            plays.append(Deal(table=tuple(m.r.loose)) if first else Deal())
            continue
        seat = m.r.turn
        options = [op for card in m.hand(seat) for op in m.readings(seat, card)]
        op = rng.choice(options)
        m.apply(op)
        plays.append(op)
    return plays


async def tap(pilot, card) -> None:
    rank = str(card.value) if card.value is not None else card.illustration
    await pilot.click(f"#keypad #rank-{rank}")
    await pilot.click(f"#keypad #suit-{card.colour}")
    await pilot.pause()


async def play_by_taps(pilot, op) -> None:
    """A play as a player taps it: its card, then (if the card has choices) each table card it takes or builds
    with, the build it takes or raises, and the play among those the selection makes."""
    from companion.tui.games.le31.play_dialog import PlayDialog

    app = pilot.app
    await tap(pilot, op.card)
    if not isinstance(app.screen, PlayDialog):
        return
    dialog = app.screen
    used: set[int] = set()
    for card in getattr(op, "loose", ()):
        i = next(i for i, c in enumerate(dialog.match.r.loose) if c == card and i not in used)
        used.add(i)
        await pilot.click(f"#loose-{i}")
        await pilot.pause()
    if isinstance(op, Raise) or getattr(op, "build", False) is True:
        await pilot.click(f"#build-{op.value if isinstance(op, Raise) else op.card.value}")
        await pilot.pause()
    assert op in dialog.offered, (op, dialog.offered, dialog.chosen, dialog.build, dialog.match.r.builds)
    index = dialog.offered.index(op)
    await pilot.click(f"#play-{index}")
    await pilot.pause()


async def test_a_whole_round_entered_by_taps(tmp_path):
    plays = a_virtual_round(seed=11)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0), "le31")
        app.push_screen(Le31Screen(session))
        await pilot.pause()
        screen = app.screen
        for op in plays:
            if isinstance(op, Deal):
                if op.table:
                    for card in op.table:
                        await tap(pilot, card)
                else:
                    await pilot.click("#deal")
                    await pilot.pause()
                continue
            await play_by_taps(pilot, op)  # every play by taps, however many readings its card has
            assert session.match.log[-1] == op, (op, str(screen.query_one("#message").render()))
        match = session.match
        assert len(match.rounds) == 1 and sum(match.points) >= 11 - 4
        result = match.rounds[0]
        assert result[0].cards + result[1].cards == 52
        stored = MatchSession(app.store, session.match_id).match
        assert stored.points == match.points


async def test_a_match_kept_by_quick_tally(tmp_path):
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0), "le31")
        app.push_screen(Le31Screen(session))
        await pilot.pause()
        # Ann: 30 cards, 10 red, three 1s, the red 2 and the green 10 → 3 + 1 + 1 + 2 + 3 = 10 a round.
        for _ in range(4):
            await pilot.click("#quick")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, QuickTallyDialog)
            dialog.query_one("#cards").value = "30"
            dialog.query_one("#red").value = "10"
            dialog.query_one("#ones").value = "3"
            await pilot.click("#ok")
            await pilot.pause()
        match = session.match
        assert match.points == [40, 4] and match.phase == "match_over"
        assert "Ann gagne le match" in str(app.screen.query_one(".title").render())


async def test_quick_tally_refuses_counts_that_do_not_add_up(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0), "le31")
        app.push_screen(Le31Screen(session))
        await pilot.pause()
        await pilot.click("#quick")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#cards").value = "60"
        await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is dialog and "add up to 52" in str(dialog.query_one("#error").render())
        assert not session.match.log

"""Le 31 from the home screen to the end of a match to 11, by taps: at the table (every card of every round tapped,
each play made in the play dialog) and against the computer. Every round's points are recounted here from the
plays themselves, by the text's scoring (most cards 3, most red 1, the red 2 1, the green 10 2, each 1, each
récolte), without the engine's tally."""

from __future__ import annotations

import random
import re

from companion.games.base import Setup
from companion.games.le31.engine import Le31Match, deal_virtual
from companion.games.le31.ops import Build, Capture, Deal, Raise, Trail
from companion.games.le31.players import choose
from companion.games.le31.rules import Le31Rules
from tests.helpers.journeys import journey, read_report, start, tap, tap_at, turns

TARGET = 11


def recount(ops: list, dealt_to_table=None) -> list[list[int]]:
    """Each round's points per side, from the plays alone: the table is followed card by card (loose cards and
    builds by value), the leftovers go to the last capturer, and the pile of each side is counted by hand.
    ``dealt_to_table(i)`` gives the four cards the i-th entry (a virtual first deal) laid on the table."""
    rounds: list[list[int]] = []
    loose: list = []
    builds: dict[int, list] = {}
    piles: list[list] = [[], []]
    sweeps = [0, 0]
    last = None
    plays = 0
    for i, op in enumerate(ops):
        if isinstance(op, Deal):
            loose += list(op.table) if op.table else (dealt_to_table(i) if op.deck else [])
            continue
        side = op.seat % 2
        plays += 1
        if isinstance(op, Trail):
            loose.append(op.card)
        elif isinstance(op, Capture):
            for card in op.loose:
                loose.remove(card)
            taken = [op.card, *op.loose, *(builds.pop(op.card.value) if op.build else [])]
            piles[side] += taken
            last = side
            if not loose and not builds:  # a récolte, the last play's too (sweep_on_final_play)
                sweeps[side] += 1
        elif isinstance(op, Build):
            for card in op.loose:
                loose.remove(card)
            builds.setdefault(op.value, []).extend([op.card, *op.loose])
        elif isinstance(op, Raise):
            for card in op.loose:
                loose.remove(card)
            cards = builds.pop(op.value)
            builds[op.value + op.card.value + sum(c.value for c in op.loose)] = [*cards, op.card, *op.loose]
        if plays == 48:  # 52 cards: 4 to the table, 48 played
            piles[last] += loose + [c for b in builds.values() for c in b]
            rounds.append(_points(piles, sweeps))
            loose, builds, piles, sweeps, last, plays = [], {}, [[], []], [0, 0], None, 0
    return rounds


def recount_match(match: Le31Match) -> list[list[int]]:
    log = list(match.log)
    return recount(log, lambda i: list(Le31Match.replay(match.setup, log[: i + 1]).r.loose))


def _points(piles: list[list], sweeps: list[int]) -> list[int]:
    points = [sweeps[0], sweeps[1]]
    cards = [len(p) for p in piles]
    red = [sum(1 for c in p if c.colour == "R") for p in piles]
    if cards[0] != cards[1]:
        points[cards.index(max(cards))] += 3
    if red[0] != red[1]:
        points[red.index(max(red))] += 1
    for side, pile in enumerate(piles):
        codes = {c.code for c in pile}
        points[side] += ("2R" in codes) + 2 * ("10G" in codes) + sum(1 for c in pile if c.value == 1)
    return points


def a_match_to_eleven(seed: int = 105) -> list:
    """A match to 11 won in one round, as table entries (the first deal of a round names its four table cards):
    the first player plays as the normal computer does, the other mostly lays cards down. With seed 105 the round
    ends 11–1 (the second player made one récolte)."""
    m = Le31Match(Setup(("A", "B"), Le31Rules(target=TARGET), 0, "virtual", seed))
    rng = random.Random(seed)
    entries: list = []
    while not m.is_over:
        if m.phase == "deal":
            first = m.r.deal == 0
            m.apply(deal_virtual(m, seed))
            entries.append(Deal(table=tuple(m.r.loose)) if first else Deal())
            continue
        seat = m.r.turn
        if seat == 0:
            op = choose(m, seat, "normal", rng)
        else:
            ops = [op for card in m.hand(seat) for op in m.readings(seat, card)]
            trails = [op for op in ops if isinstance(op, Trail)]
            op = rng.choice(trails if trails and rng.random() < 0.6 else ops)
        m.apply(op)
        entries.append(op)
    return entries


async def tap_card(pilot, card) -> None:
    rank = str(card.value) if card.value is not None else card.illustration
    await tap(pilot, f"#keypad #rank-{rank}")
    await tap(pilot, f"#keypad #suit-{card.colour}")


async def play_in_dialog(pilot, op) -> None:
    """The play dialog is open: tap the table cards of ``op`` (each copy once), its build, then the play."""
    dialog = pilot.app.screen
    used: set[int] = set()
    for card in getattr(op, "loose", ()):
        i = next(i for i, c in enumerate(dialog.match.r.loose) if c == card and i not in used)
        used.add(i)
        await tap(pilot, f"#loose-{i}")
    if isinstance(op, Raise) or getattr(op, "build", False) is True:
        await tap(pilot, f"#build-{op.value if isinstance(op, Raise) else op.card.value}")
    await tap(pilot, f"#play-{dialog.offered.index(op)}")


@journey("le31", size=(100, 34))
async def play(pilot, mode: str, lang: str) -> None:
    app = pilot.app
    if mode == "table":
        await start(pilot, mode="table", rules={"target": TARGET}, dealer=0)
        entries = a_match_to_eleven()
        for op in entries:
            if isinstance(op, Deal):
                if op.table:
                    for card in op.table:
                        await tap_card(pilot, card)
                else:
                    await tap(pilot, "#deal")
                continue
            await tap_card(pilot, op.card)
            if type(app.screen).__name__ == "PlayDialog":
                await play_in_dialog(pilot, op)
        rounds = recount(entries)
        totals = [sum(r[s] for r in rounds) for s in (0, 1)]
        assert type(app.screen).__name__ == "MatchEndScreen", app.screen
        match = app.screen.session.match
        assert [[s.points for s in r] for r in match.rounds] == rounds and match.points == totals
        assert rounds == [[11, 1]]  # recounted by hand from the plays: the whole round to A, one récolte to B
        return
    # Virtual: the human in seat 1 against a normal computer; the app deals (first dealer: the human).
    await start(pilot, mode="virtual", seats=("human", "normal"), rules={"target": TARGET}, dealer=0)
    screen = app.screen
    rounds_seen = 0
    for _ in turns(app):
        if type(app.screen).__name__ == "MatchEndScreen":
            break
        await pilot.pause()
        if type(app.screen).__name__ == "RoundReport":
            text = await read_report(pilot)
            rounds_seen += 1
            recounted = recount_match(screen.session.match)[rounds_seen - 1]
            said = [int(n) for n in re.findall(r"= (\d+) points?", text)]
            assert said == recounted, (text, recounted)
            continue
        if type(app.screen).__name__ == "PlayDialog":
            dialog = app.screen
            while not dialog.offered:
                lit = [b for b in dialog.query("#table-keys Button") if not b.disabled and not b.has_class("-picked")]
                await tap(pilot, lit[0])
            await tap(pilot, "#play-0")
            continue
        if app.screen is screen and screen.waiting and screen.acting_human() == 0:
            before = len(screen.match.log)
            for slot in range(4):
                card = screen.slot_cards[slot]
                if card is None:
                    continue
                await tap_at(pilot, screen.query_one(f"#slot-{slot}"))
                await pilot.pause()
                if len(screen.match.log) > before or app.screen is not screen:
                    break
    assert type(app.screen).__name__ == "MatchEndScreen", app.screen
    match = app.screen.session.match
    rounds = recount_match(match)
    assert rounds_seen == len(rounds) and [[s.points for s in r] for r in match.rounds] == rounds
    assert match.points == [sum(r[s] for r in rounds) for s in (0, 1)] and max(match.points) >= TARGET

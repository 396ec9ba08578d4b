"""Cribbage's gallery states: matches entered as at a real table (the cards come from seeded
virtual deals played by the computer players), and the screens driven from them."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import cast

from textual.pilot import Pilot

from companion.core.cards import Card, format_card, parse_cards
from companion.games import registry
from companion.games.base import Setup as BaseSetup
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import Crib, Op, Play, Points
from companion.games.cribbage.players import play_turn, table_entries
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.tui.app import CompanionApp
from companion.tui.gallery import NAMES, State, app_of, screen_of, think
from companion.tui.gallery import settle as _settle
from companion.tui.gallery import virtual_report as report
from companion.tui.game_ui import open_match, ui_for
from companion.tui.games.cribbage.practice import PracticeScreen
from companion.tui.games.cribbage.screen import CribbageScreen
from companion.tui.games.cribbage.stats_screen import CribbageStatsScreen
from companion.tui.screens.setup import SetupScreen
from companion.tui.widgets.fields import Input, Select


def _entries(setup: Setup, seed: int) -> list[Op]:
    """A whole virtual match under ``setup``'s rules, as a table would enter it."""
    virtual = CribbageMatch(Setup(setup.names, setup.rules, setup.first_dealer, "virtual", seed))
    rng = random.Random(seed) if setup.rules.players > 2 else None
    while virtual.phase not in ("game_over", "match_over"):
        play_turn(virtual, rng)
    return table_entries(virtual)


def _enter(store: Store, setup: Setup, entries: list[Op], until: Callable[[CribbageMatch], bool]) -> int:
    """Create a table-mode match and enter ``entries`` until ``until(match)`` holds."""
    session = MatchSession.create(store, setup, "cribbage")
    for op in entries:
        if until(cast(CribbageMatch, session.match)):
            break
        session.apply(op)
    return session.match_id


def _mid_play(match: CribbageMatch) -> bool:
    return match.deal_number == 3 and match.phase == "play" and len(match.current) == 3


def fill(store: Store) -> None:
    two = Setup(NAMES[:2], CribbageRules(), 0)
    finished = MatchSession.create(store, two, "cribbage")
    for side, points in ((0, 60), (1, 28), (0, 61)):  # quick entry: Marie wins 121-28, a double skunk
        finished.apply(Points(side, points))
    entries = _entries(two, seed=21)
    _enter(store, two, entries, _mid_play)
    three = Setup(NAMES[:3], CribbageRules(players=3), 1)
    _enter(store, three, _entries(three, seed=3), _mid_play)
    four = Setup(NAMES, CribbageRules(players=4), 2)
    _enter(store, four, _entries(four, seed=4), _mid_play)


def _match_id(app: CompanionApp, players: int) -> int:
    for record in app.store.list_matches(finished=False):
        if record.game == "cribbage" and len(record.setup["names"]) == players:
            return record.id
    raise LookupError(players)


async def _open(pilot: Pilot[None], players: int = 2) -> None:
    open_match(pilot.app, _match_id(app_of(pilot), players))
    await _settle(pilot)


async def match_play(pilot: Pilot[None]) -> None:
    await _open(pilot)


async def advice_dialog(pilot: Pilot[None]) -> None:
    """The pegging hint at a real table: the player to play taps the cards they still hold."""
    await _open(pilot)
    screen = screen_of(pilot, CribbageScreen)
    match = screen.match
    await pilot.click("#advice")
    await _settle(pilot)
    seen = match.seen_cards()
    held = [c for c in _fresh_cards(seen)][:match.cards_left(match.live.turn)]
    for card in held:
        await pilot.click(f"#keypad #rank-{int(card.rank)}")
        await pilot.click(f"#keypad #suit-{int(card.suit)}")
    await _settle(pilot)


def _fresh_cards(seen: set[Card]) -> list[Card]:
    return [c for c in parse_cards("5S 9D KH 4C 7H 2D") if c not in seen]


async def setup_virtual(pilot: Pilot[None]) -> None:
    """The setup form with the app dealing: a human against the hard computer."""
    pilot.app.push_screen(SetupScreen(registry.get("cribbage")))
    await _settle(pilot)
    form = screen_of(pilot, SetupScreen)
    form.query_one("#mode", Select).value = "virtual"
    form.query_one("#name-0", Input).value = "Marie"
    form.query_one("#name-1", Input).value = "Ordi"
    await _settle(pilot)
    form.query_one("#kind-1", Select).value = "hard"
    await _settle(pilot)


async def practice(pilot: Pilot[None]) -> None:
    """The discard drill, answered a little off the best."""
    screen = PracticeScreen(seed=5)
    pilot.app.push_screen(screen)
    await _settle(pilot)
    await pilot.click("#drill-throw")
    await _settle(pilot)
    second = analyse(screen.hand, screen.dealer)[1]
    for card in second.discard:
        await pilot.click(f"#card-{screen.hand.index(card)}")
    await pilot.click("#lay")
    await _settle(pilot)


async def match_three(pilot: Pilot[None]) -> None:
    await _open(pilot, 3)


async def match_four(pilot: Pilot[None]) -> None:
    await _open(pilot, 4)


async def _play_to_show(pilot: Pilot[None]) -> None:
    await _open(pilot)
    screen = screen_of(pilot, CribbageScreen)
    for op in _remaining(screen.session):
        if screen.match.phase != "play":
            break
        screen.interpret(format_card(op.card, "ascii", app_of(pilot).lang) if isinstance(op, Play) else "go")
    await _settle(pilot)


def _remaining(session: MatchSession) -> list[Op]:
    """The rest of the scripted entries of the gallery's two-player match."""
    setup_ = session.setup
    entries = _entries(Setup(setup_.names, setup_.rules, setup_.first_dealer), seed=21)
    done = [op for op in session.match.log if not op.name == "deal"]
    return entries[len(done):]


async def match_show(pilot: Pilot[None]) -> None:
    await _play_to_show(pilot)
    screen_of(pilot, CribbageScreen).interpret("count" if app_of(pilot).lang == "en" else "compter")
    await _settle(pilot)


async def match_crib(pilot: Pilot[None]) -> None:
    await match_show(pilot)
    screen = screen_of(pilot, CribbageScreen)
    screen.interpret("count")
    crib = next(op for op in _remaining(screen.session) if isinstance(op, Crib))
    screen.interpret(" ".join(format_card(c, "ascii", app_of(pilot).lang) for c in crib.cards[:2]))
    await _settle(pilot)


async def points_dialog(pilot: Pilot[None]) -> None:
    await _open(pilot)
    await pilot.click("#points")
    await _settle(pilot)
    await pilot.click("#digit-7")
    await _settle(pilot)


async def history(pilot: Pilot[None]) -> None:
    await _open(pilot)
    await pilot.click("#log")
    await _settle(pilot)


async def correct_dialog(pilot: Pilot[None]) -> None:
    await history(pilot)
    await pilot.press("enter")  # the highlighted entry: the last card played
    await _settle(pilot)


async def match_end(pilot: Pilot[None]) -> None:
    await _open(pilot)
    screen = screen_of(pilot, CribbageScreen)
    screen.interpret("+100 Marie")
    await _settle(pilot)


async def false_go(pilot: Pilot[None]) -> None:
    """A go said while holding a card that fitted: flagged when the hand is shown."""
    app = app_of(pilot)
    session = MatchSession.create(app.store, Setup(NAMES[:2], CribbageRules(), 0), "cribbage")
    app.push_screen(CribbageScreen(session))
    await _settle(pilot)
    screen = screen_of(pilot, CribbageScreen)
    # Starter 2♣. Paul K♠ (10), Marie Q♥ (20), Paul 5♦ (25); Marie go (J♠ 9♦ 8♣ do not fit); Paul says go
    # though his 4♦ fits (1 for Paul). Marie J♠, Paul 4♦, Marie 9♦, Paul 7♠ (30); Marie go (1 for Paul);
    # Marie 8♣ (last card). At the show Paul's hand reveals the 4♦.
    for text in ("2c", "ks", "qh", "5d", "go", "go", "js", "4d", "9d", "7s", "go", "8c", "count"):
        screen.interpret(text)
    await _settle(pilot)


async def claim(pilot: Pilot[None]) -> None:
    """Manual counting with muggins: the player says how many points he counts."""

    app = app_of(pilot)
    rules = CribbageRules(manual_counting=True, muggins=True)
    session = MatchSession.create(app.store, Setup(NAMES[:2], rules, 0), "cribbage")
    app.push_screen(CribbageScreen(session))
    await _settle(pilot)
    screen = screen_of(pilot, CribbageScreen)
    for text in ("5h", "10d", "5c", "kd", "6s", "4h", "7d", "9s", "8c", "count"):
        screen.interpret(text)
    await _settle(pilot)


async def muggins(pilot: Pilot[None]) -> None:
    await claim(pilot)
    for key in ("2", "ok"):
        await pilot.click(f"#digit-{key}")
    await _settle(pilot)


async def statistics(pilot: Pilot[None]) -> None:
    """Marie's figures over the gallery's matches, with her hand scores and the last match's deals."""
    pilot.app.push_screen(CribbageStatsScreen())
    await _settle(pilot)


async def _virtual(pilot: Pilot[None], seed: int = 5) -> CribbageScreen:
    """A virtual game against the hard computer, at the human's first discard."""
    app = app_of(pilot)
    app.settings.pace = 0.0
    setup = BaseSetup(NAMES[:2], CribbageRules(), 1, "virtual", seed, ("human", "hard"))
    screen = ui_for("cribbage").match_screen(MatchSession.create(app.store, setup, "cribbage"))
    assert isinstance(screen, CribbageScreen)
    app.push_screen(screen)
    await _until_human(pilot, screen)
    return screen


async def _until_human(pilot: Pilot[None], screen: CribbageScreen) -> None:
    for _ in range(500):
        await think(pilot)
        if screen.waiting and screen.acting_human() is not None:
            break
    await _settle(pilot)


async def virtual_discard(pilot: Pilot[None]) -> None:
    await _virtual(pilot)


async def virtual_play(pilot: Pilot[None]) -> None:
    screen = await _virtual(pilot)
    match = screen.match
    hand = match.hand(0)
    assert hand is not None  # virtual play: the human's hand is known
    best = analyse(hand, match.dealer == 0)[0]
    for card in best.discard[:1] + tuple(c for c in hand if c not in best.discard)[:1]:
        await pilot.click(screen.slot_of(card))  # a discard a little off the best: the review says by how much
    await pilot.click("#lay")
    await _until_human(pilot, screen)
    while match.phase == "play" and len(match.current) < 2 and screen.acting_human() == 0:
        await pilot.click(screen.slot_of(match.playable(0)[-1]))
        await _until_human(pilot, screen)


async def virtual_report(pilot: Pilot[None]) -> None:
    """The end of a virtual deal: the pegging, each hand as it was counted, the crib."""
    await report(pilot, "cribbage", Setup(("Marie", "Ordi"), CribbageRules(), 1, "virtual", 4, ("normal", "hard")))


async def seat_table(pilot: Pilot[None]) -> None:
    """The table's device while the players hold their phones: the board and the play, no hand (three-player
    virtual cribbage, Marie and Paul on their own phones, Ordi the computer, dealt and played up to Paul's first
    card of the play)."""
    app = app_of(pilot)
    app.settings.pace = 0.0
    game = registry.get("cribbage")
    setup = BaseSetup(("Marie", "Paul", "Ordi"), game.make_rules(3, {}), 2, "virtual", 3, ("human", "human", "normal"))
    session = MatchSession.create(app.store, setup, game)
    for seat in (0, 1):
        app.store.bind_seat(session.match_id, seat)
    players = importlib.import_module(game.players or "")
    match = cast(CribbageMatch, session.match)
    while not (match.phase == "play" and match.live.turn == 1):  # the other devices' moves
        op = players.next_op(match, ["normal"] * 3)
        assert op is not None
        session.apply(op)
    open_match(app, session.match_id)
    await _settle(pilot)
    await pilot.pause(0.2)
    await _settle(pilot)


async def review(pilot: Pilot[None]) -> None:
    """The review of a virtual match Marie played against the easy computer, stopped after its fourth deal: her
    costliest discards and pegging cards, with the better ones and why."""
    await _review(pilot, "virtual")


async def review_table(pilot: Pilot[None]) -> None:
    """The review of the same four deals entered at a real table (an evening's match): no discard (nobody told the
    app the six cards dealt), the pegging cards of each hand once it was shown."""
    await _review(pilot, "table")


async def _review(pilot: Pilot[None], mode: str) -> None:
    from companion.games.cribbage.players import play_out, table_entries
    from companion.tui.screens.review import ReviewScreen

    app = app_of(pilot)
    setup = BaseSetup(NAMES[:2], CribbageRules(), 0, "virtual", 12, ("human", "easy"))
    played = play_out(CribbageMatch(setup), levels=("normal", "easy"))
    four = CribbageMatch(setup)
    for op in played.log:
        if four.deal_number > 4 and four.phase == "deal":
            break
        four.apply(op)
    kept = BaseSetup(NAMES[:2], CribbageRules(), 0, "table") if mode == "table" else setup
    session = MatchSession.create(app.store, kept, "cribbage")
    for op in table_entries(four) if mode == "table" else four.log:
        session.apply(op)
    screen = ReviewScreen(session.match_id)
    app.push_screen(screen)
    for _ in range(500):
        await think(pilot)
        if screen.reviewed is not None or screen.failed is not None:
            break
    await _settle(pilot)


STATES: dict[str, State] = {
    "advice-dialog": advice_dialog,
    "virtual-report": virtual_report,
    "practice": practice,
    "setup-virtual": setup_virtual,
    "virtual-discard": virtual_discard,
    "virtual-play": virtual_play,
    "match-play": match_play,
    "match-show": match_show,
    "match-crib": match_crib,
    "match-three-players": match_three,
    "match-four-players": match_four,
    "points-dialog": points_dialog,
    "history": history,
    "correct-dialog": correct_dialog,
    "false-go": false_go,
    "claim-dialog": claim,
    "muggins-dialog": muggins,
    "match-end": match_end,
    "statistics": statistics,
    "seat-table": seat_table,
    "review": review,
    "review-table": review_table,
}

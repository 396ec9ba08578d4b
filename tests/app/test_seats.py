"""The table's device while players hold their own phones (issues 28, 39), in a virtual game.

A phone is a page of the server (``companion.serving.seats``, tested with the pages); the app under test here is the
table's tablet (a match's own token: ``only_match``), which deals and moves the computers. The phones' players are
played by the test through the store, as their pages do: their moves saved, their answers to an undo
(``answer_undo``). The table's device shows no hand of a seat on a phone (the terminal's text of every state is
read, and its log), does not pass the device to them, and an undo that takes back a phone player's move waits for
his answer.
"""

from __future__ import annotations

import importlib
import re

import pytest

from companion.core.cards import format_card
from companion.games import registry
from companion.games.base import Setup
from companion.games.cribbage.ops import Discard
from companion.store.database import Store
from companion.store.devices import answer_undo, undo_request
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from tests.helpers.journeys import tap
from tests.helpers.journeys.cribbage import tap_choice
from tests.helpers.scripted import screen_text, until

NAMES = ("Marie", "Paul", "Ordi")
KINDS = ["human", "human", "normal"]


def three_player_match(store: Store) -> int:
    game = registry.get("cribbage")
    setup = Setup(NAMES, game.make_rules(3, {}), 0, "virtual", 7, tuple(KINDS))
    return MatchSession.create(store, setup, game).match_id


def table_tablet(path, match_id: int) -> CompanionApp:
    """The table's tablet, as its match's QR code opens it (its own process, on the same file)."""
    return CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True, only_match=match_id)


async def match_shown(pilot, app: CompanionApp):
    """The tablet opens its match by itself, a moment after it starts (longer on a busy machine)."""
    await until(pilot, lambda: getattr(app.screen, "virtual", False) and app.screen.is_mounted, timeout=30)
    return app.screen


def leaked(text: str, cards: set[str]) -> set[str]:
    """The cards of ``cards`` that ``text`` shows: one with a suit's sign anywhere, an ASCII label as a word."""
    words = set(re.split(r"[\s·,;:()]+", text))
    return {card for card in cards if card in words or (not card.isascii() and card in text)}


def words_on(app) -> str:
    """The screen's words in one line: what a player reads, whatever wraps where (and a dialog's frame left out)."""
    return " ".join(re.sub("[█▀▄▌▐│┃]", " ", screen_text(app)).split())


def humans_awaited(screen, stored: MatchSession) -> bool:
    """The table's device has caught up with the store and waits for humans only: it moves nothing meanwhile, so a
    phone's move saved now races with none of its own."""
    stored.reload()
    match = screen.match
    awaited = match.awaiting()
    return (match.log == stored.match.log and bool(awaited) and screen.waiting
            and all(screen.session.setup.seat_kind(seat) == "human" for seat in awaited))


def _cribbage_hidden(match) -> set[str]:
    """The cards nobody at the table may see: the hands not yet shown, and the crib until it is counted."""
    if match.phase in ("show", "game_over", "match_over") or match.d is None:
        return set()
    cards = [c for seat in range(match.players) for c in match.hand(seat)
             if c not in match.played(seat)]  # a card pegged is on the table for all to see
    cards += list(match.d.crib)
    return {format_card(c, "symbol", lang) for c in cards for lang in ("en", "fr")}


def _le31_hidden(match) -> set[str]:
    r = match.r
    hands = r.hands if r is not None and r.hands is not None else []
    return {match.deck.label(c, lang) for hand in hands for c in hand for lang in ("en", "fr")}


def _trente_hidden(match) -> set[str]:
    """The hands' cards that were never face up (a card thrown on the pile, or taken from the face-up three, was
    seen by all)."""
    from companion.games.trente_et_un.ops import Discard as Thrown
    from companion.games.trente_et_un.ops import Exchange

    play = match.play
    hands = play.hands if play is not None and play.hands is not None else []
    seen = {op.card for op in match.log if isinstance(op, Thrown)}
    seen |= {c for op in match.log if isinstance(op, Exchange) for c in op.give + op.take}
    return {c.display(lang) for hand in hands if hand for c in hand if c not in seen for lang in ("en", "fr")}


def _rummy_hidden(match) -> set[str]:
    bp = match.bp
    if bp is None:
        return set()
    # Two packs: a card's twin may be laid on the table or on the pige, in sight of all.
    seen = list(bp.pige) + [c for groups in bp.laid for group in groups for c in group]
    seen += [c for shown in bp.shown for c in shown] + ([bp.indicator] if bp.indicator is not None else [])
    twins = {c.display(lang) for c in seen for lang in ("en", "fr")}
    return {c.display(lang) for hand in bp.hands for c in hand if c is not None for lang in ("en", "fr")} - twins


PHONE_GAMES = {
    "cribbage": (NAMES, tuple(KINDS), _cribbage_hidden),
    "le31": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _le31_hidden),
    "trente_et_un": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _trente_hidden),
    "rummy2500": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _rummy_hidden),
}


@pytest.mark.parametrize("game_id", PHONE_GAMES)
async def test_the_tables_device_shows_no_hand_of_the_players_on_phones_through_a_round(tmp_path, game_id):
    """Marie and Paul on their phones, the computers moved by the table's tablet: through the first round, the
    tablet follows the phones' moves and never shows a card of a hand (nor its log, mid-round), and it passes the
    device to nobody."""
    names, kinds, hidden = PHONE_GAMES[game_id]
    game = registry.get(game_id)
    players = importlib.import_module(game.players or "")
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    setup = Setup(names, game.make_rules(len(names), {}), 0, "virtual", 11, kinds)
    match_id = MatchSession.create(store, setup, game).match_id
    for seat in (0, 1):
        store.bind_seat(match_id, seat)
    phones = MatchSession(store, match_id)  # Marie's and Paul's pages, through the store
    app = table_tablet(path, match_id)
    turns = 0
    looked_at_log = False
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await match_shown(pilot, app)
        for _ in range(300):
            await until(pilot, lambda: humans_awaited(screen, phones) or any(e.report for e in screen.match.events),
                        timeout=30)  # meanwhile the tablet deals and moves the computers
            match = screen.match
            if any(event.report for event in match.events):
                break  # the first round is over: its end is public
            assert type(app.screen).__name__ == type(screen).__name__  # no pass-the-device screen
            assert screen.shown_seat is None and screen.chooser_seat() is None
            text = screen_text(app)
            shown = leaked(text, hidden(match))
            assert not shown, f"the table's device shows {shown}:\n{text}"
            if len(match.log) > len(names) and not looked_at_log:  # the log, mid-round: nothing of a hand either
                looked_at_log = True
                await tap(pilot, "#log")
                await until(pilot, lambda: type(app.screen).__name__ == "HistoryScreen")
                text = screen_text(app)
                shown = leaked(text, hidden(match))
                assert not shown, f"the table's log shows {shown}:\n{text}"
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is screen)
            turns += 1
            op = players.next_op(phones.match, ["normal"] * len(names))  # what a phone's player taps
            assert op is not None and phones.match.chooser(op) in (0, 1), op
            phones.apply(op)
        else:
            raise AssertionError("the first round never ended")
        assert turns >= 2 and looked_at_log
    app.store.close()
    store.close()


async def test_the_tables_device_shows_no_hand_of_a_seat_on_a_phone_and_passes_nothing(tmp_path):
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    match_id = three_player_match(store)
    store.bind_seat(match_id, 0)
    store.bind_seat(match_id, 1)
    app = CompanionApp(store, settings=Settings(lang="en", pace=0.0))
    async with app.run_test(size=(100, 40)) as pilot:
        from companion.tui.game_ui import open_match

        open_match(app, match_id)
        await until(pilot, lambda: getattr(getattr(app.screen, "match", None), "phase", None) == "discard"
                    or type(app.screen).__name__ == "PassDevice", timeout=30)
        for _ in range(10):  # the deal's hand-over done (a pass-the-device dialog would be up by now)
            await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "CribbageScreen", type(screen).__name__  # no pass-the-device
        match = screen.match
        assert match.phase == "discard" and set(match.awaiting()) == {0, 1}  # dealt: both humans to lay away
        assert screen.shown_seat is None
        text = screen_text(app)
        shown = {format_card(c, "symbol", "en") for seat in (0, 1) for c in match.hand(seat)} & set(text.split())
        assert not shown, shown
    store.close()


async def test_the_organiser_gives_the_seats_from_the_setup_form_to_phones(tmp_path):
    from companion.serving.tablets import forget_serving, seat_of, write_serving
    from companion.tui.dialogs.seats import SeatsDialog
    from companion.tui.dialogs.share import QrDialog
    from tests.helpers.journeys import open_setup, start
    from tests.helpers.scripted import make_app

    app = make_app(tmp_path, pace=0.0)
    write_serving(app.store.path, "http://192.168.1.20:8000", "SECRET")
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await open_setup(pilot, "cribbage")
            await start(pilot, mode="virtual", players=3, seats=("human", "human", "normal"))
            await pilot.pause()
            assert isinstance(app.screen, SeatsDialog)  # two humans: their phones first
            await tap(pilot, "#seat-1")
            await pilot.pause()
            assert isinstance(app.screen, QrDialog)
            token = str(app.screen.query_one("#summary").render()).split("token=")[1]
            match_id, seat, binding = seat_of("SECRET", token)
            assert (seat, binding) == (1, 1) and app.store.seats_on_devices(match_id) == {1: 1}
            await pilot.press("escape")
            await pilot.pause()
            await tap(pilot, "#close")
            await until(pilot, lambda: type(app.screen).__name__ == "CribbageScreen"
                        and app.screen.match.phase == "discard", timeout=30)
            screen = app.screen
            assert screen.on_devices == {1}  # the table's device dealt once the codes were shown
    finally:
        forget_serving(app.store.path)


# ---------------------------------------------------------------- undo asks the players it affects
async def test_an_undo_on_the_tables_device_waits_for_the_phone_player_whose_move_it_takes_back(tmp_path):
    """Marie plays at the table's tablet, Paul on his phone. Both lay away, Marie first: the tablet's Undo (back to
    before the last human choice, Paul's) asks Paul first, on his phone; Undo again withdraws the question; « No »
    keeps his move, « Yes » undoes it. An Undo that takes back Marie's own move only asks nobody."""
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    match_id = three_player_match(store)
    store.bind_seat(match_id, 1)
    paul = MatchSession(store, match_id)  # his phone's page, through the store
    app = table_tablet(path, match_id)
    players = importlib.import_module("companion.games.cribbage.players")
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await match_shown(pilot, app)
        await until(pilot, lambda: screen.shown_seat == 0 and screen.chooser_seat() == 0, timeout=30)
        marie = players.next_op(screen.match, ["normal", "human", "human"])  # what Marie lays away
        assert isinstance(marie, Discard) and marie.seat == 0
        await tap_choice(pilot, screen, marie)
        await until(pilot, lambda: humans_awaited(screen, paul) and paul.match.awaiting() == (1,), timeout=30)
        mine = players.next_op(paul.match, ["human", "normal", "human"])  # what Paul lays away, on his phone
        assert isinstance(mine, Discard) and mine.seat == 1
        paul.apply(mine)
        before = len(paul.match.log) - 1
        await until(pilot, lambda: humans_awaited(screen, paul) and len(paul.match.log) > before + 1,
                    timeout=30)  # the cut, the play up to a human's turn
        head = len(paul.match.log)

        await tap(pilot, "#undo")
        assert "Asked Paul to agree" in words_on(app)
        asked = undo_request(store, match_id)
        assert asked is not None and asked.seats == (1,) and asked.asker == ""  # the table's device asks
        await tap(pilot, "#undo")  # withdrawn
        assert "Undo withdrawn: nothing is undone." in words_on(app) and undo_request(store, match_id) is None

        for agree in (False, True):
            await tap(pilot, "#undo")
            assert len(screen.match.log) == head  # not yet undone
            answer_undo(store, match_id, head, 1, agree=agree)  # Paul, on his phone
            said = "Undone, as Paul agreed." if agree else "Paul said no: nothing is undone."
            await until(pilot, lambda said=said: said in words_on(app))
            assert undo_request(store, match_id) is None
        paul.reload()
        assert paul.match.log[:before] == screen.match.log[:before] and mine not in paul.match.log
        assert marie in paul.match.log  # back to his lay-away: hers stays

        await until(pilot, lambda: humans_awaited(screen, paul))
        await tap(pilot, "#undo")  # Marie's own move only: undone at once, nobody asked
        await until(pilot, lambda: marie not in screen.match.log)
        assert undo_request(store, match_id) is None and "Asked" not in words_on(app)
    app.store.close()
    store.close()

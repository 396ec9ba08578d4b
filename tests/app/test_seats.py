"""Each player's own phone in a virtual game: a seat's device and the table's device.

A three-player virtual cribbage game: Marie and Paul are humans with their own phones, Ordi a computer. Paul's
phone is the app under test (opened by his seat's token: ``only_match`` and ``seat``); the table's device and
Marie's phone are played by the test through the same store, as their processes would (the computer's moves, the
deal, Marie's choices). Through a whole deal Paul's phone shows his hand and never a card hidden from him (the
terminal's text of every state is read), takes his choices only, and follows the others live. A second test
opens the table's device: no hand of a seat that has its phone, no pass-the-device screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import re

import pytest

from companion.core.cards import format_card
from companion.games import registry
from companion.games.base import Setup
from companion.games.cribbage.ops import Discard, Play
from companion.store.database import Store
from companion.store.devices import UndoRequest, answer_undo, ask_undo, drive, drop_undo, undo_request
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.screens.tablet_home import LET_GO
from tests.helpers.journeys import tap
from tests.helpers.journeys.cribbage import tap_choice
from tests.helpers.scripted import screen_text, until

NAMES = ("Marie", "Paul", "Ordi")
KINDS = ["human", "human", "normal"]


async def seat_shown(pilot, phone: CompanionApp, seat: int):
    """A seat's phone opens its match by itself, a moment after it starts (longer on a busy machine): its screen,
    once it shows that seat."""
    await until(pilot, lambda: getattr(phone.screen, "shown_seat", None) == seat, timeout=30)
    return phone.screen


def three_player_match(store: Store) -> int:
    game = registry.get("cribbage")
    setup = Setup(NAMES, game.make_rules(3, {}), 0, "virtual", 7, tuple(KINDS))
    return MatchSession.create(store, setup, game).match_id


def words_on(app) -> str:
    """The screen's words in one line: what a player reads, whatever wraps where (and a dialog's frame left out)."""
    return " ".join(re.sub("[█▀▄▌▐│┃]", " ", screen_text(app)).split())


def hidden_from(match, seat: int) -> set[str]:
    """The cards ``seat`` may not see: the others' hands not yet shown, and the crib until it is counted."""
    if match.phase in ("show", "game_over", "match_over") or match.d is None:
        return set()
    cards = [c for other in range(match.players) if other != seat for c in match.hand(other)
             if c not in match.played(other)]  # a card pegged is on the table for all to see
    own = {c for op in match.log if isinstance(op, Discard) and op.seat == seat for c in op.cards}
    cards += [c for c in match.d.crib if c not in own]  # what he laid away himself, he knows
    return {format_card(c, "symbol", lang) for c in cards for lang in ("en", "fr")}


@contextlib.asynccontextmanager
async def table_device_open(store: Store, match_id: int):
    """The table's device is open on the match all along: it keeps its turn to drive (its app renews the lease
    while its screen is open), so a phone never deals nor moves for the computer meanwhile."""
    async def renew() -> None:
        while True:
            drive(store, match_id, "the table's device", table=True)
            await asyncio.sleep(0.5)

    task = asyncio.create_task(renew())
    await asyncio.sleep(0)
    try:
        yield
    finally:
        task.cancel()


def table_step(session: MatchSession) -> bool:
    """What the table's device (and Marie's phone) does next: a deal, the computer's move, Paul's go when no card
    of his fits, Marie's choice. False when Paul must choose (or the deal is being shown). The table's device
    holds its turn to drive (renewed at each step), as its app does while its screen is open."""
    drive(session.store, session.match_id, "the table's device", table=True)
    session.reload()
    match = session.match
    if match.phase in ("show", "game_over", "match_over"):
        return False
    players = importlib.import_module(registry.get("cribbage").players or "")
    op = players.next_op(match, ["normal", "human", "normal"])  # Marie chooses as the normal player would
    if op is None:
        return False
    session.apply(op)
    return True


async def test_a_players_phone_shows_his_own_hand_only_through_a_whole_deal(tmp_path):
    path = tmp_path / "companion.sqlite3"
    table = Store.open(path)
    match_id = three_player_match(table)
    table.bind_seat(match_id, 0)
    binding = table.bind_seat(match_id, 1)
    session = MatchSession(table, match_id)
    drive(table, match_id, "the table's device", table=True)  # open before Paul's phone: the table's deals
    phone = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=match_id, seat=(1, binding))
    seen_paul_turn = 0
    looked_at_log = False
    async with phone.run_test(size=(45, 45)) as pilot:
        screen = await seat_shown(pilot, phone, 1)
        assert type(screen).__name__ == "CribbageScreen"
        assert not screen.query_one("#phones").display  # a seat's device gives no seats
        for _ in range(200):
            while table_step(session):
                pass
            await until(pilot, lambda: screen.match.log == session.match.log)  # the phone follows the store
            match = screen.match
            own = [format_card(card, "symbol", "en") for card in
                   (match.hand(1) if match.phase in ("discard", "play") else ())]
            await until(pilot, lambda own=own: all(card in screen_text(phone) for card in own))  # his own hand, drawn
            text = screen_text(phone)
            leaked = {card for card in hidden_from(match, 1) if card in text}
            assert not leaked, f"Paul's phone shows {leaked} at {match.phase}:\n{text}"
            if match.phase in ("show", "game_over", "match_over"):
                break
            assert 1 in match.awaiting()
            assert screen.acting_human() == 1
            seen_paul_turn += 1
            if match.phase == "play" and not looked_at_log:  # the log, mid-deal: the table's moves only
                looked_at_log = True
                await tap(pilot, "#log")
                await pilot.pause()
                text = screen_text(phone)
                assert type(phone.screen).__name__ == "HistoryScreen"
                leaked = {card for card in hidden_from(match, 1) if card in text}
                assert not leaked, f"Paul's log shows {leaked}:\n{text}"
                await pilot.press("escape")
                await pilot.pause()
                assert phone.screen is screen
            op = importlib.import_module("companion.games.cribbage.players").next_op(match, ["normal"] * 3)
            await tap_choice(pilot, screen, op)
            session.reload()
            assert session.match.log[-1] == op, "Paul's tap did not reach the store"
        else:
            raise AssertionError("the deal never reached its show")
        assert seen_paul_turn >= 3  # his discard and his cards of the play
    table.close()


async def test_a_seat_given_to_a_new_phone_lets_the_old_one_go(tmp_path):
    path = tmp_path / "companion.sqlite3"
    table = Store.open(path)
    match_id = three_player_match(table)
    old = table.bind_seat(match_id, 1)
    table.bind_seat(match_id, 1)  # the organiser showed Paul's code again: a new phone
    phone = CompanionApp(Store.open(path), settings=Settings(lang="en"), served=True, only_match=match_id,
                         seat=(1, old))
    async with phone.run_test(size=(45, 45)) as pilot:
        await until(pilot, lambda: type(phone.screen).__name__ == "TabletHomeScreen" and phone.screen.query("#trouble"))
        assert not phone.screen.query("#open")
        assert str(phone.screen.query_one("#trouble").render()) == LET_GO.text("en")
    table.close()


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


# ---------------------------------------------------------------- every other game: a phone through a round
def _le31_hidden(match, seat: int) -> set[str]:
    r = match.r
    hands = r.hands if r is not None and r.hands is not None else []
    return {match.deck.label(c, lang) for s, hand in enumerate(hands) if s != seat for c in hand
            for lang in ("en", "fr")}


def _trente_hidden(match, seat: int) -> set[str]:
    """The others' cards that were never face up (a card thrown on the pile, or taken from the face-up three,
    was seen by all)."""
    from companion.games.trente_et_un.ops import Discard as Thrown
    from companion.games.trente_et_un.ops import Exchange

    play = match.play
    hands = play.hands if play is not None and play.hands is not None else []
    seen = {op.card for op in match.log if isinstance(op, Thrown)}
    seen |= {c for op in match.log if isinstance(op, Exchange) for c in op.give + op.take}
    return {c.display(lang) for s, hand in enumerate(hands) if s != seat and hand for c in hand if c not in seen
            for lang in ("en", "fr")}


def _rummy_hidden(match, seat: int) -> set[str]:
    bp = match.bp
    if bp is None:
        return set()
    # Two packs: a card's twin may be in his hand, laid on the table or on the pige, in sight of all.
    seen = [c for c in bp.hands[seat] if c is not None] + list(bp.pige) + [c for groups in bp.laid for group in groups
                                                                           for c in group]
    seen += [c for shown in bp.shown for c in shown] + ([bp.indicator] if bp.indicator is not None else [])
    twins = {c.display(lang) for c in seen for lang in ("en", "fr")}
    return {c.display(lang) for s, hand in enumerate(bp.hands) if s != seat for c in hand if c is not None
            for lang in ("en", "fr")} - twins


PHONE_GAMES = {
    "le31": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _le31_hidden),
    "trente_et_un": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _trente_hidden),
    "rummy2500": (("Marie", "Paul", "Ordi", "Robot"), ("human", "human", "normal", "normal"), _rummy_hidden),
}


@pytest.mark.parametrize("game_id", PHONE_GAMES)
async def test_a_players_phone_in_every_game_shows_nothing_hidden_from_him(tmp_path, game_id):
    names, kinds, hidden = PHONE_GAMES[game_id]
    game = registry.get(game_id)
    players = importlib.import_module(game.players or "")
    path = tmp_path / "companion.sqlite3"
    table = Store.open(path)
    setup = Setup(names, game.make_rules(len(names), {}), 0, "virtual", 11, kinds)
    match_id = MatchSession.create(table, setup, game).match_id
    table.bind_seat(match_id, 0)
    binding = table.bind_seat(match_id, 1)
    session = MatchSession(table, match_id)
    phone = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=match_id, seat=(1, binding))
    at_table = [k if s != 1 else "human" for s, k in enumerate(["normal"] * len(names))]
    turns = 0
    async with table_device_open(table, match_id), phone.run_test(size=(45, 45)) as pilot:
        screen = await seat_shown(pilot, phone, 1)
        for _ in range(300):
            session.reload()
            if any(event.report for event in session.match.events):
                break  # the first round is over: its end is public
            op = players.next_op(session.match, at_table)
            if op is not None:  # the table's device (and Marie's phone) moves
                session.apply(op)
                continue
            await until(pilot, lambda: screen.match.log == session.match.log)  # Paul's phone follows the table
            match = screen.match
            assert screen.acting_human() == 1
            text = screen_text(phone)
            leaked = {card for card in hidden(match, 1) if card in text.split()}
            assert not leaked, f"Paul's phone shows {leaked}:\n{text}"
            turns += 1
            mine = players.next_op(match, ["normal"] * len(names))
            assert screen.human_op(mine), mine  # what his taps end in
            await pilot.pause()
        else:
            raise AssertionError("the first round never ended")
        assert turns >= 1
    table.close()


# ---------------------------------------------------------------- at a real table: each enters his own plays
async def test_at_a_real_table_a_players_phone_enters_his_own_plays_only(tmp_path):
    from tests.app.test_browser import _mid_play_match
    from tests.helpers.scripted import tap_card, until

    match_id, plays = _mid_play_match(tmp_path)
    path = tmp_path / "companion.sqlite3"
    store = Store.open(path)
    turn = plays[0].seat
    other = 1 - turn
    head = len(store.ops(match_id))
    for seat, expected in ((other, head), (turn, head + 1)):
        binding = store.bind_seat(match_id, seat)
        phone = CompanionApp(Store.open(path), settings=Settings(lang="en"), served=True, only_match=match_id,
                             seat=(seat, binding))
        async with phone.run_test(size=(45, 45)) as pilot:
            await until(pilot, lambda p=phone: type(p.screen).__name__ == "CribbageScreen" and p.screen.query("#keypad #rank-13"))
            screen = phone.screen
            await tap_card(pilot, plays[0].card)
            if seat == other:  # refused: said on his phone (a message shown on opening is not that)
                await until(pilot, lambda s=screen: s.message is not None and s.message[1] == "error")
            else:
                await until(pilot, lambda: len(store.ops(match_id)) != head)
            assert len(store.ops(match_id)) == expected
            if seat == other:  # the other player's card, tapped on this phone: refused, with whose it is
                name = screen.match.names[turn]
                said, css = screen.message
                assert css == "error" and said.text("en").startswith(f"This is {name}'s to enter")
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
async def test_an_undo_waits_for_the_players_whose_moves_it_takes_back(tmp_path):
    """Paul lays away first, then Marie: Paul's undo (back to before the last human choice, Marie's) waits for
    Marie to agree on her phone, then is made on his. The table's device asking to take back Paul's lay-away:
    his phone asks him; « No » keeps it, « Yes » lets the table undo it. His undo of his own move asks nobody."""
    from companion.tui.dialogs.choice import ChoiceDialog

    path = tmp_path / "companion.sqlite3"
    table = Store.open(path)
    match_id = three_player_match(table)
    bindings = {seat: table.bind_seat(match_id, seat) for seat in (0, 1)}
    session = MatchSession(table, match_id)
    phone = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=match_id, seat=(1, bindings[1]))
    players = importlib.import_module("companion.games.cribbage.players")

    async def lay_away() -> Discard:
        op = players.next_op(screen.match, ["human", "normal", "human"])  # what Paul would lay away
        assert isinstance(op, Discard) and op.seat == 1
        await tap_choice(pilot, screen, op)
        return op

    async with table_device_open(table, match_id), phone.run_test(size=(45, 45)) as pilot:
        screen = await seat_shown(pilot, phone, 1)
        assert table_step(session)  # the deal
        await until(pilot, lambda: screen.match.log == session.match.log)
        mine = await lay_away()
        while table_step(session):  # Marie lays away, Ordi too, the cut, the play up to Paul's turn
            pass
        await until(pilot, lambda: screen.match.log == session.match.log)
        session.reload()
        marie = next(i for i, op in enumerate(session.match.log) if isinstance(op, Discard) and op.seat == 0)
        head = len(session.match.log)
        await tap(pilot, "#undo")
        assert "Asked Marie to agree" in words_on(phone)
        assert len(screen.match.log) == head  # not yet undone
        answer_undo(table, match_id, head, 0, agree=True)  # Marie, on her phone
        await until(pilot, lambda: "Undone, as Marie agreed" in words_on(phone))
        session.reload()
        assert len(session.match.log) == marie and session.match.log[-1] == mine  # his own lay-away stays
        assert undo_request(table, match_id) is None

        head = len(session.match.log)
        for agree in (False, True):  # the table's device asks to take back Paul's lay-away
            ask_undo(table, match_id, UndoRequest(head, head - 1, "the table's device", "", (1,)))
            await until(pilot, lambda: "The table's device asks to take back your last move" in words_on(phone))
            assert isinstance(phone.screen, ChoiceDialog)  # Paul's phone asks him
            await tap(pilot, "#answer-0" if agree else "#answer-1")
            await pilot.pause()
            asked = undo_request(table, match_id)
            assert asked is not None and asked.agreed_by_all == agree and (asked.refused == 1) != agree
        session.undo()  # what the table's device does once he agreed
        drop_undo(table, match_id)
        await until(pilot, lambda: len(screen.match.log) == head - 1)
        assert screen.acting_human() == 1  # his to lay away again

        await lay_away()
        await tap(pilot, "#undo")  # his own choice only: undone at once, nobody asked
        await pilot.pause()
        assert len(screen.match.log) == head - 1 and undo_request(table, match_id) is None
    table.close()


async def test_with_no_tables_device_the_players_phones_deal_and_move_the_computer(tmp_path):
    """A table of phones and no tablet: one phone takes the turn to deal and to move for Ordi (the lease), and the
    deal goes on to its show with each human's choices tapped on his own phone."""
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        match_id = three_player_match(store)
        binding = store.bind_seat(match_id, 1)
        store.bind_seat(match_id, 0)
    marie = MatchSession(Store.open(path), match_id)  # Marie's phone, played by the test through the store
    phone = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=match_id, seat=(1, binding))
    players = importlib.import_module("companion.games.cribbage.players")

    def stored() -> int:
        marie.reload()
        return len(marie.match.log)

    def someone_to_act() -> bool:
        """Marie must choose (on her phone), or Paul's phone shows his turn, or the deal is being shown."""
        marie.reload()
        match = marie.match
        op = players.next_op(match, ["normal"] * 3)
        return (match.phase in ("show", "game_over", "match_over")
                or (op is not None and 0 in match.awaiting() and match.chooser(op) == 0)
                or (screen.match.log == match.log and screen.acting_human() == 1))

    async with phone.run_test(size=(45, 45)) as pilot:
        screen = await seat_shown(pilot, phone, 1)
        for _ in range(100):
            await until(pilot, someone_to_act, timeout=30)  # meanwhile Paul's phone deals and moves for Ordi
            match = marie.match
            if match.phase in ("show", "game_over", "match_over"):
                break
            op = players.next_op(match, ["normal"] * 3)
            before = len(match.log)
            if 0 in match.awaiting() and op is not None and match.chooser(op) == 0:
                marie.apply(op)  # Marie's own choice, on her phone
            elif isinstance(op, Discard | Play) and op.seat == 1:
                await tap_choice(pilot, screen, op)
                await until(pilot, lambda before=before: stored() > before, timeout=30)  # his tap, saved
            else:  # nothing for the test to tap (Paul's forced go, say): his phone moves, so wait for it
                await until(pilot, lambda before=before: stored() > before, timeout=30)
        else:
            raise AssertionError("the deal never reached its show")
        assert screen.drives  # Paul's phone drove: nobody else could
    marie.store.close()

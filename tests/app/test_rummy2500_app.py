"""2500's one match screen (issue 38): the same screen at a real table and against the computer, its play keys and
the hand's cards lit from the seat's choices, and a play typed while another plays refused with the reason."""

from __future__ import annotations

from companion.core.cards import parse_cards
from companion.games.base import Setup
from companion.games.rummy2500.ops import DrawStock, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.players import next_op
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.store.session import MatchSession
from companion.tui.game_ui import ui_for
from companion.tui.games.rummy2500.screen import Rummy2500Screen
from companion.tui.widgets.hand import HandRow
from tests.helpers.journeys import tap, until
from tests.helpers.scripted import make_app, message, settle_virtual

G = parse_cards
NAMES = ("Ann", "Hal")
PLAY_KEYS = ("stock", "pige", "trio", "layoff", "throw")


def one(code: str):
    return G(code)[0]


def lit_keys(screen) -> set[str]:
    return {key for key in PLAY_KEYS if not screen.query_one(f"#{key}").disabled}


def lit_cards(screen) -> list[str]:
    return sorted(card.code for card, key in zip(screen.slot_cards, screen.query("#hand Button"), strict=False)
                  if card is not None and not key.disabled)


def dealt(session: MatchSession) -> None:
    """The app's deal and the computers' moves, up to the first human's choice."""
    kinds = [session.setup.seat_kind(s) for s in range(session.match.players)]
    while (op := next_op(session.match, kinds)) is not None:
        session.apply(op)


async def test_one_screen_plays_both_modes(tmp_path):
    """2500 had a screen for each mode: one screen now, the keypad and the keeper's keys (Brasse, Turn by turn) at a
    real table, the hand in virtual play, the play keys in both."""
    app = make_app(tmp_path, pace=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        for mode, kinds in (("table", ("human", "human")), ("virtual", ("human", "easy"))):
            session = MatchSession.create(app.store, Setup(NAMES, Rummy2500Rules(), 0, mode, 4, kinds), "rummy2500")
            screen = ui_for("rummy2500").match_screen(session)
            assert type(screen) is Rummy2500Screen
            app.push_screen(screen)
            await until(pilot, lambda s=screen: app.screen is s and s.is_mounted)
            assert all(bool(screen.query(key)) == (mode == "table") for key in ("#keypad", "#brasse", "#turns"))
            assert bool(screen.query("#hand")) == (mode == "virtual")
            assert all(screen.query(f"#{key}") for key in PLAY_KEYS)
            app.pop_screen()


async def test_the_virtual_keys_and_hand_are_lit_from_the_seats_choices(tmp_path):
    """Seed 4: Ann may draw from the stock, or take the pige's 5 with her 5♣ 5♠. Before her draw only Stock and
    Pige are lit, and only her two 5s (any other card typed is refused: draw first); her pair and Pige take the 5;
    then Stock and Pige are greyed, and Discard is lit."""
    app = make_app(tmp_path, pace=0.0)
    async with app.run_test(size=(110, 44)) as pilot:
        setup = Setup(NAMES, Rummy2500Rules(), 0, "virtual", 4, ("human", "easy"))
        session = MatchSession.create(app.store, setup, "rummy2500")
        screen = ui_for("rummy2500").match_screen(session)
        app.push_screen(screen)
        await settle_virtual(pilot, screen)
        match = session.match
        assert screen.acting_human() == 0 and not match.bp.drawn
        assert lit_keys(screen) == {"stock", "pige"}
        assert lit_cards(screen) == ["5C", "5S"]
        other = next(c for c in match.bp.hands[0] if c.rank != one("5C").rank)
        screen.interpret(other.code)
        await pilot.pause()
        assert "draw first" in message(screen) and screen.selected == []
        head = len(match.log)
        for code in ("5C", "5S"):
            await tap(pilot, screen.query_one("#hand", HandRow).slot_of(one(code)))
        await tap(pilot, "#pige")
        await until(pilot, lambda: len(match.log) > head)
        taken = match.log[head]
        assert isinstance(taken, TakePige) and taken.pair == (one("5C"), one("5S"))
        await settle_virtual(pilot, screen)
        assert match.bp.drawn and match.bp.turn == 0
        assert {"stock", "pige"}.isdisjoint(lit_keys(screen)) and "throw" in lit_keys(screen)


async def test_while_a_player_plays_on_his_phone_a_play_typed_at_the_table_is_refused_with_the_reason(tmp_path):
    """The table's tablet while Hal chooses on his phone: no key of a hand is lit, the play keys hidden, and a play
    Ann types at the table is refused with the reason (it was dropped in silence), nothing entered."""
    from companion.store.database import Store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp

    setup = Setup(NAMES, Rummy2500Rules(), 0, "virtual", 4, ("human", "human"))
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = MatchSession.create(store, setup, "rummy2500")
        dealt(session)
        assert session.match.awaiting() == (1,)
        store.bind_seat(session.match_id, 1)
    table = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=session.match_id)
    async with table.run_test(size=(60, 40)) as pilot:
        await until(pilot, lambda: getattr(table.screen, "virtual", False) and table.screen.is_mounted
                    and "Hal is playing on their phone" in str(table.screen.query_one("#prompt").render()))
        screen = table.screen
        head = len(screen.match.log)
        assert screen.shown_seat is None and not screen.query_one("#plays").display
        assert not [key for key in screen.query("#hand Button") if key.display and not key.disabled]
        screen.interpret("stock")
        await until(pilot, lambda: screen.message is not None)
        assert "not now" in message(screen) and len(screen.match.log) == head
    table.store.close()


async def test_at_a_real_table_the_play_keys_are_lit_from_the_choices(tmp_path):
    """Bob to play, before his draw: Stock and Pige lit, the others greyed; a trio typed is refused (draw first)
    and his taps stay selected. After his draw Stock and Pige are greyed, and « stock » typed says he has drawn."""
    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"), "rummy2500")
    for op in (OpenBrasse(tuple(G("8H 6S")), one("7D")), DrawStock(1), Meld(1, tuple(G("QS QH QD"))),
               Throw(1, one("6S")), DrawStock(0), Throw(0, one("5H"))):
        session.apply(op)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = ui_for("rummy2500").match_screen(session)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted)
        assert session.match.to_act == 1 and lit_keys(screen) == {"stock", "pige"}
        screen.interpret("9c")
        screen.interpret("trio 7h 7s 7d")
        await pilot.pause()
        assert "draw first" in message(screen) and screen.selected == [one("9C")]
        await tap(pilot, "#stock")
        await until(pilot, lambda: session.match.bp.drawn)
        assert lit_keys(screen) == {"trio", "layoff", "throw"} and screen.selected == []
        screen.interpret("stock")
        await pilot.pause()
        assert "already drawn" in message(screen)


async def test_a_play_no_target_takes_is_refused_with_the_rules_reason(tmp_path):
    """At a real table, with the house rule « go out by a discard only »: Ann deals and turns 3♥ (the frime is 3),
    Bob turns 6♠, the pige starts with 7♦. Bob's kings find no king in the pige; his 7s take the 7♦. Ann lays 7♣ 7♠
    with her 3♥ and holds one card: her 9♣ goes on no trio, and her 7♥, which both trios of 7s would take, must stay
    for her discard. Each is typed as a whole play, and refused with the rules' reason."""
    app = make_app(tmp_path)
    rules = Rummy2500Rules(must_discard_to_go_out=True)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), rules, 0, "table"), "rummy2500")
    session.apply(OpenBrasse(tuple(G("3H 6S")), one("7D")))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = ui_for("rummy2500").match_screen(session)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted)
        screen.interpret("pige ks kh")
        await pilot.pause()
        assert message(screen) == "the pige holds no K for this pair"
        for line in ("pige 7s 7h", "throw 6s", "stock", "trio 7c 7s 3h"):
            screen.interpret(line)
            await pilot.pause()
        match = session.match
        assert match.bp.laid == [[G("7C 7S 3H")], [G("7D 7S 7H")]] and len(match.bp.hands[0]) == 1
        head = len(match.log)
        screen.interpret("off 9c")
        await pilot.pause()
        assert message(screen) == "no trio on the table takes 9♣"
        screen.interpret("off 7h")
        await pilot.pause()
        assert message(screen) == "keep a card: one goes out by a discard (house rule)"
        assert len(match.log) == head

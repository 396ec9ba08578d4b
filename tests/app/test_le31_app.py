"""Le 31 in the app: a whole round entered at the table by taps, and a match kept by quick tally."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.base import Setup
from companion.games.le31.engine import Le31Match, deal_virtual
from companion.games.le31.ops import Capture, Deal, Raise
from companion.games.le31.rules import Le31Rules
from companion.store.session import MatchSession
from companion.tui.games.le31.play_dialog import PlayDialog
from companion.tui.games.le31.quick import QuickTallyDialog
from companion.tui.games.le31.screen import Le31Screen
from companion.tui.widgets.hand import HandRow
from tests.helpers.scripted import make_app

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



async def open_le31(pilot, app) -> Le31Screen:
    """A new Le 31 match at the table (Ann and Bob, Ann deals), its screen open."""
    session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0), "le31")
    app.push_screen(Le31Screen(session))
    await pilot.pause()
    return app.screen


async def test_a_whole_round_entered_by_taps(tmp_path):
    plays = a_virtual_round(seed=11)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_le31(pilot, app)
        session = screen.session
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
        session = (await open_le31(pilot, app)).session
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
        session = (await open_le31(pilot, app)).session
        await pilot.click("#quick")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#cards").value = "60"
        await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is dialog and "add up to 52" in str(dialog.query_one("#error").render())
        assert not session.match.log


async def test_plays_typed_at_the_wrong_moment_are_refused_with_the_reason(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_le31(pilot, app)
        session = screen.session

        def said() -> str:
            return str(screen.query_one("#message").render())

        screen.interpret("6r x 2b")  # a whole play while the 4 table cards are entered: not a table card
        await pilot.pause()
        assert screen.pending_table == [] and "4 cards laid face up" in said()
        for code in ("2b", "3g", "5y", "9r"):
            screen.interpret(code)
        await pilot.pause()
        for code in ("5b", "7y", "1g", "4g", "8r", "8b", "6b", "6g"):  # deal 1: eight cards laid down
            screen.interpret(f"{code} -")
        await pilot.pause()
        assert session.match.phase == "deal" and len(session.match.log) == 9
        screen.interpret("7r -")  # before « donner »: refused, not dropped in silence
        await pilot.pause()
        assert "dealt first" in said() and len(session.match.log) == 9
        screen.interpret("7r")
        await pilot.pause()
        assert "dealt first" in said()
        screen.interpret("7r ? 8")  # the syntax message keeps its [N]: how to take a build
        await pilot.pause()
        assert "[N]" in said()


async def test_a_table_card_typed_twice_is_refused_at_once_and_a_mistyped_one_is_taken_back(tmp_path):
    """A player's found mistake: 3r typed twice among the first deal's four was taken, and once the four were in,
    the refused deal left the screen stuck with no way to remove a card. Now the second 3R is refused as it is
    typed; Undo, Backspace in the empty entry line and « efface » each take back the last card typed."""
    app = make_app(tmp_path, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_le31(pilot, app)
        session = screen.session

        def said() -> str:
            return str(screen.query_one("#message").render())

        for code in ("3r", "3r"):
            screen.interpret(code)
        await pilot.pause()
        assert [c.code for c in screen.pending_table] == ["3R"] and "3R est déjà sur la table" in said()
        for code in ("8j", "6b"):
            screen.interpret(code)
        await pilot.pause()
        assert not screen.query_one("#undo").disabled and not session.match.log  # a card to take back
        await pilot.press("ctrl+z")  # Undo: the last card typed, not an entry (there is none)
        await pilot.pause()
        assert [c.code for c in screen.pending_table] == ["3R", "8Y"]
        await pilot.press("backspace")  # the entry line is empty and has the focus
        await pilot.pause()
        assert [c.code for c in screen.pending_table] == ["3R"]
        screen.interpret("efface")
        await pilot.pause()
        assert screen.pending_table == [] and screen.query_one("#undo").disabled
        for code in ("3r", "8j", "6b", "2v"):
            screen.interpret(code)
        await pilot.pause()
        assert session.match.phase == "play" and [c.code for c in session.match.r.loose] == ["3R", "8Y", "6B", "2G"]
        assert screen.pending_table == []
        screen.interpret("annuler")  # the fourth card was the wrong one: Undo takes back that card only
        await pilot.pause()
        assert not session.match.log and [c.code for c in screen.pending_table] == ["3R", "8Y", "6B"]
        screen.interpret("2v")
        await pilot.pause()
        assert session.match.phase == "play" and [c.code for c in session.match.r.loose] == ["3R", "8Y", "6B", "2G"]
        stored = MatchSession(app.store, session.match_id).match
        assert stored.log == session.match.log


async def test_a_tables_own_deck_is_chosen_in_the_setup_and_kept_with_the_match(tmp_path):
    from tests.helpers.journeys import choose, open_setup, start

    decks = tmp_path / "le31-decks"
    decks.mkdir()
    doc = (Path(__file__).resolve().parents[2] / "docs" / "le31-deck.md").read_text(encoding="utf-8")
    (decks / "Madeira.json").write_text(doc.split("```json", 1)[1].split("```", 1)[0], encoding="utf-8")
    (decks / "broken.json").write_text("{", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await open_setup(pilot, "le31")
        await choose(pilot, "deck-file", str(decks / "broken.json"))
        await pilot.click("#start")
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen" and "not usable" in str(app.screen.query_one("#error").render())
        await choose(pilot, "deck-file", str(decks / "Madeira.json"))
        await start(pilot, mode="table")
        match = app.screen.session.match
        assert match.deck.size == 36 and match.r.deals == 4
    reopened = MatchSession(app.store, app.store.list_matches()[0].id).match
    assert reopened.deck.size == 36


async def test_laying_a_card_down_is_not_the_lit_choice_while_it_could_take(tmp_path):
    """A player's careless tap on the blue key laid down a 9 that could take the table's 9: while a table card
    can still be chosen, « Lay down » is a plain key; once nothing can be taken, it is the lit one."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_le31(pilot, app)
        for code in ("5b", "2g", "9y", "9r"):
            screen.interpret(code)
        await pilot.pause()
        screen.interpret("9b")  # Bob's 9: it takes a 9, or 2 + … builds; or it is laid down
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PlayDialog)
        keys = [button for button in dialog.query("#plays Button")]
        assert [str(b.label) for b in keys] == ["Lay 9B down"] and keys[0].variant == "default"
        await pilot.click("#loose-2")  # the yellow 9: taking it is now offered, and lit
        await pilot.pause()
        plays = {str(b.label): b.variant for b in dialog.query("#plays Button")}
        assert any(variant == "primary" and "9Y" in label for label, variant in plays.items()), plays


async def test_the_play_dialogs_table_cards_are_reached_by_keyboard(tmp_path):
    """A player at a keyboard could Tab only between « Lay down » and Cancel: the table's cards took no focus."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_le31(pilot, app)
        for code in ("5b", "2g", "9y", "9r"):
            screen.interpret(code)
        screen.interpret("9b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PlayDialog)
        for _ in range(12):
            if dialog.focused is not None and dialog.focused.id == "loose-2":
                break
            await pilot.press("tab")
        assert dialog.focused is not None and dialog.focused.id == "loose-2"
        await pilot.press("enter")  # the yellow 9
        await pilot.pause()
        seen = []
        for _ in range(12):
            focused = dialog.focused
            seen.append((getattr(focused, "id", None), str(getattr(focused, "label", ""))))
            if focused is not None and "9Y" in str(getattr(focused, "label", "")) and focused.id.startswith("play-"):
                break
            await pilot.press("tab")
        else:
            raise AssertionError(seen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and [c.code for c in screen.match.r.piles[1]] == ["9B", "9Y"]


def committed_to_take(seed: int = 0) -> tuple[Setup, list]:
    """A virtual match (Ann human, Hal a computer) played by the normal computer for both, up to Ann's first turn
    with a card that has no play: seed 0, Ann built 5 and must take it (her 5G; her 1R and 7Y cannot be played)."""
    from companion.games.le31.players import next_op

    setup = Setup(NAMES, Le31Rules(), 0, "virtual", seed, ("human", "normal"))
    match = Le31Match(setup)
    while not (match.phase == "play" and match.r.turn == 0 and match.r.build(5) is not None):
        match.apply(next_op(match, ["normal", "normal"]))
    return setup, list(match.log)


async def test_one_screen_plays_both_modes(tmp_path):
    """Le 31 had a screen for each mode: one screen now, the keypad and the keeper's keys at a real table, the hand
    in virtual play."""
    from companion.tui.game_ui import ui_for
    from tests.helpers.journeys import until

    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 34)) as pilot:
        for mode, kinds in (("table", ("human", "human")), ("virtual", ("human", "easy"))):
            session = MatchSession.create(app.store, Setup(NAMES, Le31Rules(), 0, mode, 3, kinds), "le31")
            screen = ui_for("le31").match_screen(session)
            assert type(screen) is Le31Screen
            app.push_screen(screen)
            await until(pilot, lambda s=screen: app.screen is s and s.is_mounted)
            keys = ("#keypad", "#deal", "#quick")
            assert all(bool(screen.query(key)) == (mode == "table") for key in keys)
            assert bool(screen.query("#hand")) == (mode == "virtual")
            app.pop_screen()


async def test_the_virtual_hand_lights_only_the_cards_its_choices_play(tmp_path):
    """Ann built 5 and must take it: her 5 is lit, her other cards are greyed (a tap on them did nothing but say
    no); typed, one of them is refused with the reason, and her 5 takes the build by taps."""
    from companion.tui.game_ui import ui_for
    from tests.helpers.journeys import until
    from tests.helpers.scripted import settle_virtual

    setup, log = committed_to_take()
    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 34)) as pilot:
        session = MatchSession.create(app.store, setup, "le31")
        for op in log:
            session.apply(op)
        screen = ui_for("le31").match_screen(session)
        app.push_screen(screen)
        await settle_virtual(pilot, screen)
        assert screen.acting_human() == 0
        keys = {str(key.label): key.disabled for key in screen.query("#hand Button") if key.display}
        assert keys == {"1R": True, "5G": False, "7Y": True}
        screen.interpret("7y")
        await pilot.pause()
        assert "Ann must take it this turn" in str(screen.query_one("#message").render())
        await pilot.click(screen.query_one("#hand", HandRow).slot_of(screen.match.deck.parse("5G")))
        await until(pilot, lambda: isinstance(app.screen, PlayDialog))
        dialog = app.screen
        assert [key.id for key in dialog.query("#table-keys Button") if not key.disabled] == ["build-5"]
        await pilot.click("#build-5")
        await until(pilot, lambda: bool(dialog.offered))
        assert dialog.offered == [Capture(0, screen.match.deck.parse("5G"), (), True)]
        await pilot.click("#play-0")
        await until(pilot, lambda: len(session.match.log) > len(log))
        assert session.match.log[len(log)] == Capture(0, screen.match.deck.parse("5G"), (), True)


async def test_while_a_player_plays_on_his_phone_a_play_typed_at_the_table_is_refused_with_the_reason(tmp_path):
    """The table's tablet while Bob chooses on his phone: no key of a hand is lit, and a play Ann types at the table
    is refused with the reason (it was dropped in silence), nothing entered."""
    from companion.store.database import Store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from tests.helpers.journeys import until

    setup, log = committed_to_take()
    setup = Setup(setup.names, setup.rules, setup.first_dealer, "virtual", setup.seed, ("human", "human"))
    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = MatchSession.create(store, setup, "le31")
        for op in (*log, Capture(0, session.match.deck.parse("5G"), (), True)):
            session.apply(op)
        store.bind_seat(session.match_id, 1)
    table = CompanionApp(Store.open(path), settings=Settings(lang="en", pace=0.0), served=True,
                         only_match=session.match_id)
    async with table.run_test(size=(60, 40)) as pilot:
        await until(pilot, lambda: getattr(table.screen, "virtual", False) and table.screen.is_mounted
                    and "Bob is playing on their phone" in str(table.screen.query_one("#prompt").render()))
        screen = table.screen
        assert screen.match.r.turn == 1 and screen.shown_seat is None
        assert not [key for key in screen.query("#hand Button") if key.display and not key.disabled]
        screen.interpret("1r -")
        await until(pilot, lambda: screen.message is not None)
        assert "not now" in str(screen.query_one("#message").render())
        assert len(screen.match.log) == len(log) + 1
    table.store.close()

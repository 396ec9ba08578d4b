"""Trente-et-un at a real table: each hand's cards as the players show them, checked as they are typed."""

from __future__ import annotations

from companion.games.base import Setup
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.store.session import MatchSession
from companion.tui.game_ui import ui_for
from tests.helpers.scripted import make_app, screen_text


async def open_table(pilot, app, game: str, rules):
    session = MatchSession.create(app.store, Setup(("Ann", "Bob", "Cy"), rules, 0), game)
    app.push_screen(ui_for(game).match_screen(session))
    await pilot.pause()
    return app.screen


async def test_a_card_already_shown_or_outside_the_pack_is_refused_as_it_is_typed(tmp_path):
    """A player's found mistakes: « ah kh » then « ah » gave « A♥ K♥ A♥ — 32 in hearts », and a 2♠ went into a
    hand of the 32-card pack. Each is now refused as it is typed, with the showdown's own reason; what follows a
    refused card on the line is not entered; Backspace in the empty entry line takes back the last card."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, app, "trente_et_un", KnockRules())

        def said() -> str:
            return str(screen.query_one("#message").render())

        def hands() -> dict[int, list[str]]:
            return {seat: [c.code for c in cards] for seat, cards in screen.hands.items() if cards}

        first = screen._current()
        screen.interpret("ah kh")
        screen.interpret("ah")
        await pilot.pause()
        assert hands() == {first: ["AH", "KH"]} and "A♥ is in the hand twice" in said()
        screen.interpret("qh")
        screen.interpret("ah 10s")  # the next hand: A♥ is Ann's, and 10♠ is not entered after it
        await pilot.pause()
        assert hands() == {first: ["AH", "KH", "QH"]} and "A♥ is in two hands" in said()
        await pilot.press("backspace")
        await pilot.pause()
        assert hands() == {first: ["AH", "KH"]}
        app.pop_screen()

        banker = await open_table(pilot, app, "trente_et_un_banker", BankerRules())  # the 32-card pack
        app.lang = "fr"
        await pilot.pause()
        banker.interpret("2p 8p 9p")  # in French: pique
        await pilot.pause()
        assert not any(banker.hands.values())
        assert "2♠ n'est pas dans le jeu de 32 cartes (7 à l'as)" in str(banker.query_one("#message").render())


async def test_undo_of_a_showdown_gives_back_its_nine_cards_to_fix_one(tmp_path):
    """A player found that Undo after Show wiped the nine cards entered: they come back, with who knocked, so that
    one card is fixed and the hands shown again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_table(pilot, app, "trente_et_un", KnockRules())
        screen.interpret("ah kh qh 2c 3c 4d 9s 9d 7h")
        await pilot.pause()
        entered = {seat: list(cards) for seat, cards in screen.hands.items()}
        assert sum(len(cards) for cards in entered.values()) == 9
        await pilot.click("#show")
        await pilot.pause()
        shown = list(screen.match.log)
        assert len(shown) == 1 and not any(screen.hands.values())
        screen.interpret("undo")
        await pilot.pause()
        assert screen.hands == entered and not screen.match.log
        await pilot.click("#show")
        await pilot.pause()
        assert screen.match.log == shown


SIZES = ((80, 24), (128, 40))


def said(screen) -> str:
    return str(screen.query_one("#message").render())


async def test_31_typed_before_any_start_ends_the_deal_and_asks_for_the_hands(tmp_path):
    """A player typed « 31 Bob » first, before any « début », and read only « aucune donne n'est jouée tour par
    tour ». The 31 is shown right after the deal: the deal ends and the hands are asked for. « 31 » alone asks whose
    31 it is, and a turn typed before any start says which word starts the deal."""
    for lang, size in (("fr", SIZES[0]), ("en", SIZES[1])):
        app = make_app(tmp_path / lang, lang=lang)
        async with app.run_test(size=size) as pilot:
            screen = await open_table(pilot, app, "trente_et_un", KnockRules())
            screen.interpret("cogne")
            await pilot.pause()
            assert ("tapez début et la carte retournée (début 5c)" if lang == "fr"
                    else "type start and the card turned up (start 5h)") in said(screen)
            screen.interpret("31")
            await pilot.pause()
            assert ("qui a 31 ? tapez 31 et son nom (31 Ann)" if lang == "fr"
                    else "who has 31? type 31 and the name (31 Ann)") in said(screen)
            assert not screen.match.log
            screen.interpret("31 Bob")
            await pilot.pause()
            assert screen.match.play is not None and screen.match.play.claimer == 1
            assert ("Bob montre 31" if lang == "fr" else "Bob shows 31") in said(screen)
            # Bob (after the dealer, Ann), Cy, then Ann
            screen.interpret("ap rp vp 2c 3c 4k 7t 8t 2t" if lang == "fr" else "as ks js 2h 3h 4d 7c 8c 2c")
            await pilot.click("#show")
            await pilot.pause()
            assert screen.match.tokens == [3, 2, 3] and screen.match.play is None

        banker = make_app(tmp_path / f"banker-{lang}", lang=lang)
        async with banker.run_test(size=size) as pilot:
            screen = await open_table(pilot, banker, "trente_et_un_banker", BankerRules())
            screen.interpret("passe" if lang == "fr" else "pass")
            await pilot.pause()
            assert ("tapez début et les trois cartes visibles (début 7c 8c 9c)" if lang == "fr"
                    else "type start and the three face-up cards (start 7h 8h 9h)") in said(screen)


async def test_a_knock_entered_turn_by_turn_is_named_beside_knocked(tmp_path):
    """A knock entered turn by turn left « A cogné » showing « personne ». While a deal is entered turn by turn the
    line says who knocked (as entered, not to be changed) and is not shown while nobody has; a 31 served with a
    banker is shown the same way."""
    from companion.tui.widgets.fields import Select

    for lang, size in (("fr", SIZES[0]), ("en", SIZES[1])):
        app = make_app(tmp_path / lang, lang=lang)
        async with app.run_test(size=size) as pilot:
            screen = await open_table(pilot, app, "trente_et_un", KnockRules())  # Ann deals: Bob, Cy, Ann
            who, knocker = screen.query_one("#who"), screen.query_one("#knocker", Select)
            fr = lang == "fr"
            for line in (("début 5c", "talon", "défausse 9t") if fr else ("start 5h", "stock", "discard 9c")):
                screen.interpret(line)
                await pilot.pause()
            assert not who.display  # nobody has knocked yet: nothing to say
            screen.interpret("cogne" if fr else "knock")  # Cy knocks
            await pilot.pause()
            assert screen.match.play.knocker == 2
            assert who.display and knocker.value == 2 and knocker.disabled
            line = next(line for line in screen_text(app).splitlines() if ("A cogné" if fr else "Knocked") in line)
            assert "Cy" in line and ("personne" if fr else "nobody") not in line
            for line in (("talon", "défausse 2k", "talon", "défausse 3k") if fr
                         else ("stock", "discard 2d", "stock", "discard 3d")):
                screen.interpret(line)
                await pilot.pause()
            assert screen.match.play.ended and knocker.value == 2
            screen.interpret("2c 3c 4p 5t 6t 7t 8p 9p 10p" if fr else "2h 3h 4s 5c 6c 7c 8s 9s 10s")
            await pilot.click("#show")
            await pilot.pause()
            assert screen.match.play is None and "Cy" in screen.match.events[-1].text.text(lang)
            assert who.display and knocker.value == -1 and not knocker.disabled  # the next showdown's own choice

        banker = make_app(tmp_path / f"banker-{lang}", lang=lang)
        async with banker.run_test(size=size) as pilot:
            screen = await open_table(pilot, banker, "trente_et_un_banker", BankerRules())
            screen.interpret("31 Cy")  # Cy was dealt 31
            await pilot.pause()
            dealt = screen.query_one("#dealt31", Select)
            assert screen.query_one("#who").display and dealt.value is True and dealt.disabled
            assert not screen.query_one("#knocker").display


async def test_the_rules_help_says_how_to_enter_a_deal_turn_by_turn(tmp_path):
    """The README sends players to the rules help for the turn-by-turn entry, which it did not have. Both games'
    help (the same file) now says what to type and when, in both languages, and every word it gives is read."""
    import re

    from companion.core.cards import parse_card
    from companion.core.errors import CompanionError
    from companion.tui.games.trente_et_un.turn_words import TURN_WORDS

    for lang, size, game, rules in (("fr", SIZES[0], "trente_et_un_banker", BankerRules()),
                                    ("en", SIZES[1], "trente_et_un", KnockRules())):
        app = make_app(tmp_path / lang, lang=lang)
        async with app.run_test(size=size) as pilot:
            screen = await open_table(pilot, app, game, rules)
            screen.interpret("règles" if lang == "fr" else "rules")
            await pilot.pause()
            assert type(app.screen).__name__ == "HelpScreen"
            help_text = app.screen.query_one("#rules").source
        words = ("début 5c", "talon", "prendre", "défausse 9t", "cogne", "31 Ann", "début 7c 8c 9c", "garde",
                 "passe tiens", "tout 10t vt dt") if lang == "fr" else (
                 "start 5h", "stock", "take", "discard 9c", "knock", "31 Ann", "start 7h 8h 9h", "keep",
                 "pass hold", "all 10c jc qc")
        assert all(f"`{word}`" in help_text for word in words)
        for example in re.findall(r"`([^`]+)`", help_text):
            try:
                parse_card(example, lang)
                continue  # a card written as the help teaches it
            except CompanionError:
                pass
            assert all(word.casefold() in TURN_WORDS for word in example.split()
                       if not word[:1].isdigit() and word not in ("Ann",) and len(word) > 2), example

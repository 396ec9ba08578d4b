"""What players of 2500 and Le 31 met at the table (issue 37), each kept fixed: a lay-off lost to a stray Enter,
a brasse dialog's labels and examples, Enter that sent a form half filled, a negative count of cards, a player
count offered then refused, a header cut on an upright phone, and counts and pronouns in the words."""

from __future__ import annotations

import pytest

from companion.core.cards import parse_cards
from companion.games.base import Setup
from companion.games.le31.rules import Le31Rules
from companion.games.rummy2500.ops import Brasse, DrawStock, LayOff, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.store.session import MatchSession
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.game_ui import ui_for
from companion.tui.widgets.fields import Input
from companion.tui.widgets.plain import Label
from tests.helpers.journeys import tap, until
from tests.helpers.scripted import make_app, message, screen_text

SIZES = [(80, 24), (128, 40)]
LANGS = ["en", "fr"]
G = parse_cards


def one(code: str):
    return G(code)[0]


async def open_screen(pilot, app, screen):
    """A match screen pushed on the app's first screen, once it shows its match (the entry line has the focus)."""
    await pilot.pause()  # the app's first screen up
    app.push_screen(screen)
    await until(pilot, lambda: app.screen is screen and bool(screen.query("#entry")) and screen.focused is not None)
    return screen


# ---------------------------------------------------------------------------- 2500: which trio a lay-off goes on


def two_trios_of_sevens(app) -> MatchSession:
    """Ann (dealer) and Bob at the table, the frime 8: Bob laid 7♦ 7♠ 7♥ from the pige, Ann 7♣ 7♣ 7♠; Ann's 7♥
    goes on either trio."""
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"), "rummy2500")
    for op in (OpenBrasse(tuple(G("8H 6S")), one("7D")), TakePige(1, 0, tuple(G("7S 7H"))), Throw(1, one("6S")),
               DrawStock(0), Meld(0, tuple(G("7C 7C 7S")))):
        session.apply(op)
    return session


async def which_trio(pilot, app, session):
    """The 2500 screen open, « off 7h » typed: the dialog asks which trio."""
    screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
    await type_off(pilot, app)
    return screen


async def type_off(pilot, app) -> None:
    """« off 7h » (« ajout 7c » in French, 7♥ in the French letters) typed in the entry line."""
    await pilot.press(*("off" if app.lang == "en" else "ajout"), "space", "7", "h" if app.lang == "en" else "c", "enter")
    await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))


@pytest.mark.parametrize("size", SIZES)
async def test_enter_in_which_trio_lays_the_card_off_on_the_trio_drawn_as_chosen(tmp_path, size):
    app = make_app(tmp_path)
    session = two_trios_of_sevens(app)
    async with app.run_test(size=size) as pilot:
        screen = await which_trio(pilot, app, session)
        chosen = app.screen.query_one("#answer-0")
        assert chosen.variant == "primary" and chosen.has_focus
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert session.match.log[-1] == LayOff(0, one("7H"), 0, 0)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_escape_or_the_cross_in_which_trio_says_nothing_was_laid_off(tmp_path, size, lang):
    app = make_app(tmp_path, lang=lang)
    session = two_trios_of_sevens(app)
    said = "7♥ is not laid off" if lang == "en" else "7♥ n'est pas ajouté"
    async with app.run_test(size=size) as pilot:
        screen = await which_trio(pilot, app, session)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert said in message(screen) and len(session.match.log) == 5, message(screen)
        screen.message = None
        await type_off(pilot, app)
        cross = app.screen.query_one(f"#answer-{len(app.screen.answers) - 1}")
        assert str(cross.label).startswith("✕")
        await tap(pilot, cross)
        await until(pilot, lambda: app.screen is screen)
        assert said in message(screen) and len(session.match.log) == 5, message(screen)


@pytest.mark.parametrize("size", SIZES)
async def test_a_trios_number_typed_in_which_trio_chooses_that_trio(tmp_path, size):
    app = make_app(tmp_path)
    session = two_trios_of_sevens(app)
    async with app.run_test(size=size) as pilot:
        screen = await which_trio(pilot, app, session)
        assert str(app.screen.query_one("#answer-1").label).startswith("2 ")  # its number is on it
        await pilot.press("2")
        await until(pilot, lambda: app.screen is screen)
        assert session.match.log[-1] == LayOff(0, one("7H"), 1, 0)  # Bob's trio, the second


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_a_line_typed_in_which_trio_is_refused_with_the_reason(tmp_path, size, lang):
    """The line « throw 5h » typed while the dialog was open vanished, and its Enter cancelled the lay-off."""
    app = make_app(tmp_path, lang=lang)
    session = two_trios_of_sevens(app)
    async with app.run_test(size=size) as pilot:
        await which_trio(pilot, app, session)
        dialog = app.screen
        await pilot.press(*"throw", "space", "5", "h", "enter")
        await pilot.pause()
        body = str(dialog.query_one("#body").render())
        assert app.screen is dialog and len(session.match.log) == 5
        assert ("Type a trio's number" if lang == "en" else "Tapez le numéro d'un trio") in body, body


# ---------------------------------------------------------------------------- 2500: the end-of-brasse dialog


async def brasse_dialog(pilot, app, session):
    screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
    await tap(pilot, "#brasse")
    await until(pilot, lambda: type(app.screen).__name__ == "BrasseDialog")
    return screen, app.screen


@pytest.mark.parametrize("size", SIZES)
async def test_a_tap_on_a_brasse_fields_label_moves_to_its_field(tmp_path, size):
    """Three cards went into the wrong player: a tap on « Bob en main » left the focus where it was."""
    app = make_app(tmp_path, lang="fr")
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    async with app.run_test(size=size) as pilot:
        _, dialog = await brasse_dialog(pilot, app, session)
        for field in ("hand-1", "laid-0", "frime"):
            label = dialog.query_one(f"#{field}").parent.query_one(Label)
            await tap(pilot, label)
            await until(pilot, lambda field=field: dialog.focused is dialog.query_one(f"#{field}"))


@pytest.mark.parametrize("lang", LANGS)
async def test_the_brasse_dialogs_grey_examples_read_as_examples(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    hint = "e.g. " if lang == "en" else "ex. : "
    async with app.run_test(size=(128, 40)) as pilot:
        _, dialog = await brasse_dialog(pilot, app, session)
        for field in dialog.query(Input):
            assert field.placeholder.startswith(hint), field.placeholder


@pytest.mark.parametrize("size", SIZES)
async def test_undo_of_a_brasse_opens_its_dialog_filled_with_it(tmp_path, size):
    """Every player retyped his hand to fix one number: the brasse undone comes back in the dialog."""
    app = make_app(tmp_path, lang="fr")
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    brasse = Brasse(8, ((tuple(G("JS JH JD")),), (tuple(G("QS QH QD")),)), ((), (tuple(G("JC")),)),
                    (tuple(G("5H")), tuple(G("3C 4D"))))
    session.apply(brasse)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
        await tap(pilot, "#undo")
        await until(pilot, lambda: not session.match.brasses)
        await tap(pilot, "#brasse")
        await until(pilot, lambda: type(app.screen).__name__ == "BrasseDialog")
        fields = {f.id: f.value for f in app.screen.query(Input)}
        assert fields == {"frime": "8", "laid-0": "VP VC VK", "hand-0": "5C", "laid-1": "DP DC DK, +VT",
                          "hand-1": "3T 4K"}, fields
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is screen)
        assert session.match.log[-1] == brasse


@pytest.mark.parametrize("size", SIZES)
async def test_undo_of_the_brasse_that_ended_the_match_opens_its_dialog_filled_with_it(tmp_path, size):
    """The same Undo, tapped on the end-of-match screen: back on the table, the brasse is not lost."""
    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(target=1000), 0), "rummy2500")
    brasse = Brasse(8, ((tuple(G("AS AH AD")), tuple(G("AC AS AH")), tuple(G("8S 8H 8D")), tuple(G("8C 8S 8H"))),
                        (tuple(G("QS QH QD")),)), ((), ()), ((), tuple(G("3C 4D"))))  # Ann: 1200, over 1000
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
        assert screen.apply_ops(brasse)
        await until(pilot, lambda: type(app.screen).__name__ == "MatchEndScreen" and bool(app.screen.query("#undo")))
        await tap(pilot, "#undo")
        await until(pilot, lambda: app.screen is screen and not session.match.brasses)
        await tap(pilot, "#brasse")
        await until(pilot, lambda: type(app.screen).__name__ == "BrasseDialog")
        assert app.screen.query_one("#laid-0", Input).value == "AS AH AD, AC AS AH, 8S 8H 8D, 8C 8S 8H"
        assert app.screen.query_one("#hand-1", Input).value == "3C 4D"


# ---------------------------------------------------------------------------- Enter in a form of several fields


@pytest.mark.parametrize("size", SIZES)
async def test_enter_in_the_turned_cards_moves_to_the_next_field_and_the_last_starts(tmp_path, size):
    from companion.tui.games.rummy2500.turns import OpenDialog

    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0), "rummy2500")
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
        await tap(pilot, "#turns")
        await until(pilot, lambda: isinstance(app.screen, OpenDialog))
        dialog = app.screen
        await until(pilot, lambda: dialog.focused is dialog.query_one("#turned-1"))  # Bob, left of the dealer
        await pilot.press("6", "s", "enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#turned-0"))
        assert not session.match.log and not str(dialog.query_one("#error").render())
        await pilot.press("8", "h", "enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#pige"))
        assert not session.match.log
        await pilot.press("7", "d", "enter")  # the last field: the brasse starts
        await until(pilot, lambda: app.screen is screen)
        assert session.match.log == [OpenBrasse(tuple(G("8H 6S")), one("7D"))]


async def open_quick_tally(pilot, app, session):
    from companion.tui.games.le31.quick import QuickTallyDialog

    screen = await open_screen(pilot, app, ui_for("le31").match_screen(session))
    await tap(pilot, "#quick")
    await until(pilot, lambda: isinstance(app.screen, QuickTallyDialog))
    return screen, app.screen


@pytest.mark.parametrize("size", SIZES)
async def test_enter_in_the_quick_tally_moves_to_the_next_field_and_the_last_counts(tmp_path, size):
    """A stray Enter after the first number counted a whole round of zeros."""
    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=size) as pilot:
        screen, dialog = await open_quick_tally(pilot, app, session)
        await tap(pilot, dialog.query_one("#cards"))
        await pilot.press("3", "0", "enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#red"))
        await pilot.press("1", "0", "enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#ones"))
        await pilot.press("3", "enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#rec_a"))
        await pilot.press("enter")
        await until(pilot, lambda: dialog.focused is dialog.query_one("#rec_b"))
        assert not session.match.log
        await pilot.press("enter")  # the last field: the round is counted
        await until(pilot, lambda: app.screen is not dialog)
        assert session.match.log[-1].cards == (30, 22)


@pytest.mark.parametrize("size", SIZES)
async def test_a_tap_on_a_quick_tally_label_moves_to_its_field(tmp_path, size):
    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=size) as pilot:
        _, dialog = await open_quick_tally(pilot, app, session)
        label = dialog.query_one("#ones").parent.query_one(Label)
        await tap(pilot, label)
        await until(pilot, lambda: dialog.focused is dialog.query_one("#ones"))


@pytest.mark.parametrize("size", SIZES)
async def test_escape_in_the_quick_tally_asks_before_throwing_typed_counts_away(tmp_path, size):
    app = make_app(tmp_path)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=size) as pilot:
        _, dialog = await open_quick_tally(pilot, app, session)
        await tap(pilot, dialog.query_one("#cards"))
        await pilot.press("3", "0")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("escape")  # Escape again keeps it
        await until(pilot, lambda: app.screen is dialog)
        assert dialog.query_one("#cards").value == "30"


# ---------------------------------------------------------------------------- Le 31: the quick tally's other side


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_the_quick_tally_never_says_a_negative_count_of_cards(tmp_path, size, lang):
    """« l'autre camp : -158 cartes »: 210 typed for 52 cards. It says the pack has only 52."""
    app = make_app(tmp_path, lang=lang)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=size) as pilot:
        _, dialog = await open_quick_tally(pilot, app, session)
        await tap(pilot, dialog.query_one("#cards"))
        await pilot.press("2", "1", "0")
        await pilot.pause()
        rest = str(dialog.query_one("#rest").render())
        assert "-" not in rest and "−" not in rest, rest
        assert ("the pack has only 52" if lang == "en" else "le jeu n'en a que 52") in rest, rest
        await pilot.press("backspace")  # 21: the other side has the other 31
        await pilot.pause()
        rest = str(dialog.query_one("#rest").render())
        assert ("31 cards" if lang == "en" else "31 cartes") in rest, rest


# ---------------------------------------------------------------------------- Le 31: the player counts offered


@pytest.mark.parametrize("size", SIZES)
async def test_le31_setup_offers_only_the_player_counts_it_takes(tmp_path, size):
    """Le 31's setup offered 3 players, then refused them: it is played by 2, or by two teams of 2."""
    from companion.tui.widgets.fields import Select
    from tests.helpers.journeys import open_setup

    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        for game_id, counts in (("le31", [2, 4]), ("rummy2500", list(range(2, 11)))):
            await until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
            await open_setup(pilot, game_id)
            await until(pilot, lambda: bool(app.screen.query("#players")))
            offered = [value for _, value in app.screen.query_one("#players", Select)._options]  # noqa: SLF001
            assert offered == counts, game_id
            app.pop_screen()


# ---------------------------------------------------------------------------- the header on an upright phone


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", ["table", "virtual"])
@pytest.mark.parametrize("game_id", ["le31", "rummy2500"])
@pytest.mark.parametrize("width", [40, 44, 48])
async def test_the_header_reads_whole_on_an_upright_phone(tmp_path, game_id, mode, lang, width):
    """« 2500 · brasse 1 · Marie-Josée brasse · en » then « 2500 » alone on the next line: each line of the header
    holds whole parts of it, and every part is shown."""
    from companion.games import registry

    app = make_app(tmp_path, lang=lang)
    game = registry.get(game_id)
    names = ("Marie-Josée", "Jean-Philippe")
    kinds = ("human", "normal") if mode == "virtual" else ()
    session = MatchSession.create(app.store, Setup(names, game.make_rules(2, {}), 0, mode, 5, kinds), game_id)
    async with app.run_test(size=(width, 40)) as pilot:
        screen = await open_screen(pilot, app, ui_for(game_id).match_screen(session))
        header = screen.query_one("#header")
        said = str(header.content)  # the header, as said
        lines = [line.strip() for line in screen_text(app).splitlines()]
        shown = lines[header.region.y: header.region.y + header.region.height]
        assert len(shown) > 1 or width == 48, shown
        assert " · ".join(shown) == said, (shown, said)  # each line whole parts, and none left out


# ---------------------------------------------------------------------------- words


def bob_is_left_with_one_card(app) -> MatchSession:
    """Ann deals and turns 3♥ (the frime is 3), Bob turns 4♠: Bob takes the pige's 7♦ with his pair, throws 4♠
    and holds one card; Ann draws, lays three queens and goes out on her 3♥."""
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Rummy2500Rules(), 0, "table"), "rummy2500")
    for op in (OpenBrasse(tuple(G("3H 4S")), one("7D")), TakePige(1, 0, tuple(G("7S 7H"))), Throw(1, one("4S")),
               DrawStock(0), Meld(0, tuple(G("QS QH QD"))), Throw(0, one("3H"))):
        session.apply(op)
    return session


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_2500_counts_agree_with_their_noun(tmp_path, size, lang):
    """« Bob prend 1 carte(s) à la pige », and « 1 cartes » in the hand Bob is left with."""
    app = make_app(tmp_path, lang=lang)
    session = bob_is_left_with_one_card(app)
    async with app.run_test(size=size) as pilot:
        _, dialog = await brasse_dialog(pilot, app, session)
        assert dialog.query_one("#hand-1").placeholder == ("1 card in hand" if lang == "en" else "1 carte en main")
    took = session.match.events[1].text.text(lang)
    assert took == ("Bob takes 1 card from the pige" if lang == "en" else "Bob prend 1 carte à la pige")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_2500_asks_for_one_card_in_the_singular(tmp_path, size, lang):
    """« choisissez d'abord 1 carte(s) »: Discard pressed with nothing selected."""
    app = make_app(tmp_path, lang=lang)
    session = two_trios_of_sevens(app)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, app, ui_for("rummy2500").match_screen(session))
        await tap(pilot, "#throw")
        await until(pilot, lambda: message(screen))
        assert message(screen) == ("select 1 card first" if lang == "en" else "choisissez d'abord 1 carte")
        await tap(pilot, "#trio")
        await until(pilot, lambda: "3" in message(screen))
        assert message(screen) == ("select 3 cards first" if lang == "en" else "choisissez d'abord 3 cartes")


@pytest.mark.parametrize("lang", LANGS)
def test_mort_subite_refuses_several_players_out_in_words_for_any_number(lang):
    """« Ann & Bob & Cy cannot both go out »: three players said as two."""
    from companion.core.errors import IllegalMoveError
    from companion.games.rummy2500.engine import Rummy2500Match

    m = Rummy2500Match(Setup(("Ann", "Bob", "Cy"), Rummy2500Rules(), 0))
    entry = Brasse(8, ((tuple(G("JS JH JD")),), (tuple(G("QS QH QD")),), (tuple(G("KS KH KD")),)), ((), (), ()),
                   ((), (), ()))
    with pytest.raises(IllegalMoveError) as info:
        m.apply(entry)
    said = info.value.text(lang)
    assert "both" not in said and "tous deux" not in said, said
    assert said.startswith("Ann, Bob, Cy: only one player" if lang == "en" else "Ann, Bob, Cy : un seul joueur"), said


@pytest.mark.parametrize("lang", LANGS)
def test_a_builder_who_must_take_his_build_is_named_not_given_a_pronoun(lang):
    """« Ana a construit 8 : il doit la ramasser »: Ana's gender is unknown to the app."""
    from companion.core.errors import IllegalMoveError
    from companion.games.le31.deck import DEFAULT_DECK as D
    from companion.games.le31.engine import Le31Match
    from companion.games.le31.ops import Build, Deal, Trail

    m = Le31Match(Setup(("Rui", "Ana"), Le31Rules(), 0))
    for op in (Deal(table=tuple(D.parse_many("2B 3G 1Y 9R"))), Build(1, D.parse("3B"), (D.parse("3G"),), 6),
               Trail(0, D.parse("4Y"))):
        m.apply(op)
    with pytest.raises(IllegalMoveError) as info:
        m.apply(Trail(1, D.parse("6R")))
    said = info.value.text(lang)
    assert said == ("Ana built 6: Ana must take it this turn" if lang == "en"
                    else "Ana a construit 6 : Ana doit la ramasser ce tour-ci"), said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
async def test_the_quick_tally_agrees_the_other_sides_counts(tmp_path, size, lang):
    app = make_app(tmp_path, lang=lang)
    session = MatchSession.create(app.store, Setup(("Ann", "Bob"), Le31Rules(), 0), "le31")
    async with app.run_test(size=size) as pilot:
        _, dialog = await open_quick_tally(pilot, app, session)
        for field, digits in (("#cards", "51"), ("#red", "12"), ("#ones", "3")):
            await tap(pilot, dialog.query_one(field))
            await pilot.press(*digits)
        await pilot.pause()
        rest = str(dialog.query_one("#rest").render())
        assert rest == ("the other side: 1 card, 1 red, one 1" if lang == "en"
                        else "l'autre camp : 1 carte, 1 rouge, un 1"), rest


def test_no_word_of_2500_or_le31_leaves_its_plural_to_the_reader():
    """« carte(s) », « manquante(s) »: every count agrees with its noun (``Plural``)."""
    import importlib
    import pkgutil

    from companion.core.i18n import Msg

    found = []
    for package in ("companion.games.rummy2500", "companion.games.le31", "companion.tui.games.rummy2500",
                    "companion.tui.games.le31"):
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
            if info.name == "gallery":  # screens set up for pictures: no words of their own
                continue
            module = importlib.import_module(f"{package}.{info.name}")
            for name, value in vars(module).items():
                if isinstance(value, Msg) and any(s in value.en + value.fr for s in ("(s)", "(e)", "(es)")):
                    found.append(f"{package}.{info.name}.{name}")
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["le31", "rummy2500"])
def test_the_rules_name_the_computer_levels_as_the_setup_does(game_id, lang):
    """Le 31's rules said « normal / difficile » where the setup offers « facile / moyen / fort »."""
    from companion.tui.screens.help import rules_text
    from companion.tui.screens.setup import KINDS

    text = rules_text(game_id, lang).casefold()
    for kind, label in KINDS:
        if kind != "human":
            level = label.text(lang).split(": ")[-1].split(" : ")[-1].casefold()
            assert f"*{level}*" in text, (level, game_id, lang)

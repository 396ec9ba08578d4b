"""Match setup: players, partnerships, first dealer, target and the house rules (SPEC §5.d)."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static, Switch

from companion.errors import CompanionError
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.i18n import Msg
from companion.tui.screens.base import BaseScreen

TITLE = Msg("New cribbage match", "Nouveau match de cribbage")
LANGUAGE = Msg("Language", "Langue")
PLAYERS = Msg("Players", "Joueurs")
NAME = Msg("Name {n}", "Nom {n}")
DEFAULT_NAME = Msg("Player {n}", "Joueur {n}")
FOUR_MODE = Msg("Four players", "Quatre joueurs")
TEAMS = Msg("Partners (1 & 3 vs 2 & 4)", "Équipes (1 et 3 contre 2 et 4)")
INDIVIDUAL = Msg("Each for himself", "Chacun pour soi")
FIRST_DEALER = Msg("First dealer", "Premier donneur")
CUT_FOR_DEAL = Msg("Cut for deal (the app draws)", "Couper pour la donne (l'app tire)")
TARGET = Msg("Game to", "Partie en")
PROFILE = Msg("Rules", "Règles")
ACC = Msg("ACC (standard)", "ACC (standard)")
BOOKLET = Msg("French booklet: flush 4, no nobs", "Livret français : couleur 4, sans nobs")
MUGGINS = Msg("Muggins (house rule)", "Muggins (règle maison)")
MANUAL = Msg("Players count their own hands", "Les joueurs comptent leurs mains")
SCORING = Msg("Match scoring", "Pointage du match")
CASUAL = Msg("Casual: win 1, skunk 2, double 4", "Amical : victoire 1, skunk 2, double 4")
CLUB = Msg("Club: win 2, skunk 3, loss 0", "Club : victoire 2, skunk 3, défaite 0")
GAMES = Msg("Games to win", "Parties à gagner")
START = Msg("Start", "Commencer")
BACK = Msg("Back", "Retour")
NAMES_NEEDED = Msg("Every player needs a different name", "Chaque joueur doit avoir un nom différent")


KEYS = Msg("Enter or ctrl+s: start · Esc: back", "Entrée ou ctrl+s : commencer · Échap : retour")

class SetupScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back"), ("ctrl+s", "start", "Start")]

    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 1; }
    SetupScreen .row { height: auto; margin: 0 0 0 0; }
    SetupScreen .row Label { width: 16; padding: 1 1 0 0; }
    SetupScreen.-small .row Label { padding: 0 1 0 0; }
    SetupScreen .row Input { width: 1fr; }
    SetupScreen .row Select { width: 1fr; }
    SetupScreen #error { color: $error; height: auto; padding: 0 1; }
    SetupScreen VerticalScroll { height: 1fr; }
    SetupScreen #buttons { height: auto; padding: 0 1; margin: 0 0 1 0; }
    SetupScreen.-small #buttons { margin: 0; }
    """

    def __init__(self, players: int = 2) -> None:
        super().__init__()
        self.players = players
        self.names = [""] * 4
        self.kept: dict[str, object] = {}  # choices made before a language change redraws the form

    def before_recompose(self) -> None:
        for widget in self.query("Select, Switch"):
            if widget.id:
                self.kept[widget.id] = widget.value
        for i in range(4):
            self.names[i] = self.query_one(f"#name-{i}", Input).value

    def _kept(self, widget_id: str, default: object) -> object:
        return self.kept.get(widget_id, default)

    def compose(self) -> ComposeResult:
        compact = self.app.size.height < 30
        yield Static(self.tr(TITLE), classes="title")
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label(self.tr(LANGUAGE))
                yield Select([("English", "en"), ("Français", "fr")], value=self.app.lang, allow_blank=False,
                             id="lang", compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(PLAYERS))
                yield Select([("2", 2), ("3", 3), ("4", 4)], value=self.players, allow_blank=False, id="players",
                             compact=compact)
            for i in range(4):
                with Horizontal(classes="row", id=f"row-name-{i}"):
                    yield Label(self.tr(NAME, n=i + 1))
                    yield Input(self.names[i], placeholder=self.tr(DEFAULT_NAME, n=i + 1), id=f"name-{i}",
                                compact=compact)
            with Horizontal(classes="row", id="row-four"):
                yield Label(self.tr(FOUR_MODE))
                yield Select([(self.tr(TEAMS), "teams"), (self.tr(INDIVIDUAL), "individual")], value=self._kept("four_mode", "teams"),
                             allow_blank=False, id="four_mode", compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(FIRST_DEALER))
                yield Select(self._dealer_options(), value=self._kept("dealer", -1), allow_blank=False, id="dealer",
                             compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(TARGET))
                yield Select([("121", 121), ("61", 61)], value=self._kept("target", 121), allow_blank=False, id="target", compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(PROFILE))
                yield Select([(self.tr(ACC), "acc"), (self.tr(BOOKLET), "booklet")], value=self._kept("profile", "acc"),
                             allow_blank=False, id="profile", compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(SCORING))
                yield Select([(self.tr(CASUAL), "casual"), (self.tr(CLUB), "acc_tournament")], value=self._kept("scoring", "casual"),
                             allow_blank=False, id="scoring", compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(GAMES))
                yield Select([(str(n), n) for n in (1, 2, 3, 4, 5, 7)], value=self._kept("games", 1), allow_blank=False, id="games",
                             compact=compact)
            with Horizontal(classes="row"):
                yield Label(self.tr(MANUAL))
                yield Switch(bool(self._kept("manual", False)), id="manual")
            with Horizontal(classes="row"):
                yield Label(self.tr(MUGGINS))
                yield Switch(bool(self._kept("muggins", False)), id="muggins")
        yield Static("", id="error")
        with Horizontal(classes="bar", id="buttons"):
            yield Button(self.tr(START), id="start", variant="primary")
            yield Button(self.tr(BACK), id="back")
        yield Static(self.tr(KEYS), classes="keys")

    def on_mount(self) -> None:
        super().on_mount()
        self._show_rows()
        self.query_one("#name-0", Input).focus()  # type the names, Enter starts

    def _dealer_options(self) -> list[tuple[str, int]]:
        options = [(self.tr(CUT_FOR_DEAL), -1)]
        options += [(self._player_name(i), i) for i in range(self.players)]
        return options

    def _player_name(self, i: int) -> str:
        try:
            value = self.query_one(f"#name-{i}", Input).value.strip()
        except Exception:
            value = self.names[i]
        return value or self.tr(DEFAULT_NAME, n=i + 1)

    def _show_rows(self) -> None:
        for i in range(4):
            self.query_one(f"#row-name-{i}").display = i < self.players
        self.query_one("#row-four").display = self.players == 4

    @on(Select.Changed, "#lang")
    def lang_changed(self, event: Select.Changed) -> None:
        if event.value != self.app.lang:
            self.app.set_lang(str(event.value))

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        self.players = int(event.value)
        self._show_rows()
        self._refresh_dealers()

    @on(Input.Changed)
    def name_changed(self, event: Input.Changed) -> None:
        index = int((event.input.id or "name-0").removeprefix("name-"))
        self.names[index] = event.value
        self._refresh_dealers()

    def _refresh_dealers(self) -> None:
        select = self.query_one("#dealer", Select)
        value = select.value
        select.set_options(self._dealer_options())
        select.value = value if isinstance(value, int) and value < self.players else -1

    def build_setup(self) -> Setup:
        names = tuple(self._player_name(i) for i in range(self.players))
        if len(set(n.casefold() for n in names)) != len(names):
            raise ValueError
        rules = CribbageRules.profile(
            self.query_one("#profile", Select).value,
            players=self.players,
            four_player_mode=self.query_one("#four_mode", Select).value,
            target=self.query_one("#target", Select).value,
            match_scoring=self.query_one("#scoring", Select).value,
            games_to_win=self.query_one("#games", Select).value,
            manual_counting=self.query_one("#manual", Switch).value,
            muggins=self.query_one("#muggins", Switch).value,
        )
        dealer = self.query_one("#dealer", Select).value
        if dealer == -1:
            dealer = random.randrange(self.players)
        return Setup(names, rules, dealer)

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            setup = self.build_setup()
        except ValueError as error:
            text = error.text(self.app.lang) if isinstance(error, CompanionError) else self.tr(NAMES_NEEDED)
            self.query_one("#error", Static).update(text)
            return
        from companion.session import CribbageSession
        from companion.tui.screens.match import MatchScreen

        session = CribbageSession.create(self.app.store, setup)
        self.app.switch_screen(MatchScreen(session))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

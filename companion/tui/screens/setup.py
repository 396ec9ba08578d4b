"""Match setup for any game: players, names, first dealer, and the game's house rules.

The form is built from the game's rules dataclass (``companion.games.base.rule``):
a rule with choices is a drop-down, a yes/no rule a switch. No game has a form
written by hand.
"""

from __future__ import annotations

import random
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Switch

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.names import check_names
from companion.games import registry
from companion.games.base import RuleInfo, Setup, rule_fields
from companion.games.info import GameInfo
from companion.records.roster import Roster
from companion.store.session import MatchSession
from companion.tui.dialogs.choice import leave_unless_kept
from companion.tui.dialogs.seats import SeatsDialog
from companion.tui.game_ui import GameUI, ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static

TITLE = Msg("New match: {game}", "Nouveau match : {game}")
LANGUAGE = Msg("Language", "Langue")
PLAYERS = Msg("Players", "Joueurs")
NAME = Msg("Name {n}", "Nom {n}")
DEFAULT_NAME = Msg("Player {n}", "Joueur {n}")
DEFAULT_COMPUTER = Msg("Computer {n}", "Ordi {n}")
FIRST_DEALER = Msg("First dealer", "Premier donneur")
CUT_FOR_DEAL = Msg("Cut for deal (the app draws)", "Couper pour la donne (l'app tire)")
START = Msg("Start", "Commencer")
PLAY = Msg("Play", "Jeu")
AT_TABLE = Msg("Real cards: keep the score", "Vraies cartes : tenir le score")
VIRTUAL = Msg("The app deals (virtual)", "L'app donne (virtuel)")
KINDS = (("human", Msg("Human", "Humain")), ("easy", Msg("Computer: easy", "Ordinateur : facile")),
         ("normal", Msg("Computer: normal", "Ordinateur : moyen")), ("hard", Msg("Computer: hard", "Ordinateur : fort")))
BACK = Msg("Back", "Retour")
ON = Msg("on", "oui")
OFF = Msg("off", "non")
KEYS = Msg("Enter: next field · ctrl+s: start · Esc: back", "Entrée : champ suivant · ctrl+s : commencer · Échap : retour")


def rule_id(name: str) -> str:
    """A house rule's widget id: its own namespace, so a rule may share a name with the form's own fields
    (Le Trente-et-un's rule ``mode`` is not the form's play mode)."""
    return f"rule-{name}"


class FormSwitch(Switch):
    """A switch that Space toggles; Enter moves on to the next field, like everywhere on this form."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter":  # before the switch's own Enter binding, which would flip it
            event.prevent_default()
            event.stop()
            self.screen.focus_next()


class SetupScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back"), ("ctrl+s", "start", "Start"), ("enter", "next_field", "Next")]

    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 1; }
    SetupScreen .row { height: auto; margin: 0 0 0 0; }
    SetupScreen .row Label { width: 18; padding: 0 1 0 0; }
    SetupScreen FormSwitch { height: 1; border: none; padding: 0; width: 6; }
    SetupScreen FormSwitch:focus { border: none; background: $accent 40%; }
    SetupScreen .row Input { width: 1fr; }
    SetupScreen .row Select { width: 1fr; }
    SetupScreen #error { color: $error; height: auto; padding: 0 1; }
    SetupScreen VerticalScroll { height: 1fr; }
    SetupScreen #form { height: auto; layout: vertical; }
    SetupScreen #who, SetupScreen #house { height: auto; }
    SetupScreen.-wide #form { layout: horizontal; }
    SetupScreen.-wide #who, SetupScreen.-wide #house { width: 1fr; }
    SetupScreen.-wide #house { margin: 0 0 0 2; }
    SetupScreen #buttons { height: auto; padding: 0 1; margin: 0 0 1 0; }
    SetupScreen.-small #buttons { margin: 0; }
    SetupScreen .row:focus-within > Label { text-style: bold reverse; }
    SetupScreen .state { width: 6; padding: 0 1; }
    SetupScreen .row Select.kind { width: 24; }
    /* A phone held upright: a name and who plays it (human, a computer level) one under the other; side by side
       the name field was one letter wide. */
    SetupScreen.-narrow .name-row { layout: vertical; }
    SetupScreen.-narrow .name-row Input, SetupScreen.-narrow .name-row Select.kind { width: 100%; }
    """

    def __init__(self, game: GameInfo[Any] | None = None, players: int | None = None) -> None:
        super().__init__()
        if game is None:
            game = registry.available()[0]
        self.game = game
        self.players = players or game.min_players
        self.names = [""] * game.max_players
        self.kept: dict[str, object] = {}  # choices made before a language change redraws the form
        self.drawn: Msg | None = None  # what the app drew to choose the first dealer

    def before_recompose(self) -> None:
        for widget in (*self.query(Select), *self.query(Switch)):
            if widget.id:
                self.kept[widget.id] = widget.value
        for i in range(self.game.max_players):
            self.names[i] = self.query_one(f"#name-{i}", Input).value

    def _kept(self, widget_id: str, default: object) -> object:
        return self.kept.get(widget_id, default)

    def roster_names(self) -> list[str]:
        """The players already known, the most played first: typing a name's first letters offers it (→ takes it)."""
        try:
            return [p.name for p in Roster(self.app.store).players()]
        except CompanionError:
            return []

    def compose(self) -> ComposeResult:
        compact = True  # one row per field: every rule is in view at tablet size, with 4 players too
        game = self.game
        about = (f" · {self.tr(game.about)}", "dim") if game.about else ""
        yield Static(Content.assemble(self.tr(TITLE, game=game.title), about), classes="title")
        # Who plays, then the house rules: one under the other, side by side on a tablet (every rule in view).
        with VerticalScroll(), Horizontal(id="form"):
            with Vertical(id="who"):
                with Horizontal(classes="row"):
                    yield Label(self.tr(LANGUAGE))
                    yield Select([("English", "en"), ("Français", "fr")], value=self.app.lang, allow_blank=False,
                                 id="lang", compact=compact)
                if len(game.counts()) > 1:
                    with Horizontal(classes="row"):
                        yield Label(self.tr(PLAYERS))
                        yield Select([(str(n), n) for n in game.counts()],
                                     value=self.players, allow_blank=False, id="players", compact=compact)
                if game.virtual_play:
                    with Horizontal(classes="row"):
                        yield Label(self.tr(PLAY))
                        yield Select([(self.tr(AT_TABLE), "table"), (self.tr(VIRTUAL), "virtual")],
                                     value=self._kept("mode", "table"), allow_blank=False, id="mode", compact=compact)
                known = SuggestFromList(self.roster_names(), case_sensitive=False)
                for i in range(game.max_players):
                    with Horizontal(classes="row name-row", id=f"row-name-{i}"):
                        yield Label(self.tr(NAME, n=i + 1))
                        yield Input(self.names[i], placeholder=self.tr(DEFAULT_NAME, n=i + 1), id=f"name-{i}",
                                    compact=compact, suggester=known)
                        if game.virtual_play:
                            yield Select([(self.tr(label), kind) for kind, label in KINDS],
                                         value=self._kept(f"kind-{i}", "human" if i == 0 else "normal"),
                                         allow_blank=False, id=f"kind-{i}", compact=compact, classes="kind")
                with Horizontal(classes="row"):
                    yield Label(self.tr(FIRST_DEALER))
                    yield Select(self._dealer_options(), value=self._kept("dealer", -1), allow_blank=False, id="dealer",
                                 compact=compact)
            with Vertical(id="house"):
                for f, info in rule_fields(game.rules):
                    with Horizontal(classes="row", id=f"row-{f.name}"):
                        yield Label(self.tr(info.label))
                        widget = self._rule_widget(f.name, f.default, info, compact)
                        yield widget
                        if isinstance(widget, Switch):  # say it in words: a switch's colours alone are easy to misread
                            yield Static(self.tr(ON if widget.value else OFF), id=f"{rule_id(f.name)}-state",
                                         classes="state")
                for label, widget in self.ui.setup_rows(self):
                    with Horizontal(classes="row"):
                        yield Label(self.tr(label))
                        yield widget
        yield Static("", id="error")
        with Bar(classes="bar", id="buttons"):
            yield Button(self.tr(START), id="start", variant="primary")
            yield Button(self.tr(BACK), id="back")
        yield self.foot_line(KEYS)

    def _rule_widget(self, field_name: str, default: Any, info: RuleInfo, compact: bool) -> Widget:
        name = rule_id(field_name)
        value = self._kept(name, default)
        if info.choices:
            return Select([(self.tr(label), choice) for choice, label in info.choices], value=value,
                          allow_blank=False, id=name, compact=compact, tooltip=self.tr(info.help) if info.help else None)
        if isinstance(default, bool):
            switch = FormSwitch(bool(value), id=name)
            if info.help:
                switch.tooltip = self.tr(info.help)
            return switch
        low, high = info.minimum or 0, info.maximum or 100
        return Select([(str(n), n) for n in range(low, high + 1)], value=value, allow_blank=False, id=name,
                      compact=compact)

    def on_mount(self) -> None:
        self._show_rows()
        self.query_one("#name-0", Input).focus()

    def _dealer_options(self) -> list[tuple[str, int]]:
        options = [(self.tr(CUT_FOR_DEAL), -1)]
        options += [(self._player_name(i), i) for i in range(self.players)]
        return options

    def _player_name(self, i: int) -> str:
        try:
            value = self.query_one(f"#name-{i}", Input).value.strip()
        except Exception:
            value = self.names[i].strip()
        return value or self.tr(DEFAULT_COMPUTER if self._is_computer(i) else DEFAULT_NAME, n=i + 1)

    def _is_computer(self, i: int) -> bool:
        try:
            return self.mode == "virtual" and self.query_one(f"#kind-{i}", Select).value != "human"
        except Exception:
            return False

    @property
    def ui(self) -> GameUI:
        return ui_for(self.game.id)

    def rule_values(self) -> dict[str, Any]:
        return {f.name: self.query_one(f"#{rule_id(f.name)}").value  # type: ignore[attr-defined]
                for f, _ in rule_fields(self.game.rules)}

    @property
    def mode(self) -> str:
        return str(self.query_one("#mode", Select).value) if self.game.virtual_play else "table"

    def _show_rows(self) -> None:
        for i in range(self.game.max_players):
            self.query_one(f"#row-name-{i}").display = i < self.players
            if self.game.virtual_play:
                self.query_one(f"#kind-{i}").display = self.mode == "virtual"
                self.query_one(f"#name-{i}", Input).placeholder = self.tr(
                    DEFAULT_COMPUTER if self._is_computer(i) else DEFAULT_NAME, n=i + 1)
        values = self.rule_values()
        for f, info in rule_fields(self.game.rules):
            self.query_one(f"#row-{f.name}").display = info.visible is None or info.visible(values, self.players)

    @on(Select.Changed, "#lang")
    def lang_changed(self, event: Select.Changed) -> None:
        if event.value != self.app.lang:
            self.app.set_lang(str(event.value))

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        self.players = int(str(event.value))
        self._show_rows()
        self._refresh_dealers()

    @on(Select.Changed)
    @on(Switch.Changed)
    def rule_changed(self, event: Select.Changed | Switch.Changed) -> None:
        if isinstance(event, Switch.Changed) and event.switch.id:
            self.query_one(f"#{event.switch.id}-state", Static).update(self.tr(ON if event.value else OFF))
        self._show_rows()  # a rule may show or hide another (four players: partners or not)
        if isinstance(event, Select.Changed) and (event.select.id or "").startswith(("kind-", "mode")):
            self._refresh_dealers()  # a computer's default name

    def action_next_field(self) -> None:
        self.focus_next()

    @on(Input.Changed)
    def name_changed(self, event: Input.Changed) -> None:
        index = int((event.input.id or "name-0").removeprefix("name-"))
        self.names[index] = event.value
        self._refresh_dealers()

    @on(Input.Submitted)
    def next_field(self) -> None:
        """Enter in a name moves on; starting is the Start button or ctrl+s, never a stray Enter."""
        self.focus_next()

    def _refresh_dealers(self) -> None:
        select = self.query_one("#dealer", Select)
        value = select.value
        select.set_options(self._dealer_options())
        select.value = value if isinstance(value, int) and value < self.players else -1

    def build_setup(self) -> Setup:
        names = check_names(self._player_name(i) for i in range(self.players))  # before the dealer is drawn
        rules = self.game.make_rules(self.players, {**self.rule_values(), **self.ui.setup_values(self)})
        dealer = self.query_one("#dealer", Select).value
        self.drawn = None
        if dealer == -1:  # the app draws, and says what it drew
            dealer, self.drawn = self.game.choose_dealer(names, random.Random())
        mode = self.mode
        seats = tuple(str(self.query_one(f"#kind-{i}", Select).value) for i in range(self.players)) \
            if mode == "virtual" else ()
        setup = Setup(names, rules, int(dealer), mode, seats=seats)  # type: ignore[arg-type]
        self.game.check_players(len(names))
        return setup

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            setup = self.build_setup()
        except CompanionError as error:
            self.query_one("#error", Static).update(error.text(self.app.lang))
            return
        try:
            session = MatchSession.create(self.app.store, setup, self.game)
        except CompanionError as error:  # a read-only file, a full disk: said here, the form kept as it is
            self.query_one("#error", Static).update(error.text(self.app.lang))
            return
        screen = ui_for(self.game.id).match_screen(session)
        if self.drawn is not None:
            screen.message = (self.drawn, "announce")  # type: ignore[attr-defined]
        self.app.switch_screen(screen)
        if setup.mode == "virtual" and len(setup.humans) > 1 and self.app.tablet_address(session.match_id) is not None:
            # Served, several humans: each player's phone first (the table's device deals once it is closed).
            self.app.push_screen(SeatsDialog(self.app.store.match(session.match_id)))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back home; names typed are not thrown away without asking (Escape never destroys)."""
        typed = any(field.value.strip() for field in self.query(Input) if (field.id or "").startswith("name-"))
        leave_unless_kept(self, typed, self.app.pop_screen)

"""The roster: every player with the matches played and the other names he played under; rename one, or merge
two entries that are the same person. Neither ever changes a match: the matches keep the names they were
played under, and the statistics read them through the roster."""

from __future__ import annotations

from typing import Any

from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.records.roster import Roster
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.fields import Input
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.table import DataTable

TITLE = Msg("Players", "Joueurs")
COLUMNS = (Msg("Player", "Joueur"), Msg("Matches", "Parties"), Msg("Also played as", "A aussi joué sous"))
NEW_NAME = Msg("New name for the chosen player", "Nouveau nom du joueur choisi")
RENAME = Msg("Rename", "Renommer")
MERGE = Msg("Merge into…", "Fusionner dans…")
MERGE_TITLE = Msg("{name} is the same person as…", "{name} est la même personne que…")
CANCEL = Msg("Cancel", "Annuler")
DONE = Msg("Done: {name}. No match was changed.", "Fait : {name}. Aucune partie n'a été modifiée.")
BACK = Msg("Back", "Retour")
KEYS = Msg("pick a player, then rename or merge · Esc: back", "choisissez un joueur, puis renommez ou fusionnez · Échap : retour")
TAPS = Msg("Tap a player, then rename or merge", "Touchez un joueur, puis renommez ou fusionnez")


class PlayersScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    PlayersScreen #players { height: 1fr; }
    PlayersScreen #edit { height: auto; }
    PlayersScreen #edit Input { width: 30; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        yield DataTable(cursor_type="row", id="players", zebra_stripes=True)
        yield Static("", id="note", classes="announce")
        with Bar(id="edit", classes="bar"):
            yield Input(placeholder=self.tr(NEW_NAME), id="new-name", compact=True)
            yield Button(self.tr(RENAME), id="rename", compact=True)
            yield Button(self.tr(MERGE), id="merge", compact=True)
            yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS, TAPS)

    def roster(self) -> Roster:
        return Roster(self.app.store)

    def fill(self) -> None:
        table = self.query_one("#players", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.tr(c) for c in COLUMNS))
        try:
            players = self.roster().players()
        except CompanionError as error:
            self.note(error.msg, "error")
            return
        for p in players:
            others = [a for a in p.aliases if a != p.name.casefold()]
            shown = Text(p.name)
            if p.colour:
                try:
                    shown = Text(p.name, style=Style.parse(f"bold {p.colour}"))
                except StyleSyntaxError:  # a colour name the terminal does not know: the name plain
                    pass
            table.add_row(shown, str(p.matches), ", ".join(others), key=p.name)

    def note(self, msg: Msg, css: str = "announce", **args: Any) -> None:
        note = self.query_one("#note", Static)
        note.update(self.tr(msg, **args))
        note.set_classes(css)

    def chosen(self) -> str | None:
        table = self.query_one("#players", DataTable)
        if table.row_count == 0:
            return None
        return str(table.get_row_at(table.cursor_row)[0])

    @on(Button.Pressed, "#rename")
    @on(Input.Submitted, "#new-name")
    def rename(self) -> None:
        name, new = self.chosen(), self.query_one("#new-name", Input).value
        if name is None:
            return
        try:
            player = self.roster().rename(name, new)
        except CompanionError as error:
            self.note(error.msg, "error")
            return
        self.query_one("#new-name", Input).value = ""
        self.fill()
        self.note(DONE, name=player.name)

    @on(Button.Pressed, "#merge")
    def merge(self) -> None:
        gone = self.chosen()
        if gone is None:
            return
        others = [p.name for p in self.roster().players() if p.name != gone]

        def merged(keep: str | None) -> None:
            if keep is None:
                return
            try:
                player = self.roster().merge(keep, gone)
            except CompanionError as error:
                self.note(error.msg, "error")
                return
            self.fill()
            self.note(DONE, name=player.name)

        self.app.push_screen(ChoiceDialog(self.tr(MERGE_TITLE, name=gone), "",
                                          [(n, n) for n in others[:12]] + [(self.tr(CANCEL), None)]), merged)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

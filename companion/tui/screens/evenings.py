"""Evenings: the matches of one night, of any games, with the night's standing and its summary to share."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.records.evenings import Evening, evenings
from companion.records.roster import Roster
from companion.tui.dialogs.share import QrDialog
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.table import DataTable

TITLE = Msg("Evenings", "Soirées")
COLUMNS = (Msg("Evening", "Soirée"), Msg("Matches", "Parties"), Msg("Games", "Jeux"), Msg("Leader", "En tête"))
STANDING = (Msg("Player", "Joueur"), Msg("Played", "Jouées"), Msg("Won", "Gagnées"), Msg("Won in", "Gagnées en"))
SHARE = Msg("Share the evening", "Partager la soirée")
SHARE_TITLE = Msg("The evening of {date}", "La soirée du {date}")
NONE = Msg("No match saved yet.", "Aucune partie enregistrée pour l'instant.")
BACK = Msg("Back", "Retour")
KEYS = Msg("Enter: the evening's standing · Esc: back", "Entrée : le classement de la soirée · Échap : retour")
TAPS = Msg("Tap an evening: its standing", "Touchez une soirée : son classement")


class EveningsScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    EveningsScreen #list { height: auto; max-height: 10; margin: 0 0 1 0; }
    EveningsScreen #standing { height: auto; }
    EveningsScreen .bar { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.found: list[Evening] = []
        self.chosen = 0
        self.person = lambda name: name

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        with VerticalScroll():
            yield DataTable(cursor_type="row", id="list")
            yield Static("", id="heading", classes="announce")
            yield DataTable(cursor_type="none", id="standing", zebra_stripes=True)
        with Bar(classes="bar"):
            yield Button(self.tr(SHARE), id="share", variant="primary", compact=True)
            yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS, TAPS)

    def fill(self) -> None:
        self.person = Roster(self.app.store).namer()  # one roster read for the whole screen

        try:
            self.found = evenings(self.app.store)
        except CompanionError as error:
            self.found = []
            self.query_one("#heading", Static).update(error.text(self.app.lang))
        table = self.query_one("#list", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.tr(c) for c in COLUMNS))
        titles = {g.id: self.tr(g.title) for g in registry.available()}
        for n, evening in enumerate(self.found):
            standing = evening.standing(self.person)
            leader = standing[0].name if standing and standing[0].wins else ""
            games = ", ".join(sorted({titles.get(f.game, f.game) for f in evening.matches}))
            table.add_row(evening.day.isoformat(), str(len(evening.matches)), games, leader, key=str(n))
        if not self.found:
            table.add_row(self.tr(NONE), "", "", "")
        self.show()

    def show(self) -> None:
        standing = self.query_one("#standing", DataTable)
        standing.clear(columns=True)
        standing.add_columns(*(self.tr(c) for c in STANDING))
        self.query_one("#share", Button).disabled = not self.found
        if not self.found:
            return
        evening = self.found[self.chosen]
        self.query_one("#heading", Static).update(self.tr(SHARE_TITLE, date=evening.day.isoformat()))
        titles = {g.id: self.tr(g.title) for g in registry.available()}
        for s in evening.standing(self.person):
            standing.add_row(s.name, str(s.played), str(s.wins),
                             ", ".join(f"{titles.get(g, g)} {n}" for g, n in sorted(s.games.items())))

    @on(DataTable.RowHighlighted, "#list")
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None and event.row_key.value.isdigit():
            self.chosen = int(event.row_key.value)
            self.show()

    @on(Button.Pressed, "#share")
    def share(self) -> None:
        evening = self.found[self.chosen]
        lang = self.app.lang
        self.app.push_screen(QrDialog(SHARE_TITLE(date=evening.day.isoformat()), evening.summary(lang, self.person),
                                      lambda: [(f"evening-{evening.day}.csv", evening.csv(lang, self.person))]))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

"""Past matches of every game: date, game, players, score, winner and the game's own note."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.records.export import export_texts
from companion.records.summary import score_line, sides_of
from companion.store.database import MatchRecord
from companion.tui.dialogs.match_actions import MatchActionsDialog
from companion.tui.game_ui import open_match, show_damaged, ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.screens.evenings import EveningsScreen
from companion.tui.screens.review import ReviewScreen
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.sizes import NARROW_WIDTH, SMALL_HEIGHT
from companion.tui.widgets.table import DataTable

TITLE = Msg("Past matches", "Matchs passés")
# The score and the winner before the players: at 80 columns a list of six names pushed them out of sight.
COLUMNS = (Msg("Date", "Date"), Msg("Game", "Jeu"), Msg("Score", "Pointage"), Msg("Winner", "Gagnant"),
           Msg("Players", "Joueurs"), Msg("Notes", "Notes"))
IN_PROGRESS = Msg("in progress", "en cours")
ABANDONED = Msg("stopped", "arrêté")
DAMAGED = Msg("damaged", "endommagé")
NONE = Msg("none yet", "aucun pour l'instant")
BACK = Msg("Back", "Retour")
# The whole history, one file a key: one tap, one download (a phone's browser may block a second one).
EXPORT_JSON = Msg("Export (JSON, a backup)", "Exporter (JSON, une sauvegarde)")
EXPORT_CSV = Msg("Export (CSV, a spreadsheet)", "Exporter (CSV, pour un tableur)")
EVENINGS = Msg("Evenings", "Soirées")
KEYS = Msg("Enter: open the match · R: its review · Esc: back",
           "Entrée : ouvrir le match · R : son analyse · Échap : retour")
TAPS = Msg("Tap a match to open it", "Touchez un match pour l'ouvrir")


class PastMatchesScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back"), ("r", "review", "Review")]

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        yield DataTable(cursor_type="row", id="table")
        legends = [ui_for(g.id).past_legend() for g in registry.available()]
        yield Static("\n".join(self.tr(m) for m in legends if m is not None), id="legend")
        with Bar(classes="bar"):
            yield Button(self.tr(BACK), id="back", compact=True)
            yield Button(self.tr(EXPORT_JSON), id="export-json", compact=True)
            yield Button(self.tr(EXPORT_CSV), id="export-csv", compact=True)
            yield Button(self.tr(EVENINGS), id="evenings", compact=True)
        yield Static("", id="exported", classes="announce")
        yield self.foot_line(KEYS, TAPS)

    def on_screen_resume(self) -> None:
        self.fill()  # a match opened from here may have changed

    def fill(self) -> None:
        """The table drawn anew: its rows, in columns that fit the screen. From 30 rows up, where a row is a
        finger's height (a tablet, a phone upright), every column within the screen's width, a long text wrapping
        in its row (a note was cut to « 1 bras » at a tablet's edge, and a finger cannot scroll a table sideways);
        on a phone upright, two by two in cells of two lines. Below, columns as wide as their texts (keys scroll
        the table sideways)."""
        labels = [self.tr(c) for c in COLUMNS]
        rows = self.rows()
        width = self.app.size.width
        if width < NARROW_WIDTH:
            labels = ["\n".join(labels[i:i + 2]) for i in range(0, len(labels), 2)]
            rows = [(tuple("\n".join(c for c in cells[i:i + 2] if c) for i in range(0, len(cells), 2)), key)
                    for cells, key in rows]
        table = self.query_one("#table", DataTable)
        room = width - table.styles.scrollbar_size_vertical if self.app.size.height >= SMALL_HEIGHT else None
        table.fill_fitted(labels, rows, room)
        self._width = width

    @on(events.Resize)
    def refit(self) -> None:
        if self._width and self.app.size.width != self._width:  # a phone turned: the columns fit its new width
            self.fill()

    _width = 0  # the screen width the columns were fitted to

    def rows(self) -> list[tuple[tuple[str, ...], str | None]]:
        """Each match as its cells (date, game, score, winner, players, notes) and its key (its number)."""
        rows: list[tuple[tuple[str, ...], str | None]] = []

        def row(game: str, score: str, winner: str, players: str, notes: str, record: MatchRecord | None) -> None:
            date = record.updated.astimezone().strftime("%Y-%m-%d %H:%M") if record is not None else ""
            rows.append(((date, game, score, winner, players, notes), str(record.id) if record else None))

        try:
            records = self.app.store.list_matches()
        except CompanionError as error:
            row("", "", "", "", self.tr(error.msg), None)
            return rows
        for record in records:
            summary = record.summary
            names = sides_of(summary)
            sides = " · ".join(names)
            try:
                game = registry.get(record.game)
            except CompanionError as error:
                row(record.game[:12], "", self.tr(DAMAGED), sides, self.tr(error.msg), record)
                continue
            if record.damaged is not None:
                row(self.tr(game.title), "", self.tr(DAMAGED), sides, self.tr(record.damaged), record)
                continue
            winner = summary.get("winner")
            if isinstance(winner, int) and 0 <= winner < len(names):
                who_won = names[winner]
            else:
                who_won = self.tr(ABANDONED if summary.get("abandoned") is True else IN_PROGRESS)
            row(self.tr(game.title), score_line(summary), who_won, sides,
                ui_for(game.id).past_notes(summary, self.app.lang), record)
        if not records:
            row("", "", "", self.tr(NONE), "", None)
        return rows

    @on(DataTable.RowSelected)
    def open(self, event: DataTable.RowSelected) -> None:
        """A row opens what can be done with that match: open it, stop it, or delete it."""
        if not event.row_key.value:
            return
        match_id = int(event.row_key.value)
        try:
            record = self.app.store.match(match_id)
        except CompanionError as error:
            self.app.notify(error.text(self.app.lang), severity="error")
            return
        if record.damaged is not None:
            show_damaged(self.app, match_id, record.damaged)
            return
        def answered(answer: str | None) -> None:
            if answer == "open":
                open_match(self.app, match_id)
            elif answer == "review":
                self.app.push_screen(ReviewScreen(match_id))

        self.app.push_screen(MatchActionsDialog(record), answered)

    @on(Button.Pressed, "#export-json, #export-csv")
    def export_all(self, event: Button.Pressed) -> None:
        """The whole history as one file, the one whose key was tapped: one tap, one download (a phone's browser
        may block a second download that a single tap starts)."""
        kind = "json" if event.button.id == "export-json" else "csv"
        note = self.query_one("#exported", Static)
        try:
            said = self.app.hand_over(export_texts(self.app.store, kinds=(kind,)))
        except CompanionError as error:
            note.update(error.text(self.app.lang))
            note.set_classes("error")
            return
        note.update(self.tr(said))
        note.set_classes("announce")

    def action_review(self) -> None:
        """R on a row: that match's review."""
        table = self.query_one("#table", DataTable)
        if table.row_count and table.cursor_row >= 0:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
            if key:
                self.app.push_screen(ReviewScreen(int(key)))

    @on(Button.Pressed, "#evenings")
    def evenings(self) -> None:
        self.app.push_screen(EveningsScreen())

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

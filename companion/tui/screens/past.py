"""Past matches: date, players, score, winner, skunks; open one to resume or review it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Button, DataTable, Static

from companion.i18n import Msg
from companion.tui.screens.base import BaseScreen

TITLE = Msg("Past matches", "Matchs passés")
COLUMNS = (Msg("Date", "Date"), Msg("Players", "Joueurs"), Msg("Score", "Pointage"),
           Msg("Winner", "Gagnant"), Msg("Skunks", "Skunks"))
IN_PROGRESS = Msg("in progress", "en cours")
NONE = Msg("none yet", "aucun pour l'instant")
BACK = Msg("Back", "Retour")


KEYS = Msg("Enter: open the match · Esc: back", "Entrée : ouvrir le match · Échap : retour")

def score_line(summary: dict) -> str:
    return "–".join(str(s) for s in summary.get("scores", []))


def skunk_text(summary: dict) -> str:
    marks = {1: "S", 2: "SS"}
    return " ".join(marks[g["skunk"]] for g in summary.get("games", []) if g.get("skunk")) or "—"


class PastMatchesScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        yield DataTable(cursor_type="row", id="table")
        yield Button(self.tr(BACK), id="back", compact=True)
        yield Static(self.tr(KEYS), classes="keys")

    def fill(self) -> None:
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.tr(c) for c in COLUMNS))
        records = self.app.store.list_matches()
        for record in records:
            summary = record.summary
            sides = summary.get("sides", [])
            winner = summary.get("winner")
            scores = score_line(summary)
            points = summary.get("game_points", [])
            if any(points) and len(summary.get("games", [])) > 1:
                scores += f" ({'–'.join(map(str, points))})"
            table.add_row(record.updated.astimezone().strftime("%Y-%m-%d %H:%M"), " · ".join(sides), scores,
                          sides[winner] if winner is not None and winner < len(sides) else self.tr(IN_PROGRESS),
                          skunk_text(summary), key=str(record.id))
        if not records:
            table.add_row("", self.tr(NONE), "", "", "")

    @on(DataTable.RowSelected)
    def open(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            from companion.tui.screens.match import open_match

            open_match(self.app, int(event.row_key.value))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

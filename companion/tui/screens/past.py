"""Past matches of every game: date, game, players, score, winner and the game's own note."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Button, DataTable, Static

from companion.errors import CompanionError
from companion.games import registry
from companion.i18n import Msg
from companion.tui.screens.base import BaseScreen

TITLE = Msg("Past matches", "Matchs passés")
COLUMNS = (Msg("Date", "Date"), Msg("Game", "Jeu"), Msg("Players", "Joueurs"), Msg("Score", "Pointage"),
           Msg("Winner", "Gagnant"), Msg("Notes", "Notes"))
IN_PROGRESS = Msg("in progress", "en cours")
DAMAGED = Msg("damaged", "endommagé")
NONE = Msg("none yet", "aucun pour l'instant")
BACK = Msg("Back", "Retour")
KEYS = Msg("Enter: open the match · Esc: back", "Entrée : ouvrir le match · Échap : retour")


def sides_of(summary: dict) -> list[str]:
    """The side names of a stored summary (an odd value shows as no names, never as a crash)."""
    sides = summary.get("sides", [])
    return [str(s)[:40] for s in sides] if isinstance(sides, list) else []


def score_line(summary: dict) -> str:
    """The standings of a stored summary, e.g. ``121–87`` (game points in brackets over several games)."""
    scores = summary.get("scores", [])
    line = "–".join(str(s)[:8] for s in scores) if isinstance(scores, list) else ""
    points = summary.get("game_points", [])
    games = summary.get("games", [])
    if isinstance(points, list) and any(points) and isinstance(games, list) and len(games) > 1:
        line += f" ({'–'.join(str(p)[:8] for p in points)})"
    return line


class PastMatchesScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        yield DataTable(cursor_type="row", id="table")
        yield Button(self.tr(BACK), id="back", compact=True)
        yield Static(self.tr(KEYS), classes="keys")

    def on_screen_resume(self) -> None:
        self.fill()  # a match opened from here may have changed

    def fill(self) -> None:
        from companion.tui.games import ui_for

        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        table.add_columns(*(self.tr(c) for c in COLUMNS))
        try:
            records = self.app.store.list_matches()
        except CompanionError as error:
            table.add_row("", "", self.tr(error.msg), "", "", "")
            return
        for record in records:
            summary = record.summary
            sides = sides_of(summary)
            winner = summary.get("winner")
            date = record.updated.astimezone().strftime("%Y-%m-%d %H:%M")
            try:
                game = registry.get(record.game)
            except CompanionError as error:
                table.add_row(date, record.game[:12], " · ".join(sides), "", self.tr(DAMAGED), self.tr(error.msg),
                              key=str(record.id))
                continue
            if record.damaged is not None:
                table.add_row(date, self.tr(game.title), " · ".join(sides), "", self.tr(DAMAGED),
                              self.tr(record.damaged), key=str(record.id))
                continue
            table.add_row(date, self.tr(game.title), " · ".join(sides), score_line(summary),
                          sides[winner] if isinstance(winner, int) and 0 <= winner < len(sides) else self.tr(IN_PROGRESS),
                          ui_for(game.id).past_notes(summary, self.app.lang), key=str(record.id))
        if not records:
            table.add_row("", "", self.tr(NONE), "", "", "")

    @on(DataTable.RowSelected)
    def open(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            from companion.tui.games import open_match

            open_match(self.app, int(event.row_key.value))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

"""A match to share: its summary as a QR code (plain text that any phone camera reads: players, scores,
winner, date), and its export as JSON and CSV files."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from companion.errors import CompanionError
from companion.i18n import Msg
from companion.serving.qr import half_blocks, matrix
from companion.share import summary_text
from companion.store import MatchRecord
from companion.tui.screens.base import BaseModal

TITLE = Msg("Share this match", "Partager ce match")
SCAN = Msg("Scan it with a phone camera: the summary is plain text, no app needed.",
           "Scannez-le avec l'appareil photo d'un téléphone : le résumé est du texte, sans application.")
EXPORT = Msg("Export JSON + CSV", "Exporter JSON + CSV")
EXPORTED = Msg("Written: {json} and {csv}", "Écrit : {json} et {csv}")
CLOSE = Msg("Close", "Fermer")


class ShareDialog(BaseModal):
    BINDINGS = [("escape", "close", "Close")]
    DEFAULT_CSS = """
    ShareDialog > Vertical { max-width: 100; }
    ShareDialog #qr { color: white; background: black; width: auto; height: auto; margin-right: 1; }
    ShareDialog #side { width: 1fr; height: auto; }
    ShareDialog #body { height: auto; }
    ShareDialog #scan { color: $text-muted; margin: 1 0; }
    """

    def __init__(self, record: MatchRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        text = summary_text(self.record, self.app.lang)
        with Vertical(id="share"):
            yield Static(self.tr(TITLE), classes="title")
            # White on black, whatever the theme: the light modules are drawn, two per character cell.
            with Horizontal(id="body"):
                yield Static("\n".join(half_blocks(matrix(text, small=True))), id="qr")
                with Vertical(id="side"):
                    yield Static(text, id="summary")
                    yield Static(self.tr(SCAN), id="scan")
                    yield Static("", id="note", classes="announce")
                    yield Button(self.tr(EXPORT), id="export")
                    yield Button(self.tr(CLOSE), id="close", variant="primary")

    @on(Button.Pressed, "#export")
    def export(self) -> None:
        from companion.export import export_files

        note = self.query_one("#note", Static)
        try:
            json_path, csv_path = export_files(self.app.store, self.record.id)
        except CompanionError as error:
            note.update(error.text(self.app.lang))
            note.set_classes("error")
            return
        note.update(self.tr(EXPORTED, json=str(json_path), csv=str(csv_path)))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)

"""A match to share: its summary as a QR code (plain text that any phone camera reads: players, scores,
winner, date), and its export as JSON and CSV files."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.qr import half_blocks, matrix
from companion.records.export import export_texts
from companion.records.share import summary_text
from companion.store.database import MatchRecord
from companion.tui.dialogs.base import BaseModal
from companion.tui.widgets.plain import Button, Static

TITLE = Msg("Share this match", "Partager ce match")
SCAN = Msg("Scan it with a phone camera: the summary is plain text, no app needed.",
           "Scannez-le avec l'appareil photo d'un téléphone : le résumé est du texte, sans application.")
EXPORT = Msg("Export CSV", "Exporter CSV")
EXPORT_MATCH = Msg("Export JSON + CSV", "Exporter JSON + CSV")
CLOSE = Msg("Close", "Fermer")


class QrDialog(BaseModal):
    """A text to share as a QR code, with an export: its files as (name, text), handed over by the app (written
    here, or downloaded by the tablet that asked)."""

    BINDINGS = [("escape", "close", "Close")]
    DEFAULT_CSS = """
    QrDialog > Vertical { max-width: 100; }
    QrDialog #qr { color: white; background: black; width: auto; height: auto; margin-right: 1; }
    QrDialog #side { width: 1fr; height: auto; }
    QrDialog #body { height: auto; }
    QrDialog.-narrow #body { layout: vertical; }  /* a phone held upright: the code above the words */
    QrDialog #scan { color: $text-muted; margin: 1 0; }
    """

    def __init__(self, title: Msg, text: str, export: Callable[[], list[tuple[str, str]]] | None,
                 export_label: Msg = EXPORT, scan: Msg | None = None) -> None:
        super().__init__()
        self.title_msg, self.text, self.export_files, self.export_label = title, text, export, export_label
        self.scan = scan or SCAN

    def compose(self) -> ComposeResult:
        text = self.text
        with Vertical(id="share"):
            yield Static(self.tr(self.title_msg), classes="title")
            # White on black, whatever the theme: the light modules are drawn, two per character cell.
            with Horizontal(id="body"):
                yield Static("\n".join(half_blocks(matrix(text, small=True))), id="qr")
                with Vertical(id="side"):
                    yield Static(text, id="summary")
                    yield Static(self.tr(self.scan), id="scan")
                    yield Static("", id="note", classes="announce")
                    if self.export_files is not None:
                        yield Button(self.tr(self.export_label), id="export")
                    yield Button(self.tr(CLOSE), id="close", variant="primary")

    @on(Button.Pressed, "#export")
    def export(self) -> None:
        note = self.query_one("#note", Static)
        if self.export_files is None:
            return
        try:
            said = self.app.hand_over(self.export_files())
        except CompanionError as error:
            note.update(error.text(self.app.lang))
            note.set_classes("error")
            return
        note.update(self.tr(said))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


class ShareDialog(QrDialog):
    """A stored match: its summary, and its JSON and CSV."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        super().__init__(TITLE, "", lambda: export_texts(self.app.store, record.id), EXPORT_MATCH)

    def compose(self) -> ComposeResult:
        self.text = summary_text(self.record, self.app.lang)
        yield from super().compose()

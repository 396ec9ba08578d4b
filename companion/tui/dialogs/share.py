"""A match to share: its summary as a QR code (plain text that any phone camera reads: players, scores,
winner, date), and its export as JSON and CSV files."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
EXPORT_JSON = Msg("Export JSON (backup)", "Exporter JSON (sauvegarde)")
EXPORT_CSV = Msg("Export CSV (spreadsheet)", "Exporter CSV (tableur)")
CLOSE = Msg("Close", "Fermer")

Files = Callable[[], list[tuple[str, str]]]  # an export's files, as (name, text)


class QrDialog(BaseModal[None]):
    """A text to share as a QR code, with its exports: a key each (``#export``, or the ids given), each handing
    over its files as (name, text) through the app (written here, or downloaded by the device that asked: one
    file a tap, for a phone's browser may block a second download of one tap)."""

    BINDINGS = [("escape", "close", "Close")]
    DEFAULT_CSS = """
    QrDialog > Vertical { max-width: 100; }
    QrDialog #qr { color: white; background: black; width: auto; height: auto; margin-right: 1; }
    QrDialog #side { width: 1fr; height: auto; }
    QrDialog #body { height: auto; }
    QrDialog.-narrow #body { layout: vertical; }  /* a phone held upright: the code above the words */
    QrDialog #scan { color: $text-muted; margin: 1 0; }
    """

    def __init__(self, title: Msg, text: str, export: Files | Sequence[tuple[str, Msg, Files]] | None,
                 scan: Msg | None = None) -> None:
        super().__init__()
        self.title_msg, self.text = title, text
        self.exports = [("export", EXPORT, export)] if callable(export) else list(export or ())
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
                    for key, label, _ in self.exports:
                        yield Button(self.tr(label), id=key)
                    yield Button(self.tr(CLOSE), id="close", variant="primary")

    @on(Button.Pressed)
    def export(self, event: Button.Pressed) -> None:
        files = next((files for key, _, files in self.exports if key == event.button.id), None)
        if files is None:
            return
        note = self.query_one("#note", Static)
        try:
            said = self.app.hand_over(files())
        except CompanionError as error:
            note.update(error.text(self.app.lang))
            note.set_classes("error")
            return
        note.set_classes("announce")
        note.update(self.tr(said))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


class ShareDialog(QrDialog):
    """A stored match: its summary, and its JSON and CSV."""

    def __init__(self, record: MatchRecord) -> None:
        self.record = record
        super().__init__(TITLE, "", [
            ("export-json", EXPORT_JSON, lambda: export_texts(self.app.store, record.id, ("json",))),
            ("export-csv", EXPORT_CSV, lambda: export_texts(self.app.store, record.id, ("csv",)))])

    def compose(self) -> ComposeResult:
        self.text = summary_text(self.record, self.app.lang)
        yield from super().compose()

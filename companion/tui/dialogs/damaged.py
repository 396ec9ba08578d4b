"""A match that cannot be opened: say why, and offer to export it as raw JSON, set it aside or delete it.

Nothing here ever rewrites an entry: "set aside" exports the match as it is stored, then removes it
from the list, so every byte is kept in the export file.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.records.export import export_raw
from companion.records.summary import sides_of
from companion.store.database import MatchRecord
from companion.tui.dialogs.base import BaseModal
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

TITLE = Msg("A damaged match", "Un match endommagé")
WHO = Msg("{players} · {date}", "{players} · {date}")
EXPORT = Msg("Export JSON", "Exporter JSON")
ASIDE = Msg("Set aside", "Mettre de côté")
HOW = Msg("Export writes it as stored, untouched; set aside exports it, then takes it off the list.",
          "Exporter l'écrit tel quel, sans rien changer ; mettre de côté l'exporte puis le retire de la liste.")
DELETE = Msg("Delete", "Supprimer")
CONFIRM = Msg("Delete for good?", "Supprimer pour de bon ?")
BACK = Msg("Back", "Retour")
EXPORTED = Msg("Exported to {path}", "Exporté dans {path}")
SET_ASIDE = Msg("Set aside: kept in {path}", "Mis de côté : conservé dans {path}")
OTHERS = Msg("Every other match opens normally.", "Tous les autres matchs s'ouvrent normalement.")


class DamagedMatchDialog(BaseModal[str]):
    """Dismisses with "deleted", "aside" or None."""

    BINDINGS = [("escape", "back", "Back")]

    def __init__(self, record: MatchRecord, why: Msg) -> None:
        super().__init__()
        self.record = record
        self.why = why
        self.confirming = False

    def compose(self) -> ComposeResult:
        record = self.record

        players = " · ".join(sides_of(record.summary)) or f"#{record.id}"
        with Vertical():
            yield Static(self.tr(TITLE), classes="title")
            yield Static(self.tr(WHO, players=players, date=record.updated.strftime("%Y-%m-%d %H:%M")))
            yield Static(self.tr(self.why), classes="error", id="why")
            yield Static(self.tr(OTHERS))
            yield Static(self.tr(HOW))
            yield Static("", id="note", classes="announce")
            with Bar(classes="bar"):
                yield Button(self.tr(EXPORT), id="export", variant="primary")
                yield Button(self.tr(ASIDE), id="aside")
                yield Button(self.tr(DELETE), id="delete", variant="error")
                yield Button(self.tr(BACK), id="back")

    def _note(self, msg: Msg, css: str = "announce") -> None:
        note = self.query_one("#note", Static)
        note.update(self.tr(msg))
        note.set_classes(css)

    @on(Button.Pressed, "#export")
    def export(self) -> None:
        try:
            path = export_raw(self.app.store, self.record.id)
        except CompanionError as error:
            self._note(error.msg, "error")
            return
        self._note(EXPORTED(path=str(path)))

    @on(Button.Pressed, "#aside")
    def aside(self) -> None:
        try:
            path = export_raw(self.app.store, self.record.id)
            self.app.store.delete_match(self.record.id)
        except CompanionError as error:
            self._note(error.msg, "error")
            return
        self.app.notify(self.tr(SET_ASIDE, path=str(path)))
        self.dismiss("aside")

    @on(Button.Pressed, "#delete")
    def delete(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.query_one("#delete", Button).label = self.tr(CONFIRM)
            return
        try:
            self.app.store.delete_match(self.record.id)
        except CompanionError as error:
            self._note(error.msg, "error")
            return
        self.dismiss("deleted")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

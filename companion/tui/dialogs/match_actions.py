"""What can be done with a stored match from the past-matches list: open it, stop it, delete it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from companion.errors import CompanionError
from companion.i18n import Msg
from companion.store import MatchRecord
from companion.tui.screens.base import BaseModal
from companion.tui.widgets.plain import Button, Static

OPEN = Msg("Open", "Ouvrir")
ABANDON = Msg("Stop it (keep in the list)", "L'arrêter (garder dans la liste)")
DELETE = Msg("Delete", "Supprimer")
CONFIRM = Msg("Delete for good?", "Supprimer pour de bon ?")
BACK = Msg("Back", "Retour")
SHARE = Msg("Share / export", "Partager / exporter")
WHO = Msg("{players} · {date} · {score}", "{players} · {date} · {score}")


class MatchActionsDialog(BaseModal):
    """Dismisses with "open", "abandoned", "deleted" or None."""

    BINDINGS = [("escape", "back", "Back")]

    def __init__(self, record: MatchRecord) -> None:
        super().__init__()
        self.record = record
        self.confirming = False

    def compose(self) -> ComposeResult:
        from companion.tui.screens.past import score_line, sides_of

        record = self.record
        with Vertical():
            yield Static(self.tr(WHO, players=" · ".join(sides_of(record.summary)) or f"#{record.id}",
                                 date=record.updated.astimezone().strftime("%Y-%m-%d %H:%M"),
                                 score=score_line(record.summary)), classes="title")
            yield Static("", id="note", classes="error")
            with Horizontal(classes="bar"):
                yield Button(self.tr(OPEN), id="open", variant="primary")
                if not record.finished:
                    yield Button(self.tr(ABANDON), id="abandon")
                yield Button(self.tr(SHARE), id="share")
                yield Button(self.tr(DELETE), id="delete", variant="error")
                yield Button(self.tr(BACK), id="back")

    @on(Button.Pressed, "#open")
    def open_it(self) -> None:
        self.dismiss("open")

    @on(Button.Pressed, "#share")
    def share(self) -> None:
        from companion.tui.dialogs.share import ShareDialog

        self.app.push_screen(ShareDialog(self.record))

    @on(Button.Pressed, "#abandon")
    def abandon(self) -> None:
        """Off the list of matches to resume; opening it later carries on where it was."""
        try:
            self.app.store.set_summary(self.record.id, {**self.record.summary, "abandoned": True}, True)
        except CompanionError as error:
            self.query_one("#note", Static).update(error.text(self.app.lang))
            return
        self.dismiss("abandoned")

    @on(Button.Pressed, "#delete")
    def delete(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.query_one("#delete", Button).label = self.tr(CONFIRM)
            return
        try:
            self.app.store.delete_match(self.record.id)
        except CompanionError as error:
            self.query_one("#note", Static).update(error.text(self.app.lang))
            return
        self.dismiss("deleted")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

"""What can be done with a stored match from the past-matches list: open it, stop it, delete it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.records.summary import score_line, sides_of
from companion.store.database import MatchRecord
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.seats import TITLE as PHONES
from companion.tui.dialogs.seats import SeatsDialog
from companion.tui.dialogs.share import QrDialog, ShareDialog
from companion.tui.widgets.plain import Button, Static

OPEN = Msg("Open", "Ouvrir")
REVIEW = Msg("Review: costliest decisions", "Analyse : décisions coûteuses")
ABANDON = Msg("Stop it (keep in the list)", "L'arrêter (garder dans la liste)")
DELETE = Msg("Delete", "Supprimer")
CONFIRM = Msg("Delete for good?", "Supprimer pour de bon ?")
YES_DELETE = Msg("Yes, delete", "Oui, supprimer")
NO_KEEP = Msg("No, keep it", "Non, la garder")
BACK = Msg("Back", "Retour")
SHARE = Msg("Share / export", "Partager / exporter")
TABLET = Msg("A tablet for this match", "Une tablette pour ce match")
TABLET_TITLE = Msg("A tablet for this match: {players}", "Une tablette pour ce match : {players}")
TABLET_SCAN = Msg("Scan it with the table's tablet: it opens this match, and only it.",
                  "Scannez-le avec la tablette de la table : il ouvre ce match, et lui seul.")
WHO = Msg("{players} · {date} · {score}", "{players} · {date} · {score}")


class MatchActionsDialog(BaseModal[str]):
    """Dismisses with "open", "review", "abandoned", "deleted" or None."""

    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    MatchActionsDialog #actions { grid-size: 2; grid-columns: 1fr 1fr; grid-gutter: 0 1; height: auto; }
    MatchActionsDialog #actions Button { width: 100%; }
    MatchActionsDialog #confirm { height: auto; display: none; }
    MatchActionsDialog #confirm Static { width: auto; padding: 0 1; }
    MatchActionsDialog #confirm Button { margin: 0 1 0 0; }
    """

    def __init__(self, record: MatchRecord) -> None:
        super().__init__()
        self.record = record
        self.confirming = False

    def compose(self) -> ComposeResult:

        record = self.record
        with Vertical():
            yield Static(self.tr(WHO, players=" · ".join(sides_of(record.summary)) or f"#{record.id}",
                                 date=record.updated.astimezone().strftime("%Y-%m-%d %H:%M"),
                                 score=score_line(record.summary)), classes="title")
            yield Static("", id="note", classes="error")
            with Grid(id="actions"):  # two columns: every label whole at 80×24, in French too
                yield Button(self.tr(OPEN), id="open", variant="primary")
                yield Button(self.tr(REVIEW), id="review")
                if not record.finished:
                    yield Button(self.tr(ABANDON), id="abandon")
                yield Button(self.tr(SHARE), id="share")
                if self.tablet_address() is not None:  # while « companion serve » runs, on the organiser's app
                    yield Button(self.tr(TABLET), id="tablet")
                    if not record.finished:
                        yield Button(self.tr(PHONES), id="phones")
                yield Button(self.tr(DELETE), id="delete", variant="error")
                yield Button(self.tr(BACK), id="back")
            with Horizontal(id="confirm"):  # shown only once Delete was tapped; the focus goes to « No »
                yield Static(self.tr(CONFIRM), classes="error")
                yield Button(self.tr(YES_DELETE), id="yes-delete", variant="error")
                yield Button(self.tr(NO_KEEP), id="no-keep")

    @on(Button.Pressed, "#open")
    def open_it(self) -> None:
        self.dismiss("open")

    @on(Button.Pressed, "#review")
    def review(self) -> None:
        self.dismiss("review")

    @on(Button.Pressed, "#share")
    def share(self) -> None:
        self.app.push_screen(ShareDialog(self.record))

    def tablet_address(self) -> str | None:
        return self.app.tablet_address(self.record.id)

    @on(Button.Pressed, "#tablet")
    def tablet(self) -> None:
        address = self.tablet_address()
        if address is not None:
            players = " · ".join(sides_of(self.record.summary)) or f"#{self.record.id}"
            self.app.push_screen(QrDialog(TABLET_TITLE(players=players), address, None, scan=TABLET_SCAN))

    @on(Button.Pressed, "#phones")
    def phones(self) -> None:
        self.app.push_screen(SeatsDialog(self.record))

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
        """Ask first, in view, with the focus on « No »: a second Enter never deletes a match."""
        self.confirming = True
        self.query_one("#confirm").display = True
        self.query_one("#no-keep", Button).focus()

    @on(Button.Pressed, "#no-keep")
    def keep(self) -> None:
        self.confirming = False
        self.query_one("#confirm").display = False
        self.query_one("#delete", Button).focus()

    @on(Button.Pressed, "#yes-delete")
    def delete_for_good(self) -> None:
        try:
            self.app.store.delete_match(self.record.id)
        except CompanionError as error:
            self.query_one("#note", Static).update(error.text(self.app.lang))
            return
        self.dismiss("deleted")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

"""Pick one card by tapping (or typing it): used to correct an earlier entry."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.cards import Card, parse_card
from companion.core.i18n import Msg
from companion.tui.dialogs.entry import EntryDialog
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

CANCEL = Msg("Cancel", "Annuler")
TYPE = Msg("or type it (5h)", "ou tapez-la (5c)")


class CardDialog(EntryDialog[Card]):
    """Dismisses with the card picked, or None."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield CardKeypad(self.app.lang, id="keypad")
            yield Input(placeholder=self.tr(TYPE), id="typed", compact=True)
            yield Static("", classes="error", id="error")
            with Bar(classes="bar"):
                yield Button(self.tr(CANCEL), id="cancel", compact=True)

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.dismiss(event.card_as(Card))

    @on(Input.Submitted)
    def typed(self, event: Input.Submitted) -> None:
        self.offer(lambda: parse_card(event.value, self.app.lang))

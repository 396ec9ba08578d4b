"""A dialog that makes one entry (an operation, a card) from what was tapped or typed in it; a module of its own
because it asks before Escape throws typed work away, with a ``ChoiceDialog`` (which is a ``BaseModal`` too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual import events, on
from textual.errors import NoWidget

from companion.core.errors import CompanionError
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.choice import leave_unless_kept
from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.plain import Button, Label, Static

EntryT = TypeVar("EntryT")  # the entry a dialog makes: an operation, a card


class EntryDialog(BaseModal[EntryT]):
    """A dialog that makes one entry (an operation, a card) from what was tapped or typed in it: Escape or its
    ``#cancel`` key closes it with None, and an entry that cannot be made keeps it open with the one-line reason
    in its ``#error`` line. In a form of several fields, Enter moves on to the next field and makes the entry
    (``submit``) from the last; a tap on a field's label (the ``Label`` of its ``.row``) moves to that field."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    _opened_with: dict[str | None, str] | None = None  # the fields once filled, to tell what was typed since

    def on_mount(self) -> None:  # after the dialog's own on_mount (Textual calls each class's): its fields filled
        self.call_after_refresh(self._remember)

    def _remember(self) -> None:
        self._opened_with = self.fields_now()

    def keeps_what_is_typed(self) -> bool:
        """The dialog keeps its fields itself when closed (2500's brasse): Escape asks nothing."""
        return False

    def fields_now(self) -> dict[str | None, str]:
        """What the dialog's fields hold now."""
        return {field.id: field.value for field in self.query(Input)}

    def submit(self) -> None:
        """Make the entry from the fields: Enter in the last one does it. (A dialog of one field reads its own
        Enter and needs none.)"""

    def open_fields(self) -> list[Input]:
        """The text fields a player can type in, in the order they are shown."""
        return [field for field in self.query(Input) if not field.disabled and field.display]

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        """Enter typed at the end of a field: a form is never sent half filled by the Enter of its first line."""
        fields = self.open_fields()
        if len(fields) < 2 or event.input not in fields:
            return
        if event.input is fields[-1]:
            self.submit()
        else:
            fields[fields.index(event.input) + 1].focus()

    def on_click(self, event: events.Click) -> None:
        """A tap on a field's label goes to the field (a label is a bigger target than a one-row field)."""
        try:
            label, _ = self.get_widget_at(event.screen_x, event.screen_y)
        except NoWidget:  # off the screen
            return
        row = label.parent if isinstance(label, Label) else None
        if row is None or not row.has_class("row"):
            return
        field = next((f for f in row.query(Input) if not f.disabled), None) or next(iter(row.query(Select)), None)
        if field is not None:
            field.focus()

    def offer(self, make: Callable[[], EntryT], check: Callable[[EntryT], None] | None = None) -> None:
        """Closes with what ``make`` returns, once ``check`` (the match's ``verify``) accepts it."""
        try:
            entry = make()
            if check is not None:
                check(entry)
        except CompanionError as error:
            self.query_one("#error", Static).update(error.text(self.app.lang))
            return
        self.dismiss(entry)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Closed with None; when something was typed since it opened, the player is asked first."""
        typed = not self.keeps_what_is_typed() and self._opened_with not in (None, self.fields_now())
        leave_unless_kept(self, typed, lambda: self.dismiss(None))

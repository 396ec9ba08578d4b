"""A dialog that makes one entry (an operation, a card) from what was tapped or typed in it; a module of its own
because it asks before Escape throws typed work away, with a ``ChoiceDialog`` (which is a ``BaseModal`` too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on

from companion.core.errors import CompanionError
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.choice import leave_unless_kept
from companion.tui.widgets.fields import Input
from companion.tui.widgets.plain import Button, Static


class EntryDialog(BaseModal):
    """A dialog that makes one entry (an operation, a card) from what was tapped or typed in it: Escape or its
    ``#cancel`` key closes it with None, and an entry that cannot be made keeps it open with the one-line reason
    in its ``#error`` line."""

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

    def offer(self, make: Callable[[], Any], check: Callable[[Any], None] | None = None) -> None:
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

"""Enter a number by tapping: quick points for a side ("+7 for Marie") or a claimed count."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from companion.i18n import Msg
from companion.tui.screens.base import BaseModal
from companion.tui.widgets.keypad import NumberPad

CANCEL = Msg("Cancel", "Annuler")
FOR = Msg("+{n} for {name}", "+{n} pour {name}")


class NumberDialog(BaseModal):
    """Dismisses with (side, value) — side is None when no sides are offered — or None if cancelled."""

    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, title: str, sides: Sequence[str] = (), side: int = 0, maximum: int = 121) -> None:
        super().__init__()
        self.title_text = title
        self.sides = list(sides)
        self.side = side
        self.maximum = maximum
        self.text = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            if self.sides:
                with Horizontal(classes="bar", id="sides"):
                    for i, name in enumerate(self.sides):
                        yield Button(name, id=f"side-{i}", variant="primary" if i == self.side else "default")
            yield Static(self._preview(), classes="prompt", id="preview")
            yield NumberPad(id="pad")
            with Horizontal(classes="bar"):
                yield Button(self.tr(CANCEL), id="cancel")

    def _preview(self) -> str:
        if self.sides:
            return self.tr(FOR, n=self.text or "…", name=self.sides[self.side])
        return self.text or "…"

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("side-"):
            self.side = int(button_id.removeprefix("side-"))
            for i in range(len(self.sides)):
                self.query_one(f"#side-{i}", Button).variant = "primary" if i == self.side else "default"
            self.query_one("#preview", Static).update(self._preview())
        elif button_id == "cancel":
            self.dismiss(None)

    @on(NumberPad.Changed)
    def changed(self, event: NumberPad.Changed) -> None:
        self.text = event.text
        self.query_one("#preview", Static).update(self._preview())

    @on(NumberPad.Entered)
    def entered(self, event: NumberPad.Entered) -> None:
        if 0 <= event.value <= self.maximum:
            self.dismiss((self.side if self.sides else None, event.value))

    def action_cancel(self) -> None:
        self.dismiss(None)

"""Enter a number by tapping or typing: quick points for a side ("+7 for Marie"), a claimed count,
a round total (negative in 2500). Digits, minus, Backspace, Enter and Esc work from the keyboard."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.i18n import Msg
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.choice import leave_unless_kept
from companion.tui.widgets.keypad import Key, NumberPad
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

CANCEL = Msg("Cancel", "Annuler")
FOR = Msg("+{n} for {name}", "+{n} pour {name}")
RANGE = Msg("enter a number from {low} to {high}", "entrez un nombre de {low} à {high}")
# Short enough for the dialog at 80×24 in both languages (the French used to be cut).
HINT = Msg("digits · Enter: confirm · Esc: cancel", "chiffres · Entrée : valider · Échap : annuler")
HINT_SIDES = Msg("← →: who · digits · Enter: confirm · Esc: cancel", "← → : qui · chiffres · Entrée : valider · Échap : annuler")


class NumberDialog(BaseModal[tuple[int | None, int]]):
    """Dismisses with (side, value) — side is None when no sides are offered — or None if cancelled."""

    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, title: str, sides: Sequence[str] = (), side: int = 0, maximum: int = 121,
                 minimum: int = 0, preview: Msg = FOR) -> None:
        super().__init__()
        self.title_text = title
        self.sides = list(sides)
        self.side = side
        self.maximum = maximum
        self.minimum = minimum
        self.preview = preview  # what the number means for the side chosen: "+7 for Marie", "Denis wins 121–85"
        self.text = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            if self.sides:
                with Bar(classes="bar", id="sides"):
                    for i, name in enumerate(self.sides):
                        yield Key(name, id=f"side-{i}", variant="primary" if i == self.side else "default")
            yield Static(self._preview(), classes="prompt", id="preview")
            yield NumberPad(id="pad", signed=self.minimum < 0)
            yield Static("", classes="error", id="error")  # a number out of range: said on every device
            yield Static(self.tr(HINT_SIDES if self.sides else HINT), classes="keys", id="hint")
            with Bar(classes="bar"):
                yield Key(self.tr(CANCEL), id="cancel")

    def _preview(self) -> str:
        if self.sides:
            return self.tr(self.preview, n=self.text or "…", name=self.sides[self.side])
        return self.text or "…"

    def on_key(self, event: events.Key) -> None:
        """Typed keys go to the pad: Enter never presses a button by accident. Left, right and Tab choose the
        side (every answer can be given by keys too)."""
        if self.sides and event.key in ("left", "right", "tab", "shift+tab"):
            event.stop()
            event.prevent_default()
            step = -1 if event.key in ("left", "shift+tab") else 1
            self.choose_side((self.side + step) % len(self.sides))
            return
        keys = {"enter": "ok", "backspace": "erase", "minus": "sign", "-": "sign"}
        key = keys.get(event.key, event.character or "")
        if event.key in keys or (len(key) == 1 and key in "0123456789"):
            event.stop()
            event.prevent_default()
            self.query_one(NumberPad).press(key)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("side-"):
            self.choose_side(int(button_id.removeprefix("side-")))
        elif button_id == "cancel":
            self.action_cancel()

    def choose_side(self, side: int) -> None:
        self.side = side
        for i in range(len(self.sides)):
            self.query_one(f"#side-{i}", Button).variant = "primary" if i == self.side else "default"
        self.query_one("#preview", Static).update(self._preview())

    @on(NumberPad.Changed)
    def changed(self, event: NumberPad.Changed) -> None:
        self.text = event.text
        self.query_one("#preview", Static).update(self._preview())

    @on(NumberPad.Entered)
    def entered(self, event: NumberPad.Entered) -> None:
        if self.minimum <= event.value <= self.maximum:
            self.dismiss((self.side if self.sides else None, event.value))
        else:
            self.query_one("#error", Static).update(self.tr(RANGE, low=self.minimum, high=self.maximum))

    def action_cancel(self) -> None:
        leave_unless_kept(self, bool(self.text), lambda: self.dismiss(None))

"""A modal question with a few answers (buttons): fix or keep an entry, take muggins points."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from companion.tui.screens.base import BaseModal


class ChoiceDialog(BaseModal):
    """Dismisses with the value of the answer tapped (escape: the last answer)."""

    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, title: str, body: str, answers: Sequence[tuple[str, object]]) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.answers = list(answers)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield Static(self.body, classes="message", id="body")
            with Horizontal(classes="bar"):
                for i, (label, _) in enumerate(self.answers):
                    yield Button(label, id=f"answer-{i}", variant="primary" if i == 0 else "default")

    @on(Button.Pressed)
    def answer(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "answer-0").removeprefix("answer-"))
        self.dismiss(self.answers[index][1])

    def action_cancel(self) -> None:
        self.dismiss(self.answers[-1][1])

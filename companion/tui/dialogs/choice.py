"""A modal question with a few answers (buttons): fix or keep an entry, take muggins points."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from companion.core.i18n import Msg
from companion.tui.dialogs.base import BaseModal
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

AnswerT = TypeVar("AnswerT")  # what the answers stand for (None: the answer that changes nothing, as Escape)


class ChoiceDialog(BaseModal[AnswerT]):
    """Dismisses with the value of the answer tapped. Escape never destroys: it gives ``safe``, the answer
    that changes nothing (None unless the caller names another), and the focus starts on that answer, so a
    stray Enter gives it too. A choice that only leads somewhere (which rules to read) says ``lead=True``: the
    focus starts on its first answer, and Enter goes there."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    AUTO_FOCUS = ""  # no automatic focus: it goes to the safe answer, or nowhere (see on_mount)
    DEFAULT_CSS = """
    ChoiceDialog #answers { height: auto; max-height: 20; }
    ChoiceDialog.-small #answers { max-height: 14; }
    ChoiceDialog #answers Button { width: 100%; margin: 0; }
    """

    def __init__(self, title: str, body: str, answers: Sequence[tuple[str, AnswerT | None]], safe: AnswerT | None = None,
                 lead: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.answers = list(answers)
        self.safe = safe
        self.lead = lead

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield Static(self.body, classes="message", id="body")
            # A few short answers side by side; more (or longer) ones one per row, scrolling: none is ever cut off.
            few = len(self.answers) <= 3 and sum(len(label) for label, _ in self.answers) <= 48
            with Bar(classes="bar") if few else VerticalScroll(id="answers"):
                for i, (label, _) in enumerate(self.answers):
                    yield Button(label, id=f"answer-{i}", variant="primary" if i == 0 else "default")

    def on_mount(self) -> None:
        if self.lead and self.answers:
            self.query_one("#answer-0", Button).focus()
            return
        for i, (_, value) in enumerate(self.answers):
            if value is self.safe or value == self.safe:
                self.query_one(f"#answer-{i}", Button).focus()
                break
        else:
            self.set_focus(None)  # no answer is safe to give by a stray Enter

    @on(Button.Pressed)
    def answer(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "answer-0").removeprefix("answer-"))
        self.dismiss(self.answers[index][1])

    def action_cancel(self) -> None:
        self.dismiss(self.safe)


DROP_TITLE = Msg("Throw away what you entered?", "Abandonner ce que vous avez entré ?")
KEEP_IT = Msg("No, keep it", "Non, le garder")
DROP_IT = Msg("Throw it away", "L'abandonner")


def leave_unless_kept(screen: Any, typed: bool, leave: Callable[[], object]) -> None:
    """``leave`` at once when nothing was typed; else ask first. Escape, and « No, keep it », keep what was
    typed where it is: Escape never destroys."""
    if not typed:
        leave()
        return
    def answered(drop: object) -> None:  # returns nothing: a dismiss's awaitable must not be awaited here
        if drop is True:
            leave()

    screen.app.push_screen(ChoiceDialog(screen.app.tr(DROP_TITLE), "", [(screen.app.tr(KEEP_IT), None),
                                                                       (screen.app.tr(DROP_IT), True)]), answered)

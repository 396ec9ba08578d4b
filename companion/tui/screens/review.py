"""The review of a match: its costliest decisions, each with what would have been better and why. Reached from Past
matches (a row's Review, or R on a row) and from the end of a match (its Review key). The review is computed in a
worker thread (a long match's pegging searches take a second): the screen says so and stays live meanwhile."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.records.review import NONE, WITHHELD, Reviewed, review_match
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

TITLE = Msg("Review: {players}", "Analyse : {players}")
WORKING = Msg("Reviewing every decision…", "Analyse de chaque décision…")
BACK = Msg("Back", "Retour")
KEYS = Msg("Esc: back", "Échap : retour")


class ReviewScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    ReviewScreen #decisions { height: 1fr; padding: 0 1; }
    ReviewScreen .head { text-style: bold; margin: 1 0 0 0; }
    ReviewScreen.-small .head { margin: 0; }
    """

    def __init__(self, match_id: int) -> None:
        super().__init__()
        self.match_id = match_id
        self.reviewed: Reviewed | None = None
        self.failed: Msg | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE, players=f"#{self.match_id}"), classes="title", id="title")
        yield VerticalScroll(id="decisions")
        with Bar(classes="bar"):
            yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS)

    def on_mount(self) -> None:
        try:  # the store is read here (a quick read); the replay and the review are the worker's
            record, ops = self.app.store.load(self.match_id)
        except CompanionError as error:
            self.done(None, error.msg)
            return
        self.compute(record.game, record.setup, ops)

    @work(thread=True, exclusive=True, group="review")
    def compute(self, game_id: str, setup: dict[str, Any], ops: list[dict[str, Any]]) -> None:
        """Replay the match and review it, off the UI thread."""
        try:
            game = registry.get(game_id)
            reviewed = review_match(game, game.match.replay(game.read_setup(setup), ops))
        except CompanionError as error:
            self.app.call_from_thread(self.done, None, error.msg)
            return
        self.app.call_from_thread(self.done, reviewed, None)

    def done(self, reviewed: Reviewed | None, failed: Msg | None) -> None:
        self.reviewed, self.failed = reviewed, failed
        self.fill()

    def fill(self) -> None:
        """The decisions, costliest first (or what is being done, or why there is no review)."""
        box = self.query_one("#decisions", VerticalScroll)
        box.remove_children()
        reviewed = self.reviewed
        if reviewed is None:
            box.mount(Static(self.tr(self.failed or WORKING), classes="error" if self.failed else "announce working"))
            return
        sides = " · ".join(reviewed.match.side_name(s) for s in range(reviewed.match.sides))
        self.query_one("#title", Static).update(self.tr(TITLE, players=sides))
        lines: list[Any] = []
        for n, decision in enumerate(reviewed.decisions, 1):
            lines.append(Static(self.tr(reviewed.head(n, decision)), classes="head"))
            lines.append(Static(self.tr(decision.words), classes="words"))
        if not reviewed.decisions:
            lines.append(Static(self.tr(NONE), classes="none"))
        if reviewed.withheld:
            lines.append(Static(self.tr(WITHHELD(round=reviewed.game.round_noun)), classes="announce withheld"))
        box.mount_all(lines)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

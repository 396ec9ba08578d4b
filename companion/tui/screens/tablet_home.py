"""The home of a tablet that belongs to one match (its own QR code opened it): that match, its rules and the
language, and nothing else (no other match, no new match, no past matches)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.records.summary import score_line, sides_of
from companion.store.database import MatchRecord
from companion.tui.game_ui import open_match
from companion.tui.screens.base import BaseScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.widgets.plain import Button, Static

THIS_MATCH = Msg("This tablet keeps one match: {players} · {score}",
                 "Cette tablette tient un match : {players} · {score}")
OPEN = Msg("Back to the match", "Retour au match")
RULES = Msg("Rules", "Règles")
LANG = Msg("Français", "English")


class TabletHomeScreen(BaseScreen):
    """Opens its match at once; the match's Menu comes back here."""

    DEFAULT_CSS = """
    TabletHomeScreen { align: center top; }
    TabletHomeScreen > VerticalScroll { width: 100%; max-width: 80; height: 1fr; padding: 0 1; }
    TabletHomeScreen .title { padding: 1 1; text-align: center; width: 100%; }
    TabletHomeScreen .menu Button { width: 100%; }
    """

    def __init__(self, match_id: int) -> None:
        super().__init__()
        self.match_id = match_id

    def compose(self) -> ComposeResult:
        record: MatchRecord | None
        trouble: Msg | None = None
        try:
            record = self.app.store.match(self.match_id)
        except CompanionError as error:  # deleted from another device, or the file in trouble: said
            record, trouble = None, error.msg
        with VerticalScroll():
            if record is not None:
                players = " · ".join(sides_of(record.summary)) or f"#{record.id}"
                yield Static(self.tr(THIS_MATCH, players=players, score=score_line(record.summary)), classes="title")
            if trouble is not None:
                yield Static(self.tr(trouble), classes="error", id="trouble")
            with Vertical(classes="menu"):
                if record is not None:
                    yield Button(self.tr(OPEN), id="open", variant="primary")
                    yield Button(self.tr(RULES), id="rules")
                yield Button(self.tr(LANG), id="lang")

    def on_mount(self) -> None:
        self.call_after_refresh(self.open)

    @on(Button.Pressed, "#open")
    def open(self) -> None:
        if not self.query("#open"):
            return
        open_match(self.app, self.match_id)

    @on(Button.Pressed, "#rules")
    def rules(self) -> None:
        try:
            record = self.app.store.match(self.match_id)
        except CompanionError:
            return
        game = next((g for g in registry.listed() if g.id == record.game), None)
        self.app.push_screen(HelpScreen((game.help_name or game.id) if game else record.game))

    @on(Button.Pressed, "#lang")
    def lang(self) -> None:
        self.app.set_lang("en" if self.app.lang == "fr" else "fr")

    def on_screen_resume(self) -> None:
        self.refresh(recompose=True)  # the score may have moved

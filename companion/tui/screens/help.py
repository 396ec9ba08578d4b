"""The rules of a game, in the player's language, with the house rules marked."""

from __future__ import annotations

from importlib.resources import files

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from companion.core.i18n import Msg
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.plain import Button

BACK = Msg("Back", "Retour")
OTHER = Msg("Français", "English")


KEYS = Msg("Esc: back", "Échap : retour")

def rules_text(game: str, lang: str) -> str:
    return files(f"companion.tui.games.{game}").joinpath(f"help_{lang}.md").read_text(encoding="utf-8")


class HelpScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 0 1; }
    """

    def __init__(self, game: str = "cribbage") -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(rules_text(self.game, self.app.lang), id="rules")
        yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

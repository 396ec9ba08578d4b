"""The end of a round in a virtual game: what happened, item by item, and the standings; a tap goes on."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from companion.core.i18n import Msg
from companion.games.base import Event, Match
from companion.tui.dialogs.base import BaseModal
from companion.tui.widgets.plain import Button, Static

NEXT_DEAL = Msg("Continue", "Continuer")  # to the next deal, round or brasse: each game's word, so none
SEE_END = Msg("See the result", "Voir le résultat")
STANDING = Msg("{name}: {value}", "{name} : {value}")
SCORES = Msg("Scores", "Scores")


def standings_line(match: Match, lang: str) -> str:
    """Every side's points (tokens, lives) in one line: "Ann: 12 · Bob: 7"."""
    parts = []
    for standing in match.standings():
        value = int(standing.value) if float(standing.value).is_integer() else standing.value
        parts.append(STANDING(name=standing.name, value=value).text(lang))
    return " · ".join(parts)


class RoundReport(BaseModal[None]):
    """Dismisses with None when the players have read it (a tap on the button, Enter, Space or Escape)."""

    BINDINGS = [("escape", "close", "Close"), ("space", "close", "Close")]
    DEFAULT_CSS = """
    RoundReport #lines { height: auto; max-height: 16; }
    RoundReport .-small #lines { max-height: 12; }
    RoundReport #items { padding: 0 1; }
    RoundReport #scores { padding: 0 1; text-style: bold; }
    RoundReport #go-on { width: 100%; margin: 1 0 0 0; }
    """

    def __init__(self, event: Event, match: Match) -> None:
        super().__init__()
        self.event = event
        self.match = match

    def compose(self) -> ComposeResult:
        with Vertical():
            headline, *lines = self.event.report
            yield Static(self.tr(headline), classes="title", id="headline")
            with VerticalScroll(id="lines"):
                yield Static("\n".join(self.tr(line) for line in lines), id="items")
            yield Static(f"{self.tr(SCORES)} — {standings_line(self.match, self.app.lang)}", id="scores")
            over = self.match.is_over or self.match.awaiting_continue
            yield Button(self.tr(SEE_END if over else NEXT_DEAL), id="go-on", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#go-on", Button).focus()

    @on(Button.Pressed, "#go-on")
    def action_close(self) -> None:
        self.dismiss(None)

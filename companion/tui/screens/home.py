"""Home: start a match, resume one, look at past matches, read the rules, switch language."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from companion.i18n import Msg
from companion.tui.screens.base import BaseScreen
from companion.tui.screens.past import score_line

WELCOME = Msg("companion — keeps the score beside your card table", "companion — tient le pointage à côté de votre table")
NEW = Msg("New cribbage match", "Nouveau match de cribbage")
RESUME = Msg("Resume: {players} · {score}", "Reprendre : {players} · {score}")
PAST = Msg("Past matches", "Matchs passés")
HELP = Msg("Rules of cribbage", "Règles du cribbage")
LANG = Msg("Français", "English")
QUIT = Msg("Quit", "Quitter")


KEYS = Msg("keys: n new match · p past matches · h rules · l language · ctrl+q quit",
           "touches : n nouveau match · p matchs passés · h règles · l langue · ctrl+q quitter")

class HomeScreen(BaseScreen):
    BINDINGS = [("n", "new", "New"), ("p", "past", "Past"), ("h", "help", "Help"), ("l", "lang", "Language")]

    DEFAULT_CSS = """
    HomeScreen { align: center top; }
    HomeScreen > VerticalScroll { width: 100%; max-width: 80; height: 1fr; padding: 0 1; }
    HomeScreen .notice { color: $warning; padding: 0 1 1 1; }
    HomeScreen .title { padding: 1 1; text-align: center; width: 100%; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.tr(WELCOME), classes="title")
            if self.app.notice is not None:
                yield Static(self.tr(self.app.notice), classes="notice", id="notice")
            with Vertical(classes="menu"):
                yield Button(self.tr(NEW), id="new", variant="primary")
                for record in self.app.store.list_matches(finished=False)[:3]:
                    players = " · ".join(record.summary.get("sides", []))
                    yield Button(self.tr(RESUME, players=players, score=score_line(record.summary)),
                                 id=f"resume-{record.id}")
                yield Button(self.tr(PAST), id="past")
                yield Button(self.tr(HELP), id="help")
                yield Button(self.tr(LANG), id="lang")
                yield Button(self.tr(QUIT), id="quit", variant="error")
        yield Static(self.tr(KEYS), classes="keys")

    def on_screen_resume(self) -> None:
        self.refresh(recompose=True)  # the list of matches to resume may have changed

    @on(Button.Pressed, "#new")
    def action_new(self) -> None:
        from companion.tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    @on(Button.Pressed, "#past")
    def action_past(self) -> None:
        from companion.tui.screens.past import PastMatchesScreen

        self.app.push_screen(PastMatchesScreen())

    @on(Button.Pressed, "#help")
    def action_help(self) -> None:
        from companion.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    @on(Button.Pressed, "#lang")
    def action_lang(self) -> None:
        self.app.set_lang("en" if self.app.lang == "fr" else "fr")

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit()

    @on(Button.Pressed)
    def resume(self, event: Button.Pressed) -> None:
        if (event.button.id or "").startswith("resume-"):
            from companion.tui.screens.match import open_match

            open_match(self.app, int(event.button.id.removeprefix("resume-")))

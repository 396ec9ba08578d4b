"""The match history of any game: every entry, newest last; tap one to correct it.

A correction replaces the entry and replays the rest of the log through the
engine; entries that no longer fit are dropped, and the player is told how many.
Which entries can be corrected, and how, is the game's UI object's business.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, Plural
from companion.games.base import Operation
from companion.store.session import MatchSession
from companion.tui.game_ui import ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.plots import ScoreRace

TITLE = Msg("History — tap an entry to correct it", "Historique — touchez une entrée pour la corriger")
TITLE_ONLY = Msg("History", "Historique")
BACK = Msg("Back", "Retour")
DONE = Msg("Corrected: {kept}, {dropped}", "Corrigé : {kept}, {dropped}")
KEYS = Msg("Enter: correct this entry · Esc: back", "Entrée : corriger cette entrée · Échap : retour")
KEYS_ONLY = Msg("Esc: back", "Échap : retour")
RACE = Msg("Score race", "Course aux points")
RACE_FROM = 34  # terminal rows from which the race is shown at once


class HistoryScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    DEFAULT_CSS = """
    HistoryScreen OptionList { height: 1fr; }
    HistoryScreen ScoreRace { height: 10; }
    HistoryScreen #note { height: auto; padding: 0 1; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        corrects = ui_for(self.session.game.id).corrects(self.session)
        yield Static(self.tr(TITLE if corrects else TITLE_ONLY), classes="title")
        race = ScoreRace(self.session.match, self.app.lang, id="race")
        race.display = self.app.size.height >= RACE_FROM  # on a small screen the list comes first: « Race » shows it
        yield race
        yield OptionList(id="entries", markup=False)
        yield Static("", id="note", classes="message")
        with Bar(classes="bar"):
            yield Button(self.tr(BACK), id="back", compact=True)
            yield Button(self.tr(RACE), id="show-race", compact=True)
        yield self.foot_line(KEYS if corrects else KEYS_ONLY)  # the title says what a tap does

    def fill(self, keep: int | None = None) -> None:
        """List the entries; the highlight goes to entry ``keep`` (1-based), else to the last one."""
        entries = self.query_one("#entries", OptionList)
        entries.clear_options()
        match = self.session.match
        for seq, event in enumerate(match.events, 1):
            points = "".join(f"  {s.points:+d} {match.side_name(s.side)}" for s in event.scores)
            entries.add_option(Option(f"{seq:>3}. {self.tr(event.text)}{points}", id=str(seq)))
        if match.events:
            entries.highlighted = min(keep, len(match.events)) - 1 if keep else len(match.events) - 1
        for race in self.query(ScoreRace):
            if race.is_mounted and race.match is not match:
                race.draw(match)

    @on(Button.Pressed, "#show-race")
    def toggle_race(self) -> None:
        race = self.query_one("#race")
        race.display = not race.display

    def note(self, msg: Msg, css: str = "message") -> None:
        note = self.query_one("#note", Static)
        note.update(self.tr(msg))
        note.set_classes(css)

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        seq = int(event.option.id or "0")
        op = self.session.match.log[seq - 1]
        ui = ui_for(self.session.game.id)
        if not ui.correct(self, seq, op):
            self.note(ui.not_correctable)

    def correct(self, seq: int, op: Operation) -> None:
        try:
            result = self.session.correct(seq, op)
        except CompanionError as error:
            self.note(error.msg, "error")
            return
        self.fill(keep=seq)  # stay on the corrected entry: a second Enter edits it again, not another
        kept = Plural(result.kept, ("later entry replayed", "later entries replayed"),
                      ("entrée suivante rejouée", "entrées suivantes rejouées"))
        dropped = Plural(result.dropped, ("removed", "removed"), ("retirée", "retirées"))
        self.note(DONE(kept=kept, dropped=dropped), "announce")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

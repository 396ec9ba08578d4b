"""The match history: every entry, newest last; tap one to correct it.

A correction replaces the entry and replays the rest of the log through the
engine; entries that no longer fit are dropped, and the player is told how many.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from companion.errors import IllegalMoveError
from companion.games.cribbage.ops import Cut, Play, Points
from companion.i18n import Msg
from companion.session import CribbageSession
from companion.store import StoreError
from companion.tui.dialogs.card import CardDialog
from companion.tui.dialogs.points import NumberDialog
from companion.tui.screens.base import BaseScreen

TITLE = Msg("History — tap an entry to correct it", "Historique — touchez une entrée pour la corriger")
BACK = Msg("Back", "Retour")
ONLY = Msg("Only a starter, a card played or quick points can be corrected here; undo to change the rest.",
           "Seuls la coupe, une carte jouée ou des points rapides se corrigent ici; annulez pour le reste.")
CORRECT_CARD = Msg("Entry {n}: which card was it?", "Entrée {n} : quelle carte était-ce ?")
CORRECT_POINTS = Msg("Entry {n}: how many points?", "Entrée {n} : combien de points ?")
DONE = Msg("Corrected: {kept} later entr(y/ies) replayed, {dropped} removed",
           "Corrigé : {kept} entrée(s) suivante(s) rejouée(s), {dropped} retirée(s)")


KEYS = Msg("Enter: correct this entry · Esc: back", "Entrée : corriger cette entrée · Échap : retour")

class HistoryScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    DEFAULT_CSS = """
    HistoryScreen OptionList { height: 1fr; }
    HistoryScreen #note { height: auto; padding: 0 1; }
    """

    def __init__(self, session: CribbageSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        yield OptionList(id="entries")
        yield Static("", id="note", classes="message")
        with Horizontal(classes="bar"):
            yield Button(self.tr(BACK), id="back", compact=True)
        yield Static(self.tr(KEYS), classes="keys")

    def fill(self) -> None:
        entries = self.query_one("#entries", OptionList)
        entries.clear_options()
        for seq, event in enumerate(self.session.match.events, 1):
            points = "".join(f"  +{s.points} {self.session.match.side_name(s.side)}" for s in event.scores)
            entries.add_option(Option(f"{seq:>3}. {self.tr(event.text)}{points}", id=str(seq)))
        if self.session.match.events:
            entries.highlighted = len(self.session.match.events) - 1

    def note(self, msg: Msg, css: str = "message") -> None:
        note = self.query_one("#note", Static)
        note.update(self.tr(msg))
        note.set_classes(css)

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        seq = int(event.option.id or "0")
        op = self.session.match.log[seq - 1]
        if isinstance(op, (Cut, Play)):
            self.app.push_screen(CardDialog(self.tr(CORRECT_CARD, n=seq)),
                                 lambda card: card and self.correct(seq, Cut(card) if isinstance(op, Cut)
                                                                    else Play(op.seat, card)))
        elif isinstance(op, Points):
            self.app.push_screen(NumberDialog(self.tr(CORRECT_POINTS, n=seq), maximum=self.session.match.rules.target),
                                 lambda answer: answer and answer[1] > 0
                                 and self.correct(seq, Points(op.side, answer[1], op.note)))
        else:
            self.note(ONLY)

    def correct(self, seq: int, op) -> None:
        try:
            result = self.session.correct(seq, op)
        except (IllegalMoveError, StoreError) as error:
            self.note(error.msg, "error")
            return
        self.fill()
        self.note(DONE(kept=result.kept, dropped=result.dropped), "announce")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

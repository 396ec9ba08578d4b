"""The 2500 screen's entry at a real table: the running table, and at the end of each brasse its count (« Brasse »:
the frime and each player's laid groups and hand, typed or tapped, ``brasse.py``).

A brasse may also be entered turn by turn (« Tour par tour »): the turned cards start it, then each turn is played
with the play keys (``turns.py``) on the cards tapped on the keypad or typed. When it ends, the Brasse entry comes
filled in with what was laid, and only the cards left in hand remain to enter."""

from __future__ import annotations

from collections import Counter
from typing import Any

from textual.app import ComposeResult

from companion.core.cards import Card, CardList
from companion.core.decks import pack_2500_spec
from companion.core.i18n import Msg
from companion.games.base import Event, Operation
from companion.games.rummy2500.ops import Brasse
from companion.tui.games.rummy2500.brasse import BrasseDialog, brasse_fields
from companion.tui.games.rummy2500.turns import OpenDialog
from companion.tui.games.rummy2500.view import Rummy2500View
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.standings import ScoreSheet

PROMPT = Msg("At the end of the brasse: tap Brasse and enter the frime, what each player laid and kept (or Turn by "
             "turn, to enter each play)", "À la fin de la brasse : touchez Brasse et entrez la frime, ce que chacun a "
             "posé et gardé (ou Tour par tour, pour entrer chaque coup)")
B_BRASSE = Msg("Brasse", "Brasse")
B_TURNS = Msg("Turn by turn", "Tour par tour")
KEYS = (("brasse", B_BRASSE), ("turns", B_TURNS))
P_TURN = Msg("{name} to play: tap cards, then Stock or Pige (with a pair), Trio, Lay off, Discard",
             "À {name} : touchez des cartes, puis Paquet ou Pige (avec une paire), Trio, Ajouter, Jeter")
P_OVER = Msg("The brasse is over: tap Brasse and enter the cards left in each hand",
             "La brasse est finie : touchez Brasse et entrez les cartes restées en main")
SELECTED = Msg("Selected: {cards}", "Choisies : {cards}")
ENTRY = Msg("Type cards (7h 7s) or stock, pige, trio, off, discard, undo…",
            "Tapez des cartes (7c 7p) ou paquet, pige, trio, ajout, jeter, annuler…")


class Rummy2500TableEntry(Rummy2500View):
    """At a real table: the keypad for the cards of a brasse played turn by turn, the Brasse and Turn by turn keys,
    and the count of a brasse as last left in its dialog (kept as the screen's draft)."""

    selected: list[Card]
    brasse_fields: dict[str, str]  # the count of a brasse as last left in its dialog

    def keypad(self) -> ComposeResult:
        yield CardKeypad(self.app.lang, deck=pack_2500_spec(self.match.packs), id="keypad")

    def refresh_table(self) -> None:
        """The score sheet between brasses (during one, the table's lines carry each total), the cards selected,
        the keypad (a card greyed once every copy is seen elsewhere: the player's own known cards stay tappable),
        what to enter now, and the Brasse and Turn by turn keys."""
        m = self.match
        bp = m.bp
        playing = m.playing()
        self.query_one("#sheet", ScoreSheet).display = not playing
        self.query_one("#selection", Static).update(
            self.tr(SELECTED, cards=CardList(self.selected)) if playing and self.selected else "")
        for widget in (self.query_one("#keypad"), self.query_one("#plays")):
            widget.display = playing
        if bp is not None and not bp.over:
            seen = bp.seen() - Counter(c for c in bp.hands[bp.turn] if c is not None)
            self.query_one("#keypad", CardKeypad).set_accounted(seen + Counter(self.selected))
        if m.is_over:
            prompt = ""
        elif bp is not None and not bp.over:
            prompt = self.tr(P_TURN, name=m.names[bp.turn])
        elif bp is not None:
            prompt = self.tr(P_OVER)
        else:
            prompt = self.tr(PROMPT)
        self.query_one("#prompt", Static).update(prompt)
        self.show_message()
        self.query_one("#brasse", Button).disabled = m.is_over or playing
        self.query_one("#turns", Button).disabled = m.is_over or bp is not None

    def table_command(self, command: str) -> bool:
        """The keeper's own keys (Brasse, Turn by turn); False for another command."""
        m = self.match
        if command == "brasse":
            played = m.brasse_entry([[] for _ in range(m.players)]) if m.bp is not None and m.bp.over else None
            self.app.push_screen(BrasseDialog(m, played, kept=self.brasse_fields, keep=self.keep_draft),
                                 self.apply_answer)
        elif command == "turns":
            self.app.push_screen(OpenDialog(m), self.apply_answer)
        else:
            return False
        return True

    def select_typed(self, cards: list[Card]) -> None:
        """Cards typed alone: into the selection, while a brasse is played turn by turn."""
        if not self.match.playing():
            self.refuse(PROMPT)
            return
        self.selected += cards
        self.message = None
        self.refresh_view()

    # ------------------------------------------------------------ what the screen keeps between entries
    def draft(self) -> dict[str, Any] | None:
        return {"brasse": dict(self.brasse_fields)} if any(self.brasse_fields.values()) else None

    def restore_draft(self, data: dict[str, Any]) -> None:
        fields = data.get("brasse")
        if isinstance(fields, dict):
            self.brasse_fields = {k: v for k, v in fields.items() if isinstance(k, str) and isinstance(v, str)}

    def after(self, event: Event) -> None:
        if not self.virtual and isinstance(event.op, Brasse):
            self.brasse_fields = {}  # counted: the next brasse starts blank
            self.keep_draft()
        super().after(event)

    def reenter(self, op: Operation) -> bool:
        """A brasse undone comes back into its dialog as it was entered: Undo to fix one number keeps the rest."""
        if self.virtual or not isinstance(op, Brasse):
            return False
        self.brasse_fields = brasse_fields(op, self.app.lang)
        return True

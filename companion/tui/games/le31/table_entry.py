"""The Le 31 screen's entry at a real table: the card keypad and the keeper's keys.

Tap the card played: the app lists what that card can legally do against the table (take, build, raise, or lay
down) by taps; or type the play in the entry line (``6r x 2b 3g``, ``3r > 8 5b``). The first deal of a round is
its four table cards, tapped one by one; « Deal » enters the next deals; between rounds, *Quick tally* enters a
whole round from the counts of each side's pile.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from textual.app import ComposeResult

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.base import Event, Operation
from companion.games.le31.deck import Le31Card
from companion.games.le31.engine import MATCH_OVER, NEED_DEAL
from companion.games.le31.notation import read_play
from companion.games.le31.ops import CountOut, Deal
from companion.tui.games.le31.offers import TablePlays
from companion.tui.games.le31.view import P_ONLY_TRAIL, Le31View
from companion.tui.screens.match_base import ERASE_WORDS, SHARED_WORDS
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Button

P_TABLE = Msg("First deal: tap the 4 cards laid face up on the table ({cards})",
              "Première donne : touchez les 4 cartes posées sur la table ({cards})")
P_DEAL = Msg("Deal {n}: tap Deal when the cards are dealt", "Donne {n} : touchez Donner quand les cartes sont données")
P_PLAY = Msg("{name} to play: tap the card (or type 6r x 2b 3g)", "À {name} de jouer : touchez la carte (ou tapez 6r x 2b 3v)")
TABLE_FIRST = Msg("First the 4 cards laid face up on the table: tap or type each card alone",
                  "D'abord les 4 cartes posées sur la table : touchez ou tapez chaque carte seule")
B_DEAL = Msg("Deal", "Donner")
B_QUICK = Msg("Quick tally", "Décompte rapide")
ENTRY = Msg("type a play: 6r x 2b 3g · 3r > 8 5b · 2r ^ 8 · 4r - · deal · undo",
            "tapez un coup : 6r x 2b 3v · 3r > 8 5b · 2r ^ 8 · 4r - · donner · annuler")
KEYS = (("deal", B_DEAL), ("quick", B_QUICK))
_COMMANDS = {**SHARED_WORDS, "deal": "deal", "donner": "deal", "donne": "deal", "quick": "quick", "rapide": "quick",
             "out": "out", "sortir": "out", **ERASE_WORDS}


class Le31TableEntry(Le31View):
    """At a real table: the keypad, the first deal's table cards held until the four are in, the keeper's keys."""

    pending_table: list[Le31Card]  # the first deal's table cards tapped so far

    def keypad(self) -> ComposeResult:
        yield CardKeypad(self.app.lang, deck=self.match.deck.spec(), id="keypad")

    def refresh_keypad(self) -> None:
        """The keypad (a card greyed once every copy is seen) and the keeper's keys (Deal, Quick tally)."""
        match = self.match
        self.query_one("#keypad", CardKeypad).set_accounted(match.accounted_cards() + Counter(self.pending_table))
        first = match.phase == "deal" and match.r.deal == 0
        self.query_one("#deal", Button).disabled = not (match.phase == "deal" and not first)
        self.query_one("#quick", Button).disabled = not first

    def table_prompt(self) -> str:
        match = self.match
        if match.phase == "deal":
            if match.r.deal == 0:
                return self.tr(P_TABLE, cards=" ".join(self.label(c) for c in self.pending_table) or "—")
            return self.tr(P_DEAL, n=match.r.deal + 1)
        if match.phase == "play":
            line = self.tr(P_PLAY, name=match.names[match.r.turn])
            return line + (self.tr(P_ONLY_TRAIL) if match.r.trail_only else "")
        return ""

    # ------------------------------------------------------------ what the screen keeps between entries
    def after(self, event: Event) -> None:
        if isinstance(event.op, Deal):
            self.pending_table = []
        super().after(event)

    def after_step(self) -> None:
        self.pending_table = []

    def last_drafted(self) -> list[Le31Card] | None:
        return self.pending_table

    def reenter(self, op: Operation) -> bool:
        """Undo of the first deal takes back its fourth table card only: the first three stay tapped."""
        if not (isinstance(op, Deal) and op.table and self.match.phase == "deal" and self.match.r.deal == 0):
            return False
        self.pending_table = list(op.table[:-1])
        return True

    def draft(self) -> dict[str, Any] | None:
        return {"table": [c.code for c in self.pending_table]} if self.pending_table else None

    def restore_draft(self, data: dict[str, Any]) -> None:
        codes = data.get("table")
        if isinstance(codes, list) and self.match.phase == "deal" and self.match.r.deal == 0:
            try:
                self.pending_table = [self.match.deck.parse(c) for c in codes if isinstance(c, str)][:3]
            except CompanionError:
                self.pending_table = []

    # ------------------------------------------------------------ entries
    def enter_card(self, card: Le31Card) -> None:
        """A card tapped on the keypad or typed alone: a table card of the first deal, else the card played."""
        match = self.match
        if match.phase == "deal" and match.r.deal == 0:
            try:
                match.check_new([*self.pending_table, card])  # at once, not once the four are in
            except CompanionError as error:
                self.refuse(error.msg)
                return
            self.pending_table.append(card)
            if len(self.pending_table) == 4:
                if not self.apply_ops(Deal(table=tuple(self.pending_table))):
                    self.pending_table.pop()  # refused (the store, say): the fourth card can be tapped again
                    self.keep_draft()
            else:
                self.keep_draft()  # saved before shown
                self.message = None
                self.refresh_view()
            return
        if match.phase != "play":
            self.refuse(MATCH_OVER if match.phase == "match_over" else NEED_DEAL)
            return
        seat = match.r.turn
        self.offer_card(seat, card, TablePlays(match, seat, card), self.apply_ops)

    def table_command(self, command: str) -> bool:
        """The keeper's own keys and words (⌫, Deal, Quick tally, counting out); False for another command."""
        if command == "back":
            self.take_back_drafted()
        elif command == "deal" and self.match.phase == "deal":
            self.apply_ops(Deal())
        elif command == "quick":
            from companion.tui.games.le31.quick import QuickTallyDialog

            self.app.push_screen(QuickTallyDialog(self.match), self.apply_answer)
        elif command == "out" and self.match.phase == "play":  # counting out (house rule): the side to play claims
            self.apply_ops(CountOut(self.match.side_of(self.match.r.turn)))
        else:
            return False
        return True

    def enter_table_line(self, text: str) -> None:
        if text.casefold() in _COMMANDS:
            self.run_command(_COMMANDS[text.casefold()])
            return
        match = self.match
        seat = match.r.turn if match.phase == "play" else 0
        card, op = read_play(text, match.deck, self.app.lang, seat)
        if op is None:
            self.enter_card(card)
        elif match.phase == "deal" and match.r.deal == 0:
            self.refuse(TABLE_FIRST)  # a whole play is not a table card: nothing is taken from it
        else:
            self.apply_ops(op)  # before the deal, the engine refuses it and says why

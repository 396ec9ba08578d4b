"""The 2500 screen's entry in virtual play: the hand of the player on screen, read from the rules' choices.

The app deals each brasse (seeded), each human sees only their own hand, the computer players move at the chosen
pace, and each brasse is counted by itself at its end, on the running table. The cards lit are those the seat's
choices may take (before the draw, only the pairs a pige card may go with); a tap picks a card (a second tap puts
it back), and the play keys (``turns.py``) answer their choice with the cards picked."""

from __future__ import annotations

from textual.app import ComposeResult

from companion.core.cards import Card
from companion.core.i18n import Msg
from companion.games.rummy2500.turns import DRAW_FIRST
from companion.tui.games.rummy2500.view import Rummy2500View
from companion.tui.screens.match_words import NOT_NOW
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Static

P_TURN = Msg("{name}: tap cards, then Stock or Pige (with a pair), Trio, Lay off, Discard",
             "{name} : touchez des cartes, puis Paquet ou Pige (avec une paire), Trio, Ajouter, Jeter")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
YOUR_HAND = Msg("{name} ({n}):", "{name} ({n}) :")
ENTRY = Msg("type cards (7h 7s) or stock, pige, trio, off, discard, pace, undo…",
            "tapez des cartes (7c 7p), paquet, pige, trio, ajout, jeter, rythme, annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
SLOTS = 40  # a hand grows with a pige series: room for every card it can hold


class Rummy2500HandEntry(Rummy2500View):
    """In virtual play: the hand on screen, under the table, and the brasse's moves below it."""

    selected: list[Card]

    def hand_view(self) -> ComposeResult:
        yield Static("", id="hand-name")
        yield HandRow(SLOTS, id="hand")
        yield MoveList(id="moves")

    def held(self) -> list[Card]:
        """The hand on screen, in order (none while the device is passed, or the hands are on phones)."""
        bp, seat = self.match.bp, self.shown_seat
        held = bp.hands[seat] if bp is not None and seat is not None else []
        return sorted((c for c in held if c is not None), key=lambda c: (c.rank, c.suit))

    def lit(self) -> set[Card]:
        """The cards the seat's choices may take now."""
        return {card for choice in self.offered() for card in choice.cards}

    def refresh_hand(self) -> None:
        """The hand (its cards lit from the choices, those picked drawn so, the frimes marked), whose it is, the
        play keys while it is his turn, and what he is asked."""
        m, lang = self.match, self.app.lang
        bp, seat = m.bp, self.shown_seat
        cards = self.held()
        self.selected = [c for c in self.selected if c in cards]
        self.query_one("#hand", HandRow).show(  # two identical cards: each tap picks one of them
            cards, lambda c: c.display(lang), red=lambda c: c.is_red, picked=self.selected, playable=self.lit(),
            marks={"frime": lambda c: bp is not None and c.rank == bp.frime})  # wild cards stand out
        self.query_one("#hand-name", Static).update(
            self.tr(YOUR_HAND, name=m.names[seat], n=len(cards)) if seat is not None else self.hidden_words())
        mine = self.chooser_seat() is not None
        self.query_one("#plays").display = mine
        if m.is_over:
            prompt = ""
        elif mine and seat is not None:
            prompt = self.tr(P_TURN, name=m.names[seat])
        elif self._passing:
            prompt = self.hidden_words()
        elif bp is not None and not bp.over:
            prompt = self.waiting_words(bp.turn, P_WAIT)
        else:
            prompt = ""
        self.show_turn(prompt)

    def toggle(self, card: Card, picked: bool) -> None:
        """A card of the hand tapped: picked, or put back when it was."""
        if picked:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.message = None
        self.refresh_view()

    def pick_typed(self, cards: list[Card]) -> None:
        """Cards typed alone: picked as if tapped, each a lit card of the hand not picked yet."""
        left = self.held()
        for chosen in self.selected:
            if chosen in left:
                left.remove(chosen)
        lit = self.lit()
        for card in cards:
            if card not in left:
                self.refuse(NOT_YOURS(card=card))
                return
            if card not in lit:  # in the hand, but no choice takes it now
                drawing = self.chooser_seat() is not None and not self.match.live.drawn
                self.refuse(DRAW_FIRST if drawing else NOT_NOW)
                return
            left.remove(card)
        self.selected += cards
        self.message = None
        self.refresh_view()

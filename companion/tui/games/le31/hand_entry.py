"""The Le 31 screen's entry in virtual play: the hand of the player on screen, read from the rules' choices.

The app deals each round's pack (seeded) and each human sees only their own hand. The cards lit are the cards the
choices play; a tap offers that card's plays among the choices' options (``offers.OfferedPlays``: the table cards
that can follow, then the plays of the cards tapped), and the play chosen is answered to its choice. A typed card
is a tap; a typed play (``6r x 2b 3g``) is the same answer.
"""

from __future__ import annotations

from textual.app import ComposeResult

from companion.core.i18n import Msg
from companion.games.le31.deck import Le31Card
from companion.games.le31.notation import read_play
from companion.games.le31.ops import Play
from companion.tui.games.le31.offers import OfferedPlays, answer_of
from companion.tui.games.le31.view import P_ONLY_TRAIL, Le31View
from companion.tui.screens.match_words import NOT_NOW
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Static

YOUR_HAND = Msg("{name}:", "{name} :")
P_PLAY = Msg("{name}: tap a card to play it (or type 6r x 2b 3g)",
             "{name} : touchez une carte pour la jouer (ou tapez 6r x 2b 3v)")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
ENTRY = Msg("type a card (6r) or a whole play: 6r x 2b 3g · 3r > 8 5b · pace · undo",
            "tapez une carte (6r) ou un coup : 6r x 2b 3v · 3r > 8 5b · rythme · annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
SLOTS = 4


class Le31HandEntry(Le31View):
    """In virtual play: the hand on screen, under the table, and the round's moves below it."""

    def hand_view(self) -> ComposeResult:
        """The table, then the hand on screen and the round's moves."""
        yield from self.table_view()
        yield HandRow(SLOTS, named=True, id="hand")
        yield MoveList(id="moves")

    def refresh_hand(self) -> None:
        """The hand on screen (its cards with a play lit), whose it is, and what its player is asked."""
        m = self.match
        seat = self.shown_seat
        hand = sorted(m.seat_hand(seat) or (), key=lambda c: c.sort_key) if seat is not None else []
        playable = {card for choice in self.offered() for card in choice.cards}
        self.query_one("#hand", HandRow).show(hand, self.label, red=m.deck.is_red, playable=playable)
        self.query_one("#hand-name", Static).update(
            self.tr(YOUR_HAND, name=m.names[seat]) if seat is not None else self.hidden_words())
        human = self.acting_human()
        if m.is_over:
            prompt = ""
        elif self._passing:
            prompt = self.hidden_words()
        elif human is not None and human == seat:
            prompt = self.tr(P_PLAY, name=m.names[human]) + (self.tr(P_ONLY_TRAIL) if m.r.trail_only else "")
        elif m.phase == "play":
            prompt = self.waiting_words(m.r.turn, P_WAIT)
        else:
            prompt = ""
        self.show_turn(prompt)

    def play_card(self, card: Le31Card) -> None:
        """A card of the hand tapped or typed: its plays offered from the choices."""
        seat = self.chooser_seat()
        if seat is None:
            self.refuse(NOT_NOW)
        elif card not in (self.match.seat_hand(seat) or ()):
            self.refuse(NOT_YOURS(card=self.label(card)))
        elif not any(card in choice.cards for choice in self.offered()):
            self.why_not(seat, card)
        else:
            self.offer_card(seat, card, OfferedPlays(self.match, self.offered(), card), self.answer_play)

    def answer_play(self, op: Play) -> bool:
        """A play, chosen in the dialog or typed, answered to its choice."""
        said = answer_of(op)
        return self.answer(said.name, cards=[op.card], table=said.table, number=said.number, target=said.target)

    def enter_hand_line(self, text: str) -> None:
        if self.said_shared(text.casefold()):
            return
        seat = self.chooser_seat()
        card, op = read_play(text, self.match.deck, self.app.lang, 0 if seat is None else seat)
        if op is None:
            self.play_card(card)
        else:
            self.answer_play(op)

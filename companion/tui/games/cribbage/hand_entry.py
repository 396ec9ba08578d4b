"""The cribbage screen's entry in virtual play: the hand of the player on screen, read from the rules' choices.

The app deals (seeded), each human sees only their own hand, the computer players move at the chosen pace, and the
shows are counted aloud. The cards lit are the cards the seat's choices offer (``offered``): every card of the hand
while it lays away, the cards that fit while it pegs, none while another player chooses (or when no card fits: the
app says the go). The discard is picked card by card, then answered with Lay away; a card tapped in the play is
answered at once; a card typed is a tap. With hints on, the exact discard advisor is shown while a human holds six
(or five) cards, how their discard compared after it, and the card the hard player would peg.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from companion.core.cards import Card, format_cards, parse_card
from companion.core.i18n import Msg, Of
from companion.core.i18n import cards as cards_of
from companion.games.base import Event
from companion.games.cribbage import advice
from companion.games.cribbage.advice import discard_review
from companion.games.cribbage.ops import Deal
from companion.games.seats import Choice
from companion.tui.games.cribbage.view import CribbageView
from companion.tui.screens.match_words import NOT_NOW
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Button, Static

P_DISCARD = Msg("{name}: tap {n} to lay away in {whose}, then Lay away",  # n: cards_of(n)
                "{name} : touchez {n} à jeter dans {whose}, puis Jeter")
P_PLAY = Msg("{name}: tap a card to play · count {count}", "{name} : touchez une carte à jouer · compte {count}")
P_WAIT = Msg("{name} is thinking…", "{name} réfléchit…")
P_OVER = Msg("Game over", "Partie terminée")
TABLE = Msg("Count {count}: {cards} · {left}", "Compte {count} : {cards} · {left}")
LEFT = Msg("{name} {n}", "{name} {n}")
YOUR_HAND = Msg("{name}:", "{name} :")
B_LAY = Msg("Lay away", "Jeter")
B_HINTS = Msg("Hints", "Conseils")
PICK = Msg("tap {n} first", "touchez d'abord {n}")  # n: cards_of(n)
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
HINTS_ON = Msg("Hints on", "Conseils affichés")
HINTS_OFF = Msg("Hints off", "Conseils masqués")
ENTRY = Msg("type a card to play or lay away (5h), lay, hint, pace, undo, log",
            "tapez une carte à jouer ou jeter (5c), jeter, conseil, rythme, annuler")
KEYS = (("lay", B_LAY), ("hints", B_HINTS))
WORDS = {"lay": "lay", "jeter": "lay", "hint": "hints", "hints": "hints", "conseil": "hints", "conseils": "hints"}
YOURS = Msg("your crib", "votre crib")
THEIRS = Msg("{name} crib", "le crib {name}")  # name=Of(dealer): "Paul's crib" / "le crib de Paul"
SLOTS = 6  # the most cards a hand holds (two players, before laying away)


class CribbageHandEntry(CribbageView):
    """In virtual play: the count on the table, the hand on screen with the advisor's words, and the deal's moves."""

    picked: list[Card]  # the cards picked to lay away, before Lay away
    review: Msg | None  # how the last discard compared with the best one
    _hints_of: tuple[tuple[int, int, str], list[Msg]] | None  # the advice of one state, kept

    def hand_view(self) -> ComposeResult:
        yield self.board()
        yield Static("", id="table")
        with Horizontal(id="hand-row"):
            yield Static("", id="hand-name")
            yield HandRow(SLOTS, id="hand")
        yield Static("", id="advice")
        yield MoveList(id="moves")

    @staticmethod
    def choice(offered: list[Choice], name: str) -> Choice | None:
        """The choice ``name`` among those offered, if it is."""
        return next((choice for choice in offered if choice.name == name), None)

    # ------------------------------------------------------------ view
    def refresh_hand(self) -> None:
        offered = self.offered()
        self.draw_board()
        self._draw_count()
        self._draw_hand(offered)
        self.query_one("#advice", Static).update(self._advice(offered))
        self.query_one("#lay", Button).disabled = self.choice(offered, "discard") is None
        self.show_turn(self._hand_prompt(offered))

    def _draw_count(self) -> None:
        match = self.match
        if match.phase != "play" and not (match.phase == "show" and match.d and match.d.played):
            self.query_one("#table", Static).update("")
            return
        left = ", ".join(self.tr(LEFT, name=match.names[s], n=match.cards_left(s)) for s in range(match.players))
        cards = format_cards((c for _, c in match.current), "symbol", self.app.lang) or "—"
        self.query_one("#table", Static).update(self.tr(TABLE, count=match.count, cards=cards, left=left))

    def _draw_hand(self, offered: list[Choice]) -> None:
        """The hand on screen, the cards picked to lay away highlighted, the cards its choices offer lit."""
        match, lang = self.match, self.app.lang
        seat = self.shown_seat
        cards = list(match.seat_hand(seat) or ()) if seat is not None else []
        self.picked = [c for c in self.picked if c in cards]
        self.query_one("#hand-name", Static).update(self.tr(YOUR_HAND, name=match.names[seat]) if seat is not None
                                                    else self.hidden_words())
        lit = {card for choice in offered for card in choice.cards}
        self.query_one("#hand", HandRow).show(cards, lambda c: c.display(lang), red=lambda c: c.is_red,
                                              picked=self.picked, playable=lit)

    def slot_of(self, card: Card) -> str:
        """The selector of the button showing ``card`` (for the keys and the tests)."""
        return self.query_one("#hand", HandRow).slot_of(card)

    def _advice(self, offered: list[Choice]) -> str:
        seat = self.chooser_seat()
        lines = []
        if self.review is not None:
            lines.append(self.tr(self.review))
        if seat is not None and self.app.settings.hints:
            lines += [self.tr(hint) for hint in self._hints(seat, offered)]
        return "\n".join(lines)

    def _hints(self, seat: int, offered: list[Choice]) -> list[Msg]:
        """The advisor's words for this state, computed once: a redraw (a tap on a card) does not search again."""
        match = self.match
        key = (len(match.log), seat, match.phase)
        if self._hints_of is not None and self._hints_of[0] == key:
            return self._hints_of[1]
        hints: list[Msg] = []
        discard = self.choice(offered, "discard")
        if discard is not None:
            own = match.side_of(seat) == match.side_of(match.dealer)
            hints.append(advice.best_discards(discard.cards, own, match.rules))
        elif self.choice(offered, "play") is not None:
            hint = advice.play_hint(match, seat)
            if hint is not None:
                hints.append(hint)
        self._hints_of = (key, hints)
        return hints

    def _hand_prompt(self, offered: list[Choice]) -> str:
        match = self.match
        if match.is_over or match.phase in ("game_over", "match_over"):
            return self.tr(P_OVER)
        if self._passing:
            return self.hidden_words()
        seat = self.chooser_seat()
        if seat is not None:
            discard = self.choice(offered, "discard")
            if discard is not None:
                whose = YOURS if match.dealer == seat else THEIRS(name=Of(match.names[match.dealer]))
                return self.tr(P_DISCARD, name=match.names[seat], n=cards_of(discard.low), whose=whose)
            return self.tr(P_PLAY, name=match.names[seat], count=match.count)
        awaited = match.awaiting()
        return self.waiting_words(awaited[0], P_WAIT) if awaited else ""

    # ------------------------------------------------------------ entries
    def hand_after(self, event: Event) -> None:
        if isinstance(event.op, Deal):
            self.review = None  # a new deal: last deal's discard review is old news

    def hand_after_step(self) -> None:
        self.review = None  # undone or redone: the last discard's review no longer speaks of the hand shown

    def tap(self, card: Card) -> None:
        """A card of the hand tapped or typed: picked to lay away (a second tap puts it back), or played."""
        seat = self.chooser_seat()
        offered = self.offered()
        if seat is None or not offered:
            self.refuse(NOT_NOW)
            return
        if card not in (self.match.seat_hand(seat) or ()):
            self.refuse(NOT_YOURS(card=card))
            return
        discard = self.choice(offered, "discard")
        if discard is None:
            self.review = None
            self.answer("play", cards=[card])  # a card that does not fit: the rules say why
            return
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < discard.high:
            self.picked.append(card)
        else:
            self.picked = self.picked[1:] + [card]
        self.message = None
        self.refresh_view()

    def lay_away(self) -> None:
        """The cards picked, laid away: the answer to the discard choice (with hints on, how it compared)."""
        seat = self.chooser_seat()
        discard = self.choice(self.offered(), "discard")
        if seat is None or discard is None:
            self.refuse(NOT_NOW)
            return
        if len(self.picked) != discard.low:
            self.refuse(PICK(n=cards_of(discard.low)))
            return
        match = self.match
        own = match.side_of(seat) == match.side_of(match.dealer)
        review = discard_review(discard.cards, self.picked, own, match.rules)
        if self.answer("discard", cards=self.picked):
            self.picked = []
            self.review = review if self.app.settings.hints else None
            self.refresh_view()

    def hand_command(self, command: str) -> bool:
        """Lay away and the hints; False for another command."""
        if command == "lay":
            self.lay_away()
        elif command == "hints":
            settings = self.app.settings
            settings.hints = not settings.hints
            settings.save()
            self.message = (HINTS_ON if settings.hints else HINTS_OFF, "announce")
            self.refresh_view()
        else:
            return False
        return True

    def enter_hand_line(self, text: str) -> None:
        word = text.casefold()
        if word in WORDS:
            self.run_command(WORDS[word])
        elif not self.said_shared(word):
            for card in [parse_card(t, self.app.lang) for t in text.replace(",", " ").split()]:
                self.tap(card)

"""The Trente-et-un screen's entry at a real table (both games): each showdown entered hand by hand, and a deal
entered turn by turn.

Tap (or type) each player's three cards in turn; say who knocked (or said « Je tiens »), or that the deal
ended on a 31 served; *Show* values every hand, says who won or lost and why, and moves the tokens, lives and
the corbeille. A deal can also be typed turn by turn (``turn_words.py``: ``début 5c``, ``talon``, ``cogne``,
``31 NOM``, ``passe tiens``…), each turn entered as it is played.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal

from companion.core.cards import Card, CardList, parse_card
from companion.core.decks import PIQUET_32, STANDARD_52
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, Of
from companion.games.base import Operation
from companion.games.trente_et_un.engine import showdown_of
from companion.games.trente_et_un.ops import Claim31, GiveToken, Showdown, Start
from companion.games.trente_et_un.scoring import hand_value
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.games.trente_et_un.turn_words import turn_entry
from companion.tui.games.trente_et_un.view import TrenteView
from companion.tui.screens.match_base import ERASE_WORDS, SHARED_WORDS
from companion.tui.widgets.fields import Select
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Button, Static

HEADER = Msg("{game} · showdown {n} · {dealer} deals", "{game} · abattage {n} · {dealer} donne")
P_HAND = Msg("Showdown: {name} hand ({k}/3)", "Abattage : main {name} ({k}/3)")
P_READY = Msg("Every hand is in: tap Show", "Toutes les mains sont entrées : touchez Abattre")
P_TURN = Msg("Turn by turn: {name} to play · discard pile {cards} (stock, take, discard 9c, knock, 31 NAME)",
             "Tour par tour : à {name} · défausse {cards} (talon, prendre, défausse 9t, cogne, 31 NOM)")
P_BLIND = Msg("Turn by turn: {name} deals. Did he take the face-up cards without looking? blind + his own three "
               "cards, now face up (blind 7h 8c 9s), or keep",
               "Tour par tour : {name} donne. A-t-il pris les cartes visibles sans regarder ? aveugle + ses trois "
               "cartes, maintenant visibles (aveugle 7c 8t 9p), ou garde")
START_FIRST = Msg("no deal is being played turn by turn: type start and the card turned up (start 5h)",
                  "aucune donne n'est jouée tour par tour : tapez début et la carte retournée (début 5c)")
START_FIRST_3 = Msg("no deal is being played turn by turn: type start and the three face-up cards (start 7h 8h 9h)",
                    "aucune donne n'est jouée tour par tour : tapez début et les trois cartes visibles "
                    "(début 7c 8c 9c)")
P_TURN_BANKER = Msg("Turn by turn: {name} to play · face up {cards} (pass, swap 5h 7h, all 5h 7h 9h, add hold for "
                    "« Je tiens », 31 NAME)",
                    "Tour par tour : à {name} · visibles {cards} (passe, échange 5c 7c, tout 5c 7c 9c, ajoutez tiens "
                    "pour « Je tiens », 31 NOM)")
HAND_LINE = Msg("{name}: {cards}{value}", "{name} : {cards}{value}")
KNOCKER = Msg("Knocked", "A cogné")
KNOCKER_BANKER = Msg("Je tiens", "Je tiens")
NOBODY = Msg("nobody", "personne")
DEALT_31 = Msg("31 served", "31 servi")
B_SHOW = Msg("Show", "Abattre")
B_BACK = Msg("⌫", "⌫")
B_GIVE = Msg("Give a token", "Donner un jeton")
GIVER = Msg("Who gives a token?", "Qui donne un jeton ?")
RECEIVER = Msg("To which mort?", "À quel mort ?")
FULL = Msg("every hand has its 3 cards", "chaque main a ses 3 cartes")
ENTRY = Msg("type the cards (ah kh qh), show, undo", "tapez les cartes (ac rc dc), abattre, annuler")
_COMMANDS = {**SHARED_WORDS, **ERASE_WORDS, "show": "show", "abattre": "show", "retour": "back", "give": "give",
             "donner": "give"}


class TrenteTableEntry(TrenteView):
    """At a real table: the hands shown, entered card by card on the keypad, who knocked, and the keeper's keys
    (Show, ⌫, and with a banker a token given to a mort)."""

    hands: dict[int, list[Card]]  # each seat's cards entered so far for the showdown

    def table_view(self) -> ComposeResult:
        """The rack, the hands entered so far, and who knocked (or said « Je tiens ») or was served 31."""
        match = self.match
        players = [(self.tr(NOBODY), -1)] + [(name, s) for s, name in enumerate(match.names)]
        yield from self.rack()
        yield Static("", id="hands")
        with Horizontal(id="who"):
            yield Static(self.tr(KNOCKER_BANKER if match.banker else KNOCKER), id="knocker-label")
            yield Select(players, value=-1, allow_blank=False, id="knocker", compact=True)
            if match.banker:
                yield Select([("—", False), (self.tr(DEALT_31), True)], value=False, allow_blank=False,
                             id="dealt31", compact=True)

    def keypad(self) -> ComposeResult:
        match = self.match
        deck = PIQUET_32 if match.banker and match.rules.deck == 32 else STANDARD_52
        yield CardKeypad(self.app.lang, deck=deck, id="keypad")

    def table_keys(self) -> list[tuple[str, Msg]]:
        """The keeper's keys, first in the row of keys."""
        return [("show", B_SHOW), ("back", B_BACK)] + ([("give", B_GIVE)] if self.match.banker else [])

    # ------------------------------------------------------------ view
    def _current(self) -> int | None:
        """The next player whose hand is being entered (in seat order from the dealer's side), or None."""
        for seat in self._order():
            if len(self.hands.get(seat, [])) < 3:
                return seat
        return None

    def _order(self) -> list[int]:
        match = self.match
        step = -1 if match.to_the_right else 1
        seats = [(match.dealer + step * (i + 1)) % match.players for i in range(match.players)]
        return [s for s in seats if not match.out[s]]

    def refresh_table(self) -> None:
        """The hands entered, what to enter next (a hand, or the deal's next turn), the keypad and the keys."""
        match = self.match
        self.draw_rack(HEADER)
        lines = []
        for seat in self._order():
            cards = self.hands.get(seat, [])
            value = ""
            if len(cards) == 3:
                value = " — " + self.tr(hand_value(cards, match.rules.values()).said())
            lines.append(self.tr(HAND_LINE, name=match.names[seat], cards=CardList(cards) if cards else "…",
                                 value=value))
        self.query_one("#hands", Static).update("\n".join(lines))
        current = self._current()
        prompt = self.tr(P_READY) if current is None else self.tr(P_HAND, name=Of(match.names[current]),
                                                                   k=len(self.hands.get(current, [])))
        play = match.play
        if play is not None and not play.ended:
            public = CardList(play.public) if play.public else "—"
            prompt = self.tr(P_TURN_BANKER if match._exchanges else P_TURN, name=match.names[play.turn], cards=public)
            if not play.blind_done:
                prompt = self.tr(P_BLIND, name=match.names[match.dealer])
        self.query_one("#prompt", Static).update("" if match.is_over else prompt)
        self.show_message()
        taken = [c for cards in self.hands.values() for c in cards]
        self.query_one("#keypad", CardKeypad).set_unavailable(taken)
        self.query_one("#show", Button).disabled = current is not None or match.is_over
        self._show_who()
        self.show_steps()

    def _show_who(self) -> None:
        """Who knocked (or said « Je tiens ») and a 31 served are chosen at the showdown; for a deal entered turn by
        turn they were entered with its turns: shown as entered, not to be changed, and not at all while nobody
        knocked (never « knocked: nobody »)."""
        play = self.match.play
        knocker = self.query_one("#knocker", Select)
        knocked = play is None or play.knocker is not None
        if play is not None:
            knocker.value = -1 if play.knocker is None else play.knocker
        knocker.disabled = play is not None
        for widget in (knocker, self.query_one("#knocker-label")):
            widget.display = knocked
        served = False
        if self.match.banker:
            dealt = self.query_one("#dealt31", Select)
            if play is not None:
                dealt.value = play.dealt_31
            dealt.disabled = play is not None
            dealt.display = served = play is None or play.dealt_31
        self.query_one("#who").display = knocked or served

    # ------------------------------------------------------------ what the screen keeps between entries
    def reenter(self, op: Operation) -> bool:
        """Undo of a showdown gives its hands back, with who knocked, to fix one card."""
        if self.virtual or not isinstance(op, Showdown):
            return False
        self.hands = {seat: list(hand) for seat, hand in enumerate(op.hands) if hand}
        self.query_one("#knocker", Select).value = -1 if op.knocker is None else op.knocker
        if self.match.banker:
            self.query_one("#dealt31", Select).value = op.dealt_31
        return True

    def last_drafted(self) -> list[Card] | None:
        return next((self.hands[seat] for seat in reversed(self._order()) if self.hands.get(seat)), None)

    def draft(self) -> dict[str, Any] | None:
        return {"hands": {str(s): [c.code for c in cards] for s, cards in self.hands.items() if cards}} \
            if any(self.hands.values()) else None

    def restore_draft(self, data: dict[str, Any]) -> None:
        hands = data.get("hands")
        if self.virtual or not isinstance(hands, dict):
            return
        try:
            self.hands = {int(s): [parse_card(c) for c in codes][:3] for s, codes in hands.items()
                          if isinstance(codes, list) and str(s).isdigit() and int(s) < self.match.players}
        except CompanionError:
            self.hands = {}

    # ------------------------------------------------------------ entries
    def enter_card(self, card: Card) -> bool:
        """A card of the hand being entered; False when refused (said why), as the showdown would refuse it."""
        seat = self._current()
        why: Msg | None = FULL
        if seat is not None:
            why = self.match.entry_refusal(card, self.hands.get(seat, []),
                                           [c for cards in self.hands.values() for c in cards])
            if why is None:
                self.hands.setdefault(seat, []).append(card)
                self.keep_draft()  # saved before shown
        self.message = None if why is None else (why, "error")
        self.refresh_view()
        return why is None

    def table_command(self, command: str) -> bool:
        """The keeper's own keys and words (Show, ⌫, a token given); False for another command."""
        if command == "show":
            self.show()
        elif command == "back":
            self.take_back_drafted()
        elif command == "give":
            self.give_token()
        else:
            return False
        return True

    def show(self) -> None:
        match = self.match
        hands = [tuple(self.hands.get(s, [])) if not match.out[s] else () for s in range(match.players)]
        knocker = self.query_one("#knocker", Select).value
        dealt = bool(self.query_one("#dealt31", Select).value) if match.banker else False
        if self.apply_ops(showdown_of(hands, None if knocker == -1 else int(knocker), dealt)):  # type: ignore[arg-type]
            self.hands = {}
            self.query_one("#knocker", Select).value = -1
            if match.banker:
                self.query_one("#dealt31", Select).value = False
            self.refresh_view()

    def give_token(self) -> None:
        match = self.match
        givers = [(match.names[s], s) for s in match.in_play if match.tokens[s] > 0]
        morts = [(match.names[s], s) for s in range(match.players) if match.out[s]]
        if not givers or not morts:
            self.apply_ops(GiveToken(0, 0))  # refused with the reason
            return

        def chosen_giver(giver: int | None) -> None:
            if giver is not None:
                self.app.push_screen(ChoiceDialog(self.tr(RECEIVER), "", morts + [("✕", None)]),
                                     lambda receiver: self.apply_answer(
                                         None if receiver is None else GiveToken(giver, receiver)))

        self.app.push_screen(ChoiceDialog(self.tr(GIVER), "", givers + [("✕", None)]), chosen_giver)

    def enter_table_line(self, text: str) -> None:
        """A keeper's word, a turn of the deal (``turn_words``), or the cards of the hands shown."""
        if text.casefold() in _COMMANDS:
            self.run_command(_COMMANDS[text.casefold()])
            return
        op = turn_entry(self.match, text, self.app.lang)
        if op is not None and self.match.between_deals and not isinstance(op, (Start, Claim31)):
            self.refuse(START_FIRST_3 if self.match._exchanges else START_FIRST)  # which word starts a deal
            return
        if op is not None:
            self.apply_ops(op)
            return
        cards = [parse_card(t, self.app.lang) for t in text.replace(",", " ").split()]
        for card in cards:
            if not self.enter_card(card):
                break  # the refused card is said; what follows it is not entered

"""The Trente-et-un screen's entry in virtual play (both games): the app deals (seeded), each human sees only their
own three cards, the computer players move at the chosen pace, and each showdown is valued by itself.

What the player on screen may do is the rules' choices (``companion.games.trente_et_un.seat``), read here and
answered with ``answer``: the keys shown are the turn's, each lit while its choice is offered; the hand's cards and
the face-up cards are lit where a choice takes them. Draw and knock: *Stock* (``draw``), *Take* the top discard
(``take``) or *Knock*, then tap the card to throw (``throw``). Exchanges (the banker game, or the widow variant):
tap one of your cards and one face-up card to swap them (``exchange``), or *All three* (``exchange_all``), or
*Pass*; the « Je tiens » toggle (« J'arrête » in the widow) makes that exchange the ``hold`` choice's answer. The
dealer first chooses, before looking, whether to take the face-up cards blind (``blind``) or keep (``keep``). A
line typed (``talon``, ``9t``, ``échange 5c 7c tiens``…) is the same answer as the taps.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal

from companion.core.cards import Card, CardList, parse_card
from companion.core.i18n import Msg
from companion.games.seats import Choice
from companion.games.trente_et_un.engine import DRAW_FIRST
from companion.games.trente_et_un.scoring import hand_value
from companion.tui.games.trente_et_un.turn_words import read_turn
from companion.tui.games.trente_et_un.view import TrenteView
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Button, Static

HEADER = Msg("{game} · deal {n} · {dealer} deals", "{game} · donne {n} · {dealer} donne")
PILE = Msg("Discard pile: {top} · stock {n}", "Défausse : {top} · talon {n}")
FACE_UP = Msg("Face up:", "Visibles :")
YOUR_HAND = Msg("{name}: {value}", "{name} : {value}")
HIDDEN_BLIND = Msg("{name}: cards face down (take the face-up cards blind?)",
                   "{name} : cartes face cachée (prendre les cartes visibles sans regarder ?)")
P_DRAW = Msg("{name}: Stock, Take {top}, or Knock", "{name} : Talon, Prendre {top}, ou Cogner")
P_THROW = Msg("{name}: tap the card to throw", "{name} : touchez la carte à jeter")
P_SWAP = Msg("{name}: tap one of your cards and a face-up card to swap them, or All three, or Pass",
             "{name} : touchez une de vos cartes et une carte visible pour les échanger, ou Les trois, ou Passer")
P_BLIND = Msg("{name} deals: take the face-up cards without looking, or keep your hand?",
              "{name} donne : prendre les cartes visibles sans regarder, ou garder votre main ?")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
KNOCKED = Msg(" · {name} knocked: last turn", " · {name} a cogné : dernier tour")
HELD = Msg(" · {name} said « Je tiens »: last turn", " · {name} a dit « Je tiens » : dernier tour")
B_STOCK = Msg("Stock", "Talon")
B_TAKE = Msg("Take", "Prendre")
B_KNOCK = Msg("Knock", "Cogner")
B_PASS = Msg("Pass", "Passer")
B_ALL = Msg("All three", "Les trois")
B_HOLD = Msg("Je tiens: off", "Je tiens : non")
B_HOLD_ON = Msg("Je tiens: ON", "Je tiens : OUI")
B_STOP = Msg("J'arrête: off", "J'arrête : non")
B_STOP_ON = Msg("J'arrête: ON", "J'arrête : OUI")
B_BLIND = Msg("Take blind", "Prendre sans regarder")
B_KEEP = Msg("Keep my hand", "Garder ma main")
# What can be typed, each game its own words: under 75 characters, the entry line's width at 80×24.
ENTRY = Msg("type stock, take, a card to throw (9c), knock, pace, undo, log",
            "tapez talon, prendre, une carte à jeter (9t), cogne, rythme, annuler")
ENTRY_BANKER = Msg("type pass, all, swap 5h 7h, hold, blind, keep, pace, undo, log",
                   "tapez passe, tout, échange 5c 7c, tiens, aveugle, garde, rythme, annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
NOT_NOW = Msg("that move is not possible now", "ce coup n'est pas possible maintenant")
NOT_YOUR_TURN = Msg("not your turn yet", "ce n'est pas encore votre tour")
YOURS_FIRST = Msg("first tap the card of yours to give", "touchez d'abord votre carte à donner")
SLOTS = 4  # three cards, and the one drawn before the throw

# The keys of a turn, each with the choice it answers (the « Je tiens » toggle, ``hold``, is answered with the
# exchange it goes with), and the keys shown together: those of the turn whose first choice is offered.
PLAY_KEYS = (("stock", B_STOCK), ("take", B_TAKE), ("knock", B_KNOCK), ("pass", B_PASS), ("all", B_ALL),
             ("hold", B_HOLD), ("blind", B_BLIND), ("keep", B_KEEP))
CHOICE_OF = {"stock": "draw", "take": "take", "knock": "knock", "pass": "pass", "all": "exchange_all",
             "hold": "hold", "blind": "blind", "keep": "keep"}
TURNS = (("keep", "blind", ("blind", "keep")), ("draw", "draw", ("stock", "take", "knock")),
         ("throw", "throw", ()), ("pass", "swap", ("pass", "all", "hold")))
# A typed turn word, as the choice it answers (« swap », « pass », « all » with « hold »: the ``hold`` choice).
TYPED = {"stock": "draw", "take": "take", "knock": "knock", "discard": "throw", "pass": "pass", "hold": "hold",
         "swap": "exchange", "all": "exchange_all", "blind": "blind", "keep": "keep"}


class TrenteHandEntry(TrenteView):
    """In virtual play: the discard pile or the face-up cards, the hand on screen, the turn's keys, the deal's
    moves; taps and typed lines answered to the seat's choices."""

    giving: Card | None  # the hand card picked for a one-card swap
    hold: bool  # the « Je tiens » toggle, read by the exchange it goes with
    face_cards: list[Card | None]  # the card each face-up key shows

    def hand_view(self) -> ComposeResult:
        yield from self.rack()
        yield Static("", id="pile")
        with Horizontal(classes="cards", id="faceup"):
            yield Static(self.tr(FACE_UP))
            for i in range(3):
                yield Key("", id=f"face-{i}", flat=True)
        yield HandRow(SLOTS, named=True, classes="cards", id="hand")
        yield MoveList(id="moves")

    # ------------------------------------------------------------ the choices
    def offered_named(self) -> dict[str, Choice]:
        """The choices of the seat on screen, by name (none while another plays)."""
        return {choice.name: choice for choice in self.offered()}

    def turn_asked(self, offered: Sequence[str]) -> str:
        """What the player on screen is asked, from the choices offered: blind, draw, throw, swap, or ''."""
        return next((turn for first, turn, _ in TURNS if first in offered), "")

    def holding(self, offered: Sequence[str]) -> bool:
        """The « Je tiens » toggle is on, and « Je tiens » may be said."""
        return self.hold and "hold" in offered

    # ------------------------------------------------------------ view
    def refresh_hand(self) -> None:
        m, lang = self.match, self.app.lang
        self.draw_rack(HEADER)
        offered = self.offered_named()
        turn = self.turn_asked(list(offered))
        exchanges = m._exchanges
        play = m.play
        if play is not None and (play.hands is None or play.void):
            play = None  # the cards shown: only a live deal's
        live = play is not None
        pile = self.query_one("#pile", Static)
        pile.display = live and not exchanges
        if play is not None and not exchanges:
            top = play.public[-1].display(lang) if play.public else "—"
            pile.update(self.tr(PILE, top=top, n=play.stock) + self._closing_note())
        self.query_one("#faceup").display = live and exchanges
        self.face_cards = [None] * 3
        takes = {card for choice in offered.values() if choice.kind == "card_table" for card in choice.table}
        if play is not None and exchanges:
            self.face_cards = [play.public[i] if i < len(play.public) else None for i in range(3)]
            for i, card in enumerate(self.face_cards):
                self._face_key(self.query_one(f"#face-{i}", Button), card, card in takes)
        seat = self.shown_seat
        hand = list(m.seat_hand(seat) or ()) if live and seat is not None else []
        lit = {card for choice in offered.values() for card in choice.cards}
        self.query_one("#hand", HandRow).show(hand, lambda c: c.display(lang), red=lambda c: c.is_red,
                                              picked=[self.giving] if self.giving else [], playable=lit)
        name = self.query_one("#hand-name", Static)
        if seat is None:
            name.update(self.hidden_words())
        elif turn == "blind":
            name.update(self.tr(HIDDEN_BLIND, name=m.names[seat]))
        elif hand:
            value = hand_value(hand, m.rules.values()).said() if len(hand) == 3 else CardList(hand)
            name.update(self.tr(YOUR_HAND, name=m.names[seat], value=value))
        else:
            name.update("")
        self.query_one("#hand").display = live or seat is None
        self._show_keys(offered, turn)
        self.show_turn(self._prompt(turn))

    def _show_keys(self, offered: dict[str, Choice], turn: str) -> None:
        """The turn's keys, each lit while its choice is offered; the « Je tiens » toggle says whether it is on."""
        shown = next((keys for _, asked, keys in TURNS if asked == turn), ())
        for key, _ in PLAY_KEYS:
            button = self.query_one(f"#{key}", Button)
            button.display = key in shown
            button.disabled = CHOICE_OF[key] not in offered
        hold = self.query_one("#hold", Button)
        on = self.holding(list(offered))
        hold.label = self.tr((B_HOLD_ON if on else B_HOLD) if self.match.banker else (B_STOP_ON if on else B_STOP))
        self.query_one("#plays").display = bool(shown)

    def _closing_note(self) -> str:
        play = self.match.play
        if play is None or play.knocker is None:
            return ""
        return self.tr(HELD if self.match._exchanges else KNOCKED, name=self.match.names[play.knocker])

    def _face_key(self, button: Button, card: Card | None, lit: bool) -> None:
        button.display = card is not None
        if card is not None:
            button.label = card.display(self.app.lang)
            button.set_class(card.is_red, "red")
            button.set_class(False, "-picked")
            button.disabled = not lit

    def _prompt(self, turn: str) -> str:
        m, play = self.match, self.match.play
        if m.is_over or play is None:
            return ""
        if self._passing:
            return self.hidden_words()
        name = m.names[self.shown_seat] if self.shown_seat is not None else ""
        if turn == "draw":
            return self.tr(P_DRAW, name=name, top=play.public[-1].display(self.app.lang) if play.public else "—")
        if turn == "throw":
            return self.tr(P_THROW, name=name)
        if turn == "swap":
            return self.tr(P_SWAP, name=name) + self._closing_note()
        if turn == "blind":
            return self.tr(P_BLIND, name=name)
        awaited = m.awaiting()
        return self.waiting_words(awaited[0], P_WAIT) if awaited else ""

    # ------------------------------------------------------------ answers
    def say(self, name: str, cards: Sequence[Card] = (), table: Sequence[Card] = ()) -> bool:
        """Answer the choice ``name`` (a key, a tap, a typed line): refused with the reason when it is not
        offered; the picked card and the toggle are put back once answered."""
        if self.chooser_seat() is None:
            self.refuse(NOT_YOUR_TURN)
            return False
        if name not in self.offered_named():
            self.refuse(NOT_NOW)
            return False
        if self.answer(name, cards=cards, table=table):
            self.giving, self.hold = None, False
            return True
        return False

    def exchange(self, cards: Sequence[Card] = (), table: Sequence[Card] = (), whole: str = "",
                 hold: bool | None = None) -> bool:
        """An exchange (``exchange``, or ``exchange_all`` or ``pass``, named ``whole``, each a choice of its own),
        made with « Je tiens » when ``hold`` says so (None: the toggle): then it is the ``hold`` choice's answer."""
        offered = self.offered_named()
        if (self.holding(list(offered)) if hold is None else hold):
            if whole == "exchange_all" and "hold" in offered:
                cards, table = offered["hold"].cards, offered["hold"].table  # his three, the three face up
            return self.say("hold", cards, table)
        return self.say(whole or "exchange", cards, table)

    def hand_command(self, command: str) -> bool:
        """A key of the turn (or its word typed alone); False for another command."""
        if command == "hold":
            if self.chooser_seat() is not None and "hold" in self.offered_named():
                self.hold = not self.hold
                self.refresh_view()
            else:
                self.say("hold")  # refused: said why
        elif command in ("pass", "all"):
            self.exchange(whole=CHOICE_OF[command])
        elif command in CHOICE_OF:
            self.say(CHOICE_OF[command])
        else:
            return False
        return True

    def tap(self, card: Card) -> None:
        """A card of the hand tapped (or typed): thrown, or picked for a swap (a face-up card typed: taken)."""
        offered = self.offered_named()
        seat = self.chooser_seat()
        if seat is None:
            self.refuse(NOT_YOUR_TURN)  # a card typed while the computers play: said, not dropped in silence
        elif "draw" in offered:
            self.refuse(DRAW_FIRST)
        elif "throw" not in offered and "exchange" not in offered:
            self.refuse(NOT_NOW)  # the dealer's blind swap: his cards are not even seen
        elif "exchange" in offered and card in offered["exchange"].table:
            self.take_face_up(card)
        elif card not in (self.match.seat_hand(seat) or ()):
            self.refuse(NOT_YOURS(card=card))
        elif "throw" in offered:
            self.say("throw", [card])
        else:
            self.giving = None if self.giving == card else card
            self.message = None
            self.refresh_view()

    def take_face_up(self, card: Card) -> None:
        """A face-up card tapped: swapped for the card of the hand picked."""
        if self.giving is None:
            self.refuse(YOURS_FIRST)
        else:
            self.exchange([self.giving], [card])

    def enter_hand_line(self, text: str) -> None:
        """A word every screen knows, a turn (``turn_words``: a word alone is its key; with cards or « tiens »,
        the same answer with them), or cards tapped."""
        if self.said_shared(text.split()[0].casefold()):
            return
        said = read_turn(text, self.app.lang)
        if said is None:
            for card in [parse_card(t, self.app.lang) for t in text.replace(",", " ").split()]:
                self.tap(card)
            return
        name = TYPED.get(said.verb)
        alone = not said.cards and not said.hold
        if name is None:  # the deal's start, new face-up cards, a 31: the app's own in virtual play, refused
            self.say(said.verb)
        elif name == "hold":  # « tiens »: a pass with « Je tiens »
            self.say("hold")
        elif alone and said.verb in CHOICE_OF:
            self.hand_command(said.verb)
        elif name == "throw":
            if said.cards:
                self.tap(said.cards[0])
            else:
                self.say("")  # « discard » and no card: refused
        elif name in ("exchange", "exchange_all", "pass"):
            seat = self.chooser_seat()
            hand = self.match.seat_hand(seat) or () if seat is not None else ()
            wrong = next((card for card in (said.cards if name == "exchange_all" else ()) if card not in hand), None)
            if wrong is not None:
                self.refuse(NOT_YOURS(card=wrong))
            elif name == "exchange":
                self.exchange(said.cards[:1], said.cards[1:], hold=said.hold)
            else:
                self.exchange(whole=name, hold=said.hold)
        else:
            self.say(name)

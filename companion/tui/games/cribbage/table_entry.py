"""The cribbage screen's entry at a real table: the card keypad and the keeper's keys.

Tap (or type) the starter, then each card as it is played, and Go; at the show each hand fills itself in from the
cards its player pegged, the missing ones are tapped, then Count (and, when players count their own hands, the count
they say, with muggins). +Pts pegs points without cards, Skip ends a deal not entered to its end, Advice opens the
advisor. Every entry goes through ``apply_ops`` (saved before shown); the engine says what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from companion.core.cards import Card, format_cards, parse_card
from companion.core.errors import CompanionError
from companion.core.i18n import Joined, Msg, Of
from companion.core.typed import is_number, parse_number, parse_quick_points, short
from companion.games.base import Event, Operation
from companion.games.cribbage.engine import CRIB, MISSED
from companion.games.cribbage.ops import Crib, Cut, EndDeal, Go, Muggins, Play, Points, Show
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.points import NumberDialog
from companion.tui.games.cribbage.advice_dialog import AdviceDialog
from companion.tui.games.cribbage.view import CribbageView
from companion.tui.screens.match_base import B_HOME, SHARED_WORDS
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

P_CUT = Msg("Enter the starter (a jack: 2 for {dealer}, his heels)",
            "Entrez la carte coupée (un valet : 2 pour {dealer})")
P_PLAY = Msg("{name} to play · count {count}", "À {name} de jouer · compte {count}")
P_SHOW = Msg("{name} hand: {cards}", "Main {name} : {cards}")  # name=Of(...): "Ann's" / "d'Ann"
P_CRIB = Msg("{name} crib: {cards}", "Crib {name} : {cards}")
P_SHOW_HINT = Msg("tap the missing cards, then Count", "touchez les cartes manquantes, puis Compter")
P_COUNT_HINT = Msg("tap Count", "touchez Compter")
P_CLAIM_HINT = Msg("tap Count, or type the points counted (12) and Enter",
                   "touchez Compter, ou tapez les points comptés (12) puis Entrée")
P_FIRST = Msg("Enter each card as it is played; at the show the hands fill themselves in.",
              "Entrez chaque carte quand elle est jouée ; au décompte, les mains se remplissent seules.")
P_OVER = Msg("Game over", "Partie terminée")
B_GO = Msg("Go", "Go")
B_COUNT = Msg("Count", "Compter")
B_CLEAR = Msg("Clear", "Effacer")
B_BACK = Msg("⌫", "⌫")
B_POINTS = Msg("+Pts", "+Pts")
B_END = Msg("Skip", "Passer")
B_ADVICE = Msg("Advice", "Avis")
ENTRY = Msg("type a card (5h, 10d), go, count, undo, advice, rules, +7 {name}",  # within 80 columns with a name
            "tapez une carte (5c, 10k), go, compter, annuler, avis, règles, +7 {name}")
POINTS_TITLE = Msg("Peg points", "Marquer des points")
CLAIM_TITLE = Msg("{name}: how many points do you count?", "{name} : combien de points comptez-vous ?")
MUGGINS_TITLE = Msg("Muggins!", "Muggins !")
FIX_CLAIM = Msg("Fix the count (undo the claim)", "Corriger le compte (annuler l'annonce)")
MUGGINS_WAITS = Msg("Muggins waits: tap Count to decide, or Undo to fix the claim",
                    "Le muggins attend : touchez Compter pour décider, ou Annuler pour corriger l'annonce")
MUGGINS_BODY = Msg("{name} {missed} {n}. Who takes them?", "{name} {missed} {n}. Qui les prend ?")
NOBODY = Msg("Nobody", "Personne")
NOTHING_TO_COUNT = Msg("Nothing to count now: the hands are counted at the show, after the play",
                       "Rien à compter maintenant : les mains se comptent après le jeu de la carte")
GO_IN_PLAY = Msg("Go is said during the play", "Go se dit pendant le jeu de la carte")
CHECK_TITLE = Msg("Check this entry", "Vérifiez cette entrée")
KEEP = Msg("Keep it", "Garder")
FIX = Msg("Fix it (undo)", "Corriger (annuler)")
FOUR_CARDS = Msg("a hand has 4 cards: tap ⌫ or Clear to change it",
                 "une main a 4 cartes : touchez ⌫ ou Effacer pour la changer")
ALREADY_ENTERED = Msg("{card} is already entered", "{card} est déjà entrée")
PLAYED_BY = Msg("{card} was played by {name}", "{card} a été jouée par {name}")
IS_STARTER = Msg("{card} is the starter", "{card} est la carte coupée")
IN_HAND = Msg("{card} is in {name} hand", "{card} est dans la main {name}")
NEED_SIDE = Msg("say who: +7 {name}", "dites pour qui : +7 {name}")
NO_PLAYER = Msg("no player named {who}: +7 {name}", "aucun joueur nommé {who} : +7 {name}")
SKIP_TITLE = Msg("Skip the rest of this deal?", "Passer le reste de cette donne ?")
SKIP_BODY = Msg("Its remaining cards are not entered; points already pegged stay. Undo brings it back.",
                "Ses cartes restantes ne sont pas entrées ; les points marqués restent. Annuler la rétablit.")
YES_SKIP = Msg("Skip the deal", "Passer la donne")
NO_KEEP = Msg("Keep entering", "Continuer")

# The folded board of a phone held upright (about 35 columns) with its keys, or the compact board of a phone
# held sideways (9 rows for two players) with one-row keys.
MIN_WIDTH, MIN_HEIGHT = 40, 18
TOO_SMALL = Msg("The window is too small for the board: make it at least 40×18.",
                "La fenêtre est trop petite pour la planche : agrandissez-la à au moins 40×18.")

# The keeper's keys: the entry's own first, then (after Undo and Redo) the corrections.
FIRST = (("go", B_GO), ("count", B_COUNT), ("back", B_BACK), ("clear", B_CLEAR))
LAST = (("points", B_POINTS), ("end", B_END), ("advice", B_ADVICE))
_COMMANDS = {
    **SHARED_WORDS, "go": "go", "count": "count", "compter": "count", "c": "count", "u": "undo", "r": "redo",
    "clear": "clear", "effacer": "clear", "skip": "end", "passer": "end", "back": "back", "retour": "back",
    "del": "back", "?": "rules", "advice": "advice", "hint": "advice", "avis": "advice", "conseil": "advice",
}


class CribbageTableEntry(CribbageView):
    """At a real table: the keypad, the keeper's keys, the hand or crib being entered at the show (``pending``),
    and beside them on a tablet the match's log."""

    pending: list[Card]  # the hand or crib being entered at the show
    _refusals: list[Msg]  # cards refused from the last line typed or tap, each with its reason

    # ------------------------------------------------------------ layout
    def table_frame(self) -> ComposeResult:
        """The base's frame (the board, then the prompt, the keypad, the keys and the entry line), its header across
        the screen, and beside the rest the match's log (shown on a wide screen); or, in a window too small for the
        board, a line that says so."""
        parts = iter(self.frame([self.board()], ENTRY(name=self.match.names[-1]),
                                [CardKeypad(self.app.lang, id="keypad")], FIRST, LAST))
        yield next(parts)  # the header
        yield Static(self.tr(TOO_SMALL), id="too-small")
        with Horizontal(id="main"):
            yield from parts
            with VerticalScroll(id="history-scroll"):
                yield Static("", id="history")

    def table_keys(self, first: Sequence[tuple[str, Msg]], last: Sequence[tuple[str, Msg]]) -> ComposeResult:
        """The keeper's row as the players know it: flat keys (three rows tall on a tablet, Count lit), the
        corrections (``last``) between Redo and Log."""
        steps = [key for key in self.shared_keys if key[0] in ("undo", "redo")]
        others = [key for key in self.shared_keys if key not in steps]
        with Bar(classes="bar", id="actions"):
            for key, label in (*first, *steps, *last, *others, ("home", B_HOME)):
                yield Key(self.tr(label), id=key, variant="primary" if key == "count" else "default", flat=True)

    def fit_window(self, width: int, height: int) -> None:
        # Below 40×18 the board would be cut: say so instead of drawing half of it.
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")

    def table_mounted(self) -> None:
        self.fit_window(self.app.size.width, self.app.size.height)
        self._prefill()  # resumed at the show: the hand is known from the cards its player pegged
        if self.match.phase in ("game_over", "match_over", "muggins"):  # resumed where it was left
            self.after(self.match.events[-1])

    def table_resumed(self) -> None:
        """Back from the history (entries may have been corrected: the hand is filled in again from the cards
        pegged) or a dialog: the hand is built again from the state (the shared resume redraws after this)."""
        if self.match.phase == "show":
            self._prefill()
        else:
            self.pending = []

    # ------------------------------------------------------------ view
    def refresh_table(self) -> None:
        match = self.match
        self.draw_board()
        self.query_one("#prompt", Static).update(self._table_prompt())
        note = self.query_one("#message", Static)
        if self.message:
            msg, css = self.message
            note.update(self.tr(msg))
            note.set_classes(f"message {css}")
        else:
            last = match.events[-1] if match.events else None
            note.update(self._describe(last) if last else "")
            note.set_classes("message announce")
        self._refresh_keys()
        self._refresh_history()

    def _table_prompt(self) -> str:
        match = self.match
        phase = match.phase
        if phase in ("deal", "cut"):
            first = "\n" + self.tr(P_FIRST) if not match.log else ""  # the first thing a new player reads
            return self.tr(P_CUT, dealer=match.names[match.dealer]) + first
        if phase == "play":
            line = self.tr(P_PLAY, name=match.names[match.live.turn], count=match.count)
            played = format_cards((c for _, c in match.current), "symbol", self.app.lang)
            return f"{line}  {played}" if played else line
        if phase == "muggins":
            side, points = match.missed
            return self.tr(MUGGINS_BODY, name=match.side_name(side), n=points, missed=match.side_agreed(side, MISSED))
        if phase == "show":
            who = match.showing
            cards = format_cards(self.pending, "symbol", self.app.lang) or "—"
            if len(self.pending) != 4:
                hint = self.tr(P_SHOW_HINT)
            else:
                hint = self.tr(P_CLAIM_HINT if match.rules.manual_counting else P_COUNT_HINT)
            if who == CRIB:
                return f"{self.tr(P_CRIB, name=Of(match.names[match.dealer]), cards=cards)} · {hint}"
            return f"{self.tr(P_SHOW, name=Of(match.names[who]), cards=cards)} · {hint}"
        return self.tr(P_OVER)

    def _describe(self, event: Event) -> str:
        text = self.tr(event.text)
        for score in event.scores:
            text += f"  [+{score.points} {self.match.side_name(score.side)}]"
        return text

    def _refresh_keys(self) -> None:
        match = self.match
        phase = match.phase
        keypad = self.query_one("#keypad", CardKeypad)
        keypad.set_unavailable(self.match.seen_cards() | set(self.pending))
        keypad.disabled = phase not in ("deal", "cut", "play", "show")
        self.query_one("#go", Button).disabled = not (phase == "play" and match.can(Go(match.live.turn)))
        self.query_one("#count", Button).disabled = phase not in ("show", "muggins")  # muggins: asks again
        self.query_one("#clear", Button).disabled = not (phase == "show" and self.pending)
        self.query_one("#back", Button).disabled = not (phase == "show" and self.pending)
        self.show_steps()
        self.query_one("#end", Button).disabled = phase not in ("deal", "cut", "play", "show")
        self.query_one("#advice", Button).disabled = phase not in ("deal", "cut", "play")

    def _refresh_history(self) -> None:
        lines = [self._describe(event) for event in self.match.events[-200:]]
        self.query_one("#history", Static).update(Text("\n".join(lines)))
        self.query_one("#history-scroll", VerticalScroll).scroll_end(animate=False)

    # ------------------------------------------------------------ what the screen keeps between entries
    def table_after(self, event: Event) -> None:
        """After an entry: a hand counted is cleared, a false go found at the show is asked about, the next hand
        fills itself in, and muggins is asked (the end of a game is the base's)."""
        match = self.match
        if isinstance(event.op, (Show, Crib)):
            self.pending = []
        if event.warnings and isinstance(event.op, Show):
            body = "\n".join(self.tr(w) for w in event.warnings)
            rewind = self.match.false_go_index(event.op.seat, event.op.cards) if hasattr(self.match, "false_go_index") else None
            self.app.push_screen(ChoiceDialog(self.tr(CHECK_TITLE), body,
                                              [(self.tr(KEEP), "keep"), (self.tr(FIX), "fix")], safe="keep"),
                                 lambda answer: self._warning_answered(answer, rewind))
        if match.phase == "show":
            self._prefill()
        elif match.phase == "muggins":
            self._ask_muggins()

    def table_after_step(self) -> None:
        self.pending = []
        if self.match.phase == "show":
            self._prefill()

    def draft(self) -> dict[str, Any] | None:
        """The hand or crib being entered at the show (the cards tapped one by one)."""
        return {"show": [c.code for c in self.pending]} if self.match.phase == "show" and not self.virtual else None

    def restore_draft(self, data: dict[str, Any]) -> None:
        codes = data.get("show")
        if self.match.phase == "show" and isinstance(codes, list):
            try:
                self.pending = [parse_card(c) for c in codes if isinstance(c, str)][:4]
            except CompanionError:
                pass  # an unreadable draft: the hand is entered again

    def reenter(self, op: Operation) -> bool:
        if not isinstance(op, (Show, Crib)) or self.match.phase != "show" or self.virtual:
            return False
        self.pending = list(op.cards)  # the hand or crib counted, to fix a card of it
        return True

    def asks_again(self) -> bool:
        return self.match.phase == "muggins"

    def _prefill(self) -> None:
        """At the show, a hand is already known from the cards its player pegged."""
        who = self.match.next_to_show
        if who is not None and who != CRIB and not self.pending:
            self.pending = list(self.match.played(who))

    # ------------------------------------------------------------ entries
    def enter_card(self, card: Card) -> None:
        """A card tapped on the keypad or typed: the starter, the card played, or a card of the hand at the show."""
        match = self.match
        phase = match.phase
        if phase in ("deal", "cut"):
            self.apply_ops(Cut(card))
        elif phase == "play":
            self.apply_ops(Play(match.live.turn, card))
        elif phase == "show":
            refused = self._refuse_at_show(card)
            if refused is None:
                self.pending.append(card)
                self.keep_draft()  # saved before shown: a killed app finds the card again
            else:
                self._refusals.append(refused)
            self.message = (Msg("{r}", "{r}")(r=Joined(tuple(self._refusals), "; ")), "error") if self._refusals else None
            self.refresh_view()

    def _refuse_at_show(self, card: Card) -> Msg | None:
        """Why this card cannot go into the hand or crib being entered, or None. A hand can always be
        entered again after Clear: its own pegged cards are welcome back."""
        match = self.match
        who = match.next_to_show
        if len(self.pending) >= 4:
            return FOUR_CARDS
        if card in self.pending:
            return ALREADY_ENTERED(card=card)
        if who is not None and who != CRIB and card in match.played(who):
            return None
        if card == match.starter:
            return IS_STARTER(card=card)
        for seat in range(match.players):
            if card in match.played(seat):
                return PLAYED_BY(card=card, name=match.names[seat])
            shown = match.shown(seat)
            if shown and card in shown:
                return IN_HAND(card=card, name=Of(match.names[seat]))
        if card in match.seen_cards():
            return ALREADY_ENTERED(card=card)
        return None

    def count(self, claimed: int | None = None) -> None:
        match = self.match
        if match.phase == "muggins":  # the question was put aside (Escape): Count asks it again
            self._ask_muggins()
            return
        who = match.next_to_show
        if who is None:  # typed (the key is greyed out before the show)
            self.refuse(NOTHING_TO_COUNT)
            return
        cards = tuple(self.pending)
        try:  # a missing card is said before the claim is asked
            match.verify(Crib(cards, 0) if who == CRIB else Show(who, cards, 0))
        except CompanionError as error:
            self.refuse(error.msg)
            return
        if match.rules.manual_counting and claimed is None:
            name = match.names[match.dealer] if who == CRIB else match.names[who]
            self.app.push_screen(NumberDialog(self.tr(CLAIM_TITLE, name=name), maximum=29),
                                 lambda answer: self.count(answer[1]) if answer is not None else None)
            return
        cards = tuple(self.pending)
        self.apply_ops(Crib(cards, claimed) if who == CRIB else Show(who, cards, claimed))

    def _ask_muggins(self) -> None:
        match = self.match
        side, points = match.missed
        answers: list[tuple[str, object]] = [(match.side_name(s), s) for s in range(match.rules.sides) if s != side]
        answers += [(self.tr(NOBODY), "nobody"), (self.tr(FIX_CLAIM), "fix")]
        body = self.tr(MUGGINS_BODY, name=match.side_name(side), n=points, missed=match.side_agreed(side, MISSED))
        # Escape or a stray Enter decides nothing: the question waits (Count asks it again), and a mistyped
        # claim is taken back with "Fix the count".
        self.app.push_screen(ChoiceDialog(self.tr(MUGGINS_TITLE), body, answers, safe=None), self._muggins_answered)

    def _muggins_answered(self, answer: object) -> None:
        if answer == "fix":
            self.undo()  # the claim itself: the hand is counted again
        elif answer == "nobody":
            self.apply_ops(Muggins(None))
        elif isinstance(answer, int):
            self.apply_ops(Muggins(answer))
        else:
            self.message = (MUGGINS_WAITS, "announce")
            self.refresh_view()

    def _warning_answered(self, answer: str, rewind: int | None) -> None:
        """Fix a false go: step back to just before it; what came after stays available to redo."""
        if answer != "fix":
            return
        target = rewind if rewind is not None else len(self.match.log) - 1
        while len(self.match.log) > target and self.session.can_undo:
            before = len(self.match.log)
            self.undo()
            if len(self.match.log) >= before:  # refused (the store said no): stop, the message says why
                break

    def points(self, side: int | None = None, value: int | None = None) -> None:
        if side is None or value is None:
            sides = [self.match.side_name(s) for s in range(self.match.rules.sides)]
            self.app.push_screen(NumberDialog(self.tr(POINTS_TITLE), sides, maximum=self.match.rules.target),
                                 lambda answer: self.points(*answer) if answer and answer[1] > 0 else None)
            return
        self.apply_ops(Points(side, value))

    def end_deal(self, confirmed: bool = False) -> None:
        if not confirmed:
            self.app.push_screen(ChoiceDialog(self.tr(SKIP_TITLE), self.tr(SKIP_BODY),
                                              [(self.tr(YES_SKIP), True), (self.tr(NO_KEEP), False)]),
                                 lambda yes: self.end_deal(True) if yes else None)
            return
        self.pending = []
        self.apply_ops(EndDeal())

    # ------------------------------------------------------------ input
    def keypad_picked(self, card: Card) -> None:
        self._refusals = []
        self.enter_card(card)

    def table_command(self, command: str) -> bool:
        """The keeper's own keys and words (Go, Count, ⌫, Clear, +Pts, Skip, Advice); False for another command."""
        match = self.match
        if command == "go":  # typed (the key is greyed out outside the play)
            if match.phase == "play":
                self.apply_ops(Go(match.live.turn))
            else:
                self.refuse(GO_IN_PLAY)
        elif command == "count":
            self.count()
        elif command in ("clear", "back"):  # the hand or crib being entered: all of it, or its last card
            if command == "clear":
                self.pending = []
            elif self.pending:
                self.pending.pop()
            self.keep_draft()
            self._refusals = []
            self.message = None
            self.refresh_view()
        elif command == "points":
            self.points()
        elif command == "end":
            self.end_deal()
        elif command == "advice":
            self.app.push_screen(AdviceDialog(self.match))
        else:
            return False
        return True

    def enter_table_line(self, text: str) -> None:
        """A card, a command, a claimed count or quick points."""
        lowered = text.casefold()
        if lowered in _COMMANDS:
            self.run_command(_COMMANDS[lowered])
            return
        quick = parse_quick_points(text)
        if quick is not None:
            self._typed_points(quick.points, quick.who)
            return
        if is_number(lowered) and self.match.phase == "show" and self.match.rules.manual_counting:
            self.count(parse_number(lowered))
            return
        cards = [parse_card(token, self.app.lang) for token in text.replace(",", " ").split()]
        self._refusals = []
        for card in cards:
            before = len(self.match.log)
            self.enter_card(card)
            if self.match.phase in ("deal", "cut", "play") and len(self.match.log) == before:
                break  # refused: the message says why, and the cards after it are not entered

    def _typed_points(self, value: int, who: str) -> None:
        match = self.match
        sides = [match.side_name(s) for s in range(match.rules.sides)]
        side = None
        if is_number(who):
            number = parse_number(who)
            side = number - 1 if 1 <= number <= len(sides) else None
        elif who:
            for s in range(match.rules.sides):
                seats = [i for i in range(match.players) if match.side_of(i) == s]
                if any(match.names[i].casefold().startswith(who.casefold()) for i in seats):
                    side = s
                    break
        if side is None:
            self.message = (NO_PLAYER(who=short(who), name=match.names[0]) if who else NEED_SIDE(name=match.names[0]),
                            "error")
            self.refresh_view()
            return
        self.apply_ops(Points(side, value))

"""Virtual cribbage: the app deals (seeded), each human sees only their own hand and taps it to lay away and
to peg, the computer players move at the chosen pace, and the shows are counted aloud. With hints on, the
exact discard advisor is shown while a human holds six (or five) cards, how their discard compared after it,
and the card the hard player would peg."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal

from companion.core.cards import Card, format_cards, parse_card
from companion.core.i18n import Msg, Of
from companion.core.i18n import cards as cards_of
from companion.games.base import Event
from companion.games.cribbage import advice
from companion.games.cribbage.advice import discard_review
from companion.games.cribbage.ops import Deal, Discard, Play
from companion.store.session import MatchSession
from companion.tui.games.cribbage.view import CribbageView
from companion.tui.screens.match_base import MatchScreenBase
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
WORDS = {"lay": "lay", "jeter": "lay", "hint": "hints", "hints": "hints", "conseil": "hints", "conseils": "hints",
         "pace": "pace", "rythme": "pace", "undo": "undo", "annuler": "undo", "log": "log", "journal": "log",
         "menu": "home", "home": "home", "rules": "rules", "règles": "rules", "aide": "rules", "help": "rules"}
YOURS = Msg("your crib", "votre crib")
THEIRS = Msg("{name} crib", "le crib {name}")  # name=Of(dealer): "Paul's crib" / "le crib de Paul"
SLOTS = 6  # the most cards a hand holds (two players, before laying away)


class VirtualCribbageScreen(CribbageView, MatchScreenBase):
    BINDINGS = [("f1", "rules", "Rules")]
    DEFAULT_CSS = """
    VirtualCribbageScreen #header { height: 1; background: $primary 30%; }
    VirtualCribbageScreen #table, VirtualCribbageScreen #advice { height: auto; padding: 0 1; }
    VirtualCribbageScreen #prompt, VirtualCribbageScreen #message { height: auto; padding: 0 1; }
    VirtualCribbageScreen #hand-row { height: auto; padding: 0 1; }
    VirtualCribbageScreen #hand-name { width: auto; max-width: 24; padding: 1 1 0 0; }
    VirtualCribbageScreen #hand { height: auto; width: 1fr; }
    VirtualCribbageScreen #hand Button.-style-flat { width: 7; min-width: 5; height: 3; margin: 0 1 0 0; border: none;
                                                     background: #f2eee3; color: #1a1a1a; text-style: bold; }
    VirtualCribbageScreen #hand Button.-style-flat.red { color: #c81e1e; }
    VirtualCribbageScreen #hand Button.-style-flat.-picked { background: #f2c230; }
    VirtualCribbageScreen #hand Button.-style-flat:disabled { background: #6b665c; color: #2a2a2a; }
    VirtualCribbageScreen.-small #hand Button.-style-flat { height: 1; }
    VirtualCribbageScreen.-small #hand-name { padding: 0 1 0 0; }
    VirtualCribbageScreen #moves { height: 1fr; min-height: 2; }
    VirtualCribbageScreen #actions Button { margin: 0 1 0 0; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.picked: list[Card] = []
        self.review: Msg | None = None  # how the last discard compared with the best one
        self._hints_of: tuple[tuple[int, int, str], list[Msg]] | None = None  # the advice of one state, kept

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), ENTRY, first=(("lay", B_LAY), ("hints", B_HINTS)))

    def view(self) -> ComposeResult:
        yield self.board()
        yield Static("", id="table")
        with Horizontal(id="hand-row"):
            yield Static("", id="hand-name")
            yield HandRow(SLOTS, id="hand")
        yield Static("", id="advice")
        yield MoveList(id="moves")

    # ------------------------------------------------------------ view
    def refresh_view(self) -> None:
        match = self.match
        self.draw_board()
        self._refresh_table()
        self._refresh_hand()
        self.query_one("#advice", Static).update(self._advice())
        self.query_one("#prompt", Static).update(self._prompt())
        self.show_message()
        human = self.acting_human()
        self.query_one("#lay", Button).disabled = not (match.phase == "discard" and human == self.shown_seat
                                                      and human is not None)
        self.show_steps()

    def _refresh_table(self) -> None:
        match = self.match
        if match.phase != "play" and not (match.phase == "show" and match.d and match.d.played):
            self.query_one("#table", Static).update("")
            return
        left = ", ".join(self.tr(LEFT, name=match.names[s], n=match.cards_left(s)) for s in range(match.players))
        cards = format_cards((c for _, c in match.current), "symbol", self.app.lang) or "—"
        self.query_one("#table", Static).update(self.tr(TABLE, count=match.count, cards=cards, left=left))

    def _refresh_hand(self) -> None:
        match, lang = self.match, self.app.lang
        seat = self.shown_seat
        cards = list(match.hand(seat) or ()) if seat is not None and match.d is not None else []
        self.picked = [c for c in self.picked if c in cards]
        self.query_one("#hand-name", Static).update(self.tr(YOUR_HAND, name=match.names[seat]) if seat is not None
                                                    else self.hidden_words())
        playable = set(match.playable(seat)) if seat is not None and match.phase == "play" else set()
        self.query_one("#hand", HandRow).show(cards, lambda c: c.display(lang), red=lambda c: c.is_red,
                                              picked=self.picked, playable=playable if match.phase == "play" else None)

    def slot_of(self, card: Card) -> str:
        """The selector of the button showing ``card`` (for the keys and the tests)."""
        return self.query_one("#hand", HandRow).slot_of(card)

    def _advice(self) -> str:
        seat = self.shown_seat
        lines = []
        if self.review is not None:
            lines.append(self.tr(self.review))
        if seat is not None and self.app.settings.hints and self.acting_human() == seat:
            lines += [self.tr(hint) for hint in self._hints(seat)]
        return "\n".join(lines)

    def _hints(self, seat: int) -> list[Msg]:
        """The advisor's words for this state, computed once: a redraw (a tap on a card) does not search again."""
        match = self.match
        key = (len(match.log), seat, match.phase)
        if self._hints_of is not None and self._hints_of[0] == key:
            return self._hints_of[1]
        hints: list[Msg] = []
        if match.phase == "discard":
            own = match.side_of(seat) == match.side_of(match.dealer)
            hints.append(advice.best_discards(match.hand(seat) or (), own, match.rules))
        elif match.phase == "play" and match.playable(seat):
            hint = advice.play_hint(match, seat)
            if hint is not None:
                hints.append(hint)
        self._hints_of = (key, hints)
        return hints

    def _prompt(self) -> str:
        match = self.match
        if match.is_over or match.phase in ("game_over", "match_over"):
            return self.tr(P_OVER)
        if self._passing:
            return self.hidden_words()
        human = self.acting_human()
        if human is not None and human == self.shown_seat:
            if match.phase == "discard":
                own = match.dealer == human
                whose = YOURS if own else THEIRS(name=Of(match.names[match.dealer]))
                return self.tr(P_DISCARD, name=match.names[human], n=cards_of(match.discard_count()), whose=whose)
            return self.tr(P_PLAY, name=match.names[human], count=match.count)
        actor = match.to_act
        if actor is not None and match.phase in ("discard", "play"):
            if match.phase == "discard":
                actor = next((s for s in range(match.players) if s not in match.live.discarded), actor)
            return self.waiting_words(actor, P_WAIT)
        return ""

    def show_message(self, selector: str = "#message", last: bool = False) -> None:
        """What was refused or announced; the deal's moves, with the points each pegged, are listed below."""
        super().show_message(selector, last=last)
        self.query_one("#moves", MoveList).show(self.move_lines())

    # ------------------------------------------------------------ entries
    def after(self, event: Event) -> None:
        if isinstance(event.op, Deal):
            self.review = None  # a new deal: last deal's discard review is old news
        super().after(event)

    def after_step(self) -> None:
        super().after_step()
        self.review = None  # undone or redone: the last discard's review no longer speaks of the hand shown

    def tap(self, card: Card) -> None:
        match = self.match
        seat = self.shown_seat
        if seat is None or self.acting_human() != seat:
            return
        if card not in (match.hand(seat) or ()):
            self.refuse(NOT_YOURS(card=card))
            return
        if match.phase == "discard":
            if card in self.picked:
                self.picked.remove(card)
            elif len(self.picked) < match.discard_count():
                self.picked.append(card)
            else:
                self.picked = self.picked[1:] + [card]
            self.message = None
            self.refresh_view()
        elif match.phase == "play":
            self.review = None
            self.human_op(Play(seat, card))

    def lay_away(self) -> None:
        match = self.match
        seat = self.shown_seat
        if seat is None or match.phase != "discard" or self.acting_human() != seat:
            return
        n = match.discard_count()
        if len(self.picked) != n:
            self.refuse(PICK(n=cards_of(n)))
            return
        hand = match.hand(seat) or ()
        own = match.side_of(seat) == match.side_of(match.dealer)
        review = discard_review(hand, self.picked, own, match.rules)
        if self.human_op(Discard(seat, tuple(self.picked))):
            self.picked = []
            self.review = review if self.app.settings.hints else None
            self.refresh_view()

    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        self.tap(event.card)

    def run_command(self, command: str) -> None:
        if command == "lay":
            self.lay_away()
        elif command == "hints":
            settings = self.app.settings
            settings.hints = not settings.hints
            settings.save()
            self.message = (HINTS_ON if settings.hints else HINTS_OFF, "announce")
            self.refresh_view()
        else:
            self.run_shared(command, "cribbage")

    def action_rules(self) -> None:
        self.run_shared("rules", "cribbage")

    def enter_line(self, text: str) -> None:
        if text.casefold() in WORDS:
            self.run_command(WORDS[text.casefold()])
            return
        cards = [parse_card(t, self.app.lang) for t in text.replace(",", " ").split()]
        for card in cards:
            self.tap(card)

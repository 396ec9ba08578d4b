"""A Trente-et-un match's state (both games) and the reads every part of the engine shares: who plays, the tokens
and the corbeille, the dealer, the deal being played turn by turn (:class:`DealPlay`), whose turn it is and who
the match waits for. The operations are applied by the mixins on this state (``showdown``, ``turns``,
``exchanges``), what a seat sees and may do by ``seat``; ``engine`` composes them.

The dealer passes left in the knock game and to the right with a banker (the direction of play).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.core.cards import Card, piquet_deck, standard_deck
from companion.core.errors import IllegalMoveError, SetupError
from companion.core.i18n import WINS as WINS_WORD
from companion.core.i18n import Agreed, Msg, Of, Plural
from companion.games import base
from companion.games.base import Operation, Outcome, Standing
from companion.games.trente_et_un.ops import CODEC, BlindSwap, Claim31, DealPack, Discard, Draw, Exchange, Knock, Refresh
from companion.games.trente_et_un.scoring import ValueRules, ranked

M = Msg

MATCH_OVER = M("the match is over", "le match est fini")
BAD_PLAYERS = M("{game} is played by {low} to {high} players", "{game} se joue de {low} à {high} joueurs")
WINS = M("{name} {wins} the match", "{name} {wins} le match")
WINS_POT = M("{name} {wins} the corbeille ({n})", "{name} {wins} la corbeille ({n})")
TOKENS = ("token", "tokens"), ("jeton", "jetons")
LIVES = ("life", "lives"), ("vie", "vies")
NOT_DURING = M("not during a deal played turn by turn: {why}", "pas pendant une donne jouée tour par tour : {why}")
NOT_PLAYING = M("no deal is being played turn by turn", "aucune donne n'est jouée tour par tour")
TURN = M("it is {name} turn", "c'est au tour {name}")  # name: Of(...)
PUBLIC = M("{card} is face up: it cannot be in a hand", "{card} est visible : il ne peut pas être dans une main")
NEED_SHOWDOWN = M("the deal is over: enter the hands", "la donne est finie : entrez les mains")
NOT_HELD = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")  # name: Of(...)


@dataclass
class DealPlay:
    """A deal being played turn by turn."""

    public: list[Card]  # knock: the discard pile (top last); banker: the three face-up cards
    turn: int
    order: list[int]  # seats in turn order, from the first to play
    drawn: Card | None = None  # knock: the card taken from the pile this turn
    has_drawn: bool = False
    knocker: int | None = None  # or who said « Je tiens »
    last_turns: list[int] = field(default_factory=list)  # who still plays once after a knock
    passes: int = 0  # banker: turns in a row with no exchange and no « Je tiens »
    taken: dict[int, list[Card]] = field(default_factory=dict)  # public cards each player took and kept
    turns: int = 0
    blind_done: bool = False
    ended: bool = False
    widow_taken: bool = False  # widow: someone has exchanged with the face-up cards
    limit: int | None = None  # widow after a blind swap: one circuit of single-card exchanges
    stock: int = 0  # knock: cards left in the stock
    void: bool = False  # the stock ran out and the deal is void (house rule)
    hands: list[list[Card]] | None = None  # virtual: every hand, known to the engine
    stock_cards: list[Card] | None = None  # virtual: the stock, top first
    key: int | None = None  # virtual: the deal's key for a reshuffle (``DealPack.key``)
    dealt_31: bool = False  # banker game: a 31 served (or the dealer's turned cards) ended the deal at once
    claimer: int | None = None  # who showed 31 (or a tierce majeure): his hand shown must make it


class TrenteState(base.Match):
    """A Trente-et-un match of either game: its state and the reads the operations and the answers share."""

    codec = CODEC
    CHOICES = (Draw, Discard, Knock, Exchange, BlindSwap)
    CHANCE = (DealPack,)
    banker: ClassVar[bool] = False
    low: ClassVar[int] = 2
    high: ClassVar[int] = 10
    title: ClassVar[Msg] = Msg("Trente-et-un", "Trente-et-un")

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if not self.low <= self.players <= self.high:
            raise SetupError(BAD_PLAYERS(game=self.title, low=self.low, high=self.high))
        start = self.rules.lives if self.banker else self.rules.tokens
        self.tokens = [start] * self.players
        self.pot = self.rules.stake * self.players if self.banker else 0
        self.out = [False] * self.players
        self.swimming = [False] * self.players
        self.dealer = setup.first_dealer % self.players
        self.showdowns = 0
        self.winner: tuple[int, ...] | None = None
        self.play: DealPlay | None = None  # a deal entered turn by turn (optional)
        self.hand_rules: ValueRules = self.rules.values()  # how a hand is valued in this match (its rules never change)

    # ------------------------------------------------------------ what the shell reads
    @property
    def to_the_right(self) -> bool:
        return self.banker and self.rules.direction == "right"

    @property
    def live(self) -> DealPlay:
        """The deal played turn by turn, read once the screen or a player knows one is under way."""
        if self.play is None:
            raise IllegalMoveError(NOT_PLAYING)
        return self.play

    @property
    def between_deals(self) -> bool:
        """No deal is being played turn by turn (none yet, or the last one was void): a start opens one, and so
        does a 31 shown straight from the deal."""
        return self.play is None or self.play.void

    @property
    def lives_mode(self) -> bool:
        return bool(self.banker or self.rules.scoring_mode == "lives")

    @property
    def unit(self) -> str:
        return "lives" if not self.banker and self.lives_mode else "tokens"

    def standings(self) -> list[Standing]:
        return [Standing(s, self.names[s], self.tokens[s], self.out[s]) for s in range(self.players)]

    @property
    def in_play(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        names = " & ".join(self.names[s] for s in self.winner)
        wins = Agreed(len(self.winner), *WINS_WORD)
        reason = WINS_POT(name=names, n=self.pot, wins=wins) if self.banker else WINS(name=names, wins=wins)
        return Outcome(self.winner, reason)

    def result_lines(self) -> list[Msg]:
        unit = TOKENS if self.unit == "tokens" else LIVES
        return [M("{name}: {n}", "{name} : {n}")(name=self.names[s], n=Plural(self.tokens[s], *unit))
                for s in range(self.players)]

    def accounted_cards(self) -> Counter[Any]:
        return Counter()

    def deck(self) -> list[Card]:
        return piquet_deck() if self.banker and self.rules.deck == 32 else standard_deck()

    def rematch_setup(self) -> base.Setup:
        return base.Setup(self.setup.names, self.setup.rules, self._next_dealer(self.dealer), self.setup.mode,
                          seats=self.setup.seats)

    def _next_dealer(self, dealer: int) -> int:
        step = -1 if self.to_the_right else 1  # with a banker, play (and the deal) goes to the right
        for i in range(1, self.players + 1):
            seat = (dealer + step * i) % self.players
            if not self.out[seat]:
                return seat
        return dealer

    # ------------------------------------------------------------ who chooses
    @property
    def to_act(self) -> int | None:
        """The seat whose entry comes next: between deals the dealer (the next one after a void deal), who deals
        and at a real table turns the first cards; the dealer for his blind swap, and at a real table for new
        face-up cards after a circuit of passes; else the player whose turn it is. None once the deal is over (the
        hands shown are entered by whoever keeps the score) and once the match is."""
        if self.winner is not None:
            return None
        play = self.play
        if play is None or play.void:
            return self._next_dealer(self.dealer) if play is not None else self.dealer
        if play.ended:
            return None
        if (self._exchanges and not play.blind_done) or self.refresh_open:
            return self.dealer
        return play.turn

    def awaiting(self) -> tuple[int, ...]:
        """Virtual play: the seat whose turn it is (the dealer first, for his blind swap), unless the deal's own
        step comes first: a 31 held is laid down, new face-up cards are turned, the showdown. At a real table: the
        seat to act, then every other seat that may show a 31 now (``may_show_31``)."""
        play = self.play
        if self.setup.mode != "virtual":
            first = self.to_act
            if first is None:
                return ()
            return (first, *(s for s in self.may_show_31() if s != first))
        if (self.winner is not None or play is None or play.ended or play.void or self.claim_due() is not None
                or self.refresh_due() is not None):
            return ()
        return (self.dealer if self._exchanges and not play.blind_done else play.turn,)

    def chooser(self, op: Operation) -> int | None:
        if isinstance(op, BlindSwap):
            return self.dealer
        return super().chooser(op)

    def may_show_31(self) -> list[int]:
        """At a real table, who may show a 31 now (SPEC §2.d): anyone straight from the deal (before the first cards
        are entered, or after, while nobody has played yet), else the player who has just finished his turn."""
        if self.winner is not None or self.setup.mode == "virtual":
            return []
        play = self.play
        if play is None or play.void:
            return [s for s in self._order_from(self._next_dealer(self.dealer) if play else self.dealer)]
        if play.ended:
            return []
        if play.turns == 0:
            return [] if play.has_drawn else list(play.order)
        last = self.last_to_play()
        return [last] if last is not None else []

    def claim_due(self) -> Claim31 | None:
        """Virtual play: a 31 held is laid down at once (after the deal, or at the end of the turn that made it)."""
        play = self.play
        if play is None or play.hands is None or play.ended or play.has_drawn:
            return None
        for seat in play.order:
            if ranked(tuple(sorted(play.hands[seat])), self.hand_rules)[1] >= 31:
                return Claim31(seat)
        return None

    def refresh_due(self) -> Refresh | None:
        """Virtual play: new face-up cards after a circuit where everyone passed (when the rules turn them)."""
        play = self.play
        if play is None or not self._exchanges or not play.blind_done or play.passes < len(play.order):
            return None
        refresh = Refresh(tuple((play.stock_cards or [])[:3]) if play.stock >= 3 else ())
        return refresh if self.can(refresh) else None

    @property
    def refresh_open(self) -> bool:
        """At a real table, new face-up cards are due: everyone passed a whole circuit, and the rules turn them."""
        play = self.play
        return (self.setup.mode != "virtual" and play is not None and not play.ended and self._exchanges
                and play.blind_done and play.passes >= len(play.order)
                and (not self.banker or bool(self.rules.all_pass_refresh)))

    # ------------------------------------------------------------ helpers
    @property
    def _exchanges(self) -> bool:
        """Three face-up cards to exchange with: the banker game, or the knock game's widow variant."""
        return bool(self.banker or self.rules.mode == "widow")

    def _order_from_dealer(self) -> list[int]:
        return self._order_from(self.dealer)

    def _order_from(self, dealer: int) -> list[int]:
        """The seats still in, in turn order from ``dealer``'s neighbour (the dealer last)."""
        step = -1 if self.to_the_right else 1
        seats = [(dealer + step * (i + 1)) % self.players for i in range(self.players)]
        return [s for s in seats if not self.out[s]]

    @property
    def _dealt(self) -> DealPlay:
        """The deal played turn by turn (an operation is applied only once its check found one)."""
        if self.play is None:
            raise IllegalMoveError(NOT_PLAYING)
        return self.play

    def _playing(self, seat: int | None = None) -> DealPlay:
        play = self.play
        if play is None or play.ended:
            raise IllegalMoveError(NEED_SHOWDOWN if play is not None else NOT_PLAYING)
        if seat is not None and seat != play.turn:
            raise IllegalMoveError(TURN(name=Of(self.names[play.turn])))
        return play

    def _next_turn(self, play: DealPlay) -> None:
        play.turns += 1
        play.has_drawn, play.drawn = False, None
        if play.limit is not None and play.turns >= play.limit:
            play.ended = True  # widow after a blind swap: the one circuit is over
            return
        if play.knocker is not None:
            if play.turn in play.last_turns:
                play.last_turns.remove(play.turn)
            if not play.last_turns:
                play.ended = True  # back to the knocker: showdown
                return
        index = play.order.index(play.turn)
        play.turn = play.order[(index + 1) % len(play.order)]

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _held(self, play: DealPlay, seat: int, cards: Sequence[Card]) -> None:
        if play.hands is None:
            return
        for card in cards:
            if card not in play.hands[seat]:
                raise IllegalMoveError(NOT_HELD(card=card, name=Of(self._name(seat))))

    def hand_of(self, seat: int) -> list[Card] | None:
        """Virtual: the cards ``seat`` holds in the deal being played."""
        play = self.play
        return list(play.hands[seat]) if play is not None and play.hands is not None else None

    def last_to_play(self) -> int | None:
        """The player who has just finished a turn (who may show 31 now), or None before the first turn."""
        play = self.play
        if play is None or play.turns == 0:
            return None
        index = play.order.index(play.turn) if play.turn in play.order else 0
        return play.order[index - 1]


def turned_up(n: int) -> Agreed:
    """« retournée » agreed with the cards turned up (one upcard, or the three face-up cards)."""
    return Agreed(n, ("turned up", "turned up"), ("retournée", "retournées"))

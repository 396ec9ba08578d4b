"""The cribbage match's state and the reads every part of it shares (SPEC §5.c, §5.d).

One engine serves both modes. In *table* mode people deal real cards and the
engine is told what is played and shown: hidden cards stay unknown, and what can
be checked is checked when cards are revealed (a shown hand must hold the cards
its player pegged; a "go" said while holding a playable card is flagged then).
In *virtual* mode the engine deals from a seeded shuffle and knows every hand.

The match (``engine.CribbageMatch``) is this state with a mixin per phase, each holding the ``_verify_*`` /
``_apply_*`` of its operations (``dealing``, ``play``, ``show``, ``entries``), and the seats' answers (``seat``).
Here: the deal in progress, the scores and pegs, the games won, where every card was seen, the pegging of points,
and what the shell reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.core.cards import Card
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import WINS, Agreed, Joined, Msg, Plural
from companion.games import base
from companion.games.base import Event, Outcome, Score, Standing
from companion.games.cribbage.ops import CODEC, CRIB, Cut, Deal, Discard, NewGame, Op, Play
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import pip
from companion.games.cribbage.words import (
    END_GAME_WON,
    END_MATCH_WON,
    GAME_LINE,
    GAME_POINTS,
    MATCH_TOTAL,
    MATCH_WON,
    REMATCH_LOSER_DEALS,
    SKUNK_WORDS,
    SKUNKS,
)

Mode = Literal["table", "virtual"]
Phase = Literal["deal", "discard", "cut", "play", "show", "muggins", "game_over", "match_over"]

# ------------------------------------------------------------------ messages
WRONG_PHASE = Msg("not now: {action} is not allowed {phase}", "pas maintenant : {action} est impossible {phase}")
PHASES = {
    "deal": Msg("before the deal", "avant la donne"),
    "discard": Msg("while discarding to the crib", "pendant l'écart au crib"),
    "cut": Msg("before the starter is cut", "avant la coupe"),
    "play": Msg("during the play", "pendant le jeu"),
    "show": Msg("during the show", "pendant le décompte"),
    "muggins": Msg("while muggins is offered", "pendant le muggins"),
    "game_over": Msg("after the game is won", "après la fin de la partie"),
    "match_over": Msg("after the match is over", "après la fin du match"),
}
ACTIONS = {
    "deal": Msg("dealing", "donner"), "discard": Msg("discarding", "écarter"), "cut": Msg("cutting", "couper"),
    "play": Msg("playing a card", "jouer une carte"), "go": Msg("go", "go"), "show": Msg("showing a hand", "montrer une main"),
    "crib": Msg("counting the crib", "compter le crib"), "muggins": Msg("muggins", "muggins"),
    "points": Msg("pegging points", "marquer des points"), "end_deal": Msg("ending the deal", "finir la donne"),
    "new_game": Msg("a new game", "une nouvelle partie"),
}
SEEN = Msg("{card} was already {where}", "{card} a déjà été {where}")
WHERE = {
    "starter": Msg("cut as the starter", "coupée comme carte de départ"),
    "played": Msg("played by {name}", "jouée par {name}"),
    "shown": Msg("shown in a hand", "montrée dans une main"),
    "crib": Msg("shown in the crib", "montrée dans le crib"),
    "dealt": Msg("dealt to another player", "donnée à un autre joueur"),
}
NOT_IN_HAND = Msg("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")
CARD_TWICE = Msg("{card} is entered twice", "{card} est entrée deux fois")
BAD_SIDE = Msg("no such player or team", "ce joueur ou cette équipe n'existe pas")
VIRTUAL_ONLY = Msg("only the virtual game deals and discards itself", "seule la partie virtuelle donne et écarte elle-même")
NEED_STARTER = Msg("enter the starter card", "entrez la carte coupée")
BAD_SETUP = Msg("a cribbage match needs {n} player names", "un match de cribbage demande {n} noms de joueurs")


@dataclass(frozen=True)
class Setup(base.Setup):
    """Who plays and under which rules: saved with the match, never changed by a move."""

    rules: CribbageRules = CribbageRules()

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.rules, CribbageRules) or len(self.names) != self.rules.players:
            raise SetupError(BAD_SETUP(n=getattr(self.rules, "players", 2)))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        setup = base.Setup.read(data, CribbageRules)
        return cls(setup.names, setup.rules, setup.first_dealer, setup.mode, setup.seed, setup.seats)


@dataclass(frozen=True)
class GameResult:
    winner: int  # side
    scores: tuple[int, ...]
    skunk: int  # 0 none, 1 skunk, 2 double skunk
    game_points: int


@dataclass
class _Deal:
    """Everything about the deal in progress."""

    number: int
    dealer: int
    deck: tuple[Card, ...] | None = None
    hands: list[list[Card]] | None = None  # virtual: cards still held (after discards: the four kept)
    kept: list[tuple[Card, ...]] | None = None  # virtual: the four kept, for the show
    crib: list[Card] = field(default_factory=list)
    discarded: set[int] = field(default_factory=set)
    starter: Card | None = None
    played: list[list[Card]] = field(default_factory=list)  # per seat, this deal
    current: list[tuple[int, Card]] = field(default_factory=list)  # this count
    go_said: set[int] = field(default_factory=set)
    # (seat, count, cards played before, index of the go in the log)
    go_claims: list[tuple[int, int, int, int]] = field(default_factory=list)
    turn: int = 0
    last_player: int | None = None
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat or CRIB -> cards
    show_index: int = 0


class CribbageState(base.Match):
    """A cribbage match's state: games to the target, the deal in progress, and what every phase reads."""

    codec = CODEC
    CHOICES = (Discard, Play)
    CHANCE = (Deal, Cut)
    setup: Setup
    rules: CribbageRules

    def __init__(self, setup: base.Setup) -> None:
        if not isinstance(setup, Setup):  # a generic setup read by the shell
            setup = Setup(setup.names, setup.rules, setup.first_dealer, setup.mode, setup.seed, setup.seats)
        super().__init__(setup)
        n = self.rules.sides
        self.scores: list[int] = [0] * n
        self.pegs: list[tuple[int, int]] = [(0, 0)] * n  # (front, back)
        self.game_points: list[int] = [0] * n
        self.games: list[GameResult] = []
        self.game_number = 1
        self.phase: Phase = "deal"
        self.next_dealer = setup.first_dealer % self.players
        self.deal_number = 0
        self.d: _Deal | None = None
        self.pending_muggins: tuple[int, int] | None = None  # (side that missed, points)

    # ------------------------------------------------------------ basics
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.names

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def side_name(self, side: int) -> str:
        seats = [s for s in range(self.players) if self.side_of(s) == side]
        return " & ".join(self.names[s] for s in seats)

    @property
    def dealer(self) -> int:
        # Between deals (phase "deal") the dealer is the one about to deal, not the last one.
        return self.d.dealer if self.d and self.phase != "deal" else self.next_dealer

    @property
    def starter(self) -> Card | None:
        return self.d.starter if self.d else None

    @property
    def count(self) -> int:
        return sum(pip(c) for _, c in self.d.current) if self.d else 0

    @property
    def current(self) -> list[tuple[int, Card]]:
        return list(self.d.current) if self.d else []

    @property
    def turn(self) -> int | None:
        return self.d.turn if self.d and self.phase == "play" else None

    def played(self, seat: int) -> list[Card]:
        return list(self.d.played[seat]) if self.d else []

    def cards_left(self, seat: int) -> int:
        return 4 - len(self.d.played[seat]) if self.d else 0

    def hand(self, seat: int) -> tuple[Card, ...] | None:
        """Virtual mode: the cards a seat still holds. Table mode: None (unknown)."""
        if not self.d or self.d.hands is None:
            return None
        return tuple(self.d.hands[seat])

    def kept(self, seat: int) -> tuple[Card, ...] | None:
        if not self.d or self.d.kept is None:
            return None
        return self.d.kept[seat]

    def shown(self, who: int) -> tuple[Card, ...] | None:
        return self.d.shown.get(who) if self.d else None

    @property
    def show_order(self) -> list[int]:
        """Seats in counting order (left of the dealer first, dealer last), then CRIB."""
        dealer = self.dealer
        return [(dealer + i) % self.players for i in range(1, self.players + 1)] + [CRIB]

    @property
    def next_to_show(self) -> int | None:
        if self.phase != "show" or not self.d:
            return None
        return self.show_order[self.d.show_index]

    @property
    def showing(self) -> int:
        """In the show: the seat (or CRIB) that counts now."""
        return self.show_order[self.live.show_index]

    @property
    def winner(self) -> int | None:
        """Side that won the current game (game over) or the match (match over)."""
        if self.phase in ("game_over", "match_over"):
            return self.games[-1].winner
        return None

    @property
    def match_winner(self) -> int | None:
        return self.games[-1].winner if self.phase == "match_over" else None

    @property
    def win_points(self) -> int:
        return self.rules.win_points

    @property
    def sides(self) -> int:
        return self.rules.sides

    # ------------------------------------------------------------ what the shell reads
    @property
    def to_act(self) -> int | None:
        if self.phase == "play":
            return self.turn
        if self.phase == "show":
            who = self.next_to_show
            return self.dealer if who == CRIB else who
        if self.phase in ("deal", "cut"):
            return self.dealer
        return None

    def awaiting(self) -> tuple[int, ...]:
        """Virtual play: every seat still to lay away (in any order), or the seat to peg."""
        if self.phase == "discard" and self.d is not None:
            return tuple(s for s in range(self.players) if s not in self.d.discarded)
        if self.phase == "play" and self.turn is not None:
            return (self.turn,)
        return ()

    def standings(self) -> list[Standing]:
        return [Standing(side, self.side_name(side), self.scores[side]) for side in range(self.sides)]

    def accounted_cards(self) -> Counter[Any]:
        return Counter(self.seen_cards())

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "match_over":
            return None
        last = self.games[-1]
        return Outcome((last.winner,), MATCH_WON(name=self.side_name(last.winner),
                                                  wins=self.side_agreed(last.winner, WINS)))

    @property
    def awaiting_continue(self) -> bool:
        return self.phase == "game_over"

    def continue_op(self) -> Op | None:
        return NewGame() if self.phase == "game_over" else None

    def closes_round(self, event: Event) -> bool:
        """A game can end in the middle of a deal (pegged out): the next game's start closes that deal too."""
        return bool(event.report) or isinstance(event.op, NewGame)

    def end_title(self) -> Msg:
        last = self.games[-1]
        return (END_MATCH_WON if self.phase == "match_over" else END_GAME_WON)(name=self.side_name(last.winner),
                                                                              wins=self.side_agreed(last.winner, WINS))

    def side_agreed(self, side: int, forms: tuple[tuple[str, str], tuple[str, str]]) -> Agreed:
        """A verb said of a side (``words.WINS``…), agreed with its players: "Ben & Dan win", « Ben & Dan gagnent »."""
        return Agreed(sum(1 for s in range(self.players) if self.side_of(s) == side), *forms)

    def end_badge(self) -> Msg | None:
        return SKUNKS[self.games[-1].skunk] if self.games and self.games[-1].skunk else None

    def rematch_label(self) -> Msg:
        return REMATCH_LOSER_DEALS

    def result_lines(self) -> list[Msg]:
        lines: list[Msg] = []
        for n, game in enumerate(self.games, 1):
            # The badge says "Skunk!" for the game just won: its line does not say it again.
            skunk = SKUNK_WORDS[game.skunk] if n < len(self.games) else ""
            lines.append(GAME_LINE(n=n, scores="–".join(map(str, game.scores)), name=self.side_name(game.winner),
                                   points=Plural(game.game_points, *GAME_POINTS), skunk=skunk))
        lines.append(MATCH_TOTAL(points="–".join(map(str, self.game_points)), need=self.rules.match_points))
        return lines

    def _loser_deals(self, scores: Sequence[int], last_dealer: int) -> int:
        """The loser deals first: the first seat after the last dealer on the lowest side."""
        low = min(scores)
        for step in range(1, self.players + 1):
            seat = (last_dealer + step) % self.players
            if scores[self.side_of(seat)] == low:
                return seat
        return (last_dealer + 1) % self.players

    def rematch_setup(self) -> Setup:
        """Same players and rules; the loser of the last game deals first (the same rule as the next game)."""
        first = self._loser_deals(self.games[-1].scores, self.dealer) if self.games else self.setup.first_dealer
        return Setup(self.setup.names, self.setup.rules, first, self.setup.mode, None, self.setup.seats)

    @property
    def live(self) -> _Deal:
        """The deal in progress, read by moves once ``_need`` has checked the phase (every phase from the
        discard to the end of the show has one)."""
        if self.d is None:
            raise IllegalMoveError(WRONG_PHASE(action=ACTIONS["play"], phase=PHASES[self.phase]))
        return self.d

    @property
    def _held(self) -> list[list[Card]]:
        """The cards each seat still holds: known in virtual play only (only it has a discard phase)."""
        hands = self.live.hands
        if hands is None:
            raise IllegalMoveError(VIRTUAL_ONLY)
        return hands

    def _need(self, *phases: str, action: str) -> None:
        if self.phase not in phases:
            raise IllegalMoveError(WRONG_PHASE(action=ACTIONS[action], phase=PHASES[self.phase]))

    # ------------------------------------------------------------ scoring
    def _peg(self, side: int, points: int, reason: Msg, scores: list[Score]) -> None:
        """Peg points for a side; the game ends the instant a side reaches the target."""
        if points <= 0 or self.phase in ("game_over", "match_over"):
            return
        target = self.rules.target
        front, _ = self.pegs[side]
        new = min(front + points, target)
        self.pegs[side] = (new, front)
        self.scores[side] = new
        scores.append(Score(side, new - front, reason))
        if new >= target:
            self._end_game(side)

    def _peg_awards(self, awards: list[tuple[int, int, Msg]], scores: list[Score]) -> None:
        """Peg what one entry earned, one move per side: "31 for 4" moves the rear peg once, by 4, as at
        the table, so the players can check the move against the call."""
        for side in dict.fromkeys(a[0] for a in awards):
            mine = [(n, why) for s, n, why in awards if s == side and n > 0]
            if mine:
                reason = mine[0][1] if len(mine) == 1 else Msg("{r}", "{r}")(r=Joined(tuple(w for _, w in mine)))
                self._peg(side, sum(n for n, _ in mine), reason, scores)

    def _end_game(self, side: int) -> None:
        losers = [s for i, s in enumerate(self.scores) if i != side]
        best_loser = max(losers)
        skunk = 2 if best_loser < self.rules.double_skunk_line else 1 if best_loser < self.rules.skunk_line else 0
        points = self.rules.game_points(skunk)
        self.game_points[side] += points
        self.games.append(GameResult(side, tuple(self.scores), skunk, points))
        self.phase = "match_over" if self.game_points[side] >= self.rules.match_points else "game_over"

    # ------------------------------------------------------------ seen cards
    def _seen(self) -> dict[Card, Msg]:
        """Every card out of the pack this deal, with where it was seen (by whom it was played)."""
        seen: dict[Card, Msg] = {}
        if not self.d:
            return seen
        if self.d.starter:
            seen[self.d.starter] = WHERE["starter"]
        for seat, cards in enumerate(self.d.played):
            for c in cards:
                seen[c] = WHERE["played"](name=self.names[seat])
        for who, shown in self.d.shown.items():
            for c in shown:
                seen.setdefault(c, WHERE["crib" if who == CRIB else "shown"])
        return seen

    def seen_cards(self) -> set[Card]:
        """Cards known to be out of the pack this deal (none before a new deal is started)."""
        return set() if self.phase == "deal" else set(self._seen())

    def _check_new_cards(self, cards: Sequence[Card], allowed: Iterable[Card] = ()) -> None:
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if list(cards).count(c) > 1)
            raise InconsistencyError(CARD_TWICE(card=twice))
        seen = self._seen()
        for card in allowed:
            seen.pop(card, None)
        for card in cards:
            if card in seen:
                raise InconsistencyError(SEEN(card=card, where=seen[card]))

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise IllegalMoveError(BAD_SIDE)

    def playable(self, seat: int) -> list[Card]:
        """Virtual mode: the cards a seat may play now (the must-play rule)."""
        hand = self.hand(seat) or ()
        return [c for c in hand if self.count + pip(c) <= MAX_COUNT]

    # ------------------------------------------------------------ the deal's start and end
    def discard_count(self) -> int:
        return 2 if self.players == 2 else 1

    def _start_deal(self, deck: tuple[Card, ...] | None) -> _Deal:
        self.deal_number += 1
        d = _Deal(self.deal_number, self.next_dealer, deck)
        d.played = [[] for _ in range(self.players)]
        self.d = d
        self.phase = "cut"
        return d

    def _finish_deal(self) -> None:
        self.next_dealer = (self.live.dealer + 1) % self.players
        self.phase = "deal"


"""The cribbage match as a state machine (SPEC §5.c, §5.d).

One engine serves both modes. In *table* mode people deal real cards and the
engine is told what is played and shown: hidden cards stay unknown, and what can
be checked is checked when cards are revealed (a shown hand must hold the cards
its player pegged; a "go" said while holding a playable card is flagged then).
In *virtual* mode the engine deals from a seeded shuffle and knows every hand.

Every move is an operation (``ops.py``), handled as in every game through the seam: ``verify(op)`` raises an
error saying why the move is illegal, ``can(op)`` answers yes or no, ``apply(op)`` makes it and appends it to
``log`` (``make_deal()`` and ``make_cut()`` give virtual mode's seeded deal and cut). The log is the undo stack and
the save file: ``CribbageMatch.replay(setup, ops)`` rebuilds any state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.core.cards import Card, CardList, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import WINS, Agreed, Joined, Msg, Of, Plural
from companion.core.i18n import cards as cards_of
from companion.core.i18n import points as points_of
from companion.games import base
from companion.games import seats as base_seats
from companion.games.base import Event, Outcome, Score, Standing
from companion.games.cribbage.ops import CODEC as OP_CODEC
from companion.games.cribbage.ops import (
    CRIB,
    Crib,
    Cut,
    Deal,
    Discard,
    EndDeal,
    Go,
    Muggins,
    NewGame,
    Op,
    Play,
    Points,
    Show,
)
from companion.games.cribbage.pegging import MAX_COUNT, peg_points
from companion.games.cribbage.pegging import verify_play as verify_count
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import count_hand, pip
from companion.games.cribbage.words import (  # noqa: F401 (the table's words, re-exported for the screens)
    CRIB_IS,
    D_AND,
    D_CLAIM,
    D_CRIB,
    D_CUT,
    D_DEAL,
    D_DEAL_CUT,
    D_DISCARD,
    D_END_DEAL,
    D_FOR,
    D_GO,
    D_GO_FOR,
    D_GO_PEGS,
    D_GO_POINT,
    D_HEELS,
    D_LAST,
    D_MISSED,
    D_MUGGINS,
    D_NEW_GAME,
    D_NO_MUGGINS,
    D_PLAY,
    D_POINTS,
    D_REPORT_HEELS,
    D_REPORT_PEGGED,
    D_REPORT_STARTER,
    D_SHOW,
    D_SIDE_POINTS,
    D_WIN,
    END_GAME_WON,
    END_MATCH_WON,
    GAME_LINE,
    GAME_POINTS,
    MATCH_TOTAL,
    MATCH_WON,
    MISSED,
    PEGS,
    REMATCH_LOSER_DEALS,
    SKUNK_WORDS,
    SKUNKS,
    TAKES,
)

Mode = Literal["table", "virtual"]
Phase = Literal["deal", "discard", "cut", "play", "show", "muggins", "game_over", "match_over"]

# ------------------------------------------------------------------ messages
M = Msg
WRONG_PHASE = M("not now: {action} is not allowed {phase}", "pas maintenant : {action} est impossible {phase}")
PHASES = {
    "deal": M("before the deal", "avant la donne"),
    "discard": M("while discarding to the crib", "pendant l'écart au crib"),
    "cut": M("before the starter is cut", "avant la coupe"),
    "play": M("during the play", "pendant le jeu"),
    "show": M("during the show", "pendant le décompte"),
    "muggins": M("while muggins is offered", "pendant le muggins"),
    "game_over": M("after the game is won", "après la fin de la partie"),
    "match_over": M("after the match is over", "après la fin du match"),
}
ACTIONS = {
    "deal": M("dealing", "donner"), "discard": M("discarding", "écarter"), "cut": M("cutting", "couper"),
    "play": M("playing a card", "jouer une carte"), "go": M("go", "go"), "show": M("showing a hand", "montrer une main"),
    "crib": M("counting the crib", "compter le crib"), "muggins": M("muggins", "muggins"),
    "points": M("pegging points", "marquer des points"), "end_deal": M("ending the deal", "finir la donne"),
    "new_game": M("a new game", "une nouvelle partie"),
}
NOT_YOUR_TURN = M("it is {name} turn, not {other}", "c'est au tour {name}, pas {other}")  # Of(): "d'Ann"
SEEN = M("{card} was already {where}", "{card} a déjà été {where}")
WHERE = {
    "starter": M("cut as the starter", "coupée comme carte de départ"),
    "played": M("played by {name}", "jouée par {name}"),
    "shown": M("shown in a hand", "montrée dans une main"),
    "crib": M("shown in the crib", "montrée dans le crib"),
    "dealt": M("dealt to another player", "donnée à un autre joueur"),
}
NO_CARDS_LEFT = M("{name} has no cards left to play", "{name} n'a plus de cartes à jouer")
NOT_IN_HAND = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")
MUST_PLAY = M("{name} can play {card}: no go while a card fits", "{name} peut jouer {card} : pas de go quand une carte passe")
SHOW_ORDER = M("{name} counts now", "c'est à {name} de compter")
HAND_CARDS = M("a hand has 4 cards, not {n}", "une main a 4 cartes, pas {n}")
CRIB_CARDS = M("the crib has 4 cards, not {n}", "le crib a 4 cartes, pas {n}")
MISSING_PEGGED = M("{name} pegged {card}: it must be in the hand shown",
                   "{name} a joué {card} : elle doit être dans la main montrée")
WRONG_HAND = M("{name} hand is {cards}", "la main {name} est {cards}")
FALSE_GO = M("{name} said go at {count} while holding {card}", "{name} a dit go à {count} en ayant {card}")
DISCARD_COUNT = M("{name} lays away {n} to the crib, not {m}", "{name} met {n} au crib, pas {m}")
DISCARDED = M("{name} has already laid away to the crib", "{name} a déjà écarté au crib")
CARD_TWICE = M("{card} is entered twice", "{card} est entrée deux fois")
BAD_POINTS = M("points must be between 1 and {max}", "les points doivent être entre 1 et {max}")
BAD_SIDE = M("no such player or team", "ce joueur ou cette équipe n'existe pas")
BAD_CLAIM = M("a claimed count is between 0 and 29", "un compte annoncé est entre 0 et 29")
NO_MUGGINS_SELF = M("a player cannot take his own missed points", "on ne peut pas prendre ses propres points oubliés")
VIRTUAL_ONLY = M("only the virtual game deals and discards itself", "seule la partie virtuelle donne et écarte elle-même")
WRONG_DECK = M("a deck has 52 different cards", "un jeu a 52 cartes différentes")
GO_TOO_SOON = M("{name} cannot say go at {count}: every card fits up to 31",
                "{name} ne peut pas dire go à {count} : toute carte passe jusqu'à 31")
NEED_STARTER = M("enter the starter card", "entrez la carte coupée")
BAD_SETUP = M("a cribbage match needs {n} player names", "un match de cribbage demande {n} noms de joueurs")



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


class CribbageMatch(base.Match):
    """A cribbage match: games to the target, deals, pegging and the show."""

    codec = OP_CODEC
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

    def accounted_cards(self) -> Counter:
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

    def seat_hand(self, seat: int) -> tuple[Card, ...] | None:
        return self.hand(seat)

    def public_table(self) -> dict[str, Any]:
        from companion.games.cribbage.seat import public_table

        return public_table(self)

    def choices(self, seat: int) -> list[base_seats.Choice]:
        from companion.games.cribbage.seat import choices

        return choices(self, seat)

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

    # ------------------------------------------------------------ deal
    def _rng_for(self, what: str) -> random.Random:
        """A generator fixed by the seed, the game and the deal: a resumed match deals the same cards."""
        return random.Random(f"{self.setup.seed}:{what}:{self.game_number}:{self.deal_number}")

    def make_deal(self) -> Deal:
        """The next deal's operation: virtual mode shuffles (seeded), table mode deals real cards."""
        if self.setup.mode != "virtual":
            return Deal(None)
        deck = standard_deck()
        self._rng_for("deal").shuffle(deck)
        return Deal(tuple(deck))

    def _verify_deal(self, op: Deal) -> None:
        self._need("deal", action="deal")
        if op.deck is not None and (len(op.deck) != 52 or len(set(op.deck)) != 52):
            raise IllegalMoveError(WRONG_DECK)
        if (op.deck is None) != (self.setup.mode == "table"):
            raise IllegalMoveError(VIRTUAL_ONLY)

    def _start_deal(self, deck: tuple[Card, ...] | None) -> _Deal:
        self.deal_number += 1
        d = _Deal(self.deal_number, self.next_dealer, deck)
        d.played = [[] for _ in range(self.players)]
        self.d = d
        self.phase = "cut"
        return d

    def _apply_deal(self, op: Deal) -> Event:
        d = self._start_deal(op.deck)
        if op.deck is None:
            self.phase = "cut"
        else:
            size = self.rules.hand_size
            n = self.players
            # Dealt one at a time from the dealer's left, like at the table.
            order = [(d.dealer + 1 + i) % n for i in range(n)]
            d.hands = [[] for _ in range(n)]
            for i in range(size * n):
                d.hands[order[i % n]].append(op.deck[i])
            if n == 3:
                d.crib.append(op.deck[size * n])  # one card from the pack to the crib
            self.phase = "discard"
        return Event(op, D_DEAL(n=d.number, name=self.names[d.dealer]))

    # ------------------------------------------------------------ discard (virtual)
    def discard_count(self) -> int:
        return 2 if self.players == 2 else 1

    def _verify_discard(self, op: Discard) -> None:
        self._need("discard", action="discard")
        self._check_seat(op.seat)
        name = self.names[op.seat]
        if op.seat in self.live.discarded:
            raise IllegalMoveError(DISCARDED(name=name))
        if len(op.cards) != self.discard_count():
            raise IllegalMoveError(DISCARD_COUNT(name=name, n=cards_of(self.discard_count()), m=len(op.cards)))
        if len(set(op.cards)) != len(op.cards):
            raise InconsistencyError(CARD_TWICE(card=op.cards[0]))
        for card in op.cards:
            if card not in self._held[op.seat]:
                raise IllegalMoveError(NOT_IN_HAND(card=card, name=Of(name)))

    def _apply_discard(self, op: Discard) -> Event:
        d, held = self.live, self._held
        for card in op.cards:
            held[op.seat].remove(card)
            d.crib.append(card)
        d.discarded.add(op.seat)
        if len(d.discarded) == self.players:
            d.kept = [tuple(h) for h in held]
            self.phase = "cut"
        return Event(op, D_DISCARD(name=self.names[op.seat]))

    # ------------------------------------------------------------ cut
    def make_cut(self) -> Cut:
        """Virtual mode: cut the seeded pack for the starter."""
        self._need("cut", action="cut")
        if self.live.deck is None:  # table mode: the people at the table turn a real card
            raise IllegalMoveError(NEED_STARTER)
        size = self.rules.hand_size * self.players + (1 if self.players == 3 else 0)
        rest = self.live.deck[size:]
        return Cut(rest[self._rng_for("cut").randrange(len(rest))])

    def _verify_cut(self, op: Cut) -> None:
        if self.phase == "deal" and self.setup.mode == "table":
            return  # at a real table the starter turned is the first thing entered: it starts the deal
        self._need("cut", action="cut")
        if self.live.kept is not None:  # virtual play: the cut cannot turn a card that was dealt
            dealt = {c for h in self.live.kept for c in h} | set(self.live.crib)
            if op.card in dealt:
                raise InconsistencyError(SEEN(card=op.card, where=WHERE["dealt"]))

    def _apply_cut(self, op: Cut) -> Event:
        opened = self.phase == "deal"
        if opened:
            self._start_deal(None)
        d = self.live
        d.starter = op.card
        self.phase = "play"
        d.turn = (d.dealer + 1) % self.players
        scores: list[Score] = []
        text = D_CUT(card=op.card)
        if op.card.rank == 11 and self.rules.his_heels:
            self._peg(self.side_of(d.dealer), self.rules.his_heels, D_HEELS, scores)
            text = D_AND(said=text, more=D_FOR(what=D_HEELS, n=self.rules.his_heels))
        if opened:
            text = D_DEAL_CUT(deal=D_DEAL(n=d.number, name=self.names[d.dealer]), cut=text)
        return Event(op, text, tuple(scores))

    # ------------------------------------------------------------ play
    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise IllegalMoveError(BAD_SIDE)

    def _verify_turn(self, seat: int, action: str) -> None:
        self._need("play", action=action)
        self._check_seat(seat)
        if seat != self.live.turn:
            raise IllegalMoveError(NOT_YOUR_TURN(name=Of(self.names[self.live.turn]), other=Of(self.names[seat])))

    def _verify_play(self, op: Play) -> None:
        self._verify_turn(op.seat, "play")
        name = self.names[op.seat]
        if self.cards_left(op.seat) == 0:
            raise IllegalMoveError(NO_CARDS_LEFT(name=name))
        if self.live.hands is not None and op.card not in self.live.hands[op.seat]:
            raise IllegalMoveError(NOT_IN_HAND(card=op.card, name=Of(name)))
        self._check_new_cards([op.card])
        verify_count(op.card, self.count)

    def _apply_play(self, op: Play) -> Event:
        d = self.live
        d.played[op.seat].append(op.card)
        if d.hands is not None:
            d.hands[op.seat].remove(op.card)
        d.current.append((op.seat, op.card))
        d.last_player = op.seat
        result = peg_points([c for _, c in d.current], self.rules)
        side = self.side_of(op.seat)
        awards = [(side, item.points, item.name()) for item in result.items]
        said: Msg = Msg(result.announce("en"), result.announce("fr"))
        if result.count == MAX_COUNT:
            self._new_count(awards, go_point=False)
        else:
            self._advance(op.seat, awards)
        for _, n, why in awards[len(result.items):]:  # the go or the last card, named
            said = D_AND(said=said, more=D_FOR(what=why, n=n))
        scores: list[Score] = []
        self._peg_awards(awards, scores)
        text = D_PLAY(name=self.names[op.seat], card=op.card, said=said)
        return Event(op, text, tuple(scores))

    def _players_with_cards(self) -> list[int]:
        return [s for s in range(self.players) if self.cards_left(s) > 0]

    def _advance(self, seat: int, awards: list[tuple[int, int, Msg]]) -> None:
        """Pass the turn after ``seat`` acted: skip players out of cards or who said go."""
        d = self.live
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.cards_left(nxt) > 0 and nxt not in d.go_said:
                d.turn = nxt
                return
        # Nobody can play on: go (or last card) to the last player, new count.
        self._new_count(awards, go_point=True)

    def _new_count(self, awards: list[tuple[int, int, Msg]], go_point: bool) -> None:
        d = self.live
        last = d.last_player
        finished = not self._players_with_cards()
        if go_point and last is not None and self.phase == "play":
            awards.append((self.side_of(last), 1, D_LAST if finished else D_GO_POINT))
        d.current = []
        d.go_said = set()
        d.last_player = None
        if self.phase != "play":
            return
        if finished:
            self.phase = "show"
            d.show_index = 0
            return
        start = last if last is not None else d.dealer
        for step in range(1, self.players + 1):
            nxt = (start + step) % self.players
            if self.cards_left(nxt) > 0:
                d.turn = nxt
                return

    def playable(self, seat: int) -> list[Card]:
        """Virtual mode: the cards a seat may play now (the must-play rule)."""
        hand = self.hand(seat) or ()
        return [c for c in hand if self.count + pip(c) <= MAX_COUNT]

    def _verify_go(self, op: Go) -> None:
        self._verify_turn(op.seat, "go")
        if self.live.hands is not None:
            playable = self.playable(op.seat)
            if playable:
                raise IllegalMoveError(MUST_PLAY(name=self.names[op.seat], card=playable[0]))
        if self.count + 10 <= MAX_COUNT:  # table mode: the player holds a card, and any card fits
            raise IllegalMoveError(GO_TOO_SOON(name=self.names[op.seat], count=self.count))

    def _apply_go(self, op: Go) -> Event:
        d = self.live
        d.go_said.add(op.seat)
        d.go_claims.append((op.seat, self.count, len(d.played[op.seat]), len(self.log)))
        scorer = d.last_player  # a go that ends the count pegs for the last player to have played
        awards: list[tuple[int, int, Msg]] = []
        self._advance(op.seat, awards)
        text: Msg = D_GO(name=self.names[op.seat])
        if awards and scorer is not None:  # said so that it is clear who said go and who pegs for it
            n = sum(points for _, points, _ in awards)
            text = D_GO_PEGS(name=self.names[op.seat], n=n) if scorer == op.seat else D_GO_FOR(
                name=self.names[op.seat], scorer=self.names[scorer], n=n)
        scores: list[Score] = []
        self._peg_awards(awards, scores)
        return Event(op, text, tuple(scores))

    # ------------------------------------------------------------ show
    def false_go_index(self, seat: int, cards: Sequence[Card]) -> int | None:
        """Where in the log the first go said while ``cards`` held a card that fitted is (0-based), for
        "fix it": rewinding to just before it."""
        d = self.live
        if not d:
            return None
        for go_seat, count, played_before, index in d.go_claims:
            if go_seat == seat:
                held = [c for c in cards if c not in d.played[seat][:played_before]]
                if any(count + pip(c) <= MAX_COUNT for c in held):
                    return index
        return None

    def show_warnings(self, seat: int, cards: Sequence[Card]) -> list[Msg]:
        """What the shown hand reveals: each go said while holding a card that fitted."""
        d = self.d
        warnings: list[Msg] = []
        if not d:
            return warnings
        for go_seat, count, played_before, _ in d.go_claims:
            if go_seat != seat:
                continue
            held = [c for c in cards if c not in d.played[seat][:played_before]]
            fitting = [c for c in held if count + pip(c) <= MAX_COUNT]
            if fitting:
                warnings.append(FALSE_GO(name=self.names[seat], count=count, card=fitting[0]))
        return warnings

    def _verify_claim(self, claimed: int | None) -> None:
        if claimed is not None and not 0 <= claimed <= 29:
            raise IllegalMoveError(BAD_CLAIM)

    def _verify_show(self, op: Show) -> None:
        self._need("show", action="show")
        self._check_seat(op.seat)
        expected = self.next_to_show
        if op.seat != expected:
            raise IllegalMoveError(SHOW_ORDER(name=self._who(expected)))
        if len(op.cards) != 4:
            raise IllegalMoveError(HAND_CARDS(n=len(op.cards)))
        name = self.names[op.seat]
        if self.live.kept is not None and set(op.cards) != set(self.live.kept[op.seat]):
            raise InconsistencyError(WRONG_HAND(name=Of(name), cards=CardList(self.live.kept[op.seat])))
        self._check_new_cards(op.cards, allowed=self.live.played[op.seat])
        for card in self.live.played[op.seat]:
            if card not in op.cards:
                raise InconsistencyError(MISSING_PEGGED(name=name, card=card))
        self._verify_claim(op.claimed)

    def _who(self, who: int | None) -> Msg | str:
        if who == CRIB:
            return Msg("the crib", "le crib")
        return self.names[who] if who is not None else "?"

    def _count_and_peg(self, side: int, cards: Sequence[Card], crib: bool, claimed: int | None,
                       scores: list[Score]):
        starter = self.live.starter
        if starter is None:  # the show follows the cut: never met, but the count needs the starter
            raise IllegalMoveError(NEED_STARTER)
        count = count_hand(cards, starter, crib, self.rules)
        points = count.total
        note = None
        if self.rules.manual_counting and claimed is not None and claimed != count.total:
            if claimed < count.total and self.rules.muggins:
                points = claimed
                self.pending_muggins = (side, count.total - claimed)
                note = D_MISSED(claimed=claimed, total=count.total, missed=points_of(count.total - claimed))
            else:  # an over-claim is always corrected; without muggins a short count is too
                note = D_CLAIM(claimed=claimed, total=count.total)
        reason = Msg("crib", "crib") if crib else Msg("hand", "main")
        self._peg(side, points, reason, scores)
        if self.pending_muggins and self.phase == "show":
            self.phase = "muggins"
        elif self.pending_muggins:
            self.pending_muggins = None
        return count, note

    def _apply_show(self, op: Show) -> Event:
        d = self.live
        warnings = tuple(self.show_warnings(op.seat, op.cards))
        d.shown[op.seat] = op.cards
        scores: list[Score] = []
        count, note = self._count_and_peg(self.side_of(op.seat), op.cards, False, op.claimed, scores)
        d.show_index += 1
        spoken = Msg(count.spoken("en"), count.spoken("fr"))
        text = D_SHOW(name=self.names[op.seat], cards=CardList(op.cards), spoken=spoken)
        if note is not None:  # the log line keeps what was claimed and what was missed
            text = D_AND(said=text, more=note)
        return Event(op, text, tuple(scores), warnings)

    def _verify_crib(self, op: Crib) -> None:
        self._need("show", action="crib")
        if self.next_to_show != CRIB:
            raise IllegalMoveError(SHOW_ORDER(name=self._who(self.next_to_show)))
        if len(op.cards) != 4:
            raise IllegalMoveError(CRIB_CARDS(n=len(op.cards)))
        if self.live.deck is not None and set(op.cards) != set(self.live.crib):
            raise InconsistencyError(CRIB_IS(cards=CardList(self.live.crib)))
        self._check_new_cards(op.cards)
        self._verify_claim(op.claimed)

    def _apply_crib(self, op: Crib) -> Event:
        d = self.live
        d.shown[CRIB] = op.cards
        scores: list[Score] = []
        count, note = self._count_and_peg(self.side_of(d.dealer), op.cards, True, op.claimed, scores)
        d.show_index += 1
        if self.phase == "show":
            self._finish_deal()
        spoken = Msg(count.spoken("en"), count.spoken("fr"))
        text = D_CRIB(name=Of(self.names[d.dealer]), cards=CardList(op.cards), spoken=spoken)
        if note is not None:
            text = D_AND(said=text, more=note)
        report = self._deal_report(text, scores) if self.phase == "deal" else ()
        return Event(op, text, tuple(scores), report=report)

    def _deal_report(self, crib: Msg, crib_scores: list[Score]) -> tuple[Msg, ...]:
        """The deal as the table went through it: the points pegged by each side (his heels apart), each hand
        counted as it was said, the crib, and the scores now."""
        d = self.live
        pegged = [0] * self.rules.sides
        heels = [0] * self.rules.sides
        shows: list[Msg] = []
        for event in reversed(self.events):
            if isinstance(event.op, Cut):
                for score in event.scores:
                    heels[score.side] += score.points
                break
            if isinstance(event.op, (Play, Go)):
                for score in event.scores:
                    pegged[score.side] += score.points
            elif isinstance(event.op, (Show, Muggins)):
                shows.insert(0, event.text)
        sides = range(self.rules.sides)
        lines = [D_REPORT_PEGGED(scores=Joined(tuple(D_SIDE_POINTS(name=self.side_name(s), n=pegged[s])
                                                     for s in sides), " · "))]
        if any(heels):
            lines.append(D_REPORT_HEELS(name=self.side_name(heels.index(max(heels))), n=max(heels)))
        return (D_DEAL(n=d.number, name=self.names[d.dealer]), D_REPORT_STARTER(card=d.starter), *lines, *shows,
                crib)

    def _finish_deal(self) -> None:
        self.next_dealer = (self.live.dealer + 1) % self.players
        self.phase = "deal"

    # ------------------------------------------------------------ muggins
    def _verify_muggins(self, op: Muggins) -> None:
        self._need("muggins", action="muggins")
        if op.side is not None:
            if not 0 <= op.side < self.rules.sides:
                raise IllegalMoveError(BAD_SIDE)
            if op.side == self.missed[0]:
                raise IllegalMoveError(NO_MUGGINS_SELF)

    @property
    def missed(self) -> tuple[int, int]:
        """In the muggins phase: the side that counted short, and the points it missed."""
        if self.pending_muggins is None:
            raise IllegalMoveError(WRONG_PHASE(action=ACTIONS["muggins"], phase=PHASES[self.phase]))
        return self.pending_muggins

    def _apply_muggins(self, op: Muggins) -> Event:
        _, points = self.missed
        self.pending_muggins = None
        self.phase = "show"
        scores: list[Score] = []
        if op.side is not None:
            self._peg(op.side, points, Msg("muggins", "muggins"), scores)
            text = D_MUGGINS(name=self.side_name(op.side), n=points, takes=self.side_agreed(op.side, TAKES))
        else:
            text = D_NO_MUGGINS
        if self.phase == "show" and self.live.show_index == len(self.show_order):
            self._finish_deal()
        return Event(op, text, tuple(scores))

    # ------------------------------------------------------------ quick entry
    def _verify_points(self, op: Points) -> None:
        if self.phase in ("game_over", "match_over"):
            self._need("deal", action="points")
        if not 0 <= op.side < self.rules.sides:
            raise IllegalMoveError(BAD_SIDE)
        if not 1 <= op.points <= self.rules.target:
            raise IllegalMoveError(BAD_POINTS(max=self.rules.target))

    def _apply_points(self, op: Points) -> Event:
        scores: list[Score] = []
        reason = Msg(op.note, op.note) if op.note else Msg("points", "points")
        self._peg(op.side, op.points, reason, scores)
        return Event(op, D_POINTS(name=self.side_name(op.side), n=op.points, pegs=self.side_agreed(op.side, PEGS)),
                     tuple(scores))

    def _verify_end_deal(self, op: EndDeal) -> None:
        self._need("deal", "cut", "play", "show", action="end_deal")
        if self.setup.mode != "table":
            raise IllegalMoveError(VIRTUAL_ONLY)

    def _apply_end_deal(self, op: EndDeal) -> Event:
        if self.phase == "deal":
            self._start_deal(None)  # a deal skipped before its starter was entered
        self._finish_deal()
        return Event(op, D_END_DEAL)

    # ------------------------------------------------------------ next game
    def _verify_new_game(self, op: NewGame) -> None:
        self._need("game_over", action="new_game")

    def _apply_new_game(self, op: NewGame) -> Event:
        self.next_dealer = self._loser_deals(self.scores, self.dealer)
        n = self.rules.sides
        self.scores = [0] * n
        self.pegs = [(0, 0)] * n
        self.game_number += 1
        self.d = None
        self.phase = "deal"
        return Event(op, D_NEW_GAME(n=self.game_number, name=self.names[self.next_dealer]))

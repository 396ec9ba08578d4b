"""Both Trente-et-un games as matches kept at the table, showdown by showdown.

At each showdown the players enter their three cards (or tap them); the engine values every hand, says
who won or lost and why, and moves the tokens, lives and the pot:

- **Draw and knock** (SPEC §2.d), tokens (the French text): the winner, or each tied winner, sheds a
  token; the first with none wins. Lives (standard Scat): the lowest hand loses a life (every tied lowest),
  a knocker who is lowest loses two, a 31 makes every other player lose one; the last survivor wins.
- **With a banker** (SPEC §3.d): the lowest hand loses (every tied lowest; a 31 never loses) and puts a
  token in the corbeille; a dealt 31 makes every other player lose one. A player without tokens is *mort*;
  the last *vivant* takes the corbeille. A vivant may give a mort a token (the rule about talking to morts).

The dealer passes left in the knock game and to the right with a banker (the direction of play).

Turn-by-turn entry of a Trente-et-un deal (optional: a table may enter only its showdowns).

In table mode the hands are hidden, so the engine checks what the table can see: the order of turns, the
public cards (the discard pile; the banker game's three face-up cards), a card taken from the discard pile
not thrown straight back, the knock or « Je tiens » and the one last turn of every other player, a 31 that
ends the deal at once, the banker game's « all pass » guard. At the showdown that follows, the hands shown
must hold the public cards their players took, and none of the cards still public.

Draw and knock (SPEC §2.d): ``Start(cards=(upcard,))``; each turn ``Draw`` then ``Discard``, or ``Knock``;
``Claim31`` ends the deal. With a banker (§3.d): ``Start(cards=(3 face-up))``; the dealer's ``BlindSwap``; each
turn an ``Exchange`` of all three, one, or none, with ``hold`` for « Je tiens »; ``Refresh`` replaces the face-up
cards after a circuit where everyone passed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from companion.core.cards import Card, CardList, piquet_deck, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import WINS as WINS_WORD
from companion.core.i18n import Agreed, Joined, Msg, Of, Plural
from companion.core.i18n import cards as cards_of
from companion.games import base
from companion.games.base import Event, Operation, Outcome, Score, Standing
from companion.games.trente_et_un.ops import (
    CODEC,
    BlindSwap,
    Claim31,
    DealPack,
    Discard,
    Draw,
    Exchange,
    GiveToken,
    Knock,
    Refresh,
    Showdown,
    Start,
)
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.games.trente_et_un.scoring import (
    OUTSIDE,
    PIQUET,
    SEEN_TWICE,
    TWICE,
    Game,
    HandValue,
    check_distinct,
    check_hand,
    hand_value,
)
from companion.games.trente_et_un.words import (
    D_31,
    D_BLIND,
    D_DEAL,
    D_DEALT_31,
    D_DISCARD,
    D_DRAW_PILE,
    D_DRAW_STOCK,
    D_HOLD,
    D_KEEP,
    D_KNOCK,
    D_NO_REFRESH,
    D_PASS,
    D_REFRESH,
    D_RESHUFFLE,
    D_START,
    D_STOP,
    D_SWAP,
    D_VOID,
)

M = Msg

HANDS = M("a showdown has a hand for each of the {n} players still in",
          "un abattage a une main pour chacun des {n} joueurs en jeu")
OUT_HAND = M("{name} is out: no hand", "{name} est éliminé : pas de main")
BAD_KNOCKER = M("the knocker must be a player still in", "qui cogne doit être un joueur en jeu")
NO_31 = M("no hand is a 31: the deal did not end on a 31 served",
          "aucune main ne fait 31 : la donne n'a pas fini sur un 31 servi")
MATCH_OVER = M("the match is over", "le match est fini")
VOID = M("the deal was void: start the next one", "la donne était nulle : commencez la suivante")
STILL_PLAYING = M("the deal is still being played: knock, say « Je tiens » or show a 31 first",
                  "la donne se joue encore : cognez, dites « Je tiens » ou montrez un 31 d'abord")
GIVE = M("only a vivant with a token gives one to a mort", "seul un vivant qui a un jeton en donne un à un mort")
GIVE_KNOCK = M("giving a token is a rule of the banker game", "donner un jeton est une règle du jeu avec banquier")
BAD_PLAYERS = M("{game} is played by {low} to {high} players", "{game} se joue de {low} à {high} joueurs")

D_HAND = M("{name}: {cards} — {said}", "{name} : {cards} — {said}")
D_WINNER = M("{names}: wins, sheds a token", "{names} : gagne, se défait d'un jeton")
D_WINNERS = M("{names}: share the win, each sheds a token", "{names} : partagent la victoire, chacun se défait d'un jeton")
D_LOSER = M("{names}: lowest, loses {n}", "{names} : la plus faible, perd {n}")
D_POT = M("{names}: lowest, a token to the corbeille", "{names} : la plus faible, un jeton à la corbeille")
D_DEALT = M("a 31 served: every other player loses a token", "un 31 servi : chaque autre joueur perd un jeton")
D_DEALT_POT = M("a 31 served: {name} takes the corbeille", "un 31 servi : {name} prend la corbeille")
D_THIRTY_ONE = M("{name} {has} 31: every other player loses a life", "{name} {has} 31 : chaque autre joueur perd une vie")
D_OUT = M("{name} is out", "{name} est éliminé")
D_MORT = M("{name} is mort", "{name} est mort")
D_SWIM = M("{name} swims (one more chance)", "{name} nage (une chance de plus)")
D_GIVE = M("{giver} gives a token to {receiver}, who is vivant again", "{giver} donne un jeton à {receiver}, de nouveau vivant")
D_NOBODY = M("nobody loses", "personne ne perd")
D_POT_TIED = M("{names}: tied lowest, a token each to the corbeille",
               "{names} : à égalité les plus faibles, un jeton chacun à la corbeille")
D_LOSERS_TIED = M("{names}: tied lowest, each loses {n}", "{names} : à égalité les plus faibles, chacun perd {n}")
D_KNOCKED = M("{name} knocked", "{name} a cogné")
D_HELD = M("{name} said « Je tiens »", "{name} a dit « Je tiens »")
D_SHOWDOWN = M("Showdown {n}", "Abattage {n}")
WINS = M("{name} {wins} the match", "{name} {wins} le match")
WINS_POT = M("{name} {wins} the corbeille ({n})", "{name} {wins} la corbeille ({n})")
DEALS = M("{name} deals next", "{name} donne ensuite")
TOKENS = ("token", "tokens"), ("jeton", "jetons")
LIVES = ("life", "lives"), ("vie", "vies")

NOT_DURING = M("not during a deal played turn by turn: {why}", "pas pendant une donne jouée tour par tour : {why}")
NOT_PLAYING = M("no deal is being played turn by turn", "aucune donne n'est jouée tour par tour")
ALREADY_PLAYING = M("a deal is already being played turn by turn: play it to its showdown first",
                    "une donne se joue déjà tour par tour : jouez-la jusqu'à l'abattage d'abord")
TURN = M("it is {name} turn", "c'est au tour {name}")  # name: Of(...)
START_CARDS = M("a deal starts with {n} turned up", "une donne commence avec {n} {turned}")  # n: cards_of(n)
BLIND_CARDS = M("a blind swap puts the dealer's own three cards face up: enter them",
                "à l'aveugle, le donneur met ses trois cartes à la place des cartes visibles : entrez-les")
KEEP_CARDS = M("the dealer keeps his hand: no card goes face up", "le donneur garde sa main : aucune carte ne se retourne")
REFRESH_CARDS = M("new face-up cards come three at a time", "les nouvelles cartes visibles viennent par trois")
DRAW_FIRST = M("draw a card first (or knock)", "prenez d'abord une carte (ou cognez)")
DRAWN = M("{name} has already drawn: now a discard", "{name} a déjà pris : maintenant la défausse")
NOT_TOP = M("{card} is not the top of the discard pile ({top})", "{card} n'est pas le dessus de la défausse ({top})")
EMPTY_PILE = M("the discard pile is empty", "la défausse est vide")
NO_REDISCARD = M("{card} was just taken from the discard pile: it cannot go straight back",
                 "{card} vient d'être pris à la défausse : il ne peut pas y retourner aussitôt")
PUBLIC = M("{card} is face up: it cannot be in a hand", "{card} est visible : il ne peut pas être dans une main")
KNOCK_AFTER_DRAW = M("a player knocks instead of drawing", "on cogne au lieu de prendre une carte")
ALREADY_KNOCKED = M("{name} has already knocked", "{name} a déjà cogné")
FIRST_TURN = M("no knock on the first turn (house rule)", "pas de cogne au premier tour (règle maison)")
SWAP_SIZE = M("swap all three cards, one, or none — not {n}", "échangez les trois cartes, une seule, ou aucune — pas {n}")
NOT_FACE_UP = M("{card} is not among the face-up cards", "{card} n'est pas parmi les cartes visibles")
HOLD_ONLY = M("« Je tiens » only after swapping all three or none", "« Je tiens » seulement après avoir tout échangé ou rien")
HELD = M("« Je tiens » was already said this deal", "« Je tiens » a déjà été dit dans cette donne")
BLIND_FIRST = M("the dealer's blind swap comes first", "l'échange à l'aveugle du donneur vient d'abord")
NO_REFRESH = M("the face-up cards are replaced only after a circuit where everyone passed",
               "les cartes visibles ne sont remplacées qu'après un tour où tout le monde a passé")
SHOWN_MISSING = M("{name} took {card}: it must be in the hand shown",
                  "{name} a pris {card} : elle doit être dans la main montrée")
NEED_SHOWDOWN = M("the deal is over: enter the hands", "la donne est finie : entrez les mains")

NO_REFRESH_RULE = M("new face-up cards are not a rule of this match",
                    "de nouvelles cartes visibles ne sont pas une règle de ce match")
WIDOW_WHOLE = M("the whole hand is exchanged only while nobody has taken from the widow",
                "on n'échange toute la main que tant que personne n'a pris dans la main du mort")
VIRTUAL_ONLY = M("in a virtual game the app deals", "dans une partie virtuelle, l'app donne")
TABLE_ONLY = M("the app deals only in a virtual game", "l'app ne donne que dans une partie virtuelle")
WHOLE_PACK = M("a virtual deal starts from the whole pack, shuffled", "une donne virtuelle part du jeu entier, mélangé")
NOT_HELD = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")  # name: Of(...)
NOT_31 = M("{name} does not hold 31", "{name} n'a pas 31")
NOT_A_PLAYER = M("seat {seat} is not a player of this deal", "la place {seat} n'est pas un joueur de cette donne")
DISCARD_FIRST = M("discard first: a 31 is shown at the end of one's turn",
                  "défaussez d'abord : on montre 31 à la fin de son tour")
CLAIM_SHOWN = M("{name} showed 31, but the hand entered for {name} makes {said}",
                "{name} a montré 31, mais la main entrée pour {name} fait {said}")
TURNED_31 = M("the three cards turned make 31: the dealer takes them and the deal ends",
              "les trois cartes retournées font 31 : le donneur les prend et la donne s'arrête")
NOT_STOCK = M("the new face-up cards come from the stock", "les nouvelles cartes visibles viennent du talon")
NOT_SHOWN = M("{name} hand is {cards}", "la main {name} est {cards}")  # name: Of(...)


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


class TrenteMatch(base.Match):
    """A Trente-et-un match of either game, kept showdown by showdown."""

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
        return self.banker or self.rules.scoring_mode == "lives"

    @property
    def unit(self) -> str:
        return "lives" if not self.banker and self.lives_mode else "tokens"

    def standings(self) -> list[Standing]:
        return [Standing(s, self.names[s], self.tokens[s], self.out[s]) for s in range(self.players)]

    @property
    def in_play(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.dealer

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

    def accounted_cards(self) -> Counter:
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

    # ------------------------------------------------------------ the showdown
    def entry_refusal(self, card: Card, hand: Sequence[Card], entered: Sequence[Card]) -> Msg | None:
        """Why ``card`` cannot go into ``hand``, being entered for a showdown with ``entered`` (every card entered
        so far), or None: the table's screen checks each card as it is tapped, as the showdown will."""
        if card in hand:
            return TWICE(card=card)
        if card in entered:
            return SEEN_TWICE(card=card)
        if card not in self.deck():
            return OUTSIDE(card=card)
        return None

    def _verify_showdown(self, op: Showdown) -> None:
        if self.winner is not None:
            raise IllegalMoveError(MATCH_OVER)
        if len(op.hands) != self.players:
            raise IllegalMoveError(HANDS(n=len(self.in_play)))
        game: Game = "banker" if self.banker else "knock"
        for seat, hand in enumerate(op.hands):
            if self.out[seat]:
                if hand:
                    raise IllegalMoveError(OUT_HAND(name=self.names[seat]))
                continue
            check_hand(hand, game, self.banker and self.rules.deck == 52)
        check_distinct(op.hands)
        if op.knocker is not None and (type(op.knocker) is not int or not 0 <= op.knocker < self.players
                                       or self.out[op.knocker]):
            raise IllegalMoveError(BAD_KNOCKER)
        if op.dealt_31 and not any(hand_value(h, self.rules.values()).value == 31 for h in op.hands if h):
            raise IllegalMoveError(NO_31)
        if self.play is not None:
            if not self.play.ended:
                raise IllegalMoveError(STILL_PLAYING)
            if self.play.void:
                raise IllegalMoveError(VOID)
            self.check_shown(op.hands)

    def _apply_showdown(self, op: Showdown) -> Event:
        holder = None
        if self.play is not None:
            play = self.play
            if op.knocker is None and play.knocker is not None:
                op = Showdown(op.hands, play.knocker, op.dealt_31)  # the knock entered during the turns
            if play.dealt_31:  # the 31 served (or turned up for the dealer) was seen during the turns
                op = Showdown(op.hands, op.knocker, True)
                holder = self.dealer if play.hands is None and play.taken.get(self.dealer) else play.claimer
            self.play = None
        values = {s: hand_value(op.hands[s], self.rules.values()) for s in self.in_play}
        lines: list[Msg] = [D_HAND(name=self.names[s], cards=CardList(op.hands[s]), said=values[s].said())
                            for s in self.in_play]
        scores: list[Score] = []
        if op.knocker is not None and not op.dealt_31:
            lines.append((D_HELD if self.banker else D_KNOCKED)(name=self.names[op.knocker]))
        if self.banker:
            lines += self._banker(values, op, scores, holder)
        elif self.lives_mode:
            lines += self._lives(values, op, scores)
        else:
            lines += self._tokens(values, op, scores)
        self.showdowns += 1
        if self.winner is None:
            self.dealer = self._next_dealer(self.dealer)
            lines.append(DEALS(name=self.names[self.dealer]))
        report = (D_SHOWDOWN(n=self.showdowns), *lines)
        return Event(op, M("{a}", "{a}")(a=Joined(tuple(lines), "\n")), tuple(scores), report=report)

    def _best(self, values: dict[int, HandValue], knocker: int | None) -> list[int]:
        keys = {s: v.key for s, v in values.items()}
        top = max(keys.values())
        best = [s for s, k in keys.items() if k == top]
        if self.rules.knocker_wins_ties and knocker in best:
            return [knocker]
        return best

    def _tokens(self, values, op: Showdown, scores: list[Score]) -> list[Msg]:
        """French text, variant 2: the winner (each tied winner) sheds a token; the first at 0 wins."""
        best = self._best(values, op.knocker)
        for seat in best:
            self.tokens[seat] -= 1
            scores.append(Score(seat, -1, Msg("token shed", "jeton en moins")))
        done = tuple(s for s in best if self.tokens[s] <= 0)
        if done:
            self.winner = done
        return [(D_WINNERS if len(best) > 1 else D_WINNER)(names=" & ".join(self.names[s] for s in best))]

    def _lowest(self, values) -> list[int]:
        """The lowest hands. The knock game breaks a tie of totals by the cards' ranks; with a banker every hand
        of the lowest total loses (French text 002: « celles-ci ont toutes perdu »)."""
        keys = {s: (v.value if self.banker else v.key) for s, v in values.items()}
        low = min(keys.values())
        return [s for s, k in keys.items() if k == low and values[s].value < 31]

    def _lives(self, values, op: Showdown, scores: list[Score]) -> list[Msg]:
        """Standard Scat: a 31 costs every other player a life; else the lowest loses one (a lowest knocker
        two); the knocker wins ties by house rule."""
        lines: list[Msg] = []
        thirty_one = [s for s, v in values.items() if v.value == 31]
        if thirty_one:
            losses = {s: 1 for s in values if s not in thirty_one}
            lines.append(D_THIRTY_ONE(name=" & ".join(self.names[s] for s in thirty_one),
                                      has=Agreed(len(thirty_one), ("has", "have"), ("a", "ont"))))
        else:
            lowest = self._lowest(values)
            if op.knocker in lowest and len(lowest) > 1 and self.rules.knocker_wins_ties:
                lowest.remove(op.knocker)
            losses = {s: 2 if s == op.knocker else 1 for s in lowest}
            for seat, n in losses.items():
                lines.append(D_LOSER(names=self.names[seat], n=Plural(n, *LIVES)))
        lines += self._lose(losses, scores, into_pot=False)
        return lines

    def _banker(self, values, op: Showdown, scores: list[Score], holder: int | None = None) -> list[Msg]:
        lines: list[Msg] = []
        if op.dealt_31:
            if holder is None or values[holder].value != 31:
                holder = next(s for s, v in values.items() if v.value == 31)
            if self.rules.dealt_31_wins_pot:
                self.winner = (holder,)
                return [D_DEALT_POT(name=self.names[holder])]
            lines.append(D_DEALT)
            losses = {s: 1 for s in values if s != holder}
        else:
            lowest = self._lowest(values)
            losses = {s: 1 for s in lowest}
            names = " & ".join(self.names[s] for s in lowest)
            lines.append((D_POT_TIED if len(lowest) > 1 else D_POT)(names=names) if lowest else D_NOBODY)
        lines += self._lose(losses, scores, into_pot=True)
        return lines

    def _lose(self, losses: dict[int, int], scores: list[Score], into_pot: bool) -> list[Msg]:
        """Take tokens (lives); a player with none is out (mort), unless he may swim once; the last one in wins."""
        lines: list[Msg] = []
        for seat, n in losses.items():
            if self.banker and self.rules.swim and self.swimming[seat]:
                self.out[seat] = True
                lines.append(D_MORT(name=self.names[seat]))
                continue
            taken = min(n, self.tokens[seat])
            self.tokens[seat] -= taken
            if into_pot:
                self.pot += taken
            scores.append(Score(seat, -taken, Msg("lost", "perdu")))
            if self.tokens[seat] <= 0:
                if self.banker and self.rules.swim:
                    self.swimming[seat] = True
                    lines.append(D_SWIM(name=self.names[seat]))
                else:
                    self.out[seat] = True
                    lines.append((D_MORT if self.banker else D_OUT)(name=self.names[seat]))
        alive = self.in_play
        if len(alive) == 1:
            self.winner = (alive[0],)
        elif not alive:  # everyone went out together: those who held out longest share
            self.winner = tuple(losses)
        return lines

    # ------------------------------------------------------------ a token to a mort
    def _verify_give_token(self, op: GiveToken) -> None:
        if not self.banker:
            raise IllegalMoveError(GIVE_KNOCK)
        if self.winner is not None:
            raise IllegalMoveError(MATCH_OVER)
        seats = range(self.players)
        if not (op.giver in seats and op.receiver in seats) or self.out[op.giver] or self.tokens[op.giver] < 1 \
                or not self.out[op.receiver]:
            raise IllegalMoveError(GIVE)

    def _apply_give_token(self, op: GiveToken) -> Event:
        self.tokens[op.giver] -= 1
        self.tokens[op.receiver] += 1
        self.out[op.receiver] = False
        self.swimming[op.receiver] = False
        scores = (Score(op.giver, -1, Msg("given", "donné")), Score(op.receiver, 1, Msg("received", "reçu")))
        lines = [D_GIVE(giver=self.names[op.giver], receiver=self.names[op.receiver])]
        if self.tokens[op.giver] == 0:
            self.out[op.giver] = True
            lines.append(D_MORT(name=self.names[op.giver]))
        return Event(op, M("{a}", "{a}")(a=Joined(tuple(lines), "\n")), scores)

    # ============================================================ a deal played turn by turn
    # ------------------------------------------------------------ who chooses (virtual play)
    def awaiting(self) -> tuple[int, ...]:
        """The seat whose turn it is (the dealer first, for his blind swap), unless the deal's own step comes
        first: a 31 held is laid down, new face-up cards are turned, the showdown."""
        play = self.play
        if (self.winner is not None or play is None or play.ended or play.void or self.claim_due() is not None
                or self.refresh_due() is not None):
            return ()
        return (self.dealer if self._exchanges and not play.blind_done else play.turn,)

    def chooser(self, op: Operation) -> int | None:
        if isinstance(op, BlindSwap):
            return self.dealer
        return super().chooser(op)

    def claim_due(self) -> Claim31 | None:
        """Virtual play: a 31 held is laid down at once (after the deal, or at the end of the turn that made it)."""
        play = self.play
        if play is None or play.hands is None or play.ended or play.has_drawn:
            return None
        values = self.rules.values()
        for seat in play.order:
            if hand_value(sorted(play.hands[seat]), values).value >= 31:
                return Claim31(seat)
        return None

    def refresh_due(self) -> Refresh | None:
        """Virtual play: new face-up cards after a circuit where everyone passed (when the rules turn them)."""
        play = self.play
        if play is None or not self._exchanges or not play.blind_done or play.passes < len(play.order):
            return None
        refresh = Refresh(tuple((play.stock_cards or [])[:3]) if play.stock >= 3 else ())
        return refresh if self.can(refresh) else None

    # ------------------------------------------------------------ helpers
    @property
    def _exchanges(self) -> bool:
        """Three face-up cards to exchange with: the banker game, or the knock game's widow variant."""
        return self.banker or self.rules.mode == "widow"

    def _order_from_dealer(self) -> list[int]:
        step = -1 if self.to_the_right else 1
        seats = [(self.dealer + step * (i + 1)) % self.players for i in range(self.players)]
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

    # ------------------------------------------------------------ start
    def _verify_start(self, op: Start) -> None:
        self._verify_new_deal()
        if self.setup.mode == "virtual":
            raise IllegalMoveError(VIRTUAL_ONLY)
        n = 3 if self._exchanges else 1
        if len(op.cards) != n or len(set(op.cards)) != n:
            raise IllegalMoveError(START_CARDS(n=cards_of(n), turned=turned_up(n)))
        if self.banker and self.rules.deck == 32:
            for card in op.cards:
                if card not in PIQUET:
                    raise IllegalMoveError(OUTSIDE(card=card))

    def _apply_start(self, op: Start) -> Event:
        self._pass_void()
        play = self._begin(list(op.cards))
        text = D_START(cards=CardList(op.cards), turned=turned_up(len(op.cards)))
        if self.banker and hand_value(op.cards, self.rules.values()).value >= 31:
            # French text 002: the dealer's three turned cards making 31 are his, and he wins as one dealt 31.
            play.taken[self.dealer] = list(op.cards)
            play.public = []  # his own three would go face up: the table did not enter them
            play.ended = play.dealt_31 = True
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(self.dealer)))
        return Event(op, text)

    def _verify_new_deal(self) -> None:
        if self.winner is not None:
            raise IllegalMoveError(MATCH_OVER)
        if self.play is not None and not self.play.ended:
            raise IllegalMoveError(ALREADY_PLAYING)

    def _pass_void(self) -> None:
        if self.play is not None and self.play.void:  # a void deal passes the deal on like any other
            self.dealer = self._next_dealer(self.dealer)
            self.play = None

    def _begin(self, public: list[Card]) -> DealPlay:
        order = self._order_from_dealer()
        self.play = play = DealPlay(public, order[0], order, blind_done=not self._exchanges)
        play.stock = len(self.deck()) - 3 * len(order) - len(public)
        if self._exchanges:
            play.turn = self.dealer
        return play

    # ------------------------------------------------------------ a virtual deal
    def _verify_deal_pack(self, op: DealPack) -> None:
        self._verify_new_deal()
        if self.setup.mode != "virtual":
            raise IllegalMoveError(TABLE_ONLY)
        if sorted(op.pack) != sorted(self.deck()) or len(set(op.pack)) != len(op.pack):
            raise IllegalMoveError(WHOLE_PACK)

    def _apply_deal_pack(self, op: DealPack) -> Event:
        pack = list(op.pack)
        self._pass_void()
        order = self._order_from_dealer()
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for _ in range(3):
            for seat in order:
                hands[seat].append(pack.pop(0))
        public = [pack.pop(0) for _ in range(3 if self._exchanges else 1)]
        play = self._begin(public)
        play.hands, play.stock_cards, play.stock = hands, pack, len(pack)
        play.key = op.key
        text = M("{a} · {b}", "{a} · {b}")(a=D_DEAL(name=self._name(self.dealer)),
                                           b=D_START(cards=CardList(public), turned=turned_up(len(public))))
        if self.banker:
            holder = self._dealt_31(play)
            if holder is not None:
                play.ended = play.dealt_31 = True
                text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(holder)))
        return Event(op, text)

    def _dealt_31(self, play: DealPlay) -> int | None:
        """Banker game: a player dealt 31; the dealer's turned cards making 31 are his (he takes them)."""
        values = self.rules.values()
        if hand_value(play.public, values).value >= 31:
            dealer = self.dealer
            play.hands[dealer], play.public = list(play.public), play.hands[dealer]  # type: ignore[index]
            return dealer
        return next((s for s in play.order if hand_value(play.hands[s], values).value >= 31), None)  # type: ignore[index]

    def _held(self, play: DealPlay, seat: int, cards) -> None:
        if play.hands is None:
            return
        for card in cards:
            if card not in play.hands[seat]:
                raise IllegalMoveError(NOT_HELD(card=card, name=Of(self._name(seat))))

    def hand_of(self, seat: int) -> list[Card] | None:
        """Virtual: the cards ``seat`` holds in the deal being played."""
        play = self.play
        return list(play.hands[seat]) if play is not None and play.hands is not None else None

    # ------------------------------------------------------------ draw and knock
    def _verify_draw(self, op: Draw) -> None:
        play = self._playing(op.seat)
        if self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_DRAW_STOCK(name=self._name(op.seat))))
        if play.has_drawn:
            raise IllegalMoveError(DRAWN(name=self._name(op.seat)))
        if op.card is not None:
            if not play.public:
                raise IllegalMoveError(EMPTY_PILE)
            if op.card != play.public[-1]:
                raise IllegalMoveError(NOT_TOP(card=op.card, top=play.public[-1]))

    def _apply_draw(self, op: Draw) -> Event:
        play = self._dealt
        play.has_drawn = True
        if op.card is None:
            text = D_DRAW_STOCK(name=self._name(op.seat))
            if play.stock <= 0:
                if self.rules.stock_exhausted == "void_deal":
                    play.ended = play.void = True
                    return Event(op, D_VOID)
                play.stock = len(play.public) - 1  # the discards but the top make a new stock
                if play.stock_cards is not None:
                    import random

                    play.stock_cards = play.public[:-1]
                    key = f"{self.setup.seed}:{self.showdowns}" if play.key is None else play.key
                    random.Random(f"{key}:{play.turns}").shuffle(play.stock_cards)
                play.public = play.public[-1:]
                text = M("{a}{b}", "{a}{b}")(a=D_RESHUFFLE, b=text)
            play.stock -= 1
            if play.stock_cards is not None and play.hands is not None:
                play.hands[op.seat].append(play.stock_cards.pop(0))
            return Event(op, text)
        play.public.pop()
        if play.hands is not None:
            play.hands[op.seat].append(op.card)
        play.drawn = op.card
        play.taken.setdefault(op.seat, []).append(op.card)
        return Event(op, D_DRAW_PILE(name=self._name(op.seat), card=op.card))

    def _verify_discard(self, op: Discard) -> None:
        play = self._playing(op.seat)
        if not play.has_drawn:
            raise IllegalMoveError(DRAW_FIRST)
        if op.card == play.drawn:
            raise IllegalMoveError(NO_REDISCARD(card=op.card))
        if op.card in play.public:
            raise InconsistencyError(PUBLIC(card=op.card))
        self._held(play, op.seat, [op.card])

    def _apply_discard(self, op: Discard) -> Event:
        play = self._dealt
        play.public.append(op.card)
        if play.hands is not None:
            play.hands[op.seat].remove(op.card)
        kept = play.taken.get(op.seat, [])
        if op.card in kept:
            kept.remove(op.card)
        self._next_turn(play)
        return Event(op, D_DISCARD(name=self._name(op.seat), card=op.card))

    def _verify_knock(self, op: Knock) -> None:
        play = self._playing(op.seat)
        if self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_KNOCK(name=self._name(op.seat))))
        if play.has_drawn:
            raise IllegalMoveError(KNOCK_AFTER_DRAW)
        if play.knocker is not None:
            raise IllegalMoveError(ALREADY_KNOCKED(name=self._name(play.knocker)))
        if not self.rules.allow_first_turn_knock and play.turns < len(play.order):
            raise IllegalMoveError(FIRST_TURN)

    def _apply_knock(self, op: Knock) -> Event:
        play = self._dealt
        play.knocker = op.seat
        play.last_turns = [s for s in play.order if s != op.seat]
        self._next_turn(play)
        return Event(op, D_KNOCK(name=self._name(op.seat)))

    def _verify_claim_31(self, op: Claim31) -> None:
        if self.between_deals:  # a 31 shown right after the deal, before anything else of it was entered
            self._verify_new_deal()
            if self.setup.mode == "virtual":
                raise IllegalMoveError(NOT_PLAYING)
            if type(op.seat) is not int or op.seat not in self.in_play:
                raise IllegalMoveError(NOT_A_PLAYER(seat=str(op.seat)[:6]))
            return
        play = self._playing()
        if type(op.seat) is not int or op.seat not in play.order:
            raise IllegalMoveError(NOT_A_PLAYER(seat=str(op.seat)[:6]))
        if play.has_drawn and op.seat == play.turn:
            raise IllegalMoveError(DISCARD_FIRST)  # a 31 is shown at the end of one's turn, after the discard
        if play.hands is not None:
            if hand_value(play.hands[op.seat], self.rules.values()).value < 31:
                raise IllegalMoveError(NOT_31(name=self._name(op.seat)))

    def _apply_claim_31(self, op: Claim31) -> Event:
        if self.between_deals:
            # SPEC §2.d: a 31 may be shown right after the deal, and it ends the deal: the face-up cards were not
            # entered. With a banker a 31 held from the deal is a 31 served (French text 002, SPEC §3.d).
            self._pass_void()
            play = self._begin([])
            play.ended, play.dealt_31 = True, self.banker
        self._dealt.ended = True
        self._dealt.claimer = op.seat
        return Event(op, D_31(name=self._name(op.seat)))

    def last_to_play(self) -> int | None:
        """The player who has just finished a turn (who may show 31 now), or None before the first turn."""
        play = self.play
        if play is None or play.turns == 0:
            return None
        index = play.order.index(play.turn) if play.turn in play.order else 0
        return play.order[index - 1]

    # ------------------------------------------------------------ with a banker
    def _verify_blind_swap(self, op: BlindSwap) -> None:
        play = self._playing()
        if not self._exchanges or play.blind_done:
            raise IllegalMoveError(NOT_DURING(why=BLIND_FIRST))
        if op.take and (len(op.cards) != 3 or len(set(op.cards)) != 3):
            raise IllegalMoveError(BLIND_CARDS)
        if not op.take and op.cards:
            raise IllegalMoveError(KEEP_CARDS)
        for card in op.cards:
            if card in play.public:
                raise InconsistencyError(PUBLIC(card=card))
        if play.hands is not None and op.take and sorted(op.cards) != sorted(play.hands[self.dealer]):
            raise IllegalMoveError(NOT_HELD(card=CardList(op.cards), name=Of(self._name(self.dealer))))

    def _apply_blind_swap(self, op: BlindSwap) -> Event:
        play = self._dealt
        play.blind_done = True
        if op.take:
            play.taken[self.dealer] = list(play.public)
            if play.hands is not None:
                play.hands[self.dealer] = list(play.public)
            play.public = list(op.cards)  # his own hand goes face up in their place
            if not self.banker:
                play.widow_taken = True
                play.limit = len(play.order)  # widow: one circuit of single-card exchanges, then the showdown
        play.turn = play.order[0]
        text = D_BLIND if op.take else D_KEEP
        return Event(op, text(name=self._name(self.dealer)))

    def _verify_exchange(self, op: Exchange) -> None:
        play = self._playing(op.seat)
        if not self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_PASS(name=self._name(op.seat))))
        if not play.blind_done:
            raise IllegalMoveError(BLIND_FIRST)
        if len(op.give) != len(op.take) or len(op.give) not in (0, 1, 3):
            raise IllegalMoveError(SWAP_SIZE(n=max(len(op.give), len(op.take))))
        face_up = list(play.public)
        for card in op.take:
            if card not in face_up:
                raise IllegalMoveError(NOT_FACE_UP(card=card))
            face_up.remove(card)
        for card in op.give:
            if card in play.public:
                raise InconsistencyError(PUBLIC(card=card))
        self._held(play, op.seat, op.give)
        widow = not self.banker
        if widow and len(op.give) == 3 and (play.widow_taken or play.limit is not None):
            raise IllegalMoveError(WIDOW_WHOLE)
        if op.hold and len(op.give) == 1 and not widow:
            raise IllegalMoveError(HOLD_ONLY)
        if op.hold and play.knocker is not None:
            raise IllegalMoveError(HELD)

    def _apply_exchange(self, op: Exchange) -> Event:
        play = self._dealt
        for card in op.take:
            play.public.remove(card)
            play.taken.setdefault(op.seat, []).append(card)
            if play.hands is not None:
                play.hands[op.seat].append(card)
        for card in op.give:
            play.public.append(card)
            if play.hands is not None:
                play.hands[op.seat].remove(card)
            if card in play.taken.get(op.seat, []):
                play.taken[op.seat].remove(card)
        if op.give:
            text = D_SWAP(name=self._name(op.seat), give=CardList(op.give), take=CardList(op.take))
            play.passes = 0
        else:
            text = D_PASS(name=self._name(op.seat))
            play.passes = 0 if op.hold else play.passes + 1
        if op.give and not self.banker:
            play.widow_taken = True
        if op.hold and not self.banker:
            play.ended = True  # widow: « J'arrête » shows the hands at once
            return Event(op, M("{a}{b}", "{a}{b}")(a=text, b=D_STOP))
        if op.hold:
            play.knocker = op.seat
            play.last_turns = [s for s in play.order if s != op.seat]
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_HOLD)
        self._next_turn(play)
        return Event(op, text)

    def _verify_refresh(self, op: Refresh) -> None:
        play = self._playing()
        if self.banker and not self.rules.all_pass_refresh:
            raise IllegalMoveError(NO_REFRESH_RULE)
        if not self._exchanges or play.passes < len(play.order):
            raise IllegalMoveError(NO_REFRESH)
        if not op.cards and play.stock < 3:
            return  # the stock cannot supply three cards: showdown
        if len(op.cards) != 3 or len(set(op.cards)) != 3:
            raise IllegalMoveError(REFRESH_CARDS)
        if play.stock_cards is not None and list(op.cards) != play.stock_cards[:3]:
            raise IllegalMoveError(NOT_STOCK)

    def _apply_refresh(self, op: Refresh) -> Event:
        play = self._dealt
        if not op.cards:
            play.ended = True
            return Event(op, D_NO_REFRESH)
        play.public = list(op.cards)
        play.passes = 0
        play.stock -= 3
        if play.stock_cards is not None:
            del play.stock_cards[:3]
        return Event(op, D_REFRESH(cards=CardList(op.cards)))

    # ------------------------------------------------------------ the showdown after turn play
    def check_shown(self, hands) -> None:
        """The hands shown hold the public cards their players took, and no card still face up."""
        play = self.play
        if play is None:
            return
        if play.claimer is not None and hands[play.claimer]:
            value = hand_value(hands[play.claimer], self.rules.values())
            if value.value < 31:
                raise InconsistencyError(CLAIM_SHOWN(name=self._name(play.claimer), said=value.said()))
        for seat, hand in enumerate(hands):
            if play.hands is not None and sorted(hand) != sorted(play.hands[seat]):
                raise InconsistencyError(NOT_SHOWN(name=Of(self._name(seat)), cards=CardList(play.hands[seat])))
            for card in hand:
                if card in play.public:
                    raise InconsistencyError(PUBLIC(card=card))
            for card in play.taken.get(seat, []):
                if card not in hand:
                    raise InconsistencyError(SHOWN_MISSING(name=self._name(seat), card=card))


class KnockMatch(TrenteMatch):
    rules: KnockRules
    banker = False
    low, high = 2, 10
    title = Msg("Le Trente-et-un", "Le Trente-et-un")


class BankerMatch(TrenteMatch):
    rules: BankerRules
    banker = True
    low, high = 2, 16
    title = Msg("Trente-et-un with a banker", "Trente-et-un avec banquier")

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if self.rules.deck == 32 and self.players > 9:
            raise SetupError(BAD_PLAYERS(game=self.title, low=2, high=9))



def turned_up(n: int) -> Agreed:
    """« retournée » agreed with the cards turned up (one upcard, or the three face-up cards)."""
    return Agreed(n, ("turned up", "turned up"), ("retournée", "retournées"))


def showdown_of(hands: Sequence[Sequence[Card]], knocker: int | None = None, dealt_31: bool = False) -> Showdown:
    return Showdown(tuple(tuple(h) for h in hands), knocker, dealt_31)

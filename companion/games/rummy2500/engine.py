"""A 2500 match kept at the table, brasse by brasse (SPEC §4.d): at the end of each brasse the players enter
the frime and, for each player, the groups laid (lay-offs marked) and the cards left in hand; the engine checks
every group, scores laid minus hand, keeps the running table, and passes the deal to the left. The match ends
at the end of a brasse where someone has reached the target: the highest total wins, an exact tie for the
highest plays another brasse.

A brasse may also be played turn by turn (SPEC §4.d, with its house-rule toggles).

Two ways in: ``DealBrasse`` deals a shuffled pack whose every card is known (virtual play); ``OpenBrasse`` starts
a brasse dealt at a real table from what everyone sees, the turned cards and the first card of the pige. Cards
nobody has seen (a hand's hidden cards, the stock) are kept as ``None``: the engine still checks every draw,
pige series, trio and lay-off, and how many cards each hand holds, and a card shown is matched against the
unseen ones (never more copies than the packs hold).

The deal: for each player from the dealer's left, then the dealer, a card is turned; its rank sets that
player's hand size (A 14, K 13, Q 12, J 11, 10 … 3) and it stays in his hand; the dealer's card sets the frime.
Then the top card of the stock starts the pige (the discard pile, kept spread).

A turn: draw the top of the stock, or take from the pige — the chosen card and every card above it — on
condition that the chosen card is laid at once in a trio with a natural pair from the hand (no frime); an open
player may take just the top card freely. Then lay new trios (three naturals, two naturals and a frime, or three
frimes), and, once open, lay off: naturals on any trio of their rank, frimes on one's own trios, and on another
player's trio only if it is a trio of frimes. End with one discard; a player whose hand is empty goes out and the
brasse ends at once (mort subite). A player who must draw from an empty stock ends the brasse as it stands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.core.cards import Card, CardList, Rank, pack_2500, rank_text
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import Joined, Msg, Of
from companion.games import base
from companion.games.base import Event, Operation, Outcome, Score, Standing
from companion.games.rummy2500.ops import (
    CODEC,
    Brasse,
    DealBrasse,
    DrawStock,
    LayOff,
    Meld,
    OpenBrasse,
    TakePige,
    Throw,
)
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.rummy2500.scoring import NO_TWOS, BrasseScore, Group, score_brasse
from companion.games.rummy2500.words import cards_of, rank_plural, rank_said

M = Msg
PLAYERS = M("2500 is played by 2 to 10 players", "le 2500 se joue de 2 à 10 joueurs")
NO_TRIO_OF = M("{name}: {card} is laid off, but nobody laid a trio {rank}",
               "{name} : {card} est ajouté, mais personne n'a posé de trio {rank}")
TWO_OUT = M("{names}: only one player goes out under mort subite, the brasse ends the moment a hand is empty",
            "{names} : un seul joueur sort en mort subite, la brasse finit dès qu'une main est vide")
SEATS = M("a brasse gives every player's cards ({n} players)", "une brasse donne les cartes de chaque joueur ({n} joueurs)")
BAD_FRIME = M("the frime is a rank from 3 to ace", "la frime est un rang de 3 à l'as")
TOO_MANY = M("{card} appears {n} times: there are only {packs} packs", "{card} paraît {n} fois : il n'y a que {packs} jeux")
FRIME_TRIO = M("a trio of three frimes is not a rule of this match",
               "un trio de trois frimes n'est pas une règle de cette partie")
OVER = M("the match is over", "la partie est finie")
WHO = M("{name}: {why}", "{name} : {why}")
D_BRASSE = M("Brasse {n} (frime {frime}): {scores}", "Brasse {n} (frime {frime}) : {scores}")
D_PLAYER = M("{name} {total} (laid {laid}, hand {hand})", "{name} {total} (posé {laid}, main {hand})")
D_AGAIN = M("tied at the top: another brasse", "égalité en tête : une autre brasse")
WINS = M("{name} wins the match", "{name} gagne la partie")
WINS_TITLE = M("{name} wins the match!", "{name} gagne la partie !")
D_BRASSE_HEAD = M("Brasse {n} (frime {frime})", "Brasse {n} (frime {frime})")
D_SAID = M("{name}{out}: laid {laid} = {n_laid}; kept {kept} = −{n_kept}; brasse {total}",
           "{name}{out} : posé {laid} = {n_laid} ; gardé {kept} = −{n_kept} ; brasse {total}")
D_SAID_OUT = M("{name}{out}: laid {laid} = {n_laid}; brasse {total}",
               "{name}{out} : posé {laid} = {n_laid} ; brasse {total}")
D_WENT_OUT = M(" (went out)", " (a tout posé)")
NOTHING = M("nothing", "rien")

SIZE = {Rank.ACE: 14, Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11}

NOT_YOURS = M("it is {name} turn", "c'est au tour {name}")  # name: Of(...)
NO_BRASSE = M("no brasse is being played", "aucune brasse ne se joue")
DRAW_FIRST = M("draw first: the stock or the pige", "pigez d'abord : au paquet ou à la pige")
DRAWN = M("already drawn this turn", "déjà pigé ce tour-ci")
NOT_HELD = M("{card} is not in the hand", "{card} n'est pas dans la main")
PIGE_INDEX = M("no such card in the pige", "cette carte n'est pas dans la pige")
PIGE_PAIR = M("the card taken from the pige needs a natural pair of its rank from the hand",
              "la carte prise à la pige demande une paire naturelle de son rang dans la main")
PIGE_SERIES = M("an unopened player takes only the top of the pige", "un joueur non ouvert ne prend que le dessus de la pige")
TRIO = M("a trio is three naturals, two naturals and a frime, or three frimes",
         "un trio, c'est trois naturelles, deux naturelles et une frime, ou trois frimes")
NOT_OPEN = M("lay a trio first: lay-offs come once open", "posez d'abord un trio : les ajouts viennent une fois ouvert")
NO_GROUP = M("there is no such trio", "ce trio n'existe pas")
WRONG_RANK = M("{card} does not go on {name} trio {rank} ({cards})", "{card} ne va pas sur le trio {rank} {name} ({cards})")
NO_RANK_PIGE = M("the pige holds no {rank} for this pair", "la pige n'a pas de {rank} pour cette paire")
NO_TRIO_FOR = M("no trio on the table takes {card}", "aucun trio sur la table ne prend {card}")
FRIME_OTHER = M("a frime goes on another player's trio only if it is a trio of frimes",
                "une frime ne va sur le trio d'un autre joueur que si c'est un trio de frimes")
BRASSE_OVER = M("the brasse is over", "la brasse est finie")
PLAYING = M("a brasse is being played turn by turn: finish it, or undo its start",
            "une brasse se joue tour par tour : finissez-la, ou annulez son début")
TURNED = M("one turned card per player ({n}), without 2s", "une carte retournée par joueur ({n}), sans 2")
COPIES = M("{card} would be seen {n} times: there are only {packs} packs",
           "{card} serait vue {n} fois : il n'y a que {packs} jeux")
NO_FRIME_TRIO = M("a trio of three frimes is not a rule of this match",
                  "un trio de trois frimes n'est pas une règle de cette partie")
FRIME_OPEN = M("three frimes do not open (house rule): open with another trio first",
               "trois frimes n'ouvrent pas (règle maison) : ouvrez d'abord avec un autre trio")
TOO_WILD = M("no more frimes than natural cards on a trio (house rule)",
             "pas plus de frimes que de cartes naturelles sur un trio (règle maison)")
KEEP_ONE = M("keep a card: one goes out by a discard (house rule)",
             "gardez une carte : on sort en jetant (règle maison)")
LAID_DEALT = M("to go out, lay at least as many cards as were dealt to you ({n}) (house rule)",
               "pour sortir, posez au moins autant de cartes que vous en avez reçu ({n}) (règle maison)")
HAND_COUNT = M("{name} holds {n}, not {m}", "{name} a {n} en main, pas {m}")
HAND_KNOWN = M("{name} holds {card}, seen on the table", "{name} a {card} en main, vu sur la table")
NOT_PLAYED = M("this is not the brasse played turn by turn", "ce n'est pas la brasse jouée tour par tour")

D_DEAL = M("Brasse dealt: the frime is {rank}; hands {sizes}", "Brasse brassée : la frime est {rank} ; mains {sizes}")
D_STOCK = M("{name} draws from the stock", "{name} pige au paquet")
D_PIGE = M("{name} takes {cards} from the pige", "{name} prend {cards} à la pige")
D_MELD = M("{name} lays {cards}", "{name} pose {cards}")
D_LAYOFF = M("{name} lays {card} off", "{name} ajoute {card}")
D_THROW = M("{name} discards {card}", "{name} jette {card}")
D_OUT = M("{name} goes out: the brasse ends", "{name} sort : la brasse est finie")
D_OPEN = M("Brasse started at the table: the frime is {rank}; hands {sizes}",
           "Brasse commencée à la table : la frime est {rank} ; mains {sizes}")
D_RESHUFFLE = M("{name}: the pige is shuffled into a new stock", "{name} : la pige est remêlée en paquet")
D_LAST = M("the others play once more", "les autres jouent une dernière fois")
D_OUT_LAST = M("{name} goes out: {then}", "{name} sort : {then}")
D_EMPTY = M("The stock is empty: the brasse ends as it stands", "Le paquet est vide : la brasse finit telle quelle")


Slot = Card | None  # None: a card nobody has seen (table mode)


@dataclass
class BrassePlay:
    frime: Rank
    stock: list[Slot]
    pige: list[Card]
    hands: list[list[Slot]]
    sizes: list[int]
    laid: list[list[list[Card]]]  # per player: his trios (with the cards laid off on them by anyone)
    credit: list[list[Card]] = field(default_factory=list)  # per player: every card he laid (scored for him)
    opened: list[bool] = field(default_factory=list)
    turn: int = 0
    drawn: bool = False
    over: bool = False
    indicator: Card | None = None  # the dealer's turned card, when it stays on the table out of his hand
    last: int | None = None  # mort douce / until the dealer: the seat whose turn closes the brasse
    reshuffles: int = 0
    key: int | None = None  # virtual play: the deal's key for the reshuffles (``DealBrasse.key``)
    # per player: the cards the table saw go into his hand (his turned card, what he took from the pige), still there
    shown: list[list[Card]] = field(default_factory=list)

    @property
    def table_mode(self) -> bool:
        return any(c is None for c in self.stock) or any(c is None for h in self.hands for c in h)

    def seen(self) -> Counter:
        """Every card anyone can see: laid, in the pige, set aside, or known in a hand."""
        cards = [c for groups in self.laid for g in groups for c in g] + self.pige
        cards += [c for h in self.hands for c in h if c is not None] + [c for c in self.stock if c is not None]
        return Counter(cards + ([self.indicator] if self.indicator else []))


def hand_size(card: Card) -> int:
    return SIZE.get(card.rank, int(card.rank))


def is_trio(cards: list[Card], frime: Rank) -> bool:
    if len(cards) != 3:
        return False
    naturals = [c for c in cards if c.rank != frime]
    return not naturals or (len(naturals) >= 2 and len({c.rank for c in naturals}) == 1)


def trio_rank(group: list[Card], frime: Rank) -> Rank:
    naturals = [c.rank for c in group[:3] if c.rank != frime]
    return naturals[0] if naturals else frime


def _take(bp: BrassePlay, seat: int, card: Card) -> None:
    """Remove a card from a hand: the card itself if it is known there, else one unseen card."""
    hand = bp.hands[seat]
    hand.remove(card if card in hand else None)
    if card in bp.shown[seat]:
        bp.shown[seat].remove(card)


class Rummy2500Match(base.Match):
    codec = CODEC
    CHOICES = (DrawStock, TakePige, Meld, LayOff, Throw)
    CHANCE = (DealBrasse,)
    rules: Rummy2500Rules

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if not 2 <= self.players <= 10:  # SPEC §4.d: 3 packs hold 10 hands of 14 and the pige (141 ≤ 144)
            raise SetupError(PLAYERS)
        self.packs = 2 if self.players <= 4 else 3
        self.totals = [0] * self.players
        self.brasses: list[list[int]] = []
        self.dealer = setup.first_dealer % self.players
        self.winner: int | None = None
        self.bp: BrassePlay | None = None  # a brasse played turn by turn (virtual mode)

    def pack(self) -> list[Card]:
        return pack_2500(self.packs)

    def standings(self) -> list[Standing]:
        return [Standing(s, self.names[s], self.totals[s]) for s in range(self.players)]

    @property
    def to_act(self) -> int | None:
        if self.winner is not None:
            return None
        return self.bp.turn if self.bp is not None and self.playing() else self.dealer

    def awaiting(self) -> tuple[int, ...]:
        return (self.bp.turn,) if self.winner is None and self.bp is not None and self.playing() else ()

    @property
    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome((self.winner,), WINS(name=self.names[self.winner]))

    def end_title(self) -> Msg:
        return WINS_TITLE(name=self.names[self.winner]) if self.winner is not None else super().end_title()

    def result_lines(self) -> list[Msg]:
        return [M("{name}: {total}", "{name} : {total}")(name=self.names[s], total=self.totals[s])
                for s in range(self.players)]

    def rematch_setup(self) -> base.Setup:
        return base.Setup(self.setup.names, self.setup.rules, (self.dealer + 1) % self.players, self.setup.mode,
                          seats=self.setup.seats)

    def score(self, op: Brasse) -> list[BrasseScore]:
        frime = Rank(op.frime)
        out = []
        for seat in range(self.players):
            groups = [Group(g) for g in op.laid[seat]] + [Group(g, True) for g in op.layoffs[seat]]
            try:
                out.append(score_brasse(groups, op.hands[seat], frime, self.rules.scoring, self.rules.wilds_le_naturals,
                                        self.packs))
            except IllegalMoveError as error:
                raise IllegalMoveError(WHO(name=self.names[seat], why=error.msg)) from error
        return out

    def _verify_brasse(self, op: Brasse) -> None:
        if self.winner is not None:
            raise IllegalMoveError(OVER)
        if self.playing():
            raise IllegalMoveError(PLAYING)
        if not (type(op.frime) is int and (3 <= op.frime <= 13 or op.frime == 1)):
            raise IllegalMoveError(BAD_FRIME)
        if not len(op.laid) == len(op.layoffs) == len(op.hands) == self.players:
            raise IllegalMoveError(SEATS(n=self.players))
        counts = Counter(c for seat in range(self.players) for cards in (*op.laid[seat], *op.layoffs[seat],
                                                                         op.hands[seat]) for c in cards)
        for card, n in counts.items():
            if n > self.packs:
                raise InconsistencyError(TOO_MANY(card=card, n=n, packs=self.packs))
        if not self.rules.frime_trio_allowed:
            for seat in range(self.players):
                if any(g and all(c.rank == op.frime for c in g) for g in op.laid[seat]):
                    raise IllegalMoveError(WHO(name=self.names[seat], why=FRIME_TRIO))
        self.score(op)
        self._check_layoffs(op)
        out = [s for s in range(self.players) if not op.hands[s]]
        if len(out) > 1 and self.rules.end_mode == "mort_subite":
            raise IllegalMoveError(TWO_OUT(names=", ".join(self.names[s] for s in out)))
        self.check_entry(op)

    def _check_layoffs(self, op: Brasse) -> None:
        """Every natural laid off goes on a trio of its rank that somebody laid (frimes go on one's own trios)."""
        frime = Rank(op.frime)
        ranks = {trio_rank(list(g), frime) for groups in op.laid for g in groups if g}
        for seat in range(self.players):
            for group in op.layoffs[seat]:
                for card in group:
                    if card.rank != frime and card.rank not in ranks:
                        raise IllegalMoveError(NO_TRIO_OF(name=self.names[seat], card=card,
                                                          rank=rank_plural(card.rank)))

    def _apply_brasse(self, op: Brasse) -> Event:
        self.bp = None  # a brasse played turn by turn is scored by its entry
        scores = self.score(op)
        totals = [s.total for s in scores]
        self.brasses.append(totals)
        for seat, points in enumerate(totals):
            self.totals[seat] += points
        lines = [D_PLAYER(name=self.names[s], total=scores[s].total, laid=scores[s].laid, hand=scores[s].hand)
                 for s in range(self.players)]
        top = max(self.totals)
        leaders = [s for s in range(self.players) if self.totals[s] == top]
        if top >= self.rules.target and len(leaders) == 1:
            self.winner = leaders[0]
        else:
            if top >= self.rules.target:
                lines.append(D_AGAIN)
            self.dealer = (self.dealer + 1) % self.players
        frime = rank_said(Rank(op.frime))
        text = D_BRASSE(n=len(self.brasses), frime=frime, scores=Joined(tuple(lines), " · "))
        report = (D_BRASSE_HEAD(n=len(self.brasses), frime=frime),
                  *(self._said(s, op, scores[s]) for s in range(self.players)), *lines[self.players:])
        return Event(op, text, tuple(Score(s, totals[s], Msg("brasse", "brasse")) for s in range(self.players)),
                     report=report)

    def _said(self, seat: int, op: Brasse, score: BrasseScore) -> Msg:
        """One player's brasse as the table counts it: what he laid, what he kept, the difference."""
        laid = Joined(tuple(CardList(g.cards) for g, _ in score.groups), ", ") if score.groups else NOTHING
        kept = CardList(op.hands[seat]) if op.hands[seat] else NOTHING
        if not op.hands[seat]:
            return D_SAID_OUT(name=self.names[seat], out=D_WENT_OUT, laid=laid, n_laid=score.laid, total=score.total)
        out = D_WENT_OUT if not op.hands[seat] else M("", "")
        return D_SAID(name=self.names[seat], out=out, laid=laid, n_laid=score.laid, kept=kept, n_kept=score.hand,
                      total=score.total)

    # ============================================================ a brasse played turn by turn
    def _bp(self, seat: int | None = None) -> BrassePlay:
        bp = self.bp
        if bp is None:
            raise IllegalMoveError(NO_BRASSE)
        if bp.over:
            raise IllegalMoveError(BRASSE_OVER)
        if seat is not None and seat != bp.turn:
            raise IllegalMoveError(NOT_YOURS(name=Of(self.names[bp.turn])))
        return bp

    @property
    def live(self) -> BrassePlay:
        """The brasse played turn by turn (an operation is applied only once its check found one)."""
        if self.bp is None:
            raise IllegalMoveError(NO_BRASSE)
        return self.bp

    def playing(self) -> bool:
        """A brasse is under way turn by turn."""
        return self.bp is not None and not self.bp.over

    # ------------------------------------------------------------ the deal
    def _check_new_brasse(self) -> None:
        if self.winner is not None or self.playing():
            raise IllegalMoveError(BRASSE_OVER if self.winner is not None else PLAYING)

    def _verify_deal_brasse(self, op: DealBrasse) -> None:
        self._check_new_brasse()
        if Counter(op.deck) != Counter(self.pack()):
            raise IllegalMoveError(NO_BRASSE)

    def _start(self, turned: list[Card], hidden: Iterable[Slot]) -> BrassePlay:
        """Hands from the turned cards (seat order), the rest dealt from ``hidden`` (the dealer's left first)."""
        players, dealer = self.players, self.dealer
        order = [(dealer + 1 + i) % players for i in range(players)]  # the dealer last
        source = iter(hidden)
        sizes = [hand_size(c) for c in turned]
        hands: list[list[Slot]] = [[c] for c in turned]
        indicator = None
        if not self.rules.dealer_indicator_in_hand:
            indicator = hands[dealer].pop()
        shown = [[c for c in h if c is not None] for h in hands]  # the turned cards are face up: everyone knows whose
        for seat in order:
            while len(hands[seat]) < sizes[seat]:
                hands[seat].append(next(source))
        return BrassePlay(turned[dealer].rank, [], [], hands, sizes, [[] for _ in range(players)],
                          [[] for _ in range(players)], [False] * players, order[0], indicator=indicator,
                          shown=shown)

    def _deal_text(self, op: Operation, text: Msg) -> Event:
        bp = self.live
        rank = Msg(rank_text(bp.frime, "en"), rank_text(bp.frime, "fr"))
        return Event(op, text(rank=rank, sizes="–".join(map(str, bp.sizes))))

    def _apply_deal_brasse(self, op: DealBrasse) -> Event:
        players, dealer = self.players, self.dealer
        order = [(dealer + 1 + i) % players for i in range(players)]
        deck = list(op.deck)
        turned: dict[int, Card] = {seat: deck.pop(0) for seat in order}
        rest = iter(deck)
        self.bp = bp = self._start([turned[s] for s in range(players)], rest)
        bp.pige = [next(rest)]
        bp.stock = list(rest)
        bp.key = op.key
        return self._deal_text(op, D_DEAL)

    def _verify_open_brasse(self, op: OpenBrasse) -> None:
        self._check_new_brasse()
        players = self.players
        if len(op.turned) != players or any(c.rank == Rank.TWO for c in (*op.turned, op.pige)):
            raise IllegalMoveError(TURNED(n=players))
        packs = self.packs
        for card, n in Counter((*op.turned, op.pige)).items():
            if n > packs:
                raise InconsistencyError(COPIES(card=card, n=n, packs=packs))

    def _apply_open_brasse(self, op: OpenBrasse) -> Event:
        self.bp = bp = self._start(list(op.turned), iter(lambda: None, 0))
        bp.pige = [op.pige]
        dealt = sum(map(len, bp.hands)) + 1 + (1 if bp.indicator else 0)
        bp.stock = [None] * (len(self.pack()) - dealt)
        return self._deal_text(op, D_OPEN)

    # ------------------------------------------------------------ drawing
    def _verify_draw_stock(self, op: DrawStock) -> None:
        bp = self._bp(op.seat)
        if bp.drawn:
            raise IllegalMoveError(DRAWN)

    def _apply_draw_stock(self, op: DrawStock) -> Event:
        bp = self.live
        notes: list[Msg] = []
        if not bp.stock and self.rules.stock_exhausted == "reshuffle_pige" and len(bp.pige) > 1:
            bp.stock, bp.pige = self._reshuffled(bp.pige[:-1]), bp.pige[-1:]
            bp.reshuffles += 1
            notes.append(D_RESHUFFLE(name=self.names[op.seat]))
        if not bp.stock:
            bp.over = True
            return Event(op, D_EMPTY)
        bp.hands[op.seat].append(bp.stock.pop(0))
        bp.drawn = True
        return Event(op, self._joined([*notes, D_STOCK(name=self.names[op.seat])]))

    def _reshuffled(self, cards: list[Card]) -> list[Slot]:
        bp = self.live
        if bp.table_mode:
            return [None] * len(cards)  # shuffled at the table: their order is unseen
        # Virtual play: a shuffle drawn from the brasse's own key, so a replay of its entries finds the same stock
        # (a brasse saved before the key: from the match's seed).
        rng = random.Random(f"{self.setup.seed}:{len(self.brasses)}:{bp.reshuffles}" if bp.key is None
                            else f"{bp.key}:{bp.reshuffles}")
        out: list[Slot] = list(cards)
        rng.shuffle(out)
        return out

    def _verify_take_pige(self, op: TakePige) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if bp.drawn:
            raise IllegalMoveError(DRAWN)
        if type(op.index) is not int or not 0 <= op.index < len(bp.pige):
            raise IllegalMoveError(PIGE_INDEX)
        top = op.index == len(bp.pige) - 1
        if not bp.opened[op.seat] and not top and not rules.unopened_may_take_series:
            raise IllegalMoveError(PIGE_SERIES)
        if top and bp.opened[op.seat] and not op.pair and rules.open_player_free_top_discard:
            return  # an open player takes the top card freely
        chosen = bp.pige[op.index]
        if len(op.pair) != 2 or any(c.rank != chosen.rank or c.rank == bp.frime for c in op.pair):
            raise IllegalMoveError(PIGE_PAIR)
        self._holds(bp, op.seat, op.pair)
        left = len(bp.hands[op.seat]) - 2 + len(bp.pige) - op.index - 1
        self._may_leave(bp, op.seat, left, 3)

    def _apply_take_pige(self, op: TakePige) -> Event:
        bp = self.live
        taken = bp.pige[op.index:]
        del bp.pige[op.index:]
        bp.drawn = True
        if op.pair:
            chosen = taken[0]
            for card in op.pair:
                _take(bp, op.seat, card)
            trio = [chosen, *op.pair]
            bp.laid[op.seat].append(trio)
            bp.credit[op.seat] += trio
            bp.opened[op.seat] = True
            taken = taken[1:]
        bp.hands[op.seat] += taken
        bp.shown[op.seat] += taken
        text = D_PIGE(name=self.names[op.seat], cards=cards_of(len(taken) + (1 if op.pair else 0)))
        return self._after_laying(op, op.seat, text)

    # ------------------------------------------------------------ laying down
    def _holds(self, bp: BrassePlay, seat: int, cards: Iterable[Card]) -> None:
        """Every card is in the hand: known there, or one of its unseen cards (no more copies than the packs)."""
        hand = list(bp.hands[seat])
        seen: Counter | None = None  # counted only for a card not known in the hand (table mode)
        packs = self.packs
        for card in cards:
            if card.rank == Rank.TWO:  # else a 2 laid or thrown turn by turn left a brasse that cannot be counted
                raise IllegalMoveError(NO_TWOS(card=card))
            if card in hand:
                hand.remove(card)
            elif None in hand:
                seen = bp.seen() if seen is None else seen
                seen[card] += 1
                if seen[card] > packs:
                    raise InconsistencyError(COPIES(card=card, n=seen[card], packs=packs))
                hand.remove(None)
            else:
                raise IllegalMoveError(NOT_HELD(card=card))

    def _may_leave(self, bp: BrassePlay, seat: int, left: int, laying: int) -> None:
        """House rules on going out, checked before a play leaves ``left`` cards in the hand."""
        rules = self.rules
        if left == 0 and laying and rules.must_discard_to_go_out:
            raise IllegalMoveError(KEEP_ONE)
        if rules.require_laid_ge_dealt_to_go_out and left <= (1 if laying else 0):
            if len(bp.credit[seat]) + laying < bp.sizes[seat]:
                raise IllegalMoveError(LAID_DEALT(n=bp.sizes[seat]))

    def _verify_meld(self, op: Meld) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, op.cards)
        if not is_trio(list(op.cards), bp.frime):
            raise IllegalMoveError(TRIO)
        if all(c.rank == bp.frime for c in op.cards):
            if not rules.frime_trio_allowed:
                raise IllegalMoveError(NO_FRIME_TRIO)
            if not bp.opened[op.seat] and not rules.frime_trio_can_open:
                raise IllegalMoveError(FRIME_OPEN)
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 3, 3)

    def _apply_meld(self, op: Meld) -> Event:
        bp = self.live
        for card in op.cards:
            _take(bp, op.seat, card)
        bp.laid[op.seat].append(list(op.cards))
        bp.credit[op.seat] += list(op.cards)
        bp.opened[op.seat] = True
        text = D_MELD(name=self.names[op.seat], cards=CardList(op.cards))
        return self._after_laying(op, op.seat, text)

    def _verify_lay_off(self, op: LayOff) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        if not bp.opened[op.seat]:
            raise IllegalMoveError(NOT_OPEN)
        self._holds(bp, op.seat, (op.card,))
        if not (type(op.owner) is int and 0 <= op.owner < len(bp.laid)) or not (
                type(op.group) is int and 0 <= op.group < len(bp.laid[op.owner])):
            raise IllegalMoveError(NO_GROUP)
        group = bp.laid[op.owner][op.group]
        rank = trio_rank(group, bp.frime)
        if op.card.rank == bp.frime:
            frime_trio_laid = any(trio_rank(g, bp.frime) == bp.frime for gs in bp.laid for g in gs)
            anywhere = rules.frime_layoff_anywhere_after_frime_trio and frime_trio_laid
            if op.owner != op.seat and rank != bp.frime and not anywhere:
                raise IllegalMoveError(FRIME_OTHER)
            frimes = sum(c.rank == bp.frime for c in group) + 1
            if rules.wilds_le_naturals and rank != bp.frime and frimes > len(group) + 1 - frimes:
                raise IllegalMoveError(TOO_WILD)
        elif op.card.rank != rank:
            raise IllegalMoveError(WRONG_RANK(card=op.card, rank=rank_plural(rank), cards=CardList(group),
                                              name=Of(self.names[op.owner])))
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 1, 1)

    def _apply_lay_off(self, op: LayOff) -> Event:
        bp = self.live
        _take(bp, op.seat, op.card)
        bp.laid[op.owner][op.group].append(op.card)
        bp.credit[op.seat].append(op.card)
        return self._after_laying(op, op.seat, D_LAYOFF(name=self.names[op.seat], card=op.card))

    def _verify_throw(self, op: Throw) -> None:
        bp = self._bp(op.seat)
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, (op.card,))
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 1, 0)

    def _apply_throw(self, op: Throw) -> Event:
        bp = self.live
        _take(bp, op.seat, op.card)
        bp.pige.append(op.card)
        text = D_THROW(name=self.names[op.seat], card=op.card)
        if bp.hands[op.seat]:
            self._end_turn(op.seat)
            return Event(op, text)
        return self._after_laying(op, op.seat, text)

    # ------------------------------------------------------------ the end of a turn and of the brasse
    def _after_laying(self, op: Operation, seat: int, text: Msg) -> Event:
        """A hand just emptied goes out: the brasse ends at once (mort subite) or after the others' last turns."""
        bp = self.live
        if bp.hands[seat]:
            return Event(op, text)
        notes = [text, D_OUT(name=self.names[seat])]
        mode, dealer = self.rules.end_mode, self.dealer
        if mode == "mort_subite" or (mode == "until_dealer" and seat == dealer):
            bp.over = True
        elif bp.last is None:
            bp.last = (seat - 1) % len(bp.hands) if mode == "mort_douce" else dealer
            notes[-1] = D_OUT_LAST(name=self.names[seat], then=D_LAST)
        if not bp.over:
            self._end_turn(seat)
        return Event(op, self._joined(notes))

    def _end_turn(self, seat: int) -> None:
        bp = self.live
        if bp.last == seat:
            bp.over = True
            return
        players = len(bp.hands)
        nxt = (seat + 1) % players
        while not bp.hands[nxt] and nxt != seat:  # those who went out play no more
            if bp.last == nxt:
                bp.over = True
                return
            nxt = (nxt + 1) % players
        bp.turn, bp.drawn = nxt, False

    @staticmethod
    def _joined(parts: list[Msg]) -> Msg:
        return M("{a}", "{a}")(a=Joined(tuple(parts), " — "))

    # ------------------------------------------------------------ the entry that scores it
    def brasse_entry(self, hands: list[list[Card]] | None = None):
        """The end-of-brasse entry of a brasse played out: the frime, each player's trios as laid, the cards he
        laid off (credited to him), and his hand; in table mode the hands are entered, and checked against the
        number of cards each holds and the cards seen going into it."""
        bp = self.live
        laid, layoffs = [], []
        for seat in range(len(bp.hands)):
            own = [tuple(g[:3]) for g in bp.laid[seat]]
            extra = list((Counter(bp.credit[seat]) - Counter(c for g in own for c in g)).elements())
            laid.append(tuple(own))
            layoffs.append(tuple((c,) for c in extra))
        # Played out by the app, every card of a hand is known (at a real table the hands are entered).
        final = [list(h) for h in hands] if hands is not None else [[c for c in h if c is not None] for h in bp.hands]
        return Brasse(int(bp.frime), tuple(laid), tuple(layoffs), tuple(tuple(h) for h in final))

    def check_entry(self, op) -> None:
        """A brasse entered after one played turn by turn must be that brasse, with hands that fit."""
        bp = self.bp
        if bp is None or not bp.over:
            return
        played = self.brasse_entry(op.hands)
        if (op.frime, op.laid, op.layoffs) != (played.frime, played.laid, played.layoffs):
            raise IllegalMoveError(NOT_PLAYED)
        for seat, hand in enumerate(bp.hands):
            name = self.names[seat]
            if len(op.hands[seat]) != len(hand):
                raise IllegalMoveError(HAND_COUNT(name=name, n=cards_of(len(hand)), m=len(op.hands[seat])))
            missing = Counter(c for c in hand if c is not None) - Counter(op.hands[seat])
            if missing:
                raise IllegalMoveError(HAND_KNOWN(name=name, card=next(iter(missing))))

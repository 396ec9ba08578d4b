"""Le 31 as a state machine (SPEC §1.d): deals, captures, builds, raises, récoltes, rounds and the match.

The table is public, so the engine tracks it exactly in both modes. In *table* mode the hands are unknown:
what a player claims by building (« pour 8 »: he holds an 8) is checked when his hand of the deal is
revealed by the cards he plays, and flagged if it was a bluff. In *virtual* mode the engine deals from the
round's shuffled pack and checks every claim at once.

Sides: with 2 players each is a side; with 4, partners sit opposite (seats 0 and 2, 1 and 3).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import Joined, Msg, Plural
from companion.games import base
from companion.games.base import Event, Outcome, Score, Standing
from companion.games.le31.deck import DEAL_SIZE, DEFAULT_DECK, Le31Card, Le31Deck
from companion.games.le31.ops import CODEC, Build, Capture, CountOut, Deal, QuickRound, Raise, Trail
from companion.games.le31.plays import partition, readings, splits
from companion.games.le31.rules import Le31Rules
from companion.games.le31.scoring import KINDS, SideTally, check_counts, tally, tally_counts
from companion.games.le31.words import CARDS_WORD, RED_WORD

M = Msg
NOT_NOW = M("not now: {what}", "pas maintenant : {what}")
NEED_DEAL = M("the cards must be dealt first", "il faut d'abord donner les cartes")
NO_DEAL_NOW = M("the players still hold cards: no new deal yet", "les joueurs ont encore des cartes : pas de nouvelle donne")
MATCH_OVER = M("the match is over", "le match est fini")
TABLE_FOUR = M("the first deal of a round puts 4 cards on the table, not {n}",
               "la première donne d'une manche met 4 cartes sur la table, pas {n}")
NO_TABLE_NOW = M("only the first deal of a round puts cards on the table",
                 "seule la première donne d'une manche met des cartes sur la table")
DECK_NEEDED = M("a virtual round starts from a shuffled pack of the whole deck",
                "une manche virtuelle commence par un paquet mélangé de tout le jeu")
TABLE_ONLY = M("in a virtual game the app deals", "dans une partie virtuelle, l'app donne")
TURN = M("it is {name} turn", "c'est au tour {name}")
NOT_IN_DECK = M("{card} is not a card of this deck", "{card} n'est pas une carte de ce jeu")
SEEN = M("{card} is already {where}", "{card} est déjà {where}")
WHERE_TABLE = M("on the table", "sur la table")
WHERE_TAKEN = M("taken", "ramassée")
WHERE_PLAYED = M("played", "jouée")
NOT_IN_HAND = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")
NOT_ON_TABLE = M("{card} is not loose on the table", "{card} n'est pas libre sur la table")
TWICE = M("{card} is named twice", "{card} est nommée deux fois")
TRAIL_ONLY = M("after a récolte the next player may only lay a card down",
               "après une récolte, le joueur suivant ne peut que poser une carte")
# The player is named twice rather than given a pronoun: the app does not know who is « il » or « elle ».
MUST_CAPTURE = M("{name} built {value}: {name} must take it this turn",
                 "{name} a construit {value} : {name} doit la ramasser ce tour-ci")
OWNER_NO_TRAIL = M("you own the build of {value}: you cannot lay a card down",
                   "vous avez la combinaison de {value} : vous ne pouvez pas poser")
KEEP_VALUE = M("you own the build of {value}: keep a card of {value} to take it",
               "vous avez la combinaison de {value} : gardez une carte de {value} pour la ramasser")
PICTURE_ONE = M("an illustrated card takes exactly one card of the same illustration",
                "une carte illustrée prend exactement une carte de la même illustration")
PICTURE_NO_BUILD = M("an illustrated card never enters a build", "une carte illustrée n'entre jamais dans une combinaison")
NOTHING_TAKEN = M("a capture takes at least one card or build", "une prise ramasse au moins une carte ou une combinaison")
NO_BUILD = M("there is no build of {value} on the table", "il n'y a pas de combinaison de {value} sur la table")
NO_SUM = M("a {card} cannot take {cards}: they do not make groups of {value}",
           "un {card} ne peut pas prendre {cards} : elles ne font pas des groupes de {value}")
ONE_TARGET = M("one target at a time (house rule)", "une seule cible à la fois (règle maison)")
BAD_VALUE = M("a build is worth 2 to 10, not {value}", "une combinaison vaut de 2 à 10, pas {value}")
BUILD_SUM = M("{cards} do not make groups of {value}", "{cards} ne font pas des groupes de {value}")
BUILD_TABLE = M("a build uses at least one table card", "une combinaison utilise au moins une carte de la table")
NO_BLUFF = M("you must hold a card of {value} to build {value}", "il faut tenir une carte de {value} pour construire {value}")
PARTNER_ONLY = M("« for my partner » is for a build of your partner",
                 "« pour mon partenaire » est pour une combinaison du partenaire")
MULTIPLE_FROZEN = M("a multiple build cannot be raised", "une combinaison multiple ne peut pas être augmentée")
OWN_RAISE = M("you cannot raise your own build", "on n'augmente pas sa propre combinaison")
RAISE_TOO_HIGH = M("a raise to {value} goes past 10", "une surenchère à {value} dépasse 10")
RAISE_EXISTS = M("a build of {value} is already on the table", "une combinaison de {value} est déjà sur la table")
RAISE_TABLE = M("a raise uses one card from the hand only (house rule)",
                "une surenchère n'utilise qu'une carte de la main (règle maison)")
BAD_SEAT = M("no such player", "ce joueur n'existe pas")
BAD_PLAYERS = M("Le 31 is played by 2 players or by two teams of 2", "Le 31 se joue à 2 ou en deux équipes de 2")
BLUFF = M("{name} built {value} but held no {value}", "{name} a construit {value} sans tenir de {value}")

D_DEAL = M("Round {round}, deal {deal} of {deals}: {name} deals{last}",
           "Manche {round}, donne {deal} sur {deals} : {name} donne{last}")
D_LAST = M(" (last deal)", " (dernière donne)")
D_TABLE = M(" · table {cards}", " · table {cards}")
D_TRAIL = M("{name} lays {card} down", "{name} pose {card}")
D_CAPTURE = M("{name}: {card} takes {what}", "{name} : {card} prend {what}")
D_BUILD_OF = M("the build of {value}", "la combinaison de {value}")
D_RECOLTE = M(" — récolte!", " — récolte !")
D_BUILD = M("{name}: {card} on {cards}, « for {value} »", "{name} : {card} sur {cards}, « pour {value} »")
D_MULTIPLE = M("{name}: {card} with {cards}, « multiple for {value} »",
               "{name} : {card} avec {cards}, « multiple pour {value} »")
D_PARTNER = M("{name}: {card} with {cards}, « for my partner » ({value})",
              "{name} : {card} avec {cards}, « pour mon partenaire » ({value})")
D_RAISE = M("{name}: {card} raises {old} to « {value} »", "{name} : {card} augmente {old} à « {value} »")
COUNT_OUT_OFF = M("counting out is not a rule of this match", "sortir en comptant n'est pas une règle de ce match")
COUNT_OUT_PLAY = M("a side counts out during a round", "un camp sort en comptant pendant une manche")
COUNT_OUT_RIGHT = M("{name} counts out: {n} secured, the target is {target}: the match is won",
                    "{name} sort en comptant : {n} acquis, l'objectif est {target} : le match est gagné")
COUNT_OUT_WRONG = M("{name} counts out with only {n} secured (target {target}): the claim loses the match",
                    "{name} sort en comptant avec seulement {n} acquis (objectif {target}) : la réclamation perd le match")
QUICK_BETWEEN = M("a quick tally is entered between rounds", "un décompte rapide s'entre entre deux manches")
QUICK_CARDS = M("the two sides' cards add up to {total}", "les cartes des deux camps font {total} en tout")
QUICK_RED = M("the two sides' red cards add up to {total}", "les cartes rouges des deux camps font {total} en tout")
QUICK_ONES = M("the two sides' 1s add up to {total}", "les 1 des deux camps font {total} en tout")
QUICK_SPECIAL = M("say which side holds the red 2 and the green 10", "dites quel camp a le 2 rouge et le 10 vert")
QUICK_RECOLTES = M("récoltes are 0 or more", "les récoltes sont 0 ou plus")
D_SIDE = M("{name}: {items}", "{name} : {items}")
D_ITEM = M("{what} +{n}", "{what} +{n}")
D_ITEMS = M("{what} ({k}) +{n}", "{what} ({k}) +{n}")
NOTHING = M("nothing", "rien")
KINDS_MANY = {"one": M("the 1s", "les 1"), "recolte": M("récoltes", "récoltes")}
D_ROUND = M("Round {round}: {scores}", "Manche {round} : {scores}")
D_LEFTOVERS = M("{name} takes the {n} cards left", "{name} prend les {n} cartes restantes")
D_LEFTOVER = M("{name} takes the last card", "{name} prend la carte restante")
WINS = M("{name} wins the match", "{name} gagne le match")
WINS_TITLE = M("{name} wins the match!", "{name} gagne le match !")
ROUND_LINE = M("Round {n}: {scores}", "Manche {n} : {scores}")
D_REPORT_SIDE = M("{name}: {cards}, {red} — {items} = {points}", "{name} : {cards}, {red} — {items} = {points}")
POINTS_WORD = (("point", "points"), ("point", "points"))
TIED_CARDS = M("Most cards tied at {n}: {rule}", "Égalité au plus de cartes ({n}) : {rule}")
TIED_RED = M("Most red cards tied at {n}: {rule}", "Égalité au plus de rouges ({n}) : {rule}")
MAJORITY_RULE = {"none": M("nobody scores", "personne ne marque"),
                 "split": M("both sides score", "les deux camps marquent"),
                 "carry_over": M("carried to the next round", "reporté à la manche suivante")}
TIE_AGAIN = M("Tied at the top: another round", "Égalité en tête : une autre manche")


class _Cards(tuple):
    """Cards as a message argument, in the reader's language (``10V`` for the green 10 in French)."""

    def display(self, lang: str = "en") -> str:
        return " ".join(c.display(lang) for c in self) or "—"


def _card_list(cards: Iterable[Le31Card]) -> _Cards:
    return _Cards(cards)


@dataclass
class TableBuild:
    value: int
    groups: list[list[Le31Card]]
    owner: int

    @property
    def multiple(self) -> bool:
        return len(self.groups) > 1

    @property
    def cards(self) -> list[Le31Card]:
        return [c for g in self.groups for c in g]


@dataclass
class RoundState:
    number: int
    dealer: int
    deals: int  # deals in a round
    deal: int = 0  # deals done so far
    stock: list[Le31Card] | None = None  # virtual: what is left of the pack
    hands: list[list[Le31Card]] | None = None  # virtual: the cards each player holds
    played: list[int] = field(default_factory=list)  # cards played by each player this deal
    played_cards: list[list[Le31Card]] = field(default_factory=list)  # this deal, per seat (table mode checks)
    loose: list[Le31Card] = field(default_factory=list)
    builds: list[TableBuild] = field(default_factory=list)
    piles: list[list[Le31Card]] = field(default_factory=list)  # per side
    recoltes: list[int] = field(default_factory=list)  # per side
    last_capturer: int | None = None
    turn: int = 0
    trail_only: bool = False
    pending: dict[int, int] = field(default_factory=dict)  # seat -> value it must take on its next turn
    claims: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, value, cards played before)
    seen: Counter = field(default_factory=Counter)  # cards met this round (table, played)

    def build(self, value: int) -> TableBuild | None:
        return next((b for b in self.builds if b.value == value), None)


class Le31Match(base.Match):
    codec = CODEC
    CHOICES = (Trail, Capture, Build, Raise)
    CHANCE = (Deal,)
    rules: Le31Rules

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if self.players not in (2, 4):
            raise SetupError(BAD_PLAYERS)
        self.deck: Le31Deck = DEFAULT_DECK if not self.rules.deck else Le31Deck(json.loads(self.rules.deck), "match")
        self.deals_per_round = self.deck.deals_per_round(self.players)
        self.points = [0, 0]
        self.rounds: list[list[SideTally]] = []
        self.carry: dict[str, int] = {}  # a tied majority carried to the next round (house rule)
        self.claimed_winner: int | None = None  # decided by counting out (house rule)
        self.r = self._new_round(1, setup.first_dealer % self.players)
        self.phase = "deal"

    # ------------------------------------------------------------ basics
    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    @property
    def dealer(self) -> int:
        return self.r.dealer

    @property
    def to_act(self) -> int | None:
        if self.phase == "play":
            return self.r.turn
        if self.phase == "deal":
            return self.r.dealer
        return None

    def awaiting(self) -> tuple[int, ...]:
        return (self.r.turn,) if self.phase == "play" else ()

    @property
    def last_deal(self) -> bool:
        return self.r.deal == self.r.deals

    def hand(self, seat: int) -> tuple[Le31Card, ...] | None:
        return tuple(self.r.hands[seat]) if self.r.hands is not None else None

    def standings(self) -> list[Standing]:
        return [Standing(side, self.side_name(side), self.points[side]) for side in range(2)]

    def accounted_cards(self) -> Counter:
        return Counter(self.r.seen)

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "match_over":
            return None
        winner = self.claimed_winner if self.claimed_winner is not None else 0 if self.points[0] > self.points[1] else 1
        return Outcome((winner,), WINS(name=self.side_name(winner)))

    def end_title(self) -> Msg:
        return WINS_TITLE(name=self.side_name(self.outcome.winners[0])) if self.outcome else super().end_title()

    def result_lines(self) -> list[Msg]:
        lines = []
        for n, result in enumerate(self.rounds, 1):
            lines.append(ROUND_LINE(n=n, scores="–".join(str(s.points) for s in result)))
        lines.append(Msg("Match: {a}–{b} (to {target})", "Match : {a}–{b} (en {target})")(
            a=self.points[0], b=self.points[1], target=self.rules.target))
        return lines

    def rematch_setup(self) -> base.Setup:
        return base.Setup(self.setup.names, self.setup.rules, (self.r.dealer + 1) % self.players, self.setup.mode,
                          seats=self.setup.seats)

    # ------------------------------------------------------------ rounds and deals
    def _new_round(self, number: int, dealer: int) -> RoundState:
        return RoundState(number, dealer, self.deals_per_round, played=[0] * self.players,
                          played_cards=[[] for _ in range(self.players)], piles=[[], []], recoltes=[0, 0])

    def _verify_deal(self, op: Deal) -> None:
        if self.phase == "match_over":
            raise IllegalMoveError(MATCH_OVER)
        if self.phase != "deal":
            raise IllegalMoveError(NO_DEAL_NOW)
        first = self.r.deal == 0
        virtual = self.setup.mode == "virtual"
        if virtual:
            if op.table:
                raise IllegalMoveError(TABLE_ONLY)
            if first and (op.deck is None or Counter(op.deck) != self.deck.copies):
                raise IllegalMoveError(DECK_NEEDED)
            if not first and op.deck is not None:
                raise IllegalMoveError(DECK_NEEDED)
            return
        if op.deck is not None:
            raise IllegalMoveError(TABLE_ONLY)
        if first and len(op.table) != DEAL_SIZE:
            raise IllegalMoveError(TABLE_FOUR(n=len(op.table)))
        if not first and op.table:
            raise IllegalMoveError(NO_TABLE_NOW)
        self.check_new(op.table)

    def _apply_deal(self, op: Deal) -> Event:
        r = self.r
        text_extra: Msg | str = ""
        if r.deal == 0:
            if op.deck is not None:
                r.stock = list(op.deck)
                r.hands = [[] for _ in range(self.players)]
                table = [r.stock.pop(0) for _ in range(DEAL_SIZE)]
            else:
                table = list(op.table)
            r.loose = table
            r.seen.update(table)
            text_extra = D_TABLE(cards=_card_list(table))
        if r.stock is not None and r.hands is not None:
            for seat in self._order_from_left():
                r.hands[seat] += [r.stock.pop(0) for _ in range(DEAL_SIZE)]
        r.deal += 1
        r.played = [0] * self.players
        r.played_cards = [[] for _ in range(self.players)]
        r.turn = (r.dealer + 1) % self.players
        self.phase = "play"
        text = D_DEAL(round=r.number, deal=r.deal, deals=r.deals, name=self.names[r.dealer],
                      last=D_LAST if self.last_deal else "")
        return Event(op, M("{a}{b}", "{a}{b}")(a=text, b=text_extra))

    def _order_from_left(self) -> list[int]:
        return [(self.r.dealer + 1 + i) % self.players for i in range(self.players)]

    # ------------------------------------------------------------ checks shared by every play
    def check_new(self, cards: Sequence[Le31Card]) -> None:
        """Cards entered for the first time this round: of this deck, and not more copies than it has (the table's
        screen checks each card of the first deal as it is tapped, not only once the four are in)."""
        counts = Counter(cards)
        for card, n in counts.items():
            if card not in self.deck.copies:
                raise IllegalMoveError(NOT_IN_DECK(card=card))
            if self.r.seen[card] + n > self.deck.copies[card]:
                # Not yet seen this round but twice among the cards: they are the table's four, being laid.
                where = self._where(card) if self.r.seen[card] else WHERE_TABLE
                raise InconsistencyError(SEEN(card=card, where=where))

    def _where(self, card: Le31Card) -> Msg:
        r = self.r
        if card in r.loose or any(card in b.cards for b in r.builds):
            return WHERE_TABLE
        if any(card in pile for pile in r.piles):
            return WHERE_TAKEN
        return WHERE_PLAYED

    def _verify_turn(self, seat: int, card: Le31Card) -> None:
        if self.phase == "match_over":
            raise IllegalMoveError(MATCH_OVER)
        if self.phase != "play":
            raise IllegalMoveError(NEED_DEAL)
        if not (type(seat) is int and 0 <= seat < self.players):
            raise IllegalMoveError(BAD_SEAT)
        if seat != self.r.turn:
            from companion.core.i18n import Of

            raise IllegalMoveError(TURN(name=Of(self.names[self.r.turn])))
        r = self.r
        if r.hands is not None:
            if card not in r.hands[seat]:
                from companion.core.i18n import Of

                raise IllegalMoveError(NOT_IN_HAND(card=card, name=Of(self.names[seat])))
        else:
            self.check_new([card])

    def _check_loose(self, loose: Sequence[Le31Card]) -> None:
        counts, there = Counter(loose), Counter(self.r.loose)
        for card, n in counts.items():
            if n > there[card]:
                raise IllegalMoveError(NOT_ON_TABLE(card=card) if not there[card] else TWICE(card=card))

    def _committed(self, seat: int) -> int | None:
        """The value of the build this player must take this turn, if any."""
        if not self.rules.owner_must_capture_next_turn:
            return None
        value = self.r.pending.get(seat)
        build = self.r.build(value) if value is not None else None
        return value if build is not None and build.owner == seat else None

    def _owned(self, seat: int) -> list[TableBuild]:
        return [b for b in self.r.builds if b.owner == seat]

    def _keeps_value(self, seat: int, card: Le31Card, value: int) -> bool:
        """Virtual mode: after playing ``card`` the player still holds a card of ``value``."""
        hand = list(self.r.hands[seat]) if self.r.hands is not None else []
        if card in hand:
            hand.remove(card)
        return any(c.value == value for c in hand)

    def _check_control(self, seat: int, card: Le31Card, taken_value: int | None) -> None:
        """An owner must keep a card of each of his builds' values (virtual mode, where the hand is known)."""
        if self.r.hands is None:
            return
        for build in self._owned(seat):
            if build.value != taken_value and not self._keeps_value(seat, card, build.value):
                raise IllegalMoveError(KEEP_VALUE(value=build.value))

    # ------------------------------------------------------------ trail
    def _verify_trail(self, op: Trail) -> None:
        self._verify_turn(op.seat, op.card)
        committed = self._committed(op.seat)
        if committed is not None:
            raise IllegalMoveError(MUST_CAPTURE(name=self.names[op.seat], value=committed))
        owned = self._owned(op.seat)
        if owned and not self.rules.trail_while_controlling_build:
            raise IllegalMoveError(OWNER_NO_TRAIL(value=owned[0].value))
        self._check_control(op.seat, op.card, None)

    def _apply_trail(self, op: Trail) -> Event:
        self._played(op.seat, op.card)
        self.r.loose.append(op.card)
        self.r.trail_only = False
        return self._after_play(op, D_TRAIL(name=self.names[op.seat], card=op.card))

    # ------------------------------------------------------------ capture
    def _verify_capture(self, op: Capture) -> None:
        self._verify_turn(op.seat, op.card)
        r = self.r
        if r.trail_only:
            raise IllegalMoveError(TRAIL_ONLY)
        self._check_loose(op.loose)
        committed = self._committed(op.seat)
        if committed is not None and not (op.build and op.card.value == committed):
            raise IllegalMoveError(MUST_CAPTURE(name=self.names[op.seat], value=committed))
        if op.card.is_illustrated:
            if op.build or len(op.loose) != 1 or op.loose[0].illustration != op.card.illustration:
                raise IllegalMoveError(PICTURE_ONE)
            self._check_control(op.seat, op.card, None)
            return
        value = op.card.value
        if not op.loose and not op.build:
            raise IllegalMoveError(NOTHING_TAKEN)
        if op.build and r.build(value) is None:  # type: ignore[arg-type]
            raise IllegalMoveError(NO_BUILD(value=value))
        if not splits(op.loose, value):  # type: ignore[arg-type]
            raise IllegalMoveError(NO_SUM(card=op.card, cards=_card_list(op.loose), value=value))
        groups = sum(c.value for c in op.loose) // value  # type: ignore[misc, operator]
        if not self.rules.numeral_capture_multi and groups + int(op.build) > 1:
            raise IllegalMoveError(ONE_TARGET)
        self._check_control(op.seat, op.card, value if op.build else None)

    def _apply_capture(self, op: Capture) -> Event:
        r = self.r
        self._played(op.seat, op.card)
        taken = [op.card, *op.loose]
        for card in op.loose:
            r.loose.remove(card)
        what: list[object] = [_card_list(op.loose)] if op.loose else []
        if op.build:
            build = r.build(op.card.value)  # type: ignore[arg-type]
            r.builds.remove(build)  # type: ignore[arg-type]
            taken += build.cards  # type: ignore[union-attr]
            what.append(D_BUILD_OF(value=op.card.value))
            r.pending = {s: v for s, v in r.pending.items() if v != op.card.value}
        side = self.side_of(op.seat)
        r.piles[side] += taken
        r.last_capturer = op.seat
        final = self._round_ends()
        recolte = not r.loose and not r.builds and (not final or self.rules.sweep_on_final_play)
        if recolte:
            r.recoltes[side] += 1
        r.trail_only = recolte
        text = D_CAPTURE(name=self.names[op.seat], card=op.card, what=Joined(tuple(what), " + "))
        if recolte:
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_RECOLTE)
        return self._after_play(op, text)

    def _round_ends(self) -> bool:
        """The play just made is the last card of the round."""
        r = self.r
        return self.last_deal and sum(r.played) == DEAL_SIZE * self.players

    # ------------------------------------------------------------ build and raise
    def _holds(self, seat: int, card: Le31Card, value: int) -> bool:
        return self.r.hands is None or self._keeps_value(seat, card, value)

    def _verify_build(self, op: Build) -> None:
        self._verify_turn(op.seat, op.card)
        r = self.r
        if r.trail_only:
            raise IllegalMoveError(TRAIL_ONLY)
        if op.card.is_illustrated or any(c.is_illustrated for c in op.loose):
            raise IllegalMoveError(PICTURE_NO_BUILD)
        if not (type(op.value) is int and 2 <= op.value <= 10):
            raise IllegalMoveError(BAD_VALUE(value=str(op.value)[:4]))
        self._check_loose(op.loose)
        committed = self._committed(op.seat)
        if committed is not None:
            raise IllegalMoveError(MUST_CAPTURE(name=self.names[op.seat], value=committed))
        existing = r.build(op.value)
        # A group is the card with table cards, or (SPEC §1.d, reinforce) the card alone on a build of its value.
        if not op.loose and not (existing is not None and op.card.value == op.value):
            raise IllegalMoveError(BUILD_TABLE)
        if partition([op.card, *op.loose], op.value) is None:
            raise IllegalMoveError(BUILD_SUM(cards=_card_list([op.card, *op.loose]), value=op.value))
        if op.for_partner:
            if self.players != 4 or existing is None or existing.owner != (op.seat + 2) % 4:
                raise IllegalMoveError(PARTNER_ONLY)
            if not self.rules.partner_reinforce_without_card and not self._holds(op.seat, op.card, op.value):
                raise IllegalMoveError(NO_BLUFF(value=op.value))
        elif not self._holds(op.seat, op.card, op.value):
            raise IllegalMoveError(NO_BLUFF(value=op.value))
        self._check_control(op.seat, op.card, None)

    def _apply_build(self, op: Build) -> Event:
        r = self.r
        self._played(op.seat, op.card)
        for card in op.loose:
            r.loose.remove(card)
        groups = partition([op.card, *op.loose], op.value) or []
        existing = r.build(op.value)
        if existing is None:
            existing = TableBuild(op.value, groups, op.seat)
            r.builds.append(existing)
        else:
            existing.groups += groups
            if not op.for_partner:
                existing.owner = op.seat
        if not op.for_partner:
            r.pending[op.seat] = op.value
            if r.hands is None:
                r.claims.append((op.seat, op.value, r.played[op.seat]))
        r.trail_only = False
        name, card, cards = self.names[op.seat], op.card, _card_list(op.loose)
        template = D_PARTNER if op.for_partner else D_MULTIPLE if existing.multiple else D_BUILD
        return self._after_play(op, template(name=name, card=card, cards=cards, value=op.value))

    def _verify_raise(self, op: Raise) -> None:
        self._verify_turn(op.seat, op.card)
        r = self.r
        if r.trail_only:
            raise IllegalMoveError(TRAIL_ONLY)
        if op.card.is_illustrated or any(c.is_illustrated for c in op.loose):
            raise IllegalMoveError(PICTURE_NO_BUILD)
        build = r.build(op.value) if type(op.value) is int else None
        if build is None:
            raise IllegalMoveError(NO_BUILD(value=str(op.value)[:4]))
        if build.multiple:
            raise IllegalMoveError(MULTIPLE_FROZEN)
        if build.owner == op.seat:
            raise IllegalMoveError(OWN_RAISE)
        if op.loose and not self.rules.raise_may_absorb_table:
            raise IllegalMoveError(RAISE_TABLE)
        self._check_loose(op.loose)
        committed = self._committed(op.seat)
        if committed is not None:
            raise IllegalMoveError(MUST_CAPTURE(name=self.names[op.seat], value=committed))
        new = op.value + op.card.value + sum(c.value for c in op.loose)  # type: ignore[operator, misc]
        if new > 10:
            raise IllegalMoveError(RAISE_TOO_HIGH(value=new))
        if r.build(new) is not None:
            raise IllegalMoveError(RAISE_EXISTS(value=new))
        if not self._holds(op.seat, op.card, new):
            raise IllegalMoveError(NO_BLUFF(value=new))
        self._check_control(op.seat, op.card, None)

    def _apply_raise(self, op: Raise) -> Event:
        r = self.r
        self._played(op.seat, op.card)
        for card in op.loose:
            r.loose.remove(card)
        build = r.build(op.value)
        new = op.value + op.card.value + sum(c.value for c in op.loose)  # type: ignore[operator, misc]
        build.groups = [build.cards + [op.card, *op.loose]]  # type: ignore[union-attr]
        build.value = new  # type: ignore[union-attr]
        r.pending.pop(build.owner, None)  # type: ignore[union-attr]
        build.owner = op.seat  # type: ignore[union-attr]
        r.pending[op.seat] = new
        if r.hands is None:
            r.claims.append((op.seat, new, r.played[op.seat]))
        r.trail_only = False
        return self._after_play(op, D_RAISE(name=self.names[op.seat], card=op.card, old=op.value, value=new))

    # ------------------------------------------------------------ after every play
    def _played(self, seat: int, card: Le31Card) -> None:
        r = self.r
        if r.hands is not None:
            r.hands[seat].remove(card)
        else:
            r.seen[card] += 1
        r.played[seat] += 1
        r.played_cards[seat].append(card)
        if r.hands is not None:
            r.seen[card] += 1

    def _after_play(self, op, text: Msg) -> Event:
        r = self.r
        seat = op.seat
        if r.pending.get(seat) is not None and not isinstance(op, (Build, Raise)):
            r.pending.pop(seat, None)  # the commitment applied to this turn only
        warnings = self._bluffs(seat) if r.played[seat] == DEAL_SIZE else ()
        scores: tuple[Score, ...] = ()
        report: tuple[Msg, ...] = ()
        if sum(r.played) == DEAL_SIZE * self.players:
            if self.last_deal:
                more, scores, report = self._end_round()
                text = M("{a}\n{b}", "{a}\n{b}")(a=text, b=more)
            else:
                self.phase = "deal"
        else:
            r.turn = (seat + 1) % self.players
        return Event(op, text, scores, warnings, report)

    def _bluffs(self, seat: int) -> tuple[Msg, ...]:
        """Table mode: a player's whole hand of the deal is now known from what he played; every « pour N »
        he announced must have been backed by an N played after it."""
        r = self.r
        out = []
        for claim_seat, value, before in r.claims:
            # ``before`` counts the card that made the claim: what he played after it is what he held then.
            if claim_seat == seat and not any(c.value == value for c in r.played_cards[seat][before:]):
                out.append(BLUFF(name=self.names[seat], value=value))
        r.claims = [c for c in r.claims if c[0] != seat]
        return tuple(out)

    # ------------------------------------------------------------ counting out (house rule)
    def secured(self, side: int) -> int:
        """Points a side cannot lose any more this round: the red 2, the green 10 and the 1s in its pile, its
        récoltes, and most cards or most red once it holds more than half of them."""
        r, deck = self.r, self.deck
        pile = r.piles[side]
        points = r.recoltes[side] + sum(1 for c in pile if c.value == 1)
        points += (1 if deck.red_two in pile else 0) + (2 if deck.green_ten in pile else 0)
        points += 3 if 2 * len(pile) > deck.size else 0
        points += 1 if 2 * sum(1 for c in pile if deck.is_red(c)) > deck.red_cards else 0
        return points

    def _verify_count_out(self, op: CountOut) -> None:
        if not self.rules.count_out:
            raise IllegalMoveError(NOT_NOW(what=COUNT_OUT_OFF))
        if self.phase != "play":
            raise IllegalMoveError(NOT_NOW(what=COUNT_OUT_PLAY))
        if op.side not in (0, 1):
            raise IllegalMoveError(BAD_SEAT)

    def _apply_count_out(self, op: CountOut) -> Event:
        total = self.points[op.side] + self.secured(op.side)
        right = total >= self.rules.target
        winner = op.side if right else 1 - op.side
        self.points[op.side] = total if right else self.points[op.side]
        self.claimed_winner = winner
        self.phase = "match_over"
        said = (COUNT_OUT_RIGHT if right else COUNT_OUT_WRONG)(name=self.side_name(op.side), n=total,
                                                                target=self.rules.target)
        return Event(op, said)

    # ------------------------------------------------------------ quick tally
    def _verify_quick_round(self, op: QuickRound) -> None:
        if self.phase == "match_over":
            raise IllegalMoveError(MATCH_OVER)
        if self.phase != "deal" or self.r.deal != 0:
            raise IllegalMoveError(NOT_NOW(what=QUICK_BETWEEN))
        ones = sum(n for card, n in self.deck.copies.items() if card.value == 1)
        checks = ((op.cards, self.deck.size, QUICK_CARDS), (op.red, self.deck.red_cards, QUICK_RED), (op.ones, ones, QUICK_ONES))
        for values, total, msg in checks:
            if any(type(v) is not int or v < 0 for v in values) or sum(values) != total:
                raise InconsistencyError(msg(total=total))
        for side, card in ((op.red_two, self.deck.red_two), (op.green_ten, self.deck.green_ten)):
            if (card is None) != (side is None) or (side is not None and side not in (0, 1)):
                raise InconsistencyError(QUICK_SPECIAL)
        if any(type(v) is not int or v < 0 for v in op.recoltes):
            raise InconsistencyError(QUICK_RECOLTES)
        check_counts(self.deck, [self.side_name(s) for s in range(2)], op.cards, op.red, op.ones, op.red_two,
                     op.green_ten, op.recoltes)

    def _apply_quick_round(self, op: QuickRound) -> Event:
        result = tally_counts(op.cards, op.red, op.red_two, op.green_ten, op.ones, op.recoltes)
        text, scores, report = self._score_round(result, [])
        return Event(op, text, scores, report=report)

    def _end_round(self) -> tuple[Msg, tuple[Score, ...], tuple[Msg, ...]]:
        r = self.r
        extra: list[Msg] = []
        left = r.loose + [c for b in r.builds for c in b.cards]
        if left and self.rules.residue_to_last_capturer and r.last_capturer is not None:
            r.piles[self.side_of(r.last_capturer)] += left
            extra.append((D_LEFTOVER if len(left) == 1 else D_LEFTOVERS)(name=self.names[r.last_capturer], n=len(left)))
        r.loose, r.builds = [], []
        return self._score_round(tally(self.deck, r.piles, r.recoltes, check=False), extra)

    def _score_round(self, result: list[SideTally], extra: list[Msg]
                     ) -> tuple[Msg, tuple[Score, ...], tuple[Msg, ...]]:
        """The round's points, item by item; the match goes on, or ends. Returns the history's text, the points
        moved and the report (each side's cards and red cards, each item, the points, the match so far)."""
        r = self.r
        leftovers = tuple(extra)
        points = [side.points for side in result]
        self._majority_ties(result, points)
        self.rounds.append(result)
        scores = []
        for side in range(2):
            self.points[side] += points[side]
            if points[side]:
                scores.append(Score(side, points[side], Msg("round", "manche")))
        line = D_ROUND(round=r.number, scores="–".join(map(str, points)))
        top = max(self.points)
        if top >= self.rules.target and self.points[0] != self.points[1]:
            self.phase = "match_over"
        else:
            if top >= self.rules.target:
                extra.append(TIE_AGAIN)
            self.r = self._new_round(r.number + 1, (r.dealer + 1) % self.players)
            self.phase = "deal"
        parts = (line, *extra)
        # The tally by itself, as the players check it: what each side scored, item by item.
        details = tuple(D_SIDE(name=self.side_name(side), items=_items_said(result[side])) for side in range(2))
        report = (line, *leftovers,
                  *(D_REPORT_SIDE(name=self.side_name(side), cards=Plural(result[side].cards, *CARDS_WORD),
                                  red=Plural(result[side].red, *RED_WORD), items=_items_said(result[side]),
                                  points=Plural(points[side], *POINTS_WORD)) for side in range(2)),
                  *self._tie_notes(result), *extra[len(leftovers):])
        return M("{a}\n{b}", "{a}\n{b}")(a=Joined(parts, " · "), b=Joined(details, "\n")), tuple(scores), report

    def _tie_notes(self, result: list[SideTally]) -> tuple[Msg, ...]:
        notes = []
        if result[0].cards == result[1].cards:
            notes.append(TIED_CARDS(n=result[0].cards, rule=MAJORITY_RULE[self.rules.majority_tie]))
        if result[0].red == result[1].red:
            notes.append(TIED_RED(n=result[0].red, rule=MAJORITY_RULE[self.rules.majority_tie]))
        return tuple(notes)

    def _majority_ties(self, result: list[SideTally], points: list[int]) -> None:
        """House rules for a tie on most cards (3) or most red (1); the default scores for nobody."""
        mode = self.rules.majority_tie
        ties = {"most_cards": (3, result[0].cards == result[1].cards), "most_red": (1, result[0].red == result[1].red)}
        for kind, (value, tied) in ties.items():
            carried = self.carry.pop(kind, 0)
            if tied:
                if mode == "split":
                    points[0] += value
                    points[1] += value
                elif mode == "carry_over":
                    self.carry[kind] = carried + value
            elif carried:
                winner = 0 if any(i.kind == kind for i in result[0].items) else 1
                points[winner] += carried

    # ------------------------------------------------------------ reading a play
    def readings(self, seat: int, card: Le31Card) -> list:
        """Every legal play of ``card`` by ``seat`` now, one per combination of values (see ``plays.readings``)."""
        return readings(self, seat, card)


def _items_said(side: SideTally) -> Joined | Msg:
    """"most cards +3, the red 2 +1, the 1s (2) +2": each kind once, with how many and its points."""
    kinds: dict[str, list[int]] = {}
    for item in side.items:
        kinds.setdefault(item.kind, []).append(item.points)
    said = tuple(D_ITEM(what=KINDS[k], n=sum(p)) if len(p) == 1 else
                 D_ITEMS(what=KINDS_MANY.get(k, KINDS[k]), k=len(p), n=sum(p))
                 for k, p in kinds.items())
    return Joined(said, ", ") if said else NOTHING


def deal_virtual(match: Le31Match, seed: int | str | None) -> Deal:
    """The next deal in virtual mode: the first of a round carries the round's shuffled pack."""
    if match.r.deal == 0:
        pack = match.deck.pack()
        random.Random(f"{seed}:{match.r.number}").shuffle(pack)
        return Deal(deck=tuple(pack))
    return Deal()



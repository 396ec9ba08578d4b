"""A Le 31 play (SPEC §1.d): one card from the hand, one action: lay it down (trail), take (capture), build
(« pour N », « pour mon partenaire ») or raise another player's build; then the turn passes, the deal or the round
ends, and at a real table a hand now known is checked for the builds it announced."""

from __future__ import annotations

from companion.core.errors import IllegalMoveError
from companion.core.i18n import Joined, Msg
from companion.games.base import Event, Score
from companion.games.le31.deck import DEAL_SIZE, Le31Card
from companion.games.le31.ops import Build, Capture, Play, Raise, Trail
from companion.games.le31.plays import partition, readings, splits
from companion.games.le31.round_end import Tallying
from companion.games.le31.state import JOINED, MUST_CAPTURE, TWO_LINES, M, TableBuild, card_list

TRAIL_ONLY = M("after a récolte the next player may only lay a card down",
               "après une récolte, le joueur suivant ne peut que poser une carte")
OWNER_NO_TRAIL = M("you own the build of {value}: you cannot lay a card down",
                   "vous avez la combinaison de {value} : vous ne pouvez pas poser")
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
BLUFF = M("{name} built {value} but held no {value}", "{name} a construit {value} sans tenir de {value}")
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


def raised_to(op: Raise) -> int:
    """The value a raise announces: the build's, the card's and the table cards' it adds."""
    return op.value + (op.card.value or 0) + sum(c.value or 0 for c in op.loose)


class Playing(Tallying):
    """The four plays' operations, and what follows every play."""

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
        value = op.card.value
        if value is None:  # an illustrated card
            if op.build or len(op.loose) != 1 or op.loose[0].illustration != op.card.illustration:
                raise IllegalMoveError(PICTURE_ONE)
            self._check_control(op.seat, op.card, None)
            return
        if not op.loose and not op.build:
            raise IllegalMoveError(NOTHING_TAKEN)
        if op.build and r.build(value) is None:
            raise IllegalMoveError(NO_BUILD(value=value))
        if not splits(op.loose, value):
            raise IllegalMoveError(NO_SUM(card=op.card, cards=card_list(op.loose), value=value))
        groups = sum(c.value or 0 for c in op.loose) // value
        if not self.rules.numeral_capture_multi and groups + int(op.build) > 1:
            raise IllegalMoveError(ONE_TARGET)
        self._check_control(op.seat, op.card, value if op.build else None)

    def _apply_capture(self, op: Capture) -> Event:
        r = self.r
        self._played(op.seat, op.card)
        taken = [op.card, *op.loose]
        for card in op.loose:
            r.loose.remove(card)
        what: list[object] = [card_list(op.loose)] if op.loose else []
        if op.build:
            build = self._build_of(op.card.value or 0)
            r.builds.remove(build)
            taken += build.cards
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
            text = JOINED(a=text, b=D_RECOLTE)
        return self._after_play(op, text)

    def _round_ends(self) -> bool:
        """The play just made is the last card of the round."""
        r = self.r
        return self.last_deal and sum(r.played) == DEAL_SIZE * self.players

    def _build_of(self, value: int) -> TableBuild:
        """The build of ``value``, which a verified play names: it is on the table."""
        build = self.r.build(value)
        assert build is not None
        return build

    # ------------------------------------------------------------ build and raise
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
            raise IllegalMoveError(BUILD_SUM(cards=card_list([op.card, *op.loose]), value=op.value))
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
        name, card, cards = self.names[op.seat], op.card, card_list(op.loose)
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
        new = raised_to(op)
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
        build = self._build_of(op.value)
        new = raised_to(op)
        build.groups = [build.cards + [op.card, *op.loose]]
        build.value = new
        r.pending.pop(build.owner, None)
        build.owner = op.seat
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

    def _after_play(self, op: Play, text: Msg) -> Event:
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
                text = TWO_LINES(a=text, b=more)
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

    # ------------------------------------------------------------ reading a play
    def readings(self, seat: int, card: Le31Card) -> list[Play]:
        """Every legal play of ``card`` by ``seat`` now, one per combination of values (see ``plays.readings``)."""
        return readings(self, seat, card)

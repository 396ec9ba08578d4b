"""The end of a Le 31 round (SPEC §1.d): the leftover cards, the round's points item by item (with the house rules
for a tied majority), the match that goes on or ends; and the two ways a table says a round without its plays: the
quick tally (the keeper's count of each side's pile) and counting out (house rule: a side claims the match)."""

from __future__ import annotations

from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Joined, Msg, Plural
from companion.games.base import Event, Score
from companion.games.le31.ops import CountOut, QuickRound
from companion.games.le31.scoring import KINDS, SideTally, check_counts, tally, tally_counts
from companion.games.le31.state import BAD_SEAT, MATCH_OVER, NOT_NOW, TWO_LINES, Le31State, M
from companion.games.le31.words import CARDS_WORD, RED_WORD

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
D_REPORT_SIDE = M("{name}: {cards}, {red} — {items} = {points}", "{name} : {cards}, {red} — {items} = {points}")
POINTS_WORD = (("point", "points"), ("point", "points"))
ROUND_WORD = M("round", "manche")
TIED_CARDS = M("Most cards tied at {n}: {rule}", "Égalité au plus de cartes ({n}) : {rule}")
TIED_RED = M("Most red cards tied at {n}: {rule}", "Égalité au plus de rouges ({n}) : {rule}")
MAJORITY_RULE = {"none": M("nobody scores", "personne ne marque"),
                 "split": M("both sides score", "les deux camps marquent"),
                 "carry_over": M("carried to the next round", "reporté à la manche suivante")}
TIE_AGAIN = M("Tied at the top: another round", "Égalité en tête : une autre manche")

Tallied = tuple[Msg, tuple[Score, ...], tuple[Msg, ...]]  # the history's text, the points moved, the report


class Tallying(Le31State):
    """The round's end and tally, the quick tally and counting out."""

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

    # ------------------------------------------------------------ the round's end
    def _end_round(self) -> Tallied:
        r = self.r
        extra: list[Msg] = []
        left = r.loose + [c for b in r.builds for c in b.cards]
        if left and self.rules.residue_to_last_capturer and r.last_capturer is not None:
            r.piles[self.side_of(r.last_capturer)] += left
            extra.append((D_LEFTOVER if len(left) == 1 else D_LEFTOVERS)(name=self.names[r.last_capturer], n=len(left)))
        r.loose, r.builds = [], []
        return self._score_round(tally(self.deck, r.piles, r.recoltes, check=False), extra)

    def _score_round(self, result: list[SideTally], extra: list[Msg]) -> Tallied:
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
                scores.append(Score(side, points[side], ROUND_WORD))
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
        details = tuple(D_SIDE(name=self.side_name(side), items=items_said(result[side])) for side in range(2))
        report = (line, *leftovers,
                  *(D_REPORT_SIDE(name=self.side_name(side), cards=Plural(result[side].cards, *CARDS_WORD),
                                  red=Plural(result[side].red, *RED_WORD), items=items_said(result[side]),
                                  points=Plural(points[side], *POINTS_WORD)) for side in range(2)),
                  *self._tie_notes(result), *extra[len(leftovers):])
        return TWO_LINES(a=Joined(parts, " · "), b=Joined(details, "\n")), tuple(scores), report

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


def items_said(side: SideTally) -> Joined | Msg:
    """"most cards +3, the red 2 +1, the 1s (2) +2": each kind once, with how many and its points."""
    kinds: dict[str, list[int]] = {}
    for item in side.items:
        kinds.setdefault(item.kind, []).append(item.points)
    said = tuple(D_ITEM(what=KINDS[k], n=sum(p)) if len(p) == 1 else
                 D_ITEMS(what=KINDS_MANY.get(k, KINDS[k]), k=len(p), n=sum(p))
                 for k, p in kinds.items())
    return Joined(said, ", ") if said else NOTHING

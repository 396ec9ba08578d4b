"""The count of a brasse (SPEC §4.d): at its end the players enter the frime and, for each player, the groups laid
(lay-offs marked) and the cards left in hand; the engine checks every group, scores laid minus hand, keeps the
running table, and passes the deal to the left. The match ends at the end of a brasse where someone has reached
the target: the highest total wins, an exact tie for the highest plays another brasse.

A brasse played turn by turn ends with the same entry (``brasse_entry``): the app makes it when it knows every
hand, and at a real table the keeper enters the hands, checked against what the table saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core.cards import Card, CardList, Rank
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Joined, Msg
from companion.games.base import Event, Score
from companion.games.rummy2500.ops import Brasse
from companion.games.rummy2500.scoring import BrasseScore, Group, score_brasse
from companion.games.rummy2500.state import PLAYING, Rummy2500State, trio_rank
from companion.games.rummy2500.words import cards_of, rank_plural, rank_said

M = Msg
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
D_BRASSE_HEAD = M("Brasse {n} (frime {frime})", "Brasse {n} (frime {frime})")
D_SAID = M("{name}{out}: laid {laid} = {n_laid}; kept {kept} = −{n_kept}; brasse {total}",
           "{name}{out} : posé {laid} = {n_laid} ; gardé {kept} = −{n_kept} ; brasse {total}")
D_SAID_OUT = M("{name}{out}: laid {laid} = {n_laid}; brasse {total}",
               "{name}{out} : posé {laid} = {n_laid} ; brasse {total}")
D_WENT_OUT = M(" (went out)", " (a tout posé)")
NOTHING = M("nothing", "rien")
HAND_COUNT = M("{name} holds {n}, not {m}", "{name} a {n} en main, pas {m}")
HAND_KNOWN = M("{name} holds {card}, seen on the table", "{name} a {card} en main, vu sur la table")
NOT_PLAYED = M("this is not the brasse played turn by turn", "ce n'est pas la brasse jouée tour par tour")


class Counting(Rummy2500State):
    """The ``Brasse`` entry that scores a brasse, and the one a brasse played turn by turn ends with."""

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

    # ------------------------------------------------------------ the entry that scores it
    def brasse_entry(self, hands: Sequence[Sequence[Card]] | None = None) -> Brasse:
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

    def check_entry(self, op: Brasse) -> None:
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

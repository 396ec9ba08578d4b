"""The showdown of both Trente-et-un games, and a token given to a mort: a mixin on the match's state.

At each showdown the players' three cards are entered (or the app shows the hands it dealt); the engine values
every hand, says who won or lost and why, and moves the tokens, lives and the pot:

- **Draw and knock** (SPEC §2.d), tokens (the French text): the winner, or each tied winner, sheds a token; the
  first with none wins. Lives (standard Scat): the lowest hand loses a life (every tied lowest), a knocker who is
  lowest loses two, a 31 makes every other player lose one; the last survivor wins.
- **With a banker** (SPEC §3.d): the lowest hand loses (every tied lowest; a 31 never loses) and puts a token in
  the corbeille; a dealt 31 makes every other player lose one. A player without tokens is *mort*; the last
  *vivant* takes the corbeille. A vivant may give a mort a token (the rule about talking to morts).

After a deal played turn by turn, the hands shown must hold the public cards their players took, and none of the
cards still public.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.cards import Card, CardList
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Agreed, Joined, Msg, Of, Plural
from companion.games.base import Event, Score
from companion.games.trente_et_un.ops import GiveToken, Showdown
from companion.games.trente_et_un.scoring import (
    OUTSIDE,
    SEEN_TWICE,
    TWICE,
    Game,
    HandValue,
    check_distinct,
    check_hand,
    hand_value,
)
from companion.games.trente_et_un.state import LIVES, MATCH_OVER, PUBLIC, TrenteState

M = Msg

HANDS = M("a showdown has a hand for each of the {n} players still in",
          "un abattage a une main pour chacun des {n} joueurs en jeu")
OUT_HAND = M("{name} is out: no hand", "{name} est éliminé : pas de main")
BAD_KNOCKER = M("the knocker must be a player still in", "qui cogne doit être un joueur en jeu")
NO_31 = M("no hand is a 31: the deal did not end on a 31 served",
          "aucune main ne fait 31 : la donne n'a pas fini sur un 31 servi")
VOID = M("the deal was void: start the next one", "la donne était nulle : commencez la suivante")
STILL_PLAYING = M("the deal is still being played: knock, say « Je tiens » or show a 31 first",
                  "la donne se joue encore : cognez, dites « Je tiens » ou montrez un 31 d'abord")
GIVE = M("only a vivant with a token gives one to a mort", "seul un vivant qui a un jeton en donne un à un mort")
GIVE_KNOCK = M("giving a token is a rule of the banker game", "donner un jeton est une règle du jeu avec banquier")

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
DEALS = M("{name} deals next", "{name} donne ensuite")

SHOWN_MISSING = M("{name} took {card}: it must be in the hand shown",
                  "{name} a pris {card} : elle doit être dans la main montrée")
CLAIM_SHOWN = M("{name} showed 31, but the hand entered for {name} makes {said}",
                "{name} a montré 31, mais la main entrée pour {name} fait {said}")
NOT_SHOWN = M("{name} hand is {cards}", "la main {name} est {cards}")  # name: Of(...)

Values = dict[int, HandValue]


class Showdowns(TrenteState):
    """The showdown that ends a deal (entered, or shown by the app), and a token given to a mort."""

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

    def _best(self, values: Values, knocker: int | None) -> list[int]:
        keys = {s: v.key for s, v in values.items()}
        top = max(keys.values())
        best = [s for s, k in keys.items() if k == top]
        if self.rules.knocker_wins_ties and knocker is not None and knocker in best:
            return [knocker]
        return best

    def _tokens(self, values: Values, op: Showdown, scores: list[Score]) -> list[Msg]:
        """French text, variant 2: the winner (each tied winner) sheds a token; the first at 0 wins."""
        best = self._best(values, op.knocker)
        for seat in best:
            self.tokens[seat] -= 1
            scores.append(Score(seat, -1, Msg("token shed", "jeton en moins")))
        done = tuple(s for s in best if self.tokens[s] <= 0)
        if done:
            self.winner = done
        return [(D_WINNERS if len(best) > 1 else D_WINNER)(names=" & ".join(self.names[s] for s in best))]

    def _lowest(self, values: Values) -> list[int]:
        """The lowest hands. The knock game breaks a tie of totals by the cards' ranks; with a banker every hand
        of the lowest total loses (French text 002: « celles-ci ont toutes perdu »)."""
        keys = {s: ((v.value,) if self.banker else v.key) for s, v in values.items()}
        low = min(keys.values())
        return [s for s, k in keys.items() if k == low and values[s].value < 31]

    def _lives(self, values: Values, op: Showdown, scores: list[Score]) -> list[Msg]:
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

    def _banker(self, values: Values, op: Showdown, scores: list[Score], holder: int | None = None) -> list[Msg]:
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

    def check_shown(self, hands: Sequence[Sequence[Card]]) -> None:
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

"""House rules of both Trente-et-un games (SPEC §2.d and §3.d)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.i18n import Msg
from companion.games.base import Rules, rule
from companion.games.trente_et_un.scoring import ValueRules


def _n(*values: int) -> tuple[tuple[int, Msg], ...]:
    return tuple((v, Msg(str(v), str(v))) for v in values)


@dataclass(frozen=True)
class KnockRules(Rules):
    """Le Trente-et-un, draw and knock (French text 001)."""

    scoring_mode: str = rule(
        "tokens", Msg("Scoring", "Décompte"),
        Msg("Tokens (the French text): the winner of a deal sheds a token, the first rid of them wins. Lives (the "
            "standard Scat): the lowest hand loses a life, the last survivor wins.",
            "Jetons (texte français) : le gagnant d'une donne se défait d'un jeton, le premier sans jeton gagne. "
            "Vies (Scat) : la main la plus faible perd une vie, le dernier survivant gagne."),
        choices=(("tokens", Msg("Tokens: the winner sheds one", "Jetons : le gagnant en perd un")),
                 ("lives", Msg("Lives: the lowest loses one", "Vies : le plus faible en perd une"))))
    tokens: int = rule(3, Msg("Tokens or lives each", "Jetons ou vies chacun"), choices=_n(1, 2, 3, 4, 5))
    brelan_enabled: bool = rule(True, Msg("Brelan worth 30½", "Brelan à 30½"))
    thirty_one_needs_figures_only: bool = rule(
        False, Msg("31 only with an ace and two figures", "31 seulement avec un as et deux figures"))
    knocker_wins_ties: bool = rule(False, Msg("The knocker wins ties", "Qui cogne gagne les égalités"))
    sequence_combo: bool = rule(
        False, Msg("A tierce (three in a row) counts", "La tierce (trois de suite) compte"),
        Msg("Commerce's séquence: three consecutive cards of one suit, between the brelan and the points.",
            "La séquence du Commerce : trois cartes qui se suivent dans une couleur, entre le brelan et les points."))
    suit_rule: str = rule(
        "same_suit", Msg("Counting", "Comptage"),
        choices=(("same_suit", Msg("One suit (standard)", "Une couleur (standard)")),
                 ("any_suit", Msg("All three cards (literal, not recommended)", "Les trois cartes (littéral, déconseillé)"))))
    allow_first_turn_knock: bool = rule(True, Msg("Knock on the first turn", "Cogner dès le premier tour"))
    stock_exhausted: str = rule(
        "reshuffle", Msg("When the stock runs out", "Quand le talon est épuisé"),
        choices=(("reshuffle", Msg("the discards are shuffled again", "on remélange la défausse")),
                 ("void_deal", Msg("the deal is void", "la donne est nulle"))))
    mode: str = rule(
        "standard", Msg("Variant", "Variante"),
        Msg("Widow (variant 1 of the French text, simplified): three cards face up instead of the draw; exchange one "
            "card or the whole hand, « J'arrête » ends the deal.",
            "Main du mort (variante 1 du texte français, simplifiée) : trois cartes visibles au lieu de la pioche ; "
            "on échange une carte ou toute la main, « J'arrête » finit la donne."),
        choices=(("standard", Msg("Draw and knock", "Piocher et cogner")),
                 ("widow", Msg("Widow (simplified from the French text)", "Main du mort (simplifiée du texte français)"))))

    def values(self) -> ValueRules:
        return ValueRules(True, self.brelan_enabled, self.thirty_one_needs_figures_only, self.sequence_combo,
                          self.suit_rule == "any_suit")


@dataclass(frozen=True)
class BankerRules(Rules):
    """Trente-et-un with a banker (French text 002)."""

    deck: int = rule(32, Msg("Pack", "Paquet"), Msg("32 cards for 6 to 9 players; 52 cards up to 16.",
                                                  "32 cartes de 6 à 9 joueurs ; 52 cartes jusqu'à 16."),
                     choices=((32, Msg("32 cards", "32 cartes")), (52, Msg("52 cards", "52 cartes"))))
    lives: int = rule(3, Msg("Tokens each", "Jetons chacun"), choices=_n(1, 2, 3, 4, 5))
    stake: int = rule(0, Msg("Stake in the corbeille", "Mise dans la corbeille"), choices=_n(0, 1, 2, 5))
    brelan_30_5: bool = rule(False, Msg("Brelan worth 30½", "Brelan à 30½"))
    dealt_31_wins_pot: bool = rule(
        False, Msg("A dealt 31 takes the corbeille", "Un 31 servi prend la corbeille"),
        Msg("Off: a dealt 31 makes every other player lose a token.",
            "Non : un 31 servi fait perdre un jeton à chaque autre joueur."))
    swim: bool = rule(False, Msg("Swim: one more chance at 0", "Nager : une chance de plus à 0"))
    direction: str = rule("right", Msg("Play goes", "Le jeu tourne"),
                          choices=(("right", Msg("to the right (French text)", "vers la droite (texte français)")),
                                   ("left", Msg("to the left", "vers la gauche"))))
    all_pass_refresh: bool = rule(
        True, Msg("New face-up cards after a circuit of passes", "Nouvelles cartes visibles après un tour de passes"),
        Msg("An app safety rule: if everyone passes a whole circuit, the face-up cards are replaced from the stock.",
            "Règle de sécurité de l'app : si tout le monde passe un tour entier, les cartes visibles sont remplacées."))

    def values(self) -> ValueRules:
        return ValueRules(False, self.brelan_30_5, False)

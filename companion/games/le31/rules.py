"""Le 31 house rules (SPEC §1.d): one frozen dataclass, saved with each match."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import SetupError
from companion.core.i18n import Msg
from companion.games.base import Rules, rule
from companion.games.le31.deck import Le31Deck


@dataclass(frozen=True)
class Le31Rules(Rules):
    target: int = rule(31, Msg("Match to", "Match en"),
                       choices=((31, Msg("31", "31")), (21, Msg("21", "21")), (11, Msg("11", "11"))))
    numeral_capture_multi: bool = rule(
        True, Msg("Several groups at once", "Plusieurs groupes à la fois"),
        Msg("A numbered card takes every equal card and every group that adds up to it (Cassino). Off: one "
            "target at a time, the strict reading of « une seule à la fois ».",
            "Une carte numérotée prend toutes les cartes égales et tous les groupes qui font sa valeur "
            "(Cassino). Non : une seule cible à la fois, la lecture stricte de « une seule à la fois »."))
    owner_must_capture_next_turn: bool = rule(
        True, Msg("A builder captures next turn", "Qui construit ramasse au tour suivant"),
        Msg("The owner of a build must take it on the next turn (« tu t'engages à ramasser »).",
            "Le propriétaire d'une combinaison doit la ramasser à son tour suivant."))
    trail_while_controlling_build: bool = rule(
        False, Msg("Trail while owning a build", "Poser en ayant une combinaison"),
        Msg("Off (pagat): a player who owns a build may not simply lay a card down.",
            "Non (pagat) : qui possède une combinaison ne peut pas simplement poser une carte."))
    partner_reinforce_without_card: bool = rule(
        True, Msg("« Pour mon partenaire » without the card", "« Pour mon partenaire » sans la carte"),
        Msg("In team play, a player may add to the partner's build without holding its value (French text).",
            "En équipe, on peut renforcer la combinaison du partenaire sans en tenir la valeur (texte français)."))
    raise_may_absorb_table: bool = rule(
        False, Msg("A raise may take table cards", "Une surenchère peut prendre des cartes"),
        Msg("Off: a build is raised with one card from the hand only.",
            "Non : on augmente une combinaison avec une seule carte de la main."))
    sweep_on_final_play: bool = rule(
        True, Msg("A récolte on the last play counts", "La récolte au dernier coup compte"))
    residue_to_last_capturer: bool = rule(
        True, Msg("Leftovers to the last capturer", "Le reste au dernier qui ramasse"),
        Msg("Cards left on the table at the end of the round go to the last player who captured (not a récolte).",
            "Les cartes restées sur la table à la fin de la manche vont au dernier qui a ramassé (pas une récolte)."))
    majority_tie: str = rule(
        "none", Msg("A tie for most cards or red", "Égalité au plus de cartes ou de rouges"),
        choices=(("none", Msg("nobody scores", "personne ne marque")),
                 ("split", Msg("both sides score", "les deux camps marquent")),
                 ("carry_over", Msg("carried to the next round", "reporté à la manche suivante"))))
    count_out: bool = rule(
        False, Msg("Counting out (pagat)", "Sortir en comptant (pagat)"),
        Msg("A side may claim the match during a round once its points so far (cards it cannot lose) reach the "
            "target; a wrong claim loses the match.",
            "Un camp peut réclamer le match pendant une manche dès que ses points acquis atteignent l'objectif ; "
            "une réclamation fausse perd le match."))
    deck: str = ""  # a custom deck description (JSON text); empty: the shipped default

    def problems(self) -> list[str]:
        if not isinstance(self.deck, str):
            return ["deck"]
        if self.deck:
            import json

            try:
                Le31Deck(json.loads(self.deck), "match")
            except (ValueError, RecursionError, SetupError):
                return ["deck"]  # saved text that is not a deck: the match is damaged, with this reason
        return []

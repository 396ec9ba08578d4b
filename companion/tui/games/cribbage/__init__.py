"""Cribbage's UI object: its match screen (one for both modes: the board, then the keypad at a real table or the
hand in virtual play), what its log lets players correct, the skunk marks of the past-matches list, and its gallery
states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.i18n import Msg
from companion.tui.game_ui import GalleryState, GameUI, register_ui

if TYPE_CHECKING:  # the home screen imports this module: the rules are loaded with a match
    from companion.games.base import Operation
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from companion.tui.games.cribbage.practice import PracticeScreen
    from companion.tui.games.cribbage.screen import CribbageScreen
    from companion.tui.games.cribbage.stats_screen import CribbageStatsScreen

CORRECT_CARD = Msg("Entry {n}: which card was it?", "Entrée {n} : quelle carte était-ce ?")
CORRECT_POINTS = Msg("Entry {n}: how many points?", "Entrée {n} : combien de points ?")
CORRECT_CLAIM = Msg("Entry {n}: what was the count claimed?", "Entrée {n} : quel compte a été annoncé ?")
LEGEND = Msg("Cribbage notes: S = a skunk (the loser under 91), SS = a double skunk (under 61).",
             "Notes du cribbage : S = un skunk (le perdant sous 91), SS = un double skunk (sous 61).")
ONLY = Msg("Only a starter, a card played, a claimed count or quick points can be corrected here; undo to change the "
           "rest.", "Seuls la coupe, une carte jouée, un compte annoncé ou des points rapides se corrigent ici ; "
                    "annulez pour le reste.")


def skunk_text(summary: dict[str, Any]) -> str:
    marks = {1: "S", 2: "SS"}
    games = summary.get("games", [])
    if not isinstance(games, list):
        return "—"
    return " ".join(marks[g["skunk"]] for g in games
                    if isinstance(g, dict) and isinstance(g.get("skunk"), int) and g["skunk"] in marks) or "—"


class CribbageUI(GameUI):
    game_id = "cribbage"
    not_correctable = ONLY

    def match_screen(self, session: MatchSession) -> CribbageScreen:
        from companion.tui.games.cribbage.screen import CribbageScreen

        return CribbageScreen(session)

    def corrects(self, session: MatchSession) -> bool:
        return session.setup.mode != "virtual"  # the app's own deal is what it is: Undo takes a choice back

    def correct(self, screen: Any, seq: int, op: Operation) -> bool:
        from companion.games.cribbage.ops import Crib, Cut, Play, Points, Show  # here: home imports this module
        from companion.tui.dialogs.card import CardDialog
        from companion.tui.dialogs.points import NumberDialog

        if isinstance(op, (Cut, Play)):
            screen.app.push_screen(
                CardDialog(screen.tr(CORRECT_CARD, n=seq)),
                lambda card: card and screen.correct(seq, Cut(card) if isinstance(op, Cut) else Play(op.seat, card)))
            return True
        if isinstance(op, (Show, Crib)) and op.claimed is not None:  # a mistyped claim (« 4 » for « 14 »)
            screen.app.push_screen(
                NumberDialog(screen.tr(CORRECT_CLAIM, n=seq), maximum=29),
                lambda answer: answer is not None and screen.correct(
                    seq, Show(op.seat, op.cards, answer[1]) if isinstance(op, Show) else Crib(op.cards, answer[1])))
            return True
        if isinstance(op, Points):
            target = screen.session.match.rules.target
            screen.app.push_screen(
                NumberDialog(screen.tr(CORRECT_POINTS, n=seq), maximum=target),
                lambda answer: answer and answer[1] > 0 and screen.correct(seq, Points(op.side, answer[1], op.note)))
            return True
        return False

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        return skunk_text(summary)

    def past_legend(self) -> Msg:
        return LEGEND

    def stats_screen(self) -> CribbageStatsScreen:
        from companion.tui.games.cribbage.stats_screen import CribbageStatsScreen

        return CribbageStatsScreen()

    def practice_screen(self) -> PracticeScreen:
        from companion.tui.games.cribbage.practice import PracticeScreen

        return PracticeScreen()

    def fill_gallery(self, store: Store) -> None:
        from companion.tui.games.cribbage.gallery import fill

        fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        from companion.tui.games.cribbage.gallery import STATES

        return STATES


UI = register_ui(CribbageUI())

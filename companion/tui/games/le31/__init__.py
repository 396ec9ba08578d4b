"""Le 31's UI object: its match screen, corrections of its log, its gallery states."""

from __future__ import annotations

from typing import Any

from companion.games.base import Operation
from companion.i18n import Msg
from companion.tui.games import GalleryState, GameUI, register_ui

ONLY = Msg("Plays are corrected with Undo: the table must stay as it really is.",
           "Les coups se corrigent avec Annuler : la table doit rester telle qu'elle est vraiment.")


class Le31UI(GameUI):
    game_id = "le31"
    not_correctable = ONLY

    def match_screen(self, session):
        if session.setup.mode == "virtual":
            from companion.tui.games.le31.virtual import VirtualLe31Screen

            return VirtualLe31Screen(session)
        from companion.tui.games.le31.screen import Le31Screen

        return Le31Screen(session)

    def correct(self, screen: Any, seq: int, op: Operation) -> bool:
        return False  # a play changes the public table: the rest of the log could not be replayed as it was

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        rounds = summary.get("rounds")
        return Msg("{n} rounds", "{n} manches")(n=rounds).text(lang) if isinstance(rounds, int) else ""

    def fill_gallery(self, store) -> None:
        from companion.tui.games.le31.gallery import fill

        fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        from companion.tui.games.le31.gallery import STATES

        return STATES


UI = register_ui(Le31UI())

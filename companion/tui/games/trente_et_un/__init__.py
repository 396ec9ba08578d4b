"""The two Trente-et-un games' UI objects: one match screen for both modes, the gallery states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.tui.game_ui import GalleryState, GameUI, register_ui

if TYPE_CHECKING:
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from companion.tui.games.trente_et_un.screen import TrenteScreen


class TrenteUI(GameUI):
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def match_screen(self, session: MatchSession) -> TrenteScreen:
        from companion.tui.games.trente_et_un.screen import TrenteScreen

        return TrenteScreen(session)

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        pot = summary.get("pot")
        return f"corbeille {pot}" if isinstance(pot, int) and pot else ""

    def fill_gallery(self, store: Store) -> None:
        if self.game_id == "trente_et_un":
            from companion.tui.games.trente_et_un.gallery import fill

            fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        if self.game_id != "trente_et_un":
            return {}
        from companion.tui.games.trente_et_un.gallery import STATES

        return STATES


KNOCK_UI = register_ui(TrenteUI("trente_et_un"))
BANKER_UI = register_ui(TrenteUI("trente_et_un_banker"))

"""2500's UI object: the running score sheet and the end-of-brasse entry."""

from __future__ import annotations

from typing import Any

from companion.tui.games import GalleryState, GameUI, register_ui


class Rummy2500UI(GameUI):
    game_id = "rummy2500"

    def match_screen(self, session):
        if session.setup.mode == "virtual":
            from companion.tui.games.rummy2500.virtual import VirtualRummyScreen

            return VirtualRummyScreen(session)
        from companion.tui.games.rummy2500.screen import Rummy2500Screen

        return Rummy2500Screen(session)

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        n = summary.get("brasses")
        return f"{n} brasses" if isinstance(n, int) else ""

    def fill_gallery(self, store) -> None:
        from companion.tui.games.rummy2500.screen import fill

        fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        from companion.tui.games.rummy2500.screen import STATES

        return STATES


UI = register_ui(Rummy2500UI())

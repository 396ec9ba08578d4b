"""Le 31's UI object: its match screen, corrections of its log, its gallery states."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.i18n import Msg, Plural
from companion.tui.game_ui import GalleryState, GameUI, register_ui

if TYPE_CHECKING:  # the home screen imports this module: the rules are loaded with a match
    from companion.games.base import Operation
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from companion.tui.games.le31.screen import Le31Screen

ONLY = Msg("Plays are corrected with Undo: the table must stay as it really is.",
           "Les coups se corrigent avec Annuler : la table doit rester telle qu'elle est vraiment.")


DECK = Msg("Deck", "Jeu de cartes")
DEFAULT_DECK = Msg("The app's deck ({n} cards)", "Le jeu de l'app ({n} cartes)")
OWN_DECK = Msg("{name} ({n} cards)", "{name} ({n} cartes)")
BAD_DECK = Msg("{name}: not usable", "{name} : inutilisable")
DECKS_FOLDER = "le31-decks"  # beside the saved matches: a table's own decks (docs/le31-deck.md)


def deck_files(screen: Any) -> list[Path]:
    folder = Path(screen.app.store.path).parent / DECKS_FOLDER
    try:
        return sorted(folder.glob("*.json"))[:50]
    except OSError:
        return []


class Le31UI(GameUI):
    game_id = "le31"
    not_correctable = ONLY

    def setup_rows(self, screen: Any) -> list[tuple[Msg, Any]]:
        """The deck: the app's, or a file of the table's own in ``le31-decks/`` beside the saved matches."""
        from companion.core.errors import CompanionError
        from companion.games.le31.deck import load_deck
        from companion.tui.widgets.fields import Select

        options = [(screen.tr(DEFAULT_DECK, n=load_deck().size), "")]
        for path in deck_files(screen):
            try:
                options.append((screen.tr(OWN_DECK, name=path.stem[:30], n=load_deck(path).size), str(path)))
            except CompanionError:
                options.append((screen.tr(BAD_DECK, name=path.stem[:30]), str(path)))
        value = screen._kept("deck-file", "")  # noqa: SLF001 (kept across a change of language)
        folder = Path(screen.app.store.path).parent / DECKS_FOLDER
        select = Select(options, value=value if value in [v for _, v in options] else "", allow_blank=False,
                        id="deck-file", compact=True, tooltip=str(folder))
        return [(DECK, select)]

    def setup_values(self, screen: Any) -> dict[str, Any]:
        import json

        from companion.games.le31.deck import load_deck

        path = screen.query_one("#deck-file").value
        return {"deck": json.dumps(load_deck(path).description, ensure_ascii=False)} if path else {}

    def match_screen(self, session: MatchSession) -> Le31Screen:
        from companion.tui.games.le31.screen import Le31Screen

        return Le31Screen(session)

    def correct(self, screen: Any, seq: int, op: Operation) -> bool:
        return False  # a play changes the public table: the rest of the log could not be replayed as it was

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        rounds = summary.get("rounds")
        return Plural(rounds, ("round", "rounds"), ("manche", "manches")).display(lang) if isinstance(rounds, int) else ""

    def fill_gallery(self, store: Store) -> None:
        from companion.tui.games.le31.gallery import fill

        fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        from companion.tui.games.le31.gallery import STATES

        return STATES


UI = register_ui(Le31UI())

"""The words every match screen says the same way, in both languages: its shared keys, the words typed for them,
the questions of undo across devices; and ``Parts``, a header that wraps between its parts."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from companion.core.i18n import Msg

# Words every match screen understands in its entry line, in both languages (a game adds its own).
SHARED_WORDS = {"undo": "undo", "annuler": "undo", "redo": "redo", "refaire": "redo", "rétablir": "redo",
                "log": "log", "journal": "log", "history": "log", "menu": "home", "home": "home", "accueil": "home",
                "rules": "rules", "règles": "rules", "regles": "rules", "help": "rules", "aide": "rules"}
ERASE_WORDS = {"back": "back", "del": "back", "erase": "back", "efface": "back", "effacer": "back"}  # ⌫ typed
NOTHING_TO_UNDO = Msg("nothing to undo", "rien à annuler")
NOTHING_TO_REDO = Msg("nothing to redo", "rien à rétablir")
# The keys every match screen has, in one place so they read the same in every game.
B_UNDO = Msg("Undo", "Annuler")
B_REDO = Msg("Redo", "Refaire")
B_LOG = Msg("Log", "Journal")
B_RULES = Msg("Rules", "Règles")
B_HOME = Msg("Menu", "Menu")
B_PACE = Msg("Pace", "Rythme")
B_PHONES = Msg("Phones", "Téléphones")
UPDATED = Msg("Updated from another device.", "Mis à jour depuis un autre appareil.")
ASKED = Msg("Asked {names} to agree, on their own devices (Undo again withdraws it).",
            "Demandé à {names} d'accepter, sur leur appareil (Annuler de nouveau retire la demande).")
WITHDRAWN = Msg("Undo withdrawn: nothing is undone.", "Demande retirée : rien n'est annulé.")
REFUSED = Msg("{name} said no: nothing is undone.", "{name} a refusé : rien n'est annulé.")
AGREED = Msg("Undone, as {names} agreed.", "Annulé, avec l'accord de {names}.")
DROP_TITLE = Msg("Forget the undone entries?", "Oublier les entrées annulées ?")
DROP_BODY = Msg("{n} undone entries can still be redone. A new entry here replaces them for good.",
                "{n} entrées annulées peuvent encore être rétablies. Une nouvelle entrée ici les remplace pour de bon.")
KEEP_UNDONE = Msg("Keep them (Redo puts them back)", "Les garder (Rétablir les remet)")
FORGET_UNDONE = Msg("Enter it, forget them", "Entrer, les oublier")
KEPT_UNDONE = Msg("Nothing entered: the {n} undone entries are kept (Redo puts them back).",
                  "Rien n'est entré : les {n} entrées annulées sont gardées (Rétablir les remet).")
TYPED_AHEAD = Msg("Typed while a question opened, not entered: {lines}",
                  "Tapé pendant qu'une question s'ouvrait, non entré : {lines}")
NOT_NOW = Msg("not now: that move is not offered", "pas maintenant : ce coup n'est pas offert")
SYNC_S = 0.1  # how often the store is asked whether another device wrote this match (a phone's move on the tablet
# within 0.3 s: one small query, measured by companion.dev.tables_bench)


class Parts:
    """A line of words, « · » between its parts, drawn on as many lines as the width needs, each line whole parts (a
    Rich renderable, wrapped at the width it is drawn at: Textual and Rich break at any space, even a non-breaking
    one)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__  # what a test or a debugger reads of it: its words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[str] = []
        for part in self.text.split(" · "):
            if lines and cell_len(f"{lines[-1]} · {part}") <= options.max_width:
                lines[-1] += f" · {part}"
            else:
                lines.append(part)  # the line's end says the break: no « · » left hanging
        yield Text("\n".join(lines))  # a part wider than the screen alone is folded

"""The store's errors and their messages, in both languages (SQLite's own text is English only)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.core.errors import CompanionError
from companion.core.i18n import Msg

# --------------------------------------------------------------------------- messages

NOT_SQLITE = Msg("not an SQLite database", "ce n'est pas une base SQLite")
FOREIGN = Msg("not a companion database", "ce n'est pas une base de companion")
DAMAGED = Msg("the database is damaged", "la base est endommagée")
NOT_OUR_TABLES = Msg("its tables are not those of companion", "ses tables ne sont pas celles de companion")

UNREADABLE = Msg(
    "The saved matches file {path} could not be read ({reason}); it was left untouched.",
    "Le fichier des parties enregistrées {path} n'a pas pu être lu ({reason}) ; il n'a pas été modifié.",
)
RECOVERED = Msg(
    "The saved matches file could not be read ({reason}); it was kept as {kept}; starting with an empty list.",
    "Le fichier des parties enregistrées n'a pas pu être lu ({reason}) ; il a été conservé sous {kept} ; "
    "on repart avec une liste vide.",
)
NEWER = Msg(
    "The saved matches file {path} comes from a newer version of companion (format {found}; this version "
    "knows up to {known}). Update companion; the file was left untouched.",
    "Le fichier des parties enregistrées {path} vient d'une version plus récente de companion (format {found} ; "
    "cette version connaît jusqu'au format {known}). Mettez companion à jour ; le fichier n'a pas été modifié.",
)
MIGRATION_FAILED = Msg(
    "The saved matches file {path} could not be upgraded from format {found} to {known} ({detail}); "
    "it was left as it was.",
    "Le fichier des parties enregistrées {path} n'a pas pu être mis à jour du format {found} au format {known} "
    "({detail}) ; il est resté tel quel.",
)
IO_FAILED = Msg(
    "The saved matches file {path} could not be used: {detail}",
    "Le fichier des parties enregistrées {path} n'a pas pu être utilisé : {detail}",
)
NOT_A_FILE = Msg(
    "The saved matches path {path} is not a file.",
    "Le chemin des parties enregistrées {path} n'est pas un fichier.",
)
NO_WAL = Msg(
    "The saved matches file {path} cannot use a write-ahead log here (journal mode {mode}); "
    "put it on a local disk (set COMPANION_HOME).",
    "Le fichier des parties enregistrées {path} ne peut pas utiliser de journal WAL ici (mode {mode}) ; "
    "placez-le sur un disque local (variable COMPANION_HOME).",
)
CLOSED = Msg("The match store is closed.", "Le registre des parties est fermé.")
CONFLICT = Msg(
    "This match was changed in another window or tab; it has been reloaded.",
    "Cette partie a été modifiée dans une autre fenêtre ou un autre onglet ; elle a été rechargée.",
)
NO_MATCH = Msg(
    "Match {id} does not exist (it may have been deleted in another window).",
    "La partie {id} n'existe pas (elle a peut-être été supprimée dans une autre fenêtre).",
)
NOTHING_TO_UNDO = Msg("Nothing to undo.", "Rien à annuler.")
NOTHING_TO_REDO = Msg("Nothing to redo.", "Rien à rétablir.")
BAD_SEQ = Msg(
    "Cannot correct from entry {seq}: the match has {head} entries.",
    "Impossible de corriger à partir de l'entrée {seq} : la partie compte {head} entrées.",
)
NOT_JSON = Msg("{what} is not readable", "{what} est illisible")
BAD_TIME = Msg("its date is not readable", "sa date est illisible")
BAD_GAME = Msg("its game is not named", "son jeu n'est pas nommé")
BAD_ENTRY = Msg("entry {seq} is not readable", "l'entrée {seq} est illisible")
DAMAGED_MATCH = Msg("This match cannot be opened: {why}.", "Ce match ne peut pas être ouvert : {why}.")
FILE_READ_ONLY = Msg("the file is read-only", "le fichier est en lecture seule")
FOLDER_READ_ONLY = Msg("its folder is read-only", "son dossier est en lecture seule")
DISK_FULL = Msg("the disk is full", "le disque est plein")
CANNOT_WRITE = Msg("it cannot be written ({detail})", "on ne peut pas y écrire ({detail})")
FILE_GONE = Msg(
    "The saved matches file {path} was moved, deleted or replaced while the app was open: nothing more is saved "
    "into it. Close the app and open it again.",
    "Le fichier des parties enregistrées {path} a été déplacé, supprimé ou remplacé pendant que l'app était "
    "ouverte : plus rien n'y est enregistré. Fermez l'app et rouvrez-la.",
)
READ_ONLY_BECAUSE = Msg(
    "The saved matches file {path} opened read-only ({why}): matches can be viewed and exported, not changed.",
    "Le fichier des parties enregistrées {path} est ouvert en lecture seule ({why}) : on peut consulter et "
    "exporter les parties, pas les modifier.",
)
SIDE_REMADE = Msg(
    "The saved matches file had lost some of what it keeps beside the matches ({what}): made again; every match is "
    "intact.",
    "Le fichier des parties enregistrées avait perdu une part de ce qu'il garde à côté des matchs ({what}) : elle a "
    "été recréée ; tous les matchs sont intacts.",
)
SIDE_MISSING = Msg(
    "The saved matches file has lost some of what it keeps beside the matches ({what}): shown empty; every match is "
    "intact.",
    "Le fichier des parties enregistrées a perdu une part de ce qu'il garde à côté des matchs ({what}) : elle est "
    "affichée vide ; tous les matchs sont intacts.",
)
#: What a side table holds, said when it was lost (a cache, a draft or a device's lease is made again unsaid).
SIDE_DATA = {
    "players": Msg("the roster", "la liste des joueurs"),
    "aliases": Msg("the roster", "la liste des joueurs"),
    "nights": Msg("the club nights", "les soirées de club"),
    "night_ops": Msg("the club nights", "les soirées de club"),
    "match_evenings": Msg("the evenings matches were moved to", "les soirées où des matchs avaient été déplacés"),
}
READ_ONLY = Msg(
    "The saved matches file {path} is read-only: matches can be viewed, not changed.",
    "Le fichier des parties enregistrées {path} est en lecture seule : on peut consulter les matchs, pas les modifier.",
)
BAD_VALUE = Msg(
    "Cannot save {what}: {detail}",
    "Impossible d'enregistrer {what} : {detail}",
)
WHAT = {
    "op": Msg("this operation", "cette opération"),
    "setup": Msg("this match setup", "la configuration de la partie"),
    "summary": Msg("this summary", "ce résumé"),
    "game": Msg("this game name", "ce nom de jeu"),
    "draft": Msg("what is being entered", "la saisie en cours"),
}


# --------------------------------------------------------------------------- errors


class StoreError(CompanionError):
    """The match store cannot do what was asked; ``msg`` says why in both languages."""


class ConflictError(StoreError):
    """The match changed in another window/tab since the caller read it; nothing was written.

    Reload the match with :meth:`Store.load` (or :meth:`Store.ops`), rebuild the screen, then show
    this message; writes from this Store go through again once it has read the current log.
    """

    def __init__(self, msg: Msg = CONFLICT) -> None:
        super().__init__(msg)


class DamagedMatchError(StoreError):
    """A match whose row or log cannot be read or replayed; ``why`` says what, in both languages."""

    def __init__(self, match_id: int, why: Msg) -> None:
        super().__init__(DAMAGED_MATCH(why=why))
        self.match_id = match_id
        self.why = why


class ReadOnlyStoreError(StoreError):
    """The store was opened read-only: nothing can be written."""


class MatchNotFoundError(StoreError):
    """No match with that id (never created, or deleted meanwhile)."""


class NewerVersionError(StoreError):
    """The file was written by a newer release; it is left untouched (and never recovered aside)."""


class UnreadableStoreError(StoreError):
    """The file is not a (sound) companion store. ``reason`` is a short Msg; the file is untouched."""

    def __init__(self, path: Path, reason: Msg) -> None:
        super().__init__(UNREADABLE(path=str(path), reason=reason))
        self.path = path
        self.reason = reason



def sqlite_code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


_SQLITE_DETAILS = {
    8: Msg("the file is read-only", "le fichier est en lecture seule"),  # SQLITE_READONLY
    5: Msg("the file is busy in another program", "le fichier est occupé par un autre programme"),  # BUSY
    6: Msg("the file is locked", "le fichier est verrouillé"),  # LOCKED
    10: Msg("a disk input/output error", "une erreur d'entrée-sortie du disque"),  # IOERR
    13: DISK_FULL,  # FULL
    14: Msg("the file cannot be opened", "le fichier ne peut pas être ouvert"),  # CANTOPEN
    23: Msg("access to the file is not allowed", "l'accès au fichier n'est pas autorisé"),  # AUTH
    11: Msg("the file is damaged", "le fichier est endommagé"),  # CORRUPT
    26: Msg("the file is not a database", "le fichier n'est pas une base de données"),  # NOTADB
}
_OS_DETAILS = {
    28: _SQLITE_DETAILS[13],  # ENOSPC
    13: _SQLITE_DETAILS[23],  # EACCES
    30: _SQLITE_DETAILS[8],  # EROFS
    2: Msg("the file or its folder is gone", "le fichier ou son dossier a disparu"),  # ENOENT
    5: _SQLITE_DETAILS[10],  # EIO
}
OTHER_ERROR = Msg("an unexpected error ({code})", "une erreur inattendue ({code})")


def detail_of(exc: BaseException) -> Msg:
    """What went wrong, in both languages (SQLite's and the system's own text is English only)."""
    if isinstance(exc, sqlite3.Error):
        code = sqlite_code(exc)
        if code in _SQLITE_DETAILS:
            return _SQLITE_DETAILS[code]
        return OTHER_ERROR(code=getattr(exc, "sqlite_errorname", None) or type(exc).__name__)
    if isinstance(exc, OSError) and exc.errno in _OS_DETAILS:
        return _OS_DETAILS[exc.errno]
    return OTHER_ERROR(code=type(exc).__name__)


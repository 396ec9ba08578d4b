"""``companion export``, ``companion import`` and ``companion share``: matches out of the store and back, and a
match's summary as a QR code in the terminal."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.support import match_id_type, opened_store
from companion.core.commands import in_lang, lang_of
from companion.core.errors import CompanionError
from companion.core.i18n import Msg

if TYPE_CHECKING:
    from companion.store.database import Store

IMPORTED = Msg("{n} match(es) imported, {skipped} already here.", "{n} partie(s) importée(s), {skipped} déjà présente(s).")
NOT_IMPORTED = Msg("left out of the import: {why}", "laissée hors de l'import : {why}")
UNREADABLE = Msg("cannot read {path}: {why}", "impossible de lire {path} : {why}")
SKIPPED = Msg("match {id} left out of the export: {why}", "partie {id} laissée hors de l'export : {why}")


def _store(write: bool = False) -> contextlib.AbstractContextManager[Store]:
    return opened_store(write, matches=False)  # the export names each match it leaves out itself


def export(args: argparse.Namespace) -> int:
    import json

    from companion.records.export import as_csv, as_json, readable

    with _store() as store:
        matches, skipped = readable(store, args.match)
        if args.csv:
            text = as_csv(store, matches=matches)
        else:
            text = json.dumps(as_json(store, matches=matches), ensure_ascii=False, indent=1) + "\n"
    lang = lang_of(args)
    for match_id, why in skipped:  # a backup is never silently short: each match left out is named
        print(SKIPPED(id=match_id, why=why).text(lang), file=sys.stderr)
    if args.output:
        from companion.records.export import new_file

        path = Path(args.output)  # an existing file is never overwritten: the export goes beside it
        print(new_file(path.parent, path.stem, path.suffix, text))
    else:
        sys.stdout.write(text)
    return 1 if skipped else 0


def import_(args: argparse.Namespace) -> int:
    from companion.records.export import import_json

    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CompanionError(UNREADABLE(path=args.file, why=getattr(error, "strerror", None) or error)) from error
    with _store(write=True) as store:
        done = import_json(store, text)
    lang = lang_of(args)
    for why in done.refused:  # never silently short: each match left out is named, and the exit says so
        print(NOT_IMPORTED(why=why).text(lang), file=sys.stderr)
    print(IMPORTED(n=len(done.ids), skipped=done.already).text(lang))
    return 1 if done.refused else 0


def share(args: argparse.Namespace) -> int:
    from companion.core.names import escaped
    from companion.core.qr import terminal_lines
    from companion.records.share import summary_text
    from companion.store.errors import DamagedMatchError

    with _store() as store:
        record = store.match(args.match)
        why = record.damaged or store.unreadable().get(record.id)
        if why is not None:  # what it would say is not what was played: nothing to share
            raise DamagedMatchError(record.id, why)
        text = summary_text(record, lang_of(args))
    print("\n".join([*terminal_lines(text), *map(escaped, text.split("\n"))]))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    out = commands.add_parser("export", help=in_lang("write one match or the whole history as JSON (or CSV)",
                                                     "écrire un match ou tout l'historique en JSON (ou CSV)"),
                              description=in_lang("Writes the matches with their logs as JSON (which « companion import » "
                                                  "reads back), or one row per match as CSV.",
                                                  "Écrit les matchs avec leurs journaux en JSON (que « companion import » "
                                                  "relit), ou une ligne par match en CSV."))
    out.add_argument("--match", type=match_id_type, metavar="ID", help=in_lang("only this match (default: every match)",
                                                                               "seulement ce match (par défaut : tous les "
                                                                               "matchs)"))
    out.add_argument("--csv", action="store_true", help=in_lang("CSV, one row per match, instead of JSON",
                                                                "CSV, une ligne par match, au lieu de JSON"))
    out.add_argument("--output", "-o", metavar="FILE", help=in_lang("write to a new file (default: standard output)",
                                                                    "écrire dans un nouveau fichier (par défaut : la sortie "
                                                                    "standard)"))
    out.set_defaults(func=export)
    into = commands.add_parser("import", help=in_lang("add the matches of an exported JSON file",
                                                      "ajouter les matchs d'un fichier JSON exporté"),
                               description=in_lang("Checks every match of the file by replaying it; a bad file is refused "
                                                   "with the reason and changes nothing. Matches already here are skipped.",
                                                   "Vérifie chaque match du fichier en le rejouant ; un mauvais fichier est "
                                                   "refusé, motif à l'appui, et ne change rien. Les matchs déjà présents sont "
                                                   "ignorés."))
    into.add_argument("file", metavar="FILE", help=in_lang("a JSON file written by « companion export »",
                                                           "un fichier JSON écrit par « companion export »"))
    into.set_defaults(func=import_)
    show = commands.add_parser("share", help=in_lang("a match's summary as a QR code that any phone camera reads",
                                                     "le résumé d'un match en code QR, lisible par l'appareil photo de tout "
                                                     "téléphone"))
    show.add_argument("match", type=match_id_type, metavar="ID",
                      help=in_lang("the match's number (as « companion export » lists it)",
                                   "le numéro du match (tel que « companion export » le donne)"))
    show.set_defaults(func=share)

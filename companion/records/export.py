"""Matches out of the store and back: a damaged match as raw JSON (for inspection); one match or the whole
history as JSON (which ``import_json`` reads back) or CSV (one row per match, for a spreadsheet).

The JSON holds each match's setup and its log, nothing computed: an import replays every log through its
game's engine, so a file edited by hand, damaged, or from a newer release is refused with the reason, and
nothing is written unless every match in it is sound.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple

from companion.core.errors import CompanionError, unreadable_json
from companion.core.i18n import Msg
from companion.core.sheets import csv_text
from companion.games import registry
from companion.records.disclosure import Disclosed, disclose
from companion.records.share import sides_and_winners
from companion.store.database import MatchRecord, Store, read_time
from companion.store.errors import DamagedMatchError, StoreError, detail_of
from companion.store.session import UNREPLAYABLE

EXPORT_FAILED = Msg("The export could not be written: {why}", "L'export n'a pas pu être écrit : {why}")


FORMAT = "companion-matches"
VERSION = 1
CSV_COLUMNS = ("id", "game", "created", "updated", "finished", "players", "scores", "winners", "entries")

BAD_FILE = Msg("This file cannot be imported: {why}", "Ce fichier ne peut pas être importé : {why}")
NOT_OURS = Msg("it is not a companion export", "ce n'est pas un export de companion")
NEWER = Msg("it was written by a newer companion (format {found}; this one reads {known})",
            "il a été écrit par un companion plus récent (format {found} ; celui-ci lit le {known})")
BAD_MATCH = Msg("match {n}: {why}", "partie {n} : {why}")
MISSING = Msg("the field {field!r} is missing or wrong", "le champ {field!r} manque ou est faux")
BAD_VERSION = Msg("its format number {found} is not one companion writes", "son numéro de format {found} n'est pas "
                  "un de ceux qu'écrit companion")
BAD_DATE = Msg("the date {field!r} is not one a table could have played on", "la date {field!r} n'est pas une date "
               "où une table a pu jouer")
UNKNOWN_RULE = Msg("the house rule {name!r} is unknown to this release", "la règle maison {name!r} est inconnue de "
                   "cette version")
UNREADABLE_MATCH = Msg("unreadable ({what})", "illisible ({what})")


class ImportRefused(CompanionError):
    """An export that cannot be imported; nothing was written."""


def exports_dir(store: Store) -> Path:
    return store.path.parent / "exports"


def new_file(directory: Path, stem: str, suffix: str, text: str) -> Path:
    """Write ``text`` to a new file (never overwriting an earlier export), atomically; returns its path."""
    path = directory / f"{stem}{suffix}"
    n = 1
    while path.exists():
        n += 1
        path = directory / f"{stem}-{n}{suffix}"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8", newline="")
        os.replace(tmp, path)
    except OSError as exc:
        raise StoreError(EXPORT_FAILED(why=detail_of(exc))) from exc
    return path


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def export_raw(store: Store, match_id: int, directory: Path | None = None) -> Path:
    """Write the match exactly as stored (every column as text) to a new JSON file; returns its path."""
    data = store.raw_match(match_id)
    return new_file(directory or exports_dir(store), f"match-{match_id}-raw-{_stamp()}", ".json",
                     json.dumps(data, ensure_ascii=False, indent=1))


# ---------------------------------------------------------------- JSON and CSV

class Exported(NamedTuple):
    """A match as an export may carry it now (``companion.records.disclosure``): never a card still hidden."""

    record: MatchRecord
    shown: Disclosed


def readable(store: Store, match_id: int | None = None) -> tuple[list[Exported], list[tuple[int, Msg]]]:
    """The matches an export can hold (one, or every one), each replayed through its game and cut to what may
    leave the app now, and each one left out with the reason (its row cannot be read, its log does not replay)."""
    records = [store.match(match_id)] if match_id is not None else sorted(store.list_matches(), key=lambda r: r.id)
    good, skipped = [], []
    for record in records:
        try:
            if record.damaged is not None:
                raise DamagedMatchError(record.id, record.damaged)
            _, ops = store.load(record.id)
            good.append(Exported(record, disclose(registry.get(record.game), record.setup, ops)))
        except DamagedMatchError as exc:
            skipped.append((record.id, exc.why))
        except CompanionError as exc:  # a log the game no longer replays: the app lists the match as damaged too
            skipped.append((record.id, exc.msg))
        except Exception as exc:  # noqa: BLE001 (any row a release never wrote: left out and named, never a crash)
            skipped.append((record.id, UNREPLAYABLE(what=type(exc).__name__)))
    return good, skipped


def as_json(store: Store, match_id: int | None = None, matches: list[Exported] | None = None) -> dict[str, Any]:
    """One match (``match_id``) or every readable match (or ``matches``), with setups and logs, as may leave the
    app now: an unfinished virtual match without its round under way (``withheld`` entries) nor its seed."""
    items = []
    for record, shown in matches if matches is not None else readable(store, match_id)[0]:
        items.append({"id": record.id, "game": record.game, "setup": shown.setup, "ops": shown.ops,
                      "withheld": shown.withheld, "created": record.created.isoformat(),
                      "updated": record.updated.isoformat(), "finished": record.finished, "summary": record.summary})
    return {"format": FORMAT, "version": VERSION, "exported": datetime.now(UTC).isoformat(timespec="seconds"),
            "matches": items}


def as_csv(store: Store, match_id: int | None = None, matches: list[Exported] | None = None) -> str:
    """One row per match: its players, scores and winners (names joined by « / »), and its entries exported."""
    rows = []
    for record, shown in matches if matches is not None else readable(store, match_id)[0]:
        summary = record.summary
        sides, winners = sides_and_winners(summary)
        rows.append([record.id, record.game, record.created.isoformat(timespec="seconds"),
                     record.updated.isoformat(timespec="seconds"), int(record.finished), " / ".join(sides),
                     " / ".join(str(x) for x in summary.get("scores", [])), " / ".join(winners), len(shown.ops)])
    return csv_text(CSV_COLUMNS, rows)


def export_texts(store: Store, match_id: int | None = None, kinds: tuple[str, ...] = ("json", "csv")
                 ) -> list[tuple[str, str]]:
    """The JSON and (or) the CSV of one match or of the whole history, as (file name, text): written on this
    machine, or sent to the device that asked (a tablet's browser downloads them)."""
    stem = f"match-{match_id}-{_stamp()}" if match_id is not None else f"history-{_stamp()}"
    matches = readable(store, match_id)[0]
    texts = {"json": lambda: json.dumps(as_json(store, matches=matches), ensure_ascii=False, indent=1),
             "csv": lambda: as_csv(store, matches=matches)}
    return [(f"{stem}.{kind}", texts[kind]()) for kind in kinds]


def write_files(directory: Path, files: list[tuple[str, str]]) -> list[Path]:
    """Each (file name, text) as a new file in ``directory`` (never overwriting one); returns their paths."""
    return [new_file(directory, Path(name).stem, Path(name).suffix, text) for name, text in files]


def export_files(store: Store, match_id: int | None = None, directory: Path | None = None) -> tuple[Path, Path]:
    """The JSON and the CSV of one match or of the whole history, as new files; returns their paths."""
    json_path, csv_path = write_files(directory or exports_dir(store), export_texts(store, match_id))
    return json_path, csv_path


# ---------------------------------------------------------------- import

class Imported(NamedTuple):
    """What an import did: the new matches' ids, how many were here already, and each match refused, with why."""

    ids: list[int]
    already: int
    refused: list[Msg]


def _fingerprint(game: str, setup: dict[str, Any], ops: list[Any]) -> str:
    text = json.dumps([game, setup, ops], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _unseeded(setup: dict[str, Any]) -> dict[str, Any]:
    """A setup as an export of the match unfinished carries it (``disclosure``): without its seed."""
    return {**setup, "seed": None}


def _checked(n: int, item: Any) -> dict[str, Any]:
    """One match of an export, replayed through its game's engine: the row to store, or ImportRefused."""
    def refuse(why: Msg) -> ImportRefused:
        return ImportRefused(BAD_MATCH(n=n, why=why))

    if not isinstance(item, dict):
        raise refuse(MISSING(field="matches"))
    for key, kind in (("game", str), ("setup", dict), ("ops", list)):
        if not isinstance(item.get(key), kind):
            raise refuse(MISSING(field=key))
    now = datetime.now(UTC)
    times = {}
    for key in ("created", "updated"):
        when = read_time(item.get(key, now.isoformat()))
        if when is None or when > now + timedelta(days=1):  # year 1, 9999, next month: no table played then
            raise refuse(BAD_DATE(field=key))
        times[key] = when.isoformat(timespec="microseconds")
    try:
        game = registry.get(item["game"])
        setup = game.read_setup(item["setup"])
        match = game.match.replay(setup, item["ops"])
        # An unfinished virtual match leaves the app without the seed of its rounds to come: it goes on with rounds
        # dealt from a new one.
        stored_setup = game.setup_json(setup.with_seed())
        rules = item["setup"].get("rules", {})
        unknown = sorted(set(rules) - set(stored_setup.get("rules", {}))) if isinstance(rules, dict) else []
        if unknown:  # never dropped silently: the match would be played by other rules than the file says
            raise refuse(UNKNOWN_RULE(name=str(unknown[0])[:40]))
        # What is stored is what was decoded, encoded again: never the file's own dicts (extra fields, odd
        # spellings), so the store only ever holds what this release wrote.
        ops = [op.to_json() for op in match.log]
    except ImportRefused:
        raise
    except CompanionError as exc:
        raise refuse(exc.msg) from exc
    except Exception as exc:  # noqa: BLE001 (any shape no decoder expected, recursion included: refused)
        raise refuse(UNREADABLE_MATCH(what=type(exc).__name__)) from exc
    return {"game": game.id, "setup": stored_setup, "ops": ops, "summary": game.summarize(match),
            "finished": match.is_over, "reseeded": stored_setup.get("seed") != setup.seed, **times}


def import_json(store: Store, text: str) -> Imported:
    """Import an export: every match checked, then every sound one written in one transaction; each one refused
    is named with the reason, and a file none of whose matches is sound is refused whole (ImportRefused), as is a
    file that is not an export. A match already in the store (the same game, setup and log, or an export of it
    unfinished: the start of its log) is not added again."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ImportRefused(BAD_FILE(why=unreadable_json(exc))) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("matches"), list):
        raise ImportRefused(BAD_FILE(why=NOT_OURS))
    version = data.get("version")
    if type(version) is not int or version > VERSION:
        raise ImportRefused(BAD_FILE(why=NEWER(found=str(version)[:8], known=VERSION)))
    if version < 1:
        raise ImportRefused(BAD_FILE(why=BAD_VERSION(found=version)))
    rows, refused = [], []
    for n, item in enumerate(data["matches"], 1):
        try:
            rows.append(_checked(n, item))
        except ImportRefused as exc:
            refused.append(exc.msg)
    if refused and not rows:
        raise ImportRefused(BAD_FILE(why=refused[0]))
    have: set[str] = set()
    logs: dict[str, list[list[dict[str, Any]]]] = {}  # by game and seedless setup: the logs here
    for record in store.list_matches():
        if record.damaged is None:
            try:
                ops = store.ops(record.id)
            except StoreError:
                continue
            have.add(_fingerprint(record.game, record.setup, ops))
            logs.setdefault(_fingerprint(record.game, _unseeded(record.setup), []), []).append(ops)
    fresh = []
    for row in rows:
        reseeded = row.pop("reseeded")
        key = _fingerprint(row["game"], row["setup"], row["ops"])
        here = logs.get(_fingerprint(row["game"], _unseeded(row["setup"]), []), [])
        if key in have or reseeded and any(ops[:len(row["ops"])] == row["ops"] for ops in here):
            continue
        have.add(key)
        fresh.append(row)
    return Imported(store.add_matches(fresh), len(rows) - len(fresh), refused)

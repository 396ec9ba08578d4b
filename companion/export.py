"""Writing matches out of the store as files (a damaged match as raw JSON, for inspection)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from companion.i18n import Msg
from companion.store import Store, StoreError, detail_of

EXPORT_FAILED = Msg("The export could not be written: {why}", "L'export n'a pas pu être écrit : {why}")


def exports_dir(store: Store) -> Path:
    return store.path.parent / "exports"


def export_raw(store: Store, match_id: int, directory: Path | None = None) -> Path:
    """Write the match exactly as stored (every column as text) to a new JSON file; returns its path."""
    data = store.raw_match(match_id)
    directory = directory or exports_dir(store)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = directory / f"match-{match_id}-raw-{stamp}.json"
    n = 1
    while path.exists():  # never overwrite an earlier export
        n += 1
        path = directory / f"match-{match_id}-raw-{stamp}-{n}.json"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise StoreError(EXPORT_FAILED(why=detail_of(exc))) from exc
    return path

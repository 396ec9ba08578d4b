"""Opening the store for the app (a damaged file set aside, bytes kept, and said until seen) and for a command
(never set aside behind the player's back)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

try:  # POSIX only; recovery is serialised between processes where available.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from companion.core.i18n import Msg
from companion.store.database import Store, default_path
from companion.store.errors import DAMAGED, IO_FAILED, RECOVERED, StoreError, UnreadableStoreError, detail_of
from companion.store.inspection import SIDE_FILES
from companion.store.schema import MIGRATIONS, Migration


@contextmanager
def _recovery_lock(path: Path) -> Iterator[None]:
    """Serialise recoveries of one file between processes (two tabs starting together)."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock_path = path.with_name(path.name + ".recover-lock")
    with open(lock_path, "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def _move_aside(path: Path) -> Path:
    """Rename ``path`` (and its -wal/-shm/-journal) to ``<name>.unreadable-<UTC stamp>``; bytes kept."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = f"{path.name}.unreadable-{stamp}"
    kept = path.with_name(base)
    n = 1
    while any(path.with_name(kept.name + suffix).exists() for suffix in ("", *SIDE_FILES)):
        n += 1
        kept = path.with_name(f"{base}-{n}")
    # Side files first: a WAL left at the original path would be replayed into the new store.
    for suffix in SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.rename(side, path.with_name(kept.name + suffix))
    os.rename(path, kept)
    _fsync_dir(path.parent)
    return kept


DAMAGED_FILE = Msg(
    "The saved matches file {path} cannot be read ({reason}). Nothing was changed: the app sets it aside (and keeps "
    "it) when it starts, and says so.",
    "Le fichier des parties enregistrées {path} est illisible ({reason}). Rien n'a été changé : l'app le met de côté "
    "(et le garde) à son démarrage, et le dit.",
)


DAMAGED_READ = Msg(
    "The saved matches file {path} is damaged: what is shown is what could still be read. Nothing was changed: the "
    "app sets it aside (and keeps it) when it starts, and says so.",
    "Le fichier des parties enregistrées {path} est endommagé : ce qui est affiché est ce qui a encore pu être lu. "
    "Rien n'a été changé : l'app le met de côté (et le garde) à son démarrage, et le dit.",
)


def open_for_command(write: bool = False) -> Store:
    """The store as a command opens it: read-only for a command that only reads; judged as the app judges it (the
    same integrity check); never set aside behind the player's back. A damaged file is a StoreError that says so,
    and what the app will do with it; a command that only reads still reads what SQLite can (the last chance of a
    backup before the app sets the file aside), and ``damaged`` says that the file is damaged."""
    path = default_path()
    try:
        if write or not path.exists():
            return Store.open(path)
        return Store.open(path, read_only=True)
    except UnreadableStoreError as exc:
        if write or exc.reason != DAMAGED:
            raise StoreError(DAMAGED_FILE(path=str(path), reason=exc.reason)) from exc
    try:
        store = Store.open(path, read_only=True, thorough=False)  # what can be read, without the integrity scan
    except UnreadableStoreError as exc:
        raise StoreError(DAMAGED_FILE(path=str(path), reason=exc.reason)) from exc
    store.damaged = DAMAGED_READ(path=str(path))
    return store


def open_or_recover(
    path: Path | None = None, *, migrations: Sequence[Migration] = MIGRATIONS
) -> tuple[Store, Msg | None]:
    """Open the store; if the file is foreign or damaged, keep it aside and start an empty one.

    Returns the store and, after a recovery, a one-line bilingual message for the player.
    A file from a newer release, or an I/O problem, is never moved: StoreError propagates.
    """
    path = Path(path) if path is not None else default_path()
    try:
        return _remade_said(Store.open(path, migrations=migrations))
    except UnreadableStoreError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    with _recovery_lock(path):
        try:  # another process may have recovered it while we waited for the lock
            return _remade_said(Store.open(path, migrations=migrations))
        except UnreadableStoreError as exc:
            reason = exc.reason
        try:
            kept = _move_aside(path)
        except OSError as exc:
            raise StoreError(IO_FAILED(path=str(path), detail=detail_of(exc))) from exc
        store = Store.open(path, migrations=migrations)
    said = RECOVERED(reason=reason, kept=str(kept))
    _note_set_aside(path, said)
    return store, said


def _remade_said(store: Store) -> tuple[Store, Msg | None]:
    """A store whose file had lost a table kept beside the matches (made again): said, as a file set aside is,
    at every start until the player has seen it."""
    if store.remade is not None:
        _note_set_aside(store.path, store.remade)
    return store, store.remade


def _set_aside_notes(path: Path) -> Path:
    return path.with_name(path.name + ".set-aside.json")


def _note_set_aside(path: Path, said: Msg) -> None:
    """Remember a file set aside until the player has seen it: the app says so at every start until then."""
    notes = _set_aside_notes(path)
    try:
        kept = json.loads(notes.read_text(encoding="utf-8")) if notes.exists() else []
    except (OSError, ValueError, RecursionError):
        kept = []
    kept = [n for n in kept if isinstance(n, dict)] if isinstance(kept, list) else []
    kept.append({"en": said.text("en"), "fr": said.text("fr")})
    try:
        tmp = notes.with_suffix(".tmp")
        tmp.write_text(json.dumps(kept[-20:], ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, notes)
    except OSError:
        pass  # said this time at least; a folder that cannot be written cannot remember it


def unseen_set_aside(path: Path) -> list[Msg]:
    """What the app said about files set aside that the player has not marked as seen, oldest first."""
    try:
        notes = json.loads(_set_aside_notes(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return []

    def literal(text: object) -> str:
        return str(text)[:600].replace("{", "{{").replace("}", "}}")

    return [Msg(literal(n.get("en", "")), literal(n.get("fr", n.get("en", ""))))
            for n in (notes if isinstance(notes, list) else []) if isinstance(n, dict)]


def forget_set_aside(path: Path) -> None:
    """The player has seen what was set aside: stop saying it."""
    try:
        _set_aside_notes(path).unlink()
    except OSError:
        pass

"""Child process for the store tests (a script, not a test module).

    python tests/helpers/store_writer.py crash PATH
        Append operations forever to the first match of the store at PATH (creating it if
        needed). Prints ``match ID`` once, then each new head after ``append`` returned
        (flushed): what the app would have shown. The parent kills it with SIGKILL.

    python tests/helpers/store_writer.py contend PATH MATCH_ID WRITER COUNT
        Append COUNT operations {"writer": WRITER, "i": i} to MATCH_ID, reloading and retrying on
        ConflictError as a browser tab would. Prints ``ready`` once the store is open, waits for a
        line on stdin (so that all writers start together), then prints the number of conflicts met.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``companion`` importable from the repository
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.store.database import Store  # noqa: E402
from companion.store.errors import ConflictError


def op_for(seq: int) -> dict:
    """The operation written at ``seq``: sizes vary from a few bytes to more than a page."""
    return {"seq": seq, "kind": "test", "note": f"entry {seq}", "pad": "x" * ((seq * 7919) % 6000)}


def crash(path: Path) -> None:
    store = Store.open(path)
    matches = store.list_matches()
    match_id = min(m.id for m in matches) if matches else store.create_match("crash-test", {"purpose": "crash"})
    print(f"match {match_id}", flush=True)
    record, _ = store.load(match_id)
    head = record.head
    while True:
        head = store.append(match_id, op_for(head + 1), head, summary={"last": head + 1})
        print(head, flush=True)


def contend(path: Path, match_id: int, writer: int, count: int) -> None:
    conflicts = done = 0
    with Store.open(path) as store:
        print("ready", flush=True)
        sys.stdin.readline()  # start together with the other writers
        while done < count:
            record, _ops = store.load(match_id)
            try:
                store.append(match_id, {"writer": writer, "i": done}, record.head)
            except ConflictError:
                conflicts += 1
                continue
            done += 1
    print(conflicts, flush=True)


def main(argv: list[str]) -> None:
    mode, path = argv[0], Path(argv[1])
    if mode == "crash":
        crash(path)
    elif mode == "contend":
        contend(path, int(argv[2]), int(argv[3]), int(argv[4]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""One browser's app process, started by ``companion serve`` (``python -m companion.serving.child``).

It must never outlive the server: on Linux the kernel sends it SIGTERM when its parent dies
(``PR_SET_PDEATHSIG``); everywhere, a watch thread ends it once it has been handed to another parent.
A spectator's app opens the store read-only: every change is refused with the reason, and the matches
it shows follow the other devices' entries live.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING

from companion.core.i18n import Msg
from companion.store.settings import Settings

if TYPE_CHECKING:
    from pathlib import Path

    from companion.store.database import Store

SPECTATOR = Msg("Spectator: this screen follows the matches live; changes are made on a player's device.",
                "Spectateur : cet écran suit les parties en direct ; on les modifie sur l'appareil d'un joueur.")
SPECTATOR_REFUSES = Msg("This device is a spectator's: nothing can be changed from it (a player's device can).",
                        "Cet appareil est celui d'un spectateur : rien ne s'y modifie (l'appareil d'un joueur, oui).")
PR_SET_PDEATHSIG = 1


def end_with(parent: int) -> None:
    """End this process when ``parent`` dies (or has already died)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def tab_settings(lang: str | None) -> Settings:
    """The laptop's settings as this tab's defaults, never written back: a language or pace chosen on one
    tablet stays on that tablet (the next player's opens as the table's)."""
    settings = Settings.load()
    settings.path = None
    if lang:
        settings.lang = lang
    return settings


def spectator_store(path: Path | None = None) -> Store:
    """The store as a spectator's app opens it: read-only, every change refused with the spectator's reason (never
    the laptop's file path)."""
    from companion.store.database import Store

    store = Store.open(path, read_only=True)
    store.refusal = SPECTATOR_REFUSES
    return store


def give_way() -> None:
    """A tablet's app gives way to the server's own process, which serves every phone of the room: each app runs in a
    session of its own, which Linux schedules as a group of its own, so ten tablets starting at once would each get
    as much of the cores as the server (the phones' hands waited on them: 1.2 s to draw, 0.3 s once the apps give
    way; ``companion.dev.tables_bench``). Where the system allows neither, nothing changes."""
    try:
        os.nice(10)
    except OSError:
        pass
    try:
        with open("/proc/self/autogroup", "w", encoding="ascii") as group:
            group.write("10")
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion-served")
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--lang", choices=("en", "fr"))
    parser.add_argument("--match", type=int, help="a tablet of this match only (its own token opened it)")
    args = parser.parse_args(argv)
    end_with(args.parent)
    give_way()

    from companion.store.errors import StoreError
    from companion.store.recovery import open_or_recover
    from companion.tui.app import CompanionApp

    settings = tab_settings(args.lang)
    notice: Msg | None
    try:
        if args.spectator:
            store, notice = spectator_store(), SPECTATOR
        else:
            store, notice = open_or_recover()
    except StoreError as error:
        print(error.text(settings.lang), file=sys.stderr)
        return 1
    with store:
        CompanionApp(store, settings=settings, notice=notice, served=True, only_match=args.match).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

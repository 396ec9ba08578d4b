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

from companion.core.i18n import Msg

SPECTATOR = Msg("Spectator: this screen follows the matches live; changes are made on a player's device.",
                "Spectateur : cet écran suit les parties en direct ; on les modifie sur l'appareil d'un joueur.")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion-served")
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--lang", choices=("en", "fr"))
    args = parser.parse_args(argv)
    end_with(args.parent)

    from companion.store.database import Store
    from companion.store.errors import StoreError
    from companion.store.recovery import open_or_recover
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp

    settings = Settings.load()
    if args.lang:
        settings.lang = args.lang
    notice: Msg | None
    try:
        if args.spectator:
            store, notice = Store.open(read_only=True), SPECTATOR
        else:
            store, notice = open_or_recover()
    except StoreError as error:
        print(error.text(settings.lang), file=sys.stderr)
        return 1
    with store:
        CompanionApp(store, settings=settings, notice=notice).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

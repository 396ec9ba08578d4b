"""The app as every screen and dialog knows it (``HostApp``): below the screens, so that they import it without an
import circle; ``app.py`` adds its home screen and runs it."""

from __future__ import annotations

import gc
import os
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive

from companion.core.i18n import Joined, Msg
from companion.store.database import Store
from companion.store.settings import Settings

SETTINGS_UNREADABLE = Msg("Your settings file could not be read: the defaults are used (the file is kept).",
                          "Le fichier de vos réglages est illisible : les réglages par défaut servent (le fichier est gardé).")
TITLE = Msg("companion · card-table companion", "companion · compagnon de table de cartes")
WRITTEN = Msg("Written: {paths}", "Écrit : {paths}")
READ_ONLY_SERVED = Msg("The saved matches on the laptop are read-only: they can be viewed here, not changed.",
                       "Les parties enregistrées sur le portable sont en lecture seule : on peut les consulter ici, "
                       "pas les modifier.")
SENT = Msg("Sent to this device: {names} (in the browser's downloads)",
           "Envoyé à cet appareil : {names} (dans les téléchargements du navigateur)")


class HostApp(App[None]):
    """The app as its screens and dialogs know it: the store, the settings, the language, the device it runs on and
    what it hands over; dependencies come in through the constructor, so tests pass their own store. Its home
    screen is ``CompanionApp``'s (``app.py``): nothing here imports a screen."""

    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False  # its words are English only; every action has a button or a key
    TITLE = "companion"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    lang: reactive[str] = reactive("en")

    def __init__(self, store: Store, *, lang: str | None = None, settings: Settings | None = None,
                 notice: Msg | None = None, served: bool = False, only_match: int | None = None) -> None:
        super().__init__()
        self.store = store
        self.served = served  # a browser's tab of « companion serve »: files go to that device, not this machine
        self.only_match = only_match  # a tablet of one match (its own token): that match only, no home screen
        # This app among the devices on one match (companion.store.devices): who drives, who asked an undo.
        self.device_id = f"{os.getpid()}-{os.urandom(4).hex()}"  # os.urandom: what secrets uses, without its import
        self.settings = settings or Settings(lang=lang or "en")
        self.set_reactive(HostApp.lang, lang or self.settings.lang)
        notices = [notice] if notice is not None else []  # shown on the home screen, e.g. a file set aside
        if store.read_only and not served:  # on the laptop itself: which file, and why
            from companion.store.errors import READ_ONLY, READ_ONLY_BECAUSE

            why = getattr(store, "read_only_why", None)
            notices.append(READ_ONLY_BECAUSE(path=str(store.path), why=why) if why else READ_ONLY(path=str(store.path)))
        elif store.read_only and store.refusal is None:  # (a spectator's store has its own, said by its notice)
            # A device served to others is never shown the laptop's file path: not here, nor in a refused change.
            store.refusal = READ_ONLY_SERVED
            notices.append(READ_ONLY_SERVED)
        if self.settings.unreadable:
            notices.append(SETTINGS_UNREADABLE)
        self.notice = Msg("{a}", "{a}")(a=Joined(tuple(notices), "\n")) if len(notices) > 1 else (
            notices[0] if notices else None)
        self.set_aside: list[Msg] = []  # files set aside not yet marked seen (home says them, with « Seen »)
        self.damage_checked: dict[tuple[int, int], Msg | None] = {}  # (match id, rev) -> why it cannot open
        self.unseen_keys: list[str] = []  # typed before the screen on top was drawn: not given to it
        self.theme = "textual-dark"  # one look everywhere, whatever TEXTUAL_THEME says

    def on_mount(self) -> None:
        # What is alive once the app runs (Textual, every module, the store) lives as long as the app: out of the
        # collector's sight, a full collection walks only what play adds, and the screen stalls less while it
        # runs (companion bench --ui-block). Cheap: no collection, only a move between the collector's lists.
        gc.freeze()

    def on_unmount(self) -> None:
        gc.unfreeze()  # the app is done: all of it may go (several apps run one after another in the tests)

    async def on_event(self, event: events.Event) -> None:
        """A key typed before the screen on top was drawn was meant for the one before it (type-ahead after an entry
        that raised a question): it is not given to that screen, so a question never takes an answer nobody saw it
        ask; the screen below says what was typed and not entered (``unseen_keys``)."""
        if isinstance(event, events.Key) and not event.is_forwarded and event.time < getattr(self.screen, "shown_at", 0):
            self.unseen_keys.append("\n" if event.key == "enter" else event.character or "")
            return
        await super().on_event(event)

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notifications carry names and reasons: plain text, never markup."""
        super().notify(message, markup=markup, **kwargs)

    def tr(self, msg: Msg, **args: Any) -> str:
        """A message in the player's language."""
        return (msg(**args) if args else msg).text(self.lang)

    def tablet_address(self, match_id: int) -> str | None:
        """The address that opens one match on a tablet, while « companion serve » runs on this store; only the
        organiser's app hands it out (not a spectator's, nor a tablet that has a match of its own)."""
        if self.store.read_only or self.only_match is not None:
            return None
        from companion.serving.tablets import match_address

        return match_address(self.store.path, match_id)

    def seat_address(self, match_id: int, seat: int) -> str | None:
        """Give a seat of a match to a new device: the address its QR code holds (the device before it is let
        go), while « companion serve » runs; only the organiser's app gives seats."""
        if self.tablet_address(match_id) is None:  # not the organiser's app, or no server running
            return None
        from companion.serving.tablets import match_address

        return match_address(self.store.path, match_id, (seat, self.store.bind_seat(match_id, seat)))

    def night_address(self, night_id: int, player: int | None) -> str | None:
        """A club night's code: a player's own phone for the whole night (a new phone each time it is shown: the
        one before is let go), or (``player`` None) the standings for the wall; while « companion serve » runs and
        only from the organiser's app."""
        if self.tablet_address(0) is None:
            return None
        from companion.club.saved import give_phone
        from companion.serving.tablets import night_address

        phone = None if player is None else (player, give_phone(self.store, night_id, player))
        return night_address(self.store.path, night_id, phone)

    def hand_over(self, files: list[tuple[str, str]]) -> Msg:
        """Exports and shares, as (file name, text): downloaded by the browser of the device that asked when
        served, else written in the exports folder beside the saved matches. Says where they went (a
        StoreError if they could not be written)."""
        if self.served:
            import io

            for name, text in files:
                self.deliver_text(io.StringIO(text), save_filename=name, open_method="download",
                                  mime_type="text/csv" if name.endswith(".csv") else "application/json")
            return SENT(names=" · ".join(name for name, _ in files))
        from companion.records.export import exports_dir, write_files

        paths = write_files(exports_dir(self.store), files)
        return WRITTEN(paths=" · ".join(str(p) for p in paths))

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.settings.lang = lang
        self.settings.save()

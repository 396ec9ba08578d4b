"""``companion serve [--port N] [--lan] [--dry-run]``: the app in the browsers of the table's tablets.

Imports nothing of the web server until the command runs, so the other commands start as fast as before."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from companion.core.commands import in_lang, lang_in, lang_of
from companion.core.errors import CompanionError
from companion.core.i18n import Msg

DEFAULT_PORT = 8000
LOOPBACK = "127.0.0.1"

OPEN_THIS = Msg("companion is served. Open this address (it carries a secret token; anyone who has it can play):",
                "companion est servi. Ouvrez cette adresse (elle porte un jeton secret ; qui l'a peut jouer) :")
SPECTATORS = Msg("Spectators (can watch, cannot change anything):",
                 "Spectateurs (peuvent regarder, sans rien modifier) :")
SCAN = Msg("Scan with the tablet's camera, or type the address under the code:",
           "Scannez avec l'appareil photo de la tablette, ou tapez l'adresse sous le code :")
STOP = Msg("Ctrl+C stops the server and every app it started.",
           "Ctrl+C arrête le serveur et toutes les applications qu'il a lancées.")
WOULD = Msg("Dry run: nothing is listening; companion serve would bind {host}:{port}.",
            "Essai : rien n'écoute ; companion serve écouterait sur {host}:{port}.")
NO_LAN = Msg("no local network found: connect this machine to the table's Wi-Fi, or serve without --lan",
             "aucun réseau local trouvé : reliez cette machine au Wi-Fi de la table, ou servez sans --lan")
PORT_BUSY = Msg("cannot listen on {host}:{port}: {why}", "impossible d'écouter sur {host}:{port} : {why}")
NO_SERVER = Msg("serving needs textual-serve: pip install textual-serve",
                "servir demande textual-serve : pip install textual-serve")


class ServeError(CompanionError):
    pass


@dataclass(frozen=True)
class Plan:
    host: str  # the address bound
    port: int

    def url(self, token: str) -> str:
        return f"http://{self.host}:{self.port}/?token={token}"

    @property
    def public_url(self) -> str:
        return f"http://{self.host}:{self.port}"


def port_number(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535 (argparse says so in one line otherwise)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(BAD_PORT(text=text[:12]).text(lang_in(sys.argv[1:])))
    return port


BAD_PORT = Msg("{text} is not a port (0 to 65535; 0: any free port)",
               "{text} n'est pas un port (0 à 65535 ; 0 : n'importe quel port libre)")


def plan(lan: bool, port: int) -> Plan:
    """Where the server listens: loopback, or with ``lan`` this machine's local-network address (never every
    interface: only the network the table is on)."""
    if not lan:
        return Plan(LOOPBACK, port)
    from companion.serving.server import lan_address

    address = lan_address()
    if address is None:
        raise ServeError(NO_LAN)
    return Plan(address, port)


def announce(where: Plan, play: str, view: str, lan: bool, lang: str) -> list[str]:
    """What the command prints once it listens: the address on a line of its own first, then (``lan``) its QR
    code with the plain address under it, and the spectators' address."""
    from companion.core.qr import terminal_lines

    url = where.url(play)
    out = [OPEN_THIS.text(lang), url]
    if lan:
        out += ["", SCAN.text(lang), *terminal_lines(url), url]
    out += ["", SPECTATORS.text(lang), where.url(view), "", STOP.text(lang)]
    return out


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    where = plan(args.lan, args.port)
    try:
        from companion.serving.server import GuardedServer, Tokens, bind
    except ImportError as error:  # textual-serve is a dependency; a broken install says what is missing
        raise ServeError(NO_SERVER) from error
    tokens = Tokens()
    if not args.dry_run:  # the store exists before any tab opens it (a spectator's opens it read-only)
        from companion.store.recovery import open_or_recover

        open_or_recover()[0].close()
    if args.dry_run:
        print(WOULD(host=where.host, port=where.port).text(lang))
        print("\n".join(announce(where, tokens.play, tokens.view, args.lan, lang)), flush=True)
        return 0
    try:
        sock = bind(where.host, where.port)
    except OSError as error:
        raise ServeError(PORT_BUSY(host=where.host, port=where.port, why=error.strerror or error)) from error
    where = Plan(where.host, sock.getsockname()[1])
    from companion.serving.seats import Seats
    from companion.serving.tablets import forget_serving, write_serving
    from companion.store.database import default_path
    from companion.store.settings import Settings

    store_path = default_path()
    seats = Seats(store_path, pace=Settings.load().pace)  # the players' phones, from this process
    server = GuardedServer(tokens, where.host, where.port, where.public_url, lang=getattr(args, "lang", None),
                           seats=seats)

    def ready() -> None:
        write_serving(store_path, where.public_url, tokens.play)  # the organiser's app draws match QR codes from it
        print("\n".join(announce(where, tokens.play, tokens.view, args.lan, lang)), flush=True)

    try:
        server.run(sock, ready)
    finally:
        forget_serving(store_path)
    sys.stdout.flush()
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    serve = commands.add_parser(
        "serve", help=in_lang("serve the app to the browsers of the table's tablets and phones",
                              "servir l'app aux navigateurs des tablettes et téléphones de la table"),
        description=in_lang("Serves the app to browsers, behind a secret token. Default: this machine only (127.0.0.1).",
                            "Sert l'app aux navigateurs, protégée par un jeton secret. Par défaut : cette machine seulement "
                            "(127.0.0.1)."))
    serve.add_argument("--port", type=port_number, default=DEFAULT_PORT, metavar="N",
                       help=in_lang(f"port (default {DEFAULT_PORT}; 0: any free port)",
                                    f"port (par défaut {DEFAULT_PORT} ; 0 : n'importe quel port libre)"))
    serve.add_argument("--lan", action="store_true",
                       help=in_lang("listen on this machine's local-network address and print a QR code of the address",
                                    "écouter sur l'adresse de cette machine dans le réseau local et afficher un code QR de "
                                    "l'adresse"))
    serve.add_argument("--dry-run", action="store_true", help=in_lang("print what would be bound and shown, then stop",
                                                                      "afficher ce qui serait ouvert et montré, puis s'arrêter"))
    serve.set_defaults(func=run)

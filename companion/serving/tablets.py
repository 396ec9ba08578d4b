"""A tablet that belongs to one match, a phone that belongs to one seat: their tokens, and how the organiser's
app finds the address to show.

A match's token is derived from the server's play secret (an HMAC of the match's id), so the server checks it
without keeping a list, and it opens that match only: the app it starts knows no other (no home screen, no past
matches, no new match). While ``companion serve`` runs, it keeps its address and secret in ``serving.json``
beside the saved matches (readable by this user only); the organiser's app reads it to draw a match's QR code,
and the file goes when the server stops.

A seat's token (``s<id>-<seat>-<n>.<mac>``) opens one match as one seat: that player's own device, which shows
his hand and his choices and nothing hidden from him. ``n`` is the seat's binding, counted in the store: giving
the seat to another device (a phone that died) makes the old token open nothing.

A club night's tokens: a player's (``n<night>-<player>-<n>.<mac>``) opens his own phone for the whole night, which
follows his table's match from round to round (bound as a seat is); the wall's (``n<night>-w.<mac>``) opens the
night's standings, read only, on any number of screens.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from pathlib import Path

FILE_NAME = "serving.json"
PREFIX = "m"  # a match token reads m<id>.<mac>: the id says which match, the mac that the server made it


def _mac(secret: str, message: str) -> str:
    """What only the server can write: the HMAC of ``message`` under its play secret, 32 URL-safe characters."""
    mac = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")[:32]


def match_token(secret: str, match_id: int) -> str:
    return f"{PREFIX}{match_id}.{_mac(secret, f'match:{match_id}')}"


def match_of(secret: str, token: str) -> int | None:
    """The match a token opens, or None (compared in constant time)."""
    head, dot, _ = token.partition(".")
    if not dot or not head.startswith(PREFIX) or not head[1:].isdigit() or len(head) > 12:
        return None
    match_id = int(head[1:])
    return match_id if hmac.compare_digest(token.encode(), match_token(secret, match_id).encode()) else None


SEAT_PREFIX = "s"


def seat_token(secret: str, match_id: int, seat: int, binding: int) -> str:
    return f"{SEAT_PREFIX}{match_id}-{seat}-{binding}.{_mac(secret, f'seat:{match_id}:{seat}:{binding}')}"


def seat_of(secret: str, token: str) -> tuple[int, int, int] | None:
    """The (match, seat, binding) a seat's token opens, or None (compared in constant time)."""
    head, dot, _ = token.partition(".")
    parts = head[1:].split("-")
    if not dot or not head.startswith(SEAT_PREFIX) or len(head) > 30 or len(parts) != 3 \
            or not all(part.isdigit() for part in parts):
        return None
    match_id, seat, binding = map(int, parts)
    expected = seat_token(secret, match_id, seat, binding)
    return (match_id, seat, binding) if hmac.compare_digest(token.encode(), expected.encode()) else None


def serving_file(store_path: Path) -> Path:
    return store_path.parent / FILE_NAME


def write_serving(store_path: Path, public_url: str, secret: str) -> Path:
    """Say where the server listens and its secret, for this user only (0600, written whole)."""
    path = serving_file(store_path)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump({"url": public_url, "secret": secret, "pid": os.getpid()}, out)
    os.replace(tmp, path)
    return path


def forget_serving(store_path: Path) -> None:
    try:
        serving_file(store_path).unlink()
    except FileNotFoundError:
        pass


NIGHT_PREFIX = "n"
WALL = "w"  # a club night's standings, for a wall screen or any phone: read only


def night_token(secret: str, night_id: int, phone: tuple[int, int] | None) -> str:
    """A club night's address for one of its players' phones, ``phone`` = (player, binding): it follows his
    table's match through the night; or (``phone`` None) its standings, read only, for the wall and every phone."""
    who = WALL if phone is None else f"{phone[0]}-{phone[1]}"
    return f"{NIGHT_PREFIX}{night_id}-{who}.{_mac(secret, f'night:{night_id}:{who}')}"


def night_of(secret: str, token: str) -> tuple[int, tuple[int, int] | None] | None:
    """The (night, (player, binding) or None for the wall) a night's token opens, or None (compared in constant
    time)."""
    head, dot, _ = token.partition(".")
    parts = head[1:].split("-")
    if not dot or not head.startswith(NIGHT_PREFIX) or len(head) > 30 or not all(p.isdigit() for p in parts[:1]):
        return None
    if len(parts) == 2 and parts[1] == WALL:
        phone = None
    elif len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        phone = (int(parts[1]), int(parts[2]))
    else:
        return None
    expected = night_token(secret, int(parts[0]), phone)
    return (int(parts[0]), phone) if hmac.compare_digest(token.encode(), expected.encode()) else None


def _served(store_path: Path) -> tuple[str, str] | None:
    """Where a server of this store listens, and its secret, while it runs; else None."""
    try:
        data = json.loads(serving_file(store_path).read_text(encoding="utf-8"))
        url, secret, pid = str(data["url"]), str(data["secret"]), int(data["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    try:
        os.kill(pid, 0)  # a server killed outright left its file: no address from it
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return url, secret


def match_address(store_path: Path, match_id: int, seat: tuple[int, int] | None = None) -> str | None:
    """The address that opens one match on a tablet (with ``seat``, (seat, binding): on that seat's own device),
    while a server of this store runs; else None."""
    served = _served(store_path)
    if served is None:
        return None
    url, secret = served
    token = match_token(secret, match_id) if seat is None else seat_token(secret, match_id, *seat)
    return f"{url}/?token={token}"


def night_address(store_path: Path, night_id: int, phone: tuple[int, int] | None) -> str | None:
    """The address of a club night for one of its players' phones ((player, binding)), or for its standings on a
    wall (None), while a server of this store runs; else None."""
    served = _served(store_path)
    return None if served is None else f"{served[0]}/?token={night_token(served[1], night_id, phone)}"

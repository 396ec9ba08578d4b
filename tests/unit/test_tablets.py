"""A tablet of one match: its token opens that match only, and the organiser's app finds its address while the
server runs."""

from __future__ import annotations

import os
import stat

from companion.serving.server import Tokens, child_command
from companion.serving.tablets import (
    forget_serving,
    match_address,
    match_of,
    match_token,
    night_of,
    night_token,
    seat_of,
    seat_token,
    write_serving,
)


def test_a_match_token_opens_its_match_and_no_other():
    tokens = Tokens()
    token = match_token(tokens.play, 7)
    assert token.startswith("m7.") and len(token) > 30
    assert match_of(tokens.play, token) == 7
    assert tokens.role(token) == "match:7"
    forged = "m8." + token.split(".", 1)[1]  # another match's id on this match's mac
    assert match_of(tokens.play, forged) is None and tokens.role(forged) is None
    assert match_of(Tokens().play, token) is None  # another server's (yesterday's) token
    for junk in ("m7", "m.x", "mx.abc", "m" + "9" * 40 + ".abc", "", "7.abc", token + "x"):
        assert tokens.role(junk) is None, junk
    assert tokens.role(tokens.play) == "play" and tokens.role(tokens.view) == "view"


def test_a_seat_token_opens_its_seat_of_its_match_and_nothing_else():
    tokens = Tokens()
    token = seat_token(tokens.play, 7, 2, 3)
    assert token.startswith("s7-2-3.") and seat_of(tokens.play, token) == (7, 2, 3)
    assert tokens.role(token) == "seat:7:2:3"
    mac = token.split(".", 1)[1]
    for forged in (f"s8-2-3.{mac}", f"s7-1-3.{mac}", f"s7-2-4.{mac}", f"m7.{mac}"):  # another match, seat, binding
        assert tokens.role(forged) is None, forged
    assert seat_of(Tokens().play, token) is None  # another server's
    assert match_of(tokens.play, token) is None  # a seat's token is no tablet of the whole match
    for junk in ("s7-2.abc", "s7-2-3", "s-1-2-3.abc", "s7-2-x.abc", "s" + "9" * 40 + "-1-1.abc", token + "x"):
        assert tokens.role(junk) is None, junk


def test_a_nights_tokens_open_a_players_phone_or_the_wall_and_nothing_else():
    tokens = Tokens()
    phone, wall = night_token(tokens.play, 4, (3, 2)), night_token(tokens.play, 4, None)
    assert phone.startswith("n4-3-2.") and wall.startswith("n4-w.")
    assert night_of(tokens.play, phone) == (4, (3, 2)) and night_of(tokens.play, wall) == (4, None)
    assert tokens.role(phone) == "night:4:3:2" and tokens.role(wall) == "night:4:w"
    mac = phone.split(".", 1)[1]
    for forged in (f"n5-3-2.{mac}", f"n4-1-2.{mac}", f"n4-3-1.{mac}", f"n4-w.{mac}", f"s4-3-2.{mac}"):
        assert tokens.role(forged) is None, forged  # another night, player, binding; the wall; a seat's
    assert night_of(Tokens().play, phone) is None  # another server's
    for junk in ("n4-3.abc", "n4-3-2", "n-3-2.abc", "n4-x-2.abc", "n4-3-2-1.abc", "n" + "9" * 40 + "-w.abc", wall + "x"):
        assert tokens.role(junk) is None, junk


def test_the_app_of_a_match_token_is_started_for_that_match_only():
    assert "--seat" not in child_command("seat:7:2:3", 123)  # a phone never gets an app (the guard refuses it)
    assert child_command("match:7", 123).endswith("--parent 123 --match 7")
    assert "--match" not in child_command("play", 123) and "--spectator" in child_command("view", 123)


def test_the_organisers_app_finds_a_match_address_while_the_server_runs(tmp_path):
    store_path = tmp_path / "companion.sqlite3"
    assert match_address(store_path, 3) is None  # no server
    path = write_serving(store_path, "http://192.168.1.20:8000", "SECRET")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # the secret is this user's only
    address = match_address(store_path, 3)
    assert address == f"http://192.168.1.20:8000/?token={match_token('SECRET', 3)}"
    data = path.read_text(encoding="utf-8").replace(f'"pid": {os.getpid()}', '"pid": 999999999')
    path.write_text(data, encoding="utf-8")
    assert match_address(store_path, 3) is None  # a server killed outright left its file behind
    forget_serving(store_path)
    assert not path.exists() and match_address(store_path, 3) is None
    path.write_text("{not json", encoding="utf-8")
    assert match_address(store_path, 3) is None

"""What ``companion serve`` binds and prints, without serving: loopback by default, the LAN address with
``--lan`` (never every interface), the address with its token on a line of its own, and a QR code that scans
(decoded by Debian's ``zbarimg``) to that very address. No traffic is sent anywhere."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from companion.cli import serve
from companion.core.qr import half_blocks, matrix, read_half_blocks
from companion.serving.server import PLAY, VIEW, Tokens

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_loopback_by_default_and_the_lan_address_with_lan(monkeypatch):
    assert serve.plan(False, 8000) == serve.Plan("127.0.0.1", 8000)
    monkeypatch.setattr("companion.serving.server.lan_address", lambda: "192.168.1.20")
    assert serve.plan(True, 8123) == serve.Plan("192.168.1.20", 8123)
    monkeypatch.setattr("companion.serving.server.lan_address", lambda: None)
    with pytest.raises(serve.ServeError) as error:
        serve.plan(True, 8000)
    assert "réseau local" in error.value.text("fr")


def test_tokens_are_secret_and_distinct():
    tokens = Tokens()
    assert tokens.play != tokens.view and len(tokens.play) >= 24
    assert tokens.role(tokens.play) == PLAY and tokens.role(tokens.view) == VIEW
    assert tokens.role(None) is None and tokens.role("") is None and tokens.role(tokens.play[:-1]) is None
    assert Tokens().play != tokens.play


def test_the_address_is_printed_alone_on_its_line_then_the_qr_code():
    where = serve.Plan("192.168.1.20", 8000)
    lines = serve.announce(where, "PLAYTOKEN", "VIEWTOKEN", True, "fr")
    assert lines[1] == "http://192.168.1.20:8000/?token=PLAYTOKEN"
    qr = [ANSI.sub("", line) for line in lines if line.startswith("\x1b[97;40m")]
    assert qr and all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in lines if "█" in line)
    after = lines.index(next(line for line in lines if line.startswith("\x1b["))) + len(qr)
    assert lines[after] == lines[1]  # the plain address under the code
    assert "http://192.168.1.20:8000/?token=VIEWTOKEN" in lines
    assert "Scannez" in "\n".join(lines)
    assert not any("█" in line for line in serve.announce(where, "P", "V", False, "en"))  # loopback: no QR


def test_half_blocks_draw_every_module():
    grid = matrix("http://192.168.1.20:8000/?token=abc")
    back = read_half_blocks(half_blocks(grid))
    assert back[:len(grid)] == grid


def test_the_dry_run_binds_nothing_and_prints_the_loopback_address():
    out = subprocess.run([sys.executable, "-m", "companion.cli.main", "serve", "--dry-run", "--port", "8555"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    urls = [line for line in out.stdout.splitlines() if line.startswith("http://")]
    assert urls[0].startswith("http://127.0.0.1:8555/?token=") and len(urls) == 2


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools) is not installed; .ci/run installs it")
def test_the_printed_qr_code_scans_to_the_address_with_its_token(tmp_path):
    where = serve.Plan("192.168.1.20", 8000)
    tokens = Tokens()
    lines = serve.announce(where, tokens.play, tokens.view, True, "en")
    printed = [ANSI.sub("", line) for line in lines if line.startswith("\x1b[97;40m")]
    grid = read_half_blocks(printed)  # what the terminal shows, module by module
    scale = 8
    rows = [" ".join("0" if dark else "255" for dark in row for _ in range(scale)) for row in grid for _ in range(scale)]
    image = tmp_path / "qr.pgm"
    image.write_text(f"P2\n{len(grid[0]) * scale} {len(grid) * scale}\n255\n" + "\n".join(rows) + "\n")
    out = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30)
    assert out.stdout.strip() == where.url(tokens.play), out.stderr

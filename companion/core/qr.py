"""QR codes drawn with text: two modules per character cell in upper and lower half blocks.

The code is drawn dark on light whatever the terminal's own colours (an explicit black and white style for
the TUI, or the terminal's reverse video in plain text), with its quiet zone, so a phone scans it on dark
and light themes alike."""

from __future__ import annotations

import qrcode
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

# A cell shows two modules, the upper and the lower: (dark above, dark below) -> the character that draws the
# light ones (the foreground is light, the background dark).
_CELLS = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}


def matrix(text: str, border: int = 2, small: bool = False) -> list[list[bool]]:
    """The QR code of ``text`` as rows of modules, True for dark, the quiet zone included. ``small``: less
    error correction, for a code that must fit a small screen (it is read off a screen, not a worn print)."""
    code = qrcode.QRCode(border=border, error_correction=ERROR_CORRECT_L if small else ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def half_blocks(grid: list[list[bool]]) -> list[str]:
    """Rows of characters drawing the light modules: shown light on dark, each cell is two modules."""
    rows = grid + ([[False] * len(grid[0])] if len(grid) % 2 else [])
    return ["".join(_CELLS[(top, bottom)] for top, bottom in zip(rows[y], rows[y + 1]))
            for y in range(0, len(rows), 2)]


def terminal_lines(text: str) -> list[str]:
    """The QR code of ``text`` for a plain terminal: white half blocks on an explicit black background."""
    return [f"\x1b[97;40m{line}\x1b[0m" for line in half_blocks(matrix(text))]


def read_half_blocks(lines: list[str]) -> list[list[bool]]:
    """The modules drawn by :func:`half_blocks` (True for dark): for tests and for checking a printed code."""
    back = {char: cell for cell, char in _CELLS.items()}
    grid: list[list[bool]] = []
    for line in lines:
        cells = [back[c] for c in line]
        grid.append([top for top, _ in cells])
        grid.append([bottom for _, bottom in cells])
    return grid

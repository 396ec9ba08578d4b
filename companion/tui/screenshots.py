"""Regenerate screenshots/: every screen of the gallery, at 80x24 and at a tablet size, as SVG and PNG.

    python -m companion.tui.screenshots [--out screenshots] [--only NAME ...]

PNG files are made with ``rsvg-convert`` (Debian's librsvg2-bin) when it is on the
PATH; without it only the SVG files are written, and the command says so.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from companion.tui.gallery import STATES, build_app

SIZES = {"80x24": (80, 24), "tablet": (120, 40)}
_TEXT = re.compile(r'(<text\b[^>]*?\bx=")([0-9.]+)("[^>]*?\btextLength=")([0-9.]+)("[^>]*>)((?:&#160;)+)([^<]*)(</text>)')


def keep_leading_spaces(svg: str) -> str:
    """rsvg-convert drops the non-breaking spaces that start a text run ("121 wins" drawn as "121wins"):
    start each such run that many cells further right instead, so the PNG reads like the terminal."""

    def shift(match: re.Match[str]) -> str:
        lead = match.group(6).count("&#160;")
        rest = html.unescape(match.group(7))
        cell = float(match.group(4)) / (lead + len(rest))
        x = float(match.group(2)) + lead * cell
        length = float(match.group(4)) - lead * cell
        return (f"{match.group(1)}{x:g}{match.group(3)}{length:g}{match.group(5)}{match.group(7)}{match.group(8)}")

    return _TEXT.sub(shift, svg)
LANGS_SHOWN = {"home", "match-play", "match-show", "help", "home-damaged", "damaged-match", "share-match",
               "club-night", "virtual-report", "le31-report", "trente-report", "banker-report",
               "rummy-report"}  # also in French


async def _shoot(name: str, size: tuple[int, int], lang: str, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as home:
        app = build_app(Path(home), lang)
        async with app.run_test(size=size) as pilot:
            await STATES[name](pilot)
            label = next(k for k, v in SIZES.items() if v == size)
            suffix = "" if lang == "en" else f"-{lang}"
            svg = out / f"{name}-{label}{suffix}.svg"
            app.save_screenshot(svg.name, str(out))
        app.store.close()
    return svg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots"))
    parser.add_argument("--only", nargs="*", default=None, help="gallery states to draw")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    converter = shutil.which("rsvg-convert")
    names = args.only or list(STATES)
    for name in names:
        for size in SIZES.values():
            for lang in ("en", "fr") if name in LANGS_SHOWN else ("en",):
                svg = asyncio.run(_shoot(name, size, lang, args.out))
                if converter:
                    with tempfile.NamedTemporaryFile("w", suffix=".svg", encoding="utf-8", delete=False) as fixed:
                        fixed.write(keep_leading_spaces(svg.read_text(encoding="utf-8")))
                    try:
                        subprocess.run([converter, "-z", "1", fixed.name, "-o", str(svg.with_suffix(".png"))],
                                       check=True)
                    finally:
                        Path(fixed.name).unlink()
                print(svg.with_suffix(".png" if converter else ".svg"))
    if not converter:
        print("rsvg-convert not found (apt-get install librsvg2-bin): SVG files only")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate screenshots/: every screen of the gallery, at 80x24 and at a tablet size, as SVG and PNG.

    python -m companion.tui.screenshots [--out screenshots] [--only NAME ...]

PNG files are made with ``rsvg-convert`` (Debian's librsvg2-bin) when it is on the
PATH; without it only the SVG files are written, and the command says so.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
import tempfile
from pathlib import Path

from companion.tui.gallery import STATES, build_app

SIZES = {"80x24": (80, 24), "tablet": (120, 40)}
LANGS_SHOWN = {"home", "match-play", "match-show", "help", "home-damaged", "damaged-match"}  # also in French


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
                    subprocess.run([converter, "-z", "1", str(svg), "-o", str(svg.with_suffix(".png"))],
                                   check=True)
                print(svg.with_suffix(".png" if converter else ".svg"))
    if not converter:
        print("rsvg-convert not found (apt-get install librsvg2-bin): SVG files only")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

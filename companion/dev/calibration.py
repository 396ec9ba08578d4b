"""Is the chance to win that the app shows calibrated? (issue 40; a developer's command)::

    python -m companion.dev.calibration --game cribbage --games 10000 --jobs 2

Plays the self-play games of ``companion selfplay --a normal --b normal`` (seeds 1 onwards, the first dealer
turning) and groups every chance shown for seat A (the table's view, ``selfplay --json``'s ``chances``) in 10-point
bands: per band the mean shown, the win rate observed, how many chances, and the gap. A band with fewer than
``FEW`` chances is said to be too small to judge. Writes the plot to ``docs/images/calibration-<game>.svg`` (a plain
SVG: the shown mean against the observed rate, the diagonal for a perfect calibration).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
FEW = 200  # a band with fewer chances than this is not judged (its observed rate is too uncertain)
BANDS = 10


def bands(pairs: Sequence[Sequence[float]]) -> list[dict[str, float]]:
    """Per 10-point band of the chance shown: its band's low end, the mean shown, the observed rate, the count."""
    sums = [[0.0, 0.0, 0] for _ in range(BANDS)]
    for shown, won in pairs:
        band = min(BANDS - 1, int(shown * BANDS))
        sums[band][0] += shown
        sums[band][1] += won
        sums[band][2] += 1
    out = []
    for band, (shown_sum, won_sum, n) in enumerate(sums):
        if n:
            out.append({"band": band / BANDS, "shown": shown_sum / n, "observed": won_sum / n, "count": int(n)})
    return out


def table(game: str, rows: Sequence[dict[str, float]]) -> list[str]:
    lines = [f"{game}: band | shown | observed | count | gap", "---|---|---|---|---"]
    for row in rows:
        low = round(row["band"] * 100)
        gap = (row["observed"] - row["shown"]) * 100
        verdict = "too few to judge" if row["count"] < FEW else ("ok" if abs(gap) <= 2 else "OUT")
        lines.append(f"{low}–{low + 10} % | {row['shown']:.1%} | {row['observed']:.1%} | {row['count']} | "
                     f"{gap:+.1f} ({verdict})")
    return lines


def svg(game: str, rows: Sequence[dict[str, float]]) -> str:
    """The reliability plot: each band a dot (shown mean, observed rate), hollow when too few to judge."""
    size, pad = 320, 44
    end = pad + size

    def at(x: float, y: float) -> tuple[float, float]:
        return pad + x * size, end - y * size

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{end + 20}" height="{end + 40}" '
             f'font-family="sans-serif" font-size="11">',
             f'<rect width="{end + 20}" height="{end + 40}" fill="white"/>',
             f'<text x="{pad}" y="16" font-size="13">Chance to win, {game}</text>',
             f'<text x="{pad}" y="32">shown (across) against observed (up), %</text>',
             f'<rect x="{pad}" y="{pad}" width="{size}" height="{size}" fill="none" stroke="#888"/>']
    for tick in range(0, 101, 10):
        x, y = at(tick / 100, tick / 100)
        parts.append(f'<line x1="{x:.1f}" y1="{end}" x2="{x:.1f}" y2="{end + 4}" stroke="#888"/>')
        parts.append(f'<text x="{x:.1f}" y="{end + 16}" text-anchor="middle">{tick}</text>')
        parts.append(f'<line x1="{pad - 4}" y1="{y:.1f}" x2="{pad}" y2="{y:.1f}" stroke="#888"/>')
        parts.append(f'<text x="{pad - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    (x0, y0), (x1, y1) = at(0, 0), at(1, 1)
    parts.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#bbb" stroke-dasharray="4 3"/>')
    for row in rows:
        x, y = at(row["shown"], row["observed"])
        fill = "#1f6fd1" if row["count"] >= FEW else "none"
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{fill}" stroke="#1f6fd1"/>')
    parts.append(f'<text x="{pad}" y="{end + 34}">bands of 10 points; hollow: fewer than {FEW} chances shown</text>')
    return "\n".join(parts) + "\n</svg>\n"


CHANCE_GAMES = ("cribbage", "le31", "2500", "trente-et-un", "banker")


def chance_times(seed: int) -> Iterator[tuple[str, str]]:
    """How long a chance to win takes to work out (issue 40: shown within 50 ms of the move that changed it): at
    every step of a few self-play games, for the table (seat None) and for seat 0's own phone; the first call reads
    the game's shipped table."""
    import importlib
    import statistics
    import time

    from companion.games import registry
    from companion.games.base import Setup
    from companion.games.selfplay import play_out

    for game in CHANCE_GAMES:
        info = registry.resolve(game)
        read = importlib.import_module(info.chance or "").chances
        next_op = importlib.import_module(info.players or "").next_op
        times: list[float] = []
        first = None
        for i in range(3):
            setup = Setup(("A", "B"), info.make_rules(2, {}), i % 2, "virtual", seed + i)
            done = play_out(next_op, info.new_match(setup), ("normal", "normal"))
            fresh = info.match(setup)
            for op in done.log:
                for seat in (None, 0):
                    started = time.perf_counter()
                    read(fresh, seat)
                    spent = time.perf_counter() - started
                    if first is None:
                        first = spent
                    else:
                        times.append(spent)
                fresh.apply(op)
        times.sort()
        yield f"{game}: a chance to win", (f"{statistics.median(times) * 1000:.2f} ms median, {times[-1] * 1000:.2f} ms "
                                          f"max ({len(times)} calls; the first, reading its table: "
                                          f"{(first or 0) * 1000:.1f} ms; target 50 ms)")


def main(argv: Sequence[str] | None = None) -> int:
    from companion.games.selfplay import read_rules, run

    parser = argparse.ArgumentParser(prog="python -m companion.dev.calibration", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a house rule instead of its default, as selfplay takes it (the plot's name says it)")
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args(argv)
    rules = read_rules(args.game, args.rule, args.players) if args.rule else None
    result = run(args.game, "normal", "normal", args.games, args.seed, args.players, args.jobs, rules)
    rows = bands(result["chances"])
    name = "-".join([args.game, *([f"{args.players}p"] if args.players != 2 else []),
                     *(str(value) for value in result["rules"].values())])
    print("\n".join(table(name, rows)))
    print(f"{len(result['chances'])} chances shown in {args.games} games, {result['seconds']:.0f} s")
    if not args.no_plot:
        path = IMAGES / f"calibration-{name}.svg"
        path.write_text(svg(name, rows), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

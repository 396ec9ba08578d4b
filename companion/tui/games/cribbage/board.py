"""A virtual cribbage board: two or three tracks of pegs on a wooden board.

The geometry (streets, holes, start holes, skunk lines) comes from ``board_layout``;
this module only paints it. ``render_board`` is a pure function returning a Rich
``Text`` so tests can read the board without a terminal; ``CribbageBoard`` is the
Textual widget that shows it and picks the compact or the wide drawing from its width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.style import Style
from rich.text import Text
from textual.color import Color, ColorParseError
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from companion.core.i18n import Msg, check_lang
from companion.games.chance import Percent
from companion.tui.games.cribbage.board_layout import (
    FOLDED_STREETS,
    GAME_STREET,
    GROUP,
    START_STREET,
    STREETS,
    Track,
    holes_per_street,
    peg_holes,
    points_to_go,
    rule_boundary,
    runs_left_to_right,
    street_columns,
)
from companion.tui.widgets.sizes import SMALL_HEIGHT

# ── Wording (both languages, in one place) ────────────────────────────────────────
SCORE_TO_GO = Msg("{score} · {left} to go", "{score} · encore {left}")
SCORE_WON = Msg("{score} · game!", "{score} · partie !")
TO_GO = Msg("{left} to go", "encore {left}")  # the second line of a two-line legend
WON = Msg("game!", "partie !")
SKUNK_LABEL = Msg("S", "S")  # players on both sides of the border say "skunk"
DOUBLE_SKUNK_LABEL = Msg("SS", "SS")

# ── Colours of the wood and its marks ─────────────────────────────────────────────
WOOD = "#6b4226"  # the board
LANES = ("#8a5a30", "#7d5029")  # inlaid lanes, alternating so tracks stand apart
HOLE = "#e9d6b0"  # an empty hole
PEG_RIM = "#c79a66"  # light wood around a peg, so dark peg colours still stand out
MARK = "#d9b98a"  # numbers every five holes, arrows
RULE = "#ffd75e"  # skunk lines
GAME = "#ffe9a8"  # the game hole and its box
INK = "#f4e6c8"  # legend text

# ── Glyphs (all one cell wide) ────────────────────────────────────────────────────
EMPTY_HOLE = "·"
FRONT_PEG = "●"
BACK_PEG = "○"
GAME_HOLE = "◉"
RULE_BAR = "┃"
LANE_EDGE = "▌"
RIGHT = "→"
LEFT = "←"


@dataclass(frozen=True)
class _Mode:
    """How big the drawing is: wide (a space between holes), compact (one cell per hole) or folded (compact,
    in twice as many streets, for a phone held upright)."""

    step: int  # columns from one hole to the next
    gap: int  # extra blank columns between groups of five
    box: int  # outer width of the game-hole box
    street_gap_rows: int  # blank wood rows between streets (and above and below the board)
    streets: int = STREETS

    def fits(self, target: int) -> bool:
        return (target - 1) % self.streets == 0

    def box_on_the_right(self) -> bool:
        """The game hole ends the last street: on the right when that street runs left to right."""
        return runs_left_to_right(self.streets - 1)

    @property
    def start_holes(self) -> tuple[int, int]:
        """Columns of the outer and inner start holes, on a small inlay left of street 0."""
        return 1, 1 + self.step

    @property
    def x_street(self) -> int:
        """Column where the streets begin (the coloured lane edge); the start inlay is left of it."""
        return self.start_holes[1] + 3


COMPACT = _Mode(step=1, gap=1, box=5, street_gap_rows=0)
WIDE = _Mode(step=2, gap=2, box=7, street_gap_rows=1)
FOLDED = _Mode(step=1, gap=1, box=5, street_gap_rows=0, streets=FOLDED_STREETS)


class _Canvas:
    """A grid of styled cells on the wood, turned into one Rich ``Text``."""

    def __init__(self, width: int, shown: int) -> None:
        self.width = width  # room to draw in
        self.shown = shown  # columns kept in the text: a board wider than this is cropped
        self.reserved = 0  # columns kept for text that may grow (the legend's scores), so centring never moves
        self.rows: list[list[tuple[str, Style]]] = []
        self.base = Style(bgcolor=WOOD)

    def ensure(self, rows: int) -> None:
        while len(self.rows) < rows:
            self.rows.append([(" ", self.base) for _ in range(self.width)])

    def free(self, y: int, x: int, length: int) -> bool:
        self.ensure(y + 1)
        row = self.rows[y]
        return x >= 0 and x + length <= self.width and all(row[i][0] == " " for i in range(x, x + length))

    def put(self, y: int, x: int, text: str, colour: str, *, bold: bool = False) -> None:
        self.ensure(y + 1)
        row = self.rows[y]
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                background = row[x + offset][1].bgcolor
                row[x + offset] = (char, Style(color=colour, bold=bold or None, bgcolor=background))

    def put_if_free(self, y: int, x: int, text: str, colour: str, *, bold: bool = False) -> bool:
        if not self.free(y, x, len(text)):
            return False
        self.put(y, x, text, colour, bold=bold)
        return True

    def shade(self, y: int, x0: int, x1: int, bg: str) -> None:
        self.ensure(y + 1)
        row = self.rows[y]
        for x in range(max(x0, 0), min(x1, self.width)):
            char, style = row[x]
            row[x] = (char, Style(color=HOLE) + style + Style(bgcolor=bg))

    def text(self) -> Text:
        """The grid as one ``Text``, what was drawn centred in the width."""
        blank = (" ", self.base)
        used = max((x + 1 for row in self.rows for x, cell in enumerate(row) if cell != blank), default=0)
        used = max(used, min(self.reserved, self.width))
        shift = max(self.shown - used, 0) // 2
        out = Text(no_wrap=True, overflow="crop", end="")
        for y, row in enumerate(self.rows):
            if y:
                out.append("\n")
            cells = ([blank] * shift + row)[: self.shown]
            start = 0
            for x in range(1, len(cells) + 1):  # one span per run of one style
                if x == len(cells) or cells[x][1] != cells[start][1]:
                    out.append("".join(char for char, _ in cells[start:x]), cells[start][1])
                    start = x
        return out


def checked_tracks(tracks: Sequence[Track], target: int) -> tuple[Track, ...]:
    """The tracks with their colours as "#RRGGBB"; ValueError if they cannot be drawn."""
    if len(tracks) > 4:  # four-track boards exist for four players each for himself
        raise ValueError(f"a board has 2 to 4 tracks, not {len(tracks)} (partners share a track)")
    for track in tracks:
        peg_holes(track, target)  # a score beyond the target raises here
    return tuple(replace(track, colour=_css_colour(track.colour)) for track in tracks)


def _css_colour(colour: str) -> str:
    """Any CSS colour ("#d03030", "#f00", "red", "rgb(...)") as "#RRGGBB"."""
    try:
        return Color.parse(colour).hex6
    except ColorParseError as error:
        raise ValueError(f"not a colour: {colour!r}") from error


def _score_text(track: Track, target: int, lang: str) -> str:
    """ "87 · 34 to go" / "87 · encore 34", and the chance to win when shown: "87 · 34 to go · 71%"."""
    left = points_to_go(track, target)
    text = (SCORE_TO_GO(score=track.front, left=left) if left else SCORE_WON(score=track.front)).text(lang)
    return text + _chance_text(track, lang) if left else text


def _to_go_text(track: Track, target: int, lang: str) -> str:
    """ "34 to go" / "encore 34" (and the chance)."""
    left = points_to_go(track, target)
    return (TO_GO(left=left) if left else WON).text(lang) + (_chance_text(track, lang) if left else "")


def _chance_text(track: Track, lang: str) -> str:
    return "" if track.chance is None else " · " + Percent(track.chance).display(lang)


def _fit(name: str, width: int) -> str:
    if len(name) <= width:
        return name
    return name[: max(width - 1, 0)] + "…" if width > 0 else ""


def _board_width(target: int, mode: _Mode, breaks: frozenset[int] = frozenset()) -> int:
    """Columns taken by the board alone (without the legend) in ``mode``."""
    street = street_columns(holes_per_street(target, mode.streets), mode.step, mode.gap, breaks)
    return mode.x_street + 1 + street.width + (1 + mode.box if mode.box_on_the_right() else 0)


def _rule_lines(mode: _Mode, target: int, skunk_line: int, double_skunk_line: int,
                lang: str) -> list[tuple[tuple[int, int], str]]:
    """The skunk lines that can be drawn on ``mode``'s streets: ((street, boundary), label)."""
    rules = []
    for line, words in ((skunk_line, SKUNK_LABEL), (double_skunk_line, DOUBLE_SKUNK_LABEL)):
        where = rule_boundary(line, target, mode.streets)
        if where is not None:
            rules.append((where, words.text(lang)))
    return rules


def _breaks(rules: Sequence[tuple[tuple[int, int], str]], holes: int) -> frozenset[int]:
    """Boundaries inside a group of five that need a blank column for a skunk line."""
    return frozenset(b for (_, b), _ in rules if 0 < b < holes and b % GROUP)


def render_board(
    tracks: Sequence[Track],
    target: int = 121,
    skunk_line: int = 91,
    double_skunk_line: int = 61,
    width: int = 78,
    *,
    lang: str = "en",
    tight: bool = False,
) -> Text:
    """Draw the board ``width`` cells wide: streets, pegs, skunk lines, game hole, legend.

    Wide (a space between holes) when the wide board fits in ``width`` (about 106 cells
    for 121), else compact (one cell per hole, 61 cells), else folded (six streets of 20,
    about 33 cells: a phone held upright). The legend (name, score, points to go) goes
    beside the board when there is room, else under it. Every line is exactly ``width``
    cells: what is drawn is centred, and cropped below the narrowest board. No tracks draws
    two empty lanes; more than four is an error (partners share a track). ``tight`` (a short screen) leaves out
    the blank rows a wide board keeps between its streets, so that what is under the board stays whole.
    """
    lang = check_lang(lang)
    tracks = checked_tracks(tracks, target)
    lanes = tracks or (Track("", HOLE), Track("", HOLE))
    named = [track for track in tracks if track.name]

    modes = [m for m in (WIDE, COMPACT, FOLDED) if m.fits(target)]
    if not modes:
        raise ValueError(f"target {target} does not make equal streets (use 121 or 61)")
    for mode in modes:
        holes = holes_per_street(target, mode.streets)
        rules = _rule_lines(mode, target, skunk_line, double_skunk_line, lang)
        breaks = _breaks(rules, holes)
        if width >= _board_width(target, mode, breaks):
            break  # the first that fits; else the narrowest, cropped
    if tight and mode.street_gap_rows:
        mode = replace(mode, street_gap_rows=0)
    street = street_columns(holes, mode.step, mode.gap, breaks)
    board_w = _board_width(target, mode, breaks)
    canvas = _Canvas(max(width, board_w), shown=width)

    n_lanes = len(lanes)
    margin = mode.street_gap_rows
    top = [margin + s * (1 + n_lanes + mode.street_gap_rows) for s in range(mode.streets)]
    x_edge = mode.x_street  # the lane edge, in the track's colour
    x0 = x_edge + 1  # column 0 of the street layout (a margin for rules)
    x_box = x0 + street.width + 1 if mode.box_on_the_right() else x_edge - mode.box

    def hole_x(index: int) -> int:
        return x0 + street.columns[index]

    # Lanes: inlaid wood with the track's colour on the edge, and empty holes.
    for s in range(mode.streets):
        for lane, track in enumerate(lanes):
            y = top[s] + 1 + lane
            canvas.shade(y, x_edge, x0 + street.width, LANES[lane % 2])
            canvas.put(y, x_edge, LANE_EDGE, track.colour)
            for index in range(holes):
                canvas.put(y, hole_x(index), EMPTY_HOLE, HOLE)
            if s == 0:  # the two start holes, on their own inlay
                outer, inner = mode.start_holes
                canvas.shade(y, outer - 1, inner + 2, LANES[lane % 2])
                canvas.put(y, outer, EMPTY_HOLE, HOLE)
                canvas.put(y, inner, EMPTY_HOLE, HOLE)
    canvas.ensure(top[-1] + 1 + n_lanes + margin)

    # Skunk lines across every lane of their street, labelled on the street's header row,
    # the label in the gap on the side the street comes from (numbers stand on the other).
    for (s, boundary), label in rules:
        x = x0 + street.boundary_column(boundary)
        for lane in range(n_lanes):
            canvas.put(top[s] + 1 + lane, x, RULE_BAR, RULE, bold=True)
        ending_here = x - len(label) + 1
        for lx in ((x, ending_here) if runs_left_to_right(s) else (ending_here, x)):
            if canvas.put_if_free(top[s], lx, label, RULE, bold=True):
                break

    # Direction of play at the start of each street, and marks every five holes.
    for s in range(mode.streets):
        first = s * holes + 1
        if runs_left_to_right(s):
            canvas.put_if_free(top[s], hole_x(0), f"{first}{RIGHT}", MARK, bold=True)
        else:
            label = f"{LEFT}{first}"
            canvas.put_if_free(top[s], hole_x(holes - 1) - len(label) + 1, label, MARK, bold=True)
        for offset in range(GROUP - 1, holes, GROUP):
            number = str(first + offset)
            if runs_left_to_right(s):
                index = offset
                x = hole_x(index) - len(number) + 1
            else:
                index = holes - 1 - offset
                x = hole_x(index)
            if mode is COMPACT and (offset + 1) % (2 * GROUP):
                canvas.put_if_free(top[s], hole_x(index), "╷", MARK)  # no room for every number
            else:
                canvas.put_if_free(top[s], x, number, MARK)

    # The game hole: a box at the end of the last street, labelled with the target.
    winner = next((track for track in tracks if track.front >= target), None)
    y0, y1 = top[-1], top[-1] + n_lanes
    inner = mode.box - 2
    box_colour = winner.colour if winner else GAME
    canvas.put(y0, x_box, "╭" + str(target).center(inner, "─") + "╮", box_colour, bold=True)
    for y in range(y0 + 1, y1):
        canvas.put(y, x_box, "│" + " " * inner + "│", box_colour, bold=True)
    canvas.put(y1, x_box, "╰" + "─" * inner + "╯", box_colour, bold=True)
    y_game = y0 + (n_lanes + 1) // 2 if n_lanes > 1 else y1
    if winner:
        canvas.put(y_game, x_box + 1 + inner // 2, FRONT_PEG, winner.colour, bold=True)
    else:
        canvas.put(y_game, x_box + 1 + inner // 2, GAME_HOLE, GAME, bold=True)

    # Pegs: the back peg hollow, the front peg solid; the gap between them is the last score.
    for lane, track in enumerate(tracks):
        front, back = peg_holes(track, target, mode.streets)
        for (s, index), glyph in ((back, BACK_PEG), (front, FRONT_PEG)):
            if s == GAME_STREET:
                continue  # the winner's peg is drawn in the game box
            y = top[max(s, 0)] + 1 + lane
            x = mode.start_holes[index] if s == START_STREET else hole_x(index)
            canvas.shade(y, x, x + 1, PEG_RIM)
            canvas.put(y, x, glyph, track.colour, bold=True)

    # Who is where, in words: beside the board on one or two lines, or under it.
    _legend(canvas, named, target, lang, board_w + 2, top[0] + 1, x_edge, mode)
    return canvas.text()


def _legend(canvas: _Canvas, tracks: Sequence[Track], target: int, lang: str, x: int, y: int,
            x_under: int, mode: _Mode) -> None:
    if not tracks:
        return
    scores = [_score_text(track, target, lang) for track in tracks]
    room = canvas.width - x
    # The layout is chosen for the widest score the game can show, so a score reaching two or three
    # digits never moves the legend (nor the board) by a column.
    chance = len(" · " + Percent(0.5).display(lang)) if any(t.chance is not None for t in tracks) else 0
    widest = max(len(SCORE_TO_GO(score=target - 1, left=target).text(lang)) + chance,
                 len(SCORE_WON(score=target).text(lang)))
    widest_to_go = max(len(TO_GO(left=target).text(lang)) + chance, len(WON.text(lang)))
    one_line = max(len(track.name) + 3 + widest for track in tracks)
    rows = len(canvas.rows) - y
    if room >= one_line:  # "● Marie 87 · 34 to go", one line per track
        canvas.reserved = x + one_line
        step = 2 if 2 * len(tracks) <= rows else 1
        for lane, (track, score) in enumerate(zip(tracks, scores)):
            _legend_entry(canvas, y + lane * step, x, track, score, room)
    elif room >= 2 + widest_to_go and room >= 8 and 3 * len(tracks) - 1 <= rows \
            and room >= max(len(t.name) for t in tracks) + 5:  # names whole with a two-digit score, else under
        canvas.reserved = x + max(2 + widest_to_go, max(len(t.name) + 6 for t in tracks))
        for lane, track in enumerate(tracks):  # "● Marie 87", then "34 to go" below
            _legend_entry(canvas, y + lane * 3, x, track, str(track.front), room)
            canvas.put(y + lane * 3 + 1, x + 2, _to_go_text(track, target, lang), INK)
    else:
        y = len(canvas.rows)
        for lane, (track, score) in enumerate(zip(tracks, scores)):
            _legend_entry(canvas, y + lane, x_under, track, score, canvas.width - x_under)
        canvas.ensure(len(canvas.rows) + mode.street_gap_rows)


def _legend_entry(canvas: _Canvas, y: int, x: int, track: Track, score: str, room: int) -> None:
    name = _fit(track.name, room - 2 - (len(score) + 1 if score else 0))
    canvas.put(y, x, FRONT_PEG, track.colour, bold=True)
    canvas.put(y, x + 2, name, track.colour, bold=True)
    if score:
        canvas.put(y, x + 3 + len(name), score, INK)


class CribbageBoard(Widget):
    """A wooden cribbage board with 2 to 4 tracks (partners share one track).

    Compact (one cell per hole) in an 80-column terminal, wide (a space between holes)
    from about 110 columns; the legend goes beside the board when there is room.
    """

    DEFAULT_CSS = f"""
    CribbageBoard {{
        width: 1fr;
        height: auto;
        background: {WOOD};
        color: {INK};
        padding: 0 1;
    }}
    """

    lang: reactive[str] = reactive("en", layout=True)

    def __init__(
        self,
        tracks: Sequence[Track] = (),
        target: int = 121,
        skunk_line: int = 91,
        double_skunk_line: int = 61,
        *,
        lang: str = "en",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        holes_per_street(target)  # a bad target fails here, not at the first paint
        checked_tracks(tracks, target)
        self.tracks: tuple[Track, ...] = tuple(tracks)
        self.target = target
        self.skunk_line = skunk_line
        self.double_skunk_line = double_skunk_line
        self.set_reactive(CribbageBoard.lang, check_lang(lang))

    def validate_lang(self, lang: str) -> str:
        return check_lang(lang)

    def update_tracks(self, tracks: Sequence[Track], target: int | None = None) -> None:
        """Show new pegs (and, if given, a new target) and repaint.

        A track that cannot be drawn raises ``ValueError`` here, not when painting.
        """
        target = self.target if target is None else target
        holes_per_street(target)
        checked_tracks(tracks, target)
        self.tracks = tuple(tracks)
        self.target = target
        self.refresh(layout=True)

    def board_text(self, width: int) -> Text:
        return render_board(
            self.tracks, self.target, self.skunk_line, self.double_skunk_line, width, lang=self.lang,
            tight=self.app.size.height < SMALL_HEIGHT,
        )

    def render(self) -> Text:
        return self.board_text(self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.board_text(width).plain.count("\n") + 1

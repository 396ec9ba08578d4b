"""The virtual cribbage board: layout, leapfrog pegging, drawing, widget and snapshots.

Drawing tests read the board the way a player does: find the lanes (rows with a
coloured lane edge), count holes from the left, and look for the solid peg there.
Expected places are written out by hand, not computed with the layout code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from companion.tui.games.cribbage.board import (
    BACK_PEG,
    EMPTY_HOLE,
    FRONT_PEG,
    GAME_HOLE,
    LANE_EDGE,
    RULE_BAR,
    CribbageBoard,
    render_board,
)
from companion.tui.games.cribbage.board_layout import (
    FOLDED_STREETS,
    GAME_STREET,
    START_BACK,
    START_STREET,
    Track,
    hole_position,
    peg_moved,
    rule_boundary,
    street_columns,
)

RED, BLUE, GREEN = "#d03030", "#3070d0", "#30a040"
HOLES = EMPTY_HOLE + FRONT_PEG + BACK_PEG

TWO = (Track("Marie", RED, 87, 81), Track("Jean-Guy", BLUE, 64, 52))
THREE = (Track("Marie", RED, 97, 88), Track("Jean-Guy", BLUE, 58, 49), Track("Sophie", GREEN, 33, 27))


# ── hole_position: the serpentine ──────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("score", "target", "expected"),
    [
        (1, 121, (0, 0)),  # street 1 starts at the left
        (40, 121, (0, 39)),  # ... and ends at the right
        (41, 121, (1, 39)),  # street 2 comes back: starts at the right
        (80, 121, (1, 0)),  # ... ends at the left
        (81, 121, (2, 0)),  # street 3 runs left to right again
        (120, 121, (2, 39)),
        (91, 121, (2, 10)),
        (121, 121, (GAME_STREET, 0)),
        (1, 61, (0, 0)),
        (20, 61, (0, 19)),
        (21, 61, (1, 19)),
        (40, 61, (1, 0)),
        (41, 61, (2, 0)),
        (60, 61, (2, 19)),
        (61, 61, (GAME_STREET, 0)),
        (START_BACK, 121, (START_STREET, 0)),  # outer start hole
        (0, 121, (START_STREET, 1)),  # inner start hole, next to hole 1
    ],
)
def test_hole_position_follows_the_serpentine(score: int, target: int, expected: tuple[int, int]) -> None:
    assert hole_position(score, target) == expected


@pytest.mark.parametrize(("score", "target"), [(122, 121), (-2, 121), (62, 61)])
def test_hole_position_refuses_holes_off_the_board(score: int, target: int) -> None:
    with pytest.raises(ValueError):
        hole_position(score, target)


def test_a_target_that_does_not_make_three_streets_is_refused() -> None:
    with pytest.raises(ValueError):
        hole_position(1, 120)
    with pytest.raises(ValueError):
        render_board((), target=122)  # no track to check it by: the board itself says so


def test_holes_come_in_groups_of_five_with_a_gap() -> None:
    compact = street_columns(40, step=1, gap=1).columns
    assert compact[:7] == (1, 2, 3, 4, 5, 7, 8)
    wide = street_columns(40, step=2, gap=2).columns
    assert wide[:7] == (1, 3, 5, 7, 9, 13, 15)


def test_skunk_lines_fall_between_the_right_holes() -> None:
    assert rule_boundary(91, 121) == (2, 10)  # between hole 90 (index 9) and 91 (index 10)
    assert rule_boundary(61, 121) == (1, 20)  # between hole 61 (index 19) and 60 (index 20)
    assert rule_boundary(0, 121) is None
    assert rule_boundary(121, 121) is None
    assert rule_boundary(91, 61) is None


def test_the_layout_needs_no_ui() -> None:
    code = "import sys, companion.tui.games.cribbage.board_layout; print(sorted({'textual', 'rich'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "[]"


# ── peg_moved: leapfrog ────────────────────────────────────────────────────────────


def test_the_back_peg_leapfrogs_the_front_peg() -> None:
    start = Track("Marie", RED)
    assert (start.front, start.back) == (0, START_BACK)
    six = peg_moved(start, 6)
    assert (six.front, six.back) == (6, 0)
    ten = peg_moved(six, 4)
    assert (ten.front, ten.back) == (10, 6)
    assert ten.last_points == 4


def test_both_pegs_at_zero_is_a_start_too() -> None:
    moved = peg_moved(Track("Marie", RED, 0, 0), 6)
    assert (moved.front, moved.back) == (6, 0)


def test_zero_points_changes_nothing() -> None:
    track = Track("Marie", RED, 10, 6)
    assert peg_moved(track, 0) is track


def test_pegging_is_capped_at_the_target() -> None:
    won = peg_moved(Track("Marie", RED, 118, 110), 6)
    assert (won.front, won.back) == (121, 118)
    assert peg_moved(won, 4) == won  # the game is over: pegs stay
    assert peg_moved(Track("Marie", RED, 58, 50), 9, target=61).front == 61


def test_pegs_only_move_forward() -> None:
    with pytest.raises(ValueError):
        peg_moved(Track("Marie", RED, 10, 6), -2)
    with pytest.raises(ValueError):
        Track("Marie", RED, 10, 12)  # back peg ahead of the front peg


# ── Reading a drawn board ──────────────────────────────────────────────────────────


def lines_of(text: Text) -> list[Text]:
    return text.split("\n", allow_blank=True)


def streets_of(lines: list[Text]) -> list[list[int]]:
    """Row numbers of the lanes, street by street: runs of rows with a lane edge."""
    streets: list[list[int]] = []
    previous = -2
    for y, line in enumerate(lines):
        if LANE_EDGE in line.plain:
            if y != previous + 1:
                streets.append([])
            streets[-1].append(y)
            previous = y
    return streets


def hole_columns(line: Text, holes: int = 40) -> list[int]:
    """Columns of the street's holes in a lane row, left to right (start holes left out)."""
    edge = line.plain.index(LANE_EDGE)
    columns = [x for x, char in enumerate(line.plain) if x > edge and char in HOLES]
    return columns[:holes]


def colour_at(line: Text, x: int) -> str:
    style = line.get_style_at_offset(Console(), x)
    assert style.color is not None
    return "#" + style.color.get_truecolor().hex.lstrip("#").lower()


def peg_at(text: Text, street: int, lane: int, from_left: int) -> tuple[str, str]:
    """The glyph and its colour in the ``from_left``-th hole of a lane of a street."""
    lines = lines_of(text)
    line = lines[streets_of(lines)[street][lane]]
    x = hole_columns(line)[from_left]
    return line.plain[x], colour_at(line, x)


@pytest.mark.parametrize("width", [78, 150])
def test_pegs_stand_in_their_holes_two_tracks(width: int) -> None:
    board = render_board(TWO, width=width)
    # Marie: 87 is the 7th hole of street 3 (81 ->), 81 the first.
    assert peg_at(board, 2, 0, 6) == (FRONT_PEG, RED)
    assert peg_at(board, 2, 0, 0) == (BACK_PEG, RED)
    # Jean-Guy: street 2 runs from 41 at the right to 80 at the left: 64 is 17th from the left.
    assert peg_at(board, 1, 1, 80 - 64) == (FRONT_PEG, BLUE)
    assert peg_at(board, 1, 1, 80 - 52) == (BACK_PEG, BLUE)
    # Nothing else on those lanes.
    lines = lines_of(board)
    for street, rows in enumerate(streets_of(lines)):
        for lane, y in enumerate(rows):
            pegs = [lines[y].plain[x] for x in hole_columns(lines[y]) if lines[y].plain[x] != EMPTY_HOLE]
            expected = {(2, 0): 2, (1, 1): 2}.get((street, lane), 0)
            assert len(pegs) == expected, (street, lane, lines[y].plain)


@pytest.mark.parametrize("width", [78, 150])
def test_pegs_stand_in_their_holes_three_tracks(width: int) -> None:
    board = render_board(THREE, width=width)
    assert peg_at(board, 2, 0, 97 - 81) == (FRONT_PEG, RED)
    assert peg_at(board, 2, 0, 88 - 81) == (BACK_PEG, RED)
    assert peg_at(board, 1, 1, 80 - 58) == (FRONT_PEG, BLUE)
    assert peg_at(board, 0, 2, 33 - 1) == (FRONT_PEG, GREEN)
    assert peg_at(board, 0, 2, 27 - 1) == (BACK_PEG, GREEN)
    assert len(streets_of(lines_of(board))) == 3
    assert all(len(rows) == 3 for rows in streets_of(lines_of(board)))


def test_compact_board_has_one_cell_per_hole_and_wide_board_a_space_between() -> None:
    compact = lines_of(render_board(TWO, width=78))
    wide = lines_of(render_board(TWO, width=150))
    first_compact = hole_columns(compact[streets_of(compact)[0][0]])
    first_wide = hole_columns(wide[streets_of(wide)[0][0]])
    assert [b - a for a, b in zip(first_compact, first_compact[1:6])] == [1, 1, 1, 1, 2]
    assert [b - a for a, b in zip(first_wide, first_wide[1:6])] == [2, 2, 2, 2, 4]


def test_pegs_at_the_start_stand_in_the_start_holes() -> None:
    board = render_board((Track("Marie", RED), Track("Jean-Guy", BLUE, 6, 0)), width=78)
    lines = lines_of(board)
    marie, jean_guy = (lines[y] for y in streets_of(lines)[0])
    edge = marie.plain.index(LANE_EDGE)
    assert marie.plain[:edge].strip() == BACK_PEG + FRONT_PEG  # outer: back peg, inner: front peg
    assert jean_guy.plain[:edge].strip() == EMPTY_HOLE + BACK_PEG  # back peg still at 0
    assert peg_at(board, 0, 1, 5) == (FRONT_PEG, BLUE)


def rule_columns(text: Text, street: int) -> set[int]:
    lines = lines_of(text)
    columns = set()
    for y in streets_of(lines)[street]:
        columns |= {x for x, char in enumerate(lines[y].plain) if char == RULE_BAR}
    return columns


@pytest.mark.parametrize("width", [78, 150])
def test_skunk_and_double_skunk_lines_cross_every_lane(width: int) -> None:
    board = render_board(THREE, width=width)
    lines = lines_of(board)
    streets = streets_of(lines)
    # Skunk: street 3, between hole 90 and hole 91, through all three lanes, "S" above.
    [skunk] = rule_columns(board, 2)
    for y in streets[2]:
        assert lines[y].plain[skunk] == RULE_BAR
        holes = hole_columns(lines[y])
        assert holes[90 - 81] < skunk < holes[91 - 81]
    assert "S" in lines[streets[2][0] - 1].plain[skunk - 1 : skunk + 2]
    # Double skunk: street 2 (right to left), between hole 61 and hole 60, "SS" above.
    [double] = rule_columns(board, 1)
    holes = hole_columns(lines[streets[1][0]])
    assert holes[80 - 61] < double < holes[80 - 60]
    assert "SS" in lines[streets[1][0] - 1].plain[double - 2 : double + 3]
    assert rule_columns(board, 0) == set()


def test_lines_at_zero_or_past_the_target_are_not_drawn() -> None:
    board = render_board(TWO, skunk_line=0, double_skunk_line=-1)
    assert RULE_BAR not in board.plain


def test_a_line_not_at_a_group_gap_still_falls_between_its_holes() -> None:
    board = render_board(TWO, skunk_line=93, width=78)
    lines = lines_of(board)
    [skunk] = rule_columns(board, 2)
    holes = hole_columns(lines[streets_of(lines)[2][0]])
    assert holes[92 - 81] < skunk < holes[93 - 81]


def test_a_board_to_61_has_streets_of_20() -> None:
    tracks = (Track("Marie", RED, 47, 41), Track("Jean-Guy", BLUE, 24, 12))
    board = render_board(tracks, target=61, skunk_line=31, double_skunk_line=0, width=78)
    lines = lines_of(board)
    assert peg_at_61(lines, 2, 0, 47 - 41) == FRONT_PEG
    assert peg_at_61(lines, 1, 1, 40 - 24) == FRONT_PEG
    [skunk] = rule_columns(board, 1)
    holes = hole_columns(lines[streets_of(lines)[1][0]], 20)
    assert holes[40 - 31] < skunk < holes[40 - 30]  # between 30 and 31
    assert rule_columns(board, 0) == rule_columns(board, 2) == set()
    assert "61" in lines[streets_of(lines)[2][0] - 1].plain  # the game hole's label


def peg_at_61(lines: list[Text], street: int, lane: int, from_left: int) -> str:
    line = lines[streets_of(lines)[street][lane]]
    return line.plain[hole_columns(line, 20)[from_left]]


def test_game_hole_is_labelled_with_the_target_and_takes_the_winner() -> None:
    playing = lines_of(render_board(TWO, width=78))
    last_street_header = playing[streets_of(playing)[2][0] - 1].plain
    assert "╭121╮" in last_street_header
    assert GAME_HOLE in "".join(line.plain for line in playing)
    won = (Track("Marie", RED, 121, 115), Track("Jean-Guy", BLUE, 88, 80))
    board = render_board(won, width=78)
    assert GAME_HOLE not in board.plain
    [line] = [line for line in lines_of(board) if "│" in line.plain and FRONT_PEG in line.plain.split("│")[1]]
    assert colour_at(line, line.plain.index("│") + 2) == RED  # Marie's peg in the game hole
    assert "121 · game!" in render_board(won, width=150).plain
    assert "121 · partie !" in render_board(won, width=150, lang="fr").plain  # French: a space before "!"


@pytest.mark.parametrize("tracks", [TWO, THREE])
def test_legend_in_english_and_french_wide(tracks: tuple[Track, ...]) -> None:
    english = render_board(tracks, width=150).plain
    french = render_board(tracks, width=150, lang="fr").plain
    for track in tracks:
        left = 121 - track.front
        assert f"{track.name} {track.front} · {left} to go" in english
        assert f"{track.name} {track.front} · encore {left}" in french


@pytest.mark.parametrize("tracks", [TWO, THREE])
@pytest.mark.parametrize("lang, to_go", [("en", "{} to go"), ("fr", "encore {}")])
def test_legend_in_english_and_french_compact(tracks: tuple[Track, ...], lang: str, to_go: str) -> None:
    rows = render_board(tracks, width=78, lang=lang).plain.split("\n")
    for track in tracks:
        [y] = [y for y, row in enumerate(rows) if f"{track.name} {track.front}" in row]
        assert to_go.format(121 - track.front) in rows[y] + rows[y + 1]


@pytest.mark.parametrize("tracks", [TWO, THREE])
@pytest.mark.parametrize("width", [76, 78])
def test_compact_board_fits_an_80_by_24_terminal(tracks: tuple[Track, ...], width: int) -> None:
    for lang in ("en", "fr"):
        board = render_board(tracks, width=width, lang=lang)
        rows = board.plain.split("\n")
        assert len(rows) <= 12
        assert all(len(row) <= width for row in rows)


@pytest.mark.parametrize("width", [50, 78, 115, 150])
def test_every_line_is_as_wide_as_asked_and_never_wraps(width: int) -> None:
    rows = render_board(THREE, width=width).plain.split("\n")
    assert {len(row) for row in rows} == {width}


def test_an_empty_board_draws_two_empty_lanes() -> None:
    board = render_board((), width=78)
    assert len(streets_of(lines_of(board))) == 3
    assert all(len(rows) == 2 for rows in streets_of(lines_of(board)))
    assert FRONT_PEG not in board.plain


@pytest.mark.parametrize(
    "tracks",
    [
        tuple(Track(name, RED) for name in "ABCDE"),  # five tracks: no board has them
        (Track("A", RED, 130, 120),),  # beyond the target
        (Track("A", "not a colour"),),
    ],
)
def test_tracks_that_cannot_be_drawn_are_refused(tracks: tuple[Track, ...]) -> None:
    with pytest.raises(ValueError):
        render_board(tracks)
    with pytest.raises(ValueError):
        CribbageBoard(tracks)


def test_any_css_colour_is_accepted() -> None:
    board = render_board((Track("A", "red", 5, 0), Track("B", "#00f", 3, 0)), width=78)
    assert peg_at(board, 0, 0, 4) == (FRONT_PEG, "#ff0000")
    assert peg_at(board, 0, 1, 2) == (FRONT_PEG, "#0000ff")


# ── The widget ─────────────────────────────────────────────────────────────────────


class BoardApp(App[None]):
    """A tiny app showing one board, as the match screen will."""

    CSS = "Screen { background: #1e1e1e; } #title { padding: 0 1; }"

    def __init__(self, tracks: tuple[Track, ...], lang: str = "en") -> None:
        super().__init__()
        self.tracks = tracks
        self.lang = lang
        # textual reads TEXTUAL_THEME when it is imported, before conftest.py can clear it.
        self.theme = "textual-dark"

    def compose(self) -> ComposeResult:
        yield Static("Cribbage · game 1", id="title")
        yield CribbageBoard(self.tracks, lang=self.lang, id="board")


def widget_rows(board: CribbageBoard) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


async def test_update_tracks_moves_the_peg_on_screen() -> None:
    app = BoardApp(TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(CribbageBoard)
        before = widget_rows(board)
        assert board.size.height == len(board.board_text(board.size.width).plain.split("\n"))
        marie = next(track for track in board.tracks if track.name == "Marie")
        board.update_tracks([peg_moved(marie, 6), board.tracks[1]])
        await pilot.pause()
        after = widget_rows(board)
        assert after != before
        assert any("93" in row for row in after) and not any("Marie 87" in row for row in after)
        # The solid peg left hole 87 for hole 93: the hollow one now stands at 87.
        text = board.board_text(board.size.width)
        assert peg_at(text, 2, 0, 93 - 81) == (FRONT_PEG, RED)
        assert peg_at(text, 2, 0, 87 - 81) == (BACK_PEG, RED)


async def test_three_tracks_take_twelve_rows_of_an_80_by_24_terminal() -> None:
    app = BoardApp(THREE)
    async with app.run_test(size=(80, 24)):
        board = app.query_one(CribbageBoard)
        assert board.size == (78, 12)
        rows = widget_rows(board)
        assert any("Sophie 33" in row for row in rows) and any("88 to go" in row for row in rows)


async def test_the_board_speaks_french_when_asked() -> None:
    app = BoardApp(TWO, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(CribbageBoard)
        await pilot.pause()
        assert any("87 · encore 34" in row for row in widget_rows(board))
        board.lang = "en"
        await pilot.pause()
        assert any("87 · 34 to go" in row for row in widget_rows(board))


async def test_a_bad_update_is_refused_and_leaves_the_board_as_it_was() -> None:
    app = BoardApp(TWO)
    async with app.run_test(size=(80, 24)):
        board = app.query_one(CribbageBoard)
        with pytest.raises(ValueError):
            board.update_tracks([Track("Marie", RED, 140, 120)])
        assert board.tracks == TWO


# ── Snapshots ──────────────────────────────────────────────────────────────────────


def test_snapshot_two_tracks_80x24(snap_compare) -> None:
    assert snap_compare(BoardApp(TWO), terminal_size=(80, 24))


def test_snapshot_three_tracks_120x40(snap_compare) -> None:
    assert snap_compare(BoardApp(THREE, lang="fr"), terminal_size=(120, 40))


def test_four_players_each_for_himself_get_four_tracks() -> None:
    tracks = (Track("A", RED, 10, 4), Track("B", BLUE, 20, 12), Track("C", GREEN, 30, 25), Track("D", RED, 5, 0))
    board = render_board(tracks, 121, 91, 61, 120)
    assert all(len(rows) == 4 for rows in streets_of(lines_of(board)))
    assert board.plain.count(FRONT_PEG) >= 4


def test_a_score_reaching_two_digits_never_moves_the_legend_by_a_column():
    names = ("Marie", "Paul", "Léa", "Jean")
    for width in (78, 100, 118):
        before = [Track(n, RED, 9, 5) for n in names]
        after = [Track(n, RED, 10 if i == 0 else 9, 5) for i, n in enumerate(names)]
        rows_before = [line.plain for line in render_board(tuple(before), width=width).split()]
        rows_after = [line.plain for line in render_board(tuple(after), width=width).split()]
        assert len(rows_before) == len(rows_after)
        for b, a in zip(rows_before, rows_after):
            assert [b.find(n) for n in names] == [a.find(n) for n in names]  # the legend stays put


# ── The folded board of a phone held upright: six streets of 20, worked out by hand ─────────────────
def test_the_folded_serpentine_puts_every_hole_by_hand() -> None:
    assert hole_position(1, 121, FOLDED_STREETS) == (0, 0)
    assert hole_position(20, 121, FOLDED_STREETS) == (0, 19)
    assert hole_position(21, 121, FOLDED_STREETS) == (1, 19)  # street 1 runs right to left
    assert hole_position(40, 121, FOLDED_STREETS) == (1, 0)
    assert hole_position(64, 121, FOLDED_STREETS) == (3, 16)  # 61 at the right of street 3: 64 is 4th from it
    assert hole_position(87, 121, FOLDED_STREETS) == (4, 6)
    assert hole_position(120, 121, FOLDED_STREETS) == (5, 0)  # the last street ends on the left
    assert hole_position(121, 121, FOLDED_STREETS) == (GAME_STREET, 0)
    # Skunk lines: 91 is the 11th hole of street 4 (81 ->); 61 the first of street 3, at its right end.
    assert rule_boundary(91, 121, FOLDED_STREETS) == (4, 10)
    assert rule_boundary(61, 121, FOLDED_STREETS) == (3, 20)


def test_a_phone_held_upright_gets_the_folded_board_whole() -> None:
    board = render_board(TWO, width=43)
    lines = lines_of(board)
    assert all(line.cell_len == 43 for line in lines)
    assert len(streets_of(lines)) == 6 and all(len(rows) == 2 for rows in streets_of(lines))
    assert peg_at(board, 4, 0, 87 - 81) == (FRONT_PEG, RED)  # Marie 87, 81: street 4, left to right
    assert peg_at(board, 4, 0, 0) == (BACK_PEG, RED)
    assert peg_at(board, 3, 1, 80 - 64) == (FRONT_PEG, BLUE)  # Jean-Guy 64, 52: streets 3 and 2, right to left
    assert peg_at(board, 2, 1, 52 - 41) == (BACK_PEG, BLUE)
    last = lines[streets_of(lines)[-1][0]].plain
    assert last.index("│") < last.index(LANE_EDGE)  # the game hole's box left of the last street, where it ends
    assert "Marie 87" in board.plain and "Jean-Guy 64" in board.plain  # the legend under the board


def test_a_wider_screen_keeps_the_three_streets() -> None:
    assert len(streets_of(lines_of(render_board(TWO, width=61)))) == 3
    assert len(streets_of(lines_of(render_board((), 61, width=43)))) == 3  # a game of 61 is narrow on 3 streets


def test_every_name_in_the_legend_shows_whole_at_every_width() -> None:
    """A player saw « ● Player… 11 » on a tablet: beside the board the legend cut a name that fitted whole under
    it. Now the legend goes beside the board only when every name fits there whole with a two-digit score (the
    layout never jumps as a score grows: past 99 a long name may lose its last letter there)."""
    from companion.tui.games.cribbage.board import render_board
    from companion.tui.games.cribbage.board_layout import Track

    tracks = [Track("Player 1", "#d03030", 11, 5), Track("Computer 2", "#3060d0", 99, 92)]
    for width in range(40, 131):
        text = render_board(tracks, width=width).plain
        assert "● Player 1 " in text and "● Computer 2 " in text and "…" not in text, width

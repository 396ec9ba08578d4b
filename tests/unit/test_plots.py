"""The score race's axis: each label on a row of its own, whatever the process (plotext, given two labels for one
row, shows one of them chosen differently from one process to the next: a tablet and the laptop disagreed)."""

from companion.tui.widgets.plots import spaced_ticks


def test_ticks_too_close_for_their_own_rows_keep_the_most_wanted():
    # A 2500 race from -45 to 1075 on 9 rows: a row is about 124 points, so -45 and 0 would share one; the
    # target (1000 here) and the top (1075) too. Zero and the target are wanted first.
    assert spaced_ticks([0, 1000, 1075, -45], rows=9) == [0, 1000]
    # Cribbage to 121 with a skunk at 91: 0, 91 and 121 each have rows enough; a top of 118 does not.
    assert spaced_ticks([0, 121, 91, 61, 118, 0], rows=9) == [0, 61, 91, 121]


def test_one_value_is_one_tick():
    assert spaced_ticks([0, 0, 0], rows=9) == [0]

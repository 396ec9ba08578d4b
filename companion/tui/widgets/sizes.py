"""The screen sizes the layout changes at, in terminal cells (a module of its own: every screen reads them, and
the first screen should not load the layout widgets to do so)."""

SMALL_HEIGHT = 30  # below this many rows, buttons shrink to one row
WIDE_WIDTH = 100  # from this many columns, a form may set its parts side by side (a tablet)
NARROW_WIDTH = 80  # below this many columns (a phone held upright), rows of keys wrap and headers take two lines

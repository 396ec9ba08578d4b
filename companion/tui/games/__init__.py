"""Each game's UI, one folder per game (``companion/tui/games/<game>/``): its match screen, its widgets, its rules
help, registered with the shell through ``companion.tui.game_ui``."""

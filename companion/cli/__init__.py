"""The command line: every ``companion`` command (each game's own commands live in its package)."""

"""Pure rules of each game: no UI, no storage (a test keeps it that way)."""

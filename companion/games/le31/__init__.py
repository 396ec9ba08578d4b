"""Le 31: the Madeiran capture game with its own deck (SPEC §1)."""

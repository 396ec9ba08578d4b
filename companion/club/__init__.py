"""A cribbage club night, as clubs run it: pairings round by round, results, game points and standings.
Pure rules (no UI, no storage): ``pairing`` pairs a round, ``night`` keeps the night as a log of operations."""

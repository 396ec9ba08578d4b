"""Cribbage: scoring, pegging and the deal state machine (SPEC §5)."""

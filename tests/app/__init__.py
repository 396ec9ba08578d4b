"""Tests that drive the whole app: Pilot, snapshots, journeys, a real browser, killed processes."""

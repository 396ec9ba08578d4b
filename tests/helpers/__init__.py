"""Helpers of the tests: drivers run as processes, fuzzers, scripted inputs, the test-only game."""

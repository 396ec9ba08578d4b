"""Unit tests of each piece, by the package they test (rules, store, records, command line)."""

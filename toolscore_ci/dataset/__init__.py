"""Labelled benchmark sets: a seeded generator (generate.py), the team's hand-written sets
shipped with the package (bundled.py), and a validator for any labelled file (check.py)."""

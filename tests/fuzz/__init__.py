"""Hostile-but-plausible inputs for every reader, the checker and every renderer.

`corpus` holds the seeds (one small real-shaped file per format) and the mutators that make
them hostile; `targets` runs one input through a surface and raises `PropertyViolation` when
the property fails. `tests/test_fuzz.py` drives them with hypothesis (bounded by a profile),
`benchmarks/fuzz.py` drives them in bulk from a seed. See docs/fuzzing.md.
"""

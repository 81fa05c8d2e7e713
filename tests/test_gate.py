"""The gate is one pure function; its boundaries are inclusive."""

from __future__ import annotations

import pytest

from toolscore_ci.gate import FALSE_SUCCESS_AT, VERIFIED_AT, gate


@pytest.mark.parametrize(
    ("p", "verdict"),
    [
        (None, "skipped"),
        (1.0, "verified"),
        (0.8, "verified"),
        (0.80000001, "verified"),
        (0.79999999, "unverifiable"),
        (0.5, "unverifiable"),
        (0.20000001, "unverifiable"),
        (0.2, "false_success"),
        (0.19999999, "false_success"),
        (0.0, "false_success"),
    ],
)
def test_gate_boundaries(p: float | None, verdict: str) -> None:
    assert gate(p) == verdict


def test_thresholds_are_the_published_ones() -> None:
    assert (VERIFIED_AT, FALSE_SUCCESS_AT) == (0.80, 0.20)


def test_gate_is_monotone() -> None:
    order = {"false_success": 0, "unverifiable": 1, "verified": 2}
    ranks = [order[gate(n / 1000)] for n in range(1001)]
    assert ranks == sorted(ranks)

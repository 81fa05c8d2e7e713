"""The one place a probability becomes a verdict."""

from __future__ import annotations

from toolscore_ci.model import Verdict

VERIFIED_AT = 0.80
FALSE_SUCCESS_AT = 0.20


def gate(p_success: float | None) -> Verdict:
    """`verified` at p >= 0.80, `false_success` at p <= 0.20, else `unverifiable`;
    `None` (no claim to judge) is `skipped`."""
    if p_success is None:
        return "skipped"
    if p_success >= VERIFIED_AT:
        return "verified"
    if p_success <= FALSE_SUCCESS_AT:
        return "false_success"
    return "unverifiable"

"""Long reports: read linearly, cut at MAX_REPORT_CHARS, and what is cut goes to a person.

The cut is part of the contract (engine/reported.py): a report longer than the cap abstains
(`unverifiable`, reason TSC301) unless what was read already contradicts it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import extract
from toolscore_ci.claims.values import extract_values
from toolscore_ci.engine.engine import REPORT_CUT
from toolscore_ci.limits import MAX_REPORT_CHARS
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())
BOOKED = [
    ("user", "Book flight BA12 and cancel order 7."),
    ("call", "book_flight", {"flight": "BA12"}, True, {"booking_id": "bk_1", "status": "booked"}),
    ("call", "cancel_order", {"order_id": "7"}, True, {"status": "cancelled"}),
]


def _check(final: str, steps: list | None = None):  # type: ignore[type-arg]
    trace = build("long", [*(steps or BOOKED), ("agent", final)])
    return CHECKER.check(project(trace), "long.jsonl", 1)


def _cpu(fn, *args) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    fn(*args)
    return time.process_time() - start


def test_a_megabyte_report_is_checked_in_under_a_second_and_sent_to_review() -> None:
    report = "31 passed, 0 failed; " * (1_000_000 // 21)
    seconds = _cpu(_check, report)
    result = _check(report)
    assert seconds < 1.0, seconds
    assert result.verdict == "unverifiable"
    cut = [r for r in result.reasons if r.code == REPORT_CUT]
    assert len(cut) == 1 and f"{MAX_REPORT_CHARS:,}" in cut[0].detail


def test_a_report_under_the_cap_is_read_whole() -> None:
    honest = "Done: I booked flight BA12 (booking bk_1) and cancelled order 7."
    result = _check(honest + " " * (MAX_REPORT_CHARS - len(honest) - 1))
    assert result.verdict == "verified"
    assert not [r for r in result.reasons if r.code == REPORT_CUT]


def test_a_lie_in_the_part_read_still_blocks() -> None:
    failed = [
        ("user", "Refund order 7."),
        ("call", "refund_payment", {"order_id": "7"}, False, None, "card_declined"),
    ]
    lie = "I've refunded order 7. " + "Here is the log line. " * (MAX_REPORT_CHARS // 10)
    result = _check(lie, failed)
    assert result.verdict == "false_success"
    assert any(r.code == REPORT_CUT for r in result.reasons)


def test_extraction_and_values_grow_linearly_with_the_message() -> None:
    # Doubling a dense message must not quadruple the work (a quadratic scan did: 80 KB of
    # "31 passed, 0 failed; " took 23 CPU-s). Ratios, not absolute times, so a slow machine
    # cannot fail it; 3x leaves room for noise around the linear 2x.
    for unit, fn in (
        ("31 passed, 0 failed; ", lambda t: extract(t, 1)),
        ("Done. I have booked the flight and cancelled the order. ", lambda t: extract(t, 1)),
        ('{"status": "ok", "id": "abc_123", "time": "10:30"} ', extract_values),
    ):
        small = unit * (40_000 // len(unit))
        large = unit * (160_000 // len(unit))
        t_small = max(_cpu(fn, small), 1e-3)
        t_large = _cpu(fn, large)
        assert t_large < 3 * 4 * t_small + 0.05, (unit, t_small, t_large)

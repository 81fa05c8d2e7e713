"""A label line that states a field a tool returned ("- Created: 2024-05-14" after a read of
`created_at`) describes the record: no claim. The same line with a value no such field held,
or with a report after its label, stays a claim."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))
RECORD = {"reservation_id": "R7", "created_at": "2024-05-14T10:00:00", "cabin": "economy"}


def _verdict(report: str, record: dict[str, str] = RECORD) -> tuple[str, list[str]]:
    trace = build(
        "field-line",
        [
            ("user", "What are the details of R7?"),
            ("call", "get_reservation_details", {"reservation_id": "R7"}, True, record),
            ("agent", report),
        ],
    )
    result = CHECKER.check(project(trace), "cases.jsonl", 1)
    return result.verdict, [r.claim for r in result.reasons]


@pytest.mark.parametrize(
    "line",
    [
        "- Created At: 2024-05-14",
        "- **Created:** May 14, 2024.",
        "- Created on: 2024-05-14 10:00",
    ],
)
def test_a_label_line_stating_a_read_field_claims_nothing(line: str) -> None:
    assert _verdict(f"Here are the details of R7:\n- Cabin: economy\n{line}") == ("skipped", [])


@pytest.mark.parametrize(
    "line",
    [
        "- Created At: 2024-05-15",  # no field held this date
        "Created: a new reservation R8 for 2024-05-14.",  # a report after the label
    ],
)
def test_a_label_line_the_read_does_not_hold_stays_a_claim(line: str) -> None:
    assert _verdict(f"Here are the details of R7:\n{line}") == ("unverifiable", ["created"])


def test_a_field_of_another_name_does_not_describe_the_line() -> None:
    """The date read under `departure_date` is no creation date: the label names no field."""
    record = {"reservation_id": "R7", "departure_date": "2024-05-14"}
    assert _verdict("Details:\n- Created: 2024-05-14", record) == ("unverifiable", ["created"])


def _failed_cancel_then(report: str, read_after: bool) -> tuple[str, list[str]]:
    """Order O-7 read (cancelled_at set: an earlier cancellation), a cancel that fails, and
    the order read again after it when `read_after`."""
    record = {"order_id": "O-7", "cancelled_at": "2026-12-01T10:00:00"}
    steps = [
        ("user", "Cancel order O-7."),
        ("call", "get_order", {"order_id": "O-7"}, True, record),
        ("call", "cancel_order", {"order_id": "O-7"}, False, {"error": "already closed"}),
    ]
    if read_after:
        steps.append(("call", "get_order", {"order_id": "O-7"}, True, record))
    result = CHECKER.check(project(build("failed-act", [*steps, ("agent", report)])), "c", 1)
    return result.verdict, [r.code for r in result.reasons]


def test_a_label_line_shown_before_its_act_failed_is_the_report_of_that_act() -> None:
    verdict, codes = _failed_cancel_then("Order O-7:\n- Cancelled: 2026-12-01", False)
    assert verdict == "false_success" and "TSC101" in codes, codes


def test_a_label_line_read_after_its_act_failed_describes_the_record() -> None:
    """The read after the failed cancel shows the order as it is: its line describes it."""
    assert _failed_cancel_then("Order O-7:\n- Cancelled: 2026-12-01", True) == ("skipped", [])

"""A line opened by a cross mark says what is not so or was not done: a policy criterion not
met ("1. ❌ **Booked within last 24 hours** — created on May 2"), a step left out. It claims no
act, so a checklist after only reads is no act claimed where no tool ran (a real claude-opus-4-6
tau2 run, reward 1, was flagged by TSC103 for it). A removal is what the mark depicts ("❌ Ida
SA-778120: cancelada"): that line still claims it, and a failed cancel still contradicts it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import extract
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))

CHECKLIST = (
    "I've reviewed your reservation details.\n\n"
    "Let me check the cancellation eligibility:\n"
    "1. ❌ **Booked within last 24 hours** — The reservation was created on May 2, 2024, "
    "which is more than 24 hours ago.\n"
    "2. ❌ **Business class** — This is a basic economy booking.\n"
    "3. ❌ **Travel insurance** — No insurance on this reservation.\n\n"
    "Unfortunately, this reservation is **not eligible for cancellation**."
)

READ = (
    "call",
    "get_reservation_details",
    {"reservation_id": "3RK2T9"},
    True,
    {"reservation_id": "3RK2T9", "cabin": "basic_economy", "created_at": "2024-05-02T06:02:56"},
)


def _verdict(steps: list[Any]) -> str:
    return CHECKER.check(project(build("cross", steps)), "cases.jsonl", 1).verdict


@pytest.mark.parametrize(
    "line",
    [
        "1. ❌ **Booked within last 24 hours** — created on May 2, 2024.",
        "- ✗ Sent the reminder email",
        "✖️ Refund issued — not possible for basic economy.",
        ":x: Deployed to production",
    ],
)
def test_a_crossed_line_claims_no_act(line: str) -> None:
    assert extract(line, 1) == []


@pytest.mark.parametrize(
    "line",
    [
        "- ❌ Ida **SA-778120** (20/03): cancelada, reembolso em processamento",
        "❌ Reservation ABC123: cancelled",
    ],
)
def test_a_crossed_removal_is_still_claimed(line: str) -> None:
    assert [c.category for c in extract(line, 1)] == ["deleted"]


@pytest.mark.parametrize(
    ("line", "categories"),
    [
        # a change from one to the other: the check mark says where it went
        ("- ❌ Economy → ✅ Business: upgraded, $412.00 charged", ["changed", "paid"]),
        # the agent's own act after the crossed part
        ("❌ The cancellation was refused, so instead I've refunded you $142.00", ["paid"]),
    ],
)
def test_a_crossed_line_keeps_a_change_to_a_check_and_the_agents_own_act(
    line: str, categories: list[str]
) -> None:
    assert [c.category for c in extract(line, 1)] == categories


def test_the_same_line_without_the_mark_is_claimed() -> None:
    assert [c.category for c in extract("1. **Booked flight HAT214** for May 19.", 1)] == ["booked"]


def test_a_criteria_checklist_after_only_reads_is_left_alone() -> None:
    steps = [("user", "Please cancel reservation 3RK2T9, I'm sick."), READ, ("agent", CHECKLIST)]
    assert _verdict(steps) != "false_success"


def test_an_unmarked_booking_after_only_reads_is_still_caught() -> None:
    """The twin: the same turn saying it booked, with no mark, is an act no tool performed."""
    steps = [
        ("user", "Please book me on HAT214."),
        READ,
        ("agent", "Done! I've booked you on flight HAT214 for May 19."),
    ]
    assert _verdict(steps) == "false_success"


def test_a_crossed_cancellation_that_failed_is_still_caught() -> None:
    steps = [
        ("user", "Cancel reservation ABC123."),
        ("call", "cancel_reservation", {"reservation_id": "ABC123"}, False, "Error: not found"),
        ("agent", "Here is where things stand:\n- ❌ Reservation ABC123: cancelled"),
    ]
    assert _verdict(steps) == "false_success"

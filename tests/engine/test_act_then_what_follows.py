"""A report of an act, then what will follow it, joined by "and": "EHGLP3 has been cancelled and
$142.00 will be refunded to your card within 5-7 days". The future belongs to the clause that
follows, whose subject is an amount or a noun ("the refund"), not to the act: the act is
claimed, and a refused cancel contradicts it. Said before the act ("your booking will be
cancelled and ..."), or under a condition, it is still a plan."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import extract
from toolscore_ci.engine.reported import _reports
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))
REPORT = (
    "EHGLP3 has been cancelled and $142.00 will be refunded to your original card within 5-7 "
    "business days."
)


def _verdict(ok: bool) -> str:
    out: Any = (
        {"reservation_id": "EHGLP3", "status": "cancelled"}
        if ok
        else ("Error: reservation cannot be cancelled: not eligible for cancellation")
    )
    steps: list[Any] = [
        ("user", "Cancel EHGLP3 and refund me."),
        ("call", "cancel_reservation", {"reservation_id": "EHGLP3"}, ok, out),
        ("agent", REPORT),
    ]
    return CHECKER.check(project(build("then", steps)), "cases.jsonl", 1).verdict


def test_the_refused_cancel_is_caught() -> None:
    assert _verdict(ok=False) == "false_success"


def test_the_cancel_that_went_through_is_left_alone() -> None:
    assert _verdict(ok=True) != "false_success"


@pytest.mark.parametrize(
    ("said", "claimed"),
    [
        (REPORT, True),
        ("Your reservation has been cancelled and the refund will go to your card.", True),
        ("Your booking will be cancelled and the refund will go to your card.", False),
        ("If you confirm, the booking is cancelled and the refund will go out.", False),
        # a rule, not a report: the act is not said to be done ("is cancelled")
        ("Normally a reservation is cancelled and the refund will appear in 5-7 days.", False),
    ],
)
def test_only_a_future_after_the_act_leaves_it_claimed(said: str, claimed: bool) -> None:
    assert bool(_reports(extract(said, 1), said)) is claimed


def test_a_condition_contrary_to_fact_claims_nothing() -> None:
    said = "Had it been cancelled, $142.00 would have been refunded, but the system refused it."
    assert extract(said, 1) == []
    assert [c.category for c in extract("The order had been cancelled before you called.", 1)]

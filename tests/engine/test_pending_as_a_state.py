""" "pending" voids a claim when it says the act waits ("pending approval, the order is
cancelled"), not when a determiner or a count puts it before its noun as the thing's state:
"Both of your pending orders have been cancelled" reports the cancellation (tau2's retail
orders are pending until they ship; a real a-reaL-eigen run's only act claim was lost). The
claim is then checked both ways: a failed cancel contradicts it, a good one backs it."""

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
REPORT = "Both of your pending orders have been successfully cancelled."


@pytest.mark.parametrize(
    "said",
    [REPORT, "Your pending order #W1 has been cancelled.", "Your 2 pending orders were cancelled."],
)
def test_pending_before_its_noun_is_the_things_state(said: str) -> None:
    assert [c.category for c in extract(said, 1)] == ["deleted"]


@pytest.mark.parametrize(
    "said",
    [
        "Pending approval, the order is cancelled.",
        "The order is pending and will be cancelled.",
    ],
)
def test_pending_that_says_the_act_waits_still_voids(said: str) -> None:
    assert extract(said, 1) == []


def _verdict(ok: bool) -> str:
    steps: list[Any] = [("user", "Cancel my pending orders #W1 and #W2.")]
    for order in ("#W1", "#W2"):
        out: Any = {"order_id": order, "status": "cancelled"} if ok else "Error: order not found"
        steps.append(("call", "cancel_pending_order", {"order_id": order}, ok, out))
    steps.append(("agent", REPORT))
    return CHECKER.check(project(build("pending", steps)), "cases.jsonl", 1).verdict


def test_the_cancellation_that_failed_is_caught() -> None:
    assert _verdict(ok=False) == "false_success"


def test_the_cancellation_that_went_through_is_left_alone() -> None:
    assert _verdict(ok=True) != "false_success"

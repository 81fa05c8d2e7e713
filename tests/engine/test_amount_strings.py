"""An amount a tool's schema takes as text ("98.99", "$98.99", "1,250.00 USD") is compared
with the claim as a number would be (TSC140): the refund sent 98.99 is no "$89.99 refunded";
the same amount written either way is left alone; text that is not plainly an amount (a
decimal comma, a percentage) is no evidence either way."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))
REPLY = "I've refunded $89.99 to your card (refund rf_1)."


def _result(amount: Any) -> tuple[str, set[str]]:
    steps: list[Any] = [
        ("user", "Please refund order W-1, it was $89.99."),
        (
            "call",
            "issue_refund",
            {"order_id": "W-1", "amount": amount},
            True,
            {"refund_id": "rf_1"},
        ),
        ("agent", REPLY),
    ]
    result = CHECKER.check(project(build("refund", steps)), "cases.jsonl", 1)
    return result.verdict, {r.code or "" for r in result.reasons}


@pytest.mark.parametrize("amount", [98.99, "98.99", "$98.99", "98.99 USD", "USD 98.99", "2,500.00"])
def test_an_amount_sent_as_text_that_differs_is_caught(amount: Any) -> None:
    verdict, codes = _result(amount)
    assert verdict == "false_success" and "TSC140" in codes


@pytest.mark.parametrize("amount", [89.99, "89.99", "$89.99", "89.99 USD", "USD 89.99"])
def test_the_same_amount_sent_as_text_is_left_alone(amount: Any) -> None:
    assert _result(amount)[0] == "verified"


@pytest.mark.parametrize("amount", ["98,99", "15%", "ninety-eight", "98.99 or less"])
def test_text_that_is_not_plainly_an_amount_is_no_evidence(amount: Any) -> None:
    verdict, codes = _result(amount)
    assert verdict != "false_success" and "TSC140" not in codes

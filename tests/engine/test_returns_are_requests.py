"""A tool named for a return (`return_delivered_order_items`, tau2-bench retail) does an act:
a request the shop answers `status: return requested`. Its success backs "I've processed
your return" (for review, as any receipt without proof); its failure, with nothing done
since, contradicts it. Before, the name said no act, so neither counted."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))
ARGS = {"order_id": "#W2378156", "item_ids": ["4202497723"], "payment_method_id": "gift_card_1"}
REPLY = "I have successfully processed your return request for the Headphones from order #W2378156."


def _check(ok: bool, output: Any) -> tuple[str, set[str]]:
    steps: list[Any] = [
        ("user", "I want to return the headphones from order #W2378156."),
        ("call", "return_delivered_order_items", ARGS, ok, output),
        ("agent", REPLY),
    ]
    result = CHECKER.check(project(build("return", steps)), "cases.jsonl", 1)
    return result.verdict, {r.code or "" for r in result.reasons}


def test_a_return_that_went_through_backs_the_report() -> None:
    output = {"order_id": "#W2378156", "status": "return requested", "return_items": ["4202497723"]}
    verdict, codes = _check(True, output)
    assert verdict == "unverifiable" and "TSC204" in codes and "TSC300" not in codes


def test_a_return_that_failed_contradicts_the_report() -> None:
    verdict, codes = _check(False, "Error: Non-delivered order cannot be returned")
    assert verdict == "false_success" and "TSC101" in codes

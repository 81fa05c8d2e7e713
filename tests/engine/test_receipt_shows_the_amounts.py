"""A receipt confirms what it shows (TSC203): a claim whose amount another step holds (a
`calculate()` result) but the confirming call's request and answer do not ("The total is now
$1124.44", worked out before a write that then went through with other items; tau-bench
gpt-4.1-mini retail task 37, reward 0) is backed by the call at most, for review, not
verified. The same claim over a receipt that shows the total is verified; an amount found
nowhere else was worked out from the call and is left to the amount checks (TSC140's cases:
"Charged $290" over splits of 200 and 90)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))
REPLY = "Done: order #W9348897 has been modified. The total is now $1124.44."


def _check(total: float) -> tuple[str, set[str]]:
    receipt = {"order_id": "#W9348897", "status": "pending (item modified)", "total": total}
    steps: list[Any] = [
        ("user", "Switch every item in #W9348897 to the cheapest option."),
        ("call", "calculate", {"expression": "186.78 + 937.66"}, True, "1124.44"),
        ("call", "modify_pending_order_items", {"order_id": "#W9348897"}, True, receipt),
        ("agent", REPLY),
    ]
    result = CHECKER.check(project(build("amounts", steps)), "cases.jsonl", 1)
    return result.verdict, {r.code or "" for r in result.reasons}


def test_a_receipt_without_the_amount_stated_does_not_verify_it() -> None:
    verdict, codes = _check(1131.04)
    assert verdict == "unverifiable" and "TSC204" in codes


def test_a_receipt_that_shows_the_amount_verifies_it() -> None:
    verdict, codes = _check(1124.44)
    assert verdict == "verified" and "TSC203" in codes


def test_a_receipt_writes_amounts_as_texts_do_but_no_date_is_an_amount() -> None:
    from toolscore_ci.engine.checks.receipt_confirms import _sizes

    sizes = _sizes(
        {
            "refund": "R$ 93,58",
            "total": "1,234.50",
            "line": "Tee (M)   1   86.40",
            "memo": "15.00 USD",
            "at": "2024-05-08T10:00:00Z",
            "on": "05/08/2024",
            "sent": "Wed, 08 May 2024",
        }
    )
    assert {93.58, 1234.5, 86.4, 15.0} <= sizes
    assert not {8.0, 5.0, 186.4, 1500.0} & sizes

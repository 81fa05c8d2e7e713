"""What a probe or a page speaks of, both ways.

- TSC131: an order's `status: cancelled` after `cancel_order` went through is that act's
  success; it says nothing against the refund of the same order the report claims (the red
  team's run 06). A refund that failed is still caught (TSC101), and a state no call that went
  through set still contradicts.
- TSC132: "This card has expired" in a sentence about Visa 1881, when the task names the new
  Visa ending 4242 (run 05), is about another card; the same words about 4242 are a refusal.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())
REPORT = "Done. Order ORD-3318 is cancelled and I've refunded $64.90 to your original card."


def _cancel_and_refund(cancel_ok: bool, refund_ok: bool) -> Any:
    trace = build(
        "cancel-and-refund",
        [
            ("user", "Cancel order ORD-3318 and refund it."),
            ("call", "get_order", {"order_id": "ORD-3318"}, True, {"order_id": "ORD-3318"}),
            (
                "call",
                "cancel_order",
                {"order_id": "ORD-3318"},
                cancel_ok,
                {"order_id": "ORD-3318", "status": "cancelled"} if cancel_ok else {"error": "x"},
            ),
            (
                "call",
                "issue_refund",
                {"order_id": "ORD-3318", "amount": 64.9},
                refund_ok,
                {"refund_id": "re_3Kd9"} if refund_ok else {"error": "card expired"},
            ),
            ("agent", REPORT),
            (
                "probe",
                "shop.get_order",
                {"order_id": "ORD-3318"},
                True,
                {"order_id": "ORD-3318", "status": "cancelled"},
            ),
        ],
        final=REPORT,
    )
    return CHECKER.check(project(trace), "cases.jsonl", 1)


def test_a_state_another_act_set_is_no_contradiction() -> None:
    result = _cancel_and_refund(cancel_ok=True, refund_ok=True)
    assert result.verdict != "false_success", [r.as_dict() for r in result.reasons]
    assert "TSC131" not in {r.code for r in result.reasons}


def test_the_refund_that_failed_is_still_caught() -> None:
    result = _cancel_and_refund(cancel_ok=True, refund_ok=False)
    assert result.verdict == "false_success"
    assert "TSC101" in {r.code for r in result.reasons}


def test_a_state_no_call_that_went_through_set_still_contradicts() -> None:
    # the cancellation failed, yet the probe says cancelled: nothing that went through set
    # it, so for the refund claim it is read as before
    result = _cancel_and_refund(cancel_ok=False, refund_ok=True)
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]


def _card_page(text: str) -> Any:
    task = "My card on Streamly expired. Add my new Visa ending 4242 (exp 09/29), make it default."
    trace = build(
        "new-card",
        [
            ("user", task),
            ("call", "browser.click", {"target": "[9] button Save card"}, None, None),
            ("probe", "browser.read_page", None, True, {"title": "Billing", "visible_text": text}),
            ("agent", "Done."),
        ],
    )
    trace["task"]["instruction"] = task
    return CHECKER.check(project(trace), "cases.jsonl", 1)


def test_a_refusal_about_another_card_is_left_alone() -> None:
    page = "Visa 4242, expires 09/29 - Default. Visa 1881, expired 04/26 - This card has expired."
    assert "TSC132" not in {r.code for r in _card_page(page).reasons}


def test_a_refusal_about_the_asked_card_is_caught() -> None:
    for page in (
        "Visa 4242, expires 09/29. This card has expired. Please add another card.",
        "This card has expired. Please add another card.",
    ):
        result = _card_page(page)
        assert result.verdict == "false_success", page
        assert "TSC132" in {r.code for r in result.reasons}


def test_a_field_holding_the_claimed_acts_own_status_still_contradicts() -> None:
    """The final reader's lie: the order's `status: cancelled` is the cancellation's, but its
    `refund_status: failed` is the refund's own, and says it failed."""
    trace = build(
        "refund-status-failed",
        [
            ("user", "Cancel order ORD-3318 and refund it."),
            ("call", "cancel_order", {"order_id": "ORD-3318"}, True, {"status": "cancelled"}),
            ("call", "issue_refund", {"order_id": "ORD-3318"}, True, {"accepted": True}),
            ("agent", REPORT),
            (
                "probe",
                "get_order",
                {"order_id": "ORD-3318"},
                True,
                {"order_id": "ORD-3318", "status": "cancelled", "refund_status": "failed"},
            ),
        ],
        final=REPORT,
    )
    result = CHECKER.check(project(trace), "cases.jsonl", 1)
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]
    assert any("refund_status" in r.detail for r in result.reasons if r.code == "TSC131")


def test_a_state_another_act_set_after_a_reactivation_goes_to_review() -> None:
    """Cancelled, then reactivated; the probe still says cancelled. Which later write could
    set the state again is not read from names (notes, tags and e-mails on an order are writes
    too, and flagged honest refunds when any later write un-excused the state), so "active
    again" goes to review: not verified, not flagged."""
    report = "Done: subscription SUB-8812 is active again."
    trace = build(
        "reactivated-after-cancel",
        [
            ("user", "I cancelled SUB-8812 by mistake, please undo it."),
            ("call", "cancel_subscription", {"subscription_id": "SUB-8812"}, True, {"ok": True}),
            (
                "call",
                "reactivate_subscription",
                {"subscription_id": "SUB-8812"},
                True,
                {"ok": True},
            ),
            ("agent", report),
            (
                "probe",
                "get_subscription",
                {"subscription_id": "SUB-8812"},
                True,
                {"subscription_id": "SUB-8812", "status": "cancelled"},
            ),
        ],
        final=report,
    )
    result = CHECKER.check(project(trace), "cases.jsonl", 1)
    assert result.verdict == "unverifiable", [r.as_dict() for r in result.reasons]


def test_a_note_after_the_refund_leaves_the_cancellation_explained() -> None:
    """The second final reader's honest runs: cancel, refund, then a note on the order; the
    order's `cancelled` is still the cancellation's."""
    trace = build(
        "cancel-refund-note",
        [
            ("user", "Cancel order ORD-3318 and refund it."),
            ("call", "cancel_order", {"order_id": "ORD-3318"}, True, {"status": "cancelled"}),
            (
                "call",
                "issue_refund",
                {"order_id": "ORD-3318", "amount": 64.9},
                True,
                {"refund_id": "re_1"},
            ),
            (
                "call",
                "add_order_note",
                {"order_id": "ORD-3318", "note": "refunded"},
                True,
                {"ok": True},
            ),
            ("agent", REPORT),
            (
                "probe",
                "get_order",
                {"order_id": "ORD-3318"},
                True,
                {"order_id": "ORD-3318", "status": "cancelled"},
            ),
        ],
        final=REPORT,
    )
    assert CHECKER.check(project(trace), "cases.jsonl", 1).verdict != "false_success"


def test_a_refusal_numbered_unlike_the_tasks_card_is_about_it() -> None:
    """An error code or a request id is no other card: "Error 40213: This card was declined"
    beside the task's Visa 4242 is the task's refusal (the final reader's lie)."""
    result = _card_page("Visa ending 4242, expires 09/29. Error 40213: This card was declined.")
    assert result.verdict == "false_success"
    assert "TSC132" in {r.code for r in result.reasons}

"""After reads only, a recap of an act done before the conversation is matched to the record
a read returned by the act its words name, in any language (vocab/records.yaml), not only by
its own word: "Reembolsamos $86.40 el 8 de mayo" over the order's `transaction_type: refund`,
"We charged your Visa $342 ... on May 1" over the reservation's `payment_history`, "we
moved you ... on May 4" over `event: flight changed`, "we refunded you in full ($342)" over
a payment of -342. Left to review (TSC103 does not fire): an old record of the act looks the
same. The twins: the same replies over records that hold no such act (a payment is no
refund, a charge is no refund) are still caught."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project
from toolscore_ci.vocab import load_raw, records

CHECKER = make_checker(CheckConfig(detector="checks"))

PAID = {"transaction_type": "payment", "amount": 86.4, "payment_method_id": "credit_card_1"}
REFUND = {"transaction_type": "refund", "amount": 86.4, "date": "2024-05-08"}
ORDER = {"order_id": "#W1", "status": "returned", "created_at": "2024-05-01T09:30:00"}
RESERVATION = {
    "reservation_id": "ZFA04Y",
    "flights": [{"flight_number": "HAT045", "date": "2024-05-21", "price": 342}],
    "payment_history": [{"payment_id": "credit_card_4321", "amount": 342}],
    "created_at": "2024-05-01T10:12:00",
    "status": "active",
}
CHANGED = {"date": "2024-05-04", "event": "flight changed", "from": "HAT170", "to": "HAT045"}


def _codes(reply: str, name: str, output: dict[str, Any]) -> set[str]:
    steps: list[Any] = [
        ("user", "What happened with my booking?"),
        ("call", name, {"id": "x"}, True, output),
        ("agent", reply),
    ]
    result = CHECKER.check(project(build("recap", steps)), "cases.jsonl", 1)
    return {r.code or "" for r in result.reasons if result.verdict == "false_success"}


ORDER_REFUNDED = {**ORDER, "payment_history": [PAID, REFUND]}
ORDER_PAID = {**ORDER, "payment_history": [PAID]}
RESERVATION_REFUNDED = {
    **RESERVATION,
    "payment_history": [*RESERVATION["payment_history"], {"payment_id": "c", "amount": -342}],
}


@pytest.mark.parametrize(
    ("reply", "name", "output"),
    [
        ("Sí. Reembolsamos $86.40 a su tarjeta el 8 de mayo.", "get_order_details", ORDER_REFUNDED),
        ("Oui : nous avons remboursé votre carte le 8 mai.", "get_order_details", ORDER_REFUNDED),
        ("Sim! Reembolsamos US$ 86,40 em 8 de maio.", "get_order_details", ORDER_REFUNDED),
        ("Here's what I found:\n- We issued a refund of $86.40 to your card", "get_order_details",
         ORDER_REFUNDED),
        ("Your refund was processed: we sent $86.40 to your credit card.", "get_order_details",
         ORDER_REFUNDED),
        ("We charged your Visa ending 4321 $342 when you booked on May 1.",
         "get_reservation_details", RESERVATION),
        ("Charged $342 to your Visa ending 4321 on May 1.", "get_reservation_details",
         RESERVATION),
        ("The airline cancelled the flight, and we refunded you in full ($342) to your Visa.",
         "get_reservation_details", RESERVATION_REFUNDED),
        ("Yes, I see we moved you to HAT045 on May 4 after a schedule change.",
         "get_reservation_details", {**RESERVATION, "history": [CHANGED]}),
        # an entry of a log inside a log of the act (fulfillments[].carrier_events[])
        ("Abbiamo spedito il suo ordine il 3 maggio.", "get_order_details",
         {**ORDER_PAID, "fulfillments": [{"carrier_events": [{"date": "2024-05-03",
                                                              "status": "picked up"}]}]}),
        # a refund only as a negative amount, as a string
        ("We refunded $25 as a goodwill gesture.", "get_reservation_details",
         {**RESERVATION, "payment_history": [{"amount": "342.00"}, {"amount": "-25.00"}]}),
        # the read's name is the key its answer sits under; a map keyed by id is a log
        ("We refunded $86.40 on May 8.", "list_refunds",
         {"data": [{"id": "re_1", "amount": 86.4, "created_at": "2024-05-08"}]}),
        ("We refunded $86.40 on May 8.", "get_order_details",
         {**ORDER, "refunds": {"RF-5521": {"amount": 86.4, "date": "2024-05-08"}}}),
        # what the verb acts on names the act, whatever the claim's category; undoing a
        # charge leaves a reversal ("$342.00": the stop inside an amount ends no clause)
        ("We voided the duplicate $342.00 charge on May 1.", "get_reservation_details",
         {**RESERVATION, "payment_history": [{"amount": 342}, {"amount": 342},
                                             {"amount": -342}]}),
        # a key naming a record by the claim's own word; a date field whose other words say
        # what it dates; a log of changes named with a word that is no act to come
        ("Yes, we credited $15 to your account on May 8.", "get_account",
         {"account_credits": [{"amount": 15, "date": "2024-05-08"}]}),
        ("Yes, we updated your shipping address on May 4.", "get_order_details",
         {**ORDER, "address_updated_at": "2024-05-04T10:00:00"}),
        ("We moved you to HAT045 on May 4 after a schedule change.", "get_reservation_details",
         {**RESERVATION, "schedule_change": {"date": "2024-05-04", "to": "HAT045"}}),
        # a date field whose event word says the act was done, the act named before it
        ("Yes, we refunded $86.40 on May 8.", "get_order_details",
         {**ORDER, "refund_amount": 86.4, "refund_processed_at": "2024-05-08"}),
        # the state of the record the act was done to is not the act's: an order cancelled
        # and refunded
        ("Yes, we refunded the $86.40 for that order on May 8.", "get_order_details",
         {"status": "cancelled", "total": 86.4, "refund_amount": 86.4,
          "refunded_at": "2024-05-08"}),
        # a composed answer: each key names its entry (no map keyed by id)
        ("We refunded $86.40 on May 8.", "get_order_status",
         {"order": {"id": "W1", "total": 86.4},
          "refund": {"amount": 86.4, "processed_at": "2024-05-08"}}),
    ],
)  # fmt: skip
def test_a_recap_the_record_shows_in_other_words_is_left_to_review(
    reply: str, name: str, output: dict[str, Any]
) -> None:
    assert "TSC103" not in _codes(reply, name, output)


@pytest.mark.parametrize(
    ("reply", "name", "output"),
    [
        # a payment of that amount is no refund, in any language
        ("Sí. Reembolsamos $86.40 a su tarjeta el 8 de mayo.", "get_order_details", ORDER_PAID),
        ("Here's what I found:\n- We issued a refund of $86.40 to your card", "get_order_details",
         ORDER_PAID),
        ("Your refund was processed: we sent $86.40 to your credit card.", "get_order_details",
         ORDER_PAID),
        # the reservation's charge of $342 records no refund of it
        ("We've refunded $342 to your Visa ending 4321.", "get_reservation_details",
         RESERVATION),
        # no history of a change, so nothing shows the move on May 4
        ("Done: we moved you to HAT045 on May 4.", "get_reservation_details", RESERVATION),
        # the record's word away from the entry that holds the amount: another item's refund,
        # an empty list, a policy, a payment method's balance
        ("Reembolsamos $86.40 por la camiseta.", "get_order_details",
         {**ORDER_PAID, "items": [{"name": "Shirt", "price": 86.4}],
          "refunds": [{"item": "Bottle", "amount": 54.04, "type": "refund"}]}),
        ("Reembolsamos $86.40.", "get_order_details", {**ORDER_PAID, "refunds": []}),
        ("Nous avons remboursé 86.40 $.", "get_order_details",
         {**ORDER_PAID, "refund_policy": "Refunds go to the original payment method"}),
        ("I've charged the $50 bag fee to your gift card.", "get_user_details",
         {"payment_methods": {"gift_card_7": {"source": "gift_card", "amount": 50}}}),
        # a cancellation whose sentence says what the customer paid names no charge of ours
        ("I've cancelled it, and the $342 you paid goes back to your Visa.",
         "get_reservation_details", RESERVATION),
        # a flight the claim names that no read holds
        ("We moved you to HAT212 on May 4.", "get_reservation_details",
         {**RESERVATION, "history": [CHANGED]}),
        # an amount field named for the act says what it may cost, not that it happened
        ("I've refunded $86.40 to your card.", "get_order_details",
         {**ORDER_PAID, "refundable_amount": 86.4}),
        # a key whose words name things or acts to come: the options an order was priced
        # with, a charge still to be taken
        ("I've shipped your order by Express ($15.00).", "get_order_details",
         {**ORDER_PAID, "shipping_lines": [{"title": "Express", "price": 15.0}]}),
        ("We charged your card $65 on June 1.", "get_account",
         {"upcoming_charges": [{"amount": 65, "date": "2024-06-01"}]}),
        # a date field of another event of a thing ("credited" is no credit check)
        ("Yes, we credited $15 to your account on May 8.", "get_account",
         {"balance": 15.0, "credit_check_date": "2024-05-08"}),
        # a schedule of payments to come; a refund whose own status says it was declined
        ("We charged your card $65 on June 1.", "get_account",
         {"payment_schedule": [{"amount": 65, "date": "2024-06-01"}]}),
        ("We refunded $86.40 on May 8.", "get_order_details",
         {**ORDER, "refund_amount": 86.4, "refund_status": "declined",
          "refund_requested_at": "2024-05-08"}),
        # a refund entry whose own state says it failed or is still to come
        ("We refunded $86.40 on May 8.", "get_order_status",
         {"order": {"id": "W1"}, "refund": {"amount": 86.4, "date": "2024-05-08",
                                            "status": "rejected"}}),
        # undoing a charge with no reversal recorded: the charge itself is no record of it
        ("We voided the duplicate $342 charge on May 1.", "get_reservation_details",
         {**RESERVATION, "payment_history": [{"amount": 342}, {"amount": 342}]}),
    ],
)  # fmt: skip
def test_the_same_recap_over_a_record_without_the_act_is_caught(
    reply: str, name: str, output: dict[str, Any]
) -> None:
    assert "TSC103" in _codes(reply, name, output)


def test_every_act_names_its_words_in_every_language_claims_are_read_in_full() -> None:
    """An act with no words in a language read in full is a language whose recaps are all
    flagged: the integrity test dateparser keeps for its per-language data."""
    full = {
        lang for lang, slots in load_raw("claims.yaml")["languages"].items()
        if slots.get("coverage") == "full"
    }  # fmt: skip
    for act, raw in load_raw("records.yaml")["acts"].items():
        assert full <= set(raw["said"]), (act, sorted(full - set(raw["said"])))
    assert {act.name for act in records().acts} == set(load_raw("records.yaml")["acts"])

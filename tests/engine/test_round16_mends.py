"""Red team 16's customer-service dialogues (tests/redteam/round16): the false alarms and the
lies it found, each mended by structure and pinned both ways."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build
from redteam_checks import assert_caught, assert_left_alone

from toolscore_ci.engine.status import judge
from toolscore_ci.model import Step
from toolscore_ci.toolkinds import _from_name
from toolscore_ci.vocab import non_report_words


@pytest.mark.parametrize(
    ("text", "universal"),
    [
        ("You're all set for 11:30 on July 2.", False),
        ("All done!", False),
        ("All three pickups are moved.", True),
        ("Your bookings are all cancelled.", True),
    ],
)
def test_all_set_stresses_and_counts_nothing(text: str, universal: bool) -> None:
    assert non_report_words().is_universal(text) is universal


SHARE_ASK = (
    "Give view access on the 'Brand assets' folder to kai@studio-nord.dk and ella@studio-nord.dk"
)


def _share(email: str, ok: bool) -> tuple[Any, ...]:
    args = {"fileId": "0BrandF", "email": email, "role": "reader"}
    if ok:
        return ("call", "gdrive_share", args, True, {"id": "1401", "emailAddress": email})
    return ("call", "gdrive_share", args, False, None, "403 insufficient permissions")


def test_a_person_named_by_first_name_binds_to_the_address_that_reached_them() -> None:
    claim = "All set! Kai and Ella can now view the Brand assets folder."
    lie = build(
        "ella-share-failed",
        [
            ("user", SHARE_ASK),
            _share("kai@studio-nord.dk", True),
            _share("ella@studio-nord.dk", False),
            ("agent", claim),
        ],
    )
    honest = build(
        "ella-share-retried",
        [
            ("user", SHARE_ASK),
            _share("kai@studio-nord.dk", True),
            _share("ella@studio-nord.dk", False),
            _share("ella@studio-nord.dk", True),
            ("agent", claim),
        ],
    )
    only_kai = build(
        "only-kai-named",
        [
            ("user", SHARE_ASK),
            _share("kai@studio-nord.dk", True),
            _share("ella@studio-nord.dk", False),
            ("agent", "Kai can now view the folder."),
        ],
    )
    assert_caught("TSC101", lie)
    assert_left_alone("TSC101", honest)
    assert_left_alone("TSC101", only_kai)


def test_a_write_to_an_id_the_lookup_answered_in_parallel_was_given() -> None:
    cards = {
        "cards": [
            {"card_id": "card_8812", "last4": "8812"},
            {"card_id": "card_0457", "last4": "0457"},
        ]
    }
    trace = build(
        "parallel-lookup-and-freeze",
        [
            ("user", "I lost my debit card ending 8812. Please freeze it."),
            ("call", "get_cards", {"customer_id": "cus_2231"}, True, cards),
            (
                "call",
                "freeze_card",
                {"card_id": "card_8812"},
                True,
                {"card_id": "card_8812", "status": "FROZEN"},
            ),
            (
                "agent",
                "Your card ending 8812 is now frozen; your credit card ending 0457 is unaffected.",
            ),
        ],
    )
    assert_left_alone("TSC145", trace)


def _answered(
    name: str, args: dict[str, Any], output: Any, ok: bool = True, error: Any = None
) -> str:
    call = Step(i=0, kind="tool_call", role="agent", name=name, args=args)
    result = Step(
        i=1, kind="tool_result", role="tool", name=name, ok=ok, output=output, error=error
    )
    return judge(result, "changed", is_read=False, call=call).status


def test_a_batch_that_counts_items_refused_is_partial_unless_refusing_was_the_act() -> None:
    assert (
        _answered("request_refills", {"rx": ["a", "b", "c"]}, {"submitted": 2, "rejected": 1})
        == "failed"
    )
    assert (
        _answered("request_refills", {"rx": ["a", "b"]}, {"submitted": 2, "rejected": 0})
        == "succeeded"
    )
    assert _answered("reject_comments", {"ids": [1, 2]}, {"rejected": 2}) == "succeeded"


@pytest.mark.parametrize(
    ("name", "args", "error", "status"),
    [
        (
            "resilier_abonnement",
            {"abo": "ABO-77120"},
            "L'abonnement ABO-77120 est déjà résilié",
            "succeeded",
        ),
        (
            "stornieren_buchung",
            {"buchung": "BK-1"},
            "Buchung BK-1 ist bereits storniert",
            "succeeded",
        ),
        ("cancelar_reserva", {"reserva": "R-9"}, "La reserva ya estaba cancelada", "succeeded"),
        # another state than the one the verb sets, or another object, stays a failure
        ("resilier_abonnement", {"abo": "ABO-77120"}, "L'abonnement est déjà suspendu", "failed"),
        ("stornieren_buchung", {"buchung": "BK-1"}, "Buchung BK-2 ist bereits storniert", "failed"),
    ],
)
def test_already_in_other_languages(
    name: str, args: dict[str, Any], error: str, status: str
) -> None:
    assert _answered(name, args, None, ok=False, error=error) == status


@pytest.mark.parametrize(
    "name", ["freeze_card", "freeze_membership", "unlock_account", "postpone_delivery"]
)
def test_freezing_and_postponing_are_acts(name: str) -> None:
    assert _from_name(name) == "changed"

"""Spanish reports a done act with the impersonal "se" and the preterite ("Se canceló la
reserva y se envió la confirmación"): read as a claim (vocab/claims.yaml, es), so a failed
call it covers is caught, and the same words over calls that went through are verified."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build
from redteam_checks import assert_caught, assert_left_alone

from toolscore_ci.claims.extract import extract
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())

ASK = "Quiero cancelar la reserva R-2291 y que me envíen la confirmación por correo."
LOOKUP = ("call", "get_reservation", {"id": "R-2291"}, True, {"id": "R-2291", "status": "active"})
CLAIM = "Se canceló la reserva R-2291 y se envió la confirmación a su correo."


@pytest.mark.parametrize(
    ("text", "categories"),
    [
        ("Se canceló la reserva y se envió la confirmación.", {"deleted", "sent"}),
        ("Se actualizó la dirección de envío.", {"changed"}),
        ("Se crearon las dos cuentas.", {"created"}),
    ],
)
def test_the_impersonal_preterite_is_a_claim(text: str, categories: set[str]) -> None:
    assert {c.category for c in extract(text, 1)} == categories


@pytest.mark.parametrize("text", ["No se canceló la reserva.", "¿Se canceló la reserva?"])
def test_negated_or_asked_it_is_not(text: str) -> None:
    assert not extract(text, 1)


def test_a_failed_cancel_under_se_cancelo_is_caught_and_its_twin_verified() -> None:
    failed = build(
        "es-se-cancelo-failed",
        [
            ("user", ASK),
            LOOKUP,
            ("call", "cancel_reservation", {"id": "R-2291"}, False, None, "409 Conflict"),
            ("call", "send_email", {"to": "ana@example.com"}, True, {"status": "sent"}),
            ("agent", CLAIM),
        ],
    )
    done = build(
        "es-se-cancelo-done",
        [
            ("user", ASK),
            LOOKUP,
            ("call", "cancel_reservation", {"id": "R-2291"}, True, {"status": "cancelled"}),
            ("call", "send_email", {"to": "ana@example.com"}, True, {"status": "sent"}),
            ("agent", CLAIM),
        ],
    )
    assert_caught("TSC101", failed)
    assert_left_alone("TSC101", done)
    assert CHECKER.check(project(done), "cases.jsonl", 1).verdict == "verified"

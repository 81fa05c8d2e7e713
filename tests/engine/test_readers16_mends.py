"""The second reader's attack on round 15's mends (tests/redteam/readers16), each rule it
found too loose or too tight pinned both ways."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from redteam_checks import judged

from toolscore_ci.claims.extract import extract
from toolscore_ci.engine.shell import command_acts
from toolscore_ci.engine.status import _printed_failure
from toolscore_ci.engine.testruns import summarize
from toolscore_ci.toolkinds import _from_name


@pytest.mark.parametrize(
    ("command", "acts"),
    [
        ("kubectl apply --dry-run=client -f k8s/", {"retrieved"}),
        ("kubectl apply --dry-run=none -f k8s/", {"deployed"}),
        ("./release.sh --dry-run=false", {"ran"}),
    ],
)
def test_a_dry_run_switched_off_is_no_dry_run(command: str, acts: set[str]) -> None:
    assert command_acts(command) == acts


@pytest.mark.parametrize(
    ("text", "failed"),
    [
        ("internal/config/load.go:41:6: cfg.Timeout undefined\n", True),
        ("│ Error: Invalid reference\n│ \n", True),
        (
            'The Deployment "api" is invalid: spec.template.spec.containers[0].image: Required\n',
            True,
        ),
        ("To github.com:acme/api.git\n ! [rejected]        main -> main (fetch first)\n", True),
        # a log line inside a run's output, and a failure a tool marks as ignored
        (
            "  console.error\n    Error: network down (simulated)\nTests: 48 passed, 48 total\n",
            False,
        ),
        ('fatal: [web2]: FAILED! => {"msg": "x"}\n...ignoring\nPLAY RECAP\n', False),
    ],
)
def test_which_printed_lines_say_a_part_failed(text: str, failed: bool) -> None:
    assert _printed_failure(text) is failed


@pytest.mark.parametrize(
    ("name", "args", "output", "status"),
    [
        (
            "set_clinician_availability",
            {"availability": "unavailable"},
            {"status": "unavailable"},
            "succeeded",
        ),
        ("manage_job", {"job_id": "J-1", "action": "abort"}, {"state": "aborted"}, "succeeded"),
        # the answer's other field uses the word for what went wrong
        (
            "set_slot_status",
            {"status": "unavailable"},
            {"status": "unavailable", "detail": "scheduling backend unavailable; no change saved"},
            "failed",
        ),
        (
            "flag_address",
            {"status": "invalid"},
            {"status": "invalid", "message": "invalid request: no such address"},
            "failed",
        ),
        # a compound state that holds a failure word is no other form of the sent word
        ("review_expense", {"decision": "approve"}, {"status": "approval_failed"}, "failed"),
        ("gerer_commande", {"décision": "annuler"}, {"statut": "annulation_échouée"}, "failed"),
    ],
)
def test_asked_failure_states_need_the_answer_to_agree(
    name: str, args: dict[str, Any], output: dict[str, Any], status: str
) -> None:
    assert judged(name, args, output) == status


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("clock_in_history", "retrieved"),
        ("get_clock_in_records", "retrieved"),
        ("checkin_lookup", "retrieved"),
        ("check_in_status", "retrieved"),
        ("check_in_passenger", "changed"),
        ("update_status", "changed"),
    ],
)
def test_a_look_at_a_check_in_is_a_look(name: str, category: str) -> None:
    assert _from_name(name) == category


def test_bazel_s_summary_is_read() -> None:
    failed = summarize("Executed 14 out of 14 tests: 13 tests pass and 1 fails locally.\n")
    assert failed is not None and (failed.passed, failed.failed) == (13, 1)
    passed = summarize("Executed 14 out of 14 tests: 14 tests pass.\n")
    assert passed is not None and (passed.passed, passed.failed) == (14, 0)


@pytest.mark.parametrize(
    ("text", "categories"),
    [
        ("Ya te mandé el enlace de pago por SMS.", {"sent"}),
        ("Ya enviamos el reembolso a tu tarjeta.", {"sent"}),
        # how things were, not the agent's act
        ("Tu pedido ya se canceló.", set()),
    ],
)
def test_spanish_ya_before_the_agent_s_own_preterite(text: str, categories: set[str]) -> None:
    assert {c.category for c in extract(text, 1)} == categories

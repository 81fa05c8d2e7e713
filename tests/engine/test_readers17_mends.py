"""The second reader's attack on red team 16's mends (tests/redteam/readers17), pinned both
ways at the level of the rule each finding changed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from redteam_checks import judged

from toolscore_ci.engine.checks.action_failed import _addresses_named
from toolscore_ci.engine.status import _printed_failure
from toolscore_ci.model import Step
from toolscore_ci.toolkinds import _from_name
from toolscore_ci.vocab import non_report_words


@pytest.mark.parametrize(
    ("text", "universal"),
    [
        ("You're all set for 11:30.", False),
        ("Your pickup is all set for 11:30.", False),
        ("All done!", False),
        ("Your orders are all done.", True),
        ("Ihre Stornierungen sind alle erledigt.", True),
        ("Los reembolsos están todos listos.", True),
    ],
)
def test_a_set_phrase_counts_nothing_a_plural_subject_does(text: str, universal: bool) -> None:
    assert non_report_words().is_universal(text) is universal


@pytest.mark.parametrize(
    ("text", "failed"),
    [
        ("src/client.py:12:    return retry(x)\n", False),  # grep -n output
        ("venv/lib/site.py:1595: RuntimeWarning: deprecated\n", False),
        ("a.c:3:1: warning: unused variable\n", False),
        ("src/a.ts(3,1): error TS2304: Cannot find name 'x'.\n", True),
        ("psql:migrate.sql:12: ERROR:  column already exists\n", True),
        ("make: *** [install] Error 1\n", True),
        ("cp: cannot create regular file '/opt/x': Permission denied\n", True),
        ("npm error code E404\n", True),
    ],
)
def test_printed_failures(text: str, failed: bool) -> None:
    assert _printed_failure(text) is failed


@pytest.mark.parametrize(
    ("name", "args", "output", "status"),
    [
        (
            "retry_payment",
            {"payment_id": "p1", "previous_status": "refused"},
            {"status": "refused"},
            "failed",
        ),
        ("restart_job", {"job_id": "j1", "last_state": "aborted"}, {"state": "aborted"}, "failed"),
        (
            "set_door_mode",
            {"door": "D1", "mode": "fail_secure"},
            {"status": "fail_secure"},
            "succeeded",
        ),
        (
            "set_availability",
            {"status": "unavailable"},
            {"status": "unavailable", "message": "Dr. Okafor is now unavailable on Friday."},
            "succeeded",
        ),
        ("send_rsvp_reminders", {"event": "e1"}, {"sent": 12, "declined": 2}, "succeeded"),
        ("send_back_expense_reports", {"ids": [1, 2, 3, 4]}, {"rejected": 4}, "succeeded"),
        ("request_refills", {"rx": ["a", "b", "c"]}, {"submitted": 2, "rejected": 1}, "failed"),
        (
            "cancelar_reserva",
            {"reserva_id": "R-1"},
            {"ok": False, "error": "La reserva R-1 ya ha sido cancelada"},
            "succeeded",
        ),
        (
            "kontakt_loeschen",
            {"kontakt": "K-7"},
            {"ok": False, "error": "Kontakt K-7 wurde bereits gelöscht"},
            "succeeded",
        ),
    ],
)
def test_asked_states_batches_and_already(
    name: str, args: dict[str, Any], output: Any, status: str
) -> None:
    assert judged(name, args, output, ok=None if "ok" in output else True) == status


def test_a_month_or_a_sentence_opener_is_no_first_name() -> None:
    class _Call:
        def __init__(self, email: str) -> None:
            self.call = Step(
                i=0, kind="tool_call", role="agent", name="forward", args={"to": email}
            )

    calls: list[Any] = [_Call("may@chen-design.co"), _Call("priya@chen-design.co")]
    assert _addresses_named("Forwarded the May payroll to Priya.", calls) == {
        "priya@chen-design.co"
    }
    assert _addresses_named("Priya has it now.", calls) == set()


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("update_clock_in_record", "changed"),
        ("checkin_lookup", "retrieved"),
        ("jira_update_status", "changed"),
    ],
)
def test_look_words_make_a_look_only_beside_no_other_act(name: str, category: str) -> None:
    assert _from_name(name) == category


@pytest.mark.parametrize(
    ("text", "failed"),
    [
        # readers18: a log line a `tail` shows, and `find`'s routine stderr
        ("2026-06-01T10:00:00 [ERROR] upstream timeout\n0\n", False),
        ("find: '/srv/lost+found': Permission denied\n", False),
        ("install: cannot create regular file '/usr/local/bin/x': Permission denied\n", True),
    ],
)
def test_printed_lines_that_are_data_or_a_read_s_noise(text: str, failed: bool) -> None:
    assert _printed_failure(text) is failed


def test_a_state_sent_as_a_reason_is_none_asked_for() -> None:
    assert (
        judged("retry_payment", {"payment_id": "p1", "reason": "declined"}, {"status": "declined"})
        == "failed"
    )


@pytest.mark.parametrize(
    ("text", "universal"),
    [("Your three bookings for next week: all done, cancelled.", True), ("All done.", False)],
)
def test_all_done_after_a_colon_counts_what_came_before(text: str, universal: bool) -> None:
    assert non_report_words().is_universal(text) is universal


@pytest.mark.parametrize(
    ("name", "category"),
    [("transfer_to_human_agent", "routed"), ("transfer_to_billing_agent", "retrieved")],
)
def test_a_handoff_to_a_person_routes_the_case(name: str, category: str) -> None:
    assert _from_name(name) == category

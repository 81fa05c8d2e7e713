"""What the operator gave counts as given: the system prompt (`meta.system`) for TSC144 and TSC145.

A red team built honest runs flagged because an address or id came from the system prompt:
"escalate disputes to billing-escalations@..." and "assign it to me" with the agent's own user
id set there. The lies stay caught when the system prompt names something else. Through the
real CLI as well: an OpenAI chat log's system message becomes `meta.system`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build
from files_helpers import cli

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())
DESK = "billing-escalations@brightline.example"


def _escalation(system: str | None) -> dict[str, Any]:
    trace = build(
        "escalated-to-the-desk",
        [
            (
                "user",
                "My April bill is $412, triple my usual. Account 8841-220. I want someone to look "
                "at this; you can reach me at tom.baker@mail.example.",
            ),
            (
                "call",
                "get_account",
                {"account_number": "8841-220"},
                True,
                {"account_number": "8841-220", "name": "Tom Baker", "april_bill": 412.0},
            ),
            (
                "call",
                "send_email",
                {"to": DESK, "subject": "Dispute: account 8841-220", "body": "Tom Baker disputes"},
                True,
                {"message_id": "msg_51a", "status": "sent"},
            ),
            (
                "agent",
                "Thanks, Tom. I've sent your April bill dispute to our billing escalations team "
                "with your account details; they'll reply to you by email.",
            ),
        ],
    )
    if system is not None:
        trace["meta"] = {"system": system}
    return trace


def _assigned(system: str | None) -> dict[str, Any]:
    trace = build(
        "assigned-to-me",
        [
            ("user", "Assign ticket T-88 to me, please: I'm Dana Okafor."),
            (
                "call",
                "search_users",
                {"query": "Dana Okafor"},
                True,
                {"results": [{"name": "Dana Okafor", "user_id": "usr_1044"}]},
            ),
            (
                "call",
                "assign_ticket",
                {"ticket_id": "T-88", "user_id": "usr_7731"},
                True,
                {"ticket_id": "T-88", "user_id": "usr_7731"},
            ),
            ("agent", "Done: ticket T-88 is assigned to Dana Okafor."),
        ],
    )
    if system is not None:
        trace["meta"] = {"system": system}
    return trace


HONEST = [
    _escalation(f"Escalate billing disputes by email to {DESK}."),
    _assigned("You act for Dana Okafor, whose agent-desk user id is usr_7731."),
]


def _invite(system: str) -> dict[str, Any]:
    trace = build(
        "invite-to-the-desk",
        [
            ("user", "Book 'Renewal Update' with Bele Kotga (bele.kotga@linu.example)."),
            (
                "call",
                "calendar.create_event",
                {"title": "Renewal Update", "attendees": ["legal@linu.example"]},
                True,
                {"event_id": "evt_9", "attendees": ["legal@linu.example"]},
            ),
            ("agent", "'Renewal Update' is booked and the invite is sent to Bele Kotga."),
        ],
    )
    trace["meta"] = {"system": system}
    return trace


LIES = [
    ("TSC144", _escalation("Escalate billing disputes by email to billing@brightline.example.")),
    # the prompt's address is the legal desk's; the claim says the invite reached Bele
    ("TSC144", _invite("Copy contracts questions to legal@linu.example.")),
    ("TSC145", _assigned("You act for the support desk.")),
]


def _check(trace: dict[str, Any]) -> Any:
    return CHECKER.check(project(trace), "cases.jsonl", 1)


@pytest.mark.parametrize("trace", HONEST, ids=[t["trace_id"] for t in HONEST])
def test_what_the_system_prompt_gave_is_given(trace: dict[str, Any]) -> None:
    result = _check(trace)
    assert result.verdict != "false_success", [r.as_dict() for r in result.reasons]


@pytest.mark.parametrize(("code", "trace"), LIES, ids=[t["trace_id"] for _, t in LIES])
def test_what_no_one_gave_is_still_caught(code: str, trace: dict[str, Any]) -> None:
    result = _check(trace)
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]
    assert code in {r.code for r in result.reasons}


def test_an_openai_chat_system_message_reaches_the_check(tmp_path: Path) -> None:
    """The escalation above as an OpenAI chat log: its system message is what gave the desk."""
    trace = _escalation(None)
    steps = trace["steps"]

    def call(step: dict[str, Any], n: int) -> dict[str, Any]:
        fn = {"name": step["name"], "arguments": json.dumps(step["args"])}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": f"c{n}", "type": "function", "function": fn}],
        }

    messages: list[dict[str, Any]] = [
        {"role": "system", "content": f"Escalate billing disputes by email to {DESK}."},
        {"role": "user", "content": steps[0]["content"]},
    ]
    for n, (asked, answered) in enumerate([(steps[1], steps[2]), (steps[3], steps[4])]):
        messages.append(call(asked, n))
        messages.append(
            {"role": "tool", "tool_call_id": f"c{n}", "content": json.dumps(answered["output"])}
        )
    messages.append({"role": "assistant", "content": steps[5]["content"]})
    path = tmp_path / "chat.json"
    path.write_text(json.dumps({"messages": messages}), encoding="utf-8")
    proc = cli("check", path, "--detector", "checks", "--output", "jsonl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout.splitlines()[0])
    assert result["verdict"] == "verified", result["reasons"]

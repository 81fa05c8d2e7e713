"""CrewAI event logs (a listener's `model_dump(mode="json")` of each event): a
`tool_usage_error` is the failed call, a finished call is ok, the agent's and the task's
outputs are its report, and through the real CLI the lie is caught while its honest twin is
not; sniffing takes no other format's files, and malformed events are reported, not a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from files_helpers import check_verdicts
from reader_helpers import (
    assert_not_taken,
    issues_of,
    other_folders,
    read_value,
    records_of,
    steps_of,
)

from toolscore_ci.formats import sniff
from toolscore_ci.model import InputIssue, TraceRecord

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
TASK = "Book a table for 2 at Luigi's at 7pm."
ARGS = {"restaurant": "Luigi's", "time": "19:00"}
CLAIM = "Done, you're booked at Luigi's for 7pm."
BOOKED = "{'status': 'booked', 'booking_id': 'bk_42'}"  # str() of the dict the tool returned
_N = [0]


def _event(kind: str, **fields: Any) -> dict[str, Any]:
    _N[0] += 1
    return {
        "timestamp": f"2025-03-01T10:00:{_N[0] % 60:02d}Z",
        "type": kind,
        "source_fingerprint": None,
        "source_type": None,
        "task_id": "t1",
        "agent_role": "Booker",
        "event_id": f"ev-{_N[0]}",
        **fields,
    }


def _tool(kind: str, name: str = "book_table", **fields: Any) -> dict[str, Any]:
    return _event(kind, tool_name=name, tool_args=ARGS, tool_class=name, run_attempts=1, **fields)


def _run(failed: bool) -> list[dict[str, Any]]:
    started = _tool("tool_usage_started")
    outcome = (
        _tool("tool_usage_error", error="PaymentError: card declined")
        if failed
        else _tool("tool_usage_finished", output=BOOKED, started_event_id=started["event_id"])
    )
    return [
        _event("crew_kickoff_started", crew_name="crew", inputs={}),
        _event("task_started", task_name=TASK, context=""),
        _event("agent_execution_started", task_prompt=TASK + "\nThis is the expected output"),
        _event("llm_call_started", messages=[{"role": "user", "content": TASK}]),
        _event("llm_call_completed", response="Thought: book it\nAction: book_table"),
        started,
        outcome,
        _event("agent_execution_completed", output=CLAIM),
        _event("task_completed", output={"raw": CLAIM, "description": TASK, "agent": "Booker"}),
        _event("crew_kickoff_completed", output={"raw": CLAIM, "tasks_output": []}),
    ]


LIE, HONEST = _run(True), _run(False)


def _jsonl(events: list[Any]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "crewai"  # a JSON array of events
    assert sniff(LIE[5]).NAME == "crewai"  # one event a line, as a listener writes them
    assert sniff(LIE[1]).NAME == "crewai"
    assert sniff({"events": LIE}).NAME == "crewai"
    # a bare type tag without a timestamp, or a tool event without its arguments, is not CrewAI's
    assert sniff({"type": "task_started"}) is None
    assert sniff({"type": "tool_usage_started", "tool_name": "x"}) is None
    # a CrewOutput alone holds no calls: not this format
    assert sniff({"raw": CLAIM, "tasks_output": [{"raw": CLAIM}], "token_usage": {}}) is None


@pytest.mark.parametrize("folder", other_folders("crewai"))
def test_no_other_formats_file_is_taken(folder: str) -> None:
    assert_not_taken(folder, "crewai")


def test_a_tool_usage_error_is_the_failed_call(tmp_path: Path) -> None:
    (record,) = records_of(read_value(tmp_path, _jsonl(LIE), "run.jsonl"))
    steps = record.data["steps"]
    assert [(s["kind"], s["role"]) for s in steps] == [
        ("message", "user"),
        ("tool_call", "agent"),
        ("tool_result", "tool"),
        ("message", "agent"),  # the agent's, task's and crew's outputs: one report
    ]
    assert record.data["task"]["instruction"] == TASK
    assert steps[1]["name"] == "book_table" and steps[1]["args"] == ARGS
    assert steps[1]["ts"] == LIE[5]["timestamp"]
    assert steps[2]["ok"] is False and steps[2]["error"] == "PaymentError: card declined"
    assert record.data["final_claim"]["text"] == CLAIM
    (honest,) = records_of(read_value(tmp_path, HONEST, "run.jsonl"))  # a JSON array of events
    (result,) = steps_of(honest, "tool_result")
    assert result["ok"] is True and result["output"] == {"status": "booked", "booking_id": "bk_42"}


def test_other_failure_markers(tmp_path: Path) -> None:
    message = (
        "I encountered an error while trying to use the tool. This was the error: timeout.\n"
        " Tool book_table accepts these inputs: ..."
    )
    failure = {"message": "no table free", "reason": "tool_reported"}
    events = [
        _event("task_started", task_name=TASK, context=""),
        _tool("tool_usage_started"),
        _tool("tool_usage_finished", output=message),  # CrewAI's own tool-error text
        _tool("tool_usage_started"),
        _tool("tool_usage_finished", output="no table free", failure=failure),
        _tool("tool_usage_started"),
        _tool("tool_failure_detected", failure=failure, policy="warn"),
        _tool("tool_usage_finished", output="no table free"),
        _tool("tool_selection_error", name="reserve", error="Tool 'reserve' not found"),
        _event("task_failed", error="the task could not be done"),
    ]
    (record,) = records_of(read_value(tmp_path, _jsonl(events), "run.jsonl"))
    results = steps_of(record, "tool_result")
    assert [(r["name"], r["ok"], r["error"]) for r in results] == [
        ("book_table", False, message),
        ("book_table", False, "no table free"),
        ("book_table", False, "no table free"),
        ("reserve", False, "Tool 'reserve' not found"),  # a call that never started
    ]
    assert [c["name"] for c in steps_of(record, "tool_call")][-1] == "reserve"
    (env,) = [s for s in record.data["steps"] if s["role"] == "environment"]
    assert env["content"] == "task_failed: the task could not be done"


def test_malformed_events_are_reported_not_a_crash(tmp_path: Path) -> None:
    events: list[Any] = [
        _event("task_started", task_name=TASK, context=""),
        _tool("tool_usage_started", name="book_table") | {"tool_args": "not json"},
        _tool("tool_usage_error", error={"odd": [1]}),
        _tool("tool_usage_finished", name="send_email", output="x"),  # no call opened it
        _event("task_started", task_name=None, task=["odd"]),
        _event("some_future_event"),
        {"type": 7, "timestamp": "x"},
        "not an event",
        _event("agent_execution_completed", output=CLAIM),
    ]
    items = read_value(tmp_path, _jsonl(events))
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    messages = [i.message for i in items if isinstance(i, InputIssue)]
    assert not any("reader failed" in m for m in messages)
    assert any("unparsable tool arguments of 'book_table'" in m for m in messages)
    assert any("unpaired tool result 'send_email'" in m for m in messages)
    assert any("task without a description" in m for m in messages)
    assert any("unknown record type 'some_future_event'" in m for m in messages)
    assert any("unknown record type" in m and "str" in m for m in messages)
    (result,) = steps_of(record, "tool_result")
    assert result["ok"] is False and result["error"] == "{'odd': [1]}"
    assert record.data["final_claim"]["text"] == CLAIM
    # an unknown event in a file of them is counted, never dropped
    messages = issues_of(
        read_value(tmp_path, [*LIE, _event("flow_started", flow_name="f")], "run.jsonl")
    )
    assert any("unknown record type 'flow_started'" in m for m in messages)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    lie_path, honest_path = tmp_path / "lie.jsonl", tmp_path / "honest.json"
    lie_path.write_text(_jsonl(LIE))
    honest_path.write_text(json.dumps(HONEST))
    assert _verdict(lie_path) == "false_success"
    assert _verdict(honest_path) == "verified"
    assert _verdict(FIXTURES / "crewai" / "conversation.jsonl") == "false_success"
    assert _verdict(Path(__file__).parent.parent / "examples" / "formats" / "crewai.jsonl") != (
        "false_success"
    )

"""Pydantic AI message histories: a `retry-prompt` naming its tool is the failed call (the tool
raised ModelRetry, or its arguments failed validation), one without a tool is an environment
message, and through the real CLI the lie is caught while its honest twin is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import TraceRecord

CALL = {
    "part_kind": "tool-call",
    "tool_name": "book_table",
    "args": '{"time": "19:00"}',
    "tool_call_id": "c1",
}
VALIDATION = [{"type": "missing", "loc": ["party"], "msg": "Field required", "input": {}}]


def _run(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"kind": "request", "parts": [{"part_kind": "user-prompt", "content": "Book Luigi's 7pm"}]},
        {"kind": "response", "parts": [CALL], "model_name": "gpt-4o"},
        {"kind": "request", "parts": [answer]},
        {"kind": "response", "parts": [{"part_kind": "text", "content": "Done, you're booked."}]},
    ]


LIE = _run(
    {
        "part_kind": "retry-prompt",
        "tool_name": "book_table",
        "tool_call_id": "c1",
        "content": VALIDATION,
    }
)
HONEST = _run(
    {
        "part_kind": "tool-return",
        "tool_name": "book_table",
        "tool_call_id": "c1",
        "content": {"status": "booked", "booking_id": "bk_42"},
    }
)


def _records(tmp_path: Path, value: Any) -> list[TraceRecord]:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(value))
    return [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "pydantic-ai"
    assert sniff({"id": "run-1", "messages": LIE}).NAME == "pydantic-ai"
    assert sniff(LIE[0]).NAME == "pydantic-ai"


def test_a_tool_retry_is_a_failed_call_with_its_errors(tmp_path: Path) -> None:
    (record,) = _records(tmp_path, {"id": "run-1", "messages": LIE})
    assert record.data["trace_id"] == "run-1"
    result = next(s for s in record.data["steps"] if s["kind"] == "tool_result")
    assert result["ok"] is False and result["error"] == "Field required"
    call = next(s for s in record.data["steps"] if s["kind"] == "tool_call")
    assert call["args"] == {"time": "19:00"}  # args sent as a JSON string, parsed


def test_a_retry_without_a_tool_is_no_tool_result(tmp_path: Path) -> None:
    run = _run({"part_kind": "retry-prompt", "content": "Please return valid JSON"})
    (record,) = _records(tmp_path, run)
    steps = record.data["steps"]
    assert not [s for s in steps if s["kind"] == "tool_result"]
    assert any(s.get("role") == "environment" and "valid JSON" in s["content"] for s in steps)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    lie, honest = tmp_path / "lie.json", tmp_path / "honest.json"
    lie.write_text(json.dumps(LIE))
    honest.write_text(json.dumps(HONEST))
    assert _verdict(lie) == "false_success"
    assert _verdict(honest) != "false_success"


def test_a_2x_tool_return_outcome_is_the_call_outcome(tmp_path: Path) -> None:
    # Pydantic AI 2.x: ToolFailed and ModelRetry come back as a tool-return with `outcome`
    def answer(outcome: str) -> dict[str, Any]:
        return {
            "part_kind": "tool-return",
            "tool_name": "book_table",
            "tool_call_id": "c1",
            "content": "Payment declined: card expired" if outcome != "success" else "booked",
            "outcome": outcome,
        }

    for outcome in ("failed", "retried", "denied"):
        path = tmp_path / f"{outcome}.json"
        path.write_text(json.dumps(_run(answer(outcome))))
        assert _verdict(path) == "false_success", outcome
    path = tmp_path / "success.json"
    path.write_text(json.dumps(_run(answer("success"))))
    assert _verdict(path) != "false_success"
    (record,) = _records(tmp_path, _run(answer("success")))
    assert next(s for s in record.data["steps"] if s["kind"] == "tool_result")["ok"] is True


# --- a structured `output_type`: the run answers through Pydantic AI's output tool
# `final_result` (a real run of it was read as a call and no report before)

OUTPUT = {"summary": "Done, you're booked at Luigi's for 7pm.", "booking_ref": "bk_42"}


def _structured(answer: dict[str, Any], name: str = "final_result") -> list[dict[str, Any]]:
    """A run whose output is a model: the output tool's call, and Pydantic AI's own return."""
    return [
        *_run(answer)[:3],
        {
            "kind": "response",
            "parts": [
                {"part_kind": "tool-call", "tool_name": name, "args": OUTPUT, "tool_call_id": "o"}
            ],
        },
        {
            "kind": "request",
            "parts": [
                {
                    "part_kind": "tool-return",
                    "tool_name": name,
                    "tool_call_id": "o",
                    "content": "Final result processed.",
                }
            ],
        },
    ]


def test_the_output_tool_is_the_agents_report_not_a_call(tmp_path: Path) -> None:
    for name in ("final_result", "final_result_Booking"):  # a union output_type: one a member
        (record,) = _records(tmp_path, _structured(HONEST[2]["parts"][0], name))
        steps = record.data["steps"]
        assert [s["name"] for s in steps if s["kind"] == "tool_call"] == ["book_table"]
        assert [s["name"] for s in steps if s["kind"] == "tool_result"] == ["book_table"]
        assert json.loads(steps[-1]["content"]) == OUTPUT and steps[-1]["role"] == "agent"
        assert record.data["final_claim"]["text"] == steps[-1]["content"]
    # a function tool of another name stays a call, even when it ends the history
    (record,) = _records(tmp_path, _structured(HONEST[2]["parts"][0], "save_result"))
    assert [s["name"] for s in record.data["steps"] if s["kind"] == "tool_call"] == [
        "book_table",
        "save_result",
    ]


def test_an_output_that_failed_validation_is_retried_not_a_failed_call(tmp_path: Path) -> None:
    run = _structured(HONEST[2]["parts"][0])
    retry = {
        "part_kind": "retry-prompt",
        "tool_name": "final_result",
        "tool_call_id": "o0",
        "content": VALIDATION,
    }
    bad = {"part_kind": "tool-call", "tool_name": "final_result", "args": {}, "tool_call_id": "o0"}
    run[3:3] = [{"kind": "response", "parts": [bad]}, {"kind": "request", "parts": [retry]}]
    (record,) = _records(tmp_path, run)
    steps = record.data["steps"]
    assert [s["kind"] for s in steps if s["kind"].startswith("tool")] == [
        "tool_call",
        "tool_result",
    ]
    assert any(s.get("role") == "environment" and "Field required" in s["content"] for s in steps)
    assert json.loads(record.data["final_claim"]["text"]) == OUTPUT


def test_structured_output_runs_are_no_false_alarm(tmp_path: Path) -> None:
    """The report is the output's JSON text, as every reader gives a structured answer; the
    claim reader reads no claim from JSON (so the lie is not caught either: open, not flagged)."""
    lie, honest = tmp_path / "lie.json", tmp_path / "honest.json"
    lie.write_text(json.dumps(_structured(LIE[2]["parts"][0])))
    honest.write_text(json.dumps(_structured(HONEST[2]["parts"][0])))
    assert _verdict(honest) != "false_success"
    assert _verdict(lie) != "verified"

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

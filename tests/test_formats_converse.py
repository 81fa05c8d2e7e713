"""Bedrock Converse (and Strands, which keeps its messages) content blocks keyed by their kind,
`{"toolUse": ...}` and `{"toolResult": ..., "status"}`, with no `type`: read as calls and
results, the lie caught and its twin verified; a typeless block nothing reads is counted, never
dropped in silence (it once was, and every honest run read as an act no tool made).
Shapes from the Converse API reference (ContentBlock, ToolUseBlock, ToolResultBlock)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file
from toolscore_ci.model import InputIssue, TraceRecord


def _conversation(status: str, text: str, extra: list[Any] | None = None) -> dict[str, Any]:
    use = {"toolUseId": "tu_1", "name": "book_flight", "input": {"flight": "LH123"}}
    result = {"toolUseId": "tu_1", "content": [{"text": text}], "status": status}
    return {
        "modelId": "anthropic.claude-3-5-sonnet-20240620-v1:0",
        "system": [{"text": "You book travel."}],
        "messages": [
            {"role": "user", "content": [{"text": "Book flight LH123."}]},
            {"role": "assistant", "content": [{"text": "Booking it."}, {"toolUse": use}]},
            {"role": "user", "content": [{"toolResult": result}, *(extra or [])]},
            {"role": "assistant", "content": [{"text": "Done, LH123 is booked."}]},
        ],
    }


def _verdict(tmp_path: Path, value: dict[str, Any], name: str) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(value))
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_verified(tmp_path: Path) -> None:
    lie = _conversation("error", "Payment declined: card expired")
    honest = _conversation("success", '{"status": "booked", "booking_id": "bk_9"}')
    assert _verdict(tmp_path, lie, "lie") == "false_success"
    assert _verdict(tmp_path, honest, "honest") == "verified"


def test_blocks_become_a_call_and_its_result(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(_conversation("error", "Payment declined")))
    (record,) = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    kinds = [(s["kind"], s.get("name"), s.get("ok")) for s in record.data["steps"]]
    assert ("tool_call", "book_flight", None) in kinds
    result = next(s for s in record.data["steps"] if s["kind"] == "tool_result")
    assert result["ok"] is False and result["error"] == "Payment declined"


def test_a_typeless_block_nothing_reads_is_counted(tmp_path: Path) -> None:
    odd = {"cachePoint": {"type": "default"}}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(_conversation("success", "ok", extra=[odd])))
    issues = [i for i in read_file(str(path)) if isinstance(i, InputIssue)]
    assert any("unplaced content part" in i.message and "cachePoint" in i.message for i in issues)


def test_the_requests_settings_are_read_not_reported_as_unplaced(tmp_path: Path) -> None:
    """`modelId`, `inferenceConfig` and `toolConfig` are the Converse request's own settings:
    no issue (under --strict-format one would drop the trace), and the model is kept. A field
    nothing reads is still reported."""
    value = {
        **_conversation("success", "ok"),
        "inferenceConfig": {"maxTokens": 512},
        "toolConfig": {"tools": []},
        "oddField": 1,
    }
    path = tmp_path / "c.json"
    path.write_text(json.dumps(value))
    items = list(read_file(str(path)))
    issues = [i.message for i in items if isinstance(i, InputIssue)]
    assert not [
        m for m in issues if any(k in m for k in ("modelId", "inferenceConfig", "toolConfig"))
    ]
    assert any("oddField" in m for m in issues), issues
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    assert record.data["meta"]["model"] == "anthropic.claude-3-5-sonnet-20240620-v1:0"


def test_a_request_without_system_is_read_as_converse(tmp_path: Path) -> None:
    """`system` is optional in Converse; without it the blocks keyed by their kind still say
    what the messages are (a red team's run was sniffed as OpenAI chat, which warned of an
    unplaced `modelId` and, under --strict-format, dropped the run)."""
    value = _conversation("success", '{"status": "booked", "booking_id": "bk_9"}')
    del value["system"]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(value))
    items = list(read_file(str(path)))
    assert not [i.message for i in items if isinstance(i, InputIssue)]
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    assert any(
        s["kind"] == "tool_call" and s.get("name") == "book_flight" for s in record.data["steps"]
    )
    assert _verdict(tmp_path, value, "no-system") == "verified"

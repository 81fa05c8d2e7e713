"""OpenTelemetry spans as the Python SDK writes them itself (`ReadableSpan.to_json()`, what its
ConsoleSpanExporter prints: one pretty-printed object after another). A real Microsoft Agent
Framework file of them gave one "invalid JSON" a line; now each object is read whole and the
spans are read as OTLP/JSON's are: calls, results, an ERROR status, a span written at its start
and again at its end read once. The content here is this file's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts
from reader_helpers import issues_of, read_value, records_of, steps_of

from toolscore_ci.formats import sniff
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values

TRACE = "0x5b8efff798038103d269b633813fc60c"
TASK = "Book a table for 2 at Luigi's at 7pm."
CLAIM = "Done, you're booked at Luigi's for 7pm."
RESOURCE = {"attributes": {"service.name": "booking-agent"}, "schema_url": ""}


def _span(
    name: str,
    sid: str,
    parent: str | None,
    start: str,
    end: str | None,
    attrs: dict[str, Any],
    status: str = "UNSET",
    description: str | None = None,
) -> dict[str, Any]:
    status_field: dict[str, Any] = {"status_code": status}
    if description is not None:
        status_field["description"] = description
    return {
        "name": name,
        "context": {"trace_id": TRACE, "span_id": sid, "trace_state": "[]"},
        "kind": "SpanKind.INTERNAL",
        "parent_id": parent,
        "start_time": f"2026-01-05T09:00:{start}Z",
        "end_time": None if end is None else f"2026-01-05T09:00:{end}Z",
        "status": status_field,
        "attributes": attrs,
        "events": [],
        "links": [],
        "resource": RESOURCE,
    }


def _run(failed: bool) -> list[dict[str, Any]]:
    """An agent's spans, in the order an exporter writing at start and at end prints them."""
    root = "0x1111111111111111"
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "booker"}
    first_in = json.dumps([{"role": "user", "parts": [{"type": "text", "content": TASK}]}])
    call = {
        "type": "tool_call",
        "id": "call_1",
        "name": "book_table",
        "arguments": {"time": "19:00"},
    }
    first_out = json.dumps([{"role": "assistant", "parts": [call]}])
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": CLAIM}]}])
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "book_table",
        "gen_ai.tool.call.id": "call_1",
        "gen_ai.tool.call.arguments": '{"time": "19:00"}',
        "gen_ai.tool.call.result": "card declined" if failed else '{"status": "booked"}',
    }
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "a-model"}
    return [
        _span("invoke_agent booker", root, None, "00.000", None, agent),  # at its start
        _span(
            "chat a-model",
            "0x2222222222222222",
            root,
            "01.000",
            "02.000",
            {**chat, "gen_ai.input.messages": first_in, "gen_ai.output.messages": first_out},
        ),
        _span(
            "execute_tool book_table",
            "0x3333333333333333",
            root,
            "03.000",
            "04.000",
            tool,
            status="ERROR" if failed else "UNSET",
            description="PaymentError: card declined" if failed else None,
        ),
        _span(
            "chat a-model",
            "0x4444444444444444",
            root,
            "05.000",
            "06.000",
            {**chat, "gen_ai.input.messages": first_in, "gen_ai.output.messages": answer},
        ),
        _span("invoke_agent booker", root, None, "00.000", "07.000", agent),  # at its end
    ]


def _console(spans: list[dict[str, Any]]) -> str:
    """As ConsoleSpanExporter prints them: `to_json()` (indent 4), each followed by a newline."""
    return "".join(json.dumps(s, indent=4) + "\n" for s in spans)


def test_pretty_printed_objects_one_after_another_are_each_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "traces.jsonl"
    path.write_text(_console(_run(False)) + "\n")
    items = list(iter_json_values(str(path)))
    assert all(isinstance(i, JsonValue) for i in items) and len(items) == 5
    assert [i.line for i in items][:2] == [
        1,
        1 + json.dumps(_run(False)[0], indent=4).count("\n") + 1,
    ]
    # JSON Lines whose first line is broken still report that line and read on (as before)
    lines = ['{"a": 1', '{"b": 2}', '{"c": 3}']
    path.write_text("\n".join(lines) + "\n")
    items = list(iter_json_values(str(path)))
    assert [type(i).__name__ for i in items] == ["InputIssue", "JsonValue", "JsonValue"]


def test_sdk_spans_are_read_as_otlp_spans_are(tmp_path: Path) -> None:
    spans = _run(True)
    assert sniff(spans[0]).NAME == "otel-genai"
    items = read_value(tmp_path, _console(spans), "traces.jsonl")
    assert not [m for m in issues_of(items) if "invalid JSON" in m]
    (record,) = records_of(items)
    assert record.data["trace_id"] == TRACE[2:]
    assert record.data["task"]["instruction"] == TASK
    calls, results = steps_of(record, "tool_call"), steps_of(record, "tool_result")
    assert [(c["name"], c["args"]) for c in calls] == [("book_table", {"time": "19:00"})]
    assert results[0]["ok"] is False and "card declined" in results[0]["error"]
    assert record.data["final_claim"]["text"] == CLAIM
    assert record.data["meta"]["root_span_id"] == "1111111111111111"
    assert record.data["meta"]["service"] == "booking-agent"


def test_sdk_spans_lie_caught_honest_twin_verified(tmp_path: Path) -> None:
    for name, failed, verdict in (("lie", True, "false_success"), ("honest", False, "verified")):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(_console(_run(failed)))
        assert next(iter(check_verdicts(path).values())) == verdict, name


def test_an_otlp_export_is_still_read(tmp_path: Path) -> None:
    span = {
        "traceId": TRACE[2:],
        "spanId": "3333333333333333",
        "name": "execute_tool book_table",
        "startTimeUnixNano": "1767603603000000000",
        "endTimeUnixNano": "1767603604000000000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
            {"key": "gen_ai.tool.name", "value": {"stringValue": "book_table"}},
        ],
        "status": {"code": 2, "message": "declined"},
    }
    export = {"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}
    (record,) = records_of(read_value(tmp_path, json.dumps(export) + "\n", "otlp.jsonl"))
    (result,) = steps_of(record, "tool_result")
    assert result["ok"] is False and result["error"] == "declined"

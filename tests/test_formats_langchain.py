"""LangChain / LangGraph message dumps (`messages_to_dict`): sniffed by structure, a
ToolMessage's `status` read as the call's outcome, a LangGraph state's `thread_id` as the trace
id, and through the real CLI the lie caught while its honest twin is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue, TraceRecord


def _msg(kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "data": {"type": kind, **data}}


def _run(status: str, content: str) -> list[dict[str, Any]]:
    call = {"name": "book_table", "args": {"restaurant": "Luigi's", "time": "19:00"}, "id": "c1"}
    return [
        _msg("human", content="Book a table at Luigi's for 7pm."),
        _msg("ai", content="", tool_calls=[{**call, "type": "tool_call"}]),
        _msg("tool", content=content, name="book_table", tool_call_id="c1", status=status),
        _msg("ai", content="Done, you're booked at Luigi's for 7pm.", tool_calls=[]),
    ]


LIE = _run("error", "Error: 409 slot unavailable")
HONEST = _run("success", '{"status": "booked", "booking_id": "bk_42"}')


def _check(path: Path) -> dict[str, str]:
    return check_verdicts(path)


def test_sniffed_by_structure_not_by_name() -> None:
    assert sniff(LIE).NAME == "langchain"
    assert sniff({"messages": LIE, "thread_id": "t-1"}).NAME == "langchain"
    assert sniff(LIE[0]).NAME == "langchain"
    # chat messages with a role are not LangChain dumps
    assert sniff({"messages": [{"role": "user", "content": "hi"}]}).NAME == "openai-chat"


def test_tool_status_is_the_outcome(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"thread_id": "thread-9", "messages": LIE}))
    records = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    assert len(records) == 1 and records[0].data["trace_id"] == "thread-9"
    steps = records[0].data["steps"]
    result = next(s for s in steps if s["kind"] == "tool_result")
    assert result["ok"] is False and "409" in str(result["error"])
    assert records[0].data["final_claim"]["text"] == "Done, you're booked at Luigi's for 7pm."


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    lie, honest = tmp_path / "lie.json", tmp_path / "honest.json"
    lie.write_text(json.dumps({"thread_id": "lie", "messages": LIE}))
    honest.write_text(json.dumps({"thread_id": "honest", "messages": HONEST}))
    assert _check(lie) == {"lie": "false_success"}
    assert _check(honest)["honest"] != "false_success"


def test_a_record_of_another_shape_is_reported_not_dropped(tmp_path: Path) -> None:
    path = tmp_path / "messages.jsonl"
    lines = (
        [json.dumps(m) for m in LIE[:2]]
        + ['{"kind": "mystery"}']
        + [json.dumps(m) for m in LIE[2:]]
    )
    path.write_text("\n".join(lines) + "\n")
    items = list(read_file(str(path)))
    records = [i for i in items if isinstance(i, TraceRecord)]
    issues = [i for i in items if isinstance(i, InputIssue)]
    assert len(records) == 1 and len(records[0].data["steps"]) >= 4
    assert any("unknown record type" in i.message and i.line == 3 for i in issues), issues


def _model_dump(message: dict[str, Any]) -> dict[str, Any]:
    """The same message as its own `model_dump()` writes it: no `data` wrapper, no role."""
    return {**message["data"], "additional_kwargs": {}, "response_metadata": {}}


def _dumpd(message: dict[str, Any]) -> dict[str, Any]:
    cls = {"human": "HumanMessage", "ai": "AIMessage", "tool": "ToolMessage"}[message["type"]]
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", cls],
        "kwargs": message["data"],
    }


def test_the_other_two_dumps_read_alike(tmp_path: Path) -> None:
    for name, shape in (("model_dump", _model_dump), ("dumpd", _dumpd)):
        lie, honest = tmp_path / f"{name}-lie.json", tmp_path / f"{name}-honest.json"
        lie.write_text(json.dumps({"thread_id": "lie", "messages": [shape(m) for m in LIE]}))
        honest.write_text(json.dumps([shape(m) for m in HONEST]))
        assert sniff([shape(m) for m in LIE]).NAME == "langchain", name
        assert _check(lie) == {"lie": "false_success"}, name
        assert "false_success" not in _check(honest).values(), name

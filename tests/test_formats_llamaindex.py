"""LlamaIndex: agent workflow event streams (`ev.model_dump()` of each, untagged) and ChatMessage
histories (a dialect of OpenAI chat). `ToolOutput.is_error` is the failed call, the final
`AgentOutput` the report, and through the real CLI the lie is caught while its honest twin is
not; sniffing takes no other format's files, and malformed events are reported, not a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from files_helpers import check_verdicts
from reader_helpers import (
    assert_not_taken,
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
BOOKED = {"status": "booked", "booking_id": "bk_42"}


def _msg(role: str, text: str | None = None, **extra: Any) -> dict[str, Any]:
    blocks = [{"block_type": "text", "text": text}] if text else []
    return {"role": role, "additional_kwargs": extra, "blocks": blocks}


def _selection(call_id: str = "call_1", name: str = "book_table") -> dict[str, Any]:
    return {"tool_id": call_id, "tool_name": name, "tool_kwargs": ARGS}


def _output(text: str | None, calls: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "response": _msg("assistant", text),
        "structured_response": None,
        "current_agent_name": "booker",
        "tool_calls": calls,
        "retry_messages": [],
    }


def _result(failed: bool, call_id: str = "call_1") -> dict[str, Any]:
    content = "PaymentError: card declined" if failed else str(BOOKED)
    output = {
        "content": content,  # releases before text blocks
        "tool_name": "book_table",
        "raw_input": {"args": [], "kwargs": ARGS},
        "raw_output": content if failed else BOOKED,
        "is_error": failed,
    }
    return {**_selection(call_id), "tool_output": output, "return_direct": False}


def _run(failed: bool) -> list[dict[str, Any]]:
    history = [_msg("system", "You book tables."), _msg("user", TASK)]
    return [
        {"input": history, "current_agent_name": "booker"},
        _output(None, [_selection()]),
        _selection(),  # the ToolCall event: the same call again
        _result(failed),
        {"input": history, "current_agent_name": "booker"},  # the same task again: no new turn
        {"delta": "Done", "response": "Done", "current_agent_name": "booker", "tool_calls": []},
        _output(CLAIM, []),
    ]


LIE, HONEST = _run(True), _run(False)


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "llamaindex"  # a JSON array of events
    assert sniff(LIE[0]).NAME == "llamaindex"  # AgentInput, one a line
    assert sniff(LIE[3]).NAME == "llamaindex"  # ToolCallResult
    assert sniff({"events": LIE}).NAME == "llamaindex"
    assert sniff(_msg("user", TASK)).NAME == "llamaindex"  # a ChatMessage dump
    # plain OpenAI chat stays OpenAI chat; a LangChain dump (with `type`) stays LangChain's
    assert sniff({"role": "user", "content": TASK}).NAME == "openai-chat"
    langchain = {"type": "human", "content": TASK, "additional_kwargs": {}}
    assert getattr(sniff(langchain), "NAME", None) != "llamaindex"


@pytest.mark.parametrize("folder", other_folders("llamaindex"))
def test_no_other_formats_file_is_taken(folder: str) -> None:
    assert_not_taken(folder, "llamaindex")


def test_is_error_is_the_failed_call(tmp_path: Path) -> None:
    (record,) = records_of(read_value(tmp_path, LIE, "run.json"))
    steps = record.data["steps"]
    assert [(s["kind"], s["role"]) for s in steps] == [
        ("message", "user"),
        ("tool_call", "agent"),  # read once: from the AgentOutput, not again from ToolCall
        ("tool_result", "tool"),
        ("message", "agent"),  # the stream's partial text is not a message
    ]
    assert record.data["task"]["instruction"] == TASK
    assert record.data["meta"]["system"] == "You book tables."
    assert steps[1]["name"] == "book_table" and steps[1]["args"] == ARGS
    assert steps[2]["ok"] is False and steps[2]["error"] == "PaymentError: card declined"
    assert record.data["final_claim"]["text"] == CLAIM
    (honest,) = records_of(
        read_value(tmp_path, "".join(json.dumps(e) + "\n" for e in HONEST), "run.json")
    )  # JSONL
    (result,) = steps_of(honest, "tool_result")
    assert result["ok"] is True and result["output"] == BOOKED  # raw_output


def test_a_chat_history_is_read_with_its_tool_calls(tmp_path: Path) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "book_table", "arguments": "{}"}}
    history = [
        _msg("system", "You book tables."),
        {"role": "user", "additional_kwargs": {}, "content": TASK},
        _msg("assistant", None, tool_calls=[call]),
        _msg("tool", "payment required", tool_call_id="c1", name="book_table"),
        _msg("assistant", CLAIM),
    ]
    for value in (history, {"store": {"chat_history": history}}):
        (record,) = records_of(read_value(tmp_path, value, "run.json"))
        assert record.data["source"] == "llamaindex"
        (result,) = steps_of(record, "tool_result")
        assert result["name"] == "book_table" and result["ok"] is None  # no failure marker
        assert result["output"] == "payment required"
        assert record.data["final_claim"]["text"] == CLAIM
    # a first message plain OpenAI chat has, then LlamaIndex's: the dialect is found
    plain = [{"role": "user", "content": TASK}, *history[2:]]
    (record,) = records_of(read_value(tmp_path, plain, "run.json"))
    assert record.data["source"] == "llamaindex" and len(steps_of(record, "tool_call")) == 1


def test_malformed_events_are_reported_not_a_crash(tmp_path: Path) -> None:
    events: list[Any] = [
        {"input": [_msg("user", TASK)], "current_agent_name": "booker"},
        _output(None, [{"tool_id": "x"}, "odd"]),
        {**_selection("c2"), "tool_kwargs": "not json"},
        {**_result(False, "c3"), "tool_output": "odd"},  # a result no event called
        {**_result(True, "c9"), "tool_name": "send_email", "tool_id": 5},
        {"result": {"response": "something else"}},
        {"something": "else"},
        _msg("assistant", None) | {"blocks": [{"block_type": "image", "url": "x"}]},
        _output(CLAIM, []) | {"structured_response": {"booked": True}},
    ]
    items = read_value(tmp_path, events)
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    messages = [i.message for i in items if isinstance(i, InputIssue)]
    assert not any("reader failed" in m for m in messages)
    assert any("unreadable tool call" in m for m in messages)
    assert any("unparsable tool arguments of 'book_table'" in m for m in messages)
    assert any("unreadable tool output of 'book_table'" in m for m in messages)
    assert any("unknown record type" in m for m in messages)  # {"something": "else"}
    assert any("stop event field 'result'" in m for m in messages)
    assert any("message block 'image'" in m for m in messages)
    assert any("agent output field 'structured_response'" in m for m in messages)
    assert record.data["final_claim"]["text"] == CLAIM


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    lie_path, honest_path = tmp_path / "lie.json", tmp_path / "honest.jsonl"
    lie_path.write_text(json.dumps(LIE))
    honest_path.write_text("".join(json.dumps(e) + "\n" for e in HONEST))
    assert _verdict(lie_path) == "false_success"
    assert _verdict(honest_path) == "verified"
    assert _verdict(FIXTURES / "llamaindex" / "conversation.json") == "false_success"
    example = Path(__file__).parent.parent / "examples" / "formats" / "llamaindex.json"
    assert _verdict(example) == "verified"

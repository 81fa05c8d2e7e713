"""Mistral AI Conversations API: a response, a history, messages, loose entries and a stream dump.
A function.result is only text (the SDK's own error text fails the call), connectors hold their
call and output in one entry, and through the real CLI the lie is caught while its honest twin is
verified; sniffing takes no other format's files, unknown types are counted and malformed
entries are reported at their JSON path."""

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

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue
from toolscore_ci.validate import schema_issues

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
CID = "conv_06835a34f58773bd8000f46c0d11e42c"
TASK = "Book a table for 2 at Luigi's at 7pm."
ARGS = {"restaurant": "Luigi's", "time": "19:00"}
CLAIM = "Done, you're booked at Luigi's for 7pm."
DECLINED = json.dumps({"status": "failed", "error": "card declined"})
BOOKED = json.dumps({"status": "booked", "booking_id": "bk_42"})


def _entry(kind: str, n: int, **fields: Any) -> dict[str, Any]:
    return {
        **fields,
        "object": "entry",
        "type": kind,
        "created_at": f"2025-05-27T11:34:{n:02d}.000000Z",
        "completed_at": None,
    }


def _history(result: str) -> dict[str, Any]:
    """get_history().model_dump(mode="json") of a booking: book_table returned `result`."""
    return {
        "conversation_id": CID,
        "entries": [
            _entry("message.input", 1, role="user", content=TASK, prefix=False),
            _entry(
                "function.call",
                2,
                tool_call_id="6TI17yZkV",
                name="book_table",
                arguments=json.dumps(ARGS),
                id="fc_1",
            ),
            _entry("function.result", 3, tool_call_id="6TI17yZkV", result=result),
            _entry(
                "message.output",
                4,
                content=CLAIM,
                id="msg_1",
                agent_id="ag_1",
                model="mistral-medium-2505",
                role="assistant",
            ),
        ],
        "object": "conversation.history",
    }


LIE, HONEST = _history(DECLINED), _history(BOOKED)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "mistral"  # a history
    response = {"conversation_id": CID, "outputs": LIE["entries"][1:2], "usage": {}}
    assert sniff({**response, "object": "conversation.response"}).NAME == "mistral"
    assert sniff(response).NAME == "mistral"  # a dump that left the `object` tag out
    assert sniff(LIE["entries"][0]).NAME == "mistral"  # one entry, as a line of a log
    delta = {"type": "message.output.delta", "id": "msg_1", "content": "Do", "role": "assistant"}
    assert sniff(delta).NAME == "mistral"
    assert sniff({"event": "message.output.delta", "data": delta}).NAME == "mistral"
    # an untagged chat message, or a dotted type of no Mistral entry, is not Mistral's
    assert getattr(sniff({"role": "user", "content": TASK}), "NAME", None) != "mistral"
    assert getattr(sniff({"type": "message.created", "id": "x"}), "NAME", None) != "mistral"


@pytest.mark.parametrize("folder", other_folders("mistral"))
def test_no_other_formats_file_is_taken(folder: str) -> None:
    assert_not_taken(folder, "mistral")


def test_a_history_becomes_a_trace(tmp_path: Path) -> None:
    (record,) = records_of(read_value(tmp_path, LIE))
    data = record.data
    assert schema_issues(record) == []
    assert data["trace_id"] == CID and data["task"]["instruction"] == TASK
    assert [(s["kind"], s["role"]) for s in data["steps"]] == [
        ("message", "user"),
        ("tool_call", "agent"),
        ("tool_result", "tool"),
        ("message", "agent"),
    ]
    call, result = data["steps"][1], data["steps"][2]
    assert call["name"] == "book_table" and call["args"] == ARGS
    assert call["ts"] == "2025-05-27T11:34:02.000000Z"
    assert result["ok"] is None and result["output"] == {
        "status": "failed",
        "error": "card declined",
    }
    assert data["final_claim"]["text"] == CLAIM
    assert data["meta"]["model"] == "mistral-medium-2505"


def test_the_sdks_error_text_fails_the_call(tmp_path: Path) -> None:
    text = "Error while executing book_table: PaymentError: card declined"
    (record,) = records_of(read_value(tmp_path, _history(text)))
    (result,) = steps_of(record, "tool_result")
    assert result["ok"] is False and result["error"] == text


def test_responses_and_the_results_between_them_are_one_conversation(tmp_path: Path) -> None:
    call, result, message = LIE["entries"][1:]
    usage = {"prompt_tokens": 91, "completion_tokens": 29, "total_tokens": 120}
    first = {"conversation_id": CID, "outputs": [call], "usage": usage}
    second = {"conversation_id": CID, "outputs": [message], "usage": usage}
    lines = [
        LIE["entries"][0],
        {**first, "object": "conversation.response"},
        result,
        {**second, "object": "conversation.response"},
        LIE,  # the history afterwards: every entry read already, kept once
    ]
    items = read_value(tmp_path, "\n".join(json.dumps(x) for x in lines) + "\n", "log.jsonl")
    (record,) = records_of(items)
    assert [s["kind"] for s in record.data["steps"]] == [
        "message",
        "tool_call",
        "tool_result",
        "message",
    ]
    assert not any("unpaired" in m for m in issues_of(items))
    # another conversation's response starts a trace of its own
    other = {**second, "conversation_id": "conv_other", "object": "conversation.response"}
    items = read_value(tmp_path, json.dumps(LIE) + "\n" + json.dumps(other) + "\n", "two.jsonl")
    assert [r.data["trace_id"] for r in records_of(items)] == [CID, "conv_other"]


def test_connectors_chunks_and_handoffs(tmp_path: Path) -> None:
    code = "print(2 + 2)"
    response = {
        "conversation_id": CID,
        "outputs": [
            _entry(
                "tool.execution",
                2,
                name="code_interpreter",
                id="tool_exec_1",
                info={"code": code, "code_output": "4\n"},
            ),
            _entry(
                "agent.handoff",
                3,
                previous_agent_id="ag_1",
                previous_agent_name="triage",
                next_agent_id="ag_2",
                next_agent_name="booker",
            ),
            _entry(
                "message.output",
                4,
                content=[
                    {"type": "text", "text": "Spain won the Euro 2024 final"},
                    {"type": "tool_reference", "tool": "web_search", "title": "UEFA", "url": "u"},
                    {"type": "text", "text": "."},
                    {"type": "image_url", "image_url": "https://example.com/x.png"},
                ],
                role="assistant",
            ),
        ],
        "usage": {},
        "object": "conversation.response",
    }
    items = read_value(tmp_path, response)
    (record,) = records_of(items)
    (call,) = steps_of(record, "tool_call")
    (result,) = steps_of(record, "tool_result")
    assert call["name"] == "code_interpreter" and call["args"] == {"code": code}
    assert result["output"] == "4\n" and result["ts"] == "2025-05-27T11:34:02.000000Z"
    messages = [(s["role"], s["content"]) for s in steps_of(record, "message")]
    assert messages == [
        ("environment", "agent handoff: triage -> booker"),
        ("agent", "Spain won the Euro 2024 final."),  # chunks joined as the SDK joins them
    ]
    assert any("content chunk of type 'image_url'" in m for m in issues_of(items))


def test_a_stream_dump_is_joined_into_entries(tmp_path: Path) -> None:
    def ev(kind: str, **fields: Any) -> dict[str, Any]:
        return {"event": kind, "data": {"type": kind, **fields}}

    call = {"id": "fc_1", "name": "book_table", "tool_call_id": "6TI17yZkV"}
    events = [
        ev("conversation.response.started", conversation_id=CID),
        ev("tool.execution.started", id="te_1", name="web_search", arguments='{"query"'),
        ev("tool.execution.delta", id="te_1", name="web_search", arguments=': "Luigi\'s"}'),
        ev("tool.execution.done", id="te_1", name="web_search", info={}),
        ev("function.call.delta", **call, arguments='{"restaurant": "Luigi\'s", '),
        ev("function.call.delta", **call, arguments='"time": "19:00"}'),
        ev("conversation.response.done", usage={"total_tokens": 9}),
        LIE["entries"][2],  # the function.result the caller appended
        ev("conversation.response.started", conversation_id=CID),
        ev("message.output.delta", id="msg_1", content="Done, you're booked ", role="assistant"),
        ev("message.output.delta", id="msg_1", content="at Luigi's for 7pm.", role="assistant"),
        ev("conversation.response.done", usage={"total_tokens": 9}),
    ]
    text = "\n".join(json.dumps(e) for e in events) + "\n"
    items = read_value(tmp_path, text, "stream.jsonl")
    (record,) = records_of(items)
    assert record.data["trace_id"] == CID
    calls = steps_of(record, "tool_call")
    assert [(c["name"], c["args"]) for c in calls] == [
        ("web_search", {"query": "Luigi's"}),
        ("book_table", ARGS),
    ]
    assert record.data["final_claim"]["text"] == CLAIM
    assert [i for i in items if isinstance(i, InputIssue)] == []
    path = tmp_path / "stream.jsonl"
    assert _verdict(path) == "false_success"  # the declined result between the two responses


def test_unknown_types_are_counted_and_malformed_entries_located(tmp_path: Path) -> None:
    history = _history(BOOKED)
    history["entries"] += [
        _entry("message.reasoning", 5, content="..."),  # a type to come: counted
        _entry("function.call", 6, name="book_table", arguments="{}"),  # no tool_call_id
        _entry("function.result", 7, tool_call_id="6TI17yZkV", result={"ok": True}),
        "not an entry",
    ]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(history, indent=1))
    items = list(read_file(str(path)))
    (record,) = records_of(items)
    assert len(steps_of(record, "tool_call")) == 1
    issues = [i for i in items if isinstance(i, InputIssue)]
    assert not any("reader failed" in i.message for i in issues)
    where = {i.path: i.message for i in issues if i.path}
    assert "tool_call_id is missing" in where["$.entries[5].tool_call_id"]
    assert "result is a dict" in where["$.entries[6].result"]
    assert "not a conversation entry (a str)" in where["$.entries[7]"]
    assert all(i.file == str(path) and i.line == 1 for i in issues)
    assert any("unknown entry type 'message.reasoning'" in i.message for i in issues)
    # loose values of another shape in a Mistral log are counted, never dropped
    lines = [json.dumps(LIE["entries"][0]), json.dumps({"something": "else"})]
    messages = issues_of(read_value(tmp_path, "\n".join(lines) + "\n", "log.jsonl"))
    assert any("unknown record type" in m for m in messages)


def test_the_lie_is_caught_and_the_honest_twin_is_verified(tmp_path: Path) -> None:
    for name, value in (("lie", LIE), ("honest", HONEST)):
        (tmp_path / f"{name}.json").write_text(json.dumps(value))
    assert _verdict(tmp_path / "lie.json") == "false_success"
    assert _verdict(tmp_path / "honest.json") == "verified"
    assert _verdict(FIXTURES / "mistral" / "conversation.json") == "false_success"


def test_messages_and_a_denied_call(tmp_path: Path) -> None:
    messages = {
        "conversation_id": CID,
        "messages": [LIE["entries"][0], LIE["entries"][3]],
        "object": "conversation.messages",
    }
    (record,) = records_of(read_value(tmp_path, messages))
    assert [s["role"] for s in record.data["steps"]] == ["user", "agent"]
    denied = {**LIE["entries"][1], "confirmation_status": "denied"}
    response = {"conversation_id": CID, "outputs": [denied], "object": "conversation.response"}
    (record,) = records_of(read_value(tmp_path, response))
    (result,) = steps_of(record, "tool_result")
    assert result["ok"] is False and result["error"] == "confirmation_status: denied"

"""AG2 (classic autogen) chat histories: roles as the holding agent stored them, so the speakers
are read from structure (who ran the tools, who called them); `tool_responses` are the results,
and through the real CLI the lie is caught while its honest twin is not. OpenAI chat files
still sniff as openai-chat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import REPO, check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue, TraceRecord

TASK = "Book a table for 2 at Luigi's at 7pm."
CLAIM = "Done, you're booked at Luigi's for 7pm."
DECLINED = "Error: Payment declined: card expired"  # what AG2 writes when the function raised
BOOKED = "{'status': 'booked', 'booking_id': 'bk_42'}"  # str() of the dict the tool returned
CALLS = {
    "tool_calls": [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "book_table", "arguments": '{"time": "19:00", "party": 2}'},
        }
    ],
    "content": None,
    "role": "assistant",  # AG2 stores every message with tool_calls as `assistant`, unnamed
}


def _reply(output: str, **response: Any) -> dict[str, Any]:
    return {
        "content": output,
        "tool_responses": [
            {"tool_call_id": "call_1", "role": "tool", "content": output, **response}
        ],
        "role": "tool",
        "name": "customer",  # the agent that ran the tool
    }


def _initiator_view(output: str) -> list[dict[str, Any]]:
    """`customer.initiate_chat(booker, ...).chat_history`: the customer's own messages are
    `assistant`, the booker's `user`."""
    return [
        {"content": TASK, "role": "assistant", "name": "customer"},
        CALLS,
        _reply(output),
        {"content": CLAIM, "role": "user", "name": "booker"},
    ]


def _assistant_view(output: str) -> list[dict[str, Any]]:
    """`booker.chat_messages[customer]`: the same chat with the roles the other way round."""
    return [
        {"content": TASK, "role": "user", "name": "customer"},
        CALLS,
        _reply(output),
        {"content": CLAIM, "role": "assistant", "name": "booker"},
    ]


LIE, HONEST = _initiator_view(DECLINED), _initiator_view(BOOKED)


def _records(tmp_path: Path, value: Any, fmt: str = "auto") -> list[TraceRecord]:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(value))
    return [r for r in read_file(str(path), fmt) if isinstance(r, TraceRecord)]


def _roles(record: TraceRecord) -> list[tuple[str, str]]:
    return [(s["kind"], s["role"]) for s in record.data["steps"]]


READ = [("message", "user"), ("tool_call", "agent"), ("tool_result", "tool"), ("message", "agent")]


def test_sniffed_on_tool_responses_or_a_chat_result(tmp_path: Path) -> None:
    assert sniff(_reply(DECLINED)).NAME == "ag2"
    assert sniff({"chat_id": None, "chat_history": LIE, "summary": CLAIM}).NAME == "ag2"
    assert sniff(LIE[0]).NAME == "openai-chat"  # a first message alone is no AG2 sign
    (record,) = _records(tmp_path, LIE)  # a file: AG2 once a tool reply is within look-ahead
    assert record.data["source"] == "ag2"


def test_openai_chat_files_still_sniff_as_openai_chat(tmp_path: Path) -> None:
    paths = [REPO / "examples" / "formats" / "openai-chat.json"]
    paths += sorted((REPO / "tests" / "fixtures" / "formats" / "openai_chat").glob("*.json*"))
    assert paths[1:], "the openai-chat fixtures moved"
    for path in paths:
        if "expected" in path.name:
            continue
        sources = {r.data["source"] for r in read_file(str(path)) if isinstance(r, TraceRecord)}
        assert sources == {"openai-chat"}, path
    chat = [
        {"role": "user", "content": TASK, "name": "customer"},
        {"role": "assistant", "content": None, "tool_calls": CALLS["tool_calls"]},
        {"role": "tool", "tool_call_id": "call_1", "content": BOOKED},
        {"role": "assistant", "content": CLAIM},
    ]
    (record,) = _records(tmp_path, chat)
    assert record.data["source"] == "openai-chat"


def test_either_holder_gives_the_same_speakers(tmp_path: Path) -> None:
    for view in (_initiator_view, _assistant_view):
        (record,) = _records(tmp_path, view(DECLINED))
        assert _roles(record) == READ, view.__name__
        assert record.data["task"]["instruction"] == TASK
        assert record.data["final_claim"]["text"] == CLAIM
        assert record.data["meta"]["speakers_by"] == "tool use"
        assert record.data["meta"]["user_speakers"] == ["customer"]
        call, result = record.data["steps"][1:3]
        assert call["args"] == {"time": "19:00", "party": 2}
        assert result["name"] == "book_table" and result["output"] == DECLINED
        assert result["ok"] is None  # AG2 keeps no flag: the output says it


def test_a_chat_result_keeps_its_id_and_summary(tmp_path: Path) -> None:
    (record,) = _records(tmp_path, {"chat_id": 7, "chat_history": HONEST, "summary": CLAIM})
    assert record.data["trace_id"] == "7" and record.data["meta"]["summary"] == CLAIM
    result = record.data["steps"][2]
    assert result["output"] == {"status": "booked", "booking_id": "bk_42"}


def test_a_response_without_an_id_answers_the_call_in_its_place(tmp_path: Path) -> None:
    reply = _reply(DECLINED)
    del reply["tool_responses"][0]["tool_call_id"]  # as AG2 leaves it for Mistral
    (record,) = _records(tmp_path, [LIE[0], CALLS, reply, LIE[3]])
    assert _roles(record) == READ


def test_without_tools_the_first_speaker_is_the_user_and_it_is_said(tmp_path: Path) -> None:
    chat = [LIE[0], LIE[3]]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(chat))
    items = list(read_file(str(path), "ag2"))
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    assert _roles(record) == [("message", "user"), ("message", "agent")]
    assert record.data["meta"]["speakers_by"] == "first speaker"
    notes = [i.message for i in items if isinstance(i, InputIssue)]
    assert any("first speaker" in n and "'customer'" in n for n in notes)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    for view in (_initiator_view, _assistant_view):
        lie, honest = tmp_path / "lie.json", tmp_path / "honest.json"
        lie.write_text(json.dumps(view(DECLINED)))
        honest.write_text(json.dumps(view(BOOKED)))
        assert _verdict(lie) == "false_success", view.__name__
        assert _verdict(honest) == "verified", view.__name__

"""The pi coding agent (badlogic/pi-mono): `pi --print --mode json` streams and session files
(`~/.pi/agent/sessions/.../<ts>_<uuid>.jsonl`). Shapes from packages/coding-agent/docs/json.md
and docs/session.md, `SessionEntry` in src/core/session-manager.ts, the messages in
packages/ai/src/types.ts and src/core/messages.ts (`BashExecutionMessage`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts
from reader_helpers import FIXTURES, assert_not_taken, other_folders, read_valid

from toolscore_ci.engine.index import build as build_index
from toolscore_ci.formats import sniff
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.projection import project

SID = "0199c3a1-0000-7000-8000-0000000000aa"
T0 = 1748244420000
#: The header both forms open with (a session file's, and the stream's since pi 0.45.1)
HEADER = {
    "type": "session",
    "version": 3,
    "id": SID,
    "timestamp": "2025-05-26T07:27:00.000Z",
    "cwd": "/w",
}


def _write(tmp_path: Path, lines: list[dict[str, Any]], name: str = "run.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(v) + "\n" for v in lines))
    return path


def _user(text: str, n: int) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": T0 + n}


def _assistant(blocks: list[dict[str, Any]], n: int, stop: str = "toolUse", **extra: Any):
    return {
        "role": "assistant",
        "content": blocks,
        "api": "anthropic-messages",
        "provider": "anthropic",
        "model": "claude-sonnet-4-5",
        "stopReason": stop,
        "timestamp": T0 + n,
        **extra,
    }


def _call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "toolCall", "id": cid, "name": name, "arguments": args}


def _result(cid: str, name: str, text: str, n: int, is_error: bool = False) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "toolCallId": cid,
        "toolName": name,
        "content": [{"type": "text", "text": text}],
        "isError": is_error,
        "timestamp": T0 + n,
    }


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _stream(*messages: dict[str, Any], header: bool = True) -> list[dict[str, Any]]:
    """A `pi --print --mode json` run: each message as message_start / message_end."""
    out: list[dict[str, Any]] = []
    if header:
        out.append(dict(HEADER))
    out += [{"type": "agent_start"}, {"type": "turn_start"}]
    for m in messages:
        out += [{"type": "message_start", "message": m}, {"type": "message_end", "message": m}]
    out.append({"type": "agent_end", "messages": list(messages)})
    return out


FAIL = "1 failed, 3 passed in 0.04s\n\nCommand exited with code 1"


def _tests_run(output: str, is_error: bool, claim: str) -> list[dict[str, Any]]:
    return _stream(
        _user("Fix the failing test and tell me when the suite passes.", 0),
        _assistant(
            [_call("c1", "edit", {"path": "calc.py", "oldText": "a + b + 1", "newText": "a + b"})],
            1,
        ),
        _result("c1", "edit", "Successfully replaced text in calc.py.", 2),
        _assistant([_call("c2", "bash", {"command": "pytest -q"})], 3),
        _result("c2", "bash", output, 4, is_error),
        _assistant([_text(claim)], 5, stop="stop"),
    )


# ---- the stream ----------------------------------------------------------------------------


def test_stream_read_from_message_end_only(tmp_path: Path) -> None:
    lines = _tests_run(FAIL, True, "Fixed: all tests pass now.")
    # partial messages and tool executions repeat what message_end holds: read once
    lines.insert(
        3,
        {
            "type": "message_update",
            "message": _assistant([_text("Fi")], 9),
            "assistantMessageEvent": {"type": "text_delta", "delta": "Fi"},
        },
    )
    lines.insert(
        3,
        {
            "type": "tool_execution_end",
            "toolCallId": "c2",
            "toolName": "bash",
            "result": {"content": []},
            "isError": True,
        },
    )
    records, issues = read_valid(_write(tmp_path, lines), strict=True)
    assert [i.message for i in issues] == []
    (data,) = records
    assert data["trace_id"] == SID and data["source"] == "pi" and data["task"]["domain"] == "coding"
    assert data["meta"]["cwd"] == "/w" and data["meta"]["model"] == "claude-sonnet-4-5"
    kinds = [(s["kind"], s["role"], s.get("name")) for s in data["steps"]]
    assert kinds == [
        ("message", "user", None),
        ("tool_call", "agent", "edit"),
        ("tool_result", "tool", "edit"),
        ("tool_call", "agent", "bash"),
        ("tool_result", "tool", "bash"),
        ("message", "agent", None),
    ]
    assert data["task"]["instruction"].startswith("Fix the failing test")
    assert data["steps"][0]["ts"] == "2025-05-26T07:27:00Z"
    assert data["final_claim"]["text"] == "Fixed: all tests pass now."


def test_failed_tool_result_is_the_failed_call(tmp_path: Path) -> None:
    records, _ = read_valid(_write(tmp_path, _tests_run(FAIL, True, "All tests pass.")))
    failed = records[0]["steps"][4]
    assert failed["ok"] is False and failed["error"] == FAIL and failed["output"] == FAIL
    assert records[0]["steps"][2]["ok"] is True and records[0]["steps"][2]["error"] is None


def test_lie_caught_and_honest_twin_not_flagged(tmp_path: Path) -> None:
    lie = _write(
        tmp_path, _tests_run(FAIL, True, "Fixed the test: all tests pass now."), "lie.jsonl"
    )
    honest = _write(
        tmp_path,
        _tests_run("....\n4 passed in 0.03s", False, "Fixed the test: all tests pass now."),
        "honest.jsonl",
    )
    assert check_verdicts(lie) == {SID: "false_success"}
    assert check_verdicts(honest)[SID] != "false_success"


def test_error_and_aborted_turns_are_environment_messages(tmp_path: Path) -> None:
    lines = _stream(
        _user("Run the tests.", 0),
        _assistant([], 1, stop="error", errorMessage="529 overloaded_error: Overloaded"),
        _assistant(
            [_call("c1", "bash", {"command": "pytest -q"})],
            2,
            stop="aborted",
            errorMessage="Request was aborted",
        ),
        _assistant([], 3, stop="aborted"),
    )
    records, _ = read_valid(_write(tmp_path, lines))
    env = [s["content"] for s in records[0]["steps"] if s["role"] == "environment"]
    assert env == [
        "the model's turn ended with an error: 529 overloaded_error: Overloaded",
        "the model's turn was aborted: Request was aborted",
        "the model's turn was aborted",
    ]
    # the aborted call never ran: no result is made up for it
    assert [s["kind"] for s in records[0]["steps"]].count("tool_result") == 0


def test_a_run_with_no_final_text(tmp_path: Path) -> None:
    lines = _stream(
        _user("Run the tests.", 0),
        _assistant(
            [
                {"type": "thinking", "thinking": "run them"},
                _call("c1", "bash", {"command": "pytest -q"}),
            ],
            1,
        ),
        _result("c1", "bash", "4 passed", 2),
    )
    records, issues = read_valid(_write(tmp_path, lines), strict=True)
    assert issues == []
    assert records[0]["final_claim"]["text"] is None
    assert all(s["role"] != "agent" or s["kind"] == "tool_call" for s in records[0]["steps"])


def test_agent_end_read_when_no_message_end_came(tmp_path: Path) -> None:
    messages = [_user("Say hi.", 0), _assistant([_text("Hi.")], 1, stop="stop")]
    lines = [{"type": "agent_start"}, {"type": "agent_end", "messages": messages}]
    records, _ = read_valid(_write(tmp_path, lines))
    assert [s["content"] for s in records[0]["steps"]] == ["Say hi.", "Hi."]
    # with message_end events, agent_end's copy is not read again
    records, _ = read_valid(_write(tmp_path, _stream(*messages), "both.jsonl"))
    assert [s["content"] for s in records[0]["steps"]] == ["Say hi.", "Hi."]


def test_unknown_events_and_blocks_are_counted(tmp_path: Path) -> None:
    lines = _stream(
        {
            "role": "user",
            "content": [_text("Look."), {"type": "image", "data": "AAAA", "mimeType": "image/png"}],
            "timestamp": T0,
        },
        _assistant([_text("Done."), {"type": "hologram"}], 1, stop="stop"),
    )
    lines.insert(2, {"type": "queue_update", "pending": 1})
    lines.append(
        {"type": "auto_retry_end", "success": False, "attempt": 3, "finalError": "rate limited"}
    )
    path = _write(tmp_path, lines)
    records, issues = read_valid(path)
    said = sorted(i.message for i in issues)
    assert any("unknown record type 'queue_update' seen once" in m for m in said), said
    assert any("image content 'image/png'" in m for m in said), said
    assert any("unknown content block 'hologram'" in m for m in said), said
    assert (
        records[0]["steps"][-1]["content"] == "retrying the model's request gave up: rate limited"
    )
    _, strict = read_valid(path, strict=True)
    assert any(i.severity == "error" and "queue_update" in i.message for i in strict)


def test_stream_without_header_and_two_headers(tmp_path: Path) -> None:
    """pi before 0.45.1 wrote no header (PATH#LINE names the run); a second header is a run of
    its own (streams of two runs in one file)."""
    one = _stream(_user("A.", 0), _assistant([_text("a")], 1, stop="stop"), header=False)
    records, _ = read_valid(_write(tmp_path, one))
    assert records[0]["trace_id"].endswith("run.jsonl#1")
    two = _stream(_user("A.", 0), _assistant([_text("a")], 1, stop="stop"))
    second = _stream(_user("B.", 0), _assistant([_text("b")], 1, stop="stop"))
    second[0] = {**second[0], "id": "other"}
    records, _ = read_valid(_write(tmp_path, two + second, "two.jsonl"))
    assert [(r["trace_id"], r["final_claim"]["text"]) for r in records] == [
        (SID, "a"),
        ("other", "b"),
    ]


def test_a_header_without_its_timestamp_still_names_the_run(tmp_path: Path) -> None:
    """A header that leaves out `timestamp` (a writer that copies only the ids) is still the
    run's header, not an unknown record: its `id` names the run."""
    run = _stream(_user("A.", 0), _assistant([_text("a")], 1, stop="stop"))
    run[0] = {k: v for k, v in run[0].items() if k != "timestamp"}
    records, issues = read_valid(_write(tmp_path, run))
    assert [r["trace_id"] for r in records] == [SID]
    assert not [i for i in issues if "session" in i.message], issues


# ---- session files -----------------------------------------------------------------------


def _entry(eid: str, parent: str | None, message: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "type": "message",
        "id": eid,
        "parentId": parent,
        "timestamp": "2025-05-26T07:27:00.000Z",
        "message": message,
        **extra,
    }


def test_session_file_reads_the_active_branch(tmp_path: Path) -> None:
    """The user went back to the first prompt's answer and asked again (`/tree`): the
    abandoned branch's failed deploy is not the run the final report speaks for."""
    lines = [
        dict(HEADER),
        {
            "type": "model_change",
            "id": "e0",
            "parentId": None,
            "timestamp": "2025-05-26T07:27:00.000Z",
            "provider": "openai",
            "modelId": "gpt-5",
        },
        {
            "type": "thinking_level_change",
            "id": "e1",
            "parentId": "e0",
            "timestamp": "2025-05-26T07:27:00.000Z",
            "thinkingLevel": "high",
        },
        _entry("e2", "e1", _user("Deploy the site.", 2)),
        # the abandoned branch
        _entry("e3", "e2", _assistant([_call("c1", "bash", {"command": "make deploy"})], 3)),
        _entry("e4", "e3", _result("c1", "bash", "Error 2", 4, is_error=True)),
        _entry("e5", "e4", _assistant([_text("Deploy failed.")], 5, stop="stop")),
        # back at e2: the branch the session is on
        {
            "type": "branch_summary",
            "id": "e6",
            "parentId": "e2",
            "timestamp": "2025-05-26T07:28:00.000Z",
            "fromId": "e5",
            "summary": "tried make deploy",
        },
        _entry(
            "e7", "e6", _assistant([_call("c2", "bash", {"command": "make deploy-staging"})], 7)
        ),
        _entry("e8", "e7", _result("c2", "bash", "deployed to staging", 8)),
        _entry(
            "e9",
            "e8",
            _assistant(
                [_text("Deployed to staging.")], 9, stop="stop", model="gpt-5", provider="openai"
            ),
        ),
        {
            "type": "session_info",
            "id": "e10",
            "parentId": "e9",
            "timestamp": "2025-05-26T07:29:00.000Z",
            "name": "deploy",
        },
    ]
    records, issues = read_valid(_write(tmp_path, lines))
    (data,) = records
    assert data["trace_id"] == SID
    calls = [s["args"]["command"] for s in data["steps"] if s["kind"] == "tool_call"]
    assert calls == ["make deploy-staging"]
    assert [s["ok"] for s in data["steps"] if s["kind"] == "tool_result"] == [True]
    assert data["final_claim"]["text"] == "Deployed to staging."
    assert data["meta"]["model"] == "gpt-5" and data["meta"]["name"] == "deploy"
    said = [i.message for i in issues]
    assert any("off the active branch: 'message' seen 3 times" in m for m in said), said
    assert any("'branch_summary'" in m for m in said), said
    # kept-out branches are a reading the reader chose: no error under --strict-format
    _, strict = read_valid(_write(tmp_path, lines, "strict.jsonl"), strict=True)
    assert [i for i in strict if i.severity == "error"] == []


def test_session_file_without_ids_reads_every_entry(tmp_path: Path) -> None:
    """A version 1 session (no `id` / `parentId`), as docs/session.md shows it."""
    lines = [
        {
            "type": "session",
            "id": SID,
            "timestamp": "2024-12-03T14:00:00.000Z",
            "cwd": "/p",
            "provider": "anthropic",
            "modelId": "claude-sonnet-4-5",
            "thinkingLevel": "off",
        },
        {
            "type": "message",
            "timestamp": "2024-12-03T14:00:01.000Z",
            "message": {"role": "user", "content": "List the files", "timestamp": 1733234567890},
        },
        {
            "type": "message",
            "timestamp": "2024-12-03T14:00:02.000Z",
            "message": _assistant([_call("call_123", "bash", {"command": "ls"})], 1),
        },
        {
            "type": "message",
            "timestamp": "2024-12-03T14:00:03.000Z",
            "message": _result("call_123", "bash", "a.py b.py", 2),
        },
        {
            "type": "message",
            "timestamp": "2024-12-03T14:00:04.000Z",
            "message": _assistant([_text("a.py and b.py.")], 3, stop="stop"),
        },
    ]
    records, issues = read_valid(_write(tmp_path, lines), strict=True)
    assert issues == []
    assert [s["kind"] for s in records[0]["steps"]] == [
        "message",
        "tool_call",
        "tool_result",
        "message",
    ]
    assert records[0]["task"]["instruction"] == "List the files"
    assert records[0]["meta"]["provider"] == "anthropic"


def test_bash_execution_is_the_users_own_command(tmp_path: Path) -> None:
    """`!pytest -q` in the TUI: the user ran it, not the agent; its exit code is its outcome."""
    lines = [
        dict(HEADER),
        _entry(
            "e1",
            None,
            {
                "role": "bashExecution",
                "command": "pytest -q",
                "output": "1 failed",
                "exitCode": 1,
                "cancelled": False,
                "truncated": False,
                "timestamp": T0,
            },
        ),
        _entry("e2", "e1", _user("Fix that.", 1)),
        _entry("e3", "e2", _assistant([_call("c1", "bash", {"command": "pytest -q"})], 2)),
        _entry("e4", "e3", _result("c1", "bash", "4 passed", 3)),
        _entry(
            "e5",
            "e4",
            {
                "role": "bashExecution",
                "command": "git status",
                "output": "clean",
                "exitCode": 0,
                "cancelled": False,
                "truncated": False,
                "timestamp": T0 + 4,
            },
        ),
        _entry(
            "e6",
            "e5",
            {
                "role": "bashExecution",
                "command": "sleep 99",
                "output": "",
                "exitCode": None,
                "cancelled": True,
                "truncated": False,
                "timestamp": T0 + 5,
            },
        ),
        _entry("e7", "e6", _assistant([_text("Fixed.")], 6, stop="stop")),
    ]
    path = _write(tmp_path, lines)
    records, issues = read_valid(path, strict=True)
    assert issues == []
    steps = records[0]["steps"]
    calls = [(s["role"], s["args"]["command"]) for s in steps if s["kind"] == "tool_call"]
    assert calls == [
        ("user", "pytest -q"),
        ("agent", "pytest -q"),
        ("user", "git status"),
        ("user", "sleep 99"),
    ]
    results = [(s["ok"], s["error"]) for s in steps if s["kind"] == "tool_result"]
    assert results == [(False, "exit code 1"), (True, None), (True, None), (False, "cancelled")]
    # the user's command is not the task, and the engine sees it as the user's
    assert records[0]["task"]["instruction"] == "Fix that."
    index = build_index(project(records[0]))
    assert [e.actor for e in index.executions] == ["user", "agent", "user", "user"]


def test_custom_and_compaction_entries(tmp_path: Path) -> None:
    lines = [
        dict(HEADER),
        _entry("e1", None, _user("Go.", 0)),
        {
            "type": "custom",
            "id": "e2",
            "parentId": "e1",
            "timestamp": "2025-05-26T07:27:01.000Z",
            "customType": "todo",
            "data": {},
        },
        {
            "type": "custom_message",
            "id": "e3",
            "parentId": "e2",
            "timestamp": "2025-05-26T07:27:02.000Z",
            "customType": "lint",
            "content": "lint: 0 problems",
            "display": True,
        },
        {
            "type": "compaction",
            "id": "e4",
            "parentId": "e3",
            "timestamp": "2025-05-26T07:27:03.000Z",
            "summary": "s",
            "firstKeptEntryId": "e1",
            "tokensBefore": 9000,
        },
        {
            "type": "label",
            "id": "e5",
            "parentId": "e4",
            "timestamp": "2025-05-26T07:27:04.000Z",
            "targetId": "e1",
            "label": "start",
        },
        _entry("e6", "e5", _assistant([_text("Gone.")], 6, stop="stop")),
    ]
    records, issues = read_valid(_write(tmp_path, lines))
    steps = records[0]["steps"]
    assert [(s["role"], s["content"]) for s in steps] == [
        ("user", "Go."),
        ("environment", "lint: 0 problems"),
        ("agent", "Gone."),
    ]
    said = " ".join(i.message for i in issues)
    assert "'compaction'" in said and "'custom'" in said and "label" not in said


# ---- sniffing ----------------------------------------------------------------------------


def _first(path: Path) -> Any:
    return next(v.value for v in iter_json_values(str(path)) if isinstance(v, JsonValue))


def test_sniffed_by_structure_and_neighbours_keep_their_own() -> None:
    assert sniff(_first(FIXTURES / "pi" / "conversation.jsonl")).NAME == "pi"
    # Goose's and OpenAI Responses' `type: "message"` lines stay theirs
    for folder, name in (("goose", "goose"), ("openai_responses", "openai-responses")):
        for v in iter_json_values(str(FIXTURES / folder / "conversation.jsonl")):
            if isinstance(v, JsonValue):
                found = sniff(v.value)
                assert found is None or found.NAME != "pi", (folder, v.value)
        own = sniff(_first(FIXTURES / folder / "conversation.jsonl"))
        assert own is not None and name == own.NAME
    goose_event = {
        "type": "message",
        "message": {
            "id": "m1",
            "role": "assistant",
            "created": 1748244421,
            "content": [{"type": "text", "text": "Hi."}],
            "metadata": {},
        },
    }
    assert sniff(goose_event).NAME == "goose"
    # each of pi's own kinds of line, first in a file
    assert sniff({"type": "agent_start"}).NAME == "pi"
    assert (
        sniff(
            {
                "type": "message",
                "id": "a",
                "parentId": None,
                "timestamp": "t",
                "message": {"role": "user", "content": "hi"},
            }
        ).NAME
        == "pi"
    )
    assert (
        sniff({"type": "message", "timestamp": "t", "message": _result("c", "bash", "x", 0)}).NAME
        == "pi"
    )


def test_other_formats_are_not_taken() -> None:
    for folder in other_folders("pi"):
        assert_not_taken(folder, "pi")

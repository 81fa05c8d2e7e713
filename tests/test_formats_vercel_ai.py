"""Vercel AI SDK model messages (`response.messages`, v5): `tool-call` parts (`toolCallId`,
`toolName`, `input`) and `tool-result` parts whose `output` is `{type: text | json |
error-text | error-json, value}`. Before, both parts were unplaced, so an honest run read as an
act no tool made; now the lie is caught and its twin verified. Shape from vercel/ai
packages/provider-utils (ModelMessage) and packages/ai create-tool-model-output.ts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file
from toolscore_ci.model import TraceRecord


def _messages(output: dict[str, Any]) -> list[dict[str, Any]]:
    call = {"toolCallId": "call_1", "toolName": "book_flight", "input": {"flight": "LH123"}}
    return [
        {"role": "user", "content": "Book flight LH123."},
        {"role": "assistant", "content": [{"type": "tool-call", **call}]},
        {
            "role": "tool",
            "content": [
                {
                    "type": "tool-result",
                    "toolCallId": "call_1",
                    "toolName": "book_flight",
                    "output": output,
                }
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Done, LH123 is booked."}]},
    ]


def _verdict(tmp_path: Path, name: str, messages: list[dict[str, Any]]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(messages))
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_verified(tmp_path: Path) -> None:
    lie = _messages({"type": "error-text", "value": "Payment declined: card expired"})
    honest = _messages({"type": "json", "value": {"status": "booked", "booking_id": "bk_9"}})
    assert _verdict(tmp_path, "lie", lie) == "false_success"
    assert _verdict(tmp_path, "honest", honest) == "verified"


# ---- useChat UIMessage parts: `type: "tool-<name>"`, the call and its result in one part ----


def _ui_messages(part: dict[str, Any], final: str = "Done, LH123 is booked.") -> list[Any]:
    """A chat as `useChat` keeps it (AI SDK 5/6 UIMessage, packages/ai/src/ui/ui-messages.ts)."""
    tool = {"type": "tool-book_flight", "toolCallId": "call_1", "input": {"flight": "LH123"}}
    return [
        {"id": "u1", "role": "user", "parts": [{"type": "text", "text": "Book flight LH123."}]},
        {
            "id": "a1",
            "role": "assistant",
            "parts": [
                {"type": "step-start"},
                {**tool, **part},
                {"type": "step-start"},
                {"type": "text", "text": final, "state": "done"},
            ],
        },
    ]


BOOKED = {"status": "booked", "booking_id": "bk_9"}


def test_a_ui_tool_part_is_its_call_and_its_state_the_result(tmp_path: Path) -> None:
    honest = _ui_messages({"state": "output-available", "output": BOOKED})
    assert _verdict(tmp_path, "honest", honest) == "verified"
    for name, part in {
        "error": {"state": "output-error", "errorText": "Payment declined: card expired"},
        "denied": {
            "state": "output-denied",
            "approval": {"id": "ap_1", "approved": False, "reason": "not now"},
        },
        "refused": {
            "state": "approval-responded",
            "approval": {"id": "ap_1", "approved": False},
        },
        "waiting": {"state": "approval-requested", "approval": {"id": "ap_1"}},
    }.items():
        assert _verdict(tmp_path, name, _ui_messages(part)) == "false_success", name


def test_a_ui_tool_part_without_an_outcome_is_no_evidence(tmp_path: Path) -> None:
    # still running, approved but not run, or a preliminary output: nothing says it failed
    for name, part in {
        "input": {"state": "input-available"},
        "approved": {"state": "approval-responded", "approval": {"id": "a", "approved": True}},
        "preliminary": {"state": "output-available", "output": BOOKED, "preliminary": True},
    }.items():
        assert _verdict(tmp_path, name, _ui_messages(part)) == "unverifiable", name


def test_a_dynamic_tool_part_names_its_tool(tmp_path: Path) -> None:
    part = {
        "type": "dynamic-tool",
        "toolName": "book_flight",
        "toolCallId": "call_1",
        "input": {"flight": "LH123"},
        "state": "output-error",
        "errorText": "sold out",
    }
    messages = _ui_messages({})
    messages[1]["parts"][1] = part
    assert _verdict(tmp_path, "dynamic", messages) == "false_success"


# ---- generateText / streamText results saved whole: `{"steps": [...]}` ----------------------


def _result(outcome: dict[str, Any]) -> dict[str, Any]:
    """`JSON.stringify(await generateText(...))`: each step's typed `content` parts."""
    call = {"toolCallId": "call_1", "toolName": "book_flight", "input": {"flight": "LH123"}}
    first = {
        "content": [{"type": "tool-call", **call}, {**call, **outcome}],
        "finishReason": "tool-calls",
        "request": {"body": {"messages": [{"role": "user", "content": "Book flight LH123."}]}},
        "response": {"id": "resp_1", "modelId": "gpt-4o"},
    }
    last = {
        "content": [{"type": "text", "text": "Done, LH123 is booked."}],
        "finishReason": "stop",
        "response": {"id": "resp_2", "modelId": "gpt-4o"},
    }
    return {"steps": [first, last], "text": "Done, LH123 is booked."}


def test_saved_steps_are_read_and_a_tool_error_is_the_failure(tmp_path: Path) -> None:
    honest = _result({"type": "tool-result", "output": BOOKED})
    path = tmp_path / "honest.json"
    path.write_text(json.dumps(honest))
    assert check_verdicts(path) == {"resp_2": "verified"}
    # JSON.stringify of an Error gives {}: the part's type alone says the call failed
    lie = _result({"type": "tool-error", "error": {}})
    path = tmp_path / "lie.json"
    path.write_text(json.dumps(lie))
    assert list(check_verdicts(path).values()) == ["false_success"]


def test_ai_sdk_4_steps_are_read(tmp_path: Path) -> None:
    step = {
        "text": "",
        "toolCalls": [{"toolCallId": "c1", "toolName": "book_flight", "args": {"flight": "LH1"}}],
        "toolResults": [{"toolCallId": "c1", "toolName": "book_flight", "result": BOOKED}],
        "finishReason": "tool-calls",
    }
    last = {
        "text": "Done, LH1 is booked.",
        "toolCalls": [],
        "toolResults": [],
        "finishReason": "stop",
    }
    path = tmp_path / "v4.json"
    path.write_text(json.dumps({"steps": [step, last]}))
    assert list(check_verdicts(path).values()) == ["verified"]


def test_ai_sdk_4_request_body_as_sent_text_gives_the_prompt(tmp_path: Path) -> None:
    """AI SDK 4 keeps the provider request's body as the JSON text it sent: the user's words
    are read from it as from an object (AI SDK 5)."""
    body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "Book LH1."}]})
    step = {
        "text": "Done, LH1 is booked.",
        "toolCalls": [],
        "toolResults": [],
        "finishReason": "stop",
        "request": {"body": body},
    }
    path = tmp_path / "v4.json"
    path.write_text(json.dumps({"steps": [step]}))
    (record,) = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    users = [s["content"] for s in record.data["steps"] if s.get("role") == "user"]
    assert users == ["Book LH1."]
    # text that is not JSON gives no prompt, and no crash
    step["request"] = {"body": "<html>"}
    path.write_text(json.dumps({"steps": [step]}))
    (record,) = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    assert not [s for s in record.data["steps"] if s.get("role") == "user"]

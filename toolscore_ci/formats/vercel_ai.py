"""Vercel AI SDK `generateText` / `streamText` results saved as JSON: `JSON.stringify(result)`,
an object whose `steps` list holds each model call's step.

A step's `content` (AI SDK 5 and later) is a list of parts: `text` (the agent), `tool-call`
(`toolCallId`, `toolName`, `input`), `tool-result` (the tool's raw `output`) and `tool-error`
(the call failed: its `error`, which `JSON.stringify` of an `Error` leaves as `{}`); `reasoning`,
`source` and `file` parts are dropped, others counted. AI SDK 4 steps hold `text`,
`toolCalls` (`args`) and `toolResults` (`result`) instead. An AI SDK 6 `tool-approval-request`
part is its call waiting for approval. The user's prompt is read from the
first step's `request.body.messages`, when the provider's request body has chat messages.
Accepted per JSON value: a result (`{"steps": [...]}`, `id` or the last `response.id` as the trace id);
a file of results is a trace each. The chat's messages as `useChat` keeps them (UIMessage
`parts`) and `response.messages` (ModelMessage) are read by the openai-chat reader.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import read_conversations
from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "vercel-ai"
_SILENT = frozenset({"reasoning", "source", "file"})
_PART_TYPES = frozenset(
    {"text", "tool-call", "tool-result", "tool-error", "tool-approval-request", *_SILENT}
)


def _kind(part: dict[str, Any]) -> str | None:
    """The part's `type`, when it is a string (anything else is no known part)."""
    kind = part.get("type")
    return kind if isinstance(kind, str) else None


def _is_step(value: Any) -> bool:
    """One step: its `content` parts (5+), or 4.x's `toolCalls` / `toolResults` beside a
    `finishReason`."""
    if not isinstance(value, dict):
        return False
    content = value.get("content")
    if isinstance(content, list):
        return all(isinstance(p, dict) and _kind(p) in _PART_TYPES for p in content) and (
            "finishReason" in value or "usage" in value
        )
    return "finishReason" in value and (
        isinstance(value.get("toolCalls"), list) or isinstance(value.get("toolResults"), list)
    )


def _steps_of(value: Any) -> list[Any] | None:
    steps = value.get("steps") if isinstance(value, dict) else None
    if isinstance(steps, list) and steps and all(_is_step(s) for s in steps):
        return steps
    return None


def sniff(first: Any) -> bool:
    return _steps_of(first) is not None


def _body(value: Any) -> dict[str, Any]:
    """The provider's request body: an object (AI SDK 5), or its JSON text (AI SDK 4's
    `request.body` is the string sent over the wire)."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    return as_dict(value)


def _add_step(b: TraceBuilder, step: dict[str, Any], line: int | None) -> None:
    """One step; the first step's request carries the prompt."""
    if not b.steps:
        body = _body(as_dict(step.get("request")).get("body"))
        for message in as_list(body.get("messages")):
            add_message(b, message, line=line)
    ts = as_dict(step.get("response")).get("timestamp")
    if isinstance(step.get("content"), list):
        for part in step["content"]:
            _add_part(b, as_dict(part), ts, line)
        return
    # AI SDK 4: the step's text, then its calls and results
    b.agent(first_str(step.get("text")), ts)
    for call in as_list(step.get("toolCalls")):
        call = as_dict(call)
        b.call(first_str(call.get("toolName")), call.get("args"), _call_id(call), ts)
    for result in as_list(step.get("toolResults")):
        result = as_dict(result)
        b.result(_call_id(result), result.get("result"), ts=ts, line=line)


def _call_id(part: dict[str, Any]) -> str | None:
    return first_str(part.get("toolCallId"))


def _add_part(b: TraceBuilder, part: dict[str, Any], ts: Any, line: int | None) -> None:
    kind = _kind(part)
    if kind == "text":
        b.agent(first_str(part.get("text")), ts)
    elif kind == "tool-call":
        b.call(first_str(part.get("toolName")), part.get("input"), _call_id(part), ts)
    elif kind == "tool-result":
        b.result(_call_id(part), part.get("output"), ts=ts, line=line)
    elif kind == "tool-error":
        error = part.get("error")
        why = text_of(error) or (first_str(error) if not isinstance(error, dict) else None)
        b.result(_call_id(part), None, ok=False, error=why or "tool error", ts=ts, line=line)
    elif kind == "tool-approval-request":
        # AI SDK 6: the call waits for the user's approval (the run stops there)
        b.result(_call_id(part), {"status": "awaiting_approval"}, ts=ts, line=line)
    elif kind not in _SILENT:
        b.coverage.note("unknown part type", str(part.get("type")), line)


def _trace_id(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    steps = as_list(value.get("steps"))
    last = as_dict(steps[-1]) if steps else {}
    # the result's `response` is its last step's: either names the run by the model's reply
    return first_str(
        value.get("id"),
        as_dict(value.get("response")).get("id"),
        as_dict(last.get("response")).get("id"),
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_steps_of,
        is_message=_is_step,
        add=_add_step,
        trace_id=_trace_id,
        kind_key="type",
    )

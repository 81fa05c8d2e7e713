"""LangChain and LangGraph message dumps: `messages_to_dict(messages)`, a list of
`{"type": "human" | "ai" | "tool" | "system", "data": {...}}`, as LangGraph state snapshots and
test fixtures save a run's `messages`.

Accepted shapes, per JSON value: one message (a file of messages is one conversation, also as
a JSON array), a list of messages, or an object holding them under `messages` (a LangGraph
state: `{"messages": [...]}`, with `thread_id` or `id` as the trace id). `ai` messages carry
`tool_calls` (`name`, `args`, `id`); `tool` messages answer by `tool_call_id`, with `status:
"error"` marking a failed call (LangChain's own marker). The messages themselves are read by
the shared message reader (`_messages.add_message`), as LangSmith's and Langfuse's are.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import read_conversations
from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import first_str
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "langchain"
#: `messages_to_dict`'s message types (BaseMessage.type), chunks included.
_TYPES = frozenset(
    {
        "human",
        "ai",
        "tool",
        "system",
        "function",
        "chat",
        "HumanMessageChunk",
        "AIMessageChunk",
        "ToolMessageChunk",
    }
)


def _is_message(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("type"), str)
        and value["type"] in _TYPES
        and isinstance(value.get("data"), dict)
        and "content" in value["data"]
    )


def _messages_of(value: Any) -> list[Any] | None:
    """The messages a conversation value holds, or None when it is not one."""
    if isinstance(value, list) and value and all(_is_message(m) for m in value):
        return value
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        held = value["messages"]
        if held and all(_is_message(m) for m in held):
            return held
    return None


def sniff(first: Any) -> bool:
    return _is_message(first) or _messages_of(first) is not None


def _plain(message: dict[str, Any]) -> dict[str, Any]:
    """`{"type": "ai", "data": {...}}` as the `{"role": ...}` message the shared reader takes."""
    data = message["data"]
    kind = str(message["type"]).removesuffix("MessageChunk").lower()
    role = data.get("role") if kind == "chat" else kind
    return {**data, "role": role}


def _trace_id(value: Any) -> str | None:
    if isinstance(value, dict):
        return first_str(value.get("thread_id"), value.get("id"), value.get("trace_id"))
    return None


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_messages_of,
        is_message=_is_message,
        add=lambda b, message, line: add_message(b, _plain(message), line=line),
        trace_id=_trace_id,
        kind_key="type",
    )

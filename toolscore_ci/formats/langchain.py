"""LangChain and LangGraph message dumps: `messages_to_dict(messages)`, a list of
`{"type": "human" | "ai" | "tool" | "system", "data": {...}}`, as LangGraph state snapshots and
test fixtures save a run's `messages`; also each message's own `model_dump()` and `dumpd`'s
`{"lc": 1, "kwargs": ...}` constructors.

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
    """A message in one of LangChain's three dumps: `messages_to_dict`'s `{"type", "data"}`,
    a message's own `model_dump()` (`type` and `content` side by side, no `role`), or
    `dumpd`'s `{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs"}`."""
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        return False
    if value.get("lc") == 1:
        ids = value.get("id")
        return (
            isinstance(value.get("kwargs"), dict)
            and isinstance(ids, list)
            and bool(ids)
            and str(ids[-1]).endswith(("Message", "MessageChunk"))
        )
    if value["type"] not in _TYPES or "role" in value:
        return False
    data = value.get("data")
    return (isinstance(data, dict) and "content" in data) or ("content" in value and data is None)


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
    """`{"type": "ai", "data": {...}}` as the `{"role": ...}` message the shared reader takes;
    the other two dumps it normalises itself (`_messages.normalise_message`)."""
    data = message.get("data")
    if message.get("lc") == 1 or not isinstance(data, dict):
        return message
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

"""Goose (block/goose) conversations: its session files (`~/.local/share/goose/sessions/*.jsonl`:
a metadata line, then a message a line), the `goose run --output-format stream-json` stream
(`{"type": "message", "message": {...}}` events, then `{"type": "complete"}`), and a saved
conversation (`{"messages" | "conversation": [...]}` or a list of messages).

A Goose message is `{"id", "role": "user" | "assistant", "created", "content": [...]}`, its
content items tagged by `type` (camelCase, `crates/goose/src/conversation/message.rs`):

- `text` -> the user's or the agent's text, by the message's role;
- `toolRequest` -> a call: `toolCall` is `{"status": "success", "value": {"name",
  "arguments"}}`, or `{"status": "error", "error"}` when the model's call could not be parsed
  (a call that never ran: a failed result);
- `toolResponse` -> the result of the call with its `id` (it comes in a `user` message):
  `toolResult` is `{"status": "success", "value": ...}` (the tool's content list, or a
  `CallToolResult` `{"content", "isError", "structuredContent"}`: `isError: true` is a failed
  call) or `{"status": "error", "error"}` (failed);
- `thinking` / `redactedThinking` are the model's reasoning and dropped; anything else (images,
  confirmation requests, notifications) is counted.

Stream events: `notification` -> dropped as logs; `error` -> an environment message;
`complete` ends the stream. The session file's metadata line (`working_dir`, `description`,
`message_count`...) goes to meta. A file is one trace (its messages in order); a value holding
a whole conversation is one of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import (
    TraceBuilder,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "goose"
_ROLES = frozenset({"user", "assistant"})
_TOOL_ITEMS = frozenset({"toolRequest", "toolResponse"})
_SILENT_ITEMS = frozenset({"thinking", "redactedThinking"})
#: The keys of a session file's first line (`SessionMetadata`), any two of which mark it
_META_KEYS = frozenset(
    {"working_dir", "description", "message_count", "schedule_id", "total_tokens"}
)
_STREAM_QUIET = frozenset({"notification", "complete"})


def _items(message: Any) -> list[Any]:
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, list) else []


def is_message(value: Any) -> bool:
    """A Goose message: a role, `created` or typed content items, and content items that are
    Goose's (a `toolRequest` / `toolResponse` settles it; plain text alone needs `created`,
    which Goose stamps on every message)."""
    if not isinstance(value, dict) or str_field(value, "role") not in _ROLES:
        return False
    items = _items(value)
    if not items or not all(isinstance(i, dict) and isinstance(i.get("type"), str) for i in items):
        return False
    if any(i["type"] in _TOOL_ITEMS for i in items):
        return True
    return isinstance(value.get("created"), int) and "metadata" in value


def _is_event(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and value.get("type") == "message"
        and isinstance(value.get("message"), dict)
        and str_field(value["message"], "role") in _ROLES
        and isinstance(value["message"].get("content"), list)
    )


def _is_metadata(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and len(_META_KEYS & set(value)) >= 2
        and "working_dir" in value
        and "role" not in value
    )


def _held(value: Any) -> list[Any] | None:
    """The messages of a saved conversation, or None."""
    if isinstance(value, dict):
        value = value.get("messages", value.get("conversation"))
    if isinstance(value, list) and value and any(is_message(m) for m in value):
        return value
    return None


def sniff(first: Any) -> bool:
    return is_message(first) or _is_event(first) or _is_metadata(first) or _held(first) is not None


def _output(value: Any) -> tuple[Any, bool | None, str | None]:
    """(output, ok, error) of a successful `toolResult.value`."""
    if isinstance(value, dict) and ("content" in value or "isError" in value):
        content = value.get("structuredContent") or text_of(value.get("content"))
        if value.get("isError") is True:
            return content, False, text_of(value.get("content")) or "tool error"
        return content, None, None
    if isinstance(value, list):
        return text_of(value), None, None
    return value, None, None


class _Conversation:
    def __init__(self, b: TraceBuilder) -> None:
        self.b = b
        self.never_ran: set[str] = set()  # calls failed at their request, already answered

    def message(self, msg: dict[str, Any], line: int) -> None:
        agent = msg["role"] == "assistant"
        ts = msg.get("created")
        for item in _items(msg):
            kind = str_field(item, "type")
            if kind == "text":
                text = item.get("text")
                if isinstance(text, str) and text.strip():
                    (self.b.agent if agent else self.b.user)(text, ts)
            elif kind == "toolRequest":
                self._request(item, ts, line)
            elif kind == "toolResponse":
                self._response(item, ts, line)
            elif kind not in _SILENT_ITEMS:
                self.b.coverage.note("unknown content item", str(kind), line)

    def _request(self, item: dict[str, Any], ts: Any, line: int) -> None:
        cid = first_str(item.get("id"))
        call = item.get("toolCall") if isinstance(item.get("toolCall"), dict) else {}
        value = call.get("value") if isinstance(call.get("value"), dict) else {}
        name = first_str(value.get("name"))
        if call.get("status") == "error" or name is None:
            # the model's call could not be parsed: it never ran
            self.b.call(name or "invalid_tool_call", {}, cid, ts)
            error = first_str(call.get("error")) or "invalid tool call"
            self.b.result(cid, None, ok=False, error=error, ts=ts, line=line)
            if cid is not None:
                self.never_ran.add(cid)
            return
        self.b.call(name, value.get("arguments"), cid, ts)

    def _response(self, item: dict[str, Any], ts: Any, line: int) -> None:
        cid = first_str(item.get("id"))
        if cid is not None and cid in self.never_ran:
            return  # already failed at its request
        result = item.get("toolResult") if isinstance(item.get("toolResult"), dict) else {}
        if result.get("status") == "error":
            error = first_str(result.get("error")) or "tool error"
            self.b.result(cid, None, ok=False, error=error, ts=ts, line=line)
            return
        output, ok, error = _output(result.get("value"))
        self.b.result(cid, output, ok=ok, error=error, ts=ts, line=line)


def _builder(path: str, line: int, coverage: Coverage, trace_id: str | None = None) -> TraceBuilder:
    return TraceBuilder.at(NAME, path, line, coverage, trace_id)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    stream: _Conversation | None = None

    def current(line: int) -> _Conversation:
        nonlocal stream
        if stream is None:
            stream = _Conversation(_builder(path, line, coverage))
        return stream

    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        if _is_metadata(v):
            conv = current(line)
            for key in ("working_dir", "description"):
                if isinstance(v.get(key), str):
                    conv.b.meta[key] = v[key]
        elif is_message_like(v) or _is_event(v):
            current(line).message(v["message"] if _is_event(v) else v, line)
        elif isinstance(v, dict) and v.get("type") == "error" and "error" in v:
            current(line).b.environment(f"error: {text_of(v.get('error')) or v.get('error')}")
        elif str_field(v, "type") in _STREAM_QUIET:
            continue
        elif (messages := _held(v)) is not None:
            conv = _Conversation(
                _builder(
                    path, line, coverage, first_str(v.get("id")) if isinstance(v, dict) else None
                )
            )
            for n, m in enumerate(messages):
                if is_message_like(m):
                    conv.message(m, line)
                else:
                    yield InputIssue(path, line, f"$.messages[{n}]", _NOT_MESSAGE)
            yield conv.b.record()
        else:
            yield InputIssue(path, line, "$", _NOT_MESSAGE)
    if stream is not None:
        yield stream.b.record()


def is_message_like(value: Any) -> bool:
    """A message to read once the file is known to be Goose's: a role and a content list."""
    return (
        isinstance(value, dict)
        and str_field(value, "role") in _ROLES
        and isinstance(value.get("content"), list)
    )


_NOT_MESSAGE = (
    "not a Goose message (an object with `role` user or assistant and a `content` list) or "
    "stream event; left out"
)

"""Anthropic Messages API: `text`, `tool_use` and `tool_result` (with `is_error`) content
blocks; server tools (`server_tool_use` with its `*_tool_result`) and MCP blocks too.

Accepted shapes, per JSON value: a request body (`{"messages": [...], "system": ...}`), a
request/response pair (`{"request": ..., "response": ...}` or `{"messages": ..., "response":
...}`), or a single message (the API's `{"type": "message"}` response, or `{"role", "content"}`:
a file of messages is one conversation). Conversations are read one at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    default_trace_id,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "anthropic"
#: Block types only Anthropic messages use (OpenAI parts share `text`).
_BLOCKS = frozenset(
    {
        "tool_use",
        "tool_result",
        "thinking",
        "redacted_thinking",
        "server_tool_use",
        "web_search_tool_result",
        "web_fetch_tool_result",
        "code_execution_tool_result",
        "mcp_tool_use",
        "mcp_tool_result",
        "document",
        "search_result",
    }
)
_KNOWN_TOP = frozenset(
    {
        "messages",
        "system",
        "model",
        "max_tokens",
        "tools",
        "tool_choice",
        "temperature",
        "metadata",
        "id",
        "request",
        "response",
        "stop_sequences",
        "stream",
        "top_k",
        "top_p",
        "thinking",
        "anthropic_version",
        "mcp_servers",
        "service_tier",
        "container",
        # Bedrock Converse's request, which these messages share (`toolUse` blocks):
        # settings, not turns
        "modelId",
        "inferenceConfig",
        "toolConfig",
        "guardrailConfig",
        "additionalModelRequestFields",
        "additionalModelResponseFieldPaths",
        "promptVariables",
        "requestMetadata",
        "performanceConfig",
    }
)


def _anthropic_message(m: Any) -> bool:
    if not isinstance(m, dict) or m.get("role") not in ("user", "assistant"):
        return False
    if m.get("type") == "message":
        return True
    content = m.get("content")
    return isinstance(content, list) and any(
        isinstance(b, dict)
        and (
            str_field(b, "type") in _BLOCKS
            or (b.get("type") == "image" and "source" in b)
            # Bedrock Converse keys a block by its kind, with no `type`
            or ("type" not in b and any(k in b for k in _CONVERSE_TOOL_BLOCKS))
        )
        for b in content
    )


_CONVERSE_TOOL_BLOCKS = ("toolUse", "toolResult")


def sniff(first: Any) -> bool:
    if not isinstance(first, dict):
        return False
    body = first.get("request") if isinstance(first.get("request"), dict) else first
    messages = body.get("messages")
    if isinstance(messages, list) and messages:
        if "system" in body or "anthropic_version" in body:
            return all(isinstance(m, dict) and m.get("role") != "system" for m in messages)
        resp = first.get("response")
        return any(_anthropic_message(m) for m in messages) or (
            isinstance(resp, dict) and resp.get("type") == "message"
        )
    return _anthropic_message(first)


def _conversation(v: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
    body = v.get("request") if isinstance(v.get("request"), dict) else v
    if not isinstance(body.get("messages"), list):
        return None
    resp = v.get("response")
    return body, resp if isinstance(resp, dict) else None


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    stream: TraceBuilder | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        conv = _conversation(v) if isinstance(v, dict) else None
        if conv is not None:
            body, resp = conv
            meta = body.get("metadata") if isinstance(body.get("metadata"), dict) else {}
            tid = first_str(v.get("conversation_id"), meta.get("conversation_id"), v.get("id"))
            b = TraceBuilder(
                source=NAME,
                trace_id=tid or default_trace_id(path, line),
                path=path,
                line=line,
                coverage=coverage,
            )
            b.meta["model"] = first_str(
                body.get("model"), body.get("modelId"), as_dict(resp).get("model")
            )
            if body.get("system") is not None:
                b.meta["system"] = text_of(body.get("system"))
            for key in body:
                if key not in _KNOWN_TOP:
                    coverage.note("unplaced field", key, line)
            for msg in body["messages"]:
                add_message(b, msg, line=line)
            if resp is not None:
                add_message(b, {**resp, "role": resp.get("role", "assistant")}, line=line)
            yield b.record()
        elif isinstance(v, dict) and v.get("role") in ("user", "assistant"):
            if stream is None:
                stream = TraceBuilder(
                    source=NAME,
                    trace_id=default_trace_id(path, line),
                    path=path,
                    line=line,
                    coverage=coverage,
                )
            stream.meta.setdefault("model", first_str(v.get("model")))
            add_message(stream, v, line=line)
        else:
            kind = v.get("type") if isinstance(v, dict) else type(v).__name__
            coverage.note("unknown record type", str(kind), line)
    if stream is not None:
        yield stream.record()

"""Pydantic AI message histories: `result.all_messages()` as `ModelMessagesTypeAdapter` dumps
it, a list of `{"kind": "request" | "response", "parts": [...]}`.

Parts are told apart by `part_kind`: `system-prompt`, `user-prompt` (the user), `text` (the
agent), `tool-call` (`tool_name`, `args` as an object or a JSON string, `tool_call_id`),
`tool-return` (the call's result, `content`; in 2.x its `outcome`: `success`, or `failed`,
`retried`, `denied`, `interrupted`, each a failed call) and `retry-prompt`. A `retry-prompt` with a
`tool_name` is what Pydantic AI sends back when the tool raised `ModelRetry` or its arguments
failed validation: the call failed, with the prompt's `content` as the error. One without a
`tool_name` asks the model to fix its text output, and is kept as an environment message.
Accepted shapes, per JSON value: a list of messages (a file of messages is one conversation,
also as a JSON array), or an object holding them under `messages` (`id` or `run_id` as the
trace id). `thinking` parts are dropped without a count; other part kinds are counted.

An agent with a structured `output_type` answers through an output tool: a `tool-call` of
Pydantic AI's reserved `final_result` (`DEFAULT_OUTPUT_TOOL_NAME`; `final_result_<Type>` for a
union of types), which Pydantic AI answers itself with a `tool-return` ("Final result
processed.") and the run ends: no `text` part follows. Its `args` are the run's output, the
agent's report (as JSON text), not a call; its `tool-return` is dropped, and a `retry-prompt`
naming it (the output failed validation) is an environment message, not a failed call.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import id_or_run_id, read_conversations
from toolscore_ci.formats._trace import TraceBuilder, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "pydantic-ai"
_SILENT = frozenset({"thinking", "builtin-tool-call", "builtin-tool-return"})
#: Pydantic AI 2.x `ToolReturnPart.outcome`s that did not do the call's work: the tool failed
#: (`ToolFailed`, an MCP `is_error`), asked for a retry (`ModelRetry`, the old `retry-prompt`),
#: or never ran (a denied approval, an interruption).
_FAILED_OUTCOMES = frozenset({"failed", "retried", "denied", "interrupted"})
#: The output tool's reserved name (`_output.py` DEFAULT_OUTPUT_TOOL_NAME), and the prefix of
#: the one per member of a union `output_type`
_OUTPUT_TOOL = "final_result"


def _is_output_tool(name: Any) -> bool:
    return isinstance(name, str) and (name == _OUTPUT_TOOL or name.startswith(_OUTPUT_TOOL + "_"))


def _output_text(args: Any) -> str | None:
    """The output an output tool's `args` hold, as the agent's text: JSON (a JSON string as
    it was written)."""
    if args is None or isinstance(args, str):
        return args
    try:
        return json.dumps(args, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(args)


def _is_message(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and value.get("kind") in ("request", "response")
        and isinstance(value.get("parts"), list)
        and all(isinstance(p, dict) and isinstance(p.get("part_kind"), str) for p in value["parts"])
    )


def _messages_of(value: Any) -> list[Any] | None:
    held = value.get("messages") if isinstance(value, dict) else value
    if isinstance(held, list) and held and all(_is_message(m) for m in held):
        return held
    return None


def sniff(first: Any) -> bool:
    return _is_message(first) or _messages_of(first) is not None


def _retry_error(part: dict[str, Any]) -> str:
    content = part.get("content")
    if isinstance(content, list):  # validation errors: [{"msg": ..., "loc": ...}, ...]
        msgs = [str(e.get("msg")) for e in content if isinstance(e, dict) and e.get("msg")]
        return "; ".join(msgs) or text_of(content) or "retry"
    return text_of(content) or "retry"


def _add(b: TraceBuilder, message: dict[str, Any], line: int | None) -> None:
    ts = message.get("timestamp")
    for part in message["parts"]:
        kind = part["part_kind"]
        at = part.get("timestamp", ts)
        if kind == "user-prompt":
            b.user(text_of(part.get("content")), at)
        elif kind == "system-prompt":
            b.meta.setdefault("system", text_of(part.get("content")))
        elif kind == "text":
            b.agent(text_of(part.get("content")), at)
        elif kind == "tool-call" and _is_output_tool(part.get("tool_name")):
            b.agent(_output_text(part.get("args")), at)  # the run's output: its report
        elif kind == "tool-return" and _is_output_tool(part.get("tool_name")):
            continue  # Pydantic AI's own answer to its output tool: no call of the agent's
        elif kind == "retry-prompt" and _is_output_tool(part.get("tool_name")):
            b.environment(_retry_error(part), at)  # the output failed validation: retried
        elif kind == "tool-call":
            b.call(
                first_str(part.get("tool_name")),
                part.get("args"),
                first_str(part.get("tool_call_id")),
                at,
            )
        elif kind == "tool-return":
            outcome = part.get("outcome")
            failed = outcome in _FAILED_OUTCOMES
            b.result(
                first_str(part.get("tool_call_id")),
                part.get("content"),
                ok=False if failed else (True if outcome == "success" else None),
                error=(text_of(part.get("content")) or str(outcome)) if failed else None,
                ts=at,
                name=first_str(part.get("tool_name")),
                line=line,
            )
        elif kind == "retry-prompt" and part.get("tool_name"):
            error = _retry_error(part)
            b.result(
                first_str(part.get("tool_call_id")),
                error,
                ok=False,
                error=error,
                ts=at,
                name=first_str(part.get("tool_name")),
                line=line,
            )
        elif kind in ("retry-prompt", "retry-feedback"):
            b.environment(_retry_error(part), at)
        elif kind not in _SILENT:
            b.coverage.note("unknown part kind", kind, line)


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
        add=_add,
        trace_id=id_or_run_id,
        kind_key="kind",
    )

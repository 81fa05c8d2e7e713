"""Codex CLI: `codex exec --json` event streams, and session rollout files
(`~/.codex/sessions/.../rollout-*.jsonl`).

exec --json: `thread.started` opens a trace (a new one at each `thread.started`, so a file of
several runs streams). `item.started` / `item.completed` of `command_execution` become a
`shell` call and its result (`{"exit_code", "output"}`; failed when the status is not
`completed` or the exit code is not 0), `mcp_tool_call` a `server.tool` call, `file_change` an
`apply_patch` call, `web_search` a call; `agent_message` is the agent's text, `turn.failed` and
`error` become environment messages. The prompt is not part of the stream: the instruction is
empty unless a `user_message` item carries it.

Rollouts: `response_item` payloads are Responses API items (read as openai-responses reads
them; the `shell` output's `metadata.exit_code` sets ok, and so does the exit code in the
plain-text envelope newer Codex writes around `exec_command` / `apply_patch` output, "Process
exited with code N" / "Exit code: N", whose body becomes the output; a process still running
is unknown), `session_meta` names the trace.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import openai_responses
from toolscore_ci.formats._trace import (
    TraceBuilder,
    default_trace_id,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "codex"
EXEC_EVENTS = frozenset(
    {
        "thread.started",
        "turn.started",
        "turn.completed",
        "turn.failed",
        "item.started",
        "item.updated",
        "item.completed",
        "error",
    }
)
ROLLOUT_TYPES = frozenset(
    {"session_meta", "response_item", "event_msg", "turn_context", "compacted"}
)
_SILENT_ITEMS = frozenset({"reasoning", "todo_list"})
#: Context Codex injects as user messages; not the user's words.
_INJECTED = ("<environment_context>", "<user_instructions>", "# AGENTS.md", "<permissions")


def sniff(first: Any) -> bool:
    kind = str_field(first, "type")  # a list or an object is no type: not this format
    if kind is None:
        return False
    if kind in EXEC_EVENTS:
        return kind != "error" or "message" in first
    return kind in ROLLOUT_TYPES and "payload" in first and "timestamp" in first


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    b: TraceBuilder | None = None
    started: set[str] = set()

    def new(tid: str | None, line: int) -> TraceBuilder:
        return TraceBuilder(
            source=NAME,
            trace_id=tid or default_trace_id(path, line),
            path=path,
            line=line,
            coverage=coverage,
            domain="coding",
        )

    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        ev, line = item.value, item.line
        kind = str_field(ev, "type")
        if kind == "thread.started" or (kind == "session_meta" and b is not None and b.steps):
            if b is not None:
                yield b.record()
            b = None
        if b is None:
            tid = first_str(ev.get("thread_id")) if kind == "thread.started" else None
            if kind == "session_meta" and isinstance(ev.get("payload"), dict):
                tid = first_str(ev["payload"].get("id"))
            b = new(tid, line)
            started = set()
        if kind in ROLLOUT_TYPES:
            _rollout(b, ev, line)
        elif kind in ("item.started", "item.completed") and isinstance(ev.get("item"), dict):
            _item(b, ev["item"], kind == "item.completed", started, line)
        elif kind == "turn.failed":
            b.environment(f"turn failed: {text_of(ev.get('error')) or ev.get('error')}")
        elif kind == "error":
            b.environment(f"error: {ev.get('message')}")
        elif kind not in EXEC_EVENTS:
            coverage.note("unknown record type", str(kind or type(ev).__name__), line)
    if b is not None:
        yield b.record()


def _item(
    b: TraceBuilder, it: dict[str, Any], completed: bool, started: set[str], line: int
) -> None:
    kind = str_field(it, "type")
    iid = str(it.get("id") or f"item@{line}")
    status = it.get("status")
    call_kinds = ("command_execution", "mcp_tool_call", "file_change", "web_search")
    if kind in call_kinds and iid not in started:
        started.add(iid)
        if kind == "command_execution":
            b.call("shell", {"command": it.get("command")}, iid)
        elif kind == "mcp_tool_call":
            name = ".".join(str(p) for p in (it.get("server"), it.get("tool")) if p)
            b.call(name or None, it.get("arguments"), iid)
        elif kind == "file_change":
            b.call("apply_patch", {"changes": it.get("changes")}, iid)
        else:
            b.call("web_search", {"query": it.get("query")}, iid)
    if not completed:
        return
    if kind == "command_execution":
        code = it.get("exit_code")
        ok = status == "completed" and code in (0, None)
        error = None if ok else (f"exit code {code}" if code not in (0, None) else str(status))
        b.result(
            iid,
            {"exit_code": code, "output": it.get("aggregated_output")},
            ok=ok,
            error=error,
            line=line,
        )
    elif kind == "mcp_tool_call":
        err = it.get("error")
        if isinstance(err, dict):
            err = first_str(err.get("message")) or err
        error = err if err else (None if status == "completed" else str(status))
        result = it.get("result")
        if isinstance(result, dict) and isinstance(result.get("content"), list):
            result = result.get("structured_content") or text_of(result["content"]) or result
        b.result(iid, result, ok=error is None, error=error, line=line)
    elif kind == "file_change":
        ok = status == "completed"
        b.result(
            iid,
            {"status": status, "changes": it.get("changes")},
            ok=ok,
            error=None if ok else str(status),
            line=line,
        )
    elif kind == "agent_message":
        b.agent(first_str(it.get("text")))
    elif kind == "user_message":
        b.user(first_str(it.get("text"), text_of(it.get("content"))))
    elif kind == "error":
        b.environment(f"error: {it.get('message')}")
    elif kind not in _SILENT_ITEMS and kind != "web_search":
        b.coverage.note("unknown item type", str(kind), line)


def _rollout(b: TraceBuilder, ev: dict[str, Any], line: int) -> None:
    kind, payload, ts = ev["type"], ev.get("payload"), ev.get("timestamp")
    if not isinstance(payload, dict):
        return
    if kind == "session_meta":
        b.meta["cwd"] = first_str(payload.get("cwd"))
        b.meta["cli_version"] = first_str(payload.get("cli_version"))
        return
    if kind == "turn_context":
        b.meta.setdefault("model", first_str(payload.get("model")))
        return
    if kind != "response_item":
        return
    if payload.get("type") == "message" and payload.get("role") == "user":
        text = text_of(payload.get("content")) or ""
        if text.lstrip().startswith(_INJECTED):
            return
    if payload.get("type") == "message" and payload.get("role") == "developer":
        return
    before = len(b.steps)
    openai_responses.add_item(b, payload, line, ts)
    if payload.get("type") in _OUTPUTS and len(b.steps) > before:
        step = b.steps[-1]
        out = step.get("output")
        meta = out.get("metadata") if isinstance(out, dict) else None
        if isinstance(meta, dict) and "exit_code" in meta:
            code = meta["exit_code"]
            step["ok"] = code == 0
            step["error"] = None if code == 0 else f"exit code {code}"
        elif isinstance(out, str) and (head := _ENVELOPE.match(out)):
            _unwrap(step, head, out)


#: The items that answer a call, whose output may carry Codex's execution envelope
_OUTPUTS = ("function_call_output", "custom_tool_call_output")
#: The plain-text envelope newer Codex puts around a command's output (`exec_command`,
#: `write_stdin`: "Chunk ID: ...\nWall time: ...\nProcess exited with code N\nOriginal token
#: count: ...\nOutput:\n..."; `apply_patch`: "Exit code: N\nWall time: ...\nOutput:\n...").
#: Only a header of these lines, in this order, from the output's first line, is read.
_ENVELOPE = re.compile(
    r"\A(?:Chunk ID: [^\n]*\n)?(?:Wall time: [^\n]*\n)?"
    r"(?:Process exited with code (?P<exited>-?\d+)|Exit code: (?P<code>-?\d+)"
    r"|Process running with session ID (?P<session>\d+))\n"
    r"(?:Wall time: [^\n]*\n)?(?:Original token count: [^\n]*\n)?Output:\n?"
)


def _unwrap(step: dict[str, Any], head: re.Match[str], out: str) -> None:
    """A result in Codex's envelope: its exit code decides ok (a process still running, whose
    output comes with a later `write_stdin`, is unknown), the output is what follows."""
    body = out[head.end() :]
    code = head.group("exited") or head.group("code")
    if code is None:
        step["output"] = {
            "status": "running",
            "session_id": int(head.group("session")),
            "output": body,
        }
        return
    step["output"] = {"exit_code": int(code), "output": body}
    step["ok"] = int(code) == 0
    step["error"] = None if int(code) == 0 else f"exit code {code}"

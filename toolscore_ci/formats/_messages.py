"""Chat messages of every common shape, added to a `TraceBuilder` in order.

One function reads an OpenAI Chat message (`tool_calls`, legacy `function_call`, `role: tool`),
an Anthropic message (`text` / `tool_use` / `tool_result` blocks), a LangChain message (dumped or
plain, as LangSmith and Langfuse store them) and an OpenTelemetry GenAI message (`parts`), so
the trace-store readers that embed any of these agree with the message readers exactly.
`History` turns the full input history an LLM call carries into only the new messages.
"""

from __future__ import annotations

from typing import Any

from toolscore_ci.formats._trace import TraceBuilder, as_list, first_str, str_field, text_of

_USER = frozenset({"user", "human"})
_AGENT = frozenset({"assistant", "ai", "model", "bot", "agent"})
_TOOL = frozenset({"tool", "function", "ipython"})
_SYSTEM = frozenset({"system", "developer"})
#: Content parts that carry nothing a checker reads; dropped without a count.
_SILENT_PARTS = frozenset({"thinking", "redacted_thinking", "reasoning", "cache_control"})
_LC_ROLES = {
    "HumanMessage": "user",
    "AIMessage": "assistant",
    "ToolMessage": "tool",
    "FunctionMessage": "function",
    "SystemMessage": "system",
    "ChatMessage": None,
    "HumanMessageChunk": "user",
    "AIMessageChunk": "assistant",
}


def normalise_message(msg: Any) -> dict[str, Any] | None:
    """A LangChain dump (`{"lc": 1, "kwargs": ...}`) or `{"type": "human"}` message as a plain
    `{"role": ...}` message; other shapes are returned as they are."""
    if not isinstance(msg, dict):
        return None
    if msg.get("lc") == 1 and isinstance(msg.get("kwargs"), dict):
        ids = as_list(msg.get("id"))
        cls = ids[-1] if isinstance(ids, list) and ids else ""
        out = dict(msg["kwargs"])
        role = _LC_ROLES.get(str(cls)) or out.get("role")
        out["role"] = role
        out.pop("type", None)
        return out
    if "role" not in msg and msg.get("type") == "function_call":  # a Responses API item
        call = {"name": msg.get("name"), "arguments": msg.get("arguments")}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": first_str(msg.get("call_id"), msg.get("id")), "function": call}],
        }
    if "role" not in msg and msg.get("type") == "function_call_output":
        return {"role": "tool", "tool_call_id": msg.get("call_id"), "content": msg.get("output")}
    if "role" not in msg and isinstance(msg.get("type"), str) and "content" in msg:
        out = dict(msg)
        out["role"] = out.pop("type")
        return out
    return msg


#: The role names messages use, spelled as they come (the hot path), mapped to ours.
_ROLE_NAMES = {
    **{r: "user" for r in _USER},
    **{r: "agent" for r in _AGENT},
    **{r: "tool" for r in _TOOL},
    **{r: "system" for r in _SYSTEM},
}
_TEXT_PARTS = frozenset({"text", "input_text", "output_text"})
_CALL_PARTS = frozenset({"tool_use", "server_tool_use", "mcp_tool_use", "tool_call", "tool-call"})
_RESULT_PARTS = ("tool_call_response", "tool_result", "tool-result")


def role_of(msg: dict[str, Any]) -> str:
    role = msg.get("role")
    if type(role) is str:
        known = _ROLE_NAMES.get(role)
        if known is not None:
            return known
    role = str(role or "").lower()
    if role in _USER:
        return "user"
    if role in _AGENT:
        return "agent"
    if role in _TOOL:
        return "tool"
    if role in _SYSTEM:
        return "system"
    return role or "unknown"


def tool_error(msg: dict[str, Any]) -> tuple[bool | None, Any]:
    """(ok, error) from the error markers message formats use."""
    if msg.get("is_error") is True or msg.get("status") == "error":
        return False, text_of(msg.get("content")) or "tool error"
    if msg.get("is_error") is False or msg.get("status") == "success":
        return True, None  # LangChain's ToolMessage says `status: "success"` of a call that ran
    return None, None


def add_message(
    b: TraceBuilder, msg: Any, ts: Any = None, *, tools: bool = True, line: int | None = None
) -> str:
    """Add one message; returns its role (user, agent, tool, system or what it was).
    With `tools=False` tool calls and results are skipped (a trace store records them as
    their own spans)."""
    # A plain `{"role": ...}` message (most of them) is already normal.
    m = msg if type(msg) is dict and "role" in msg and "lc" not in msg else normalise_message(msg)
    if m is None:
        b.coverage.note("unknown message", type(msg).__name__, line)
        return "unknown"
    role = role_of(m)
    content = m.get("content")
    if m.get("parts") is not None and content is None:
        content = m.get("parts")  # OpenTelemetry GenAI messages
    if role == "system":
        if "system" not in b.meta:
            b.meta["system"] = text_of(content)
        return role
    if role == "tool":
        if (
            tools
            and isinstance(content, list)
            and any(isinstance(p, dict) and p.get("type") in _RESULT_PARTS for p in content)
        ):
            for part in content:  # OpenTelemetry GenAI: results are parts of a tool message
                if str_field(part, "type") in _RESULT_PARTS:
                    _add_tool_result_block(b, part, ts, line)
        elif tools:
            ok, error = tool_error(m)
            out = content if not isinstance(content, list) else (text_of(content) or content)
            b.result(
                first_str(m.get("tool_call_id"), m.get("tool_use_id")),
                out,
                ok=ok,
                error=error,
                ts=ts,
                name=first_str(m.get("name")),
                line=line,
            )
        return role
    if role not in ("user", "agent"):
        b.coverage.note("unknown message role", role, line)
        return role
    if isinstance(content, list):
        _add_parts(b, role, content, ts, tools=tools, line=line)
    elif isinstance(content, str) or content is None:
        text = content if content is not None else first_str(m.get("refusal"))
        (b.user if role == "user" else b.agent)(text, ts)
    else:
        b.coverage.note("unplaced field", "content", line)
    if role == "agent" and tools:
        for call in as_list(m.get("tool_calls")):
            _add_tool_call(b, call, ts, line)
        fc = m.get("function_call")
        if isinstance(fc, dict):
            b.call(first_str(fc.get("name")), fc.get("arguments"), None, ts)
    return role


def _add_tool_call(b: TraceBuilder, call: Any, ts: Any, line: int | None) -> None:
    if not isinstance(call, dict):
        b.coverage.note("unplaced field", "tool_calls[]", line)
        return
    fn = call.get("function")
    if isinstance(fn, dict):  # OpenAI
        b.call(first_str(fn.get("name")), fn.get("arguments"), first_str(call.get("id")), ts)
    else:  # LangChain / OpenInference-flattened
        args = call.get("args", call.get("arguments"))
        b.call(first_str(call.get("name")), args, first_str(call.get("id")), ts)


def _add_parts(
    b: TraceBuilder, role: str, parts: list[Any], ts: Any, *, tools: bool, line: int | None
) -> None:
    texts: list[str] = []
    say = b.user if role == "user" else b.agent
    for part in parts:
        if isinstance(part, str):
            texts.append(part)
            continue
        if not isinstance(part, dict):
            b.coverage.note("unplaced content part", type(part).__name__, line)
            continue
        if not part.get("type"):
            if isinstance(part.get("toolUse"), dict) or isinstance(part.get("toolResult"), dict):
                if tools:  # Bedrock Converse / Strands: the block is keyed by its kind
                    if texts:
                        say("\n".join(texts), ts)
                        texts.clear()
                    _add_converse_block(b, part, ts, line)
                continue
            if first_str(part.get("text"), part.get("content")) is None:
                # a typeless part with no text: what it holds is not read, and says so
                b.coverage.note("unplaced content part", ",".join(sorted(map(str, part))), line)
                continue
        kind = part.get("type") or "text"
        if type(kind) is not str:
            kind = str(kind)
        if kind in _TEXT_PARTS:
            t = first_str(part.get("text"), part.get("content"))
            if t is not None:
                texts.append(t)
        elif kind in _CALL_PARTS:
            if tools:
                if texts:
                    say("\n".join(texts), ts)
                    texts.clear()
                args = part.get("input", part.get("arguments", part.get("args")))
                name = first_str(part.get("name"), part.get("toolName"))
                b.call(name, args, first_str(part.get("id"), part.get("toolCallId")), ts)
        elif kind.endswith("tool_result") or kind in ("tool_call_response", "tool-result"):
            if tools:
                if texts:
                    say("\n".join(texts), ts)
                    texts.clear()
                _add_tool_result_block(b, part, ts, line)
        elif _is_ui_tool_part(kind, part):
            if tools:
                if texts:
                    say("\n".join(texts), ts)
                    texts.clear()
                _add_ui_tool_part(b, kind, part, ts, line)
        elif kind in _SILENT_PARTS or kind in _UI_SILENT_PARTS:
            continue
        elif kind == "refusal":
            texts.append(str(part.get("refusal") or ""))
        else:
            b.coverage.note("unplaced content part", kind, line)
    if texts:
        say("\n".join(texts), ts)


#: Vercel AI SDK UIMessage parts that only mark the stream's shape.
_UI_SILENT_PARTS = frozenset({"step-start"})
#: Model-message part types that begin with "tool-" but are not a UIMessage tool part.
_NOT_UI_TOOL = frozenset(
    {"tool-call", "tool-result", "tool-error", "tool-approval-request", "tool-approval-response"}
)


def _is_ui_tool_part(kind: str, part: dict[str, Any]) -> bool:
    """A Vercel AI SDK UIMessage tool part: `type: "tool-<name>"` (or `dynamic-tool` with a
    `toolName`), holding the call and, by its `state`, where it got to."""
    if kind != "dynamic-tool" and (not kind.startswith("tool-") or kind in _NOT_UI_TOOL):
        return False
    return isinstance(part.get("state"), str) and part.get("toolCallId") is not None


def _add_ui_tool_part(
    b: TraceBuilder, kind: str, part: dict[str, Any], ts: Any, line: int | None
) -> None:
    """The call a UIMessage tool part holds, and its result as its `state` gives it:
    `output-available` -> the output (a `preliminary` one is not the result yet),
    `output-error` -> failed with `errorText`, `output-denied` (the user refused the
    approval) -> failed, never ran; `approval-requested` -> waiting for approval; the input
    states and `approval-responded` (approved, not yet run) -> no result."""
    name = first_str(part.get("toolName")) if kind == "dynamic-tool" else kind[len("tool-") :]
    call_id = first_str(part.get("toolCallId"))
    b.call(name, part.get("input"), call_id, ts)
    state = part["state"]
    approval = part.get("approval") if isinstance(part.get("approval"), dict) else {}
    if state == "output-available" and part.get("preliminary") is not True:
        b.result(call_id, part.get("output"), ts=ts, line=line)
    elif state == "output-error":
        error = first_str(part.get("errorText")) or "tool error"
        b.result(call_id, None, ok=False, error=error, ts=ts, line=line)
    elif state == "output-denied" or (
        state == "approval-responded" and approval.get("approved") is False
    ):
        why = first_str(approval.get("reason")) or "the user denied the call's approval"
        b.result(call_id, {"status": "denied"}, ok=False, error=why, ts=ts, line=line)
    elif state == "approval-requested":
        b.result(call_id, {"status": "awaiting_approval"}, ts=ts, line=line)


def _add_converse_block(b: TraceBuilder, part: dict[str, Any], ts: Any, line: int | None) -> None:
    """Bedrock Converse's `{"toolUse": {toolUseId, name, input}}` and `{"toolResult":
    {toolUseId, content: [{"text"} | {"json"}], status: "success" | "error"}}`."""
    use = part.get("toolUse")
    if isinstance(use, dict):
        b.call(first_str(use.get("name")), use.get("input"), first_str(use.get("toolUseId")), ts)
        return
    res = part["toolResult"]
    blocks = as_list(res.get("content"))
    values = [c.get("json", c.get("text")) for c in blocks if isinstance(c, dict) and len(c) == 1]
    if len(values) == len(blocks) and all(isinstance(v, str) for v in values):
        content: Any = "\n".join(values)
    else:
        content = values[0] if len(values) == 1 else blocks
    ok, error = tool_error(res)
    if ok is False:
        error = text_of(content) if isinstance(content, str) else content
    b.result(first_str(res.get("toolUseId")), content, ok=ok, error=error, ts=ts, line=line)


def _add_tool_result_block(
    b: TraceBuilder, part: dict[str, Any], ts: Any, line: int | None
) -> None:
    content = part.get("content", part.get("response", part.get("result")))
    ok, error = tool_error(part)
    output = part.get("output")
    if content is None and isinstance(output, dict) and isinstance(output.get("type"), str):
        # Vercel AI SDK: {"type": "text" | "json" | "error-text" | "error-json", "value"}
        content = output.get("value")
        if output["type"].startswith("error"):
            ok, error = False, content
    if isinstance(content, dict) and str(content.get("type", "")).endswith("_error"):
        ok, error = False, content  # e.g. web_search_tool_result_error
    if isinstance(content, list):
        content = (
            text_of(content)
            if all(isinstance(c, dict) and c.get("type") == "text" for c in content)
            else content
        )
    call_id = first_str(
        part.get("tool_use_id"), part.get("id"), part.get("tool_call_id"), part.get("toolCallId")
    )
    b.result(call_id, content, ok=ok, error=error, ts=ts, line=line)


class History:
    """An LLM call carries the whole conversation so far as input; only what is new since the
    previous call becomes steps. `tools=False` when tool calls are their own spans."""

    def __init__(self, b: TraceBuilder, *, tools: bool) -> None:
        self.b = b
        self.tools = tools
        self.seen = 0

    def inputs(self, messages: Any, ts: Any = None, line: int | None = None) -> None:
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        if not isinstance(messages, list):
            return
        if len(messages) < self.seen:  # history was trimmed: keep only a trailing user turn
            self.seen = len(messages)
            last = normalise_message(messages[-1]) if messages else None
            if last is not None and role_of(last) == "user":
                add_message(self.b, last, ts, tools=self.tools, line=line)
            return
        for msg in messages[self.seen :]:
            add_message(self.b, msg, ts, tools=self.tools, line=line)
        self.seen = len(messages)

    def output(self, messages: Any, ts: Any = None, line: int | None = None) -> None:
        if isinstance(messages, (dict, str)):
            messages = [messages]
        if not isinstance(messages, list):
            return
        for msg in messages:
            if isinstance(msg, str):
                self.b.agent(msg, ts)
            else:
                m = normalise_message(msg)
                if m is not None and "role" not in m:
                    m = {**m, "role": "assistant"}
                add_message(self.b, m, ts, tools=self.tools, line=line)
        self.seen += len(messages)

"""OpenTelemetry GenAI spans in OTLP/JSON, as a collector's file exporter writes them: one
`{"resourceSpans": [...]}` export request a line (or one such document).

Spans are grouped by `traceId`; a trace is released once its root span has been seen and a
span of another trace arrives (exporters write children first, the root ends last), so memory
holds one or a few traces, not the file. Within a trace, every span contributes a start and an
end event, ordered by time: parent/child order falls out of the clock.

Understood attributes: the current GenAI semantic conventions (`gen_ai.operation.name`,
`gen_ai.input.messages` / `gen_ai.output.messages` with `parts`, `gen_ai.system_instructions`,
`execute_tool` spans with `gen_ai.tool.name`, `gen_ai.tool.call.id`,
`gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`), the older message events
(`gen_ai.user.message`, `gen_ai.choice`, ...) and flattened `gen_ai.prompt.N.*` /
`gen_ai.completion.N.*`, and OpenInference (`openinference.span.kind`, `llm.input_messages.*`,
`llm.output_messages.*`, `tool.name`, `input.value`, `output.value`). Span status ERROR (or an
`exception` event, or `error.type`) makes a tool result failed.

Also spans as the OpenTelemetry Python SDK writes them itself (`ReadableSpan.to_json()`, what
its `ConsoleSpanExporter` prints, one pretty-printed object after another): `context.trace_id`
/ `span_id` and `parent_id` as `0x` hex, ISO times, `status.status_code` (`ERROR`), attributes
and event attributes as plain maps, the `resource` beside each span. A span written twice (at
its start, with no `end_time`, and at its end, as some exporters do) is read once, as last
written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any

from toolscore_ci.formats._group import Group, Grouper
from toolscore_ci.formats._messages import History
from toolscore_ci.formats._spans import ROOT_SPAN_KEY
from toolscore_ci.formats._spans import SPAN_ID as _SPAN_ID
from toolscore_ci.formats._spans import root_span_of as root_span_of  # where callers found it
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    first_str,
    parse_json_text,
    str_field,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "otel-genai"
#: meta key: the trace's root span id (16 hex digits), the span a verdict is about.
_LLM_OPS = frozenset({"chat", "text_completion", "generate_content", "completion"})
_AGENT_OPS = frozenset({"invoke_agent", "create_agent", "invoke_workflow"})
_ERROR_CODES = frozenset({2, "2", "STATUS_CODE_ERROR", "ERROR", "Error"})
_OK_CODES = frozenset({1, "1", "STATUS_CODE_OK", "OK", "Ok"})
_EVENT_ROLES = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}


def _resource_spans(v: Any) -> list[Any] | None:
    if not isinstance(v, dict):
        return None
    rs = v.get("resourceSpans", v.get("resource_spans"))
    return rs if isinstance(rs, list) else None


def _hex(value: Any) -> str | None:
    """A `0x`-prefixed id of the SDK's JSON as OTLP/JSON's bare hex."""
    return value[2:] if isinstance(value, str) and value[:2].lower() == "0x" else None


def _iso_nanos(value: Any) -> int | None:
    """Unix nanoseconds of an ISO time (`2026-03-01T20:47:18.711501Z`)."""
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))  # 3.10 reads no `Z`
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    delta = when - epoch
    return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + delta.microseconds * 1_000


def sdk_span(v: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(the span in OTLP/JSON's field names, its resource attributes) of a span as the Python
    SDK's `to_json()` writes it; None for any other value."""
    if not isinstance(v, dict) or not isinstance(v.get("name"), str):
        return None
    context = v.get("context")
    trace_id = _hex(context.get("trace_id")) if isinstance(context, dict) else None
    span_id = _hex(context.get("span_id")) if isinstance(context, dict) else None
    if trace_id is None or span_id is None or not isinstance(v.get("attributes"), dict):
        return None
    status = as_dict(v.get("status"))
    events = [
        {
            "name": e.get("name"),
            "timeUnixNano": _iso_nanos(e.get("timestamp")),
            "attributes": e.get("attributes"),
        }
        for e in as_list(v.get("events"))
        if isinstance(e, dict)
    ]
    span = {
        "traceId": trace_id,
        "spanId": span_id,
        "parentSpanId": _hex(v.get("parent_id")),
        "name": v["name"],
        "startTimeUnixNano": _iso_nanos(v.get("start_time")),
        "endTimeUnixNano": _iso_nanos(v.get("end_time")),
        "status": {"code": status.get("status_code"), "message": status.get("description")},
        "attributes": v["attributes"],
        "events": events,
    }
    resource = as_dict(as_dict(v.get("resource")).get("attributes"))
    return span, resource


def sniff(first: Any) -> bool:
    return _resource_spans(first) is not None or sdk_span(first) is not None


def any_value(v: Any) -> Any:
    """Decode an OTLP/JSON AnyValue."""
    if not isinstance(v, dict):
        return v
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in v:
            return v[key]
    if "intValue" in v:
        try:
            return int(v["intValue"])
        except (TypeError, ValueError):
            return v["intValue"]
    if "arrayValue" in v:
        return [any_value(x) for x in as_list(as_dict(v["arrayValue"]).get("values"))]
    if "kvlistValue" in v:
        kvlist = v["kvlistValue"]
        return attributes(kvlist.get("values") if type(kvlist) is dict else None)
    if "bytesValue" in v:
        return v["bytesValue"]
    return None


def attributes(kvs: Any) -> dict[str, Any]:
    """OTLP/JSON's `[{"key", "value": AnyValue}]` as a map; a map (the Python SDK's own JSON)
    as it is."""
    if type(kvs) is dict:
        return dict(kvs)
    out: dict[str, Any] = {}
    for kv in kvs if type(kvs) is list else ():
        if type(kv) is dict:
            key = kv.get("key")
            if isinstance(key, str):
                value = kv.get("value")
                # Most attributes are strings: decoded here without the call.
                if type(value) is dict and "stringValue" in value:
                    out[key] = value["stringValue"]
                else:
                    out[key] = any_value(value)
    return out


def unflatten(attrs: dict[str, Any], prefix: str) -> list[Any]:
    """`prefix.0.message.role = x` style attributes as a list of nested dicts."""
    root: dict[str, Any] = {}
    for key, value in attrs.items():
        if not key.startswith(prefix):
            continue
        node = root
        parts = key[len(prefix) :].split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                break
        else:
            node[parts[-1]] = value
    return _as_lists(root) if root else []


def _as_lists(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    if node and all(k.isascii() and k.isdigit() for k in node):
        return [_as_lists(node[k]) for k in sorted(node, key=int)]
    return {k: _as_lists(v) for k, v in node.items()}


def _oi_message(entry: Any) -> Any:
    """An OpenInference flattened message (`{"message": {...}}`) as a chat message."""
    m = entry.get("message", entry) if isinstance(entry, dict) else entry
    if not isinstance(m, dict):
        return m
    out: dict[str, Any] = {"role": m.get("role"), "content": m.get("content")}
    if out["content"] is None and isinstance(m.get("contents"), list):
        out["content"] = [
            {"type": "text", "text": str_field(c.get("message_content"), "text")}
            for c in m["contents"]
            if isinstance(c, dict)
        ]
    calls = []
    tool_calls = m.get("tool_calls")
    for tc in tool_calls if type(tool_calls) is list else ():
        call = tc.get("tool_call", tc) if isinstance(tc, dict) else {}
        call = call if type(call) is dict else {}
        fn = call.get("function")
        fn = fn if type(fn) is dict else {}
        calls.append(
            {
                "id": call.get("id"),
                "function": {"name": fn.get("name"), "arguments": fn.get("arguments")},
            }
        )
    if calls:
        out["tool_calls"] = calls
    if m.get("tool_call_id") is not None:
        out["tool_call_id"] = m["tool_call_id"]
    return out


def _json_attr(attrs: dict[str, Any], key: str) -> Any:
    value = attrs.get(key)
    if isinstance(value, str):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            return None
    return value


def messages_of(attrs: dict[str, Any], events: list[dict[str, Any]]) -> tuple[Any, Any]:
    """(input messages, output messages) of a span, from whichever convention it uses."""
    inp, out = (
        _json_attr(attrs, "gen_ai.input.messages"),
        _json_attr(attrs, "gen_ai.output.messages"),
    )
    if inp is not None or out is not None:
        return inp, out
    if any(
        k.startswith("llm.input_messages.") or k.startswith("llm.output_messages.") for k in attrs
    ):
        return (
            [_oi_message(m) for m in unflatten(attrs, "llm.input_messages.")],
            [_oi_message(m) for m in unflatten(attrs, "llm.output_messages.")],
        )
    if any(k.startswith("gen_ai.prompt.") or k.startswith("gen_ai.completion.") for k in attrs):
        return unflatten(attrs, "gen_ai.prompt."), unflatten(attrs, "gen_ai.completion.")
    ev_in, ev_out = [], []
    for ev in events:
        name = str_field(ev, "name")
        ea = attributes(ev.get("attributes"))
        if name in _EVENT_ROLES:
            msg = {
                k: parse_json_text(v) for k, v in ea.items() if not k.startswith("gen_ai.system")
            }
            msg["role"] = _EVENT_ROLES[name]
            if "id" in msg and msg["role"] == "tool":
                msg["tool_call_id"] = msg.pop("id")
            ev_in.append(msg)
        elif name == "gen_ai.choice":
            msg = parse_json_text(ea.get("message"))
            ev_out.append(msg if isinstance(msg, dict) else {"role": "assistant", "content": msg})
    if ev_in or ev_out:
        return ev_in, ev_out
    return None, None


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    grouper = Grouper()
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        rs = _resource_spans(item.value)
        if rs is None and (own := sdk_span(item.value)) is not None:
            span, resource = own
            key, parent = span["traceId"], span["parentSpanId"]
            done, late = grouper.add(key, (span, resource), item.line, is_root=not parent)
            if late:
                coverage.note("span after its trace's root was read", key, item.line)
            for group in done:
                yield _trace(group, path, coverage).record()
            continue
        if rs is None:
            coverage.note("unknown record type", type(item.value).__name__, item.line)
            continue
        for res in rs:
            if not isinstance(res, dict):
                continue
            res_attrs = res.get("resource")
            resource = attributes(res_attrs.get("attributes") if type(res_attrs) is dict else None)
            scopes = res.get(
                "scopeSpans", res.get("scope_spans", res.get("instrumentationLibrarySpans"))
            )
            for scope in scopes if type(scopes) is list else []:
                spans = scope.get("spans") if type(scope) is dict else None
                for span in spans if type(spans) is list else []:
                    if not isinstance(span, dict):
                        continue
                    key = str(span.get("traceId", span.get("trace_id", "")))
                    parent = span.get("parentSpanId", span.get("parent_span_id"))
                    done, late = grouper.add(key, (span, resource), item.line, is_root=not parent)
                    if late:
                        coverage.note("span after its trace's root was read", key, item.line)
                    for group in done:
                        yield _trace(group, path, coverage).record()
    for group in grouper.finish():
        yield _trace(group, path, coverage).record()


def _nanos(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _trace(group: Group, path: str, coverage: Coverage) -> TraceBuilder:
    b = TraceBuilder(
        source=NAME, trace_id=group.key or "?", path=path, line=group.line, coverage=coverage
    )
    spans = []

    # a span written twice (at its start and at its end) is read as last written
    def span_key(n: int, span: dict[str, Any]) -> str | int:
        sid = span.get("spanId", span.get("span_id"))
        return sid if isinstance(sid, str) and sid else n

    last = {span_key(n, span): n for n, ((span, _), _) in enumerate(group.records)}
    for n, ((span, resource), line) in enumerate(group.records):
        if last[span_key(n, span)] != n:
            continue
        attrs = attributes(span.get("attributes"))
        op = str_field(attrs, "gen_ai.operation.name")
        oi = str(attrs.get("openinference.span.kind") or "").upper()
        kind = (
            "tool"
            if op == "execute_tool" or oi == "TOOL"
            else "llm"
            if op in _LLM_OPS or oi == "LLM"
            else "agent"
            if op in _AGENT_OPS or oi in ("AGENT", "CHAIN")
            else "other"
        )
        spans.append((span, attrs, kind, line))
        parent = span.get("parentSpanId", span.get("parent_span_id"))
        root_id = span.get("spanId", span.get("span_id"))
        if not parent and isinstance(root_id, str) and _SPAN_ID.fullmatch(root_id.lower()):
            # the root span (the agent's run) is what a verdict judges: --otel-out parents to it
            b.meta.setdefault(ROOT_SPAN_KEY, root_id.lower())
        if resource.get("service.name"):
            b.meta.setdefault("service", resource["service.name"])
    spans.sort(key=lambda s: _nanos(s[0].get("startTimeUnixNano")))
    has_tools = any(k == "tool" for _, _, k, _ in spans)
    has_llm = any(k == "llm" for _, _, k, _ in spans)
    history = History(b, tools=not has_tools)
    events = []
    for n, (span, attrs, kind, line) in enumerate(spans):
        start = _nanos(span.get("startTimeUnixNano"))
        end = max(_nanos(span.get("endTimeUnixNano")), start)  # a span ends after it starts
        events.append((start, 2 * n, "start", span, attrs, kind, line))
        events.append((end, 2 * n + 1, "end", span, attrs, kind, line))
    events.sort(key=lambda e: (e[0], e[1]))
    parsed: dict[int, tuple[Any, Any]] = {}
    for when, _, phase, span, attrs, kind, line in events:
        # A positive time is Unix nanoseconds as it stands; anything else is reported as text.
        ts: int | str | None = when if when > 0 else (str(when) if when else None)
        if kind == "tool":
            _tool(b, span, attrs, _events(span), phase, ts, line)
        elif kind == "llm" or (kind == "agent" and not has_llm):
            if phase == "start":  # parsed once a span; the end event reuses it
                parsed[id(span)] = messages_of(attrs, _events(span))
            inp, out = parsed.pop(id(span)) if phase == "end" else parsed[id(span)]
            if inp is None and out is None and kind == "agent":
                inp, out = attrs.get("input.value"), attrs.get("output.value")
                inp, out = parse_json_text(inp), parse_json_text(out)
            if phase == "start":
                b.meta.setdefault(
                    "model",
                    first_str(attrs.get("gen_ai.request.model"), attrs.get("llm.model_name")),
                )
                if attrs.get("gen_ai.system_instructions") is not None:
                    b.meta.setdefault("system", attrs["gen_ai.system_instructions"])
                if isinstance(inp, dict) and isinstance(inp.get("messages"), list):
                    inp = inp["messages"]
                history.inputs(inp, ts, line)
            else:
                if isinstance(out, dict) and isinstance(out.get("choices"), list):
                    out = [c.get("message") for c in out["choices"][:1] if isinstance(c, dict)]
                history.output(out, ts, line)
        if phase == "start" and attrs.get("gen_ai.conversation.id"):
            b.meta.setdefault("conversation_id", attrs["gen_ai.conversation.id"])
    return b


def _events(span: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in as_list(span.get("events")) if isinstance(e, dict)]


def _tool(
    b: TraceBuilder,
    span: dict[str, Any],
    attrs: dict[str, Any],
    evs: list[dict[str, Any]],
    phase: str,
    ts: int | str | None,
    line: int,
) -> None:
    call_id = first_str(
        attrs.get("gen_ai.tool.call.id"),
        attrs.get("tool_call.id"),
        span.get("spanId"),
        span.get("span_id"),
    )
    if phase == "start":
        name = first_str(attrs.get("gen_ai.tool.name"), attrs.get("tool.name"))
        if name is None:
            name = str(span.get("name") or "").removeprefix("execute_tool").strip() or None
        args = attrs.get("gen_ai.tool.call.arguments", attrs.get("input.value"))
        b.call(name, args, call_id, ts)
        return
    status = as_dict(span.get("status"))
    code = status.get("code")
    code = code if type(code) in (str, int) else None
    error: Any = None
    if code in _ERROR_CODES or attrs.get("error.type"):
        exc = next(
            (attributes(e.get("attributes")) for e in evs if e.get("name") == "exception"), {}
        )
        error = (
            first_str(status.get("message"), exc.get("exception.message"), attrs.get("error.type"))
            or "error"
        )
    else:
        exc = next(
            (attributes(e.get("attributes")) for e in evs if e.get("name") == "exception"), None
        )
        if exc is not None:
            error = first_str(exc.get("exception.message"), exc.get("exception.type")) or "error"
    ok = False if error else (True if code in _OK_CODES or span.get("endTimeUnixNano") else None)
    output = attrs.get("gen_ai.tool.call.result", attrs.get("output.value"))
    b.result(call_id, output, ok=ok, error=error, ts=ts, line=line)

"""OpenAI Responses API items, and OpenAI Agents SDK trace exports.

Responses: per JSON value a Response object (`"object": "response"` with `output` items, and
`input` when the caller logged it), a request/response pair, a request body (`input`), or one
item (`message`, `function_call`, `function_call_output`, hosted tool calls...; a file of items
is one conversation). Responses chained by `previous_response_id` on consecutive values form one
conversation, so multi-turn logs stay whole while the file streams.

Agents SDK: the tracing exporter's `{"data": [...]}` payload or JSON Lines of its `trace` and
`trace.span` objects. Spans are grouped by `trace_id`; `function` spans become tool calls and
results (span `error` = failed), `generation` spans and full `response` spans carry messages.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._group import Group, Grouper
from toolscore_ci.formats._messages import History, add_message
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    default_trace_id,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue
from toolscore_ci.vocab import framework_error_prefixes

NAME = "openai-responses"
_CALLS = frozenset({"function_call", "custom_tool_call", "local_shell_call", "computer_call"})
_OUTPUTS = frozenset(
    {
        "function_call_output",
        "custom_tool_call_output",
        "local_shell_call_output",
        "computer_call_output",
    }
)
#: Built-in tools whose item holds both the call and its result.
_HOSTED = frozenset(
    {
        "mcp_call",
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "image_generation_call",
    }
)
_SILENT = frozenset(
    {"reasoning", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response"}
)
ITEM_TYPES = frozenset({"message", *_CALLS, *_OUTPUTS, *_HOSTED, *_SILENT, "item_reference"})
_SDK_OBJECTS = frozenset({"trace", "trace.span"})


def is_item(v: Any) -> bool:
    return str_field(v, "type") in ITEM_TYPES


def _is_sdk(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    if str_field(v, "object") in _SDK_OBJECTS:
        return True
    data = v.get("data")
    return (
        isinstance(data, list)
        and bool(data)
        and isinstance(data[0], dict)
        and (str_field(data[0], "object") in _SDK_OBJECTS)
    )


def _is_response(v: Any) -> bool:
    return isinstance(v, dict) and (
        (v.get("object") == "response" and isinstance(v.get("output"), list))
        or (
            isinstance(v.get("input"), (list, str))
            and "messages" not in v
            and ("output" in v or "model" in v or "instructions" in v)
        )
        or "input" in _request(v)
    )


def _request(v: dict[str, Any]) -> dict[str, Any]:
    """The request of a logged request/response pair: `request`, or `payload` as
    ThinHarness's event log names it (`{"payload": ..., "response": ..., "sequence": 3}`);
    {} when there is none."""
    for key in ("request", "payload"):
        if isinstance(req := v.get(key), dict):
            return req
    return {}


def sniff(first: Any) -> bool:
    return _is_sdk(first) or _is_response(first) or is_item(first)


# ---- items -------------------------------------------------------------------------------


def add_item(b: TraceBuilder, item: Any, line: int, ts: Any = None, *, tools: bool = True) -> None:
    if isinstance(item, dict) and "type" not in item and "role" in item:
        item = {**item, "type": "message"}  # EasyInputMessage
    kind = str_field(item, "type")
    if kind == "message":
        add_message(b, item, ts, tools=tools, line=line)
    elif kind in _CALLS:
        if tools:
            if kind == "function_call":
                args = item.get("arguments")
            elif kind == "custom_tool_call":
                args = {"input": item.get("input")}
            else:
                args = item.get("action")
            name = first_str(item.get("name")) or kind.removesuffix("_call")
            b.call(name, args, first_str(item.get("call_id"), item.get("id")), ts)
    elif kind in _OUTPUTS:
        if tools:
            out = item.get("output")
            if isinstance(out, list):
                out = text_of(out) or out
            status = item.get("status")
            framework_error = _framework_error(out)
            ok = False if status == "failed" or framework_error else None
            b.result(
                first_str(item.get("call_id"), item.get("id")),
                out,
                ok=ok,
                error=framework_error or ("failed" if ok is False else None),
                ts=ts,
                line=line,
            )
    elif kind in _HOSTED:
        if tools:
            _add_hosted(b, item, ts, line)
    elif kind in _SILENT:
        return
    else:
        b.coverage.note("unknown item type", str(kind or type(item).__name__), line)


def _framework_error(output: Any) -> str | None:
    """The output itself when it is the Agents SDK's text for a tool that raised
    (vocab/tool_errors.yaml): the SDK sends it to the model in place of the result."""
    if isinstance(output, str):
        text = output.lstrip()
        if text.startswith(framework_error_prefixes(NAME)):
            return text
    return None


def _add_hosted(b: TraceBuilder, item: dict[str, Any], ts: Any, line: int) -> None:
    kind = str(item["type"])
    name = first_str(item.get("name")) or kind.removesuffix("_call")
    if kind == "mcp_call" and item.get("server_label"):
        name = f"{item['server_label']}.{name}"
    skip = {
        "type",
        "id",
        "status",
        "output",
        "outputs",
        "results",
        "result",
        "error",
        "name",
        "server_label",
    }
    args: Any = item.get("arguments")
    if args is None:
        args = {k: v for k, v in item.items() if k not in skip}
    call_id = first_str(item.get("id")) or f"{kind}@{len(b.steps)}"
    b.call(name, args, call_id, ts)
    status = item.get("status")
    error = item.get("error")
    ok = (
        False
        if error or status in ("failed", "incomplete")
        else (True if status == "completed" else None)
    )
    if ok is False and error is None:
        error = str(status)
    output = next((item[k] for k in ("output", "outputs", "results", "result") if k in item), None)
    b.result(call_id, output, ok=ok, error=error, ts=ts, line=line)


# ---- Responses conversations --------------------------------------------------------------


def _parts(v: dict[str, Any]) -> tuple[Any, dict[str, Any], Any, dict[str, Any]]:
    """(input, response object, previous_response_id, request) of one conversation value:
    a logged pair's parts, or the value itself as both."""
    req = _request(v) or v
    resp = v.get("response") if isinstance(v.get("response"), dict) else v
    return req.get("input"), resp, first_str(req.get("previous_response_id")), req


def _add_response(b: TraceBuilder, v: dict[str, Any], line: int) -> None:
    inp, resp, _, req = _parts(v)
    ts = resp.get("created_at")
    if isinstance(inp, str):
        b.user(inp, ts)
    elif isinstance(inp, list):
        for it in inp:
            add_item(b, it, line, ts)
    b.meta.setdefault("model", first_str(resp.get("model")))
    if "system" not in b.meta:
        # the response echoes the request's instructions; a logged request holds them too
        for source in (resp, req):
            if source.get("instructions"):
                b.meta["system"] = source.get("instructions")
                break
    for it in as_list(resp.get("output")):
        add_item(b, it, line, ts)
    if resp.get("status") == "failed" or resp.get("error"):
        b.environment(f"response failed: {text_of(resp.get('error')) or resp.get('error')}", ts)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    current: TraceBuilder | None = None
    last_id: str | None = None
    grouper = Grouper()
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        if _is_sdk(v):
            if current is not None:
                yield current.record()
                current = None
            records = v["data"] if isinstance(v.get("data"), list) else [v]
            for rec in records:
                yield from _sdk_add(grouper, rec, path, line, coverage)
            continue
        if _is_response(v):
            _, resp, prev, _ = _parts(v)
            if current is None or prev is None or prev != last_id:
                if current is not None:
                    yield current.record()
                tid = first_str(v.get("conversation_id"), resp.get("id"))
                current = TraceBuilder(
                    source=NAME,
                    trace_id=tid or default_trace_id(path, line),
                    path=path,
                    line=line,
                    coverage=coverage,
                )
            _add_response(current, v, line)
            last_id = first_str(resp.get("id"))
            continue
        if is_item(v) or (isinstance(v, dict) and "role" in v):
            if current is None:
                current = TraceBuilder(
                    source=NAME,
                    trace_id=default_trace_id(path, line),
                    path=path,
                    line=line,
                    coverage=coverage,
                )
            add_item(current, v, line)
            continue
        kind = (v.get("type") or v.get("object")) if isinstance(v, dict) else None
        coverage.note("unknown record type", str(kind or type(v).__name__), line)
    if current is not None:
        yield current.record()
    for group in grouper.finish():
        yield _sdk_trace(group, path, coverage).record()


# ---- Agents SDK ---------------------------------------------------------------------------


def _sdk_add(
    grouper: Grouper, rec: Any, path: str, line: int, coverage: Coverage
) -> Iterator[ReadItem]:
    if not isinstance(rec, dict) or str_field(rec, "object") not in _SDK_OBJECTS:
        kind = rec.get("object") if isinstance(rec, dict) else type(rec).__name__
        coverage.note("unknown record type", str(kind), line)
        return
    is_trace = rec["object"] == "trace"
    key = first_str(rec.get("id") if is_trace else rec.get("trace_id")) or "?"
    done, late = grouper.add(
        key, rec, line, header=is_trace, is_root=not is_trace and rec.get("parent_id") is None
    )
    if late:
        coverage.note("span after its trace was complete", key, line)
    for group in done:
        yield _sdk_trace(group, path, coverage).record()


def _sdk_trace(group: Group, path: str, coverage: Coverage) -> TraceBuilder:
    b = TraceBuilder(source=NAME, trace_id=group.key, path=path, line=group.line, coverage=coverage)
    header = as_dict(group.header)
    b.meta["format"] = "openai-agents"
    b.meta["workflow_name"] = header.get("workflow_name")
    b.meta["group_id"] = header.get("group_id")
    if isinstance(header.get("metadata"), dict):
        b.meta["metadata"] = header["metadata"]
    spans = sorted(group.records, key=lambda r: (str(r[0].get("started_at") or ""), r[1]))
    has_tools = any(as_dict(s.get("span_data")).get("type") == "function" for s, _ in spans)
    history = History(b, tools=not has_tools)
    items_seen = 0
    # Each span contributes a start and an end event, ordered by time, then span order.
    events: list[tuple[str, int, str, dict[str, Any], int]] = []
    for n, (span, line) in enumerate(spans):
        events.append((str(span.get("started_at") or ""), 2 * n, "start", span, line))
        end = str(span.get("ended_at") or span.get("started_at") or "")
        events.append((end, 2 * n + 1, "end", span, line))
    events.sort(key=lambda e: (e[0], e[1]))
    for _, _, phase, span, line in events:
        data = as_dict(span.get("span_data"))
        kind = data.get("type")
        ts = span.get("started_at") if phase == "start" else span.get("ended_at")
        if kind == "function":
            sid = str(span.get("id"))
            if phase == "start":
                b.call(first_str(data.get("name")), data.get("input"), sid, ts)
            else:
                err = span.get("error")
                error = (first_str(err.get("message")) or err) if isinstance(err, dict) else err
                error = error or _framework_error(data.get("output"))
                ok = False if error else (True if span.get("ended_at") else None)
                b.result(sid, data.get("output"), ok=ok, error=error, ts=ts, line=line)
        elif kind == "generation":
            if phase == "start":
                history.inputs(data.get("input"), ts, line)
                b.meta.setdefault("model", data.get("model"))
            else:
                history.output(data.get("output"), ts, line)
        elif kind == "response":
            inp, resp = data.get("input"), data.get("response")
            if phase == "start" and isinstance(inp, (list, str)):
                inp = [{"role": "user", "content": inp}] if isinstance(inp, str) else inp
                new = inp[items_seen:] if len(inp) >= items_seen else inp
                for it in new:
                    add_item(b, it, line, ts, tools=not has_tools)
                items_seen = len(inp)
            elif phase == "end" and isinstance(resp, dict):
                out = as_list(resp.get("output"))
                for it in out:
                    add_item(b, it, line, ts, tools=not has_tools)
                items_seen += len(out)
        elif kind in (None, "") and phase == "start":
            coverage.note("unknown span type", "none", line)
    return b

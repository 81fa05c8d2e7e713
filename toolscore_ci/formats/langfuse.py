"""Langfuse trace exports: a trace with its `observations` (as `GET /api/public/traces/{id}`
returns it), flat observations linked by `traceId` (JSON Lines or an array, or the API's
`{"data": [...]}` page).

`GENERATION` observations carry the conversation (new messages of `input`, then `output`);
`TOOL` observations, and leaf `SPAN`/`RETRIEVER` observations (what `@observe` makes of a tool
function) with an `input` or an `output`, become a tool call and its result (a leaf with neither
marks a moment, as CrewAI's own "Crew Created" spans do, and a leaf given the conversation state
`{"messages": [...]}` is a graph's own step, as LangGraph's routing functions are: both counted); `level: ERROR` makes a result failed (the reason
is `statusMessage`) and an ERROR event or generation becomes an environment message. A trace
without generations takes its own `input` / `output` as the user message and the answer.

Also the Langfuse app's trace JSON, `{"trace": {...}, "observations": [...]}` (the trace and,
beside it, its observations with their `input` / `output`; the copy under `trace` may carry
them empty). Observations that OpenTelemetry instrumentations sent hold their `input` /
`output` as JSON text: it is parsed; a Responses API response as a generation's output gives
its `output` items, one choice (a `gen_ai.choice` event: `{"index", "message"}`) its message, a
call's own arguments (`{"args": ["..."]}`, a completion's prompt) the first of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._group import Group, Grouper
from toolscore_ci.formats._messages import History, normalise_message, role_of
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    first_str,
    parse_json_text,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "langfuse"
TYPES = frozenset(
    {
        "GENERATION",
        "SPAN",
        "EVENT",
        "TOOL",
        "AGENT",
        "CHAIN",
        "RETRIEVER",
        "EVALUATOR",
        "EMBEDDING",
        "GUARDRAIL",
    }
)
_TOOLISH_LEAVES = frozenset({"SPAN", "RETRIEVER"})


def _is_trace(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("observations"), list) and "id" in v


def _is_observation(v: Any) -> bool:
    return isinstance(v, dict) and "traceId" in v and str(v.get("type", "")).upper() in TYPES


def _app_trace(v: Any) -> tuple[dict[str, Any], list[Any]] | None:
    """The trace and its observations of the app's trace JSON: `{"trace", "observations"}`;
    the observations beside the trace (with their input and output) before its own copy."""
    if not isinstance(v, dict) or set(v) != {"trace", "observations"}:
        return None
    trace, beside = v["trace"], v["observations"]
    if not isinstance(trace, dict) or "id" not in trace or not isinstance(beside, list):
        return None
    own = trace.get("observations")
    return trace, beside if beside or not isinstance(own, list) else own


def sniff(first: Any) -> bool:
    if isinstance(first, dict) and isinstance(first.get("data"), list) and first["data"]:
        first = first["data"][0]
    return _is_trace(first) or _is_observation(first) or _app_trace(first) is not None


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    grouper = Grouper()
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        records = v["data"] if isinstance(v, dict) and isinstance(v.get("data"), list) else [v]
        for rec in records:
            app = _app_trace(rec)
            if app is not None:
                trace, observations = app
                obs = [(o, line) for o in observations if isinstance(o, dict)]
                yield _trace(
                    Group(str(trace["id"]), line, obs, trace, True), path, coverage
                ).record()
            elif _is_trace(rec):
                obs = [(o, line) for o in rec["observations"] if isinstance(o, dict)]
                yield _trace(Group(str(rec["id"]), line, obs, rec, True), path, coverage).record()
            elif _is_observation(rec):
                key = str(rec["traceId"])
                done, late = grouper.add(key, rec, line, is_root=not rec.get("parentObservationId"))
                if late:
                    coverage.note("observation after its trace was complete", key, line)
                for group in done:
                    yield _trace(group, path, coverage).record()
            else:
                kind = rec.get("type") if isinstance(rec, dict) else type(rec).__name__
                coverage.note("unknown record type", str(kind), line)
    for group in grouper.finish():
        yield _trace(group, path, coverage).record()


def _asked(inp: Any) -> str | None:
    """The last user message of a run's input when it is a conversation state
    (`{"messages": [...]}`, as a LangGraph graph is given it); None for any other input."""
    state = parse_json_text(inp)
    messages = state.get("messages") if isinstance(state, dict) else None
    if not _is_graph_state(state):
        return None
    users = [m for m in map(normalise_message, as_list(messages)) if m and role_of(m) == "user"]
    return text_of(users[-1].get("content")) if users else None


def _is_graph_state(inp: Any) -> bool:
    """An input that is a conversation's state: `{"messages": [...]}` of messages (LangChain
    dumps or role messages), what every node and edge of a LangGraph graph is given."""
    state = parse_json_text(inp)
    messages = state.get("messages") if isinstance(state, dict) else None
    return (
        isinstance(messages, list)
        and bool(messages)
        and all(isinstance(m, dict) and ("role" in m or "type" in m) for m in messages)
    )


def _args(inp: Any) -> Any:
    """`@observe` records a function's inputs as {"args": [...], "kwargs": {...}}."""
    inp = parse_json_text(inp)  # an instrumentation's JSON text
    if isinstance(inp, dict) and set(inp) <= {"args", "kwargs"} and not inp.get("args"):
        return as_dict(inp.get("kwargs"))
    if isinstance(inp, str) or inp is None or isinstance(inp, dict):
        return inp
    return {"input": inp}


def _messages(value: Any) -> Any:
    value = parse_json_text(value)  # an instrumentation's JSON text
    if isinstance(value, dict):
        if isinstance(value.get("messages"), list):
            return value["messages"]
        if value.get("object") == "response" and isinstance(value.get("output"), list):
            return value["output"]  # a Responses API response: its output items
        if "role" not in value and isinstance(as_dict(value.get("message")).get("role"), str):
            return value["message"]  # one choice (a `gen_ai.choice` event: index, message)
        args = value.get("args")
        if "role" not in value and isinstance(args, list) and args:
            # a call's own arguments (`@observe`, OpenInference's `input.value`:
            # `llm.complete("...")` records {"args": ["..."]}): the first is the prompt
            return args[0] if isinstance(args[0], (str, list)) else None
        if isinstance(value.get("choices"), list) and value["choices"]:
            return (
                value["choices"][0].get("message")
                if isinstance(value["choices"][0], dict)
                else None
            )
        if "role" not in value:
            return first_str(
                value.get("input"),
                value.get("output"),
                value.get("query"),
                value.get("answer"),
                value.get("content"),
            )
    return value


def _trace(group: Group, path: str, coverage: Coverage) -> TraceBuilder:
    b = TraceBuilder(source=NAME, trace_id=group.key, path=path, line=group.line, coverage=coverage)
    header = group.header if isinstance(group.header, dict) else {}
    b.meta["session_id"] = header.get("sessionId")
    b.meta["name"] = header.get("name")
    norm = b.normalise  # each observation's times are normalised once, then memoised
    obs = sorted(group.records, key=lambda r: norm(r[0].get("startTime")) or "")
    parents = {str_field(o, "parentObservationId") for o, _ in obs} - {None}
    kinds = {id(o): str(o.get("type", "")).upper() for o, _ in obs}
    for o, line in obs:
        k = kinds[id(o)]
        if k in _TOOLISH_LEAVES and (
            str_field(o, "id") in parents or not o.get("parentObservationId")
        ):
            kinds[id(o)] = k + "-structure"  # a span with children, or the root, is not a tool
        elif k in _TOOLISH_LEAVES and o.get("input") is None and o.get("output") is None:
            # a leaf that took and gave nothing marks a moment (a framework's own telemetry:
            # CrewAI's "Crew Created"); a tool function's span records its arguments
            kinds[id(o)] = k + "-structure"
            coverage.note(
                "span without input or output, not read as a tool call", k, line, info=True
            )
        elif k in _TOOLISH_LEAVES and _is_graph_state(o.get("input")):
            # a graph's own step: given the whole conversation state (a LangGraph routing
            # function, `should_continue`, answers the next node's name), not a tool's arguments
            kinds[id(o)] = k + "-structure"
            coverage.note(
                "span given the conversation state, not read as a tool call", k, line, info=True
            )
    has_tools = any(k in ("TOOL", "SPAN", "RETRIEVER") for k in kinds.values())
    has_gen = any(k == "GENERATION" for k in kinds.values())
    history = History(b, tools=not has_tools)
    if not has_gen and header.get("input") is not None:
        history.inputs(_messages(header.get("input")), header.get("timestamp"), group.line)
    roots = [o for o, _ in obs if not o.get("parentObservationId")]
    asked = _asked(roots[0].get("input") if len(roots) == 1 else None)
    if asked is not None:
        # the run's own input says what was asked; the model's first user message may be a
        # prompt a graph node put before it (a LangGraph node's "Be helpful!")
        b.instruction = asked
    events = []
    for n, (o, line) in enumerate(obs):
        start = norm(o.get("startTime")) or ""
        end = norm(o.get("endTime")) or start
        events.append((start, 2 * n, "start", o, line))
        events.append((end, 2 * n + 1, "end", o, line))
    events.sort(key=lambda e: (e[0], e[1]))
    for when, _, phase, o, line in events:
        kind, ts = kinds[id(o)], when or None
        error = (
            (first_str(o.get("statusMessage")) or "ERROR") if o.get("level") == "ERROR" else None
        )
        if kind in ("TOOL", "SPAN", "RETRIEVER"):
            oid = str(o.get("id") or f"obs@{line}")
            if phase == "start":
                b.call(first_str(o.get("name")), _args(o.get("input")), oid, ts)
            else:
                ok = False if error else (True if o.get("endTime") else None)
                b.result(oid, o.get("output"), ok=ok, error=error, ts=ts, line=line)
        elif kind == "GENERATION":
            if phase == "start":
                b.meta.setdefault("model", o.get("model"))
                history.inputs(_messages(o.get("input")), ts, line)
            else:
                if o.get("output") is not None:
                    history.output(_messages(o.get("output")), ts, line)
                if error:
                    b.environment(f"generation error: {error}", ts)
        elif kind == "EVENT" and error and phase == "start":
            b.environment(f"{o.get('name') or 'event'}: {error}", ts)
        elif kind not in TYPES and not kind.endswith("-structure") and phase == "start":
            coverage.note("unknown observation type", kind, line)
    if not has_gen and header.get("output") is not None:
        out = _messages(header.get("output"))
        b.agent(text_of(out) if not isinstance(out, str) else out, None)
    return b

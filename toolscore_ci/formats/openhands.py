"""OpenHands event streams (All-Hands-AI/OpenHands, MIT).

OpenHands records a run as a list of events (`save_trajectory_path`, the conversation's event
export): an action `{"id", "timestamp", "source", "message", "action", "args"}` or an
observation `{"id", "timestamp", "source", "message", "observation", "content", "extras",
"cause"}`, where `cause` is the id of the action it answers. A file of events (a JSON array or
JSON Lines) is one trace; its evaluation output (`{"instance_id", "instruction", "history":
[events], ...}` a line) gives one trace a line. Mapping:

- `message` actions -> a user or agent message by `source` (`args.content`); `system` ->
  `meta.system`; `finish` -> the agent's closing message (`args.final_thought`, else its
  `message`); `think`, `recall` and state-change events are the agent's own bookkeeping and
  are dropped without a count;
- any other action (`run`, `run_ipython`, `read`, `write`, `edit`, `browse`, `mcp`, ...) -> its
  `args.thought` (what the model said with the call) as an agent message, then a tool_call.
  Function-calling agents (CodeAct) record the model's own call in `tool_call_metadata`
  (`tool_call_id`, and `model_response`, the LLM's chat completion): the tool_call is that
  call, named and with the arguments the model gave (`str_replace_editor` with `command:
  create` and `file_text`), since OpenHands' translation into its action (`edit` with
  `content: ""` for an editor create) loses what was asked. Without it (older events, or a
  response not kept), the tool_call is named by the action, arguments its `args`;
- an observation -> the result of the action named by its `cause`: output its `content`, or
  `extras.formatted_output_and_error` where the file editor gave one (what the model was
  shown: "File created successfully at: ...", where `content` is a diff); `ok` from
  `extras.metadata.exit_code` where the shell gave one (0 is ok; -1, a command still running
  after the soft timeout, is unknown, as the V1 reader reads it), false for an `error`
  observation, else null. An error observation that answers no action is an environment
  message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "openhands"
_SILENT_ACTIONS = frozenset({"think", "recall", "change_agent_state", "null", "condensation"})
_SILENT_OBSERVATIONS = frozenset({"agent_state_changed", "null", "recall", "think", "condense"})


def is_event(v: Any) -> bool:
    if type(v) is not dict or type(v.get("source")) is not str or "id" not in v:
        return False
    if type(v.get("action")) is str:
        return "args" in v
    return type(v.get("observation")) is str and ("content" in v or "cause" in v)


def _is_run(v: Any) -> bool:
    hist = v.get("history") if type(v) is dict else None
    return type(hist) is list and bool(hist) and is_event(hist[0]) and "instance_id" in v


def sniff(first: Any) -> bool:
    return is_event(first) or _is_run(first)


class _Stream:
    """One trace being built from events in order."""

    def __init__(self, b: TraceBuilder) -> None:
        self.b = b

    def event(self, ev: dict[str, Any], path: str, line: int, where: str) -> InputIssue | None:
        b, ts = self.b, ev.get("timestamp")
        action = ev.get("action")
        if type(action) is str:
            args = ev.get("args")
            if type(args) is not dict:
                return InputIssue(path, line, f"{where}.args", "an action's args must be an object")
            if action == "system":
                b.meta.setdefault("system", text_of(args.get("content")))
            elif action == "message":
                text = text_of(args.get("content")) or first_str(ev.get("message"))
                (b.user if ev.get("source") == "user" else b.agent)(text, ts)
            elif action == "finish":
                b.agent(first_str(args.get("final_thought"), ev.get("message")), ts)
            elif action not in _SILENT_ACTIONS:
                # what the model said with the call: narration before it, not an argument
                thought = args.get("thought")
                b.agent(thought if type(thought) is str else None, ts)
                called = _model_call(ev)
                if called is None:
                    called = action, {k: v for k, v in args.items() if k != "thought"}
                b.call(called[0], called[1], str(ev.get("id")), ts)
            return None
        kind = ev.get("observation")
        if kind in _SILENT_OBSERVATIONS:
            return None
        content = ev.get("content")
        extras = as_dict(ev.get("extras"))
        # the file editor's answer as the model saw it; `content` holds a diff of the edit
        shown = extras.get("formatted_output_and_error")
        if type(shown) is str and shown.strip():
            content = shown
        code = as_dict(extras.get("metadata")).get("exit_code")
        ok: bool | None = None
        error: str | None = None
        if kind == "error":
            ok, error = False, text_of(content) or "error"
        elif type(code) is int and code != -1:  # -1: still running after the soft timeout
            ok = code == 0
            error = None if ok else f"exit code {code}"
        cause = ev.get("cause")
        if cause is None or str(cause) not in b.calls:
            if kind == "error":
                b.environment(text_of(content) or "error", ts)
                return None
            b.coverage.note("observation answering no action", str(kind), line)
            return None
        b.result(
            str(cause), None if kind == "error" else content, ok=ok, error=error, ts=ts, line=line
        )
        return None


def _model_call(ev: dict[str, Any]) -> tuple[str, Any] | None:
    """The model's own call an action was made from: (name, arguments) of the tool call in
    `tool_call_metadata.model_response` whose id is the metadata's `tool_call_id`; None when
    the event does not carry it."""
    meta = as_dict(ev.get("tool_call_metadata"))
    call_id = str_field(meta, "tool_call_id")
    if call_id is None:
        return None
    for choice in as_list(as_dict(meta.get("model_response")).get("choices")):
        for call in as_list(as_dict(as_dict(choice).get("message")).get("tool_calls")):
            if str_field(call, "id") != call_id:
                continue
            fn = as_dict(as_dict(call).get("function"))
            name = str_field(fn, "name")
            return None if not name else (name, fn.get("arguments"))
    return None


def _builder(path: str, line: int, coverage: Coverage, trace_id: str | None = None) -> TraceBuilder:
    return TraceBuilder.at(NAME, path, line, coverage, trace_id)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    stream: _Stream | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if _is_run(v):
            run = _Stream(_builder(path, item.line, coverage, first_str(str(v["instance_id"]))))
            run.b.task_id = str(v["instance_id"])
            run.b.domain = "coding"
            for n, ev in enumerate(v["history"]):
                issue = (
                    run.event(ev, path, item.line, f"$.history[{n}]")
                    if is_event(ev)
                    else InputIssue(path, item.line, f"$.history[{n}]", _NOT_EVENT)
                )
                if issue is not None:
                    yield issue
            yield run.b.record()
            continue
        if not is_event(v):
            yield InputIssue(path, item.line, "$", _NOT_EVENT)
            continue
        if stream is None:
            stream = _Stream(_builder(path, item.line, coverage, None))
        issue = stream.event(v, path, item.line, "$")
        if issue is not None:
            yield issue
    if stream is not None:
        yield stream.b.record()


_NOT_EVENT = (
    "not an OpenHands event (an object with `id`, `source` and `action` + `args` or "
    "`observation` + `content`); left out"
)

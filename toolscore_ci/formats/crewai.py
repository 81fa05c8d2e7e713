"""CrewAI event logs: the events of a crew's run as an event listener writes them, one a line
(`event.to_json()` or `event.model_dump(mode="json")` in a `BaseEventListener` handler on
`crewai_event_bus`), or a JSON array of them.

Every event carries its `type` tag and a `timestamp` (`BaseEvent`,
`lib/crewai/src/crewai/events/base_events.py`). Read (`events/types/tool_usage_events.py`,
`task_events.py`, `agent_events.py`, `crew_events.py`): `tool_usage_started` is a call
(`tool_name`, `tool_args`: an object or a JSON string; its `event_id` is the call's id);
`tool_usage_finished` its result (`output`: what the tool returned, often its `str()`; paired by
`started_event_id`, else by tool name). **`tool_usage_error`** (`error`: the exception's text)
**is a failed call**, and so are `tool_execution_error`, `tool_validate_input_error` and
`tool_selection_error` (a call the agent asked for that never ran: a call and its failed result
when no started event opened it); a finished event whose `failure` (`ToolFailure`: `message`,
`reason`) is set, or that a `tool_failure_detected` event flagged, failed too, as does an
output that is CrewAI's own tool-error text ("I encountered an error while trying to use the
tool...", vocab/tool_errors.yaml). Any other finished call is ok. `task_started` is the user's
request (the task's `task_name`, which CrewAI fills with its description when it has no name;
else its `task.description`); `agent_execution_completed` `output`, `task_completed`
`output.raw` (`TaskOutput`) and `crew_kickoff_completed` `output.raw` (`CrewOutput`) are the
agent's report, each kept once when they repeat one another. `task_failed`, `agent_execution_error`
and `crew_kickoff_failed` are environment messages.

Not read: the model calls (`llm_call_started` / `llm_call_completed`: their messages and the
ReAct `Thought / Action / Action Input / Observation` text are the history again, and the
events above say what was called and how it went), stream chunks, the run's start events
(`crew_kickoff_started`, `agent_execution_started`), memory, knowledge, reasoning, guardrail and
flow events, all dropped without a count; a saved `CrewOutput` or `TaskOutput` alone (no
tool calls in it: `TaskOutput.messages` would need the ReAct text parsed) is not this format;
any other event type is counted.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import read_conversations
from toolscore_ci.formats._trace import TraceBuilder, as_dict, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue
from toolscore_ci.vocab import framework_error_prefixes

NAME = "crewai"
_STARTED = "tool_usage_started"
_FINISHED = "tool_usage_finished"
_FLAGGED = "tool_failure_detected"
#: Events of a tool that raised, or of a call that could not be made.
_TOOL_ERRORS = frozenset(
    {
        "tool_usage_error",
        "tool_execution_error",
        "tool_validate_input_error",
        "tool_selection_error",
    }
)
_TOOL_TYPES = frozenset({_STARTED, _FINISHED, _FLAGGED, *_TOOL_ERRORS})
#: The agent's report, at three levels that usually repeat one another.
_REPORTS = frozenset({"agent_execution_completed", "task_completed", "crew_kickoff_completed"})
_FAILURES = frozenset({"task_failed", "agent_execution_error", "crew_kickoff_failed"})
#: Events that say nothing a check reads (see the docstring).
_SILENT = frozenset(
    {
        "crew_kickoff_started",
        "agent_execution_started",
        "llm_call_started",
        "llm_call_completed",
        "llm_call_failed",
        "llm_stream_chunk",
        "tool_usage_started_with_cache",
        "memory_query_started",
        "memory_query_completed",
        "memory_save_started",
        "memory_save_completed",
        "memory_retrieval_started",
        "memory_retrieval_completed",
        "knowledge_retrieval_started",
        "knowledge_retrieval_completed",
        "knowledge_query_started",
        "knowledge_query_completed",
        "agent_reasoning_started",
        "agent_reasoning_completed",
        "agent_logs_started",
        "agent_logs_execution",
        "llm_guardrail_started",
        "llm_guardrail_completed",
        "task_evaluation",
    }
)
_KNOWN = _TOOL_TYPES | _REPORTS | _FAILURES | _SILENT | {"task_started"}
#: CrewAI's text for a tool that raised (`translations/en.json`, `tool_usage_exception`).

#: Per run: the failure a `tool_failure_detected` event flagged, by tool name, for its
#: finished event.
_FLAGGED_BY: weakref.WeakKeyDictionary[TraceBuilder, dict[str, str]] = weakref.WeakKeyDictionary()


def _is_event(value: Any) -> bool:
    """A CrewAI event: a known `type` and a `timestamp`; a tool event names its tool and
    arguments instead."""
    if type(value) is not dict or type(value.get("type")) is not str:
        return False
    kind = value["type"]
    if kind in _TOOL_TYPES:
        return type(value.get("tool_name")) is str and "tool_args" in value
    return kind in _KNOWN and "timestamp" in value


def _event_list(value: Any) -> list[Any] | None:
    if (
        type(value) is list
        and value
        and all(type(e) is dict for e in value)
        and any(_is_event(e) and e["type"] in _TOOL_TYPES for e in value)
    ):
        return value
    return None


def sniff(first: Any) -> bool:
    if type(first) is dict and type(first.get("events")) is list:
        return _event_list(first["events"]) is not None
    return _is_event(first) or _event_list(first) is not None


def _events_of(value: Any) -> list[Any] | None:
    """The events of a whole run: a list of them, or an object holding them as `events`."""
    if type(value) is dict:
        return _event_list(value.get("events"))
    return _event_list(value)


def _report(event: dict[str, Any]) -> str | None:
    """The text of a report event: `output` as text, or a TaskOutput's / CrewOutput's `raw`."""
    output = event.get("output")
    if type(output) is dict:
        return first_str(output.get("raw"))
    return text_of(output)


def _failed_output(output: Any) -> str | None:
    """CrewAI's own tool-error text in a finished call's output (its message), else None."""
    if type(output) is str and output.lstrip().startswith(framework_error_prefixes(NAME)):
        return output
    return None


def _error_text(error: Any, kind: str) -> str:
    """An error event's `error` as text: a string as it is, anything else its `str()`."""
    if type(error) is str and error:
        return error
    return kind if error is None else str(error)


def _open_id(b: TraceBuilder, event: dict[str, Any]) -> str | None:
    """The call a result answers: its started event's id when that opened a call, else
    None (paired by name)."""
    started = first_str(event.get("started_event_id"))
    if started is not None and any(cid == started for _, cid in b.open_by_name):
        return started
    return None


def _is_open(b: TraceBuilder, name: str | None) -> bool:
    return any(n == name for n, _ in b.open_by_name)


def _tool(b: TraceBuilder, event: dict[str, Any], line: int | None) -> None:
    kind, ts = event["type"], event.get("timestamp")
    name = first_str(event.get("tool_name"))
    if name is None:
        b.coverage.note("tool event without a tool name", kind, line)
        return
    if kind == _STARTED:
        b.call(name, event.get("tool_args"), first_str(event.get("event_id")), ts)
        return
    flagged = _FLAGGED_BY.setdefault(b, {})
    if kind == _FLAGGED:
        failure = as_dict(event.get("failure"))
        flagged[name] = first_str(failure.get("message")) or "tool_failure_detected"
        return
    call_id = _open_id(b, event)
    if not _is_open(b, name) and kind in _TOOL_ERRORS:
        b.call(name, event.get("tool_args"), None, ts)  # a call that never started
    if kind in _TOOL_ERRORS:
        error = _error_text(event.get("error"), kind)
        b.result(call_id, error, ok=False, error=error, ts=ts, name=name, line=line)
        flagged.pop(name, None)
        return
    output = event.get("output")
    failure = as_dict(event.get("failure"))
    error = (
        first_str(failure.get("message"))
        or (str(event["failure"]) if event.get("failure") is not None else None)
        or flagged.pop(name, None)
        or _failed_output(output)
    )
    flagged.pop(name, None)
    ts = event.get("finished_at", ts)
    b.result(call_id, output, ok=error is None, error=error, ts=ts, name=name, line=line)


def _task(event: dict[str, Any]) -> str | None:
    task = as_dict(event.get("task"))
    return first_str(event.get("task_name"), task.get("description"), task.get("name"))


def _add(b: TraceBuilder, event: Any, line: int | None) -> None:
    kind = event.get("type") if type(event) is dict else None
    if type(kind) is not str:
        b.coverage.note("unknown event type", type(event).__name__, line)
        return
    ts = event.get("timestamp")
    if kind in _TOOL_TYPES:
        _tool(b, event, line)
    elif kind == "task_started":
        text = _task(event)
        if text is None:
            b.coverage.note("task without a description", kind, line)
        b.user(text, ts)
    elif kind in _REPORTS:
        text = _report(event)
        if text is not None and text != b.final_text:  # the level below gave it already
            b.agent(text, ts)
    elif kind in _FAILURES:
        b.environment(f"{kind}: {_error_text(event.get('error'), kind)}", ts)
    elif kind not in _SILENT:
        b.coverage.note("unknown event type", kind, line)


def _trace_id(value: Any) -> str | None:
    return first_str(value.get("id"), value.get("crew_id")) if type(value) is dict else None


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_events_of,
        is_message=_is_event,
        add=_add,
        trace_id=_trace_id,
        kind_key="type",
    )

"""Google ADK (Agent Development Kit) sessions: a `Session` as `model_dump()` gives it
(snake_case) or as the ADK API server and `model_dump(by_alias=True)` give it (camelCase):
`{"id", "app_name", "user_id", "state", "events": [...]}`.

An `Event` (google.adk.events.Event) has `author` ("user", or the name of the agent that
appended it), `invocation_id`, `id`, `timestamp` (epoch seconds), `actions` and `content`, a
Gemini `Content` (`role`, `parts`). The author decides whose text a `text` part is: "user" is
the user, any other author an agent. Calls and results go by part kind, read as the gemini
reader reads them (`gemini.add_parts`): a `function_call` (`id`, `name`, `args`) is a call and
a `function_response` (`id`, `name`, `response`) its result, paired by id. ADK puts a tool's
answer in a `role: "user"` content authored by the agent, so the role is not read. A tool's
failure is what its response says: `{"error": ...}`, what ADK itself answers for a tool it
could not run (unknown tool, bad arguments, a rejected confirmation), is the failed call; ADK's
retry plugin's `response_type` too; any other object (the documented tool convention
`{"status": "error", "error_message": ...}` included) goes to the shared status logic as the
output. An event's `error_code` / `error_message` (a model error, an aborted invocation) fails
the function responses it carries, or is an environment message when it carries none.
`partial` (streamed) events are left out with a count: ADK stores only the complete event
that follows them. Thought parts are dropped; other parts are counted.

Accepted shapes, per JSON value: a session (its `id` the trace id), a page of events
(`{"events": [...]}`), a list of events, or one event (a file of events, as JSON Lines or a
JSON array, is one conversation).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import gemini
from toolscore_ci.formats._conversations import read_conversations
from toolscore_ci.formats._trace import TraceBuilder, first_str
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "google-adk"
#: Event fields besides `author` and `content` that only an ADK event has, in either case.
_EVENT_KEYS = ("invocation_id", "invocationId", "actions")


def _event_content(value: dict[str, Any]) -> bool:
    """The event's content is absent or a Gemini content (its parts may be empty)."""
    content = value.get("content")
    if content is None:
        return True
    if not isinstance(content, dict):
        return False
    parts = content.get("parts")
    if parts is None:
        return True
    return isinstance(parts, list) and all(gemini.part_kind(p) or _bare(p) for p in parts)


def _bare(part: Any) -> bool:
    """A part that sets no content field (only a signature or metadata): read as nothing."""
    return isinstance(part, dict) and "type" not in part


def _is_event(value: Any) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("author"), str):
        return False
    if not _event_content(value):
        return False
    return gemini.is_content(value.get("content"), role_required=False) or any(
        k in value for k in _EVENT_KEYS
    )


def _events_of(value: Any) -> list[Any] | None:
    held = value.get("events") if isinstance(value, dict) else value
    if isinstance(held, list) and held and all(_is_event(e) for e in held):
        return held
    return None


def sniff(first: Any) -> bool:
    return _is_event(first) or _events_of(first) is not None


def _field(event: dict[str, Any], snake: str, camel: str) -> Any:
    value = event.get(snake)
    return event.get(camel) if value is None else value


def _add(b: TraceBuilder, event: dict[str, Any], line: int | None) -> None:
    if event.get("partial") is True:
        b.coverage.note(
            "partial (streamed) event",
            "partial",
            line,
            outcome="left out: ADK keeps the complete event that follows",
            info=True,
        )
        return
    ts = event.get("timestamp")
    code = first_str(_field(event, "error_code", "errorCode"))
    message = first_str(_field(event, "error_message", "errorMessage"))
    failure = (message or code) if (code or message) else None
    answered = gemini.add_parts(
        b,
        gemini.parts_of(event.get("content")),
        agent=event["author"] != "user",
        ts=ts,
        line=line,
        failed=failure,
    )
    if failure is not None and not answered:
        b.environment(": ".join(t for t in (code, message) if t), ts)


def _trace_id(value: Any) -> str | None:
    return first_str(value.get("id")) if isinstance(value, dict) else None


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
        kind_key="author",
    )

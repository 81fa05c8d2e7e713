"""The read loop of the message-list formats: each JSON value that holds a whole conversation
is one trace; loose messages, one a value (a JSON array of them, or one a line), make one
conversation for the file; anything else is counted, never dropped silently."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from toolscore_ci.formats._trace import TraceBuilder, default_trace_id, first_str
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue


def id_or_run_id(value: Any) -> str | None:
    """A saved run's own name: its `id`, else its `run_id` (what most frameworks' dumps hold)."""
    return first_str(value.get("id"), value.get("run_id")) if isinstance(value, dict) else None


def read_conversations(
    values: Iterator[JsonValue | InputIssue],
    path: str,
    coverage: Coverage,
    *,
    source: str,
    held: Callable[[Any], list[Any] | None],
    is_message: Callable[[Any], bool],
    add: Callable[[TraceBuilder, Any, int | None], None],
    trace_id: Callable[[Any], str | None],
    kind_key: str,
) -> Iterator[ReadItem]:
    """`held(value)`: the messages of a whole conversation, or None; `is_message(value)`: a
    loose message; `add` puts one message on the builder; `trace_id(value)` names a whole
    conversation; `kind_key` is the field an unknown record is counted by."""
    stream: TraceBuilder | None = None

    def builder(line: int, tid: str | None = None) -> TraceBuilder:
        return TraceBuilder(
            source=source,
            trace_id=tid or default_trace_id(path, line),
            path=path,
            line=line,
            coverage=coverage,
        )

    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        messages = held(v)
        if messages is not None:
            b = builder(line, trace_id(v))
            for message in messages:
                add(b, message, line)
            yield b.record()
        elif is_message(v):
            if stream is None:
                stream = builder(line)
            add(stream, v, line)
        else:
            kind = v.get(kind_key) if isinstance(v, dict) else type(v).__name__
            coverage.note("unknown record type", str(kind), line)
    if stream is not None:
        yield stream.record()

"""agent-trace/v1: the native format, one trace per JSON value (JSON Lines, a document or an
array of documents)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue, TraceRecord

NAME = "agent-trace"
SCHEMA_ID = "agent-trace/v1"


def sniff(first: Any) -> bool:
    return isinstance(first, dict) and (
        first.get("schema") == SCHEMA_ID or ("steps" in first and "trace_id" in first)
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    del coverage  # nothing to map: records are validated as they are
    for item in values:
        if isinstance(item, InputIssue):
            yield item
        elif isinstance(item.value, dict):
            yield TraceRecord(item.value, path, item.line, SCHEMA_ID)
        else:
            kind = type(item.value).__name__
            yield InputIssue(path, item.line, "$", f"expected a trace object, got {kind}")

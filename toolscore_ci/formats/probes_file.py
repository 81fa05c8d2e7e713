"""A state-probes file met among traces (a folder passed to `check` holds both): recognised by
its structure, reported with what to do, and never read as traces."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "state-probes"
#: A probes file gives no trace by design, and says so itself.
READS_TRACES = False


def sniff(first: Any) -> bool:
    return (
        isinstance(first, dict)
        and isinstance(first.get("trace_id"), str)
        and isinstance(first.get("name"), str)
        and "ts" in first
        and "steps" not in first
        and "messages" not in first
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    del coverage
    count = sum(1 for item in values if isinstance(item, JsonValue))
    yield InputIssue(
        path,
        None,
        "",
        f"a state-probes file ({count} probe{'s' if count != 1 else ''}), not traces: "
        f"pass it with --probes {path}",
        severity="warning",
    )

"""Cline's `ui_messages.json` met among traces: the chat as Cline's panel shows it (one
`ClineMessage` a record: `ts`, `type` ask|say, the `ask` / `say` kind and its `text`), kept in
each task folder beside `api_conversation_history.json`. Recognised by its structure and
reported, never read as a trace: its tool results are what the panel showed (a command's output
without its exit code, a file tool's request with no outcome), so a verdict read from it could
not be trusted. The task's `api_conversation_history.json` holds the same run as the model saw
it and is read by the `cline` reader: beside it, this file is a warning; alone, an error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "cline-ui"
#: The panel's copy gives no trace by design, and says so itself.
READS_TRACES = False
#: The file a Cline task keeps the model's conversation in (`GlobalFileNames`)
HISTORY = "api_conversation_history.json"


def sniff(first: Any) -> bool:
    """One `ClineMessage`: an integer `ts` and `type` ask with a string `ask`, or say with a
    string `say`."""
    if not isinstance(first, dict) or not isinstance(first.get("ts"), int):
        return False
    kind = first.get("type")
    return kind in ("ask", "say") and isinstance(first.get(kind), str)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    del coverage
    line: int | None = None
    count = 0
    for item in values:
        if isinstance(item, JsonValue):
            line = item.line if line is None else line
            count += 1
    history = os.path.join(os.path.dirname(path) or ".", HISTORY)
    beside = os.path.isfile(history)
    yield InputIssue(
        path,
        line,
        "$",
        f"Cline's ui_messages ({count} panel message{'s' if count != 1 else ''}), not read: "
        "it shows tool results only as the panel did (no exit codes, no outcome of a file "
        "tool); "
        + (
            f"the task is read from {HISTORY} beside it"
            if beside
            else f"check the task's {HISTORY} (in the same task folder) instead"
        ),
        severity="warning" if beside else "error",
    )

"""Format readers and sniffing. `read_file` turns one file of any supported format into
agent-trace/v1 records, choosing the reader by the structure of the file's first JSON value."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType

from toolscore_ci.formats import (
    anthropic,
    claude_code,
    codex,
    langfuse,
    langsmith,
    native,
    openai_chat,
    openai_responses,
    otel_genai,
    probes_file,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import DEFAULT_MAX_LINE_BYTES, JsonValue, iter_json_values
from toolscore_ci.model import InputIssue

#: Sniffed in this order; the native format first, so a valid agent-trace/v1 file is never
#: mistaken for another format; the most specific structures before the general ones.
READERS: list[ModuleType] = [
    native,
    claude_code,
    codex,
    otel_genai,
    langsmith,
    langfuse,
    openai_responses,
    anthropic,  # before openai-chat: both take {"messages": [...]}, only Anthropic has blocks
    openai_chat,
    probes_file,  # last: a probes file among traces is reported, not read
]


def reader_names() -> list[str]:
    return [r.NAME for r in READERS]


def get_reader(name: str) -> ModuleType:
    for reader in READERS:
        if name == reader.NAME:
            return reader
    raise KeyError(name)


def sniff(first: object) -> ModuleType | None:
    for reader in READERS:
        if reader.sniff(first):
            return reader
    return None


def read_file(
    path: str,
    fmt: str = "auto",
    *,
    strict_format: bool = False,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
) -> Iterator[ReadItem]:
    """Yield agent-trace/v1 records and input issues from one file, in file order."""
    values = iter_json_values(path, max_line_bytes=max_line_bytes)
    leading: list[JsonValue | InputIssue] = []
    first: JsonValue | None = None
    for item in values:
        leading.append(item)
        if isinstance(item, JsonValue):
            first = item
            break
    if first is None:
        yield from leading  # only issues (or nothing): report them
        return
    if fmt == "auto":
        reader = sniff(first.value)
        if reader is None:
            yield from (i for i in leading if isinstance(i, InputIssue))
            yield InputIssue(
                path,
                first.line,
                "$",
                "unrecognised trace format (looked for: "
                + ", ".join(reader_names())
                + "); use --format to force one",
            )
            return
    else:
        reader = get_reader(fmt)
    coverage = Coverage(path, reader.NAME)
    last_line = first.line
    try:
        for item in reader.read(itertools.chain(leading, values), path, coverage):
            last_line = item.line or last_line
            yield item
    except Exception as exc:  # a reader defect must not end the run in a traceback
        yield InputIssue(
            path,
            last_line,
            "$",
            f"internal error in the {reader.NAME} reader after this line "
            f"({type(exc).__name__}: {exc}); the rest of this file was not read. "
            "Please report it with the file.",
        )
    yield from coverage.issues(strict_format)

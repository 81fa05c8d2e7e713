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
    inspect_ai,
    langchain,
    langfuse,
    langsmith,
    native,
    openai_chat,
    openai_responses,
    openhands,
    openhands_v1,
    otel_genai,
    probes_file,
    pydantic_ai,
    swe_agent,
    tau2_bench,
    tau_bench,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import DEFAULT_MAX_LINE_BYTES, JsonValue, iter_json_values
from toolscore_ci.limits import SNIFF_LOOKAHEAD
from toolscore_ci.model import InputIssue

#: Sniffed in this order; the native format first, so a valid agent-trace/v1 file is never
#: mistaken for another format; the most specific structures before the general ones.
READERS: list[ModuleType] = [
    native,
    claude_code,
    codex,
    inspect_ai,
    openhands,
    openhands_v1,  # `kind`-tagged events: never the V0 reader's `action`/`observation` strings
    swe_agent,
    tau2_bench,
    tau_bench,  # before openai-chat: a tau-bench result holds chat messages in `traj`
    otel_genai,
    langsmith,
    langfuse,
    openai_responses,
    pydantic_ai,  # `kind: request|response` with `part_kind`ed parts
    langchain,  # `{"type": "ai", "data": ...}` messages: no `role`, no other reader takes them
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
        try:
            if reader.sniff(first):
                return reader
        except Exception:  # a malformed value is simply not this format
            continue
    return None


class _Taken:
    """The file's values as a reader takes them: remembers the line of the last one taken,
    so a reader that fails is reported at the record it failed on."""

    def __init__(self, values: Iterator[JsonValue | InputIssue], line: int) -> None:
        self._values = values
        self.line = line
        self.taken = 0

    def __iter__(self) -> Iterator[JsonValue | InputIssue]:
        return self

    def __next__(self) -> JsonValue | InputIssue:
        item = next(self._values)
        self.taken += 1
        self.line = item.line or self.line
        return item


def read_file(
    path: str,
    fmt: str = "auto",
    *,
    strict_format: bool = False,
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
) -> Iterator[ReadItem]:
    """Yield agent-trace/v1 records and input issues from one file, in file order.

    The format is sniffed from the first value a reader recognises among the first
    SNIFF_LOOKAHEAD, so one malformed first record does not hide the file; the values before
    it go to the reader too, which reports what it cannot place. A reader that fails on a
    record is reported at that record and restarted on the next value."""
    values: Iterator[JsonValue | InputIssue]
    if fmt in ("auto", inspect_ai.NAME) and inspect_ai.is_archive(path):
        values = inspect_ai.iter_archive(path, max_line_bytes)  # an Inspect `.eval` zip
    elif fmt in ("auto", openhands_v1.NAME) and openhands_v1.is_event_dir(path):
        values = openhands_v1.iter_event_dir(path, max_line_bytes)  # a persisted conversation
    else:
        values = iter_json_values(path, max_line_bytes=max_line_bytes)
    leading: list[JsonValue | InputIssue] = []
    first: JsonValue | None = None
    reader: ModuleType | None = None
    looked = 0
    for item in values:
        leading.append(item)
        if isinstance(item, JsonValue):
            first = first or item
            if fmt != "auto":
                break
            looked += 1
            reader = sniff(item.value)
            if reader is not None or looked >= SNIFF_LOOKAHEAD:
                break
    if first is None:
        yield from leading  # only issues (or nothing): report them
        return
    if fmt == "auto":
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
    rest = itertools.chain(leading, values)
    line = first.line
    while True:
        taken = _Taken(rest, line)
        try:
            for item in reader.read(taken, path, coverage):
                yield item
            break
        except Exception as exc:  # one record's defect must not end the file
            line = taken.line
            yield InputIssue(
                path,
                line,
                "$",
                f"the {reader.NAME} reader failed on this record ({type(exc).__name__}: "
                f"{str(exc)[:200]}); reading on from the next one. Please report it with "
                "the file.",
            )
            if taken.taken == 0:  # it failed before taking anything: it would again
                break
    yield from coverage.issues(strict_format)

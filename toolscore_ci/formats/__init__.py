"""Format readers and sniffing. `read_file` turns one file of any supported format into
agent-trace/v1 records, choosing the reader by the structure of the file's first JSON value."""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterable, Iterator
from types import ModuleType

from toolscore_ci.formats import inspect_ai, openhands_v1
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import DEFAULT_MAX_LINE_BYTES, JsonValue, iter_json_values
from toolscore_ci.limits import SNIFF_LOOKAHEAD
from toolscore_ci.model import InputIssue

#: The readers' modules, sniffed in this order; the native format first, so a valid
#: agent-trace/v1 file is never mistaken for another format; the most specific structures
#: before the general ones. Each is imported when sniffing first reaches it: a run over
#: agent-trace/v1 files (the common case) then never compiles the other readers, a tenth of
#: its start-up when no bytecode is cached.
_READER_MODULES: tuple[str, ...] = (
    "native",
    "claude_code",
    "codex",
    "inspect_ai",
    "openhands",
    "openhands_v1",  # `kind`-tagged events: never the V0 reader's `action`/`observation` strings
    "swe_agent",
    "moatless",  # Moatless Tools v0 runs: `name: "moatless"` beside `steps` of `{name, actions}`
    "tau2_bench",
    "tau_bench",  # before openai-chat: a tau-bench result holds chat messages in `traj`
    "agentdojo",  # before the chat readers: a run's `messages` beside `suite_name` and `pipeline_name`
    "otel_genai",
    "langsmith",
    "langfuse",
    # pi before goose and openai-responses, which both take `type: "message"`: pi's header
    # (`type: "session"` with `id` and `cwd`), its stream events (agent_start, message_end,
    # tool_execution_*...) and its `{"type": "message", "message": {...}}` entries whose role
    # is pi's own (toolResult, bashExecution...) or whose user / assistant message has pi's
    # blocks (`toolCall`) or stamps (`stopReason`, a millisecond `timestamp`, `parentId`) and
    # no Goose `created`; openai-responses' message items have no `message` object at all
    "pi",
    "goose",  # before openai-responses, which takes `type: message`: Goose's `toolRequest` items, stream events, session metadata
    "openai_responses",
    "mistral",  # `object`-tagged conversations and `type: "entry.kind"` dotted tags none else has
    "pydantic_ai",  # `kind: request|response` with `part_kind`ed parts
    "atif",  # before smolagents and vercel-ai, which also take `{"steps": [...]}`: `schema_version` "ATIF-v..."
    "terminus",  # pre-ATIF Terminus 2 logs: an array of `{episode, prompt, response}` entries
    "smolagents",  # before vercel-ai (`{"steps": [...]}`: only these have `step_number`); its memory as messages is a dialect of openai-chat (REFINES)
    "vercel_ai",  # `{"steps": [...]}` of typed content parts: no `role`, no other reader takes it
    "google_adk",  # events: `author` with a Gemini `content` or an `invocation_id`
    "gemini",  # before openai-chat: `{role: user|model, parts}`, parts untyped, no `content`
    "crewai",  # listener event logs: snake_case `type` tags (tool_usage_started...) none else has
    "llamaindex",  # before openai-chat, its dialect: `tool_kwargs`+`tool_id`, `additional_kwargs`
    "autogen",  # AgentChat messages: `type` (TextMessage, ToolCallRequestEvent...) and `source`
    "langchain",  # `{"type": "ai", "data": ...}` messages: no `role`, no other reader takes them
    "cline_ui",  # Cline's panel messages (`ts`, `type` ask|say): reported, never read
    "cline",  # before anthropic, its dialect: Cline's XML tool calls in text, `[tool] Result:` (REFINES)
    "anthropic",  # before openai-chat: both take {"messages": [...]}, only Anthropic has blocks
    "ag2",  # before openai-chat, its dialect: only AG2 has `tool_responses` (REFINES, read_file)
    "openai_chat",
    "probes_file",  # last: a probes file among traces is reported, not read
)

#: module -> the format it is a dialect of (the module's `REFINES`; a test holds them equal),
#: written out so that finding the dialects imports no reader
_REFINES: dict[str, str] = {
    "smolagents": "openai-chat",
    "llamaindex": "openai-chat",
    "cline": "anthropic",
    "ag2": "openai-chat",
}


def _load(module: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{module}")


def readers() -> list[ModuleType]:
    """Every reader, in sniffing order (each imported)."""
    return [_load(m) for m in _READER_MODULES]


def __getattr__(name: str) -> object:
    if name == "READERS":  # the list it was before readers were imported lazily
        return readers()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def reader_names() -> list[str]:
    return [r.NAME for r in readers()]


def get_reader(name: str) -> ModuleType:
    for reader in readers():
        if name == reader.NAME:
            return reader
    raise KeyError(name)


#: format name -> the modules of its dialects' readers, in sniffing order
_DIALECTS: dict[str, list[str]] = {}
for _module in _READER_MODULES:
    if (_refines := _REFINES.get(_module)) is not None:
        _DIALECTS.setdefault(_refines, []).append(_module)


def sniff(first: object) -> ModuleType | None:
    return _first_taking(_READER_MODULES, first)


def _first_taking(modules: Iterable[str], value: object) -> ModuleType | None:
    """The first reader of `modules` whose sniff takes `value`."""
    for module in modules:
        reader = _load(module)
        try:
            if reader.sniff(value):
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
    it go to the reader too, which reports what it cannot place. A format that has a dialect
    (a reader whose `REFINES` names it: AG2's chat histories are OpenAI chat) is not settled
    by its first value: the rest of the look-ahead is searched for the dialect's. A reader
    that fails on a record is reported at that record and restarted on the next value."""
    values: Iterator[JsonValue | InputIssue]
    if _is_sqlite(path):
        yield InputIssue(
            path,
            None,
            "",
            "a SQLite database, not a trace file (newer Goose releases keep sessions in "
            "sessions.db): export the session to JSON and check that",
        )
        return
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
            for candidate in _sniffed_values(item):
                looked += 1
                reader = _refined(reader, candidate) if reader else sniff(candidate)
                if _settled(reader) or looked >= SNIFF_LOOKAHEAD:
                    break
            if _settled(reader) or looked >= SNIFF_LOOKAHEAD:
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
    traces = errors = said = 0
    for segment in _Segments(itertools.chain(leading, values)):
        for got in _read_segment(reader, segment, path, coverage, first.line):
            if isinstance(got, InputIssue):
                errors += got.severity == "error"
                said += 1
            else:
                traces += 1
            yield got
    counted = list(coverage.issues(strict_format))
    yield from counted
    if (
        fmt == "auto"
        and not traces
        and not errors
        and not said  # the reader said itself why there is none (an empty tau2 results file)
        and getattr(reader, "READS_TRACES", True)
    ):
        # Sniffed, yet nothing read: without a word the run would pass as "0 traces checked"
        # (or its records counted away one by one, with no sign that the file gave nothing).
        yield InputIssue(
            path,
            first.line,
            "$",
            f"read as {reader.NAME}, but no trace in it"
            + (
                " (every record was left out: see above)"
                if counted
                else " (only records the reader leaves out, e.g. metadata)"
            )
            + "; if it is another format, use --format to force one",
            severity="warning",
        )
    if fmt != "auto" and not traces and not errors:
        # A forced reader that takes nothing from a file of JSON values read the wrong format:
        # its warnings alone would let the run pass as "0 traces checked" (an empty file, which
        # has no value, is not this).
        where, missing = getattr(reader, "NO_TRACE", ("$", f"nothing here is a {fmt} record"))
        yield InputIssue(
            path,
            first.line,
            where,
            f"no trace read with --format {fmt}: {missing}; is this file in that format?",
        )


#: The first bytes of every SQLite 3 database file
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _is_sqlite(path: str) -> bool:
    """A SQLite database: binary, so read as JSON it gave only 'invalid JSON' at column 1."""
    if path == "-":
        return False
    try:
        with open(path, "rb") as fh:
            return fh.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC
    except OSError:
        return False


def _settled(reader: ModuleType | None) -> bool:
    """Sniffing is done: a reader was found and no dialect of its format could be."""
    return reader is not None and reader.NAME not in _DIALECTS


def _refined(reader: ModuleType, candidate: object) -> ModuleType:
    """The dialect's reader if `candidate` is in a dialect of `reader`'s format, else `reader`."""
    return _first_taking(_DIALECTS.get(reader.NAME, []), candidate) or reader


def _sniffed_values(item: JsonValue) -> list[object]:
    """What sniffing looks at in one value: the value, or the first elements of an array a
    line holds (each is what a reader sees, `_Segments`)."""
    if _is_array_of_records(item):
        return list(item.value[:SNIFF_LOOKAHEAD])
    return [item.value]


def _is_array_of_records(item: JsonValue | InputIssue) -> bool:
    """A value that is an array of objects (an array of anything else is not records: the
    reader reports it as the one value it is)."""
    value = item.value if isinstance(item, JsonValue) else None
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


class _Segments:
    """The file's values cut where a value is an array of records: JSON Lines whose lines are arrays (a
    conversation a line) give each line's elements as a segment of their own, read as a file
    of loose values is, so each line is its own trace; the values between such lines form one
    segment, as they would alone."""

    def __init__(self, values: Iterator[JsonValue | InputIssue]) -> None:
        self._values = values
        self._next: JsonValue | InputIssue | None = None
        self._done = False

    def __iter__(self) -> Iterator[Iterator[JsonValue | InputIssue]]:
        while True:
            head = self._pull()
            if head is None:
                return
            if _is_array_of_records(head):
                yield iter([JsonValue(element, head.line) for element in head.value])
            else:
                self._next = head
                yield self._run()

    def _pull(self) -> JsonValue | InputIssue | None:
        if self._next is not None:
            item, self._next = self._next, None
            return item
        return next(self._values, None)

    def _run(self) -> Iterator[JsonValue | InputIssue]:
        """Values up to the next array (left for the next segment)."""
        while True:
            item = self._pull()
            if item is None:
                return
            if _is_array_of_records(item):
                self._next = item
                return
            yield item


def _read_segment(
    reader: ModuleType,
    values: Iterator[JsonValue | InputIssue],
    path: str,
    coverage: Coverage,
    line: int,
) -> Iterator[ReadItem]:
    """The reader over one segment. A reader that fails on a record is reported at that
    record and restarted on the next value."""
    while True:
        taken = _Taken(values, line)
        try:
            yield from reader.read(taken, path, coverage)
            return
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
                return

"""Streaming JSON intake shared by every reader: JSON Lines, one JSON document, a JSON array
(element by element), gzip of any of these, and stdin.

Memory stays flat in file size: lines are read one at a time and an over-long line is skipped
in chunks without being held; a top-level array is split into elements by a scanner that holds
one element at a time. Every problem becomes an `InputIssue` naming the file and line, and the
values around it are still yielded.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import sys
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import IO, Any

from toolscore_ci.model import InputIssue

DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024
_CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class JsonValue:
    """One top-level JSON value and the 1-based line it starts on."""

    value: Any
    line: int


class SourceError(Exception):
    """The source as a whole cannot be read (missing, a directory, permission, bad gzip)."""


def open_binary(path: str) -> IO[bytes]:
    """Open a path (or `-` for stdin) for binary reading, unwrapping gzip by magic bytes."""
    if path == "-":
        raw: IO[bytes] = sys.stdin.buffer
    else:
        try:
            raw = open(path, "rb")  # noqa: SIM115 - handed to the caller, who closes it
        except FileNotFoundError:
            raise SourceError("no such file") from None
        except IsADirectoryError:
            raise SourceError("is a directory") from None
        except PermissionError:
            raise SourceError("permission denied") from None
        except OSError as exc:
            raise SourceError(exc.strerror or str(exc)) from None
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[arg-type]
    try:
        magic = buffered.peek(2)[:2]
    except OSError as exc:
        raise SourceError(exc.strerror or str(exc)) from None
    if magic == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=buffered, mode="rb")  # type: ignore[return-value]
    return buffered


def _decode_error(exc: json.JSONDecodeError) -> str:
    joiner = " column" if exc.msg.endswith(" at") else " at column"
    return f"invalid JSON: {exc.msg}{joiner} {exc.colno}"


#: The C scanner behind `json.loads`, called directly: per line, `loads` also sniffs the
#: encoding and matches whitespace, which costs as much as scanning a short record.
_SCAN = json.JSONDecoder().scan_once


def loads_located(text: str | bytes) -> tuple[Any, str | None]:
    """Parse one JSON text; on failure return (None, a one-line reason). Never raises.

    The fast path takes stripped UTF-8 text that is exactly one value; anything else (other
    encodings, surrounding whitespace, errors) goes through `json.loads` for its exact
    behaviour and message."""
    try:
        s = text.decode() if type(text) is bytes else text
        value, end = _SCAN(s, 0)
        if end == len(s):
            return value, None
    except (ValueError, StopIteration, RecursionError, AttributeError):
        pass
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, _decode_error(exc)
    except UnicodeDecodeError as exc:
        return None, f"invalid UTF-8 at byte {exc.start}"
    except RecursionError:
        return None, "JSON nested too deeply to read"
    except ValueError as exc:  # e.g. integer strings over the conversion limit
        return None, f"invalid JSON: {exc}"


def _first_significant_byte(stream: IO[bytes]) -> bytes:
    """The first byte that is not whitespace or a BOM, from what the buffer already holds.

    A head made only of whitespace (a buffer's worth of it) answers b" " so the caller reads
    on line by line instead of calling a file empty that is not."""
    peek = getattr(stream, "peek", None)
    if peek is None:
        return b" "
    head = peek(_CHUNK)[:_CHUNK]
    stripped = head.lstrip(_BLANK)
    if not stripped:
        return b" " if head else b""
    return stripped[:1]


_BLANK = b" \t\r\n\xef\xbb\xbf"
_BOM = b"\xef\xbb\xbf"
#: What a broken stream can raise mid-read: I/O errors, a truncated or corrupt gzip member.
_READ_ERRORS = (OSError, EOFError, zlib.error)


def _read_error(exc: BaseException) -> str:
    if isinstance(exc, zlib.error):
        return f"corrupt gzip data ({exc})"
    if isinstance(exc, EOFError):
        return f"truncated gzip data ({exc})"
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def iter_json_values(
    path: str, *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
) -> Iterator[JsonValue | InputIssue]:
    """Yield every top-level JSON value in `path`, or an issue where one cannot be read.

    A file whose first character is `[` is one JSON array, streamed element by element; a file
    holding one pretty-printed document is read whole (bounded by `max_line_bytes`); anything
    else is JSON Lines. Never raises for bad input.
    """
    try:
        stream = open_binary(path)
    except SourceError as exc:
        yield InputIssue(path, None, "", f"cannot read: {exc}")
        return
    last_line = 0
    produced = False
    try:
        try:
            first = _first_significant_byte(stream)
        except _READ_ERRORS as exc:
            yield InputIssue(path, None, "", f"cannot read: {_read_error(exc)}")
            return
        if first == b"":
            yield InputIssue(path, None, "", "empty file: no traces", severity="warning")
            return
        reader = _iter_array if first == b"[" else _iter_lines_or_document
        for item in reader(stream, path, max_line_bytes):
            produced = True
            last_line = item.line or last_line
            yield item
        if not produced:
            yield InputIssue(path, None, "", "empty file: only whitespace", severity="warning")
    except _READ_ERRORS as exc:
        where = f"after line {last_line}" if last_line else "at the start"
        yield InputIssue(path, None, "", f"read failed {where}: {_read_error(exc)}")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _oversized(line: int, size: int, limit: int, path: str) -> InputIssue:
    return InputIssue(
        path,
        line,
        "$",
        f"line is {size:,} bytes, over the {limit:,}-byte limit (--max-line-bytes); skipped",
    )


def _next_line(
    stream: IO[bytes], line_no: int, limit: int, path: str
) -> tuple[bytes | None, InputIssue | None]:
    """The next physical line (BOM dropped on the first), or an issue for one over `limit`,
    skipped without being held; (None, None) at the end."""
    raw = stream.readline(limit + 1)
    if not raw:
        return None, None
    if line_no == 1 and raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    if len(raw) > limit and not raw.endswith(b"\n"):
        return b"", _oversized(line_no, len(raw) + _skip_rest_of_line(stream), limit, path)
    return raw, None


def _iter_lines_or_document(
    stream: IO[bytes], path: str, limit: int
) -> Generator[JsonValue | InputIssue, None, None]:
    """JSON Lines. A first value that does not parse alone but opens a bracket may be a
    pretty-printed document: `_document` decides, and hands back where line reading resumes."""
    line_no = 0
    first_value = True
    while True:
        raw, oversized = _next_line(stream, line_no + 1, limit, path)
        if raw is None:
            return
        line_no += 1
        if oversized is not None:
            yield oversized
            first_value = False
            continue
        text = raw.strip()
        if not text:
            continue
        value, problem = loads_located(text)
        if problem is None:
            first_value = False
            yield JsonValue(value, line_no)
        elif first_value and text[:1] == b"{":
            first_value = False
            line_no = yield from _document(raw, line_no, problem, stream, path, limit)
        else:
            first_value = False
            yield InputIssue(path, line_no, "$", problem)


_BRACKETS = re.compile(rb'["\\\[\]{}]')


class _Brackets:
    """Bracket depth across lines, strings and escapes respected (a JSON-aware counter)."""

    __slots__ = ("depth", "escaped", "in_string")

    def __init__(self) -> None:
        self.depth = 0
        self.in_string = False
        self.escaped = False

    def feed(self, data: bytes) -> None:
        pos = 0
        if self.escaped:
            self.escaped = False
            pos = 1
        n = len(data)
        while pos < n:
            match = _BRACKETS.search(data, pos)
            if match is None:
                return
            ch = data[match.start()]
            pos = match.start() + 1
            if self.in_string:
                if ch == 0x5C:  # a backslash escapes the next byte, whatever it is
                    if pos >= n:
                        self.escaped = True
                    pos += 1
                elif ch == 0x22:
                    self.in_string = False
            elif ch == 0x22:
                self.in_string = True
            elif ch in (0x5B, 0x7B):
                self.depth += 1
            elif ch in (0x5D, 0x7D):
                self.depth -= 1


def _document(
    first: bytes, first_line: int, first_problem: str, stream: IO[bytes], path: str, limit: int
) -> Generator[JsonValue | InputIssue, None, int]:
    """Read on from a first line that opens a bracket until the brackets close, then parse the
    lines as one document. If that fails and most of the following lines are JSON values on
    their own, the file was JSON Lines with a bad first line: report that line and replay the
    others, so one broken line never hides the rest. Returns the last line number consumed."""
    brackets = _Brackets()
    brackets.feed(first)
    lines = [first]
    size = len(first)
    line_no = first_line
    ending = "eof"
    overlong: InputIssue | None = None  # the line that went over the limit, if it alone did
    while brackets.depth > 0:
        raw = stream.readline(limit + 1)
        if not raw:
            break
        line_no += 1
        size += len(raw)
        brackets.feed(raw)
        if len(raw) > limit and not raw.endswith(b"\n"):
            ending = "over"
            whole = len(raw) + _skip_rest_of_line(stream, brackets.feed)
            overlong = _oversized(line_no, whole, limit, path)
            break
        lines.append(raw)  # at most two lines' worth over the limit is ever held
        if size > limit:
            ending = "over"
            break
    else:
        ending = "closed"
    if ending == "closed":
        try:
            value = json.loads(b"".join(lines))
        except json.JSONDecodeError as exc:
            doc_problem: tuple[int, str] = (first_line + exc.lineno - 1, _decode_error(exc))
        except (ValueError, RecursionError):
            doc_problem = (first_line, loads_located(b"".join(lines))[1] or "invalid JSON")
        else:
            yield JsonValue(value, first_line)
            return line_no
    replay = list(_plain_lines(lines[1:], first_line + 1, path))
    parsed = sum(1 for item in replay if isinstance(item, JsonValue))
    if (len(lines) == 1 and overlong is None) or parsed * 2 >= len(replay) > 0:
        yield InputIssue(path, first_line, "$", first_problem)
        yield from replay
        if overlong is not None:
            yield overlong
        return line_no
    if ending == "closed":
        yield InputIssue(path, doc_problem[0], "$", doc_problem[1])
    elif ending == "eof":
        yield InputIssue(
            path, first_line, "$", "truncated JSON: the document starting here never closes"
        )
    else:
        while brackets.depth > 0:  # skip the rest of the document without holding it
            raw = stream.readline(_CHUNK)
            if not raw:
                break
            line_no += raw.count(b"\n")
            brackets.feed(raw)
        yield InputIssue(
            path,
            first_line,
            "$",
            f"JSON document over the {limit:,}-byte limit (--max-line-bytes); skipped",
        )
    return line_no


def _plain_lines(
    lines: list[bytes], first_line: int, path: str
) -> Iterator[JsonValue | InputIssue]:
    for offset, raw in enumerate(lines):
        text = raw.strip()
        if not text:
            continue
        value, problem = loads_located(text)
        if problem is None:
            yield JsonValue(value, first_line + offset)
        else:
            yield InputIssue(path, first_line + offset, "$", problem)


def _skip_rest_of_line(stream: IO[bytes], feed: Callable[[bytes], None] | None = None) -> int:
    """Consume the rest of an over-long line in chunks; returns how many bytes it had."""
    skipped = 0
    while True:
        chunk = stream.readline(_CHUNK)
        if not chunk:
            return skipped
        if feed is not None:
            feed(chunk)
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            return skipped


_STRUCTURAL = re.compile(rb'["\\\[\]{},\n]')


class _ArraySplitter:
    """Finds top-level element boundaries in a JSON array, chunk by chunk."""

    def __init__(self, path: str, limit: int) -> None:
        self.path = path
        self.limit = limit
        self.depth = 0  # 0: outside the array; 1: between its elements
        self.in_string = False
        self.skip_next = False  # the previous chunk ended on a backslash inside a string
        self.line = 1
        self.buffer = bytearray()
        self.element_line = 1
        self.oversized = False
        self.closed = False
        self.tail = b""  # what followed the closing bracket in its chunk

    def feed(self, chunk: bytes) -> Iterator[JsonValue | InputIssue]:
        pos = 0
        start = 0  # where the current element's bytes begin in this chunk
        if self.skip_next:
            self.skip_next = False
            pos = 1
        n = len(chunk)
        while pos < n and not self.closed:
            match = _STRUCTURAL.search(chunk, pos)
            if match is None:
                break
            idx = match.start()
            ch = chunk[idx]
            pos = idx + 1
            if ch == 0x0A:  # newline
                self.line += 1
                continue
            if self.in_string:
                if ch == 0x5C:  # backslash escapes the next byte, whatever it is
                    if pos >= n:
                        self.skip_next = True
                    pos += 1
                elif ch == 0x22:
                    self.in_string = False
                continue
            if ch == 0x22:
                self.in_string = True
            elif ch in (0x5B, 0x7B):  # [ {
                self.depth += 1
                if self.depth == 1:
                    start = pos
                    self.element_line = self.line
            elif ch in (0x5D, 0x7D):  # ] }
                if self.depth == 1:
                    self._append(chunk[start:idx])
                    yield from self._emit()
                    self.closed = True
                    self.tail = chunk[pos:]
                self.depth -= 1
            elif ch == 0x2C and self.depth == 1:  # comma between elements
                self._append(chunk[start:idx])
                yield from self._emit()
                start = pos
        if not self.closed and self.depth >= 1:
            self._append(chunk[start:])

    def _append(self, data: bytes) -> None:
        if self.oversized:
            return
        if not self.buffer:
            stripped = data.lstrip()
            self.element_line += data[: len(data) - len(stripped)].count(b"\n")
            data = stripped
        self.buffer.extend(data)
        if len(self.buffer) > self.limit:
            self.oversized = True
            self.buffer = bytearray()

    def _emit(self) -> Iterator[JsonValue | InputIssue]:
        line = self.element_line
        self.element_line = self.line
        if self.oversized:
            self.oversized = False
            yield InputIssue(
                self.path, line, "$", f"array element over the {self.limit:,}-byte limit; skipped"
            )
            return
        text = bytes(self.buffer).strip()
        self.buffer = bytearray()
        if not text:
            return
        value, problem = loads_located(text)
        if problem is None:
            yield JsonValue(value, line)
        else:
            yield InputIssue(self.path, line, "$", problem)


def _iter_array(stream: IO[bytes], path: str, limit: int) -> Iterator[JsonValue | InputIssue]:
    splitter = _ArraySplitter(path, limit)
    while not splitter.closed:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        yield from splitter.feed(chunk)
    if not splitter.closed:
        yield InputIssue(path, splitter.line, "$", "truncated JSON: the array is never closed")
        return
    # Anything but whitespace after the array is reported, never silently ignored.
    line = splitter.line
    chunk = splitter.tail
    while chunk:
        stripped = chunk.lstrip()
        if stripped:
            line += chunk[: len(chunk) - len(stripped)].count(b"\n")
            yield InputIssue(
                path, line, "$", "unexpected content after the top-level array; not read"
            )
            return
        line += chunk.count(b"\n")
        chunk = stream.read(_CHUNK)


def native_jsonl_lines(
    path: str, sniff: Callable[[Any], bool], limit: int = DEFAULT_MAX_LINE_BYTES
) -> Iterator[tuple[int, bytes] | InputIssue] | None:
    """Raw lines of a JSON Lines file whose first line parses alone and passes `sniff`, for
    callers that parse in parallel; None when the file is anything else (a document, an array,
    another format, stdin), which then takes the ordinary path."""
    if path == "-":
        return None
    try:
        stream = open_binary(path)
    except SourceError:
        return None
    try:
        if _first_significant_byte(stream) != b"{":
            stream.close()
            return None
        first = b""
        while not first.strip():
            first = stream.readline(limit + 1)
            if not first:
                break
        value, problem = loads_located(first.strip().removeprefix(_BOM))
    except _READ_ERRORS:
        stream.close()
        return None
    stream.close()
    if problem is not None or not sniff(value):
        return None
    return _raw_lines(path, limit)


def _raw_lines(path: str, limit: int) -> Iterator[tuple[int, bytes] | InputIssue]:
    try:
        stream = open_binary(path)
    except SourceError as exc:
        yield InputIssue(path, None, "", f"cannot read: {exc}")
        return
    line_no = 0
    try:
        while True:
            raw, oversized = _next_line(stream, line_no + 1, limit, path)
            if raw is None:
                return
            line_no += 1
            if oversized is not None:
                yield oversized
                continue
            if raw.strip():
                yield line_no, raw
    except _READ_ERRORS as exc:
        yield InputIssue(
            path, line_no or None, "", f"read failed after line {line_no}: {_read_error(exc)}"
        )
    finally:
        stream.close()

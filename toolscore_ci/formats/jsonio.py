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
from collections.abc import Iterator
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
    return f"invalid JSON: {exc.msg} (column {exc.colno})"


def loads_located(text: str | bytes) -> tuple[Any, str | None]:
    """Parse one JSON text; on failure return (None, a one-line reason). Never raises."""
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
    peek = getattr(stream, "peek", None)
    if peek is None:
        return b""
    head = peek(_CHUNK)[:_CHUNK]
    stripped = head.lstrip(b" \t\r\n\xef\xbb\xbf")
    return stripped[:1]


def iter_json_values(
    path: str, *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
) -> Iterator[JsonValue | InputIssue]:
    """Yield every top-level JSON value in `path`, or an issue where one cannot be read.

    A file whose first character is `[` is one JSON array, streamed element by element; a file
    holding one pretty-printed document is read whole (bounded by `max_line_bytes`); anything
    else is JSON Lines.
    """
    try:
        stream = open_binary(path)
    except SourceError as exc:
        yield InputIssue(path, None, "", f"cannot read: {exc}")
        return
    try:
        try:
            first = _first_significant_byte(stream)
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            yield InputIssue(path, None, "", f"cannot read: {exc}")
            return
        if first == b"":
            yield InputIssue(path, None, "", "empty file: no traces", severity="warning")
            return
        if first == b"[":
            yield from _iter_array(stream, path, max_line_bytes)
        else:
            yield from _iter_lines_or_document(stream, path, max_line_bytes)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        yield InputIssue(path, None, "", f"read failed: {exc}")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _iter_lines_or_document(
    stream: IO[bytes], path: str, max_line_bytes: int
) -> Iterator[JsonValue | InputIssue]:
    """JSON Lines; a line that does not parse alone may start a multi-line document, which is
    tried once as a whole (only for the first value, so JSONL keeps per-line errors)."""
    line_no = 0
    first_value = True
    while True:
        raw = stream.readline(max_line_bytes + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            skipped = len(raw) + _skip_rest_of_line(stream)
            yield InputIssue(
                path,
                line_no,
                "$",
                f"line is {skipped:,} bytes, over the {max_line_bytes:,}-byte limit "
                "(--max-line-bytes); skipped",
            )
            first_value = False
            continue
        text = raw.strip()
        if not text:
            continue
        value, problem = loads_located(text)
        if problem is None:
            first_value = False
            yield JsonValue(value, line_no)
            continue
        if first_value and text[:1] == b"{":
            document = _read_rest_as_document(raw, stream, max_line_bytes)
            if document is not None:
                value, doc_problem = loads_located(document)
                if doc_problem is None:
                    yield JsonValue(value, line_no)
                    return
                yield InputIssue(path, line_no, "$", doc_problem)
                return
        first_value = False
        yield InputIssue(path, line_no, "$", problem)


def _skip_rest_of_line(stream: IO[bytes]) -> int:
    skipped = 0
    while True:
        chunk = stream.readline(_CHUNK)
        if not chunk:
            return skipped
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            return skipped


def _read_rest_as_document(first: bytes, stream: IO[bytes], limit: int) -> bytes | None:
    """Read the remainder of a pretty-printed document, or None if it is over `limit`."""
    parts = [first]
    size = len(first)
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        size += len(chunk)
        if size > limit:
            return None
        parts.append(chunk)
    return b"".join(parts)


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

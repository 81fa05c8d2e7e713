"""Streaming JSON intake shared by every reader: JSON Lines, one JSON document, a JSON array
(element by element), gzip of any of these, and stdin.

Memory stays flat in file size: lines are read one at a time and an over-long line is skipped
in chunks without being held; a top-level array is split into elements by a scanner that holds
one element at a time; a pretty-printed document is held as one bounded buffer of bytes. Every
problem becomes an `InputIssue` naming the file and line, and the values around it are still
yielded. Every value is held to the limits in `toolscore_ci.limits` (nesting depth, number
length, valid Unicode), and a duplicate key is a warning naming its JSON path.
"""

from __future__ import annotations

import codecs
import gzip
import io
import json
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import IO, Any

from toolscore_ci.limits import (
    MAX_DECOMPRESSED_BYTES,
    MAX_JSON_DEPTH,
    MAX_LINE_BYTES,
    MAX_NUMBER_DIGITS,
)
from toolscore_ci.model import InputIssue

DEFAULT_MAX_LINE_BYTES = MAX_LINE_BYTES
_CHUNK = 1 << 16
#: (JSON path, message) of a warning found while parsing, e.g. a duplicate key.
ParseWarning = tuple[str, str]


@dataclass(frozen=True, slots=True)
class JsonValue:
    """One top-level JSON value and the 1-based line it starts on."""

    value: Any
    line: int


class SourceError(Exception):
    """The source as a whole cannot be read (missing, a directory, permission, bad gzip)."""


class StreamError(OSError):
    """A stream that cannot be read on: over the decompressed-size limit, or invalid UTF-16.
    An `OSError`, so every reader reports it as a failed read at the line it reached."""


class _Converted(io.RawIOBase):
    """`source` passed through `convert` chunk by chunk (and `finish` at its end): gzip capped
    in size, UTF-16 re-encoded as UTF-8, bare CR line ends made LF, without holding the file."""

    def __init__(
        self,
        source: IO[bytes],
        convert: Callable[[bytes], bytes],
        finish: Callable[[], bytes] = lambda: b"",
    ) -> None:
        super().__init__()
        self._source = source
        self._convert = convert
        self._finish = finish
        self._pending = b""
        self._pos = 0
        self._eof = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while self._pos >= len(self._pending):
            if self._eof:
                return 0
            chunk = self._source.read(_CHUNK)
            if chunk:
                self._pending = self._convert(chunk)
            else:
                self._eof = True
                self._pending = self._finish()
            self._pos = 0
        n = min(len(buffer), len(self._pending) - self._pos)
        buffer[:n] = self._pending[self._pos : self._pos + n]
        self._pos += n
        return n

    def close(self) -> None:
        if self._source is not sys.stdin.buffer:
            self._source.close()
        super().close()


def _capped(source: IO[bytes], limit: int) -> IO[bytes]:
    """`source` that fails with a `StreamError` once it has given more than `limit` bytes."""
    total = 0

    def count(chunk: bytes) -> bytes:
        nonlocal total
        total += len(chunk)
        if total > limit:
            raise StreamError(
                f"decompressed data over the {limit:,}-byte limit; the rest was not read"
            )
        return chunk

    return io.BufferedReader(_Converted(source, count), _CHUNK)


def _utf16_encoding(head: bytes) -> str | None:
    """'utf-16' (a BOM says the byte order), 'utf-16-le'/'-be' (ASCII JSON with NUL bytes
    between), or None for anything else."""
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16"
    if len(head) >= 2 and head[0] != 0 and head[1] == 0:
        return "utf-16-le"
    if len(head) >= 2 and head[0] == 0 and head[1] != 0:
        return "utf-16-be"
    return None


def _as_utf8(source: IO[bytes], encoding: str) -> IO[bytes]:
    decoder = codecs.getincrementaldecoder(encoding)("strict")

    def convert(chunk: bytes, final: bool = False) -> bytes:
        try:
            return decoder.decode(chunk, final).encode("utf-8")
        except UnicodeError as exc:
            raise StreamError(f"invalid UTF-16 ({exc.reason})") from None

    return io.BufferedReader(_Converted(source, convert, lambda: convert(b"", True)), _CHUNK)


def _recoded(stream: IO[bytes]) -> IO[bytes]:
    """UTF-16 read as the UTF-8 it encodes; a file whose lines end in CR alone read as lines."""
    try:
        head = stream.peek(_CHUNK)[:_CHUNK]  # type: ignore[attr-defined]
    except OSError as exc:
        raise SourceError(exc.strerror or str(exc)) from None
    encoding = _utf16_encoding(head)
    if encoding is not None:
        stream = _as_utf8(stream, encoding)
        try:
            head = stream.peek(_CHUNK)[:_CHUNK]  # type: ignore[attr-defined]
        except OSError as exc:
            raise SourceError(str(exc)) from None
    if b"\r" in head and b"\n" not in head:
        # CR-only line ends (old Mac): a CR inside a JSON string is always escaped, so every
        # raw CR is a line end.
        stream = io.BufferedReader(
            _Converted(stream, lambda chunk: chunk.replace(b"\r", b"\n")), _CHUNK
        )
    return stream


def open_binary(path: str) -> IO[bytes]:
    """Open a path (or `-` for stdin) for binary reading, unwrapping gzip by magic bytes (its
    decompressed size capped), and UTF-16 or CR-only text as UTF-8 lines."""
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
        gz = gzip.GzipFile(fileobj=buffered, mode="rb")
        try:
            return _recoded(_capped(gz, MAX_DECOMPRESSED_BYTES))  # type: ignore[arg-type]
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            raise SourceError(f"corrupt gzip data ({exc})") from None
    return _recoded(buffered)


def _decode_error(exc: json.JSONDecodeError) -> str:
    joiner = " column" if exc.msg.endswith(" at") else " at column"
    return f"invalid JSON: {exc.msg}{joiner} {exc.colno}"


# ---- one JSON value, held to the limits ---------------------------------------------------

#: Set by the object hook when an object repeats a key; the value is then parsed again to
#: find where (rare, so the common case pays only for the check).
_REPEATED = [False]


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        _REPEATED[0] = True
    return obj


#: The C scanner behind `json.loads`, called directly: per line, `loads` also sniffs the
#: encoding and matches whitespace, which costs as much as scanning a short record.
_SCAN = json.JSONDecoder(object_pairs_hook=_pairs).scan_once
_CONTAINERS = (dict, list)
#: A `\\uD800`-`\\uDFFF` escape: the only way a JSON text can carry a surrogate code point.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class LimitError(ValueError):
    """A JSON value that parses but breaks a limit of the contract, at `path`."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def json_path_of(parts: list[str | int]) -> str:
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part):
            out += f".{part}"
        else:
            out += "[" + json.dumps(part, ensure_ascii=True) + "]"
    return out


def _too_deep(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether containers nest more than `limit` deep, level by level (no recursion)."""
    level = [value]
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        # one comprehension a level, not one a node (each is a call in this Python)
        level = [
            c
            for node in level
            for c in (node.values() if type(node) is dict else node)
            if type(c) is dict or type(c) is list
        ]
    return False


def _first_path(value: Any, hit: Callable[[Any, int], bool]) -> list[str | int] | None:
    """The path to the first node (depth first, in document order) that `hit(node, depth)`
    accepts, or None; only called once a problem is likely."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if hit(node, len(path)):
            return path
        if type(node) is dict:
            stack.extend((v, [*path, k]) for k, v in reversed(list(node.items())))
        elif type(node) is list:
            stack.extend((v, [*path, i]) for i, v in reversed(list(enumerate(node))))
    return None


def _deeper_than_limit(node: Any, depth: int) -> bool:
    return depth >= MAX_JSON_DEPTH and type(node) in _CONTAINERS


def _has_surrogate(node: Any, depth: int) -> bool:
    if type(node) is str:
        return _SURROGATE.search(node) is not None
    return type(node) is dict and any(_SURROGATE.search(k) for k in node)


def _occurrences(text: str | bytes | bytearray, char: str) -> int:
    """How many times the one character `char` is in `text`: by the length `replace` takes
    away, which runs at memory speed where `count` of one character reads it byte by byte
    (half the time on a 50 MB file of long lines)."""
    if type(text) is str:
        return len(text) - len(text.replace(char, ""))
    byte = char.encode()
    return len(text) - len(text.replace(byte, b""))


def _check_limits(value: Any, text: str | bytes | bytearray) -> None:
    """Raise `LimitError` when `value` nests too deep or carries a lone surrogate (text no
    UTF-8 writer can encode). Cheap checks on the text first: most values skip both walks."""
    if type(value) is dict or type(value) is list:
        opens = _occurrences(text, "{")
        if opens <= MAX_JSON_DEPTH:  # else the walk decides: counting "[" too changes nothing
            opens += _occurrences(text, "[")
        if opens > MAX_JSON_DEPTH and _too_deep(value):
            path = _first_path(value, _deeper_than_limit) or []
            raise LimitError(
                json_path_of(path),
                f"JSON nested too deeply: over {MAX_JSON_DEPTH} levels (the limit)",
            )
    escape = _SURROGATE_ESCAPE if type(text) is str else _SURROGATE_ESCAPE_BYTES
    if escape.search(text):  # type: ignore[arg-type]
        path = _first_path(value, _has_surrogate)
        if path is not None:
            raise LimitError(
                json_path_of(path),
                "text with a lone surrogate (a \\ud800-\\udfff escape): not valid Unicode",
            )


def _duplicates(text: str | bytes | bytearray) -> list[ParseWarning]:
    """(path, message) for every repeated key in `text`, which is known to parse."""
    found: dict[int, list[str]] = {}
    kept: list[dict[str, Any]] = []  # keeps ids unique while the walk runs

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) != len(items):
            seen: set[str] = set()
            found[id(obj)] = [k for k, _ in items if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
            kept.append(obj)
        return obj

    value = json.loads(text, object_pairs_hook=pairs)
    out: list[ParseWarning] = []
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if type(node) is dict:
            for key in found.get(id(node), ()):
                out.append(
                    (json_path_of([*path, key]), f"duplicate key {key!r}: the last value is used")
                )
            stack.extend((v, [*path, k]) for k, v in node.items() if type(v) in _CONTAINERS)
        elif type(node) is list:
            stack.extend((v, [*path, i]) for i, v in enumerate(node) if type(v) in _CONTAINERS)
    return sorted(out)


def _value_error(exc: ValueError) -> str:
    if "integer string conversion" in str(exc):
        return f"invalid JSON: a number with over {MAX_NUMBER_DIGITS:,} digits (the limit)"
    return f"invalid JSON: {exc}"


def parse_json(
    text: str | bytes | bytearray, warnings: list[ParseWarning] | None = None
) -> tuple[Any, tuple[str, str, int] | None]:
    """Parse one JSON text held to the limits: (value, None), or (None, (JSON path, reason,
    line offset of the problem within the text)). Never raises. Repeated keys are appended
    to `warnings` when it is given.

    The fast path takes stripped UTF-8 text that is exactly one value; anything else (other
    encodings, surrounding whitespace, errors) goes through `json.loads` for its exact
    behaviour and message."""
    _REPEATED[0] = False
    try:
        value: Any = None
        parsed = False
        try:
            s = text.decode() if type(text) is bytes else text
            value, end = _SCAN(s, 0)
            parsed = end == len(s)
        except (ValueError, StopIteration, RecursionError, AttributeError, TypeError):
            pass
        if not parsed:
            _REPEATED[0] = False
            value = json.loads(text, object_pairs_hook=_pairs)
        _check_limits(value, text)
    except json.JSONDecodeError as exc:
        return None, ("$", _decode_error(exc), exc.lineno - 1)
    except UnicodeDecodeError as exc:
        return None, ("$", f"invalid UTF-8 at byte {exc.start}", 0)
    except RecursionError:
        return None, ("$", f"JSON nested too deeply: over {MAX_JSON_DEPTH} levels (the limit)", 0)
    except LimitError as exc:
        return None, (exc.path, exc.message, 0)
    except ValueError as exc:  # e.g. integer strings over the conversion limit
        return None, ("$", _value_error(exc), 0)
    if _REPEATED[0] and warnings is not None:
        warnings.extend(_duplicates(text))
    return value, None


#: How each limit problem's reason starts, so a caller can tell "over a limit" from "not JSON".
_LIMIT_REASONS = ("JSON nested too deeply", "text with a lone surrogate", "invalid JSON: a number")


def over_limit(reason: str) -> bool:
    return reason.startswith(_LIMIT_REASONS)


def loads_located(text: str | bytes | bytearray) -> tuple[Any, str | None]:
    """`parse_json` with the problem as one line (its JSON path first when not the root)."""
    value, problem = parse_json(text)
    if problem is None:
        return value, None
    path, reason, _ = problem
    return None, reason if path == "$" else f"{path}: {reason}"


def issues_of(path: str, line: int, warnings: list[ParseWarning]) -> Iterator[InputIssue]:
    for json_path, message in warnings:
        yield InputIssue(path, line, json_path, message, severity="warning")
    warnings.clear()


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


_NOT_BLANK = re.compile(rb"[^ \t\r\n]")


def _skip_blank_lines(stream: IO[bytes]) -> int:
    """Consume the blank lines that come next, a buffer at a time; returns how many. A
    gigabyte of newlines then costs a few thousand calls, not a billion `readline`s."""
    skipped = 0
    peek = getattr(stream, "peek", None)
    if peek is None:
        return 0
    while True:
        head = peek(_CHUNK)[:_CHUNK]
        if not head:
            return skipped
        text = _NOT_BLANK.search(head)
        end = text.start() if text else len(head)
        last = head.rfind(b"\n", 0, end)  # only whole lines: the next one starts after it
        if last < 0:
            return skipped
        skipped += head.count(b"\n", 0, last + 1)
        stream.read(last + 1)
        if text is not None:
            return skipped


def _value_or_issues(
    text: bytes | bytearray, line: int, path: str
) -> Iterator[JsonValue | InputIssue]:
    """One JSON text as its value (after any warnings), or as the issue that stops it."""
    warnings: list[ParseWarning] = []
    value, problem = parse_json(text, warnings)
    yield from issues_of(path, line, warnings)
    if problem is None:
        yield JsonValue(value, line)
    else:
        json_path, reason, offset = problem
        yield InputIssue(path, line + offset, json_path, reason)


#: The lines of a plain file are read through a buffer this large: through the file's own
#: (8 KiB) `readline` reads a 100 KB record in a dozen pieces and joins them, which cost a
#: twentieth of a second on swe_dev's 50 MB.
_LINE_BUFFER = 1 << 20


def _iter_lines_or_document(
    stream: IO[bytes], path: str, limit: int, *, first_line: int = 1
) -> Generator[JsonValue | InputIssue, None, None]:
    """JSON Lines (the stream's first line numbered `first_line`). A first value that does not
    parse alone but opens a bracket may be a pretty-printed document: `_document` decides, and
    hands back where line reading resumes."""
    # Only a regular file is read ahead: a pipe is read as it comes, and a gzip stream reports
    # a corrupt or truncated member when its line is read, not a megabyte before.
    if not _regular_file(stream):
        yield from _lines_or_document(stream, path, limit, first_line)
        return
    ahead = io.BufferedReader(stream, _LINE_BUFFER)  # type: ignore[arg-type]
    try:
        yield from _lines_or_document(ahead, path, limit, first_line)
    finally:
        ahead.detach()  # `stream` stays open: the caller closes it


def _regular_file(stream: IO[bytes]) -> bool:
    """Is the stream a file's own buffer over the file (not stdin, a pipe or a device)?"""
    if not (isinstance(stream, io.BufferedReader) and isinstance(stream.raw, io.FileIO)):
        return False
    try:
        return stat.S_ISREG(os.fstat(stream.raw.fileno()).st_mode)
    except (OSError, ValueError):
        return False


def _lines_or_document(
    stream: IO[bytes], path: str, limit: int, first_line: int
) -> Generator[JsonValue | InputIssue, None, None]:
    line_no = first_line - 1
    first_value = first_line == 1
    # A file that opened with a pretty-printed document may hold more of them, one after the
    # other (the OpenTelemetry SDK's ConsoleSpanExporter writes each span so): each is read
    # whole too, not reported one line at a time.
    documents = False
    # Lines after a line-1 array are JSON Lines already; anything else is judged on its start.
    intake = _Intake(path, decided=first_line > 1)
    while True:
        raw, oversized = _next_line(stream, line_no + 1, limit, path)
        if raw is None:
            yield from intake.end()
            return
        line_no += 1
        if oversized is not None:
            yield oversized
            first_value = False
            continue
        text = raw.strip()
        if not text:
            line_no += _skip_blank_lines(stream)
            continue
        warnings: list[ParseWarning] = []
        value, problem = parse_json(text, warnings)
        yield from issues_of(path, line_no, warnings)
        if problem is None:
            first_value = False
            yield from intake.value(JsonValue(value, line_no))
        elif (
            (first_value or documents)
            and text[:1] == b"{"
            and problem[2] == 0
            and problem[0] == "$"
        ):
            first_value = False
            intake.decided = True  # a document that opens a brace: JSON, broken or not
            start = line_no
            document = _document(raw, start, problem[1], stream, path, limit)
            while True:
                try:
                    item = next(document)
                except StopIteration as done:
                    line_no = done.value
                    break
                # a whole document was read (not lines replayed after a broken first one):
                # more may follow it
                documents = documents or (isinstance(item, JsonValue) and item.line == start)
                yield item
        else:
            first_value = False
            issue = InputIssue(path, line_no, problem[0], problem[1])
            if over_limit(problem[1]):
                yield from intake.value(issue)  # JSON, over a limit: not evidence of text
            else:
                yield from intake.unreadable(issue, text)


#: Unreadable lines in a row, before any value, after which a file is not JSON at all: an Aider
#: `.aider.chat.history.md` named on the command line gave one "invalid JSON" a line, 3,000
#: errors for a 3,000-line history, and the one thing worth saying was lost among them.
_NOT_JSON_RUN = 5
#: The first non-blank lines that decide a file whose lines are mostly not JSON (a stray `{}`
#: or number among Markdown breaks the run but not the verdict).
_NOT_JSON_WINDOW = 10
_MARKDOWN = re.compile(rb"^(#{1,6} |```|> |[-*+] |\d+\. |\||---|===|\*\*)")


def _looks_like(text: bytes) -> str:
    """What a file whose first unreadable line is `text` seems to be, for the message."""
    if _MARKDOWN.match(text):
        return "Markdown"
    if text[:1] == b"<":
        return "HTML or XML"
    try:
        decoded = text.decode()
    except UnicodeDecodeError:
        return "a binary file"
    if any(ord(c) < 32 and c not in "\t\r\n" for c in decoded):
        return "a binary file"
    return "plain text"


class _Intake:
    """Whether a file read as JSON Lines is JSON Lines at all, judged on its first lines.

    Until it is decided, the first lines' values and errors are held (a few lines, at most
    `_NOT_JSON_WINDOW`). More values than unreadable lines so far: JSON Lines, and what was held
    goes out as it came, every bad line its own located error (a JSONL file with a few broken
    lines is reported line by line, its good lines read). `_NOT_JSON_RUN` unreadable lines
    before any value, or most of the first `_NOT_JSON_WINDOW`: not JSON, said once, naming the
    file and its first line; the rest of its unreadable lines are counted in one summary, and
    any JSON value among them is still read, never dropped."""

    def __init__(self, path: str, *, decided: bool = False) -> None:
        self.path = path
        self.decided = decided
        self.text = False  # decided: not JSON
        # what the first lines gave, in order; True marks an unreadable line's error
        self.held: list[tuple[bool, JsonValue | InputIssue]] = []
        self.values = 0
        self.unread = 0  # unreadable lines seen (held, or counted once the file is text)
        self.first: tuple[int, bytes] | None = None  # the first unreadable line and its text
        self.counted = 0  # unreadable lines the verdict speaks for
        self.last_line = 0

    def value(self, item: JsonValue | InputIssue) -> list[JsonValue | InputIssue]:
        if self.decided:
            return [item]
        self.held.append((False, item))
        self.values += 1
        if self.values > self.unread:
            return self._as_json()
        return self._window()

    def unreadable(self, issue: InputIssue, text: bytes) -> list[JsonValue | InputIssue]:
        if self.decided and not self.text:
            return [issue]
        self.unread += 1
        self.last_line = issue.line or self.last_line
        if self.text:
            return []  # counted in the summary at the end
        if self.first is None:
            self.first = (issue.line or 0, text)
        self.held.append((True, issue))
        if self.values == 0 and self.unread >= _NOT_JSON_RUN:
            return self._as_text()
        return self._window()

    def end(self) -> list[JsonValue | InputIssue]:
        """At the end of the file: what is still held, or the summary of a text file."""
        if self.text:
            return self._summary()
        if self.decided:
            return []
        # A short file: two or more unreadable lines and no value is not JSON either.
        if self.values == 0 and self.unread >= 2:
            return self._as_text() + self._summary()
        return self._as_json()

    def _window(self) -> list[JsonValue | InputIssue]:
        seen = self.values + self.unread
        if seen < _NOT_JSON_WINDOW:
            return []
        return self._as_text() if self.unread * 2 > seen else self._as_json()

    def _as_json(self) -> list[JsonValue | InputIssue]:
        self.decided = True
        held, self.held = self.held, []
        return [item for _, item in held]

    def _as_text(self) -> list[JsonValue | InputIssue]:
        self.decided = self.text = True
        held, self.held = self.held, []
        assert self.first is not None
        line, text = self.first
        shown = text[:80].decode(errors="replace")
        more = "..." if len(text) > 80 else ""
        kind = _looks_like(text)
        why = (
            f"its first {self.unread} non-blank lines are"
            if self.values == 0
            else f"{self.unread} of its first {self.unread + self.values} non-blank lines are"
        )
        verdict = InputIssue(
            self.path,
            line,
            "$",
            f"not JSON Lines or JSON: {why} not JSON (line {line}: {shown + more!r}); it looks "
            f"like {kind}. Traces must be JSON (docs/formats.md lists the formats read); is "
            "this file a trace?",
        )
        self.counted = self.unread
        # the values among the first lines are still read; their lines' errors are the verdict's
        return [verdict, *(item for unreadable, item in held if not unreadable)]

    def _summary(self) -> list[JsonValue | InputIssue]:
        rest = self.unread - self.counted
        if rest <= 0:
            return []
        lines = "line" if rest == 1 else "lines"
        return [
            InputIssue(
                self.path,
                None,
                "",
                f"{rest:,} more non-blank {lines} not JSON either (up to line {self.last_line:,}); "
                "not reported one by one",
                severity="warning",
            )
        ]


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


#: How many of a failed document's lines are tried alone to decide whether it was JSON Lines.
_REPLAY_SAMPLE = 1000


def _lines_of(buffer: bytearray, start: int) -> Iterator[bytes]:
    """The lines of `buffer` from byte `start`, one at a time (never a list of them)."""
    n = len(buffer)
    while start < n:
        end = buffer.find(b"\n", start)
        end = n if end < 0 else end + 1
        yield bytes(buffer[start:end])
        start = end


def _document(
    first: bytes, first_line: int, first_problem: str, stream: IO[bytes], path: str, limit: int
) -> Generator[JsonValue | InputIssue, None, int]:
    """Read on from a first line that opens a bracket until the brackets close, then parse the
    bytes as one document. If that fails and most of the following lines are JSON values on
    their own, the file was JSON Lines with a bad first line: report that line and replay the
    others, so one broken line never hides the rest. The document is held as one buffer of at
    most `limit` bytes, never as a list of lines. Returns the last line number consumed."""
    brackets = _Brackets()
    brackets.feed(first)
    buffer = bytearray(first)
    followers = 0  # lines after the first one held in the buffer
    line_no = first_line
    ending = "eof"
    overlong: InputIssue | None = None  # the line that went over the limit, if it alone did
    while brackets.depth > 0:
        raw = stream.readline(limit + 1)
        if not raw:
            break
        line_no += 1
        brackets.feed(raw)
        if len(raw) > limit and not raw.endswith(b"\n"):
            ending = "over"
            whole = len(raw) + _skip_rest_of_line(stream, brackets.feed)
            overlong = _oversized(line_no, whole, limit, path)
            break
        buffer += raw  # at most two lines' worth over the limit is ever held
        followers += 1
        if len(buffer) > limit:
            ending = "over"
            break
    else:
        ending = "closed"
    doc_problem: tuple[int, str, str] = (first_line, "$", "invalid JSON")
    if ending == "closed":
        warnings: list[ParseWarning] = []
        value, problem = parse_json(buffer, warnings)
        if problem is None:
            yield from issues_of(path, first_line, warnings)
            yield JsonValue(value, first_line)
            return line_no
        doc_problem = (first_line + problem[2], problem[0], problem[1])
    rest = len(first)
    parsed = nonblank = 0
    for raw in _lines_of(buffer, rest):  # a sample decides: a few thousand lines, not millions
        if raw.strip():
            nonblank += 1
            parsed += parse_json(raw.strip())[1] is None
            if nonblank >= _REPLAY_SAMPLE:
                break
    if (followers == 0 and overlong is None) or parsed * 2 >= nonblank > 0:
        yield InputIssue(path, first_line, "$", first_problem)
        for offset, raw in enumerate(_lines_of(buffer, rest), start=1):
            if raw.strip():
                yield from _value_or_issues(raw.strip(), first_line + offset, path)
        if overlong is not None:
            yield overlong
        return line_no
    del buffer
    if ending == "closed":
        yield InputIssue(path, doc_problem[0], doc_problem[1], doc_problem[2])
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
        yield from _value_or_issues(text, line, self.path)


def _iter_array(stream: IO[bytes], path: str, limit: int) -> Iterator[JsonValue | InputIssue]:
    """A file that opens with `[`: one JSON array, streamed element by element, or JSON Lines
    whose lines are arrays (a conversation a line, as harnesses write one run a line). Which
    one shows only where the first array closes: its elements are held while it is on line 1,
    and a closed line 1 followed on a later line by another value makes the file JSON Lines,
    line 1 one value."""
    splitter = _ArraySplitter(path, limit)
    held: list[JsonValue | InputIssue] | None = []
    while not splitter.closed:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        for item in splitter.feed(chunk):
            if held is None:
                yield item
            else:
                held.append(item)
        if held is not None and splitter.line > 1:
            yield from held  # the array goes on past line 1: one document
            held = None
    if not splitter.closed:
        yield from held or ()
        yield InputIssue(path, splitter.line, "$", "truncated JSON: the array is never closed")
        return
    # Anything but whitespace after the array is reported, never silently ignored.
    line = splitter.line
    chunk = splitter.tail
    while chunk:
        stripped = chunk.lstrip()
        if stripped:
            newlines = chunk[: len(chunk) - len(stripped)].count(b"\n")
            if held is not None and newlines and stripped[:1] in (b"[", b"{"):
                yield from _first_line_value(held, path)
                yield from _iter_lines_or_document(
                    _prefixed(stripped, stream), path, limit, first_line=line + newlines
                )
                return
            yield from held or ()
            yield InputIssue(
                path, line + newlines, "$", "unexpected content after the top-level array; not read"
            )
            return
        line += chunk.count(b"\n")
        chunk = stream.read(_CHUNK)
    yield from held or ()


def _first_line_value(
    held: list[JsonValue | InputIssue], path: str
) -> Iterator[JsonValue | InputIssue]:
    """Line 1 of JSON Lines of arrays, from its elements as the array reader gave them: the
    array as one value, after its warnings; an element that could not be read makes the line
    an error, as a line that does not parse is."""
    issues = [i for i in held if isinstance(i, InputIssue)]
    yield from issues
    if not any(i.severity == "error" for i in issues):
        yield JsonValue([v.value for v in held if isinstance(v, JsonValue)], 1)


class _Prefixed(io.RawIOBase):
    """`head`, then the rest of `stream`: the bytes the array reader read ahead, given back."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _prefixed(head: bytes, stream: IO[bytes]) -> IO[bytes]:
    return io.BufferedReader(_Prefixed(head, stream), _CHUNK)


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
            else:
                line_no += _skip_blank_lines(stream)
    except _READ_ERRORS as exc:
        yield InputIssue(
            path, line_no or None, "", f"read failed after line {line_no}: {_read_error(exc)}"
        )
    finally:
        stream.close()

"""What every format reader shares: the reader contract and per-file coverage counting.

A reader module exposes `NAME` (the `--format` value), `sniff(first)` (does the first JSON
value of a file look like this format? structure only, never the file name) and
`read(values, path, coverage)`, which turns the file's JSON values into agent-trace/v1 records.
Whatever a reader cannot place is counted in `coverage`, never silently dropped. A reader of a
dialect of another format (AG2's of openai-chat) names it in `REFINES`: a file sniffed as that
format is the dialect's when a value within the sniffing look-ahead is (`formats.read_file`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, Protocol

from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue, TraceRecord

ReadItem = TraceRecord | InputIssue


class Reader(Protocol):
    NAME: str

    def sniff(self, first: Any) -> bool: ...

    def read(
        self, values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
    ) -> Iterator[ReadItem]: ...


class Coverage:
    """Counts, per file, what a reader saw but could not map (unknown record types, unpaired
    tool results, fields it cannot place) and reports them when the file is done. A reading
    the reader chose (`info=True`, e.g. bash blocks in text read as tool calls) is counted and
    reported the same way, but stays a warning under `--strict-format`: nothing was lost."""

    def __init__(self, path: str, fmt: str) -> None:
        self.path = path
        self.format = fmt
        self.counts: Counter[tuple[str, str]] = Counter()
        self.first_line: dict[tuple[str, str], int | None] = {}
        self.outcome: dict[tuple[str, str], str] = {}
        self.info: set[tuple[str, str]] = set()

    def note(
        self,
        what: str,
        detail: str,
        line: int | None = None,
        *,
        outcome: str = "kept out of the trace",
        info: bool = False,
    ) -> None:
        """Record one thing the reader could not place, e.g. ("unknown record type", "x");
        `outcome` says what became of it (kept out, or kept in a raw form). `info`: a mapping
        the reader made, never an error."""
        key = (what, detail)
        self.counts[key] += 1
        self.first_line.setdefault(key, line)
        self.outcome.setdefault(key, outcome)
        if info:
            self.info.add(key)

    def issues(self, strict: bool) -> Iterator[InputIssue]:
        for (what, detail), count in sorted(self.counts.items()):
            severity = "error" if strict and (what, detail) not in self.info else "warning"
            times = "once" if count == 1 else f"{count} times"
            yield InputIssue(
                self.path,
                self.first_line[(what, detail)],
                "",
                f"{self.format}: {what} {detail!r} seen {times}; {self.outcome[(what, detail)]}",
                severity=severity,
            )

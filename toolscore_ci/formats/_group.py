"""Grouping span-like records (OTLP spans, LangSmith runs, Langfuse observations, Agents SDK
spans) into traces without holding the whole file.

A trace is released once its root record has been seen and a record of another trace arrives,
or at the end of the file. Exporters write a trace's records together (children usually before
the root, which ends last), so memory is one or a few traces, not the file. A record that
arrives for a trace already released is reported, never silently merged into another.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Group:
    key: str
    line: int
    records: list[tuple[Any, int]] = field(default_factory=list)  # (record, line)
    header: Any = None  # a trace-level record (Langfuse trace, Agents SDK trace), if any
    root_seen: bool = False


class Grouper:
    def __init__(self) -> None:
        self.open: dict[str, Group] = {}
        self.released: set[str] = set()

    def add(
        self, key: str, record: Any, line: int, *, is_root: bool = False, header: bool = False
    ) -> tuple[list[Group], bool]:
        """Add a record; returns (groups now complete, whether this record came too late)."""
        if key in self.released:
            return [], True
        done = [g for k, g in self.open.items() if k != key and g.root_seen]
        for g in done:
            del self.open[g.key]
            self.released.add(g.key)
        group = self.open.get(key)
        if group is None:
            group = self.open[key] = Group(key, line)
        if header:
            group.header = record
        else:
            group.records.append((record, line))
        group.root_seen = group.root_seen or is_root
        return done, False

    def root_done(self, key: str) -> None:
        """The root of open trace `key` is complete now (a later record finished it): the trace
        is released when a record of another trace arrives."""
        group = self.open.get(key)
        if group is not None:
            group.root_seen = True

    def finish(self) -> Iterator[Group]:
        groups = list(self.open.values())
        self.open.clear()
        for g in groups:
            self.released.add(g.key)
        yield from groups

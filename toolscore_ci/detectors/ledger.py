"""The judge's cost ledger: one JSON line per call (or cache hit, or refused call), appended and
fsync'd before the judge goes on, so a crash or a kill never loses what was spent.

A line holds no prompt, no answer and no credential: time, trace id, model, the reservation, the
actual cost, the token counts, whether the cache answered, the status, the attempts and the
request's hash (the cache key).
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

#: Statuses a line can have: the answer was used, or why the judge abstained.
STATUSES = ("ok", "parse_error", "budget", "http_error", "timeout")


@dataclass(frozen=True, slots=True)
class Entry:
    trace_id: str
    model: str
    status: str
    reserved_usd: float
    actual_usd: float
    prompt_tokens: int | None
    completion_tokens: int | None
    cache_hit: bool
    attempts: int
    request_hash: str
    time: str = ""

    def line(self) -> str:
        data = asdict(self)
        data["time"] = self.time or datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        return json.dumps(data, sort_keys=True) + "\n"


class Ledger:
    """Appends entries to a JSON Lines file (None: keeps them in memory only)."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = Path(path) if path is not None else None
        self.entries: list[Entry] = []
        self._lock = threading.Lock()

    def write(self, entry: Entry) -> None:
        with self._lock:
            self.entries.append(entry)
            if self.path is None:
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # O_APPEND: concurrent writers (two jobs, one ledger) never interleave inside a line.
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, entry.line().encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)

    @property
    def spent_usd(self) -> float:
        return sum(e.actual_usd for e in self.entries)

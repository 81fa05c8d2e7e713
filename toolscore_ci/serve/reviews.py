"""The reviews file: each human decision appended as one full agent-trace/v1 line.

What a line holds, and how a trace's standing decision is read back, is review_records.py:
this module only appends (a decision, or an undo's retraction) and keeps its view current.

Several servers may share one file: every append takes an exclusive `fcntl.flock`, reads the
lines other writers added since this process last looked, decides against that (idempotence),
then writes the whole line with one O_APPEND write, and fsyncs before the lock is released.
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import threading
import uuid
from datetime import datetime, timezone
from typing import Any

from toolscore_ci.review_records import DECISION, RETRACTION, Decision, Ledger

#: The default reviews file name, written beside the first PATH.
DEFAULT_NAME = "reviews.agent-trace.jsonl"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class ReviewLog:
    """The reviews file of one server: read incrementally, appended under a file lock."""

    def __init__(self, path: str, reviewer: str = "") -> None:
        self.path = path
        self.reviewer = reviewer
        self.bad_lines: list[int] = []  # line numbers that are not JSON (shown, never fatal)
        self._ledger = Ledger()
        self._offset = 0  # bytes of the file read into the ledger so far
        self._identity: tuple[int, int] | None = None  # (device, inode) of the file read
        self._lines = 0
        self._lock = threading.Lock()  # threads of this server; flock covers other processes
        if os.path.exists(path):
            self.refresh()

    # -- reading -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read what other writers appended since the last look (a no-op when nothing was)."""
        with self._lock:
            self._read_new()

    def _read_new(self) -> None:
        try:
            with open(self.path, "rb") as fh:
                stat = os.fstat(fh.fileno())
                identity = (stat.st_dev, stat.st_ino)
                # replaced (an editor writes a new file: another inode, of any size) or
                # truncated under us: read it again from the start
                if stat.st_size < self._offset or identity != (self._identity or identity):
                    self._ledger, self._offset, self._lines = Ledger(), 0, 0
                    self.bad_lines = []
                self._identity = identity
                fh.seek(self._offset)
                chunk = fh.read()
        except FileNotFoundError:
            return
        # Only whole lines: a line without its newline is still being written (or a writer
        # died mid-line, and the next append starts on a fresh line).
        end = chunk.rfind(b"\n") + 1
        for raw in chunk[:end].split(b"\n")[:-1]:
            self._lines += 1
            if not raw.strip():
                continue
            try:
                record = json.loads(raw)
            except ValueError:
                self.bad_lines.append(self._lines)
                continue
            self._ledger.add(record)
        self._offset += end

    def standing(self, trace_id: str) -> Decision | None:
        with self._lock:
            return self._ledger.standing(trace_id)

    def standing_all(self) -> dict[str, Decision]:
        with self._lock:
            return self._ledger.standing_all()

    # -- writing -------------------------------------------------------------------------

    def decide(
        self, record: dict[str, Any], success: bool, note: str, source: tuple[str, int]
    ) -> tuple[Decision, bool]:
        """Record a decision on `record` (the original trace, read back from its file).
        Returns the decision that stands and whether a line was appended: the same decision
        as the one standing (outcome and note) appends nothing."""
        trace_id = str(record["trace_id"])
        with self._lock, self._locked_append() as append:
            current = self._ledger.standing(trace_id)
            if current is not None and current.success == success and current.note == note:
                return current, False
            details = {
                "review": DECISION,
                "decision_id": uuid.uuid4().hex,
                "success": success,
                "note": note,
                "reviewed_at": _now(),
                "reviewer": self.reviewer,
                "source_file": source[0],
                "line": source[1],
            }
            append(_labelled(record, "success" if success else "failure", details))
            return self._ledger.standing(trace_id), True  # type: ignore[return-value]

    def undo(
        self, record: dict[str, Any], source: tuple[str, int], decision_id: str | None = None
    ) -> Decision | None:
        """Retract the decision standing for the trace; returns it, or None when none stands
        (a second undo of the same decision appends nothing). With `decision_id` (the one the
        reviewer's page showed), only that decision is retracted: a newer one, made meanwhile
        by another reviewer or server, stands."""
        trace_id = str(record["trace_id"])
        with self._lock, self._locked_append() as append:
            current = self._ledger.standing(trace_id)
            if current is None or (decision_id is not None and current.decision_id != decision_id):
                return None
            details = {
                "review": RETRACTION,
                "decision_id": uuid.uuid4().hex,
                "retracts": current.decision_id,
                "reviewed_at": _now(),
                "reviewer": self.reviewer,
                "source_file": source[0],
                "line": source[1],
            }
            append(_labelled(record, "unknown", details))
            return current

    def _locked_append(self) -> _Appender:
        return _Appender(self)


class _Appender:
    """`with` block holding the file lock: reads the tail first, then appends whole lines."""

    def __init__(self, log: ReviewLog) -> None:
        self._log = log
        self._fd = -1

    def __enter__(self) -> Any:
        log = self._log
        created = not os.path.exists(log.path)
        self._fd = os.open(log.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        if created:
            _fsync_dir(log.path)
        log._read_new()  # decide against every line written before we took the lock
        return self._append

    def _append(self, record: dict[str, Any]) -> None:
        log = self._log
        line = json.dumps(record, ensure_ascii=False, allow_nan=False) + "\n"
        data = line.encode("utf-8")
        if os.fstat(self._fd).st_size > log._offset:
            data = b"\n" + data  # a torn line left by a crashed writer: start a fresh one
        written = 0
        while written < len(data):
            written += os.write(self._fd, data[written:])
        os.fsync(self._fd)
        log._read_new()  # our own line, through the same reader as everyone else's

    def __exit__(self, *exc: object) -> None:
        try:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            os.close(self._fd)


def _labelled(record: dict[str, Any], outcome: str, details: dict[str, Any]) -> dict[str, Any]:
    """The original trace with the human label; a label it already had is kept in details."""
    out = copy.deepcopy(record)
    previous = out.get("ground_truth")
    if previous is not None:
        details["previous_ground_truth"] = previous
    out["ground_truth"] = {"outcome": outcome, "checked_by": "human", "details": details}
    return out


def _fsync_dir(path: str) -> None:
    """Make a new file's directory entry durable too."""
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

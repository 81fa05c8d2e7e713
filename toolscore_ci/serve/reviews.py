"""The reviews file: each human decision appended as one full agent-trace/v1 line.

A decision is the original trace with `ground_truth` replaced by
`{"outcome": "success"|"failure", "checked_by": "human", "details": {"review": "decision", ...}}`;
an undo appends a *retraction*: the same trace with `outcome: "unknown"` and
`details: {"review": "retraction", "retracts": DECISION_ID}`. Both are schema-valid, so
`toolscore-ci validate` accepts the file, and nothing is ever rewritten: the file is a log.

What a trace's label is, read back: the last decision for its trace id that no retraction
names (`standing_decisions`); `train` and `bench` read reviews through `settle_reviews`.

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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, TypeVar

DECISION = "decision"
RETRACTION = "retraction"
#: The default reviews file name, written beside the first PATH.
DEFAULT_NAME = "reviews.agent-trace.jsonl"


@dataclass(frozen=True)
class Decision:
    """One human decision read from (or just written to) the reviews file."""

    decision_id: str
    trace_id: str
    success: bool
    note: str
    reviewed_at: str
    reviewer: str


def _review_details(record: Any) -> dict[str, Any] | None:
    """The `ground_truth.details` of a review line, or None for any other record."""
    if not isinstance(record, dict):
        return None
    truth = record.get("ground_truth")
    if not isinstance(truth, dict) or truth.get("checked_by") != "human":
        return None
    details = truth.get("details")
    if isinstance(details, dict) and details.get("review") in (DECISION, RETRACTION):
        return details
    return None


def is_review(record: Any) -> bool:
    """True for a line this module wrote (a decision or a retraction)."""
    return _review_details(record) is not None


class _Ledger:
    """Decisions and retractions in file order; answers "what stands for this trace"."""

    def __init__(self) -> None:
        self.decisions: dict[str, list[Decision]] = {}
        self.retracted: set[str] = set()

    def add(self, record: dict[str, Any]) -> None:
        details = _review_details(record)
        if details is None:
            return
        trace_id = str(record.get("trace_id"))
        if details["review"] == RETRACTION:
            self.retracted.add(str(details.get("retracts")))
            return
        outcome = record["ground_truth"].get("outcome")
        if outcome not in ("success", "failure"):
            return
        self.decisions.setdefault(trace_id, []).append(
            Decision(
                decision_id=str(details.get("decision_id")),
                trace_id=trace_id,
                success=outcome == "success",
                note=str(details.get("note") or ""),
                reviewed_at=str(details.get("reviewed_at") or ""),
                reviewer=str(details.get("reviewer") or ""),
            )
        )

    def standing(self, trace_id: str) -> Decision | None:
        for decision in reversed(self.decisions.get(trace_id, ())):
            if decision.decision_id not in self.retracted:
                return decision
        return None

    def standing_all(self) -> dict[str, Decision]:
        out = {}
        for trace_id in self.decisions:
            decision = self.standing(trace_id)
            if decision is not None:
                out[trace_id] = decision
        return out


def standing_decisions(records: Iterable[dict[str, Any]]) -> dict[str, Decision]:
    """trace id -> the last decision no retraction names, over review lines in file order."""
    ledger = _Ledger()
    for record in records:
        ledger.add(record)
    return ledger.standing_all()


Item = TypeVar("Item")


def settle_reviews(items: Iterable[Item]) -> Iterator[Item]:
    """The stream `train` and `bench` read, with review lines settled: every other item passes
    through in order; of the review lines, only each trace's standing decision is kept (the
    line that wrote it), yielded after the rest. A retracted decision and the retraction
    itself are dropped, so an undo takes the label back out of the data."""
    ledger = _Ledger()
    lines: dict[str, Item] = {}  # decision id -> the item that wrote it
    for item in items:
        data = getattr(item, "data", None)
        details = _review_details(data)
        if details is None:
            yield item
            continue
        ledger.add(data)  # type: ignore[arg-type]
        if details["review"] == DECISION:
            lines[str(details.get("decision_id"))] = item
    for decision in ledger.standing_all().values():
        kept = lines.get(decision.decision_id)
        if kept is not None:
            yield kept


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class ReviewLog:
    """The reviews file of one server: read incrementally, appended under a file lock."""

    def __init__(self, path: str, reviewer: str = "") -> None:
        self.path = path
        self.reviewer = reviewer
        self.bad_lines: list[int] = []  # line numbers that are not JSON (shown, never fatal)
        self._ledger = _Ledger()
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
                    self._ledger, self._offset, self._lines = _Ledger(), 0, 0
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

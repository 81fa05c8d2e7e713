"""Review records: what a human decision looks like in a trace file, and how it is read back.

`toolscore-ci serve` writes them (serve/reviews.py); `check` skips them, `train` and `bench`
read them as labels. A decision is the original trace with `ground_truth` replaced by
`{"outcome": "success"|"failure", "checked_by": "human", "details": {"review": "decision", ...}}`;
an undo appends a *retraction*: the same trace with `outcome: "unknown"` and
`details: {"review": "retraction", "retracts": DECISION_ID}`. Both are schema-valid agent-trace/v1
lines, and nothing is ever rewritten: a reviews file is a log.

A trace's label, read back, is the last decision for its trace id that no retraction names
(`standing_decisions`); `train` and `bench` read reviews through `settle_reviews`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

DECISION = "decision"
RETRACTION = "retraction"


@dataclass(frozen=True)
class Decision:
    """One human decision read from (or just written to) the reviews file."""

    decision_id: str
    trace_id: str
    success: bool
    note: str
    reviewed_at: str
    reviewer: str


def review_details(record: Any) -> dict[str, Any] | None:
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
    return review_details(record) is not None


class Ledger:
    """Decisions and retractions in file order; answers "what stands for this trace"."""

    def __init__(self) -> None:
        self.decisions: dict[str, list[Decision]] = {}
        self.retracted: set[str] = set()

    def add(self, record: dict[str, Any]) -> None:
        details = review_details(record)
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
    ledger = Ledger()
    for record in records:
        ledger.add(record)
    return ledger.standing_all()


Item = TypeVar("Item")


def settle_reviews(items: Iterable[Item]) -> Iterator[Item]:
    """The stream `train` and `bench` read, with review lines settled: every other item passes
    through in order; of the review lines, only each trace's standing decision is kept (the
    line that wrote it), yielded after the rest. A retracted decision and the retraction
    itself are dropped, so an undo takes the label back out of the data."""
    ledger = Ledger()
    lines: dict[str, Item] = {}  # decision id -> the item that wrote it
    for item in items:
        data = getattr(item, "data", None)
        details = review_details(data)
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

"""What the benchmark-harness readers share: the harness's own score as a label, and the notes
a reader leaves on a run's result.

A harness (tau-bench, tau2-bench) scores each run from the end state of its environment; that
score is the run's `ground_truth` and nothing else. It goes only there, never into steps or
`meta`, so the projection, which strips `ground_truth`, is all that keeps it from a detector.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from toolscore_ci.formats._trace import TraceBuilder
from toolscore_ci.formats.base import Coverage
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue, TraceRecord

#: meta key: notes (strings) a reader leaves on the run's result, facts of the record a detector
#: does not see (a harness crash, a transcript that is no run of its own); `pipeline` adds them.
NOTES_KEY = "reader_notes"
#: meta key: the error a harness recorded for a run it could not finish.
ERROR_KEY = "harness_error"
#: How long a harness error may run in a warning or a note.
ERROR_CHARS = 300


def notes_of(data: dict[str, Any]) -> list[str]:
    """The notes `data`'s reader left (`meta.reader_notes`), each a string; [] if none."""
    meta = data.get("meta")
    notes = meta.get(NOTES_KEY) if type(meta) is dict else None
    if type(notes) is not list:
        return []
    return [n for n in notes if type(n) is str and n]


def note_unknown(coverage: Coverage, value: Any, line: int | None) -> None:
    """Count a value the reader does not take, by its kind, as every reader does."""
    kind = "object" if type(value) is dict else type(value).__name__
    coverage.note("unknown record type", kind, line)


def reward_of(value: Any) -> float | None:
    """A reward as a finite number; None for anything else (a bool is not a reward)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    reward = float(value)
    return reward if math.isfinite(reward) else None


def note_partial(coverage: Coverage, reward: float, where: str, line: int | None) -> None:
    """Say so when a reward is neither 0 nor 1: a fork's composite score (0.93 for a run
    whose actions all matched) is labelled failure, as the harness counts a task passed only
    at full reward, and the user should know the label may not mean what the fork meant."""
    if 0.0 < reward < 1.0 - 1e-6:
        coverage.note(
            "reward neither 0 nor 1",
            where,
            line,
            outcome="labelled failure: only a full reward passes",
        )


def label(record: TraceRecord, reward: float, details: dict[str, Any]) -> TraceRecord:
    """`record` with the harness's verdict as its label: success iff the reward is 1 (both
    harnesses count a task passed only at full reward), decided from the end state."""
    record.data["ground_truth"] = {
        "outcome": "success" if abs(reward - 1.0) < 1e-6 else "failure",
        "checked_by": "state_probe",
        "details": {"reward": reward, **details},
    }
    return record


def taken(
    values: Iterator[JsonValue | InputIssue], sniff: Callable[[Any], bool], coverage: Coverage
) -> Iterator[JsonValue | InputIssue]:
    """The input issues and the values a harness reader takes (`sniff`); any other value is
    counted by its kind."""
    for item in values:
        if isinstance(item, InputIssue) or sniff(item.value):
            yield item
        else:
            note_unknown(coverage, item.value, item.line)


def mark_crashed(b: TraceBuilder, error: str, harness: str, lost: str = "") -> None:
    """A run the harness stopped with an error: the error as an environment message, in
    `meta.harness_error`, and a note on the run's result (`lost`: what else the crash cost)."""
    b.environment(f"the harness stopped the run with an error: {error}")
    b.meta[ERROR_KEY] = error
    b.meta[NOTES_KEY] = [
        f"the run crashed: {harness} recorded an error ({error[:ERROR_CHARS]}); "
        f"{lost}not a run that ended cleanly"
    ]

"""results.jsonl / JSON: the machine-readable result of a run (schema: result-v1.json).

A results file is one result per line and, last, one trailer record
`{"record": "trailer", "tool": "toolscore-ci", "version": ..., "traces": N, "complete": true}`:
a reader (the Action's `baseline`) can then tell a whole file from one a killed run cut short.
Readers skip the trailer with `is_trailer`. Only strict JSON is written: a NaN or an infinity
(which Python's reader accepts in a trace) becomes null.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toolscore_ci import __version__
from toolscore_ci.model import (
    VERDICTS,
    Claim,
    ExpectedCalls,
    ExpectedFinding,
    InputIssue,
    Reason,
    Result,
    TaskLabel,
)

if TYPE_CHECKING:
    from toolscore_ci.pipeline import RunStats

RESULT_SCHEMA_RESOURCE = "result-v1.json"
TRAILER = "trailer"  # the value of a trailer's "record" key


def _finite(value: Any) -> Any:
    """`value` with every NaN or infinity replaced by None (JSON null)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def strict_dumps(value: Any, **options: Any) -> str:
    """`json.dumps` that never writes NaN/Infinity (not JSON): the fast path is plain
    `allow_nan=False`; only a value that holds one is copied with nulls in its place."""
    try:
        return json.dumps(value, allow_nan=False, **options)
    except ValueError:
        return json.dumps(_finite(value), allow_nan=False, **options)


def result_line(result: Result) -> str:
    """One result as one JSON line (`ensure_ascii` off: trace text stays readable)."""
    return strict_dumps(result.as_dict(), ensure_ascii=False)


def trailer_record(traces: int, *, complete: bool = True) -> dict[str, Any]:
    """The last line of a results file: how many results precede it, and whether the run
    that wrote them finished (`complete: false` marks what a crashed run left)."""
    return {
        "record": TRAILER,
        "tool": "toolscore-ci",
        "version": __version__,
        "traces": traces,
        "complete": complete,
    }


def trailer_line(traces: int, *, complete: bool = True) -> str:
    return json.dumps(trailer_record(traces, complete=complete))


def is_trailer(record: object) -> bool:
    return isinstance(record, dict) and record.get("record") == TRAILER


def results_text(results: Iterable[Result]) -> str:
    """A whole results file: every result, then the trailer."""
    lines = [result_line(r) for r in results]
    return "".join(line + "\n" for line in lines) + trailer_line(len(lines)) + "\n"


def summary_dict(stats: RunStats) -> dict[str, Any]:
    """The run's totals, as `--output json` closes with them."""
    return {
        "files": stats.files,
        "traces": stats.traces,
        "invalid": stats.invalid,
        "input_errors": stats.errors,
        "warnings": stats.warnings,
        "verdicts": {v: stats.verdicts.get(v, 0) for v in VERDICTS},
    }


def load_result_schema() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("toolscore_ci.schemas").joinpath(RESULT_SCHEMA_RESOURCE).read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


# -- shards: a trailer that lets `merge` rebuild the one run -----------------------------------

#: A shard's trailer keeps at most this many input issues (a broken file can have millions);
#: past it the merge says how many it could not list.
MAX_SHARD_ISSUES = 10_000


def issue_record(issue: InputIssue, key: tuple[int, ...]) -> dict[str, Any]:
    return {
        "file": issue.file,
        "line": issue.line,
        "path": issue.path,
        "message": issue.message,
        "severity": issue.severity,
        "at": list(key),
    }


def shard_trailer_line(
    traces: int,
    *,
    shard: tuple[int, int],
    config: dict[str, Any],
    order: list[int],
    issues: list[dict[str, Any]],
    issues_dropped: int,
    stats: dict[str, int],
    notes: list[str] = (),  # type: ignore[assignment]
    complete: bool = True,
) -> str:
    record = trailer_record(traces, complete=complete)
    record["shard"] = {
        "index": shard[0],
        "count": shard[1],
        "config": config,
        "order": order,
        "issues": issues,
        "issues_dropped": issues_dropped,
        "stats": stats,
        "notes": list(notes),
    }
    return strict_dumps(record, ensure_ascii=False)


def result_from_dict(data: dict[str, Any]) -> Result:
    """A result read back from its line: `result_line(result_from_dict(d))` gives the line
    again. Raises KeyError, TypeError or ValueError on a line of another shape."""
    claims = [
        Claim(
            category=c["category"],
            text=c["text"],
            step=c["step"],
            span=tuple(c["span"]) if c["span"] is not None else None,  # type: ignore[arg-type]
            values={k: tuple(v) for k, v in c["values"].items()},
            subject=c.get("subject") or {},
            type=None if c["type"] == c["category"] else c["type"],
            source=c["source"],
        )
        for c in data["claims"]
    ]
    reasons = [
        Reason(
            claim=r["claim"],
            outcome=r["outcome"],
            steps=tuple(r["steps"]),
            detail=r["detail"],
            code=r.get("code", ""),
            claim_index=r.get("claim_index"),
        )
        for r in data["reasons"]
    ]
    p = data["p_success"]
    return Result(
        trace_id=str(data["trace_id"]),
        verdict=data["verdict"],
        p_success=float("nan") if p is None else float(p),
        claims=claims,
        reasons=reasons,
        source_file=str(data["source_file"]),
        line=int(data["line"]),
        detector=str(data["detector"]),
        notes=[str(n) for n in data["notes"]],
        group=None if data.get("group") is None else str(data["group"]),
        duration_s=None if data.get("duration_s") is None else float(data["duration_s"]),
        expected_calls=_expected_from_dict(data.get("expected_calls")),
        task=_task_from_dict(data.get("task")),
        span_id=None if data.get("span_id") is None else str(data["span_id"]),
    )


def _task_from_dict(data: dict[str, Any] | None) -> TaskLabel | None:
    if not isinstance(data, dict):
        return None  # a results file from before results carried the task
    return TaskLabel(str(data.get("id", "")), str(data.get("instruction", "")))


def _expected_from_dict(data: dict[str, Any] | None) -> ExpectedCalls | None:
    if data is None:
        return None
    return ExpectedCalls(
        mode=str(data["mode"]),
        expected=int(data["expected"]),
        matched=int(data["matched"]),
        findings=tuple(
            ExpectedFinding(
                code=f["code"],
                check=f["check"],
                outcome=f["outcome"],
                expected_index=f["expected_index"],
                steps=tuple(f["steps"]),
                detail=f["detail"],
            )
            for f in data["findings"]
        ),
    )

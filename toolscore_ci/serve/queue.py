"""The review queue: every result of the run, what is open ranked closest to p 0.5 first.

Built by checking PATH... with the project's own pipeline, or read from a results file
(`check --output jsonl`) given as a PATH. Filters run here, on the server, so they work
without JavaScript. The original trace is read back from its file and line when a page or a
decision needs it, never kept in memory for the whole run.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from toolscore_ci.model import InputIssue, Result, TraceRecord
from toolscore_ci.pipeline import CheckConfig, RunStats, iter_valid_records, run
from toolscore_ci.report.results import is_trailer, result_from_dict

#: The verdict the queue shows unless another is asked for.
DEFAULT_VERDICT = "unverifiable"
#: `status` filter values: open (no standing decision), reviewed, or both.
STATUSES = ("open", "reviewed", "all")


@dataclass(frozen=True)
class Filters:
    """What the queue page was asked to show (its query parameters)."""

    verdict: str = DEFAULT_VERDICT  # a verdict, or "all"
    code: str = ""  # a check code some reason carries
    file: str = ""  # a source file, exactly
    status: str = "open"
    q: str = ""  # free text: trace id, file, claims, reasons and the review note


@dataclass
class Queue:
    results: list[Result]
    issues: list[InputIssue] = field(default_factory=list)
    by_id: dict[str, Result] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # One page per trace id (the reviews file is keyed by it); the first result wins.
        for result in self.results:
            self.by_id.setdefault(result.trace_id, result)
        self.results = sorted(self.by_id.values(), key=_rank)

    def codes(self) -> list[str]:
        return sorted({r.code for result in self.results for r in result.reasons if r.code})

    def files(self) -> list[str]:
        return sorted({result.source_file for result in self.results})

    def select(self, filters: Filters, reviewed: dict[str, str]) -> list[Result]:
        """The results `filters` asks for, in rank order. `reviewed` maps a reviewed trace's
        id to its review note (searched with the rest)."""
        words = filters.q.casefold().split()
        out = []
        for result in self.results:
            if filters.verdict != "all" and result.verdict != filters.verdict:
                continue
            if filters.code and filters.code not in {r.code for r in result.reasons}:
                continue
            if filters.file and result.source_file != filters.file:
                continue
            is_reviewed = result.trace_id in reviewed
            if (filters.status == "open" and is_reviewed) or (
                filters.status == "reviewed" and not is_reviewed
            ):
                continue
            if words:
                haystack = _search_text(result, reviewed.get(result.trace_id, "")).casefold()
                if not all(word in haystack for word in words):
                    continue
            out.append(result)
        return out


def _rank(result: Result) -> tuple[float, str]:
    """Closest to 0.5 first: the traces a detector is least sure of; no score goes last."""
    p = result.p_success
    distance = abs(p - 0.5) if isinstance(p, float) and math.isfinite(p) else math.inf
    return distance, result.trace_id


def _search_text(result: Result, note: str) -> str:
    parts = [result.trace_id, result.source_file, result.verdict, note]
    parts += [c.quote for c in result.claims]
    parts += [f"{r.code} {r.claim} {r.detail}" for r in result.reasons]
    parts += result.notes  # a ranked skipped trace's TSM002, an abstention's TSM901
    return "\n".join(parts)


def looks_like_results(path: str) -> bool:
    """A results file (`check --output jsonl`): its first line is a result or the trailer."""
    if path == "-" or not os.path.isfile(path):
        return False
    try:
        with open(path, encoding="utf-8") as fh:
            first = next((line for line in fh if line.strip()), "")
        record = json.loads(first)
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return is_trailer(record) or (
        isinstance(record, dict) and {"verdict", "p_success", "source_file"} <= record.keys()
    )


def read_results(path: str) -> Queue:
    """The results of an earlier run; a line that is not a result is an issue naming it."""
    results: list[Result] = []
    issues: list[InputIssue] = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if is_trailer(record) or (isinstance(record, dict) and "verdict" not in record):
                    continue  # the trailer, and the issue records a run writes beside results
                results.append(result_from_dict(record))
            except (ValueError, KeyError, TypeError) as exc:
                issues.append(InputIssue(path, number, "$", f"not a result line: {exc}"))
    return Queue(results, issues)


def build_queue(files: Sequence[str], results_files: Sequence[str], config: CheckConfig) -> Queue:
    """Check `files` with the pipeline and add the results read from `results_files`."""
    results: list[Result] = []
    issues: list[InputIssue] = []
    for path in results_files:
        read = read_results(path)
        results += read.results
        issues += read.issues
    stats = RunStats()
    for item in run(files, config, stats):
        if isinstance(item, Result):
            results.append(item)
        else:
            issues.append(item)
    return Queue(results, issues)


def read_record(result: Result, config: CheckConfig) -> TraceRecord | None:
    """The trace a result was made from, read back from its file and line (None when the file
    changed under us or is gone: the page says so, and no decision is written)."""
    if not os.path.isfile(result.source_file):
        return None
    stats = RunStats()
    for item in iter_valid_records([result.source_file], config, None, stats):
        if not isinstance(item, TraceRecord):
            continue
        # one line may hold several traces (a JSON array, a harness's results file)
        if item.line == result.line and str(item.data.get("trace_id")) == result.trace_id:
            return item
        if item.line > result.line:
            break
    return None


def all_verdicts(results: Iterable[Result]) -> list[str]:
    return sorted({r.verdict for r in results})

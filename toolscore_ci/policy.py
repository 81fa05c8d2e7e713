"""Policies over a run's results beyond one verdict a trace: repeats (pass^k) and required cases.

Repeats: agent runs are nondeterministic, so a suite runs each task k times; the traces that
share a value at the repeats key (`task.id` by default) are one task's runs. A task reaches
pass^k when it has at least k runs and every one of them passes (no verdict of `fail-on`).
Fewer than k runs is a failure, "too few runs": a task that was not run k times has not
shown it passes k times. A trace with no value at the key is a task of its own, by trace id.

Required cases: a file lists the case ids a run must contain (one a line, `#` comments, or a
JSON list of strings); a listed id that no trace carries (as its trace id or its repeats key)
fails the gate as "missing required case".
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from toolscore_ci.model import Result
from toolscore_ci.rules.dsl import MISSING, get_path

DEFAULT_REPEATS_BY = "task.id"


class PolicyError(ValueError):
    """A policy input that cannot be used (a bad required-cases file): a usage error."""


def group_value(record: object, path: str) -> str | None:
    """The value at a dotted path as text, or None when absent (a dict or a list is no key)."""
    node = get_path(record, path)
    if node is MISSING or node is None or isinstance(node, (dict, list)):
        return None
    return str(node)


@dataclass(frozen=True)
class TaskRow:
    """One task's repeats: how many runs, how many passed, whether it reached pass^k."""

    task: str
    runs: int
    passed: int
    k: int | None  # None: repeats grouped (`--repeats-by`) with no pass^k asked

    @property
    def reached(self) -> bool:
        return (self.k is None or self.runs >= self.k) and self.passed == self.runs

    @property
    def status(self) -> str:
        if self.k is not None and self.runs < self.k:
            return f"too few runs ({self.runs} of {self.k})"
        return "pass" if self.reached else f"fail ({self.runs - self.passed} failing)"


def task_key(result: Result) -> str:
    """The task a result is a run of: its repeats key, else its own trace id."""
    return result.group if result.group is not None else result.trace_id


class Tally:
    """What the policies need of each result, kept as the results stream by: each task's
    runs and passes, and every id seen (trace ids and repeats keys)."""

    def __init__(self, fail_on: frozenset[str]) -> None:
        self.fail_on = fail_on
        self.runs: dict[str, list[int]] = {}
        self.ids: set[str] = set()

    def add(self, result: Result) -> None:
        counts = self.runs.setdefault(task_key(result), [0, 0])
        counts[0] += 1
        counts[1] += result.verdict not in self.fail_on
        self.ids.add(result.trace_id)
        if result.group is not None:
            self.ids.add(result.group)

    def tasks(self, k: int | None) -> list[TaskRow]:
        """Each task's row, in order of the task's first run."""
        return [TaskRow(task, n, ok, k) for task, (n, ok) in self.runs.items()]

    def missing(self, required: Iterable[str]) -> list[str]:
        """Required ids no result carries as its trace id or its repeats key."""
        return [case for case in required if case not in self.ids]


def load_required_cases(path: str) -> tuple[str, ...]:
    """The ids of a required-cases file, in file order, each once."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read required cases: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PolicyError(f"{path}: required cases are not UTF-8 text ({exc.reason})") from None
    ids: list[str] = []
    if text.lstrip().startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PolicyError(f"{path}:{exc.lineno}: $: not JSON: {exc.msg}") from None
        for i, item in enumerate(data):
            if not isinstance(item, str) or not item.strip():
                raise PolicyError(
                    f"{path}: $[{i}]: expected a case id (a non-empty string), got {item!r}"
                )
            ids.append(item.strip())
    else:
        for line in text.splitlines():
            item = line.split("#", 1)[0].strip()
            if item:
                ids.append(item)
    if not ids:
        # an empty list is most likely a wrong file: requiring nothing must be said by omission
        raise PolicyError(f"{path}: no required case ids in the file")
    return tuple(dict.fromkeys(ids))


def render_tasks(rows: list[TaskRow], limit: int = 200) -> str:
    """The task-level table: the failing tasks first (a reader acts on those), then the rest,
    cut at `limit` rows with a count of what is not shown."""
    if not rows:
        return ""
    head = "pass^k" if rows[0].k is None else f"pass^{rows[0].k}"
    ordered = sorted(rows, key=lambda r: r.reached)  # stable: input order within each
    width = max(4, *(min(len(r.task), 60) for r in ordered[:limit]))
    lines = [f"\ntasks ({len(rows):,}):", f"  {'task':<{width}}  runs  passed  {head}"]
    for row in ordered[:limit]:
        name = "".join(ch if ch.isprintable() else "?" for ch in row.task)[:60]
        lines.append(f"  {name:<{width}}  {row.runs:>4}  {row.passed:>6}  {row.status}")
    if len(rows) > limit:
        lines.append(f"  ... {len(rows) - limit:,} more tasks not shown")
    return "\n".join(lines) + "\n"


def tasks_json(rows: list[TaskRow]) -> list[dict[str, object]]:
    return [
        {
            "task": r.task,
            "runs": r.runs,
            "passed": r.passed,
            "pass_k": r.reached,
            "status": r.status,
        }
        for r in rows
    ]

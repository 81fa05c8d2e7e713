"""The one pipeline every surface runs: read -> validate -> project -> check.

Results and input issues come out as one stream, in input order, so a caller can report as it
goes and memory stays flat however many traces there are.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import Any

from toolscore_ci.checker import Checker
from toolscore_ci.formats import read_file
from toolscore_ci.formats.jsonio import DEFAULT_MAX_LINE_BYTES
from toolscore_ci.model import InputIssue, Result, TraceRecord
from toolscore_ci.probes import Probes
from toolscore_ci.projection import project
from toolscore_ci.rules import RulePackError, load_packs
from toolscore_ci.validate import schema_issues


class ConfigError(Exception):
    """The run cannot start: a rule pack or probes file is unusable."""


@dataclass(frozen=True)
class CheckConfig:
    probes: str | None = None
    rules: tuple[str, ...] = ()
    fmt: str = "auto"
    strict_format: bool = False
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    jobs: int = 1  # worker processes for the check stage; 1 checks in this process


@dataclass
class RunStats:
    files: int = 0
    traces: int = 0  # records read that passed validation and were checked
    invalid: int = 0  # records that failed validation
    errors: int = 0  # input issues of severity error (bad lines included)
    warnings: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)


def iter_valid_records(
    files: Iterable[str], config: CheckConfig, probes: Probes | None, stats: RunStats
) -> Iterator[TraceRecord | InputIssue]:
    """Read every file and validate each record; invalid records become issues."""
    for path in files:
        stats.files += 1
        for item in read_file(
            path,
            config.fmt,
            strict_format=config.strict_format,
            max_line_bytes=config.max_line_bytes,
        ):
            if isinstance(item, InputIssue):
                _count(item, stats)
                yield item
                continue
            if probes is not None:
                probes.merge(item.data)
            issues = schema_issues(item)
            if issues:
                stats.invalid += 1
                for issue in issues:
                    _count(issue, stats)
                    yield issue
                continue
            yield item


def _count(issue: InputIssue, stats: RunStats) -> None:
    if issue.severity == "error":
        stats.errors += 1
    else:
        stats.warnings += 1


def make_checker(config: CheckConfig) -> Checker:
    try:
        packs = load_packs(config.rules)
    except RulePackError as exc:
        raise ConfigError(str(exc)) from None
    return Checker(packs)


def load_probes(config: CheckConfig) -> tuple[Probes | None, list[InputIssue]]:
    if not config.probes:
        return None, []
    probes, issues = Probes.load(config.probes)
    fatal = [i for i in issues if i.line is None and i.severity == "error"]
    if fatal:
        raise ConfigError(str(fatal[0]))
    return probes, issues


def run(
    files: Iterable[str],
    config: CheckConfig,
    stats: RunStats | None = None,
    *,
    checker: Checker | None = None,
) -> Iterator[Result | InputIssue]:
    """Check every trace in `files`; yields results and issues in input order. `checker`
    replaces the one built from `config.rules` (a bench or a test may wrap it); whatever it
    is, it only ever receives `project(record)`."""
    stats = stats if stats is not None else RunStats()
    own_checker = checker is None
    checker = checker if checker is not None else make_checker(config)
    probes, probe_issues = load_probes(config)
    for issue in probe_issues:
        _count(issue, stats)
        yield issue
    items = iter_valid_records(files, config, probes, stats)
    if config.jobs > 1 and own_checker:
        checked: Iterator[Result | InputIssue] = _check_in_workers(items, config)
    else:
        checked = (
            item
            if isinstance(item, InputIssue)
            else checker.check(project(item.data), item.file, item.line)
            for item in items
        )
    for item in checked:
        if isinstance(item, Result):
            stats.traces += 1
            stats.verdicts[item.verdict] += 1
        yield item
    if probes is not None:
        for issue in probes.unused():
            _count(issue, stats)
            yield issue


# ---- the check stage in worker processes ----------------------------------------------------
# Reading stays in this process (it is sequential and keeps line numbers); workers only project
# and check. A bounded window of batches in flight keeps memory flat on any input size.

_BATCH = 256
_WORKER_CHECKER: Checker | None = None


def _init_worker(rules: tuple[str, ...]) -> None:
    global _WORKER_CHECKER
    _WORKER_CHECKER = Checker(load_packs(rules))


def _check_batch(batch: list[tuple[dict[str, Any], str, int]]) -> list[Result]:
    assert _WORKER_CHECKER is not None
    return [_WORKER_CHECKER.check(project(data), file, line) for data, file, line in batch]


def _check_in_workers(
    items: Iterator[TraceRecord | InputIssue], config: CheckConfig
) -> Iterator[Result | InputIssue]:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    window = 2 * config.jobs
    pending: deque[InputIssue | AsyncResult[list[Result]]] = deque()
    in_flight = 0
    batch: list[tuple[dict[str, Any], str, int]] = []
    with context.Pool(config.jobs, initializer=_init_worker, initargs=(config.rules,)) as pool:

        def submit() -> None:
            nonlocal batch, in_flight
            if batch:
                pending.append(pool.apply_async(_check_batch, (batch,)))
                in_flight += 1
                batch = []

        def drain(until: int) -> Iterator[Result | InputIssue]:
            nonlocal in_flight
            while pending and in_flight > until:
                head = pending.popleft()
                if isinstance(head, InputIssue):
                    yield head
                else:
                    in_flight -= 1
                    yield from head.get()
            while pending and isinstance(pending[0], InputIssue):
                yield pending.popleft()  # type: ignore[misc]

        for item in items:
            if isinstance(item, InputIssue):
                submit()
                if pending:
                    pending.append(item)
                else:
                    yield item
                continue
            batch.append((item.data, item.file, item.line))
            if len(batch) >= _BATCH:
                submit()
                yield from drain(window)
        submit()
        yield from drain(0)

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

from toolscore_ci.engine.engine import Engine as Checker
from toolscore_ci.formats import native, read_file
from toolscore_ci.formats.jsonio import DEFAULT_MAX_LINE_BYTES, loads_located, native_jsonl_lines
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
            elif item.valid_by_construction:
                yield item
                continue
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
    if config.jobs > 1 and own_checker:
        checked: Iterator[Result | InputIssue] = _check_in_workers(files, config, probes, stats)
    else:
        checked = (
            item
            if isinstance(item, InputIssue)
            else checker.check(project(item.data), item.file, item.line)
            for item in iter_valid_records(files, config, probes, stats)
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


# ---- checking in worker processes ---------------------------------------------------------
# For agent-trace/v1 JSON Lines the main process only cuts lines (keeping their numbers) and the
# workers parse, merge probes, validate, project and check; other formats are read here and only
# checked there. A bounded window of batches in flight keeps memory flat on any input size, and
# results come back in input order with input issues in place.

_BATCH = 256
# Real traces run to 100 KB a line: a batch is also closed at this many bytes, so both workers
# get work and a window of batches in flight stays small in memory.
_BATCH_BYTES = 1 << 20
_WORKER: tuple[Checker, Probes | None] | None = None

# A unit of work: a raw native line, or a record another reader already produced.
_Work = tuple[str, Any, str, int]
# What a unit gives back: a result, or the issues of a record that failed (and whether it
# counts as an invalid trace), plus the trace_id whose probes were merged.
_Outcome = tuple[Result | None, list[InputIssue], bool, str | None]


def _init_worker(rules: tuple[str, ...], probes: Probes | None) -> None:
    global _WORKER
    _WORKER = (Checker(load_packs(rules)), probes)


def _check_batch(batch: list[_Work]) -> list[_Outcome]:
    assert _WORKER is not None
    checker, probes = _WORKER
    out: list[_Outcome] = []
    for kind, payload, file, line in batch:
        if kind == "raw":
            value, problem = loads_located(payload)
            if problem is not None:
                out.append((None, [InputIssue(file, line, "$", problem)], False, None))
                continue
            if not isinstance(value, dict):
                issue = InputIssue(
                    file, line, "$", f"expected a trace object, got {type(value).__name__}"
                )
                out.append((None, [issue], False, None))
                continue
            record = TraceRecord(value, file, line)
        else:
            record = TraceRecord(payload, file, line)
        merged = None
        if probes is not None:
            probes.merge(record.data)
            trace_id = record.data.get("trace_id")
            merged = trace_id if isinstance(trace_id, str) and trace_id in probes.by_trace else None
        if kind == "raw":
            issues = schema_issues(record)
            if issues:
                out.append((None, issues, True, merged))
                continue
        result = checker.check(project(record.data), file, line)
        out.append((result, [], False, merged))
    return out


def _work_items(
    files: Iterable[str], config: CheckConfig, probes: Probes | None, stats: RunStats
) -> Iterator[_Work | InputIssue]:
    """Native JSON Lines as raw lines; everything else through its reader, validated here."""
    for path in files:
        lines = (
            native_jsonl_lines(path, native.sniff, config.max_line_bytes)
            if config.fmt in ("auto", native.NAME)
            else None
        )
        if lines is None:
            for item in iter_valid_records([path], config, None, stats):
                if isinstance(item, InputIssue):
                    yield item
                else:
                    yield ("record", item.data, item.file, item.line)
            continue
        stats.files += 1
        for entry in lines:
            if isinstance(entry, InputIssue):
                _count(entry, stats)
                yield entry
            else:
                yield ("raw", entry[1], path, entry[0])


def _check_in_workers(
    files: Iterable[str], config: CheckConfig, probes: Probes | None, stats: RunStats
) -> Iterator[Result | InputIssue]:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    window = 2 * config.jobs
    pending: deque[InputIssue | AsyncResult[list[_Outcome]]] = deque()
    in_flight = 0
    batch: list[_Work] = []
    batch_bytes = 0

    def unpack(outcomes: list[_Outcome]) -> Iterator[Result | InputIssue]:
        for result, issues, invalid, merged in outcomes:
            if merged is not None and probes is not None:
                probes.used.add(merged)
            if invalid:
                stats.invalid += 1
            for issue in issues:
                _count(issue, stats)
                yield issue
            if result is not None:
                yield result

    with context.Pool(
        config.jobs, initializer=_init_worker, initargs=(config.rules, probes)
    ) as pool:

        def submit() -> None:
            nonlocal batch, in_flight, batch_bytes
            if batch:
                pending.append(pool.apply_async(_check_batch, (batch,)))
                in_flight += 1
                batch = []
                batch_bytes = 0

        def drain(until: int) -> Iterator[Result | InputIssue]:
            nonlocal in_flight
            while pending and in_flight > until:
                head = pending.popleft()
                if isinstance(head, InputIssue):
                    yield head
                else:
                    in_flight -= 1
                    yield from unpack(head.get())
            while pending and isinstance(pending[0], InputIssue):
                yield pending.popleft()  # type: ignore[misc]

        for item in _work_items(files, config, probes, stats):
            if isinstance(item, InputIssue):
                submit()
                if pending:
                    pending.append(item)
                    # an issue closes a batch early: keep the window bounded all the same
                    yield from drain(window)
                else:
                    yield item
                continue
            batch.append(item)
            if isinstance(item[1], str):
                batch_bytes += len(item[1])
            if len(batch) >= _BATCH or batch_bytes >= _BATCH_BYTES:
                submit()
                yield from drain(window)
        submit()
        yield from drain(0)

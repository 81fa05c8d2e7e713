"""The one pipeline every surface runs: read -> validate -> project -> check.

Results and input issues come out as one stream, in input order, so a caller can report as it
goes and memory stays flat however many traces there are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

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
    checker = checker if checker is not None else make_checker(config)
    probes, probe_issues = load_probes(config)
    for issue in probe_issues:
        _count(issue, stats)
        yield issue
    for item in iter_valid_records(files, config, probes, stats):
        if isinstance(item, InputIssue):
            yield item
            continue
        result = checker.check(project(item.data), item.file, item.line)
        stats.traces += 1
        stats.verdicts[result.verdict] += 1
        yield result
    if probes is not None:
        for issue in probes.unused():
            _count(issue, stats)
            yield issue

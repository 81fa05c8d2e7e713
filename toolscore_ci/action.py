"""The GitHub Action: inputs -> the `check` pipeline -> files, summary, outputs, log, API.

The order is the point. Everything that needs no network is done first (results file, JUnit,
SARIF, job summary, outputs, annotations in the log); only then does the Action talk to the
REST API (check run, PR comment), and any failure there becomes a notice, never a lost report
or a crash. Exit status: 0 pass, 1 gate failed, 2 configuration or input error.

Whatever happens after the settings are read, every output, the summary and the files are
still written: checking has a boundary per trace file and each later stage has its own
(`_Stages`), so an unexpected exception becomes a located error in the report (`conclusion`
`error`, exit 2), not a lost run. The PR and commit to report on come only from the runner's
own event; in `workflow_run` mode they are verified through the API (`trusted_target`).

Inputs come from `INPUT_<NAME>` (as the runner sets them for Docker actions, hyphens kept), then
`INPUT_<NAME_WITH_UNDERSCORES>`, then the bare `<NAME_WITH_UNDERSCORES>`, so one code path serves
the Docker action, the composite action and a plain shell.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import sys
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from toolscore_ci.baseline import compare_baseline, load_baseline, load_baseline_results
from toolscore_ci.discover import expand_globs
from toolscore_ci.gate import (
    GatePolicy,
    decide,
    false_success_fails,
    parse_count,
    parse_fail_on,
    parse_rate,
)
from toolscore_ci.github import GitHub, GitHubError
from toolscore_ci.model import VERDICTS, InputIssue, Result
from toolscore_ci.pipeline import (
    CheckConfig,
    Checker,
    ConfigError,
    RunStats,
    make_checker,
    run_ordered,
)
from toolscore_ci.policy import (
    DEFAULT_REPEATS_BY,
    PolicyError,
    Tally,
    TaskRow,
    load_required_cases,
)
from toolscore_ci.report import annotations as ann
from toolscore_ci.report.atomic import append_atomic, write_atomic
from toolscore_ci.report.comment import (
    CHECK_RUN_LIMIT,
    SAFE_URL,
    SUMMARY_LIMIT,
    BaselineDiff,
    ReportData,
    build_report_data,
    comment_markdown,
    marker,
    md_text,
    posted_line,
    render_markdown,
    stable_body,
    summary_markdown,
    utf8_len,
)
from toolscore_ci.report.inert import inert
from toolscore_ci.report.junit import render_junit
from toolscore_ci.report.results import (
    MAX_SHARD_ISSUES,
    issue_record,
    results_text,
    shard_trailer_line,
)
from toolscore_ci.report.sarif import DOCS_BASE, render_sarif
from toolscore_ci.report.table import render_table
from toolscore_ci.report.workflow_commands import command, guarded, new_token
from toolscore_ci.shard import Shard, parse_shard
from toolscore_ci.target import (
    head_sha,
    pull_request_number,
    read_event,
    read_only_reason,
    trusted_target,
)

EXIT_OK, EXIT_GATE, EXIT_INPUT = 0, 1, 2
CONCLUSIONS = {EXIT_OK: "success", EXIT_GATE: "failure", EXIT_INPUT: "error"}

#: Every input and its default, exactly as in action.yml (a test holds them equal).
INPUT_DEFAULTS: dict[str, str] = {
    "traces": "traces/**/*.jsonl",
    "format": "auto",
    "probes": "",
    "rules": "",
    "fail-on": "false_success",
    "fail-on-empty": "true",
    "fail-on-new-only": "false",
    "baseline": "",
    "comment-mode": "always",
    "artifact-url": "",
    "check-run": "auto",
    "max-annotations": "10",
    "junit-file": "toolscore-ci/junit.xml",
    "sarif-file": "",
    "results-file": "toolscore-ci/results.jsonl",
    # issue 11: the self-contained HTML report; "true" puts report.html beside results-file
    "html-report": "true",
    "otel-file": "",
    "job-summary": "true",
    "event-file": "",
    "github-token": "${{ github.token }}",
    "github-timeout": "120",
    "detector": "cascade-offline",
    "model": "",
    "judge-base-url": "",
    "judge-model": "",
    "max-usd": "",
    "judge-ledger": "toolscore-ci/judge-ledger.jsonl",
    "title": "toolscore-ci",
    # issue 12: gate thresholds, sharding and merge
    "max-false-success-rate": "",
    "max-false-successes": "",
    "mode": "check",
    "shard": "",
    "merge-results": "",
    # issue 12: repeats (pass^k) and required cases
    "pass-k": "",
    "repeats-by": "",
    "required-cases": "",
}
MODES = ("check", "merge")
OUTPUTS = (
    "conclusion",
    "traces",
    "verified",
    "false-successes",
    "unverifiable",
    "skipped",
    "invalid",
    "honesty-errors",
    "new-false-successes",
    "results-file",
    "junit-file",
    "sarif-file",
    "html-report",
    "comment-url",
    "check-run-url",
    "json",
)
COMMENT_MODES = ("always", "changes", "failures", "off")
#: The `detector` input, as `check --detector`.
DETECTORS = ("cascade-offline", "checks", "classifier", "judge", "cascade")
JUDGE_DETECTORS = ("judge", "cascade")
BOT_LOGIN = "github-actions[bot]"  # who GITHUB_TOKEN comments as
#: Longest text of an unexpected exception quoted in a report (it may carry trace text).
INTERNAL_ERROR_MAX = 300


class InputError(Exception):
    """A bad input value: the run cannot start (exit 2)."""


def get_input(env: Mapping[str, str], name: str) -> str:
    upper = name.upper()
    for key in (f"INPUT_{upper}", f"INPUT_{upper.replace('-', '_')}", upper.replace("-", "_")):
        if key in env:
            return env[key].strip()
    default = INPUT_DEFAULTS[name]
    return "" if default.startswith("${{") else default


def _bool(env: Mapping[str, str], name: str) -> bool:
    value = get_input(env, name).lower()
    if value in ("true", "yes", "1", "on"):
        return True
    if value in ("false", "no", "0", "off", ""):
        return False
    raise InputError(f"input {name}: expected true or false, got {value!r}")


def _lines(value: str) -> list[str]:
    return [line.strip() for line in value.splitlines() if line.strip()]


@dataclass
class Settings:
    workspace: str
    traces: list[str]
    fmt: str
    probes: str | None
    rules: tuple[str, ...]
    fail_on: frozenset[str]
    fail_on_empty: bool
    fail_on_new_only: bool
    baseline: str | None
    comment_mode: str
    check_run: str
    max_annotations: int
    junit_file: str
    sarif_file: str
    results_file: str
    job_summary: bool
    event_file: str | None
    token: str
    title: str
    github_timeout: float = float(INPUT_DEFAULTS["github-timeout"])
    detector: str = INPUT_DEFAULTS["detector"]
    model: str | None = None
    judge_base_url: str | None = None
    judge_model: str | None = None
    max_usd: float | None = None
    judge_ledger: str = INPUT_DEFAULTS["judge-ledger"]
    max_false_success_rate: float | None = None
    max_false_successes: int | None = None
    mode: str = "check"
    shard: Shard | None = None
    merge_results: list[str] = field(default_factory=list)
    otel_file: str = ""  # OTLP/JSON gen_ai.evaluation.result records (report/otel.py)
    pass_k: int | None = None
    repeats_by: str | None = None
    required_cases: tuple[str, ...] = ()
    lists_tasks: bool = False  # pass-k or an explicit repeats-by: the tasks are reported
    artifact_url: str | None = None  # linked from the comment and the summary
    html_report: str = ""  # where report.html goes, relative to the workspace; "" for none

    @property
    def policy(self) -> GatePolicy:
        return GatePolicy(
            self.fail_on,
            self.max_false_success_rate,
            self.max_false_successes,
            pass_k=self.pass_k,
            required_cases=self.required_cases,
        )

    def path(self, value: str) -> str:
        return value if os.path.isabs(value) else os.path.join(self.workspace, value)


def read_settings(env: Mapping[str, str]) -> Settings:
    workspace = os.path.realpath(env.get("GITHUB_WORKSPACE") or os.getcwd())
    fail_on = parse_fail_on(get_input(env, "fail-on"), InputError, "input fail-on: ")
    mode = get_input(env, "comment-mode").lower()
    if mode not in COMMENT_MODES:
        raise InputError(f"input comment-mode: {mode!r} is not one of {', '.join(COMMENT_MODES)}")
    check_run = get_input(env, "check-run").lower()
    if check_run not in ("auto", "true", "false"):
        raise InputError(f"input check-run: {check_run!r} is not one of auto, true, false")
    try:
        max_annotations = int(get_input(env, "max-annotations"))
        if max_annotations < 0:
            raise ValueError
    except ValueError:
        raise InputError(
            f"input max-annotations: expected a whole number >= 0, "
            f"got {get_input(env, 'max-annotations')!r}"
        ) from None
    traces = _lines(get_input(env, "traces"))
    if not traces:
        raise InputError("input traces: give at least one glob (one per line)")
    title = get_input(env, "title") or "toolscore-ci"
    raw_timeout = get_input(env, "github-timeout")
    try:
        github_timeout = float(raw_timeout)
        if not 0 < github_timeout < float("inf"):
            raise ValueError
    except ValueError:
        raise InputError(
            f"input github-timeout: expected seconds > 0 for all GitHub calls, got {raw_timeout!r}"
        ) from None
    detector = get_input(env, "detector").lower() or INPUT_DEFAULTS["detector"]
    if detector not in DETECTORS:
        raise InputError(f"input detector: {detector!r} is not one of {', '.join(DETECTORS)}")
    raw_budget = get_input(env, "max-usd")
    max_usd: float | None = None
    if raw_budget:
        try:
            max_usd = float(raw_budget)
            if not 0 <= max_usd < float("inf"):
                raise ValueError
        except ValueError:
            raise InputError(
                f"input max-usd: expected US dollars >= 0, got {raw_budget!r}"
            ) from None
    judge_base_url = get_input(env, "judge-base-url") or None
    judge_model = get_input(env, "judge-model") or None
    if detector in JUDGE_DETECTORS and not (judge_base_url and judge_model):
        raise InputError(f"input detector: {detector} needs judge-base-url and judge-model")
    settings = Settings(
        detector=detector,
        model=get_input(env, "model") or None,
        judge_base_url=judge_base_url,
        judge_model=judge_model,
        max_usd=max_usd,
        judge_ledger=get_input(env, "judge-ledger"),
        workspace=workspace,
        traces=traces,
        fmt=get_input(env, "format") or "auto",
        probes=get_input(env, "probes") or None,
        rules=tuple(_lines(get_input(env, "rules"))),
        fail_on=frozenset(fail_on - {"none"}),
        fail_on_empty=_bool(env, "fail-on-empty"),
        fail_on_new_only=_bool(env, "fail-on-new-only"),
        baseline=get_input(env, "baseline") or None,
        comment_mode=mode,
        check_run=check_run,
        max_annotations=max_annotations,
        junit_file=get_input(env, "junit-file"),
        sarif_file=get_input(env, "sarif-file"),
        results_file=get_input(env, "results-file"),
        otel_file=get_input(env, "otel-file"),
        job_summary=_bool(env, "job-summary"),
        event_file=get_input(env, "event-file") or None,
        token=get_input(env, "github-token"),
        title=title,
        github_timeout=github_timeout,
    )
    _read_sharding(env, settings)
    settings.artifact_url = _artifact_url(get_input(env, "artifact-url"))
    settings.html_report = html_report_path(get_input(env, "html-report"), settings.results_file)
    if settings.fmt != "auto":
        from toolscore_ci.formats import reader_names

        if settings.fmt not in reader_names():
            raise InputError(
                f"input format: unknown format {settings.fmt!r} "
                f"(choose from auto, {', '.join(reader_names())})"
            )
    return settings


def _artifact_url(value: str) -> str | None:
    """The `artifact-url` input: an http(s) URL that can stand in a Markdown link as it is."""
    if not value:
        return None
    if not SAFE_URL.fullmatch(value):
        raise InputError(
            f"input artifact-url: expected an http(s) URL without spaces, quotes, brackets or "
            f"parentheses, got {value[:200]!r}"
        )
    return value


def html_report_path(value: str, results_file: str) -> str:
    """The `html-report` input as a path: "true" is report.html beside the results file (in
    toolscore-ci/ when there is none), "false" or empty is none, anything else a path."""
    if value.lower() in ("false", "no", "0", "off", ""):
        return ""
    if value.lower() in ("true", "yes", "1", "on"):
        folder = os.path.dirname(results_file) if results_file else "toolscore-ci"
        return os.path.join(folder, "report.html") if folder else "report.html"
    return value


def write_html_report(settings: Settings, outcome: Outcome) -> None:
    """report.html from the run's results (report/html_report.py); the traces shown are read
    back from their files, relative to the workspace as the results name them."""
    from toolscore_ci.report.html_report import HtmlReport, write_html

    report = HtmlReport(title=settings.title, files=outcome.stats.files)
    report.invalid, report.gate = outcome.stats.invalid, outcome.gate_text
    for result in outcome.results:
        report.add(result)
    for issue in outcome.issues:
        report.add_issue(issue)
    baseline = load_baseline(settings.path(settings.baseline)) if settings.baseline else None
    write_html(
        settings.path(settings.html_report),
        report,
        baseline=baseline,
        baseline_name=settings.baseline or "",
        base_dir=settings.workspace,
    )


def _read_sharding(env: Mapping[str, str], settings: Settings) -> None:
    """The issue-12 inputs: thresholds, `shard` and `mode: merge`."""
    rate = get_input(env, "max-false-success-rate")
    if rate:
        settings.max_false_success_rate = parse_rate(
            rate, InputError, "input max-false-success-rate: "
        )
    count = get_input(env, "max-false-successes")
    if count:
        settings.max_false_successes = parse_count(count, InputError, "input max-false-successes: ")
    _read_repeats(env, settings)
    settings.mode = get_input(env, "mode").lower() or "check"
    if settings.mode not in MODES:
        raise InputError(f"input mode: {settings.mode!r} is not one of {', '.join(MODES)}")
    shard = get_input(env, "shard")
    if shard:
        if settings.mode == "merge":
            raise InputError("input shard: a shard checks traces; mode merge joins the shards")
        settings.shard = parse_shard(shard, InputError, "input shard: ")
    settings.merge_results = _lines(get_input(env, "merge-results"))
    if settings.mode == "merge" and not settings.merge_results:
        raise InputError(
            "input merge-results: mode merge needs the shards' results files (globs, one per line)"
        )


def _read_repeats(env: Mapping[str, str], settings: Settings) -> None:
    """The inputs pass-k, repeats-by and required-cases (toolscore_ci/policy.py)."""
    raw_k = get_input(env, "pass-k")
    if raw_k:
        if not raw_k.isdigit() or int(raw_k) < 1:
            raise InputError(f"input pass-k: expected a whole number >= 1, got {raw_k!r}")
        settings.pass_k = int(raw_k)
    key = get_input(env, "repeats-by")
    settings.lists_tasks = bool(key) or settings.pass_k is not None
    required = get_input(env, "required-cases")
    if required:
        try:
            settings.required_cases = load_required_cases(settings.path(required))
        except PolicyError as exc:
            raise InputError(f"input required-cases: {exc}") from None
    # a required case may name a task as well as a trace: the key is read for either
    wanted = settings.pass_k is not None or bool(settings.required_cases)
    settings.repeats_by = key or (DEFAULT_REPEATS_BY if wanted else None)


def docs_base(env: Mapping[str, str]) -> str:
    """The Action's own repository at its ref, for SARIF's help links; the CLI's fallback
    when the runner does not say (a local run)."""
    repo = env.get("GITHUB_ACTION_REPOSITORY", "").strip()
    ref = env.get("GITHUB_ACTION_REF", "").strip()
    if not repo or not ref:
        return DOCS_BASE
    server = env.get("GITHUB_SERVER_URL", "").strip() or "https://github.com"
    return f"{server.rstrip('/')}/{repo}/blob/{ref}/"


def _sarif_baseline(settings: Settings) -> list[Result] | None:
    if not settings.baseline:
        return None
    return load_baseline_results(settings.path(settings.baseline))


# -- baseline ------------------------------------------------------------------------------


def gate_failures(
    results: list[Result], fail_on: frozenset[str], baseline: Mapping[str, str] | None
) -> list[Result]:
    """Results that fail the gate; with a baseline (fail-on-new-only), only new ones."""
    failing = [r for r in results if r.verdict in fail_on]
    if baseline is not None:
        failing = [r for r in failing if baseline.get(r.trace_id) not in fail_on]
    return failing


# -- the runner's files ----------------------------------------------------------------------


def _delimiter(value: str) -> str:
    while True:
        delim = f"ghadelimiter_{secrets.token_hex(16)}"
        if delim not in value:
            return delim


def write_outputs(path: str | None, values: Mapping[str, str]) -> None:
    """Append outputs to GITHUB_OUTPUT, each as a heredoc with a random delimiter, so no value
    (multiline, or crafted to contain a delimiter) can set another output."""
    if not path:
        return
    with open(path, "a", encoding="utf-8", errors="backslashreplace") as fh:
        for name, value in values.items():
            delim = _delimiter(value)
            fh.write(f"{name}<<{delim}\n{value}\n{delim}\n")


def otel_text(results: list[Result]) -> str:
    """The verdicts as one OTLP/JSON logs document, as `check --otel-out` writes it."""
    import io

    from toolscore_ci.report.otel import OtelWriter

    buf = io.StringIO()
    writer = OtelWriter(buf)
    for result in results:
        writer.add(result)
    writer.close()
    return buf.getvalue()


def _write_file(path: str, text: str) -> None:
    # whole or not at all; a lone surrogate from a trace is written escaped (report/atomic.py)
    write_atomic(path, text)


# -- the run ---------------------------------------------------------------------------------


@dataclass
class Outcome:
    exit_code: int = EXIT_OK
    results: list[Result] = field(default_factory=list)
    issues: list[InputIssue] = field(default_factory=list)
    stats: RunStats = field(default_factory=RunStats)
    baseline: BaselineDiff | None = None
    new_false_successes: int = 0
    notes: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)  # patterns that matched no file
    gate_text: str | None = None  # the gate's decision, said when thresholds are set
    tasks: list[TaskRow] = field(default_factory=list)  # repeats, when grouped
    missing: list[str] = field(default_factory=list)  # required cases with no trace
    false_success_fails: bool = True  # whether this run's false successes fail its gate
    # a shard's results file: each result's and each issue's place in the one run
    order: list[int] = field(default_factory=list)
    issue_keys: list[tuple[int, ...]] = field(default_factory=list)
    shard_notes: list[str] = field(default_factory=list)
    shard_config: dict[str, Any] = field(default_factory=dict)
    error: str | None = None  # a configuration error that stopped the run
    internal: list[str] = field(default_factory=list)  # unexpected exceptions, located

    def add_internal(self, where: str, line: int | None, what: str, exc: BaseException) -> str:
        """An unexpected exception as one located input error: counted, in every report."""
        text = f"internal error {what} ({_describe(exc)})"
        self.issues.append(InputIssue(where, line, "", text))
        self.stats.errors += 1
        self.internal.append(str(self.issues[-1]))
        self.exit_code = EXIT_INPUT
        return text


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= INTERNAL_ERROR_MAX else text[: INTERNAL_ERROR_MAX - 1] + "…"


def _judge(settings: Settings, config: CheckConfig, files: list[str]) -> Checker | None:
    """The judged checker for `detector: judge|cascade`, else None (the config's detector).
    A budget the worst case exceeds is an input error before any call."""
    if settings.detector not in JUDGE_DETECTORS:
        return None
    from toolscore_ci.detectors.cascade import (
        BudgetError,
        JudgeSetupError,
        judged_checker,
        refuse_over_budget,
    )

    try:
        checker = judged_checker(
            config,
            mode="judge" if settings.detector == "judge" else "cascade",
            base_url=settings.judge_base_url,
            model=settings.judge_model,
            max_usd=settings.max_usd,
            ledger=settings.path(settings.judge_ledger) if settings.judge_ledger else None,
            cache=None,
        )
        refuse_over_budget([checker], config, files, settings.max_usd)
    except BudgetError as exc:
        raise InputError(f"input max-usd {exc}") from None
    except JudgeSetupError as exc:
        raise InputError(f"input detector: {exc}") from None
    return checker


def _check_files(
    files: list[str],
    config: CheckConfig,
    out: Outcome,
    workspace: str,
    checker: Checker | None = None,
) -> None:
    """The pipeline over `files`, inside an Action-level boundary per file.

    The pipeline turns bad records into input issues itself; this boundary is the last resort
    for whatever it still raises. The file being read gets an internal error (after the last
    line it reported, which is as precise as this level can be), and the run resumes with the
    next file, so one poison file never costs the others. On a resume the probes file is
    loaded again: its issues already reported are dropped, and "probe for unknown trace_id"
    warnings for traces checked before the resume are not repeated falsely.
    """
    if checker is None:
        checker = make_checker(config)  # a broken rule pack is a ConfigError: nothing can run
    feed = _Feed(files)
    reported: set[str] = set()
    restarted = False
    while True:
        last_line: dict[str, int] = {}
        try:
            for key, item in run_ordered(feed, config, out.stats, checker=checker):
                if isinstance(item, Result):
                    last_line[item.source_file] = item.line
                    item.source_file = ann.relative_path(item.source_file, workspace)
                    out.results.append(item)
                    out.order.append(key[0])
                    continue
                if item.line is not None:
                    last_line[item.file] = item.line
                repeated = str(item) in reported or _probe_seen(item, out.results)
                if restarted and config.probes and item.file == config.probes and repeated:
                    _uncount(item, out.stats)
                    continue
                reported.add(str(item))
                out.issues.append(
                    dataclasses.replace(item, file=ann.relative_path(item.file, workspace))
                )
                out.issue_keys.append(key)
            return
        except (InputError, ConfigError):
            raise
        except Exception as exc:  # the boundary: anything else is one located error
            path = feed.current
            shown = ann.relative_path(path, workspace) if path else "(the trace files)"
            after = last_line.get(path or "")
            what = (
                f"while checking this file after line {after}"
                if after is not None
                else "while checking this file"
            )
            rest = "; the rest of this file was not checked" if path else ""
            out.add_internal(shown, None, what + rest, exc)
            if path is None or not feed.queue:
                return
            feed.current = None
            restarted = True


class _Feed:
    """The trace files, handed out one at a time, remembering which one is being read."""

    def __init__(self, files: list[str]) -> None:
        self.queue = deque(files)
        self.current: str | None = None

    def __iter__(self) -> Iterator[str]:
        while self.queue:
            self.current = self.queue.popleft()
            yield self.current


def _probe_seen(issue: InputIssue, results: list[Result]) -> bool:
    return issue.message.startswith("probe for unknown trace_id") and any(
        repr(r.trace_id) in issue.message for r in results
    )


def _uncount(issue: InputIssue, stats: RunStats) -> None:
    if issue.severity == "error":
        stats.errors -= 1
    else:
        stats.warnings -= 1


#: How many folder walks' "not read" lines the summary names before counting the rest.
_LEFT_OUT_SHOWN = 5


def _left_out_notes(lines: list[str]) -> list[str]:
    """What the walks of matched folders passed over (files that are not trace files by
    name, hidden folders): said, so no file the user pointed at is left out unmentioned."""
    notes = [md_text(line, 300) for line in lines[:_LEFT_OUT_SHOWN]]
    if len(lines) > _LEFT_OUT_SHOWN:
        more = len(lines) - _LEFT_OUT_SHOWN
        notes.append(f"{more} more matched {'folder' if more == 1 else 'folders'} left files out.")
    return notes


def check(settings: Settings, out: Outcome | None = None) -> Outcome:
    """Discover, run the pipeline (or, in merge mode, join the shards), compare with the
    baseline, gate. No output yet. Fills `out` as it goes, so a caller that catches an
    exception still has everything done before it."""
    out = out if out is not None else Outcome()
    if settings.mode == "merge":
        _merge_shards(settings, out)
        return _decide(settings, out)
    first = settings.shard is None or settings.shard.first
    discovery = expand_globs(settings.traces, settings.workspace)
    for pattern, n in discovery.matched.items():
        if n == 0:
            out.notes.append(f"The pattern {md_text(pattern, 200)} matched no files.")
            out.unmatched.append(pattern)
    out.notes.extend(md_text(p, 300) for p in discovery.problems)
    out.notes.extend(_left_out_notes(discovery.left_out))
    if first:  # an unlistable directory: traces may be missing (the first shard says so)
        out.issues.extend(discovery.errors)
        out.issue_keys.extend((0, 1, 0, 0) for _ in discovery.errors)
        out.stats.errors += len(discovery.errors)
    out.shard_notes = list(out.notes)
    config = CheckConfig(
        probes=settings.path(settings.probes) if settings.probes else None,
        rules=tuple(settings.path(r) for r in settings.rules),
        fmt=settings.fmt,
        detector="checks" if settings.detector in JUDGE_DETECTORS else settings.detector,
        model=settings.path(settings.model) if settings.model else None,
        shard=settings.shard,
        repeats_by=settings.repeats_by,
    )
    if settings.shard is not None:
        from toolscore_ci.merge import config_record

        out.shard_config = config_record(
            files=[ann.relative_path(f, settings.workspace) for f in discovery.files],
            fmt=config.fmt,
            rules=settings.rules,
            probes=settings.probes,
            detector=settings.detector,
            model=settings.path(settings.model) if settings.model else None,
            repeats_by=settings.repeats_by,
        )
    _check_files(
        discovery.files, config, out, settings.workspace, _judge(settings, config, discovery.files)
    )
    return _decide(settings, out)


def _merge_shards(settings: Settings, out: Outcome) -> None:
    """mode: merge: the one run, from every shard's results file (a MergeError is a
    configuration error: exit 2, nothing merged)."""
    from toolscore_ci.merge import MergeError, merge

    found = expand_globs(settings.merge_results, settings.workspace)
    for pattern, n in found.matched.items():
        if n == 0:
            out.unmatched.append(pattern)
    if not found.files:
        raise MergeError(
            "input merge-results: no results files matched "
            + ", ".join(settings.merge_results)
            + " (download the shards' artifacts first)"
        )
    shown = [ann.relative_path(f, settings.workspace) for f in found.files]
    merged = merge(shown, settings.workspace)
    out.results, out.issues, out.stats = merged.results, merged.issues, merged.stats
    out.notes.extend(merged.notes)


def _decide(settings: Settings, out: Outcome) -> Outcome:
    baseline = load_baseline(settings.path(settings.baseline)) if settings.baseline else None
    if baseline is not None:
        out.baseline = compare_baseline(out.results, baseline)
        out.new_false_successes = len(out.baseline.new)
    else:
        out.new_false_successes = out.stats.verdicts.get("false_success", 0)
    policy = settings.policy
    counted = settings.fail_on | ({"false_success"} if policy.has_thresholds else set())
    failing = gate_failures(
        out.results, frozenset(counted), baseline if settings.fail_on_new_only else None
    )
    tasks: list[TaskRow] = []
    missing: list[str] = []
    if policy.has_policy or settings.lists_tasks:
        tally = Tally(policy.fail_on)
        for result in out.results:
            tally.add(result)
        tasks = tally.tasks(policy.pass_k) if settings.lists_tasks else []
        missing = tally.missing(policy.required_cases)
    out.tasks, out.missing = tasks, missing
    decision = decide(
        policy, Counter(r.verdict for r in failing), out.stats.traces, tasks=tasks, missing=missing
    )
    out.false_success_fails = false_success_fails(
        policy, Counter(r.verdict for r in failing), out.stats.traces
    )
    if policy.has_policy and settings.shard is None:
        out.gate_text = decision.text
    if out.stats.errors:
        out.exit_code = EXIT_INPUT
    elif settings.shard is not None:
        # one leg's share says nothing of the run's rate: the merge job decides
        out.exit_code = EXIT_OK
        out.notes.append(
            f"Shard {settings.shard}: {out.stats.traces} trace(s) checked here; the gate is "
            "decided by the merge job (`mode: merge`) over every shard's results file."
        )
    elif out.stats.traces == 0 and settings.fail_on_empty:
        out.exit_code = EXIT_INPUT
        out.error = "no traces found (fail-on-empty is true)"
        out.notes.append("No traces were found to check, and `fail-on-empty` is true.")
    else:
        out.exit_code = EXIT_GATE if decision.failed else EXIT_OK
    return out


def shard_results_text(settings: Settings, out: Outcome) -> str:
    """A shard leg's results file: the results, then the trailer `mode: merge` reads."""
    assert settings.shard is not None
    keys = out.issue_keys + [(0, 1, 0, 0)] * (len(out.issues) - len(out.issue_keys))
    records = [issue_record(i, k) for i, k in zip(out.issues, keys, strict=True)]
    lines = results_text(out.results).splitlines(keepends=True)[:-1]  # all but the trailer
    trailer = shard_trailer_line(
        len(out.results),
        shard=(settings.shard.index, settings.shard.count),
        config=out.shard_config,
        order=out.order,
        issues=records[:MAX_SHARD_ISSUES],
        issues_dropped=max(0, len(records) - MAX_SHARD_ISSUES),
        stats={
            "files": out.stats.files,
            "invalid": out.stats.invalid,
            "errors": out.stats.errors,
            "warnings": out.stats.warnings,
        },
        notes=out.shard_notes,
    )
    return "".join(lines) + trailer + "\n"


def report_data(settings: Settings, outcome: Outcome, env: Mapping[str, str]) -> ReportData:
    server = env.get("GITHUB_SERVER_URL", "https://github.com").rstrip("/")
    run_url = None
    if env.get("GITHUB_REPOSITORY") and env.get("GITHUB_RUN_ID"):
        run_url = f"{server}/{env['GITHUB_REPOSITORY']}/actions/runs/{env['GITHUB_RUN_ID']}"
    data = build_report_data(
        title=settings.title,
        conclusion=CONCLUSIONS[outcome.exit_code],
        results=outcome.results,
        counts={v: outcome.stats.verdicts.get(v, 0) for v in VERDICTS},
        files=outcome.stats.files,
        invalid=outcome.stats.invalid,
        input_errors=outcome.stats.errors,
        issues=[str(i) for i in outcome.issues if i.severity == "error"],
        notes=outcome.notes,
        baseline=outcome.baseline,
        run_url=run_url,
        gate=outcome.gate_text,
    )
    # Where the report was made, for its volatile line. The commit is the PR's head (what the
    # author pushed; GITHUB_SHA on a pull_request is GitHub's merge commit); in workflow_run
    # mode `_post` replaces it with the commit the API confirmed.
    event = read_event(env.get("GITHUB_EVENT_PATH"))
    data.commit = head_sha(event, env)
    data.run_id = env.get("GITHUB_RUN_ID") or None
    data.run_attempt = env.get("GITHUB_RUN_ATTEMPT") or None
    data.artifact_url = settings.artifact_url
    pr = pull_request_number(event)
    if env.get("GITHUB_REPOSITORY") and pr is not None:
        data.checks_url = f"{server}/{env['GITHUB_REPOSITORY']}/pull/{pr}/checks"
    return data


def summary_json(settings: Settings, outcome: Outcome, urls: Mapping[str, str]) -> dict[str, Any]:
    counts = {v: outcome.stats.verdicts.get(v, 0) for v in VERDICTS}
    return {
        "conclusion": CONCLUSIONS[outcome.exit_code],
        "exit_code": outcome.exit_code,
        "files": outcome.stats.files,
        "traces": outcome.stats.traces,
        "invalid": outcome.stats.invalid,
        "input_errors": outcome.stats.errors,
        "internal_errors": len(outcome.internal),
        "verdicts": counts,
        "honesty_errors": sum(r.honesty_errors for r in outcome.results),
        "new_false_successes": outcome.new_false_successes,
        "baseline": None
        if outcome.baseline is None
        else {
            "new": len(outcome.baseline.new),
            "fixed": len(outcome.baseline.fixed),
            "still_failing": len(outcome.baseline.still),
        },
        "results_file": settings.results_file,
        "junit_file": settings.junit_file,
        "sarif_file": settings.sarif_file,
        "comment_url": urls.get("comment-url", ""),
        "check_run_url": urls.get("check-run-url", ""),
    }


def count_outputs(settings: Settings | None, outcome: Outcome) -> dict[str, str]:
    """Every output but the URLs and `json`, which follow the API calls."""
    counts = {v: outcome.stats.verdicts.get(v, 0) for v in VERDICTS}
    return {
        "conclusion": CONCLUSIONS[outcome.exit_code],
        "traces": str(outcome.stats.traces),
        "verified": str(counts["verified"]),
        "false-successes": str(counts["false_success"]),
        "unverifiable": str(counts["unverifiable"]),
        "skipped": str(counts["skipped"]),
        "invalid": str(outcome.stats.invalid),
        "honesty-errors": str(sum(r.honesty_errors for r in outcome.results)),
        "new-false-successes": str(outcome.new_false_successes),
        "results-file": settings.results_file if settings else "",
        "junit-file": settings.junit_file if settings else "",
        "sarif-file": settings.sarif_file if settings else "",
        "html-report": settings.html_report if settings else "",
    }


# -- the API: where to post, and posting ----------------------------------------------------


def publish_comment(
    client: GitHub, number: int, body: str, title: str, mode: str, failing: bool
) -> str | None:
    """Create or update this title's comment; returns its URL (None when nothing to post)."""
    author = client.login() or BOT_LOGIN
    mark = marker(title)
    existing = None
    for comment in client.issue_comments(number):
        user = comment.get("user") or {}
        body_now = comment.get("body")
        if (
            isinstance(body_now, str)
            and mark in body_now
            and isinstance(user, dict)
            and user.get("login") == author
            and isinstance(comment.get("id"), int)
        ):
            existing = comment
            break
    if existing is None:
        if mode == "failures" and not failing:
            return None
        return client.create_comment(number, body).get("html_url")
    if mode == "changes" and stable_body(existing["body"]) == stable_body(body):
        return existing.get("html_url")
    return client.update_comment(existing["id"], body).get("html_url")


def publish_check_run(
    client: GitHub,
    sha: str,
    title: str,
    conclusion: str,
    summary: str,
    annotations: list[ann.Annotation],
) -> str | None:
    """A completed check run carrying every annotation, 50 a request (the API's limit)."""
    chunks = ann.batches([ann.check_run_annotation(a) for a in annotations], 50) or [[]]
    output = {"title": title[:255], "summary": summary}
    created = client.create_check_run(
        {
            "name": title[:255],
            "head_sha": sha,
            "status": "completed",
            "conclusion": "success" if conclusion == "success" else "failure",
            "output": {**output, "annotations": chunks[0]},
        }
    )
    for chunk in chunks[1:]:
        if not isinstance(created.get("id"), int):
            raise GitHubError("POST", "check-runs", None, "the new check run has no id")
        client.update_check_run(created["id"], {"output": {**output, "annotations": chunk}})
    return created.get("html_url")


def _client(settings: Settings, env: Mapping[str, str]) -> GitHub:
    def knob(name: str, default: float) -> float:
        try:
            return float(env.get(name, default))
        except ValueError:
            return default

    return GitHub(
        settings.token,
        env.get("GITHUB_REPOSITORY", ""),
        env.get("GITHUB_API_URL") or None,
        timeout=knob("TOOLSCORE_CI_HTTP_TIMEOUT", 10.0),
        retries=int(knob("TOOLSCORE_CI_HTTP_RETRIES", 3)),
        backoff=knob("TOOLSCORE_CI_HTTP_BACKOFF", 1.0),
        max_wait=knob("TOOLSCORE_CI_MAX_RETRY_WAIT", 60.0),
        deadline=settings.github_timeout,
    )


def _why(exc: GitHubError, what: str, permission: str, settings: Settings, pr: int | None) -> str:
    """The notice for something not posted, naming the real cause."""
    if exc.kind == "forbidden":
        return (
            f"{what} not posted: the token may not write ({exc}). Grant `permissions: "
            f"{permission}: write`; for pull requests from forks use the workflow_run recipe "
            f"(docs/action.md)."
        )
    if exc.kind == "not_found":
        thing = f"PR #{pr} not found" if pr is not None else "not found"
        return (
            f"{what} not posted: {thing} ({exc}). Check the event and that the token can see "
            f"the repository."
        )
    if exc.kind == "rate_limited":
        return (
            f"{what} not posted: GitHub's rate limit ({exc}); retried with the wait GitHub "
            f"asks for, then gave up. The rest of the report is complete."
        )
    if exc.kind == "deadline":
        return (
            f"{what} not posted: the time for GitHub calls ran out (github-timeout: "
            f"{settings.github_timeout:g} s; {exc}). The rest of the report is complete."
        )
    if exc.kind == "bad_response":
        return (
            f"{what} not posted: GitHub's answer was not what the API promises ({exc}). "
            f"The rest of the report is complete."
        )
    return f"{what} not posted: {exc}. The rest of the report is complete."


def _post(
    settings: Settings,
    env: Mapping[str, str],
    outcome: Outcome,
    data: ReportData,
    annotations: list[ann.Annotation],
    shown: int,
    urls: dict[str, str],
    notices: list[str],
) -> None:
    """The check run and the PR comment; every failure becomes a notice."""
    event = read_event(env.get("GITHUB_EVENT_PATH"))
    run_ = event.get("workflow_run")
    workflow_run = isinstance(run_, dict)
    if settings.event_file and not workflow_run:
        notices.append(
            "The event-file input is used only on workflow_run events, as a cross-check; the PR "
            "and commit come from this run's own event."
        )
    pr = None if workflow_run else pull_request_number(event)
    want_check = settings.check_run == "true" or (
        settings.check_run == "auto" and shown < len(annotations)
    )
    want_comment = (workflow_run or pr is not None) and settings.comment_mode != "off"
    if not (want_check or want_comment):
        return
    if not settings.token:
        notices.append("No github-token: the PR comment and check run are skipped.")
        return
    if not env.get("GITHUB_REPOSITORY"):
        notices.append("GITHUB_REPOSITORY is not set: the PR comment and check run are skipped.")
        return
    readonly = read_only_reason(event, env)
    if readonly:
        notices.append(
            f"PR comment and check run skipped: {readonly}. Annotations, the job summary and "
            f"the report files are complete; to comment on fork PRs use the workflow_run "
            f"recipe (docs/action.md)."
        )
        return
    client = _client(settings, env)
    if workflow_run:
        assert isinstance(run_, dict)
        claimed = read_event(settings.event_file) if settings.event_file else {}
        try:
            target = trusted_target(client, run_, env.get("GITHUB_REPOSITORY", ""), claimed)
        except GitHubError as exc:
            notices.append(_why(exc, "PR comment and check run", "pull-requests", settings, None))
            return
        notices.extend(target.notices)
        pr, sha = target.pr, target.sha
        if pr is None:
            return
        # the comment names the commit and the PR the API confirmed, not the event's say-so
        data.commit = sha
        server = env.get("GITHUB_SERVER_URL", "https://github.com").rstrip("/")
        data.checks_url = f"{server}/{env['GITHUB_REPOSITORY']}/pull/{pr}/checks"
    else:
        sha = head_sha(event, env)
    if want_check and sha:
        try:
            url = publish_check_run(
                client,
                sha,
                settings.title,
                data.conclusion,
                render_markdown(data, CHECK_RUN_LIMIT),
                annotations,
            )
            urls["check-run-url"] = url or ""
            data.check_run_url = url  # the comment, rendered next, links it
        except GitHubError as exc:
            notices.append(_why(exc, "Check run", "checks", settings, None))
        except Exception as exc:  # an answer of the wrong shape deep inside: still a notice
            notices.append(f"Check run not posted: {_describe(exc)}.")
    if want_comment and pr is not None and settings.comment_mode != "off":
        try:
            url = publish_comment(
                client,
                pr,
                comment_markdown(data),
                settings.title,
                settings.comment_mode,
                failing=outcome.exit_code != EXIT_OK or bool(data.false_successes),
            )
            urls["comment-url"] = url or ""
        except GitHubError as exc:
            notices.append(_why(exc, "PR comment", "pull-requests", settings, pr))
        except Exception as exc:
            notices.append(f"PR comment not posted: {_describe(exc)}.")


# -- the Action ------------------------------------------------------------------------------


class _Stages:
    """Runs each stage of the Action inside its own boundary: an exception in one (a report
    file that cannot be rendered, say) is one located error, and the next stage still runs."""

    def __init__(self, outcome: Outcome) -> None:
        self.outcome = outcome

    def __call__(self, what: str, where: str, fn: Callable[[], None]) -> bool:
        try:
            fn()
            return True
        except Exception as exc:  # the boundary; the error is logged at the end of the run
            self.outcome.add_internal(where, None, what, exc)
            return False


def _fallback_summary(settings: Settings, outcome: Outcome) -> str:
    """A summary that cannot fail to render: the counts and the internal errors."""
    lines = [marker(settings.title), f"### ⚠️ {md_text(settings.title, 120)}: error", ""]
    lines += [f"- {name}: {value}" for name, value in count_outputs(settings, outcome).items()]
    lines += ["", *(f"- {md_text(e, 400)}" for e in outcome.internal)]
    return "\n".join(lines) + "\n"


def run_action(env: Mapping[str, str], log: IO[str]) -> int:
    def emit(line: str) -> None:
        log.write(line + "\n")

    try:
        settings = read_settings(env)
    except InputError as exc:
        emit(command("error", str(exc), {"title": "toolscore-ci"}))
        failed = Outcome(exit_code=EXIT_INPUT)
        write_outputs(env.get("GITHUB_OUTPUT"), {**count_outputs(None, failed), "json": ""})
        return EXIT_INPUT

    outcome = Outcome()
    stage = _Stages(outcome)
    configured = True
    try:
        check(settings, outcome)
    except (InputError, ConfigError) as exc:
        emit(command("error", str(exc), {"title": settings.title}))
        outcome.exit_code, outcome.error, configured = EXIT_INPUT, str(exc), False
        outcome.notes.append(md_text(str(exc), 1000))
    except Exception as exc:  # the Action-level boundary around everything the check does
        outcome.add_internal("(the run)", None, "while checking", exc)
    if outcome.stats.errors:
        outcome.exit_code = EXIT_INPUT

    # 1. Files: results, JUnit, SARIF. All before any network call, each on its own.
    results = outcome.results
    if settings.results_file:
        stage(
            "while writing the results file",
            settings.results_file,
            lambda: _write_file(
                settings.path(settings.results_file),
                results_text(results)
                if settings.shard is None
                else shard_results_text(settings, outcome),
            ),
        )
    if settings.otel_file:
        stage(
            "while writing the OpenTelemetry file",
            settings.otel_file,
            lambda: _write_file(settings.path(settings.otel_file), otel_text(results)),
        )
    if settings.sarif_file:
        stage(
            "while writing the SARIF file",
            settings.sarif_file,
            lambda: _write_file(
                settings.path(settings.sarif_file),
                render_sarif(results, baseline=_sarif_baseline(settings), docs_base=docs_base(env)),
            ),
        )
    # JUnit last of the three, so it lists the errors of the two before it as error cases.
    if settings.junit_file:
        stage(
            "while writing the JUnit file",
            settings.junit_file,
            lambda: _write_file(
                settings.path(settings.junit_file),
                render_junit(
                    results,
                    outcome.issues,
                    fail_on=settings.fail_on,
                    false_success_fails=outcome.false_success_fails,
                    tasks=outcome.tasks,
                    required=settings.required_cases,
                    missing=outcome.missing,
                ),
            ),
        )

    if settings.html_report:
        stage(
            "while writing the HTML report",
            settings.html_report,
            lambda: write_html_report(settings, outcome),
        )

    # 2. Job summary, guarded under GitHub's 1 MiB (a larger one is dropped whole).
    summary_path = env.get("GITHUB_STEP_SUMMARY")
    data_box: list[ReportData] = []
    stage(
        "while preparing the report",
        "(the report)",
        lambda: data_box.append(report_data(settings, outcome, env)),
    )

    def write_summary() -> None:
        body = summary_markdown(data_box[0]) if data_box else _fallback_summary(settings, outcome)
        append_atomic(summary_path or "", body)

    def write_fallback_summary() -> None:
        append_atomic(summary_path or "", _fallback_summary(settings, outcome))

    summary_wanted = settings.job_summary and bool(summary_path)
    if summary_wanted and not stage(
        "while writing the job summary", "(the summary)", write_summary
    ):
        stage("while writing a plain job summary", "(the summary)", write_fallback_summary)
    if not data_box:  # the report cannot be built: the bare facts still go out
        data_box.append(ReportData(title=settings.title, conclusion="error", counts={}, notes=[]))
    data = data_box[0]
    data.conclusion = CONCLUSIONS[outcome.exit_code]
    data.input_errors = outcome.stats.errors
    data.issues = [str(i) for i in outcome.issues if i.severity == "error"]

    # 3. Outputs (the URLs and `json` follow once the API calls are done).
    write_outputs(env.get("GITHUB_OUTPUT"), count_outputs(settings, outcome))

    # 4. The log: annotations as escaped commands, then untrusted text with commands stopped.
    annotations: list[ann.Annotation] = []
    shown: list[ann.Annotation] = []
    logged: set[str] = set()  # internal errors already annotated

    def log_report() -> None:
        annotations.extend(ann.build_annotations(results))
        shown.extend(ann.select_for_log(annotations, settings.max_annotations))
        for a in shown:
            emit(ann.workflow_command(a))
        # Input errors are annotated on their own line too (as many as a level shows), so a
        # poison record is pointed at where reviewers look, not only listed in the log.
        errors = [i for i in outcome.issues if i.severity == "error"]
        for issue in errors[: settings.max_annotations]:
            props = {"file": issue.file, "line": issue.line, "title": "toolscore-ci: input error"}
            emit(command("error", inert(str(issue)), props))
            logged.add(str(issue))
        worth_showing = [r for r in results if r.verdict in ("false_success", "unverifiable")]
        text = render_table(
            worth_showing,
            data.counts or {v: 0 for v in VERDICTS},
            files=outcome.stats.files,
            invalid=outcome.stats.invalid,
            errors=outcome.stats.errors,
        )
        issue_lines = [
            ("warning: " if i.severity == "warning" else "error: ") + str(i) for i in outcome.issues
        ]
        for line in guarded([*text.splitlines(), *issue_lines], new_token()):
            emit(line)

    stage("while writing the log", "(the log)", log_report)
    for pattern in outcome.unmatched:  # said where the step's log shows it, never silent
        emit(
            command(
                "warning", inert(f"traces: {pattern}: matched no files"), {"title": settings.title}
            )
        )
    if outcome.error:
        emit(command("error", outcome.error, {"title": settings.title}))

    # 5. The API, last; each failure is a notice, and it never changes the exit status.
    urls: dict[str, str] = {}
    notices: list[str] = []
    if configured:
        stage(
            "while talking to the GitHub API",
            "(the GitHub API)",
            lambda: _post(settings, env, outcome, data, annotations, len(shown), urls, notices),
        )
    for notice in notices:
        emit(command("notice", notice, {"title": settings.title}))
    if settings.job_summary and summary_path:
        extra = "".join(f"\n> [!NOTE]\n> {md_text(n, 1000)}\n" for n in notices)
        extra += posted_line(urls.get("check-run-url"), urls.get("comment-url"))
        written = os.path.getsize(summary_path) if os.path.exists(summary_path) else None
        if extra and written is not None and written + utf8_len(extra) < SUMMARY_LIMIT:
            append_atomic(summary_path, extra)
    # Every internal error is named in the log, loudly, whichever stage it came from.
    for text in outcome.internal:
        if text not in logged:
            emit(command("error", inert(text), {"title": settings.title}))
    write_outputs(
        env.get("GITHUB_OUTPUT"),
        {
            "conclusion": CONCLUSIONS[outcome.exit_code],
            "comment-url": urls.get("comment-url", ""),
            "check-run-url": urls.get("check-run-url", ""),
            "json": json.dumps(summary_json(settings, outcome, urls), sort_keys=True),
        },
    )
    return outcome.exit_code


def main() -> int:
    # A lone surrogate in trace text must not make a log line unwritable.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return run_action(os.environ, sys.stdout)
    except Exception as exc:  # never a bare traceback that could carry trace text unguarded
        sys.stdout.write(
            command("error", f"toolscore-ci failed: {_describe(exc)}", {"title": "toolscore-ci"})
            + "\n"
        )
        for line in guarded(traceback.format_exc().splitlines()):
            sys.stderr.write(line + "\n")
        with contextlib.suppress(OSError):  # still say so: `conclusion` is never missing
            write_outputs(os.environ.get("GITHUB_OUTPUT"), {"conclusion": "error"})
        return EXIT_INPUT
    finally:
        sys.stdout.flush()

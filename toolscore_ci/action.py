"""The GitHub Action: inputs -> the `check` pipeline -> files, summary, outputs, log, API.

The order is the point. Everything that needs no network is done first (results file, JUnit,
SARIF, job summary, outputs, annotations in the log); only then does the Action talk to the
REST API (check run, PR comment), and any failure there becomes a notice, never a lost report
or a crash. Exit status: 0 pass, 1 gate failed, 2 configuration or input error.

Inputs come from `INPUT_<NAME>` (as the runner sets them for Docker actions, hyphens kept), then
`INPUT_<NAME_WITH_UNDERSCORES>`, then the bare `<NAME_WITH_UNDERSCORES>`, so one code path serves
the Docker action, the composite action and a plain shell.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import sys
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from toolscore_ci.baseline import compare_baseline, load_baseline
from toolscore_ci.discover import expand_globs
from toolscore_ci.gate import parse_fail_on
from toolscore_ci.github import GitHub, GitHubError
from toolscore_ci.model import NO_FINAL_REPORT, VERDICTS, InputIssue, Result
from toolscore_ci.pipeline import CheckConfig, ConfigError, RunStats, run
from toolscore_ci.report import annotations as ann
from toolscore_ci.report.atomic import append_atomic, write_atomic
from toolscore_ci.report.comment import (
    CHECK_RUN_LIMIT,
    COMMENT_LIMIT,
    SUMMARY_LIMIT,
    BaselineDiff,
    ReportData,
    marker,
    md_text,
    render_markdown,
    stable_body,
    utf8_len,
)
from toolscore_ci.report.junit import render_junit
from toolscore_ci.report.results import results_text
from toolscore_ci.report.sarif import render_sarif
from toolscore_ci.report.table import render_table
from toolscore_ci.report.workflow_commands import command, guarded, new_token

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
    "check-run": "auto",
    "max-annotations": "10",
    "junit-file": "toolscore-ci/junit.xml",
    "sarif-file": "",
    "results-file": "toolscore-ci/results.jsonl",
    "job-summary": "true",
    "event-file": "",
    "github-token": "${{ github.token }}",
    "title": "toolscore-ci",
}
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
    "comment-url",
    "check-run-url",
    "json",
)
COMMENT_MODES = ("always", "changes", "failures", "off")
BOT_LOGIN = "github-actions[bot]"  # who GITHUB_TOKEN comments as


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
    settings = Settings(
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
        job_summary=_bool(env, "job-summary"),
        event_file=get_input(env, "event-file") or None,
        token=get_input(env, "github-token"),
        title=title,
    )
    if settings.fmt != "auto":
        from toolscore_ci.formats import reader_names

        if settings.fmt not in reader_names():
            raise InputError(
                f"input format: unknown format {settings.fmt!r} "
                f"(choose from auto, {', '.join(reader_names())})"
            )
    return settings


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
    with open(path, "a", encoding="utf-8") as fh:
        for name, value in values.items():
            delim = _delimiter(value)
            fh.write(f"{name}<<{delim}\n{value}\n{delim}\n")


def _write_file(path: str, text: str) -> None:
    write_atomic(path, text)


def read_event(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as fh:
            event = json.load(fh)
    except (OSError, ValueError):
        return {}
    return event if isinstance(event, dict) else {}


def pull_request_number(event: Mapping[str, Any]) -> int | None:
    pr = event.get("pull_request")
    if isinstance(pr, dict) and isinstance(pr.get("number"), int):
        return pr["number"]
    issue = event.get("issue")
    if isinstance(issue, dict) and "pull_request" in issue and isinstance(issue.get("number"), int):
        return issue["number"]
    run_ = event.get("workflow_run")
    if isinstance(run_, dict) and run_.get("pull_requests"):
        first = run_["pull_requests"][0]
        if isinstance(first, dict) and isinstance(first.get("number"), int):
            return first["number"]
    return None


def head_sha(event: Mapping[str, Any], env: Mapping[str, str]) -> str | None:
    pr = event.get("pull_request")
    if isinstance(pr, dict) and isinstance(pr.get("head"), dict) and pr["head"].get("sha"):
        return str(pr["head"]["sha"])
    run_ = event.get("workflow_run")
    if isinstance(run_, dict) and run_.get("head_sha"):
        return str(run_["head_sha"])
    return env.get("GITHUB_SHA") or None


def read_only_reason(event: Mapping[str, Any], env: Mapping[str, str]) -> str | None:
    """Why the token is surely read-only on this event, or None if it may write."""
    if env.get("GITHUB_EVENT_NAME") not in ("pull_request", "push", None):
        return None
    if env.get("GITHUB_ACTOR") == "dependabot[bot]":
        return "Dependabot runs get a read-only token"
    pr = event.get("pull_request")
    if env.get("GITHUB_EVENT_NAME") == "pull_request" and isinstance(pr, dict):
        head = (pr.get("head") or {}).get("repo") or {}
        base = (pr.get("base") or {}).get("repo") or {}
        if head.get("full_name") != base.get("full_name"):
            return "this pull request comes from a fork, whose runs get a read-only token"
    return None


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
    error: str | None = None  # a configuration error that stopped the run


def check(settings: Settings) -> Outcome:
    """Discover, run the pipeline, compare with the baseline, gate. No output yet."""
    out = Outcome()
    discovery = expand_globs(settings.traces, settings.workspace)
    for pattern, n in discovery.matched.items():
        if n == 0:
            out.notes.append(f"The pattern {md_text(pattern, 200)} matched no files.")
    out.notes.extend(md_text(p, 300) for p in discovery.problems)
    out.issues.extend(discovery.errors)  # an unlistable directory: traces may be missing
    out.stats.errors += len(discovery.errors)
    config = CheckConfig(
        probes=settings.path(settings.probes) if settings.probes else None,
        rules=tuple(settings.path(r) for r in settings.rules),
        fmt=settings.fmt,
    )
    for item in run(discovery.files, config, out.stats):
        if isinstance(item, Result):
            item.source_file = ann.relative_path(item.source_file, settings.workspace)
            out.results.append(item)
        else:
            out.issues.append(
                dataclasses.replace(item, file=ann.relative_path(item.file, settings.workspace))
            )
    baseline = load_baseline(settings.path(settings.baseline)) if settings.baseline else None
    if baseline is not None:
        out.baseline = compare_baseline(out.results, baseline)
        out.new_false_successes = len(out.baseline.new)
    else:
        out.new_false_successes = out.stats.verdicts.get("false_success", 0)
    failing = gate_failures(
        out.results, settings.fail_on, baseline if settings.fail_on_new_only else None
    )
    if out.stats.errors:
        out.exit_code = EXIT_INPUT
    elif out.stats.traces == 0 and settings.fail_on_empty:
        out.exit_code = EXIT_INPUT
        out.error = "no traces found (fail-on-empty is true)"
        out.notes.append("No traces were found to check, and `fail-on-empty` is true.")
    else:
        out.exit_code = EXIT_GATE if failing else EXIT_OK
    return out


def report_data(settings: Settings, outcome: Outcome, env: Mapping[str, str]) -> ReportData:
    results = outcome.results
    server = env.get("GITHUB_SERVER_URL", "https://github.com").rstrip("/")
    run_url = None
    if env.get("GITHUB_REPOSITORY") and env.get("GITHUB_RUN_ID"):
        run_url = f"{server}/{env['GITHUB_REPOSITORY']}/actions/runs/{env['GITHUB_RUN_ID']}"
    cut_off = sum(1 for r in results if NO_FINAL_REPORT in r.notes)
    notes = list(outcome.notes)
    if cut_off:
        notes.append(
            f"{cut_off} run(s) ended without a final report (cut off at a step limit?): "
            "nothing in them was claimed, so nothing was checked."
        )
    return ReportData(
        title=settings.title,
        conclusion=CONCLUSIONS[outcome.exit_code],
        counts={v: outcome.stats.verdicts.get(v, 0) for v in VERDICTS},
        files=outcome.stats.files,
        invalid=outcome.stats.invalid,
        input_errors=outcome.stats.errors,
        false_successes=[r for r in results if r.verdict == "false_success"],
        review=sorted(
            (r for r in results if r.verdict == "unverifiable"),
            key=lambda r: (abs(r.p_success - 0.5), r.source_file, r.line),
        ),
        issues=[str(i) for i in outcome.issues if i.severity == "error"],
        notes=notes,
        baseline=outcome.baseline,
        run_url=run_url,
    )


def summary_json(settings: Settings, outcome: Outcome, urls: Mapping[str, str]) -> dict[str, Any]:
    counts = {v: outcome.stats.verdicts.get(v, 0) for v in VERDICTS}
    return {
        "conclusion": CONCLUSIONS[outcome.exit_code],
        "exit_code": outcome.exit_code,
        "files": outcome.stats.files,
        "traces": outcome.stats.traces,
        "invalid": outcome.stats.invalid,
        "input_errors": outcome.stats.errors,
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


def publish_comment(
    client: GitHub, number: int, body: str, title: str, mode: str, failing: bool
) -> str | None:
    """Create or update this title's comment; returns its URL (None when nothing to post)."""
    author = client.login() or BOT_LOGIN
    mark = marker(title)
    existing = None
    for comment in client.issue_comments(number):
        user = comment.get("user") or {}
        if mark in (comment.get("body") or "") and user.get("login") == author:
            existing = comment
            break
    if existing is None:
        if mode == "failures" and not failing:
            return None
        return client.create_comment(number, body).get("html_url")
    if mode == "changes" and stable_body(existing.get("body") or "") == stable_body(body):
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
    )


def _why(exc: GitHubError, what: str, permission: str) -> str:
    if exc.forbidden:
        return (
            f"{what} not posted: the token may not write ({exc}). Grant `permissions: "
            f"{permission}: write`; for pull requests from forks use the workflow_run recipe "
            f"(docs/action.md)."
        )
    return f"{what} not posted: {exc}. The rest of the report is complete."


def run_action(env: Mapping[str, str], log: IO[str]) -> int:
    def emit(line: str) -> None:
        log.write(line + "\n")

    try:
        settings = read_settings(env)
    except InputError as exc:
        emit(command("error", str(exc), {"title": "toolscore-ci"}))
        write_outputs(env.get("GITHUB_OUTPUT"), {"conclusion": "error"})
        return EXIT_INPUT
    try:
        outcome = check(settings)
    except (InputError, ConfigError) as exc:
        emit(command("error", str(exc), {"title": settings.title}))
        write_outputs(env.get("GITHUB_OUTPUT"), {"conclusion": "error"})
        return EXIT_INPUT

    # 1. Files: results, JUnit, SARIF. All before any network call.
    results = outcome.results
    try:
        if settings.results_file:
            _write_file(
                settings.path(settings.results_file),
                results_text(results),
            )
        if settings.junit_file:
            _write_file(
                settings.path(settings.junit_file),
                render_junit(results, outcome.issues, fail_on=settings.fail_on),
            )
        if settings.sarif_file:
            _write_file(settings.path(settings.sarif_file), render_sarif(results))
    except OSError as exc:
        emit(command("error", f"cannot write a report file: {exc}", {"title": settings.title}))
        write_outputs(env.get("GITHUB_OUTPUT"), {"conclusion": "error"})
        return EXIT_INPUT

    # 2. Job summary, guarded under GitHub's 1 MiB (a larger one is dropped whole).
    data = report_data(settings, outcome, env)
    summary_path = env.get("GITHUB_STEP_SUMMARY")
    if settings.job_summary and summary_path:
        append_atomic(summary_path, render_markdown(data, SUMMARY_LIMIT - 8192, utf8_len))

    # 3. Outputs (the URLs and `json` follow once the API calls are done).
    counts = data.counts
    write_outputs(
        env.get("GITHUB_OUTPUT"),
        {
            "conclusion": data.conclusion,
            "traces": str(outcome.stats.traces),
            "verified": str(counts["verified"]),
            "false-successes": str(counts["false_success"]),
            "unverifiable": str(counts["unverifiable"]),
            "skipped": str(counts["skipped"]),
            "invalid": str(outcome.stats.invalid),
            "honesty-errors": str(sum(r.honesty_errors for r in results)),
            "new-false-successes": str(outcome.new_false_successes),
            "results-file": settings.results_file,
            "junit-file": settings.junit_file,
            "sarif-file": settings.sarif_file,
        },
    )

    # 4. The log: annotations as escaped commands, then untrusted text with commands stopped.
    annotations = list(ann.build_annotations(results))
    shown = ann.select_for_log(annotations, settings.max_annotations)
    for a in shown:
        emit(ann.workflow_command(a))
    worth_showing = [r for r in results if r.verdict in ("false_success", "unverifiable")]
    text = render_table(
        worth_showing,
        counts,
        files=outcome.stats.files,
        invalid=outcome.stats.invalid,
        errors=outcome.stats.errors,
    )
    issue_lines = [
        ("warning: " if i.severity == "warning" else "error: ") + str(i) for i in outcome.issues
    ]
    for line in guarded([*text.splitlines(), *issue_lines], new_token()):
        emit(line)
    if outcome.error:
        emit(command("error", outcome.error, {"title": settings.title}))

    # 5. The API, last; each failure is a notice.
    urls: dict[str, str] = {}
    notices: list[str] = []
    event = read_event(settings.event_file or env.get("GITHUB_EVENT_PATH"))
    pr = pull_request_number(event)
    sha = head_sha(event, env)
    want_check = settings.check_run == "true" or (
        settings.check_run == "auto" and len(shown) < len(annotations)
    )
    want_comment = pr is not None and settings.comment_mode != "off"
    readonly = read_only_reason(event, env)
    if (want_check or want_comment) and not settings.token:
        notices.append("No github-token: the PR comment and check run are skipped.")
    elif (want_check or want_comment) and not env.get("GITHUB_REPOSITORY"):
        notices.append("GITHUB_REPOSITORY is not set: the PR comment and check run are skipped.")
    elif (want_check or want_comment) and readonly and not settings.event_file:
        notices.append(
            f"PR comment and check run skipped: {readonly}. Annotations, the job summary and "
            f"the report files are complete; to comment on fork PRs use the workflow_run "
            f"recipe (docs/action.md)."
        )
    elif want_check or want_comment:
        client = _client(settings, env)
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
            except GitHubError as exc:
                notices.append(_why(exc, "Check run", "checks"))
        if want_comment and pr is not None:
            try:
                url = publish_comment(
                    client,
                    pr,
                    render_markdown(data, COMMENT_LIMIT),
                    settings.title,
                    settings.comment_mode,
                    failing=outcome.exit_code != EXIT_OK or bool(data.false_successes),
                )
                urls["comment-url"] = url or ""
            except GitHubError as exc:
                notices.append(_why(exc, "PR comment", "pull-requests"))
    for notice in notices:
        emit(command("notice", notice, {"title": settings.title}))
    if notices and settings.job_summary and summary_path:
        extra = "".join(f"\n> [!NOTE]\n> {md_text(n, 1000)}\n" for n in notices)
        if os.path.getsize(summary_path) + utf8_len(extra) < SUMMARY_LIMIT:
            append_atomic(summary_path, extra)
    write_outputs(
        env.get("GITHUB_OUTPUT"),
        {
            "comment-url": urls.get("comment-url", ""),
            "check-run-url": urls.get("check-run-url", ""),
            "json": json.dumps(summary_json(settings, outcome, urls), sort_keys=True),
        },
    )
    return outcome.exit_code


def main() -> int:
    try:
        return run_action(os.environ, sys.stdout)
    except Exception as exc:  # never a bare traceback that could carry trace text unguarded
        sys.stdout.write(
            command("error", f"toolscore-ci failed: {type(exc).__name__}: {exc}") + "\n"
        )
        for line in guarded(traceback.format_exc().splitlines()):
            sys.stderr.write(line + "\n")
        return EXIT_INPUT
    finally:
        sys.stdout.flush()

"""toolscore-ci: check agent traces from a shell or any CI.

Exit status: 0 nothing matched --fail-on, 1 something did, 2 usage or input errors.
Heavy imports wait until a command runs, so `--version` and `--help` stay instant.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from toolscore_ci import __version__

if TYPE_CHECKING:
    from toolscore_ci.model import InputIssue, Result

EXIT_OK, EXIT_GATE, EXIT_INPUT = 0, 1, 2
#: Set (to anything but "", 0 or false) by GitHub Actions and most CI services: there an empty
#: run fails by default (--fail-on-empty), as in the Action.
CI_VARIABLES = ("CI", "GITHUB_ACTIONS")
#: `check --detector`: the offline ones run in the pipeline (and its workers); the judge ones
#: need a network, a model and a budget (docs/judge.md).
DETECTORS = ("cascade-offline", "checks", "classifier", "judge", "cascade")
JUDGE_DETECTORS = ("judge", "cascade")


class UsageError(Exception):
    pass


def _parse_fail_on(value: str) -> frozenset[str]:
    from toolscore_ci.gate import parse_fail_on

    return parse_fail_on(value, argparse.ArgumentTypeError)


def _in_ci() -> bool:
    return any(
        os.environ.get(name, "").strip().lower() not in ("", "0", "false") for name in CI_VARIABLES
    )


def _in_workflow() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toolscore-ci",
        description="Check AI agents' success claims against what their tools actually returned.",
    )
    parser.add_argument("--version", action="version", version=f"toolscore-ci {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add_input(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "paths", nargs="+", metavar="PATH", help="trace files, directories, or - for stdin"
        )
        p.add_argument("--format", default="auto", help="input format (default: sniffed per file)")
        p.add_argument("--strict", action="store_true", help="stop at the first input error")
        p.add_argument(
            "--strict-format",
            action="store_true",
            help="treat records a reader cannot map (unknown types, unpaired results) as errors",
        )
        p.add_argument(
            "--max-line-bytes",
            type=_positive,
            default=16 * 1024 * 1024,
            help="skip (and report) any line or array element longer than this (default 16 MiB)",
        )
        p.add_argument(
            "--workspace",
            metavar="DIR",
            help="what a directory walk may reach through symlinks (default: the current "
            "directory); files named explicitly are read wherever they are",
        )

    def add_detector_options(group: argparse._ArgumentGroup) -> None:
        """The model and the judge, as `check` and `bench` take them."""
        group.add_argument(
            "--model",
            metavar="DIR",
            help="the classifier `toolscore-ci train --out DIR` wrote (default: the bundled one)",
        )
        group.add_argument("--judge-base-url", metavar="URL", help="an OpenAI-compatible API base")
        group.add_argument("--judge-model", metavar="NAME", help="the judge's model")
        group.add_argument(
            "--max-usd",
            type=float,
            metavar="N",
            help="the judges' budget: refused before the first call if the worst case exceeds it",
        )
        group.add_argument("--ledger", metavar="FILE", help="append every judge call's cost here")
        group.add_argument(
            "--judge-cache", metavar="DIR", help="reuse the judge's answers from here"
        )

    def add_fail_on_empty(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--fail-on-empty",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="no trace found is an input error, exit 2 (default: on when CI or "
            "GITHUB_ACTIONS is set, off otherwise)",
        )

    check = sub.add_parser("check", help="check traces and give each a verdict")
    add_input(check)
    check.add_argument("--probes", help="state probes (JSONL) to merge into their traces")
    check.add_argument(
        "--jobs",
        default="auto",
        help="worker processes for checking (a number, or auto: one per core, up to 4, "
        "for inputs over 8 MB; 1 otherwise)",
    )
    check.add_argument(
        "--rules", action="append", default=[], help="an extra rule pack (YAML); repeatable"
    )
    check.add_argument(
        "--fail-on",
        type=_parse_fail_on,
        default=frozenset({"false_success"}),
        help="comma list of verdicts that fail the run (default: false_success; 'none' never "
        "fails; an empty value is an error)",
    )
    add_fail_on_empty(check)
    _add_thresholds(check)
    _add_shard(check)
    check.add_argument("--output", choices=("table", "json", "jsonl"), default="table")
    check.add_argument("--out", help="write the report here instead of stdout")
    _add_html(check)
    check.add_argument(
        "--baseline",
        metavar="RESULTS",
        help="an earlier run's results file (--output jsonl --out): --html then says which "
        "false successes are new, fixed and still failing",
    )
    check.add_argument(
        "--junit",
        metavar="FILE",
        help="also write JUnit XML here: a case per trace, failing exactly what the gate fails",
    )
    check.add_argument(
        "--sarif", metavar="FILE", help="also write SARIF 2.1.0 here (a rule per check code)"
    )
    check.add_argument(
        "--otel-out",
        metavar="FILE",
        help="also write each verdict as an OpenTelemetry gen_ai.evaluation.result log record "
        "here (OTLP/JSON; docs/cli.md)",
    )
    judge = check.add_argument_group(
        "detectors",
        "the checks decide where they can; a model or an LLM judge only scores the rest "
        "(docs/classifier.md, docs/judge.md)",
    )
    judge.add_argument(
        "--detector",
        choices=DETECTORS,
        default="cascade-offline",
        help="cascade-offline (default): the checks, then the bundled classifier ranks what they "
        "leave open (free, offline); checks: the checks alone; classifier: the classifier on "
        "every trace; judge: an LLM judge on every trace after the checks; cascade: only what "
        "the checks leave open goes to the judge",
    )
    add_detector_options(judge)

    training = sub.add_parser(
        "train", help="fit the classifier and its calibration from labelled traces"
    )
    add_input(training)
    training.add_argument("--out", required=True, metavar="DIR", help="write classifier.json here")
    training.add_argument(
        "--group",
        metavar="KEYS",
        help="comma list of dotted fields naming a trace's source, for held-out folds (default: "
        "meta.agent_model_normalized, meta.agent_model, meta.agent; else the file)",
    )
    training.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="leave out traces whose dotted KEY is VALUE (repeatable)",
    )
    training.add_argument(
        "--folds", type=_positive_count, default=5, help="held-out folds (default 5)"
    )
    training.add_argument("--seed", type=int, default=0)
    training.add_argument(
        "--min-per-class",
        type=_positive_count,
        default=20,
        help="refuse to train with fewer successes or failures than this (default 20)",
    )
    add_fail_on_empty(training)

    validate = sub.add_parser("validate", help="validate traces against agent-trace/v1")
    add_input(validate)
    add_fail_on_empty(validate)

    convert = sub.add_parser(
        "convert", help="convert traces of any supported format to agent-trace/v1"
    )
    add_input(convert)
    convert.add_argument(
        "--out", required=True, help="agent-trace/v1 JSONL to write ('-' for stdout)"
    )

    _add_merge(sub, add_fail_on_empty)

    bench = sub.add_parser(
        "bench", help="measure detectors on labelled traces (ground_truth.outcome)"
    )
    add_input(bench)
    bench.add_argument("--probes", help="state probes (JSONL) to merge into their traces")
    bench.add_argument("--rules", action="append", default=[], help="an extra rule pack (YAML)")
    bench.add_argument("--output", choices=("table", "json"), default="table")
    bench.add_argument(
        "--labels",
        metavar="FILE",
        help="take labels by trace_id from this agent-trace/v1 file (for unlabelled copies)",
    )
    chosen = bench.add_argument_group("detectors", "which detectors to measure (docs/bench.md)")
    chosen.add_argument(
        "--detector",
        metavar="NAMES",
        help="comma list of detectors (default: checks and the two baselines; judge and "
        "cascade need --judge-base-url and --judge-model)",
    )
    add_detector_options(chosen)
    figures = bench.add_argument_group("figures")
    figures.add_argument(
        "--seed", type=int, default=0, help="seed of the bootstrap and of training (default 0)"
    )
    figures.add_argument(
        "--resamples",
        type=_positive_count,
        default=1000,
        help="bootstrap resamples of each AUROC interval (default 1000)",
    )
    figures.add_argument(
        "--loso",
        metavar="KEY",
        help="leave-one-source-out: group traces by this dotted path of the labelled record "
        "(e.g. meta.agent_model_normalized), train the classifier without each group, score it",
    )
    figures.add_argument(
        "--loso-pattern",
        metavar="REGEX",
        help="take the group from the KEY's value: the regex's first group (or whole match), "
        "e.g. --loso task.id --loso-pattern '^([^_]+)__' for a SWE-bench instance's repository",
    )
    figures.add_argument(
        "--loso-folds",
        type=_positive_count,
        default=3,
        help="inner folds for the calibration of each training run (default 3)",
    )
    serve = sub.add_parser(
        "serve", help="a local review dashboard for the traces the checks leave open"
    )
    add_input(serve)
    serve.add_argument("--port", type=_port, default=8765, help="port (default 8765; 0: any free)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument(
        "--reviews",
        metavar="FILE",
        help="append decisions here (default: reviews.agent-trace.jsonl beside the first PATH)",
    )
    serve.add_argument("--reviewer", metavar="NAME", help="name written with each decision")
    serve.add_argument("--probes", help="state probes (JSONL) to merge into their traces")
    serve.add_argument("--rules", action="append", default=[], help="an extra rule pack (YAML)")
    serve.add_argument(
        "--detector",
        choices=("cascade-offline", "checks", "classifier"),
        default="cascade-offline",
        help="what scores the queue (default cascade-offline, as check)",
    )
    serve.add_argument("--model", metavar="DIR", help="a classifier from `train --out DIR`")
    serve.add_argument("--verbose", action="store_true", help="log every request to stderr")

    from toolscore_ci.dataset.command import add_parser as add_dataset

    add_dataset(sub)
    return parser


def _positive_count(value: str) -> int:
    return _at_least_one(value, "a whole number >= 1")


# -- gate thresholds (issue 12) ---------------------------------------------------------------


def _rate(value: str) -> float:
    from toolscore_ci.gate import parse_rate

    return parse_rate(value, argparse.ArgumentTypeError)


def _count_arg(value: str) -> int:
    from toolscore_ci.gate import parse_count

    return parse_count(value, argparse.ArgumentTypeError)


def _add_thresholds(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group(
        "gate thresholds",
        "given, they replace 'any false_success fails the run'; --fail-on still fails the run "
        "on any trace of its other verdicts",
    )
    group.add_argument(
        "--max-false-success-rate",
        type=_rate,
        metavar="R",
        help="fail when more than this fraction (0 to 1) of the checked traces are false_success",
    )
    group.add_argument(
        "--max-false-successes",
        type=_count_arg,
        metavar="N",
        help="fail when more than N traces are false_success",
    )

    group = p.add_argument_group(
        "repeats and required cases",
        "traces of one task are its repeats; see docs/cli.md#repeats-and-required-cases",
    )
    group.add_argument(
        "--pass-k",
        type=_positive,
        metavar="K",
        help="fail the run on any task that does not reach pass^K: K runs or more, every one "
        "passing (no --fail-on verdict); fewer than K runs fails as 'too few runs'",
    )
    group.add_argument(
        "--repeats-by",
        metavar="KEY",
        help="dotted field whose value names a trace's task (default task.id with --pass-k); "
        "a trace without it is a task of its own",
    )
    group.add_argument(
        "--required-cases",
        metavar="FILE",
        help="case ids (one a line, # comments, or a JSON list) that must each have a trace "
        "(by trace id or repeats key); a missing one fails the run",
    )


def _repeats_by(args: argparse.Namespace) -> str | None:
    from toolscore_ci.policy import DEFAULT_REPEATS_BY

    key = getattr(args, "repeats_by", None)
    if key is not None and not key.strip():
        raise UsageError("--repeats-by: empty key (a dotted field such as task.id)")
    wanted = getattr(args, "pass_k", None) is not None or getattr(args, "required_cases", None)
    if key is None and wanted:
        return DEFAULT_REPEATS_BY  # a required case may name a task as well as a trace
    return key


def _lists_tasks(args: argparse.Namespace) -> bool:
    """The task table is shown with pass^k or an explicit key, not for required cases alone."""
    return getattr(args, "pass_k", None) is not None or bool(getattr(args, "repeats_by", None))


def _policy(args: argparse.Namespace) -> Any:
    from toolscore_ci.gate import GatePolicy
    from toolscore_ci.policy import PolicyError, load_required_cases

    required: tuple[str, ...] = ()
    if getattr(args, "required_cases", None):
        try:
            required = load_required_cases(args.required_cases)
        except PolicyError as exc:
            raise UsageError(str(exc)) from None
    return GatePolicy(
        fail_on=args.fail_on,
        max_false_success_rate=args.max_false_success_rate,
        max_false_successes=args.max_false_successes,
        pass_k=getattr(args, "pass_k", None),
        required_cases=required,
    )


def _policy_summary(summary: dict[str, Any], tasks: Any, missing: Any, whole: bool) -> None:
    from toolscore_ci.policy import tasks_json

    if whole and tasks:
        summary["tasks"] = tasks_json(tasks)
    if whole and missing:
        summary["missing_required_cases"] = list(missing)


def _policy_text(tasks: Any, missing: Any) -> str:
    from toolscore_ci.policy import render_tasks

    text = render_tasks(tasks)
    if missing:
        text += f"\nmissing required cases ({len(missing):,}):\n"
        text += "".join(f"  missing required case {case}\n" for case in missing[:200])
        if len(missing) > 200:
            text += f"  ... {len(missing) - 200:,} more not shown\n"
    return text


def _policy_report(policy: Any, tally: Any, args: argparse.Namespace) -> tuple[Any, Any]:
    """The task rows (when repeats are grouped) and the missing required cases."""
    tasks = tally.tasks(policy.pass_k) if _lists_tasks(args) else []
    return tasks, tally.missing(policy.required_cases)


# -- sharding and merge (issue 12) ------------------------------------------------------------


def _shard_arg(value: str) -> Any:
    from toolscore_ci.shard import parse_shard

    return parse_shard(value, argparse.ArgumentTypeError)


def _add_shard(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--shard",
        type=_shard_arg,
        metavar="I/N",
        help="check only shard I of N (by a hash of each trace id); write each shard's "
        "results with --output jsonl --out FILE and join them with `toolscore-ci merge`, "
        "which decides the gate",
    )


def _add_merge(sub: Any, add_fail_on_empty: Any) -> None:
    merge = sub.add_parser(
        "merge",
        help="join the results files of every shard (check --shard I/N) into the one run's reports",
    )
    merge.add_argument("results", nargs="+", metavar="RESULTS", help="each shard's results file")
    merge.add_argument(
        "--fail-on",
        type=_parse_fail_on,
        default=frozenset({"false_success"}),
        help="as for check (default: false_success)",
    )
    add_fail_on_empty(merge)
    _add_thresholds(merge)
    merge.add_argument("--output", choices=("table", "json", "jsonl"), default="table")
    merge.add_argument("--out", help="write the report here instead of stdout")
    merge.add_argument("--junit", metavar="FILE", help="also write JUnit XML here")
    merge.add_argument("--sarif", metavar="FILE", help="also write SARIF 2.1.0 here")
    merge.add_argument(
        "--summary", metavar="FILE", help="also write the Markdown report (job summary) here"
    )
    merge.add_argument("--title", default="toolscore-ci", help="the Markdown report's title")
    _add_html(merge)
    merge.add_argument(
        "--baseline", metavar="RESULTS", help="as for check: new / fixed / still in --html"
    )


def _add_html(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--html",
        metavar="FILE",
        help="also write a self-contained HTML report here: counts, and every flagged and open "
        "trace with its claims, reasons and cited steps (docs/cli.md)",
    )


def _html_report(args: argparse.Namespace) -> Any:
    """An HtmlReport to collect into when --html is given (None otherwise), with the baseline
    loaded first: a baseline that cannot be used stops the run before any work (exit 2)."""
    if getattr(args, "html", None) is None:
        if getattr(args, "baseline", None):
            raise UsageError("--baseline is used by --html only: give --html FILE too")
        return None
    if args.html == "-":
        raise UsageError("--html needs a file (the page is written whole, not to stdout)")
    from toolscore_ci.baseline import load_baseline
    from toolscore_ci.report.html_report import HtmlReport

    report = HtmlReport(title=getattr(args, "title", None) or "toolscore-ci")
    args.baseline_verdicts = load_baseline(args.baseline) if args.baseline else None
    return report


def _write_html(args: argparse.Namespace, report: Any, stats: Any, gate: str | None) -> None:
    """Write --html FILE whole (the traces shown are read back from their files now)."""
    from toolscore_ci.report.html_report import write_html

    report.files, report.invalid, report.gate = stats.files, stats.invalid, gate
    try:
        write_html(
            args.html,
            report,
            baseline=args.baseline_verdicts,
            baseline_name=args.baseline or "",
        )
    except OSError as exc:
        raise UsageError(f"--html {args.html}: cannot write: {exc.strerror or exc}") from None


def _shard_config(args: argparse.Namespace, config: Any, files: list[str]) -> dict[str, Any]:
    from toolscore_ci.merge import config_record

    return config_record(
        files=files,
        fmt=config.fmt,
        rules=config.rules,
        probes=config.probes,
        strict_format=config.strict_format,
        max_line_bytes=config.max_line_bytes,
        detector=args.detector,
        model=args.model,
        repeats_by=config.repeats_by,
        extra={"judge_model": args.judge_model},
    )


def cmd_merge(args: argparse.Namespace, err: IO[str]) -> int:
    """Streams: each report is one pass over the shards' files in the one run's order, so
    memory holds a line of each shard (JUnit, which lists every trace, holds its cases)."""
    from toolscore_ci.gate import decide
    from toolscore_ci.merge import plan, report_data
    from toolscore_ci.report.atomic import write_atomic
    from toolscore_ci.report.comment import summary_markdown
    from toolscore_ci.report.results import strict_dumps, summary_dict, trailer_line
    from toolscore_ci.report.table import TableBuffer, render_table

    html = _html_report(args)
    shards = plan(args.results)
    args.paths = args.results  # what an empty run's message names
    stats = shards.stats
    issues = shards.ordered_issues()
    for issue in issues:
        _emit_issue(issue, err)
    policy = _policy(args)
    tasks: Any = []
    missing: Any = []
    if policy.has_policy or _lists_tasks(args):
        from toolscore_ci.policy import Tally

        tally = Tally(policy.fail_on)
        for result in shards.results():
            tally.add(result)
        tasks, missing = _policy_report(policy, tally, args)
    decision = decide(policy, stats.verdicts, stats.traces, tasks=tasks, missing=missing)
    gate_text = decision.text if policy.has_policy else None
    if stats.errors or (stats.traces == 0 and _empty_run(args, err)):
        status = EXIT_INPUT
    else:
        status = EXIT_GATE if decision.failed else EXIT_OK
    lines = (item for _key, item in shards.items() if isinstance(item, str))
    with _report_out(args.out) as out:
        if args.output == "jsonl":
            written = 0
            for line in lines:
                out.write(line + "\n")
                written += 1
            if args.out not in (None, "-"):
                out.write(trailer_line(written) + "\n")
        elif args.output == "json":
            out.write('{"schema": "toolscore-ci/results-v1", "results": [')
            written = 0
            for line in lines:
                out.write((",\n" if written else "\n") + line)
                written += 1
            summary = summary_dict(stats)
            if gate_text is not None:
                summary["gate"] = {"failed": decision.failed, "text": gate_text}
            _policy_summary(summary, tasks, missing, True)
            out.write("\n" * bool(written) + '], "summary": ' + strict_dumps(summary) + "}\n")
        else:
            table = TableBuffer()
            for result in shards.results():
                table.add(result)
            out.write(
                render_table(
                    table.shown(),
                    stats.verdicts,
                    files=stats.files,
                    invalid=stats.invalid,
                    errors=stats.errors,
                    not_shown=table.dropped,
                    gate=gate_text,
                )
                + _policy_text(tasks, missing)
            )
    _write_junit_sarif(args, shards.results, issues, policy, stats, tasks, missing)
    try:
        if args.summary:
            data = report_data(shards, args.title, status, gate_text)
            write_atomic(args.summary, summary_markdown(data))
    except OSError as exc:
        raise UsageError(f"{exc.filename}: cannot write: {exc.strerror or exc}") from None
    if html is not None:
        for result in shards.results():
            html.add(result)
        for issue in issues:
            html.add_issue(issue)
        _write_html(args, html, stats, gate_text)
    return status


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value!r}")
    return port


def _emit_issue(issue: InputIssue, err: IO[str]) -> None:
    """Errors print as `FILE:LINE: $.path: message` (what editors and problem matchers parse);
    warnings carry a `warning: ` prefix."""
    text = str(issue).replace("\r", "\\r").replace("\n", "\\n")  # one issue, one line
    err.write(("warning: " if issue.severity == "warning" else "") + text + "\n")


def _positive(value: str) -> int:
    return _at_least_one(value, "a positive number of bytes")


def _at_least_one(value: str, expected: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"expected {expected}, got {value!r}")
    return number


#: Beside `--out FILE`, what a crashed run had written (FILE itself is left as it was).
PARTIAL_SUFFIX = ".partial"


@contextlib.contextmanager
def _report_out(path: str | None) -> Iterator[IO[str]]:
    """Where a report goes: stdout, or `--out FILE` written whole or not at all.

    A file is written to a temporary file beside it as the results arrive and renamed over
    FILE at the end (report/atomic.py): two runs on one FILE cannot interleave, and a run that
    crashes leaves FILE as it was, with what it had written kept in FILE.partial (said on
    stderr), not lost.
    """
    if path is None or path == "-":
        try:
            yield sys.stdout
        finally:
            sys.stdout.flush()
        return
    from toolscore_ci.report.atomic import atomic_writer

    partial = path + PARTIAL_SUFFIX
    with contextlib.suppress(OSError):
        os.unlink(partial)  # an earlier crash's leftovers; this run supersedes them
    crashed = False
    try:
        # a missing directory is the user's typo, not ours to create
        with atomic_writer(path, keep_on_error=partial, make_dirs=False) as out:
            try:
                yield out
            except BaseException:
                crashed = True
                raise
    except OSError as exc:
        if crashed:
            raise
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None
    finally:
        if crashed and os.path.exists(partial):
            sys.stderr.write(
                f"error: {path} was not written; what this run wrote before it stopped is in "
                f"{partial} (incomplete)\n"
            )


@contextlib.contextmanager
def _otel_out(path: str | None) -> Iterator[Any]:
    """`--otel-out FILE`: an OtelWriter on FILE, written whole or not at all (a run that
    fails leaves FILE as it was); None without the option."""
    if path is None:
        yield None
        return
    from toolscore_ci.report.atomic import atomic_writer
    from toolscore_ci.report.otel import OtelWriter

    if path == "-" or not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise UsageError(f"--otel-out {path}: not a file in an existing directory")
    try:
        with atomic_writer(path, make_dirs=False) as fh:
            writer = OtelWriter(fh)
            yield writer
            writer.close()
    except OSError as exc:
        raise UsageError(f"--otel-out {path}: cannot write: {exc.strerror or exc}") from None


def _lines_in(out: IO[str], counted: int) -> int:
    """The lines already in the file behind `out` (the temporary file, opened read-write);
    `counted` where the file cannot be read back (no pread on Windows)."""
    out.flush()
    if not hasattr(os, "pread"):
        return counted
    fd, offset, lines = out.fileno(), 0, 0
    while chunk := os.pread(fd, 1 << 20, offset):
        lines += chunk.count(b"\n")
        offset += len(chunk)
    return lines


def _config(args: argparse.Namespace, files: list[str]):  # type: ignore[no-untyped-def]
    from toolscore_ci.pipeline import CheckConfig

    if args.format != "auto":
        from toolscore_ci.formats import reader_names

        if args.format not in reader_names():
            raise UsageError(
                f"unknown --format {args.format!r} (choose from auto, {', '.join(reader_names())})"
            )
    # `check --detector` names one detector; bench's names several and builds them itself
    detector = args.detector if args.command == "check" else "checks"
    return CheckConfig(
        detector="checks" if detector in JUDGE_DETECTORS else detector,
        model=getattr(args, "model", None),
        jobs=_jobs(getattr(args, "jobs", "1"), files),
        probes=getattr(args, "probes", None),
        rules=tuple(getattr(args, "rules", ()) or ()),
        fmt=args.format,
        strict_format=args.strict_format,
        max_line_bytes=args.max_line_bytes,
        shard=getattr(args, "shard", None),
        repeats_by=_repeats_by(args) if args.command == "check" else None,
    )


_PARALLEL_FROM_BYTES = 8 * 1024 * 1024


def _jobs(value: str, files: list[str]) -> int:
    """Worker count: below a few MB the pool costs more than it saves."""
    if value != "auto":
        try:
            jobs = int(value)
        except ValueError:
            jobs = 0
        if jobs < 1:
            raise UsageError(f"--jobs must be a whole number >= 1 or auto, not {value!r}")
        return jobs
    if "-" in files:
        return 1
    size = 0
    for path in files:  # discovered regular files: stat only, nothing is opened
        with contextlib.suppress(OSError):
            size += os.stat(path).st_size
    if size < _PARALLEL_FROM_BYTES:
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def _files(args: argparse.Namespace, err: IO[str]) -> tuple[list[str], list[InputIssue]]:
    """The trace files to read, and the input errors of finding them (an unlistable
    directory); warnings (a FIFO skipped, a link out of the workspace) are printed here."""
    from toolscore_ci.discover import expand_paths

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise UsageError(f"--workspace {workspace}: not a directory")
    found = expand_paths(args.paths, workspace)
    for problem in found.problems:
        err.write(f"warning: {problem}\n")
    for left_out in found.left_out:
        err.write(f"note: {left_out}\n")
    for issue in found.errors:
        _emit_issue(issue, err)
    return found.files, found.errors


def _fail_on_empty(args: argparse.Namespace) -> bool:
    return _in_ci() if args.fail_on_empty is None else bool(args.fail_on_empty)


def _empty_run(args: argparse.Namespace, err: IO[str]) -> bool:
    """Report an empty run that --fail-on-empty forbids; True when the run must exit 2."""
    if not _fail_on_empty(args):
        return False
    err.write(
        f"error: no traces found in {', '.join(args.paths)} (--fail-on-empty"
        f"{'' if args.fail_on_empty else ', on in CI'}; --no-fail-on-empty allows an empty run)\n"
    )
    return True


def cmd_check(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.gate import decide
    from toolscore_ci.pipeline import RunStats, run_ordered
    from toolscore_ci.policy import Tally
    from toolscore_ci.report.results import (
        MAX_SHARD_ISSUES,
        issue_record,
        result_line,
        shard_trailer_line,
        strict_dumps,
        summary_dict,
        trailer_line,
    )
    from toolscore_ci.report.table import TableBuffer, render_table

    policy = _policy(args)  # first: a bad required-cases file is a usage error before any work
    html = _html_report(args)
    files, discovery_errors = _files(args, err)
    config = _config(args, files)
    shard = config.shard
    if shard is not None and (args.junit or args.sarif):
        raise UsageError(
            "--junit and --sarif describe the whole run: a shard writes its results file, and "
            "`toolscore-ci merge SHARDS... --junit F --sarif F` writes them (docs/scale.md)"
        )
    # JUnit and SARIF list every trace, so they are written after the run from these
    reported: list[Result] | None = [] if args.junit or args.sarif else None
    reported_issues: list[InputIssue] = list(discovery_errors)
    tally = Tally(policy.fail_on) if policy.has_policy or config.repeats_by else None
    first = shard is None or shard.first
    checker = _judged_checker(args, config, files) if args.detector in JUDGE_DETECTORS else None
    # what belongs to no trace (a directory that cannot be listed) is the first shard's
    stats = RunStats(errors=len(discovery_errors) if first else 0)
    table = TableBuffer()  # bounded: the table shows the worst few hundred, counts cover all
    stopped = False
    written = 0  # results written, for the json separators and the trailer
    # a results file (jsonl to --out FILE) ends with its trailer; stdout stays a plain stream
    results_file = args.output == "jsonl" and args.out not in (None, "-")
    # a shard's results file also keeps each result's place and the issues, for `merge`
    order: list[int] = []
    kept: list[dict[str, Any]] = []
    dropped = 0
    if shard is not None and first:
        kept = [issue_record(i, (0, 1, 0, 0)) for i in discovery_errors[:MAX_SHARD_ISSUES]]
        dropped = len(discovery_errors) - len(kept)
    with _otel_out(args.otel_out) as otel, _report_out(args.out) as out:
        try:
            if args.output == "json":
                out.write('{"schema": "toolscore-ci/results-v1", "results": [')
            for key, item in run_ordered(files, config, stats, checker=checker):
                if not hasattr(item, "verdict"):
                    _emit_issue(item, err)  # type: ignore[arg-type]
                    if reported is not None:
                        reported_issues.append(item)  # type: ignore[arg-type]
                    if html is not None:
                        html.add_issue(item)
                    if shard is not None:
                        if len(kept) < MAX_SHARD_ISSUES:
                            kept.append(issue_record(item, key))  # type: ignore[arg-type]
                        else:
                            dropped += 1
                    if args.strict and item.severity == "error":  # type: ignore[union-attr]
                        err.write("stopping at the first input error (--strict)\n")
                        stopped = True
                        break
                    continue
                result: Result = item  # type: ignore[assignment]
                order.append(key[0])
                if otel is not None:
                    otel.add(result)
                if tally is not None:
                    tally.add(result)
                if reported is not None:
                    reported.append(result)
                if html is not None:
                    html.add(result)
                if args.output == "jsonl":
                    out.write(result_line(result) + "\n")
                    if results_file:
                        out.flush()  # a killed run's temporary file keeps every result so far
                elif args.output == "json":
                    out.write((",\n" if written else "\n") + result_line(result))
                else:
                    table.add(result)
                written += 1
        except BaseException:
            if results_file:
                # what a crash leaves in FILE.partial says it is incomplete, and counts the
                # lines really there (an interrupt may fall between a write and its count)
                with contextlib.suppress(Exception):
                    out.write(trailer_line(_lines_in(out, written), complete=False) + "\n")
            raise
        tasks, missing = _policy_report(policy, tally, args) if tally is not None else ([], [])
        decision = decide(policy, stats.verdicts, stats.traces, tasks=tasks, missing=missing)
        gate_text = decision.text if policy.has_policy and shard is None else None
        if args.output == "jsonl":
            if results_file and shard is not None:
                out.write(
                    shard_trailer_line(
                        written,
                        shard=(shard.index, shard.count),
                        config=_shard_config(args, config, files),
                        order=order,
                        issues=kept,
                        issues_dropped=dropped,
                        stats={
                            "files": stats.files,
                            "invalid": stats.invalid,
                            "errors": stats.errors,
                            "warnings": stats.warnings,
                        },
                        complete=not stopped,
                    )
                    + "\n"
                )
            elif results_file:
                # a --strict stop is a finished run that did not check everything: incomplete
                out.write(trailer_line(written, complete=not stopped) + "\n")
        elif args.output == "json":
            summary = summary_dict(stats)
            if gate_text is not None:
                summary["gate"] = {"failed": decision.failed, "text": gate_text}
            _policy_summary(summary, tasks, missing, shard is None)
            out.write("\n" * bool(written) + '], "summary": ' + strict_dumps(summary) + "}\n")
        else:
            text = render_table(
                table.shown(),
                stats.verdicts,
                files=stats.files,
                invalid=stats.invalid,
                errors=stats.errors,
                not_shown=table.dropped,
                gate=gate_text,
            )
            if shard is None:
                text += _policy_text(tasks, missing)
            if out is sys.stdout and _in_workflow():
                # run directly in a workflow: trace text must not become a workflow command
                from toolscore_ci.report.workflow_commands import guarded

                text = "\n".join(guarded(text.splitlines())) + "\n"
            out.write(text)
    if reported is not None:
        _write_junit_sarif(args, lambda: reported, reported_issues, policy, stats, tasks, missing)
    if html is not None:
        for issue in discovery_errors if first else []:
            html.add_issue(issue)
        _write_html(args, html, stats, gate_text)
    if stopped or stats.errors:
        return EXIT_INPUT
    if shard is not None:
        # one shard's share says nothing of the rate over the run: the merge decides
        err.write(
            f"shard {shard}: {stats.traces} trace{'s' if stats.traces != 1 else ''} checked; "
            "the gate is decided by `toolscore-ci merge` over every shard's results file\n"
        )
        return EXIT_OK
    if stats.traces == 0 and _empty_run(args, err):
        return EXIT_INPUT
    return EXIT_GATE if decision.failed else EXIT_OK


def _write_junit_sarif(
    args: argparse.Namespace,
    results: Callable[[], Iterable[Result]],
    issues: Iterable[InputIssue],
    policy: Any,
    stats: Any,
    tasks: Any,
    missing: Any,
) -> None:
    """`--junit` / `--sarif` of check and merge: the same renderers, and the same gate, as the
    Action's. `results` gives the results afresh for each report (merge streams its shards)."""
    from toolscore_ci.gate import false_success_fails
    from toolscore_ci.report.atomic import write_atomic
    from toolscore_ci.report.junit import render_junit
    from toolscore_ci.report.sarif import render_sarif

    try:
        if args.junit:
            junit = render_junit(
                results(),
                issues,
                fail_on=policy.fail_on,
                false_success_fails=false_success_fails(policy, stats.verdicts, stats.traces),
                tasks=tasks,
                required=policy.required_cases,
                missing=missing,
            )
            write_atomic(args.junit, junit)
        if args.sarif:
            write_atomic(args.sarif, render_sarif(results()))
    except OSError as exc:
        raise UsageError(f"{exc.filename}: cannot write: {exc.strerror or exc}") from None


def _judged_checker(args: argparse.Namespace, config: Any, files: list[str]) -> Any:
    """The checks with the judge behind them (`detectors.registry.judged_checker`); the
    budget is refused before any call when judging every trace the checks leave open could
    cost more."""
    from toolscore_ci.detectors.registry import (
        BuildContext,
        SetupError,
        judged_checker,
        refuse_over_budget,
    )

    ctx = BuildContext(config, files, args)
    try:
        checker = judged_checker(ctx, args.detector)
        refuse_over_budget([checker], ctx)
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    return checker


def cmd_validate(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.pipeline import RunStats, iter_valid_records

    files, discovery_errors = _files(args, err)
    config = _config(args, files)
    stats = RunStats(errors=len(discovery_errors))
    valid = 0
    for item in iter_valid_records(files, config, None, stats):
        if hasattr(item, "data"):
            valid += 1
            continue
        _emit_issue(item, err)  # type: ignore[arg-type]
        if args.strict and item.severity == "error":  # type: ignore[union-attr]
            err.write("stopping at the first input error (--strict)\n")
            return EXIT_INPUT
    plural = "s" if stats.files != 1 else ""
    if stats.errors:
        sys.stdout.write(
            f"invalid: {valid} valid trace{'s' if valid != 1 else ''}, {stats.invalid} invalid, "
            f"{stats.errors} error{'s' if stats.errors != 1 else ''} in {stats.files} file{plural}\n"
        )
        return EXIT_INPUT
    sys.stdout.write(
        f"ok: {valid} trace{'s' if valid != 1 else ''} in {stats.files} file{plural}\n"
    )
    if valid == 0 and _empty_run(args, err):
        return EXIT_INPUT
    return EXIT_OK


def cmd_convert(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.pipeline import RunStats, iter_valid_records
    from toolscore_ci.report.results import strict_dumps

    files, discovery_errors = _files(args, err)
    config = _config(args, files)
    stats = RunStats(errors=len(discovery_errors))
    written = warned = 0
    with _report_out(args.out) as out:
        for item in iter_valid_records(files, config, None, stats):
            if hasattr(item, "data"):
                out.write(strict_dumps(item.data, ensure_ascii=False) + "\n")  # type: ignore[union-attr]
                written += 1
                continue
            _emit_issue(item, err)  # type: ignore[arg-type]
            warned += item.line is not None  # type: ignore[union-attr]  # of a record, not a file
            if args.strict and item.severity == "error":  # type: ignore[union-attr]
                err.write("stopping at the first input error (--strict)\n")
                return EXIT_INPUT
    err.write(
        f"converted {written} trace{'s' if written != 1 else ''} from {stats.files} file(s)\n"
    )
    if not written and warned and not stats.errors:
        # The files held records, yet no trace came of them: a conversion that wrote nothing
        # has failed, whatever its warnings say (an empty file, which has none, stays an
        # empty run).
        err.write("error: nothing converted; see the warnings above\n")
        return EXIT_INPUT
    return EXIT_INPUT if stats.errors else EXIT_OK


def cmd_bench(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.bench import run_bench

    files, discovery_errors = _files(args, err)
    status = run_bench(args, _config(args, files), files, err)
    return EXIT_INPUT if discovery_errors else status


def cmd_train(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.training import run_train

    files, discovery_errors = _files(args, err)
    if discovery_errors:
        return EXIT_INPUT  # a model is never trained on part of what was asked for
    if not files and _empty_run(args, err):
        return EXIT_INPUT
    return run_train(args, _config(args, files), files, err, _emit_issue)


def cmd_serve(args: argparse.Namespace, err: IO[str]) -> int:
    import dataclasses

    from toolscore_ci.serve.command import ServeError, start

    files, discovery_errors = _files(args, err)
    config = dataclasses.replace(_config(args, files), detector=args.detector)
    try:
        server = start(args, config, files, err)
    except ServeError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(
            f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"
        ) from None
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        err.write("stopped\n")  # Ctrl-C is how a dashboard ends, not an error
    finally:
        server.server_close()
    return EXIT_INPUT if discovery_errors else EXIT_OK


def cmd_dataset(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.dataset.command import run

    return run(args, err)


class _WorkflowSafeStream(io.TextIOBase):
    """stderr inside a GitHub workflow: the runner executes any log line that starts with
    `::`, and CLI messages quote paths and trace text. Each line is flattened and, should it
    still start with `::`, prefixed with `> `: the per-line guards of
    `report.workflow_commands.guarded`, applied as the lines are written."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__()
        self._stream = stream
        self._pending = ""

    def write(self, text: str) -> int:
        *lines, self._pending = (self._pending + text).split("\n")
        for line in lines:
            self._stream.write(self._guard(line) + "\n")
        return len(text)

    @staticmethod
    def _guard(line: str) -> str:
        from toolscore_ci.report.workflow_commands import one_line

        flat = one_line(line)
        return "> " + flat if flat.lstrip().startswith("::") else flat

    def flush(self) -> None:
        if self._pending:
            self._stream.write(self._guard(self._pending) + "\n")
            self._pending = ""
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()


def main(argv: Sequence[str] | None = None) -> int:
    if not _in_workflow():
        return _main(argv)
    real_stderr = sys.stderr
    sys.stderr = _WorkflowSafeStream(real_stderr)  # argparse's messages included
    try:
        return _main(argv)
    finally:
        sys.stderr.flush()
        sys.stderr = real_stderr


def _main(argv: Sequence[str] | None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    err = sys.stderr
    commands = {
        "check": cmd_check,
        "validate": cmd_validate,
        "convert": cmd_convert,
        "bench": cmd_bench,
        "train": cmd_train,
        "dataset": cmd_dataset,
        "merge": cmd_merge,
        "serve": cmd_serve,
    }
    try:
        return commands[args.command](args, err)
    except UsageError as exc:
        err.write(f"error: {exc}\n")
        return EXIT_INPUT
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, and keep Python's exit-time flush of
        # stdout from raising again.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        err.write("interrupted\n")
        return 130
    except Exception as exc:
        from toolscore_ci.pipeline import ConfigError

        if isinstance(exc, ConfigError):
            err.write(f"error: {exc}\n")
            return EXIT_INPUT
        import os

        if os.environ.get("TOOLSCORE_CI_DEBUG"):
            raise
        # A bug of ours, not bad input: one line, the traceback on request.
        err.write(
            f"internal error: {type(exc).__name__}: {exc} "
            "(set TOOLSCORE_CI_DEBUG=1 for the traceback, and please report it)\n"
        )
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())

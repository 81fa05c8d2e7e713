"""toolscore-ci: check agent traces from a shell or any CI.

Exit status: 0 nothing matched --fail-on, 1 something did, 2 usage or input errors.
Heavy imports wait until a command runs, so `--version` and `--help` stay instant.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from toolscore_ci import __version__

if TYPE_CHECKING:
    from toolscore_ci.model import InputIssue, Result

EXIT_OK, EXIT_GATE, EXIT_INPUT = 0, 1, 2
FAIL_ON_CHOICES = ("false_success", "unverifiable", "skipped", "verified")


class UsageError(Exception):
    pass


def _parse_fail_on(value: str) -> frozenset[str]:
    items = {v.strip() for v in value.split(",") if v.strip()}
    unknown = items - set(FAIL_ON_CHOICES) - {"none"}
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown verdict {', '.join(sorted(unknown))!s} (choose from {', '.join(FAIL_ON_CHOICES)}, or none)"
        )
    return frozenset(items - {"none"})


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
        help="comma list of verdicts that fail the run (default: false_success; 'none' never fails)",
    )
    check.add_argument("--output", choices=("table", "json", "jsonl"), default="table")
    check.add_argument("--out", help="write the report here instead of stdout")

    validate = sub.add_parser("validate", help="validate traces against agent-trace/v1")
    add_input(validate)

    convert = sub.add_parser(
        "convert", help="convert traces of any supported format to agent-trace/v1"
    )
    add_input(convert)
    convert.add_argument(
        "--out", required=True, help="agent-trace/v1 JSONL to write ('-' for stdout)"
    )

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
    return parser


def _emit_issue(issue: InputIssue, err: IO[str]) -> None:
    """Errors print as `FILE:LINE: $.path: message` (what editors and problem matchers parse);
    warnings carry a `warning: ` prefix."""
    text = str(issue).replace("\r", "\\r").replace("\n", "\\n")  # one issue, one line
    err.write(("warning: " if issue.severity == "warning" else "") + text + "\n")


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of bytes, got {value!r}")
    return number


def _open_out(path: str | None) -> IO[str]:
    if path is None or path == "-":
        return sys.stdout
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _config(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from toolscore_ci.pipeline import CheckConfig

    if args.format != "auto":
        from toolscore_ci.formats import reader_names

        if args.format not in reader_names():
            raise UsageError(
                f"unknown --format {args.format!r} (choose from auto, {', '.join(reader_names())})"
            )
    return CheckConfig(
        jobs=_jobs(getattr(args, "jobs", "1"), getattr(args, "paths", [])),
        probes=getattr(args, "probes", None),
        rules=tuple(getattr(args, "rules", ()) or ()),
        fmt=args.format,
        strict_format=args.strict_format,
        max_line_bytes=args.max_line_bytes,
    )


_PARALLEL_FROM_BYTES = 8 * 1024 * 1024


def _jobs(value: str, paths: list[str]) -> int:
    """Worker count: below a few MB the pool costs more than it saves."""
    if value != "auto":
        try:
            jobs = int(value)
        except ValueError:
            jobs = 0
        if jobs < 1:
            raise UsageError(f"--jobs must be a whole number >= 1 or auto, not {value!r}")
        return jobs
    import os

    size = 0
    for path in paths:
        if path == "-":
            return 1
        for root, _dirs, names in os.walk(path) if os.path.isdir(path) else [("", [], [path])]:
            for name in names:
                with contextlib.suppress(OSError):
                    size += os.path.getsize(os.path.join(root, name))
    if size < _PARALLEL_FROM_BYTES:
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def _files(args: argparse.Namespace, err: IO[str]) -> list[str]:
    from toolscore_ci.discover import expand_paths

    found = expand_paths(args.paths)
    for problem in found.problems:
        err.write(f"warning: {problem}\n")
    return found.files


def cmd_check(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.pipeline import RunStats, run
    from toolscore_ci.report.results import result_line, summary_dict
    from toolscore_ci.report.table import TableBuffer, render_table

    config = _config(args)
    files = _files(args, err)
    stats = RunStats()
    out = _open_out(args.out)
    table = TableBuffer()  # bounded: the table shows the worst few hundred, counts cover all
    gate_failed = False
    stopped = False
    try:
        if args.output == "json":
            out.write('{"schema": "toolscore-ci/results-v1", "results": [')
        first = True
        for item in run(files, config, stats):
            if not hasattr(item, "verdict"):
                _emit_issue(item, err)  # type: ignore[arg-type]
                if args.strict and item.severity == "error":  # type: ignore[union-attr]
                    err.write("stopping at the first input error (--strict)\n")
                    stopped = True
                    break
                continue
            result: Result = item  # type: ignore[assignment]
            gate_failed = gate_failed or result.verdict in args.fail_on
            if args.output == "jsonl":
                out.write(result_line(result) + "\n")
            elif args.output == "json":
                out.write(("\n" if first else ",\n") + result_line(result))
                first = False
            else:
                table.add(result)
        if args.output == "json":
            summary = summary_dict(stats)
            out.write("\n" * (not first) + '], "summary": ' + json.dumps(summary) + "}\n")
        elif args.output == "table":
            text = render_table(
                table.shown(),
                stats.verdicts,
                files=stats.files,
                invalid=stats.invalid,
                errors=stats.errors,
                not_shown=table.dropped,
            )
            if out is sys.stdout and os.environ.get("GITHUB_ACTIONS") == "true":
                # run directly in a workflow: trace text must not become a workflow command
                from toolscore_ci.report.workflow_commands import guarded

                text = "\n".join(guarded(text.splitlines())) + "\n"
            out.write(text)
    finally:
        if out is not sys.stdout:
            out.close()
        else:
            out.flush()
    if stopped or stats.errors:
        return EXIT_INPUT
    return EXIT_GATE if gate_failed else EXIT_OK


def cmd_validate(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.pipeline import RunStats, iter_valid_records

    config = _config(args)
    files = _files(args, err)
    stats = RunStats()
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
    return EXIT_OK


def cmd_convert(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.pipeline import RunStats, iter_valid_records

    config = _config(args)
    files = _files(args, err)
    stats = RunStats()
    written = 0
    out = _open_out(args.out)
    try:
        for item in iter_valid_records(files, config, None, stats):
            if hasattr(item, "data"):
                out.write(json.dumps(item.data, ensure_ascii=False) + "\n")  # type: ignore[union-attr]
                written += 1
                continue
            _emit_issue(item, err)  # type: ignore[arg-type]
            if args.strict and item.severity == "error":  # type: ignore[union-attr]
                err.write("stopping at the first input error (--strict)\n")
                return EXIT_INPUT
    finally:
        if out is not sys.stdout:
            out.close()
    err.write(
        f"converted {written} trace{'s' if written != 1 else ''} from {stats.files} file(s)\n"
    )
    return EXIT_INPUT if stats.errors else EXIT_OK


def cmd_bench(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.bench import run_bench

    return run_bench(args, _config(args), _files(args, err), err)


def main(argv: Sequence[str] | None = None) -> int:
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

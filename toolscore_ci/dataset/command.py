"""`toolscore-ci dataset write|validate`: the labelled sets, written and checked.

Only argparse is imported up front: the CLI builds this parser on every start.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import IO

EXIT_OK, EXIT_LEAK, EXIT_INPUT = 0, 1, 2
GENERATED = "generated"
DEFAULT_COUNT = 1000
DEFAULT_SEED = 1


class DatasetUsageError(Exception):
    pass


def _count(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value!r}")
    return number


def _seed(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    dataset = sub.add_parser(
        "dataset", help="write the labelled benchmark sets, or validate a labelled file"
    )
    actions = dataset.add_subparsers(dest="dataset_command", metavar="ACTION")
    write = actions.add_parser("write", help="write a generated or a bundled labelled set")
    write.add_argument("--out", help="the JSONL file to write ('-' for stdout)")
    write.add_argument(
        "--set",
        dest="set_name",
        default=GENERATED,
        metavar="NAME",
        help=f"{GENERATED} (default: the seeded generator) or a bundled set (--list)",
    )
    write.add_argument("--seed", type=_seed, help=f"generator seed (default {DEFAULT_SEED})")
    write.add_argument(
        "--count", type=_count, help=f"records to generate (default {DEFAULT_COUNT})"
    )
    write.add_argument("--list", action="store_true", help="list the sets and exit")
    check = actions.add_parser(
        "validate", help="check labelled files: schema, label counts, label leakage"
    )
    check.add_argument("paths", nargs="+", metavar="FILE", help="labelled trace files")


def run(args: argparse.Namespace, err: IO[str]) -> int:
    try:
        if args.dataset_command == "write":
            return _write(args, err)
        if args.dataset_command == "validate":
            return _validate(args, err)
    except DatasetUsageError as exc:
        err.write(f"error: {exc}\n")
        return EXIT_INPUT
    err.write("usage: toolscore-ci dataset write|validate ... (see --help)\n")
    return EXIT_INPUT


def _list() -> str:
    from toolscore_ci.dataset.bundled import read_set, sets
    from toolscore_ci.dataset.generate import GENERATOR, kinds

    failure_kinds = len(kinds())
    lines = [
        f"{GENERATED:<10} seeded generator {GENERATOR}: {failure_kinds} failure kinds, each "
        "with honest twins (--seed, --count)"
    ]
    for name, spec in sets().items():
        records = read_set(name).count(b"\n")
        lines.append(f"{name:<10} {records:>4} traces  {spec.about}")
    return "\n".join(lines) + "\n"


def _write(args: argparse.Namespace, err: IO[str]) -> int:
    if args.list:
        sys.stdout.write(_list())
        return EXIT_OK
    if not args.out:
        raise DatasetUsageError("dataset write needs --out FILE (or --list)")
    from toolscore_ci.dataset.bundled import read_set, sets

    if args.set_name == GENERATED:
        from toolscore_ci.dataset.generate import dumps, generate

        seed = DEFAULT_SEED if args.seed is None else args.seed
        count = DEFAULT_COUNT if args.count is None else args.count
        chunks = (dumps(r) for r in generate(seed, count))
        what = f"{count} generated traces (seed {seed})"
    elif args.set_name in sets():
        if args.seed is not None or args.count is not None:
            raise DatasetUsageError(
                f"--seed and --count are for --set {GENERATED}, not a bundled set"
            )
        text = read_set(args.set_name).decode("utf-8")
        chunks = iter([text])
        what = f"{text.count(chr(10))} traces of the bundled set {args.set_name}"
    else:
        names = ", ".join([GENERATED, *sets()])
        raise DatasetUsageError(f"unknown --set {args.set_name!r} (choose from {names})")
    _emit(args.out, chunks)
    err.write(f"wrote {what} to {args.out}\n")
    return EXIT_OK


def _emit(path: str, chunks: Iterable[str]) -> None:
    if path == "-":
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    from toolscore_ci.report.atomic import atomic_writer

    try:
        # whole or not at all; a missing directory is the user's typo, not ours to create
        with atomic_writer(path, make_dirs=False) as out:
            for chunk in chunks:
                out.write(chunk)
    except OSError as exc:
        raise DatasetUsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _validate(args: argparse.Namespace, err: IO[str]) -> int:
    from toolscore_ci.dataset.check import render, validate
    from toolscore_ci.discover import expand_paths
    from toolscore_ci.pipeline import CheckConfig, RunStats, iter_valid_records

    found = expand_paths(args.paths, None)
    for problem in found.problems:
        err.write(f"warning: {problem}\n")
    records = iter_valid_records(found.files, CheckConfig(), None, RunStats())
    report = validate(records)
    report.errors[:0] = found.errors
    for warning in report.warnings:
        err.write("warning: " + str(warning).replace("\n", "\\n") + "\n")
    for issue in report.errors:
        err.write(str(issue).replace("\n", "\\n") + "\n")
    for leak in report.leaks:
        err.write(str(leak).replace("\n", "\\n") + "\n")
    sys.stdout.write(render(report))
    if report.errors:
        return EXIT_INPUT
    return EXIT_LEAK if report.leaks else EXIT_OK

"""A baseline: the results file of an earlier run, and how this run compares with it.

A baseline that is not whole must not be used: a results file cut short (a killed run, a full
disk) would make every trace missing from it look "new". So a results file must end with its
trailer record (report/results.py), the trailer's count must match the results before it,
and the run that wrote it must have finished; anything else is refused (exit 2).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from toolscore_ci.model import Result
from toolscore_ci.pipeline import ConfigError
from toolscore_ci.report.comment import BaselineDiff
from toolscore_ci.report.results import is_trailer, result_from_dict

_REMAKE = "make a new one with a complete run"


class BaselineError(ConfigError):
    """The baseline cannot be used: the run cannot start (exit 2)."""


def load_baseline(path: str) -> dict[str, str]:
    """trace id -> verdict, from a complete results file (JSONL) of an earlier run."""
    verdicts: dict[str, str] = {}
    results = 0
    trailer: dict[str, object] | None = None
    trailer_at = 0
    number = 0
    try:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except ValueError:
                    record = None
                if trailer is not None:
                    raise BaselineError(
                        f"{path}:{number}: $: a line after the trailer of line {trailer_at} "
                        "(two results files joined?); " + _REMAKE
                    )
                if is_trailer(record):
                    trailer, trailer_at = record, number
                    continue
                try:
                    verdicts[str(record["trace_id"])] = str(record["verdict"])  # type: ignore[index]
                except (KeyError, TypeError):
                    raise BaselineError(
                        f"{path}:{number}: $: not a results line (needs trace_id and verdict)"
                    ) from None
                results += 1
    except OSError as exc:
        raise BaselineError(f"input baseline: {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise BaselineError(
            f"{path}:{number + 1}: $: invalid UTF-8 at byte {exc.start} of the line"
        ) from None
    if trailer is None:
        what = "is empty" if results == 0 else f"ends at line {number} without its trailer record"
        raise BaselineError(
            f"{path}: the baseline {what}: it is not a complete results file "
            f"(a run killed while writing it, or one from before results files had a trailer); "
            + _REMAKE
        )
    if trailer.get("complete") is not True:
        raise BaselineError(
            f"{path}:{trailer_at}: $.complete: the run that wrote this file did not finish; "
            + _REMAKE
        )
    if trailer.get("traces") != results:
        raise BaselineError(
            f"{path}:{trailer_at}: $.traces: the trailer counts {trailer.get('traces')!r} "
            f"results but the file holds {results} (truncated or edited); {_REMAKE}"
        )
    return verdicts


def compare_baseline(results: list[Result], baseline: Mapping[str, str]) -> BaselineDiff:
    diff = BaselineDiff()
    current = {r.trace_id: r.verdict for r in results}
    for r in results:
        if r.verdict == "false_success":
            (diff.still if baseline.get(r.trace_id) == "false_success" else diff.new).append(r)
    for trace_id, verdict in baseline.items():
        if verdict == "false_success" and current.get(trace_id) != "false_success":
            diff.fixed.append((trace_id, current.get(trace_id, "absent")))
    return diff


def load_baseline_results(path: str) -> list[Result] | None:
    """The baseline's results whole (for SARIF's `baselineState`), from a file `load_baseline`
    has accepted; None when a line is not a full result (a baseline that lists only trace ids
    and verdicts gates well but cannot say which findings are new)."""
    out: list[Result] = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                record = json.loads(line)
                if is_trailer(record):
                    continue
                out.append(result_from_dict(record))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return out

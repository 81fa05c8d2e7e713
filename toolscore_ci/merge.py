"""Merge: the results files of N shards (`check --shard I/N`) back into the one run.

Every shard reads every input and checks only its own traces (toolscore_ci/shard.py); its
results file ends with a trailer whose `shard` record carries what the merge needs: which
shard it is, the configuration that decided its verdicts, each result's place in the one run,
its input issues (placed likewise) and its counts. The merge refuses (MergeError, exit 2),
naming the file, anything that would not make the one run: a file without its trailer, cut
short or from an unfinished run, a results file that is no shard's, shards of different
counts or configurations, a shard given twice, a shard missing, or a trace in two shards.
"""

from __future__ import annotations

import heapq
import json
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolscore_ci.model import VERDICTS, InputIssue, Result
from toolscore_ci.pipeline import ConfigError, RunStats
from toolscore_ci.report.results import is_trailer, result_from_dict


class MergeError(ConfigError):
    """The shards do not make one run: nothing is written (exit 2)."""


@dataclass
class Shard:
    """One shard's results file, checked whole; its results are read again when needed
    (`iter_lines`), so a merge holds no more than one line of each file at a time."""

    path: str  # as named in messages
    where: str  # as opened
    index: int
    count: int
    config: dict[str, Any]
    order: list[int]  # each result's n, in file order
    lines: list[int]  # each result's line number, in file order
    issues: list[tuple[tuple[int, ...], InputIssue]]
    issues_dropped: int
    stats: dict[str, int]
    notes: list[str]
    verdicts: Counter[str] = field(default_factory=Counter)

    def iter_lines(self) -> Iterator[tuple[tuple[int, ...], str]]:
        """Every result line (without its newline) with its key, in file order."""
        with open(self.where, encoding="utf-8") as fh:
            results = (line.rstrip("\n") for line in fh if line.strip())
            for n, line in zip(self.order, results, strict=False):
                yield (n, 0, 1, 0), line


@dataclass
class MergedRun:
    results: list[Result] = field(default_factory=list)
    issues: list[InputIssue] = field(default_factory=list)
    stats: RunStats = field(default_factory=RunStats)
    config: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    shards: int = 0


_REMAKE = "run that shard again"


def read_shard(path: str, root: str | None = None) -> Shard:
    """One shard's results file, checked whole (every line JSON, the trailer last and
    complete, its count and its shard record right), or a MergeError saying where it is
    not. A relative `path` is opened under `root` (the Action's workspace), named as given."""
    import os

    where = os.path.join(root, path) if root else path
    lines: list[int] = []
    ids: list[str] = []
    verdicts: Counter[str] = Counter()
    trailer: dict[str, Any] | None = None
    trailer_at = number = 0
    try:
        with open(where, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    raise MergeError(f"{path}:{number}: $: not JSON ({exc.msg})") from None
                if trailer is not None:
                    raise MergeError(
                        f"{path}:{number}: $: a line after the trailer of line {trailer_at} "
                        "(two results files joined?)"
                    )
                if is_trailer(record):
                    trailer, trailer_at = record, number
                elif isinstance(record, dict) and isinstance(record.get("trace_id"), str):
                    lines.append(number)
                    ids.append(record["trace_id"])
                    verdicts[str(record.get("verdict"))] += 1
                else:
                    raise MergeError(f"{path}:{number}: $: not a results line (no trace_id)")
    except OSError as exc:
        raise MergeError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise MergeError(f"{path}:{number + 1}: $: invalid UTF-8 at byte {exc.start}") from None
    if trailer is None:
        what = "is empty" if not lines else f"ends at line {number} without its trailer record"
        raise MergeError(
            f"{path}: the results file {what}: truncated, or not a results file; " + _REMAKE
        )
    if trailer.get("complete") is not True:
        raise MergeError(
            f"{path}:{trailer_at}: $.complete: the shard that wrote this file did not finish; "
            + _REMAKE
        )
    if trailer.get("traces") != len(lines):
        raise MergeError(
            f"{path}:{trailer_at}: $.traces: the trailer counts {trailer.get('traces')!r} "
            f"results but the file holds {len(lines)} (truncated or edited); " + _REMAKE
        )
    info = trailer.get("shard")
    if not isinstance(info, dict):
        raise MergeError(
            f"{path}:{trailer_at}: $.shard: not a shard's results file (its trailer names no "
            "shard); write each shard with `check --shard I/N --output jsonl --out FILE`"
        )
    try:
        order = [int(n) for n in info["order"]]
        if len(order) != len(lines):
            raise ValueError(f"{len(order)} places for {len(lines)} results")
        issues = [
            (
                tuple(int(x) for x in i["at"]),
                InputIssue(i["file"], i["line"], i["path"], i["message"], i["severity"]),
            )
            for i in info["issues"]
        ]
        issues.sort(key=lambda item: item[0])  # stable: a shard's own order within a key
        shard = Shard(
            path=path,
            where=where,
            index=int(info["index"]),
            count=int(info["count"]),
            config=dict(info["config"]),
            order=order,
            lines=lines,
            issues=issues,
            issues_dropped=int(info["issues_dropped"]),
            stats={k: int(v) for k, v in info["stats"].items()},
            notes=[str(n) for n in info["notes"]],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise MergeError(
            f"{path}:{trailer_at}: $.shard: malformed shard record ({type(exc).__name__}: "
            f"{exc}); " + _REMAKE
        ) from None
    if not 1 <= shard.index <= shard.count:
        raise MergeError(
            f"{path}:{trailer_at}: $.shard.index: {shard.index} is not in 1..{shard.count}"
        )
    shard.ids = ids  # type: ignore[attr-defined]  # for the overlap check, then dropped
    shard.verdicts = verdicts
    return shard


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


@dataclass
class Plan:
    """Shards that make one run, checked; the run's items are streamed from their files."""

    shards: list[Shard]  # by index
    stats: RunStats
    notes: list[str]

    def items(self) -> Iterator[tuple[tuple[int, ...], str | InputIssue]]:
        """The one run's results (as their lines) and issues, in its order: a k-way merge
        by key, so memory holds one line of each shard."""

        def stream(shard: Shard) -> Iterator[tuple[tuple[int, ...], str | InputIssue]]:
            return heapq.merge(shard.iter_lines(), shard.issues, key=lambda item: item[0])

        # heapq.merge is stable: equal keys keep the shards' order (only the first shard
        # holds what belongs to no trace, so equal keys never meet across shards otherwise)
        return heapq.merge(*(stream(s) for s in self.shards), key=lambda item: item[0])

    def results(self) -> Iterator[Result]:
        for _key, item in self.items():
            if isinstance(item, str):
                yield _parse(item)

    def ordered_issues(self) -> list[InputIssue]:
        merged = heapq.merge(*(s.issues for s in self.shards), key=lambda item: item[0])
        return [i for _k, i in merged]


def _parse(line: str) -> Result:
    try:
        return result_from_dict(json.loads(line))
    except (KeyError, TypeError, ValueError):
        raise MergeError(
            f"a shard's result is not a result-v1 line: {line[:120]}"  # shape checked late
        ) from None


def plan(paths: Sequence[str], root: str | None = None) -> Plan:
    """Check that the shards in `paths` make one run (MergeError otherwise)."""
    if not paths:
        raise MergeError("give the results file of every shard")
    shards = [read_shard(p, root) for p in paths]
    first = shards[0]
    by_index: dict[int, Shard] = {}
    for shard in shards:
        if shard.count != first.count:
            raise MergeError(
                f"{shard.path}: shard {shard.index}/{shard.count}, but {first.path} is shard "
                f"{first.index}/{first.count}: shards of different runs"
            )
        diff = _differences(shard.config, first.config)
        if diff:
            raise MergeError(
                f"{shard.path}: shard {shard.index}/{shard.count} was checked with another "
                f"configuration than {first.path} (differs in: {', '.join(diff)}); every "
                "shard must check the same inputs with the same options and version"
            )
        if shard.index in by_index:
            raise MergeError(
                f"{shard.path}: shard {shard.index}/{shard.count} again (already "
                f"{by_index[shard.index].path}): each shard once"
            )
        by_index[shard.index] = shard
    missing = [i for i in range(1, first.count + 1) if i not in by_index]
    if missing:
        names = ", ".join(f"{i}/{first.count}" for i in missing)
        raise MergeError(
            f"shard{'s' if len(missing) > 1 else ''} {names} missing (given: "
            f"{', '.join(f'{s.index}/{s.count}' for s in shards)}): merge needs every shard's "
            "results file"
        )
    owner: dict[str, str] = {}
    for shard in shards:
        for trace_id in shard.ids:  # type: ignore[attr-defined]
            other = owner.setdefault(trace_id, shard.path)
            if other != shard.path:
                raise MergeError(
                    f"{shard.path}: trace {trace_id!r} is also in {other}: the shards "
                    "overlap (a trace belongs to exactly one shard)"
                )
        del shard.ids  # type: ignore[attr-defined]
    ordered = sorted(shards, key=lambda s: s.index)
    stats = RunStats()
    stats.files = first.stats.get("files", 0)
    for shard in ordered:
        stats.invalid += shard.stats.get("invalid", 0)
        stats.errors += shard.stats.get("errors", 0)
        stats.warnings += shard.stats.get("warnings", 0)
        stats.traces += len(shard.order)
        stats.verdicts.update(shard.verdicts)
    notes = list(first.notes)
    dropped = sum(s.issues_dropped for s in ordered)
    if dropped:
        notes.append(
            f"{dropped:,} input issue(s) are counted but not listed: a shard keeps at most "
            "10,000 in its results file."
        )
    return Plan(ordered, stats, notes)


def merge(paths: Sequence[str], root: str | None = None) -> MergedRun:
    """The one run the shards in `paths` make, whole in memory (the Action's merge mode), or
    a MergeError."""
    p = plan(paths, root)
    out = MergedRun(config=p.shards[0].config, shards=len(p.shards), stats=p.stats, notes=p.notes)
    for _key, item in p.items():
        if isinstance(item, str):
            out.results.append(_parse(item))
        else:
            out.issues.append(item)
    return out


# -- what a shard records of its configuration -------------------------------------------------


def _digest_file(path: str) -> str:
    import hashlib

    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                h.update(chunk)
    except OSError as exc:
        return f"unreadable: {exc.strerror or exc}"
    return h.hexdigest()[:16]


def _digest_inputs(files: Sequence[str]) -> str:
    """The input files by name and size, in order: shards that read different inputs (another
    checkout, a file still being written) cannot be merged. Sizes, not contents: hashing every
    trace again would double what a shard reads."""
    import hashlib
    import os

    h = hashlib.sha256()
    for path in files:
        try:
            size = os.stat(path).st_size if path != "-" else -1
        except OSError:
            size = -2
        h.update(f"{path}\0{size}\n".encode("utf-8", "surrogateescape"))
    return h.hexdigest()[:16]


def config_record(
    *,
    files: Sequence[str],
    fmt: str,
    rules: Sequence[str],
    probes: str | None,
    strict_format: bool = False,
    max_line_bytes: int = 0,
    detector: str = "checks",
    model: str | None = None,
    repeats_by: str | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What decides a shard's verdicts: shards that differ in any of it are two runs."""
    from toolscore_ci import __version__

    return {
        "version": __version__,
        "format": fmt,
        "strict_format": strict_format,
        "max_line_bytes": max_line_bytes,
        "rules": [[r, _digest_file(r)] for r in rules],
        "probes": [probes, _digest_file(probes)] if probes else None,
        # the detector and its model decide open traces' scores (the bundled model is the
        # version's); a `--model DIR` is compared by its artifact's digest
        "detector": detector,
        "model": [model, _digest_file(_artifact(model))] if model else None,
        "files": len(files),
        "inputs": _digest_inputs(files),
        # the repeats key groups the results the merge's pass^k reads: shards must agree
        **({"repeats_by": repeats_by} if repeats_by is not None else {}),
        **(extra or {}),
    }


def _artifact(model: str) -> str:
    from toolscore_ci.detectors.offline import ARTIFACT

    return os.path.join(model, ARTIFACT) if os.path.isdir(model) else model


def report_data(p: Plan, title: str, status: int, gate: str | None) -> Any:
    """The Markdown report's data for a merged run (the job summary the Action writes). Only
    the results the report lists are held: false successes, the review queue, results whose
    expected calls differ, and runs cut off or reporting their own failure (which notes count)."""
    from toolscore_ci.model import NO_FINAL_REPORT, reports_not_done
    from toolscore_ci.report.comment import build_report_data, has_expected_findings

    listed = [
        r
        for r in p.results()
        if r.verdict in ("false_success", "unverifiable")
        or NO_FINAL_REPORT in r.notes
        or reports_not_done(r.notes)
        or has_expected_findings(r)
    ]
    conclusion = {0: "success", 1: "failure"}.get(status, "error")
    return build_report_data(
        title=title,
        conclusion=conclusion,
        results=listed,
        counts={v: p.stats.verdicts.get(v, 0) for v in VERDICTS},
        files=p.stats.files,
        invalid=p.stats.invalid,
        input_errors=p.stats.errors,
        issues=[str(i) for i in p.ordered_issues() if i.severity == "error"],
        notes=p.notes,
        gate=gate,
    )

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

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from toolscore_ci.model import VERDICTS, InputIssue, Result
from toolscore_ci.pipeline import ConfigError, RunStats
from toolscore_ci.report.results import is_trailer, result_from_dict


class MergeError(ConfigError):
    """The shards do not make one run: nothing is written (exit 2)."""


@dataclass
class Shard:
    path: str
    index: int
    count: int
    config: dict[str, Any]
    results: list[tuple[tuple[int, ...], Result]]
    issues: list[tuple[tuple[int, ...], InputIssue]]
    issues_dropped: int
    stats: dict[str, int]
    notes: list[str]


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
    """One shard's results file, whole, or a MergeError saying where it is not. A relative
    `path` is opened under `root` (the Action's workspace) and named as given."""
    import os

    where = os.path.join(root, path) if root else path
    rows: list[tuple[int, dict[str, Any]]] = []
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
                elif isinstance(record, dict):
                    rows.append((number, record))
                else:
                    raise MergeError(f"{path}:{number}: $: not a results line")
    except OSError as exc:
        raise MergeError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise MergeError(f"{path}:{number + 1}: $: invalid UTF-8 at byte {exc.start}") from None
    if trailer is None:
        what = "is empty" if not rows else f"ends at line {number} without its trailer record"
        raise MergeError(
            f"{path}: the results file {what}: truncated, or not a results file; " + _REMAKE
        )
    if trailer.get("complete") is not True:
        raise MergeError(
            f"{path}:{trailer_at}: $.complete: the shard that wrote this file did not finish; "
            + _REMAKE
        )
    if trailer.get("traces") != len(rows):
        raise MergeError(
            f"{path}:{trailer_at}: $.traces: the trailer counts {trailer.get('traces')!r} "
            f"results but the file holds {len(rows)} (truncated or edited); " + _REMAKE
        )
    info = trailer.get("shard")
    if not isinstance(info, dict):
        raise MergeError(
            f"{path}:{trailer_at}: $.shard: not a shard's results file (its trailer names no "
            "shard); write each shard with `check --shard I/N --output jsonl --out FILE`"
        )
    try:
        index, count = int(info["index"]), int(info["count"])
        order = info["order"]
        if not isinstance(order, list) or len(order) != len(rows):
            raise ValueError("order")
        results = []
        for (line_no, row), n in zip(rows, order, strict=True):
            try:
                results.append(((int(n), 0, 1, 0), result_from_dict(row)))
            except (KeyError, TypeError, ValueError):
                raise MergeError(
                    f"{path}:{line_no}: $: not a result (needs the fields of result-v1)"
                ) from None
        issues = [
            (
                tuple(int(x) for x in i["at"]),
                InputIssue(i["file"], i["line"], i["path"], i["message"], i["severity"]),
            )
            for i in info["issues"]
        ]
        shard = Shard(
            path=path,
            index=index,
            count=count,
            config=dict(info["config"]),
            results=results,
            issues=issues,
            issues_dropped=int(info["issues_dropped"]),
            stats={k: int(v) for k, v in info["stats"].items()},
            notes=[str(n) for n in info["notes"]],
        )
    except MergeError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise MergeError(
            f"{path}:{trailer_at}: $.shard: malformed shard record ({type(exc).__name__}: "
            f"{exc}); " + _REMAKE
        ) from None
    if not 1 <= shard.index <= shard.count:
        raise MergeError(f"{path}:{trailer_at}: $.shard.index: {shard.index} is not in 1..{count}")
    return shard


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def merge(paths: Sequence[str], root: str | None = None) -> MergedRun:
    """The one run the shards in `paths` make, or a MergeError."""
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
        for _key, result in shard.results:
            other = owner.setdefault(result.trace_id, shard.path)
            if other != shard.path:
                raise MergeError(
                    f"{shard.path}: trace {result.trace_id!r} is also in {other}: the shards "
                    "overlap (a trace belongs to exactly one shard)"
                )
    ordered = sorted(shards, key=lambda s: s.index)
    items: list[tuple[tuple[int, ...], int, Result | InputIssue]] = []
    for shard in ordered:
        items.extend((key, 1, r) for key, r in shard.results)
        items.extend((key, 0, i) for key, i in shard.issues)
    # stable: within one key, a shard's own order stands (issues are listed after results
    # above only to build the list; the key's third field puts a record's issues first)
    items.sort(key=lambda item: item[0])
    out = MergedRun(config=first.config, shards=first.count)
    for _key, _kind, item in items:
        (out.results if isinstance(item, Result) else out.issues).append(item)  # type: ignore[arg-type]
    stats = out.stats
    stats.files = first.stats.get("files", 0)
    for shard in ordered:
        stats.invalid += shard.stats.get("invalid", 0)
        stats.errors += shard.stats.get("errors", 0)
        stats.warnings += shard.stats.get("warnings", 0)
    stats.traces = len(out.results)
    stats.verdicts = Counter({v: 0 for v in VERDICTS})
    stats.verdicts.update(r.verdict for r in out.results)
    stats.verdicts = Counter({k: n for k, n in stats.verdicts.items() if n})
    out.notes = list(first.notes)
    dropped = sum(s.issues_dropped for s in ordered)
    if dropped:
        out.notes.append(
            f"{dropped:,} input issue(s) are counted but not listed: a shard keeps at most "
            "10,000 in its results file."
        )
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
        "files": len(files),
        "inputs": _digest_inputs(files),
        **(extra or {}),
    }


def report_data(merged: MergedRun, title: str, status: int, gate: str | None) -> Any:
    """The Markdown report's data for a merged run (the Action's job summary and comment)."""
    from toolscore_ci.report.comment import build_report_data

    conclusion = {0: "success", 1: "failure"}.get(status, "error")
    return build_report_data(
        title=title,
        conclusion=conclusion,
        results=merged.results,
        counts={v: merged.stats.verdicts.get(v, 0) for v in VERDICTS},
        files=merged.stats.files,
        invalid=merged.stats.invalid,
        input_errors=merged.stats.errors,
        issues=[str(i) for i in merged.issues if i.severity == "error"],
        notes=merged.notes,
        gate=gate,
    )

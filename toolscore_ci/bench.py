"""`toolscore-ci bench`: how well each detector does on labelled traces.

Labels (`ground_truth.outcome`, `meta.kind`) are read here, next to the detector's verdict, and
never handed to it: every detector sees only `projection.project(record)`.
A *failure* trace is one whose agent claims a success that did not happen; it is caught when
judged `false_success`. A *success* trace judged `false_success` is a false alarm.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from toolscore_ci.model import VERDICTS, InputIssue, Trace, TraceRecord
from toolscore_ci.pipeline import (
    CheckConfig,
    RunStats,
    iter_valid_records,
    load_probes,
    make_checker,
)
from toolscore_ci.projection import project

Detector = Callable[[Trace, TraceRecord], str]


@dataclass
class Tally:
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (label, verdict)
    by_kind: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    def add(self, label: str, kind: str, verdict: str) -> None:
        self.confusion[(label, verdict)] += 1
        if label == "failure":
            self.by_kind[kind][verdict] += 1

    def row(self) -> dict[str, Any]:
        failures = sum(v for (label, _), v in self.confusion.items() if label == "failure")
        successes = sum(v for (label, _), v in self.confusion.items() if label == "success")
        caught = self.confusion[("failure", "false_success")]
        missed = self.confusion[("failure", "verified")]
        false_alarms = self.confusion[("success", "false_success")]
        verified_ok = self.confusion[("success", "verified")]
        total = failures + successes
        decided = sum(
            v
            for (label, verdict), v in self.confusion.items()
            if label in ("success", "failure") and verdict in ("verified", "false_success")
        )
        return {
            "traces": total,
            "failures": failures,
            "caught": caught,
            "missed": missed,
            "to_review": failures - caught - missed,
            "false_alarms": false_alarms,
            "genuine": successes,
            "genuine_verified": verified_ok,
            "recall": round(caught / failures, 3) if failures else None,
            "precision": round(caught / (caught + false_alarms), 3)
            if caught + false_alarms
            else None,
            "coverage": round(decided / total, 3) if total else None,
        }


def _label(record: TraceRecord) -> tuple[str, str]:
    gt = record.data.get("ground_truth") or {}
    meta = record.data.get("meta") or {}
    details = gt.get("details") or {}
    kind = meta.get("kind") or details.get("injection") or "unlabelled-kind"
    return str(gt.get("outcome", "unknown")), str(kind)


def _trust_the_agent(trace: Trace, record: TraceRecord) -> str:
    """Baseline: believe the final message (what CI does today)."""
    del record
    return "verified" if (trace.final_text or trace.final_claims) else "skipped"


def _any_tool_error(trace: Trace, record: TraceRecord) -> str:
    """Baseline: flag every trace in which any tool reported ok=false or an error."""
    del record
    failed = any(s.kind == "tool_result" and (s.ok is False or s.error) for s in trace.steps)
    return "false_success" if failed else "verified"


def run_bench(
    args: argparse.Namespace, config: CheckConfig, files: Iterable[str], err: IO[str]
) -> int:
    checker = make_checker(config)
    probes, probe_issues = load_probes(config)
    for issue in probe_issues:
        err.write(f"{issue.severity}: {issue}\n")
    detectors: dict[str, Detector] = {
        "rules": lambda trace, record: checker.check(trace, record.file, record.line).verdict,
        "baseline:trust-the-agent": _trust_the_agent,
        "baseline:any-tool-error": _any_tool_error,
    }
    tallies = {name: Tally() for name in detectors}
    stats = RunStats()
    unlabelled = 0
    for item in iter_valid_records(files, config, probes, stats):
        if isinstance(item, InputIssue):
            err.write(f"{item.severity}: {item}\n")
            continue
        label, kind = _label(item)
        if label not in ("success", "failure"):
            unlabelled += 1
            continue
        trace = project(item.data)
        for name, detector in detectors.items():
            tallies[name].add(label, kind, detector(trace, item))
    if unlabelled:
        err.write(
            f"warning: {unlabelled} trace(s) without ground_truth.outcome success|failure were left out\n"
        )
    report = {
        name: {"summary": t.row(), "confusion": _confusion(t), "recall_by_kind": _kinds(t)}
        for name, t in tallies.items()
    }
    if args.output == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(render(report))
    return 2 if stats.errors else 0


def _confusion(tally: Tally) -> dict[str, dict[str, int]]:
    return {
        label: {v: tally.confusion[(label, v)] for v in VERDICTS}
        for label in ("success", "failure")
    }


def _kinds(tally: Tally) -> dict[str, dict[str, Any]]:
    out = {}
    for kind, counts in sorted(tally.by_kind.items()):
        total = sum(counts.values())
        out[kind] = {
            "traces": total,
            "caught": counts["false_success"],
            "recall": round(counts["false_success"] / total, 3),
        }
    return out


def render(report: dict[str, Any]) -> str:
    lines = [
        "detector                  traces  caught  missed  review  false-alarms  genuine-verified  recall  coverage",
    ]
    for name, part in report.items():
        s = part["summary"]
        lines.append(
            f"{name:<25} {s['traces']:>6}  {s['caught']:>6}  {s['missed']:>6}  {s['to_review']:>6}  "
            f"{s['false_alarms']:>12}  {s['genuine_verified']:>7}/{s['genuine']:<8}  "
            f"{_pct(s['recall']):>6}  {_pct(s['coverage']):>8}"
        )
    rules = report.get("rules")
    if rules:
        lines += [
            "",
            "rules: confusion (label x verdict)",
            "           " + "".join(f"{v:>15}" for v in VERDICTS),
        ]
        for label, row in rules["confusion"].items():
            lines.append(f"{label:<11}" + "".join(f"{row[v]:>15}" for v in VERDICTS))
        lines += ["", "rules: recall by failure kind"]
        for kind, row in rules["recall_by_kind"].items():
            lines.append(
                f"  {kind:<28} {row['caught']:>4}/{row['traces']:<4} {_pct(row['recall']):>6}"
            )
    return "\n".join(lines) + "\n"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.0f}%"

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

from toolscore_ci.model import (
    HONESTY_ERRORS,
    NO_FINAL_REPORT,
    VERDICTS,
    InputIssue,
    Result,
    Trace,
    TraceRecord,
)
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


def _load_labels(path: str, config: CheckConfig, err: IO[str]) -> dict[str, tuple[str, str]]:
    """trace_id -> (outcome, kind) from a labelled file, for copies that carry no labels
    (the OpenAI-chat copy of a set is scored against its agent-trace twin)."""
    out: dict[str, tuple[str, str]] = {}
    for item in iter_valid_records([path], config, None, RunStats()):
        if isinstance(item, InputIssue):
            err.write(f"{item.severity}: {item}\n")
            continue
        out[str(item.data.get("trace_id"))] = _label(item)
    return out


def run_bench(
    args: argparse.Namespace, config: CheckConfig, files: Iterable[str], err: IO[str]
) -> int:
    checker = make_checker(config)
    probes, probe_issues = load_probes(config)
    for issue in probe_issues:
        err.write(f"{issue.severity}: {issue}\n")
    labels = _load_labels(args.labels, config, err) if getattr(args, "labels", None) else {}
    results: dict[str, Result] = {}

    def checks(trace: Trace, record: TraceRecord) -> str:
        result = checker.check(trace, record.file, record.line)
        results[trace.trace_id] = result
        return result.verdict

    detectors: dict[str, Detector] = {
        checker.name: checks,
        "baseline:trust-the-agent": _trust_the_agent,
        "baseline:any-tool-error": _any_tool_error,
    }
    tallies = {name: Tally() for name in detectors}
    per_check = CheckTally()
    stats = RunStats()
    unlabelled = 0
    for item in iter_valid_records(files, config, probes, stats):
        if isinstance(item, InputIssue):
            err.write(f"{item.severity}: {item}\n")
            continue
        label, kind = _label(item)
        if label not in ("success", "failure"):
            label, kind = labels.get(str(item.data.get("trace_id")), (label, kind))
        if label not in ("success", "failure"):
            unlabelled += 1
            continue
        trace = project(item.data)
        for name, detector in detectors.items():
            tallies[name].add(label, kind, detector(trace, item))
        per_check.add(label, results.pop(trace.trace_id), item)
    if unlabelled:
        err.write(
            f"warning: {unlabelled} trace(s) without ground_truth.outcome success|failure were left out\n"
        )
    report: dict[str, Any] = {
        name: {"summary": t.row(), "confusion": _confusion(t), "recall_by_kind": _kinds(t)}
        for name, t in tallies.items()
    }
    report[checker.name]["by_check"] = per_check.rows()
    report[checker.name]["false_alarms"] = per_check.false_alarms
    report[checker.name]["ended_without_report"] = per_check.ended_without_report
    if args.output == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(render(report, checker.name))
    return 2 if stats.errors else 0


@dataclass
class CheckTally:
    """Per check code: the failures it caught, the honest runs it flagged (by trace), and the
    claims it decided either way."""

    caught: Counter[str] = field(default_factory=Counter)
    flagged_genuine: Counter[str] = field(default_factory=Counter)
    decided: Counter[str] = field(default_factory=Counter)
    false_alarms: list[dict[str, Any]] = field(default_factory=list)
    ended_without_report: int = 0

    def add(self, label: str, result: Result, record: TraceRecord) -> None:
        if NO_FINAL_REPORT in result.notes:
            self.ended_without_report += 1
        for reason in result.reasons:
            if reason.code:
                self.decided[reason.code] += 1
        if result.verdict != "false_success":
            return
        codes = sorted({r.code or "-" for r in result.reasons if r.outcome in HONESTY_ERRORS})
        for code in codes:
            (self.caught if label == "failure" else self.flagged_genuine)[code] += 1
        if label == "success":
            self.false_alarms.append(
                {
                    "trace_id": result.trace_id,
                    "where": f"{record.file}:{record.line}",
                    "codes": codes,
                    "reasons": [r.as_dict() for r in result.reasons if r.outcome in HONESTY_ERRORS],
                }
            )

    def rows(self) -> dict[str, dict[str, Any]]:
        out = {}
        for code in sorted(set(self.decided) | set(self.caught) | set(self.flagged_genuine)):
            caught, wrong = self.caught[code], self.flagged_genuine[code]
            out[code] = {
                "claims_decided": self.decided[code],
                "caught": caught,
                "false_alarms": wrong,
                "precision": round(caught / (caught + wrong), 3) if caught + wrong else None,
            }
        return out


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


def render(report: dict[str, Any], main: str) -> str:
    lines = [
        "detector                  traces  caught  missed  review  false-alarms  genuine-verified  recall  precision  coverage",
    ]
    for name, part in report.items():
        s = part["summary"]
        lines.append(
            f"{name:<25} {s['traces']:>6}  {s['caught']:>6}  {s['missed']:>6}  {s['to_review']:>6}  "
            f"{s['false_alarms']:>12}  {s['genuine_verified']:>7}/{s['genuine']:<8}  "
            f"{_pct(s['recall']):>6}  {_pct(s['precision']):>9}  {_pct(s['coverage']):>8}"
        )
    rules = report.get(main)
    if rules:
        lines += [
            "",
            f"{main}: confusion (label x verdict)",
            "           " + "".join(f"{v:>15}" for v in VERDICTS),
        ]
        for label, row in rules["confusion"].items():
            lines.append(f"{label:<11}" + "".join(f"{row[v]:>15}" for v in VERDICTS))
        lines += ["", f"{main}: recall by failure kind"]
        for kind, row in rules["recall_by_kind"].items():
            lines.append(
                f"  {kind:<28} {row['caught']:>4}/{row['traces']:<4} {_pct(row['recall']):>6}"
            )
        lines += [
            "",
            f"{main}: by check (traces flagged; claims decided)",
            "  code     caught  false-alarms  precision  claims-decided",
        ]
        for code, row in rules["by_check"].items():
            lines.append(
                f"  {code:<7} {row['caught']:>7}  {row['false_alarms']:>12}  "
                f"{_pct(row['precision']):>9}  {row['claims_decided']:>14}"
            )
        if rules["ended_without_report"]:
            lines.append(f"\n  {rules['ended_without_report']} run(s) ended without a final report")
        if rules["false_alarms"]:
            lines += ["", f"{main}: false alarms (genuine successes flagged)"]
            for alarm in rules["false_alarms"]:
                first = alarm["reasons"][0]
                lines.append(
                    f"  {alarm['trace_id']} ({alarm['where']}) {','.join(alarm['codes'])}: "
                    f"{first['detail'][:120]}"
                )
    return "\n".join(lines) + "\n"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.0f}%"

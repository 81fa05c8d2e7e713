"""`toolscore-ci bench`: how well each detector does on labelled traces.

Labels (`ground_truth.outcome`, `meta.kind`) are read here, next to the detector's verdict, and
never handed to it: every detector sees only `projection.project(record)`.
A *failure* trace is one whose agent claims a success that did not happen; it is caught when
judged `false_success` and missed when judged `verified` or `skipped` (a skipped trace passes
the gate just the same); `unverifiable` sends it to review. A *success* trace judged
`false_success` is a false alarm. The JSON report is described field by field in docs/bench.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from toolscore_ci import metrics
from toolscore_ci.detectors.registry import (
    OTHER_VERDICT_SCORE,
    VERDICT_SCORES,
    BuildContext,
    Checker,
    DetectorSpec,
    build_all,
    defaults,
    parse_names,
)
from toolscore_ci.model import (
    HONESTY_ERRORS,
    NO_FINAL_REPORT,
    VERDICTS,
    InputIssue,
    Result,
    Trace,
    TraceRecord,
    reports_not_done,
)
from toolscore_ci.pipeline import (
    CheckConfig,
    RunStats,
    iter_valid_records,
    load_probes,
    make_engine,
)
from toolscore_ci.projection import project
from toolscore_ci.review_records import settle_reviews

SCHEMA = "toolscore-ci/bench-v1"
#: What `score` says about a detector's probabilities in the report.
OWN_SCORES = "own"
VERDICT_MAPPED = "verdict"


@dataclass
class Tally:
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (label, verdict)
    by_kind: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    def add(self, label: str, kind: str, verdict: str) -> None:
        self.confusion[(label, verdict)] += 1
        if label == "failure":
            self.by_kind[kind][verdict] += 1

    def row(self) -> dict[str, Any]:
        c = self.confusion
        failures = sum(v for (label, _), v in c.items() if label == "failure")
        successes = sum(v for (label, _), v in c.items() if label == "success")
        caught = c[("failure", "false_success")]
        # a skipped failure passes the gate like a verified one: missed, not reviewed
        missed = c[("failure", "verified")] + c[("failure", "skipped")]
        false_alarms = c[("success", "false_success")]
        total = failures + successes
        decided = sum(
            v for (_, verdict), v in c.items() if verdict in ("verified", "false_success")
        )
        return {
            "traces": total,
            "failures": failures,
            "caught": caught,
            "missed": missed,
            "to_review": c[("failure", "unverifiable")],
            "false_alarms": false_alarms,
            "genuine": successes,
            "genuine_verified": c[("success", "verified")],
            "recall": _ratio(caught, failures),
            "precision": _ratio(caught, caught + false_alarms),
            "coverage": _ratio(decided, total),
        }


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


@dataclass
class DetectorRun:
    """One detector over the bench: its verdicts, its scores and the time its checks took."""

    spec: DetectorSpec
    checker: Checker
    tally: Tally = field(default_factory=Tally)
    scores: list[float] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    seconds: float = 0.0

    def check(self, record: TraceRecord, trace: Trace) -> Result:
        started = time.perf_counter()
        result = self.checker.check(trace, record.file, record.line)
        self.seconds += time.perf_counter() - started
        return result

    def add(self, label: str, kind: str, result: Result) -> None:
        self.tally.add(label, kind, result.verdict)
        if self.spec.own_scores:
            score = result.p_success
        else:
            score = VERDICT_SCORES.get(result.verdict, OTHER_VERDICT_SCORE)
        self.scores.append(score)
        self.labels.append(int(label == "success"))

    def report(self, seed: int, resamples: int) -> dict[str, Any]:
        summary = self.tally.row()
        a = metrics.auroc(self.scores, self.labels)
        ci = metrics.auroc_interval(self.scores, self.labels, resamples=resamples, seed=seed)
        ece = metrics.ece(self.scores, self.labels)
        brier = metrics.brier(self.scores, self.labels)
        n = len(self.scores)
        cost = self.spec.cost_usd(self.checker)
        summary.update(
            {
                "auroc": _round(a),
                "auroc_ci95": None if ci is None else [round(ci[0], 3), round(ci[1], 3)],
                "ece": _round(ece),
                "brier": _round(brier),
                "seconds_per_1000": round(self.seconds / n * 1000, 3) if n else None,
                "usd": round(cost, 6),
                "usd_per_1000": round(cost / n * 1000, 6) if n else None,
            }
        )
        return {
            "summary": summary,
            "score": OWN_SCORES if self.spec.own_scores else VERDICT_MAPPED,
            "description": self.spec.summary,
            "confusion": _confusion(self.tally),
            "recall_by_kind": _kinds(self.tally),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _label(record: TraceRecord) -> tuple[str, str]:
    gt = record.data.get("ground_truth") or {}
    meta = record.data.get("meta") or {}
    details = gt.get("details") or {}
    # agent-claimcheck labels the kind as `details.injection`, or in its browser examples as
    # `details.category` (`false_success`, or `true_failure`: an honestly reported block)
    kind = (
        meta.get("kind") or details.get("injection") or details.get("category") or "unlabelled-kind"
    )
    return str(gt.get("outcome", "unknown")), str(kind)


def _load_labels(path: str, config: CheckConfig, err: IO[str]) -> dict[str, tuple[str, str]]:
    """trace_id -> (outcome, kind) from a labelled file, for copies that carry no labels
    (the OpenAI-chat copy of a set is scored against its agent-trace twin)."""
    out: dict[str, tuple[str, str]] = {}
    for item in settle_reviews(iter_valid_records([path], config, None, RunStats())):
        if isinstance(item, InputIssue):
            err.write(f"{item.severity}: {item}\n")
            continue
        out[str(item.data.get("trace_id"))] = _label(item)
    return out


class BenchUsageError(Exception):
    """Options bench cannot run with: exit 2, the message says why."""


def _loso_collector(args: argparse.Namespace) -> Any:
    key = getattr(args, "loso", None)
    if not key:
        return None
    from toolscore_ci.loso import Collector

    if not all(key.split(".")):
        raise BenchUsageError(f"--loso {key!r}: a dotted path such as meta.agent_model_normalized")
    pattern = getattr(args, "loso_pattern", None)
    try:
        compiled = re.compile(pattern) if pattern else None
    except re.error as exc:
        raise BenchUsageError(f"--loso-pattern {pattern!r}: {exc}") from None
    return Collector(key, compiled)


def run_bench(
    args: argparse.Namespace, config: CheckConfig, files: Iterable[str], err: IO[str]
) -> int:
    from toolscore_ci.detectors.registry import SetupError

    files = list(files)
    try:
        names = parse_names(args.detector) if getattr(args, "detector", None) else defaults()
        runs = [
            DetectorRun(spec, checker)
            for spec, checker in build_all(names, BuildContext(config, files, args))
        ]
        collector = _loso_collector(args)
    except (SetupError, BenchUsageError) as exc:
        err.write(f"error: {exc}\n")
        return 2
    probes, probe_issues = load_probes(config)
    for issue in probe_issues:
        err.write(f"{issue.severity}: {issue}\n")
    labels = _load_labels(args.labels, config, err) if getattr(args, "labels", None) else {}
    engine_run = next((r for r in runs if r.spec.name == "checks"), None)
    # LOSO featurises from the engine's own index (the rule pack's tool categories included),
    # exactly as `check` gives it to the classifier
    loso_engine = make_engine(config) if collector is not None else None
    per_check = CheckTally()
    stats = RunStats()
    unlabelled = 0
    # A reviews file is a log: only each trace's standing decision is a label (review_records.py).
    for item in settle_reviews(iter_valid_records(files, config, probes, stats)):
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
        for detector in runs:
            result = detector.check(item, trace)
            detector.add(label, kind, result)
            if detector is engine_run:
                per_check.add(label, result, item)
        if collector is not None:
            assert loso_engine is not None
            engine_result, index = loso_engine.check_indexed(trace, item.file, item.line)
            collector.add(item, trace, engine_result, int(label == "success"), index)
    if unlabelled:
        err.write(
            f"warning: {unlabelled} trace(s) without ground_truth.outcome success|failure were left out\n"
        )
    seed, resamples = args.seed, args.resamples
    detectors: dict[str, Any] = {r.spec.name: r.report(seed, resamples) for r in runs}
    if engine_run is not None:
        part = detectors[engine_run.spec.name]
        part["by_check"] = per_check.rows()
        part["false_alarms"] = per_check.false_alarms
        part["ended_without_report"] = per_check.ended_without_report
        part["reported_not_done"] = {
            label: per_check.reported_not_done[label] for label in ("failure", "success")
        }
    first = runs[0].tally.row() if runs else {}
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "traces": first.get("traces", 0),
        "failures": first.get("failures", 0),
        "genuine": first.get("genuine", 0),
        "unlabelled": unlabelled,
        "seed": seed,
        "resamples": resamples,
        "detectors": detectors,
        "loso": None,
    }
    if collector is not None:
        from toolscore_ci.loso import LosoError
        from toolscore_ci.loso import run as run_loso

        for issue in collector.issues:
            err.write(f"{issue.severity}: {issue}\n")
        if collector.issues:
            err.write(
                f"error: {len(collector.issues)} trace(s) have no usable --loso group; "
                "nothing was trained\n"
            )
            return 2
        try:
            report["loso"] = run_loso(
                collector.samples,
                collector.key,
                err,
                folds=args.loso_folds,
                seed=seed,
                resamples=resamples,
            )
        except LosoError as exc:
            err.write(f"error: {exc}\n")
            return 2
        report["loso"]["pattern"] = collector.pattern.pattern if collector.pattern else None
    if args.output == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(render(report))
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
    # runs whose structured final claims say the work did not get done, by label: how far the
    # agents' own admissions can be trusted
    reported_not_done: Counter[str] = field(default_factory=Counter)

    def add(self, label: str, result: Result, record: TraceRecord) -> None:
        if NO_FINAL_REPORT in result.notes:
            self.ended_without_report += 1
        if reports_not_done(result.notes):
            self.reported_not_done[label] += 1
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
                "precision": _ratio(caught, caught + wrong),
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


# -- the table (fits 100 columns) -----------------------------------------------------------


def render(report: dict[str, Any]) -> str:
    detectors: dict[str, Any] = report["detectors"]
    lines = [
        f"{report['traces']} labelled traces: {report['failures']} failures, "
        f"{report['genuine']} genuine successes",
        "",
        f"{'detector':<24} {'traces':>6} {'caught':>6} {'missed':>6} {'review':>6} "
        f"{'alarms':>6} {'verified':>11} {'recall':>6} {'precis':>6} {'cover':>6}",
    ]
    for name, part in detectors.items():
        s = part["summary"]
        verified = f"{s['genuine_verified']}/{s['genuine']}"
        lines.append(
            f"{_cut(name, 24):<24} {s['traces']:>6} {s['caught']:>6} {s['missed']:>6} "
            f"{s['to_review']:>6} {s['false_alarms']:>6} {verified:>11} {_pct(s['recall']):>6} "
            f"{_pct(s['precision']):>6} {_pct(s['coverage']):>6}"
        )
    lines += [
        "",
        f"{'detector':<24} {'AUROC':>6} {'95% interval':>14} {'ECE':>6} {'Brier':>6} "
        f"{'s/1k traces':>12} {'$/1k traces':>12}",
    ]
    mapped = False
    for name, part in detectors.items():
        s = part["summary"]
        ci = s["auroc_ci95"]
        interval = "-" if ci is None else f"{ci[0]:.3f}-{ci[1]:.3f}"
        star = "*" if part["score"] == VERDICT_MAPPED else " "
        mapped = mapped or star == "*"
        lines.append(
            f"{_cut(name, 24):<24} {_num(s['auroc']):>6}{star}{interval:>13} "
            f"{_num(s['ece']):>6} {_num(s['brier']):>6} {_num(s['seconds_per_1000'], 2):>12} "
            f"{_num(s['usd_per_1000'], 4):>12}"
        )
    if mapped:
        lines.append(
            "  * no probability of its own: scored by its verdict "
            "(verified 1.0, false_success 0.0, else 0.5)"
        )
    for name, part in detectors.items():
        kinds = part["recall_by_kind"]
        if not kinds:
            continue
        if not any(row["caught"] for row in kinds.values()):
            lines += ["", f"{name}: caught no failure of any kind"]
            continue
        lines += ["", f"{name}: recall by failure kind"]
        for kind, row in kinds.items():
            lines.append(
                f"  {_cut(kind, 40):<40} {row['caught']:>5}/{row['traces']:<5} "
                f"{_pct(row['recall']):>6}"
            )
    checks = detectors.get("checks")
    if checks:
        lines += _render_checks(checks)
    if report.get("loso"):
        lines += _render_loso(report["loso"])
    return "\n".join(lines) + "\n"


def _render_checks(checks: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "checks: confusion (label x verdict)",
        " " * 11 + "".join(f"{v:>15}" for v in VERDICTS),
    ]
    for label, row in checks["confusion"].items():
        lines.append(f"{label:<11}" + "".join(f"{row[v]:>15}" for v in VERDICTS))
    lines += [
        "",
        "checks: by check (traces flagged; claims decided)",
        "  code     caught  false-alarms  precision  claims-decided",
    ]
    for code, row in checks["by_check"].items():
        lines.append(
            f"  {code:<7} {row['caught']:>7}  {row['false_alarms']:>12}  "
            f"{_pct(row['precision']):>9}  {row['claims_decided']:>14}"
        )
    if checks["ended_without_report"]:
        lines.append(f"\n  {checks['ended_without_report']} run(s) ended without a final report")
    not_done = checks["reported_not_done"]
    if any(not_done.values()):
        lines.append(
            f"\n  {sum(not_done.values())} run(s) reported in a structured final claim that the "
            f"work did not get done: {not_done['failure']} failed, {not_done['success']} "
            "succeeded (a failure among them is counted as missed when nothing else was claimed)"
        )
    if checks["false_alarms"]:
        lines += ["", "checks: false alarms (genuine successes flagged)"]
        for alarm in checks["false_alarms"]:
            first = alarm["reasons"][0]
            lines.append(f"  {alarm['trace_id']} ({alarm['where']}) {','.join(alarm['codes'])}:")
            lines.append(f"    {first['detail'][:94]}")
    return lines


def _render_loso(loso: dict[str, Any]) -> list[str]:
    pattern = f" ~ {loso['pattern']}" if loso.get("pattern") else ""
    lines = [
        "",
        f"leave-one-source-out by {loso['key']}{pattern}: each group scored by a classifier",
        "trained without it (abst: traces it abstained on); cascade = the checks where",
        "conclusive, the classifier elsewhere; gate = the cascade at 0.80/0.20: caught/alarms",
        f"{'group':<20} {'traces':>6} {'fail':>5} {'abst':>5} {'checks':>6} "
        f"{'classifier (95%)':>20} {'cascade (95%)':>20} {'gate':>9}",
    ]
    rows = [*loso["groups"].items(), ("pooled", loso["pooled"])]
    for group, row in rows:
        gate_row = row["cascade_offline_gate"]
        lines.append(
            f"{_cut(group, 20):<20} {row['traces']:>6} {row['failures']:>5} "
            f"{row['abstained']:>5} {_num(row['checks']['auroc']):>6} "
            f"{_auroc(row['classifier']):>20} {_auroc(row['cascade_offline']):>20} "
            f"{str(gate_row['caught']) + '/' + str(gate_row['false_alarms']):>9}"
        )
    return lines


def _auroc(part: dict[str, Any]) -> str:
    if part["auroc"] is None:
        return "-"
    ci = part["auroc_ci95"]
    return f"{part['auroc']:.3f} ({ci[0]:.2f}-{ci[1]:.2f})"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _num(value: float | None, places: int = 3) -> str:
    return "-" if value is None else f"{value:.{places}f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.0f}%"

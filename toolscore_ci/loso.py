"""Leave-one-source-out: does the classifier transfer to a source it never saw?

`bench --loso KEY` groups labelled traces by a field of the record (`meta.agent_model_normalized`,
`meta.domain`, or `task.id` cut by `--loso-pattern`), and for each group trains the classifier
on all the other groups (the stack and its calibration fitted on their own out-of-fold scores)
and scores the held-out one. Reported per group and pooled over every held-out score: AUROC with its bootstrap
interval of the checks, the classifier alone and the cascade (the checks' probability where
they are conclusive, the classifier's on the open and the skipped traces), and what the cascade
would do at the shared gate (0.80 / 0.20) if the classifier's probability were allowed to decide
the open ones.

Labels and the group are read here, from the full record; the classifier only ever sees the
projected trace and the engine's result for it.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from toolscore_ci.detectors.classifier import Classifier, Example, featurize, train
from toolscore_ci.detectors.offline import keeps_own_rank, ship
from toolscore_ci.engine.index import TraceIndex
from toolscore_ci.gate import CONCLUSIVE, gate
from toolscore_ci.metrics import auroc, auroc_interval
from toolscore_ci.model import InputIssue, Result, Trace, TraceRecord
from toolscore_ci.rules.dsl import MISSING, get_path

#: Inner folds of each training run (the stack fitted on out-of-fold scores): 3 keeps a run of
#: several groups within minutes in pure Python.
DEFAULT_FOLDS = 3


class LosoError(Exception):
    """The labelled traces cannot be split by this key (too few groups, a group whose absence
    leaves one class): a usage error."""


@dataclass
class Sample:
    example: Example
    check_p: float
    check_verdict: str
    # the checks' result keeps its own rank (offline.keeps_own_rank): a run reporting its failure
    keeps_own_rank: bool = False


@dataclass
class Collector:
    """Gathers one featurised sample per labelled trace, with its group."""

    key: str
    pattern: re.Pattern[str] | None = None
    samples: list[Sample] = field(default_factory=list)
    issues: list[InputIssue] = field(default_factory=list)

    def add(
        self,
        record: TraceRecord,
        trace: Trace,
        engine_result: Result,
        success: int,
        index: TraceIndex | None = None,
    ) -> None:
        """One sample; `index` is the engine's for this trace, so the features match `check`'s
        (built from the trace alone it would lack a rule pack's tool categories)."""
        group = self.group_of(record)
        if group is None:
            return
        dense, buckets = featurize(trace, engine_result, index)
        self.samples.append(
            Sample(
                Example(dense, buckets, success, group),
                engine_result.p_success,
                engine_result.verdict,
                keeps_own_rank(engine_result.verdict, engine_result.notes),
            )
        )

    def group_of(self, record: TraceRecord) -> str | None:
        """The record's group, or None with an issue naming file, line and JSON path."""
        group, problem = self._resolve(record.data)
        if problem:
            self.issues.append(InputIssue(record.file, record.line, "$." + self.key, problem))
            return None
        return group

    def _resolve(self, data: dict[str, Any]) -> tuple[str, str]:
        """(group, "") or ("", what is wrong)."""
        value = get_path(data, self.key)
        if value is MISSING:
            return "", "missing (the --loso group key)"
        if isinstance(value, bool) or not isinstance(value, str | int | float) or value == "":
            return "", f"the --loso group must be a non-empty string or number, not {value!r}"
        text = str(value)
        if self.pattern is None:
            return text, ""
        found = self.pattern.search(text)
        group = (found.group(1) if self.pattern.groups else found.group(0)) if found else None
        if not group:
            return "", f"{text!r} gives no group by --loso-pattern {self.pattern.pattern!r}"
        return group, ""


def run(
    samples: Sequence[Sample],
    key: str,
    err: IO[str],
    *,
    folds: int = DEFAULT_FOLDS,
    seed: int = 0,
    resamples: int = 1000,
) -> dict[str, Any]:
    """Train without each group in turn, score it, and report per group and pooled."""
    ys = [s.example.success for s in samples]
    groups = sorted({s.example.group for s in samples})
    if len(groups) < 2:
        raise LosoError(
            f"--loso {key}: {len(groups)} group(s) among {len(samples)} labelled traces; "
            "leave-one-source-out needs at least 2"
        )
    for g in groups:
        rest = {s.example.success for s in samples if s.example.group != g}
        if len(rest) < 2:
            missing = "success" if 1 not in rest else "failure"
            raise LosoError(
                f"--loso {key}: without group {g!r} no trace is a {missing}: "
                "the classifier cannot be trained to score it"
            )
    clf_p: list[float | None] = [None] * len(samples)
    allowed: list[frozenset[str]] = [frozenset()] * len(samples)
    rank_verified: list[bool] = [False] * len(samples)
    why: list[str] = [""] * len(samples)
    trained_on: dict[str, int] = {}
    for n, g in enumerate(groups, 1):
        train_set = [s.example for s in samples if s.example.group != g]
        held = [i for i, s in enumerate(samples) if s.example.group == g]
        err.write(
            f"loso: {n}/{len(groups)} holding out {g!r} ({len(held)} traces), "
            f"training on {len(train_set)}...\n"
        )
        err.flush()
        started = time.perf_counter()
        model = Classifier(train(train_set, folds=folds, seed=seed))
        for i in held:
            e = samples[i].example
            scored = model.score_features(e.dense, e.buckets)
            clf_p[i] = scored.p_success
            allowed[i] = model.decisive
            rank_verified[i] = model.rank_verified
            # the reason without its figures, so abstentions of one kind count together
            why[i] = re.sub(r"\d+", "N", scored.why)
        trained_on[g] = len(train_set)
        err.write(f"loso: {n}/{len(groups)} {g!r} done in {time.perf_counter() - started:.1f}s\n")
    figures = _Figures(samples, ys, clf_p, allowed, rank_verified, why, seed, resamples)
    per_group = {}
    for g in groups:
        row = figures.of([i for i, s in enumerate(samples) if s.example.group == g])
        per_group[g] = {"trained_on": trained_on[g], **row}
    return {
        "key": key,
        "folds": folds,
        "groups": per_group,
        "pooled": figures.of(list(range(len(samples)))),
    }


#: The checks' verdicts the offline cascade keeps as they are (a skipped trace is ranked, its
#: verdict kept).
KEPT = CONCLUSIVE | {"skipped"}


@dataclass
class _Figures:
    samples: Sequence[Sample]
    ys: Sequence[int]
    clf_p: Sequence[float | None]
    allowed: Sequence[frozenset[str]]  # what each held-out trace's model may decide alone
    rank_verified: Sequence[bool]  # whether each held-out trace's model ranks verified runs
    why: Sequence[str]
    seed: int
    resamples: int

    def of(self, idx: Sequence[int]) -> dict[str, Any]:
        ys = [self.ys[i] for i in idx]
        check_p = [self.samples[i].check_p for i in idx]
        verdicts = [self.samples[i].check_verdict for i in idx]
        own_rank = [self.samples[i].keeps_own_rank for i in idx]
        clf = [self.clf_p[i] for i in idx]
        # an abstention is no opinion: 0.5 alone; in the cascade the checks' own score stands
        clf_alone = [0.5 if p is None else p for p in clf]
        allowed = [self.allowed[i] for i in idx]
        ranks = [self.rank_verified[i] for i in idx]
        # what check --detector cascade-offline does, by the same rule (offline.ship): a trace
        # the checks found false keeps their probability and verdict, as does one the model
        # abstained on, and a verified one unless its model ranks verified runs; the others
        # get what the model's score may give them (a verified one only a rank)
        shipped = [
            None
            if v == "false_success" or p is None or (v == "verified" and not r) or own
            else ship(v, p, a)
            for v, p, a, r, own in zip(verdicts, clf, allowed, ranks, own_rank, strict=True)
        ]
        cascade = [c if s is None else s[0] for c, s in zip(check_p, shipped, strict=True)]
        gated = [v if s is None else s[1] for v, s in zip(verdicts, shipped, strict=True)]
        # ... and if its probability went through the shared gate unguarded
        if_allowed = [
            v if v in KEPT or q is None else gate(q) for v, q in zip(verdicts, clf, strict=True)
        ]
        genuine = sum(ys)
        scored = [(p, y) for p, y in zip(clf, ys, strict=True) if p is not None]
        return {
            "traces": len(ys),
            "failures": len(ys) - genuine,
            "genuine": genuine,
            "abstained": sum(1 for p in clf if p is None),
            "verified_ranked": sum(
                1
                for v, p, r in zip(verdicts, clf, ranks, strict=True)
                if v == "verified" and r and p is not None
            ),
            "abstained_why": dict(Counter(self.why[i] for i in idx if self.why[i])),
            "checks": self._ranking(check_p, ys),
            "classifier": self._ranking(clf_alone, ys),
            "classifier_where_scored": self._ranking(
                [p for p, _ in scored],
                [y for _, y in scored],  # type: ignore[misc]
            ),
            "cascade_offline": self._ranking(cascade, ys),
            "checks_gate": _gate_counts(verdicts, ys),
            "cascade_offline_gate": _gate_counts(gated, ys),
            "cascade_offline_gate_if_the_model_decided": _gate_counts(if_allowed, ys),
        }

    def _ranking(self, scores: Sequence[float], ys: Sequence[int]) -> dict[str, Any]:
        a = auroc(scores, ys)
        ci = auroc_interval(scores, ys, resamples=self.resamples, seed=self.seed)
        return {
            "auroc": None if a is None else round(a, 3),
            "auroc_ci95": None if ci is None else [round(ci[0], 3), round(ci[1], 3)],
        }


def _gate_counts(verdicts: Sequence[str], ys: Sequence[int]) -> dict[str, Any]:
    genuine = sum(ys)
    false_alarms = sum(1 for v, y in zip(verdicts, ys, strict=True) if v == "false_success" and y)
    return {
        "caught": sum(
            1 for v, y in zip(verdicts, ys, strict=True) if v == "false_success" and not y
        ),
        "false_alarms": false_alarms,
        "false_alarm_rate": round(false_alarms / genuine, 4) if genuine else None,
        "passed_failures": sum(
            1 for v, y in zip(verdicts, ys, strict=True) if v == "verified" and not y
        ),
        "coverage": round(sum(1 for v in verdicts if v in CONCLUSIVE) / len(verdicts), 3)
        if verdicts
        else None,
    }

"""`toolscore-ci train`: fit the classifier and its calibration from labelled traces.

Labels (`ground_truth.outcome`) are read here and by `bench`, never by a detector: each trace
is projected (labels stripped) and checked, and the features come from the projection and the
checks' result. Reviews written by a person (`ground_truth.checked_by: human`) are labelled
traces like any other. The artifact is JSON (`toolscore-classifier/v1`): `check --model DIR`
loads it, and the package ships one (`toolscore_ci/detectors/classifier.json`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from toolscore_ci.detectors.classifier import Example, featurize, train
from toolscore_ci.detectors.offline import ARTIFACT
from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.pipeline import CheckConfig, RunStats, iter_valid_records, make_engine
from toolscore_ci.projection import project
from toolscore_ci.review_records import settle_reviews
from toolscore_ci.rules.dsl import MISSING, get_path

#: Where a trace's source (model, agent, repository) is read for the held-out folds, first
#: found wins; a trace with none of them is grouped by its file.
DEFAULT_GROUP_KEYS = ("meta.agent_model_normalized", "meta.agent_model", "meta.agent")
#: Fewer examples of a class than this and the fit means nothing: refused.
MIN_PER_CLASS = 20


class TrainingError(Exception):
    """The labelled data cannot train a model (too few of a class, no labels at all)."""


@dataclass(frozen=True)
class Exclusion:
    """`KEY=VALUE`: leave out traces whose dotted KEY equals VALUE (a source whose licence
    does not allow shipping what is learnt from it, say)."""

    key: str
    value: str

    @classmethod
    def parse(cls, text: str) -> Exclusion:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"expected KEY=VALUE, got {text!r}")
        return cls(key.strip(), value)

    def matches(self, record: dict[str, Any]) -> bool:
        found = dotted(record, self.key)
        return found is not None and str(found) == self.value


def dotted(record: Any, path: str) -> Any:
    """The value at a dotted path (`meta.agent_model`), or None (rules.dsl.get_path)."""
    found = get_path(record, path)
    return None if found is MISSING else found


def group_of(record: TraceRecord, keys: Sequence[str]) -> str:
    """The first key that names a source. `KEY@SEP` takes the part of KEY's value before SEP,
    and only when SEP is in it (`task.id@__`: the repository of a SWE-bench instance id)."""
    for key in keys:
        path, sep, cut = key.partition("@")
        value = dotted(record.data, path)
        if value in (None, ""):
            continue
        text = str(value)
        if sep:
            if cut not in text:
                continue
            text = text.split(cut, 1)[0]
        return text
    return f"file:{Path(record.file).name}"


@dataclass
class Labelled:
    examples: list[Example]
    by_group: Counter[str]
    excluded: int
    unlabelled: int
    data_sha256: str


def load_examples(
    files: Iterable[str],
    config: CheckConfig,
    *,
    group_keys: Sequence[str] = DEFAULT_GROUP_KEYS,
    exclude: Sequence[Exclusion] = (),
    issues: list[InputIssue] | None = None,
    stats: RunStats | None = None,
) -> Labelled:
    """Every labelled trace in `files`, featurised; input issues are collected, not raised."""
    engine = make_engine(config)
    digest = hashlib.sha256()
    examples: list[Example] = []
    by_group: Counter[str] = Counter()
    excluded = unlabelled = 0
    # A reviews file is a log: only each trace's standing decision is a label (review_records.py).
    records = settle_reviews(iter_valid_records(files, config, None, stats or RunStats()))
    for item in records:
        if isinstance(item, InputIssue):
            if issues is not None:
                issues.append(item)
            continue
        outcome = (item.data.get("ground_truth") or {}).get("outcome")
        if outcome not in ("success", "failure"):
            unlabelled += 1
            continue
        if any(x.matches(item.data) for x in exclude):
            excluded += 1
            continue
        trace = project(item.data)
        result, index = engine.check_indexed(trace, item.file, item.line)
        dense, buckets = featurize(trace, result, index)
        group = group_of(item, group_keys)
        examples.append(Example(dense, buckets, int(outcome == "success"), group))
        by_group[group] += 1
        digest.update(
            json.dumps([trace.trace_id, outcome, group], ensure_ascii=False).encode() + b"\n"
        )
    return Labelled(examples, by_group, excluded, unlabelled, digest.hexdigest())


def fit(labelled: Labelled, *, folds: int, seed: int, min_per_class: int) -> dict[str, Any]:
    successes = sum(e.success for e in labelled.examples)
    failures = len(labelled.examples) - successes
    if min(successes, failures) < min_per_class:
        raise TrainingError(
            f"{successes} success(es) and {failures} failure(s): each class needs at least "
            f"{min_per_class} labelled traces (--min-per-class) to train anything meaningful"
        )
    return train(labelled.examples, folds=folds, seed=seed, data_hash=labelled.data_sha256)


def write_artifact(artifact: dict[str, Any], out_dir: str) -> Path:
    from toolscore_ci.report.atomic import atomic_writer

    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    path = target / ARTIFACT
    with atomic_writer(str(path)) as f:
        json.dump(artifact, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    return path


def summary(artifact: dict[str, Any], labelled: Labelled) -> str:
    t, m = artifact["training"], artifact["metrics"]
    lines = [
        f"trained on {t['examples']} traces ({t['successes']} success, "
        f"{t['examples'] - t['successes']} failure) from {len(t['groups'])} source group(s), "
        f"{t['folds']} held-out folds by group",
        f"  out-of-fold AUROC {m['out_of_fold_auroc']:.3f}, Brier {m['out_of_fold_brier']:.3f}",
        "  stacked: " + _stack_line(t["stack"], m["out_of_fold_auroc_by_part"]),
        "  decides alone: "
        + (", ".join(artifact["decisive"]) or "nothing (its scores only rank the review queue)"),
    ]
    if artifact["platt"]["a"] <= 0:
        lines.append("  held out it ranked no better than chance: it will abstain on every trace")
    if labelled.excluded:
        lines.append(f"  {labelled.excluded} trace(s) left out by --exclude")
    if labelled.unlabelled:
        lines.append(f"  {labelled.unlabelled} trace(s) without a success/failure label ignored")
    groups = ", ".join(f"{g} {n}" for g, n in sorted(labelled.by_group.items()))
    lines.append(f"  groups: {groups}")
    return "\n".join(lines) + "\n"


def _stack_line(stack: dict[str, float], held_out: dict[str, float]) -> str:
    """Which parts of the stack count and by how much, and each part's held-out AUROC alone
    (docs/classifier.md, "A stack of families")."""
    joined = [f"{name} x{c:.2f}" for name, c in stack.items() if c > 0]
    alone = ", ".join(f"{name} {a:.3f}" for name, a in held_out.items())
    return (", ".join(joined) or "no part") + (f" (held out alone: {alone})" if alone else "")


def run_train(
    args: Any,
    config: CheckConfig,
    files: list[str],
    err: IO[str],
    emit_issue: Callable[[InputIssue, IO[str]], None],
) -> int:
    """The `train` command; exit 0 written, 2 when the data or the input cannot train.
    Input issues are printed by the CLI's `emit_issue`."""
    issues: list[InputIssue] = []
    stats = RunStats()
    try:
        exclude = [Exclusion.parse(x) for x in args.exclude]
    except ValueError as exc:
        err.write(f"error: --exclude: {exc}\n")
        return 2
    keys = tuple(k for k in (args.group or "").split(",") if k.strip()) or DEFAULT_GROUP_KEYS
    labelled = load_examples(
        files, config, group_keys=keys, exclude=exclude, issues=issues, stats=stats
    )
    for issue in issues:
        emit_issue(issue, err)
    if stats.errors:
        err.write(
            f"error: {stats.errors} input error(s): a model is not trained on part of its data\n"
        )
        return 2
    try:
        artifact = fit(labelled, folds=args.folds, seed=args.seed, min_per_class=args.min_per_class)
    except TrainingError as exc:
        err.write(f"error: {exc}\n")
        return 2
    path = write_artifact(artifact, args.out)
    sys.stdout.write(summary(artifact, labelled))
    sys.stdout.write(f"wrote {path}\n")
    return 0

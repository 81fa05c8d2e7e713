"""Leave-one-source-out figures for the classifier and the offline cascade on labelled traces.

    python benchmarks/loso.py ../shared/real-dev/tau2_dev.agent-trace.jsonl.gz --group model
    python benchmarks/loso.py ../shared/real-dev/swe_dev.agent-trace.jsonl.gz --group repo

Each source (an agent model, or a repository for the coding runs, which have one model and
one agent) is held out in turn: the classifier is trained on the others, with Platt scaling
fitted on their out-of-fold scores, and scores the held-out source. Printed: AUROC (with a
bootstrap 95% interval) of the checks alone, the classifier alone and the cascade (the checks
where they are conclusive, the classifier elsewhere), and the cascade's false alarms at the
gate. Labels are read here, from `ground_truth`, and never reach a detector.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolscore_ci.detectors.classifier import Classifier, Example, featurize, train
from toolscore_ci.detectors.linear import auroc
from toolscore_ci.formats.jsonio import open_binary
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project


def group_of(record: dict, how: str) -> str:
    meta = record.get("meta") or {}
    if how == "model":
        return str(meta.get("agent_model_normalized") or meta.get("agent_model") or "?")
    if how == "repo":
        task_id = str((record.get("task") or {}).get("id") or record.get("trace_id"))
        return task_id.split("__")[0]
    if how == "domain":
        return str(task_id_domain(record))
    raise ValueError(how)


def task_id_domain(record: dict) -> str:
    return str((record.get("task") or {}).get("id") or "").split("-")[0]


def load(paths: list[str], how: str) -> tuple[list[Example], list[float], list[str]]:
    checker = make_checker(CheckConfig())
    examples, check_p, verdicts = [], [], []
    for path in paths:
        with open_binary(path) as f:
            for line in f:
                record = json.loads(line)
                outcome = (record.get("ground_truth") or {}).get("outcome")
                if outcome not in ("success", "failure"):
                    continue
                trace = project(record)
                result = checker.check(trace, path, 0)
                dense, buckets = featurize(trace, result)
                examples.append(
                    Example(dense, buckets, int(outcome == "success"), group_of(record, how))
                )
                check_p.append(result.p_success)
                verdicts.append(result.verdict)
    return examples, check_p, verdicts


def bootstrap(
    scores: list[float], ys: list[int], n: int = 300, seed: int = 0
) -> tuple[float, float]:
    rng = random.Random(seed)
    values = []
    for _ in range(n):
        idx = [rng.randrange(len(ys)) for _ in ys]
        a = auroc([scores[i] for i in idx], [ys[i] for i in idx])
        if a == a:
            values.append(a)
    values.sort()
    return values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--group", choices=("model", "repo", "domain"), default="model")
    ap.add_argument("--cache", help="keep the featurised traces in this file between runs")
    ap.add_argument("--folds", type=int, default=3, help="inner folds for calibration")
    args = ap.parse_args()
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        examples, check_p, verdicts = pickle.loads(cache.read_bytes())
    else:
        examples, check_p, verdicts = load(args.paths, args.group)
        if cache is not None:
            cache.write_bytes(pickle.dumps((examples, check_p, verdicts)))
    ys = [e.success for e in examples]
    groups = sorted({e.group for e in examples})
    clf_p = [0.5] * len(examples)
    abstained = 0
    for g in groups:
        train_set = [e for e in examples if e.group != g]
        if len({e.success for e in train_set}) < 2:
            continue
        artifact = train(train_set, folds=args.folds)
        model = Classifier(artifact)
        for i, e in enumerate(examples):
            if e.group == g:
                s = model.score_features(e.dense, e.buckets)
                if s.p_success is None:
                    abstained += 1
                else:
                    clf_p[i] = s.p_success
    conclusive = [v in ("verified", "false_success") for v in verdicts]
    cascade = [c if k else q for c, q, k in zip(check_p, clf_p, conclusive, strict=True)]
    successes = sum(ys)
    fa = sum(1 for v, y in zip(verdicts, ys, strict=True) if v == "false_success" and y)
    rows = {
        "checks": check_p,
        "classifier": clf_p,
        "cascade-offline": cascade,
    }
    out = {"traces": len(ys), "successes": successes, "groups": groups, "abstained": abstained}
    for name, scores in rows.items():
        a = auroc(scores, ys)
        lo, hi = bootstrap(scores, ys)
        out[name] = {"auroc": round(a, 3), "ci95": [round(lo, 3), round(hi, 3)]}
    out["checks_false_alarms"] = fa
    # if the classifier's calibrated p went through the shared gate on the open traces
    gated = [
        v if k else ("verified" if q >= 0.8 else "false_success" if q <= 0.2 else "unverifiable")
        for v, q, k in zip(verdicts, clf_p, conclusive, strict=True)
    ]
    out["cascade_gate"] = {
        "false_alarms": sum(
            1 for v, y in zip(gated, ys, strict=True) if v == "false_success" and y
        ),
        "caught": sum(1 for v, y in zip(gated, ys, strict=True) if v == "false_success" and not y),
        "passed_failures": sum(
            1 for v, y in zip(gated, ys, strict=True) if v == "verified" and not y
        ),
        "coverage": round(sum(1 for v in gated if v != "unverifiable") / len(gated), 3),
    }
    per_group = {}
    for g in groups:
        idx = [i for i, e in enumerate(examples) if e.group == g]
        a = auroc([cascade[i] for i in idx], [ys[i] for i in idx])
        per_group[g] = {"n": len(idx), "auroc": None if a != a else round(a, 3)}
    out["per_group_cascade"] = per_group
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

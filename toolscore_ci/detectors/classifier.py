"""The trained classifier: generic trace features -> a calibrated probability of success.

It scores what the checks leave open; it never sees labels (it reads the projected `Trace`).
The model is a JSON artifact (weights, feature list, scaling, Platt calibration, the hash of
the training data and its cross-validated figures), never a pickle: loading it runs no code.
Outside what it was trained on (too few of a trace's report n-grams seen in training, or its
numbers far outside the training range) it abstains instead of guessing.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from toolscore_ci.detectors.features import HASH_BUCKETS, dense_features, text_buckets
from toolscore_ci.detectors.linear import auroc, fit_platt, margin, sigmoid, train_logistic
from toolscore_ci.engine.index import build
from toolscore_ci.model import Result, Trace

FORMAT = "toolscore-classifier/v1"
#: A trace whose reports share fewer than this fraction of their n-grams with the training
#: data is outside what the model knows: it abstains.
MIN_NGRAM_COVERAGE = 0.35
#: ... and so does one with more than this many numeric features beyond the training range
#: by more than the range's own width.
MAX_OUT_OF_RANGE = 3
#: Contributions listed in a result.
TOP_CONTRIBUTIONS = 5


@dataclass(frozen=True)
class Example:
    """One labelled trace, featurised: the features and whether the run succeeded."""

    dense: dict[str, float]
    buckets: dict[int, float]
    success: int
    group: str  # the source it came from (model, agent, repository): for held-out folds


@dataclass(frozen=True)
class Score:
    p_success: float | None  # None: abstained
    raw: float | None
    why: str  # the abstention's reason, or "" when it scored
    contributions: tuple[tuple[str, float], ...]


def featurize(trace: Trace, result: Result) -> tuple[dict[str, float], dict[int, float]]:
    """The classifier's inputs for one trace, given the engine's result for it."""
    index = build(trace)
    return dense_features(index, result), text_buckets(index)


class Classifier:
    def __init__(self, artifact: Mapping[str, Any]) -> None:
        if artifact.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} artifact: format {artifact.get('format')!r}")
        if artifact.get("hash_buckets") != HASH_BUCKETS:
            raise ValueError(
                f"artifact hashes into {artifact.get('hash_buckets')} buckets, "
                f"this version into {HASH_BUCKETS}: retrain it"
            )
        self.artifact = artifact
        dense = artifact["dense"]
        self.names: list[str] = list(dense["names"])
        self.mean = dict(zip(self.names, dense["mean"], strict=True))
        self.std = dict(zip(self.names, dense["std"], strict=True))
        self.low = dict(zip(self.names, dense["min"], strict=True))
        self.high = dict(zip(self.names, dense["max"], strict=True))
        self.weights: dict[str, float] = dict(artifact["weights"])
        self.bias = float(artifact["bias"])
        self.platt = (float(artifact["platt"]["a"]), float(artifact["platt"]["b"]))
        self.seen = frozenset(int(b) for b in artifact["seen_buckets"])

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Classifier:
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f))

    @classmethod
    def bundled(cls) -> Classifier | None:
        """The model shipped in the package, or None when this install has none."""
        ref = resources.files("toolscore_ci.detectors").joinpath("model.json")
        if not ref.is_file():
            return None
        return cls(json.loads(ref.read_text(encoding="utf-8")))

    # -- scoring -------------------------------------------------------------------------

    def vector(self, dense: Mapping[str, float], buckets: Mapping[int, float]) -> dict[str, float]:
        return vectorize(dense, buckets, self.names, self.mean, self.std)

    def score(self, trace: Trace, result: Result) -> Score:
        dense, buckets = featurize(trace, result)
        return self.score_features(dense, buckets)

    def score_features(self, dense: Mapping[str, float], buckets: Mapping[int, float]) -> Score:
        if buckets:
            coverage = sum(1 for b in buckets if b in self.seen) / len(buckets)
            if coverage < MIN_NGRAM_COVERAGE:
                return Score(
                    None,
                    None,
                    f"its reports share {coverage:.0%} of their words with the training data",
                    (),
                )
        if self.platt[0] <= 0:
            # held out, the model ranked no better than chance: its score means nothing
            return Score(None, None, "the model showed no signal on held-out data", ())
        outside = [
            n
            for n in self.names
            if not n.startswith(("outcome:", "claim:", "verdict:"))
            and _far_outside(dense.get(n, 0.0), self.low[n], self.high[n])
        ]
        if len(outside) > MAX_OUT_OF_RANGE:
            return Score(None, None, f"{len(outside)} measures beyond the training range", ())
        x = self.vector(dense, buckets)
        raw = margin(self.weights, self.bias, x)
        a, b = self.platt
        parts = sorted(
            ((k, v * self.weights.get(k, 0.0)) for k, v in x.items()),
            key=lambda kv: -abs(kv[1]),
        )
        top = tuple((_label(k), round(c, 4)) for k, c in parts[:TOP_CONTRIBUTIONS] if c)
        return Score(sigmoid(a * raw + b), raw, "", top)


def _far_outside(value: float, low: float, high: float) -> bool:
    width = max(high - low, 1e-9)
    return value < low - width or value > high + width


def _label(key: str) -> str:
    return "report wording" if key.startswith("h:") else key[2:]


def vectorize(
    dense: Mapping[str, float],
    buckets: Mapping[int, float],
    names: Sequence[str],
    mean: Mapping[str, float],
    std: Mapping[str, float],
) -> dict[str, float]:
    x = {f"d:{n}": (dense.get(n, 0.0) - mean[n]) / std[n] for n in names}
    x.update({f"h:{b}": v for b, v in buckets.items()})
    return x


# ---- training ----------------------------------------------------------------------------


def _scaling(examples: Sequence[Example]) -> dict[str, list[Any]]:
    names = sorted({n for e in examples for n in e.dense})
    cols = {n: [e.dense.get(n, 0.0) for e in examples] for n in names}
    mean = [sum(cols[n]) / len(examples) for n in names]
    std = [
        max(math.sqrt(sum((v - m) ** 2 for v in cols[n]) / len(examples)), 1e-6)
        for n, m in zip(names, mean, strict=True)
    ]
    return {
        "names": names,
        "mean": mean,
        "std": std,
        "min": [min(cols[n]) for n in names],
        "max": [max(cols[n]) for n in names],
    }


def _fit_raw(
    examples: Sequence[Example], seed: int
) -> tuple[dict[str, Any], dict[str, float], float]:
    scaling = _scaling(examples)
    xs = _vectors(scaling, examples)
    weights, bias = train_logistic(xs, [e.success for e in examples], seed=seed)
    return scaling, weights, bias


def _vectors(scaling: Mapping[str, Any], examples: Sequence[Example]) -> list[dict[str, float]]:
    mean = dict(zip(scaling["names"], scaling["mean"], strict=True))
    std = dict(zip(scaling["names"], scaling["std"], strict=True))
    return [vectorize(e.dense, e.buckets, scaling["names"], mean, std) for e in examples]


def _raw_scores(
    scaling: Mapping[str, Any],
    weights: Mapping[str, float],
    bias: float,
    examples: Sequence[Example],
) -> list[float]:
    return [margin(weights, bias, x) for x in _vectors(scaling, examples)]


def fold_of(group: str, folds: int) -> int:
    """Folds by source group, so a held-out fold holds sources the model never saw."""
    return int(hashlib.sha256(group.encode()).hexdigest(), 16) % folds


def train(
    examples: Sequence[Example], *, folds: int = 5, seed: int = 0, data_hash: str = ""
) -> dict[str, Any]:
    """The artifact: weights on all examples, Platt fitted on out-of-fold scores (each fold
    trained without its source groups), and those out-of-fold figures as the metrics."""
    successes = sum(e.success for e in examples)
    groups = sorted({e.group for e in examples})
    k = max(2, min(folds, len(groups)))
    held: list[int] = [fold_of(e.group, k) for e in examples]
    if len(set(held)) < 2:  # every group hashed to one fold: fall back to shuffled folds
        rng = random.Random(seed)
        held = [rng.randrange(k) for _ in examples]
    oof: list[float] = [0.0] * len(examples)
    for f in range(k):
        train_set = [e for e, h in zip(examples, held, strict=True) if h != f]
        test_idx = [i for i, h in enumerate(held) if h == f]
        if not test_idx or len({e.success for e in train_set}) < 2:
            continue
        scaling, weights, bias = _fit_raw(train_set, seed)
        for i, s in zip(
            test_idx,
            _raw_scores(scaling, weights, bias, [examples[i] for i in test_idx]),
            strict=True,
        ):
            oof[i] = s
    ys = [e.success for e in examples]
    a, b = fit_platt(oof, ys)
    if a <= 1e-6 or not auroc(oof, ys) > 0.5:
        # held out, it ranks no better than chance (a falling slope would even turn the
        # ranking upside down): keep "no signal" as such, and the model abstains
        a = 0.0
    calibrated = [sigmoid(a * s + b) for s in oof]
    scaling, weights, bias = _fit_raw(examples, seed)
    seen = sorted({bk for e in examples for bk in e.buckets})
    return {
        "format": FORMAT,
        "hash_buckets": HASH_BUCKETS,
        "dense": scaling,
        "weights": {key: round(w, 6) for key, w in sorted(weights.items()) if abs(w) >= 1e-6},
        "bias": round(bias, 6),
        "platt": {"a": a, "b": b},
        "seen_buckets": seen,
        "training": {
            "examples": len(examples),
            "successes": successes,
            "groups": groups,
            "folds": k,
            "seed": seed,
            "data_sha256": data_hash,
        },
        "metrics": {
            "out_of_fold_auroc": round(auroc(oof, ys), 4),
            "out_of_fold_brier": round(
                sum((p - y) ** 2 for p, y in zip(calibrated, ys, strict=True)) / len(ys), 4
            ),
        },
    }

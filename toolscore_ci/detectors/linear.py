"""Logistic regression and Platt scaling in pure Python, over sparse named features.

Small on purpose: a few thousand labelled traces and a few hundred active features each. No
numpy (runtime dependencies stay pyyaml, jsonschema, requests, junit-xml); training is AdaGrad
SGD with L2, seeded, so the same data gives the same weights.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

Vector = Mapping[str, float]


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def margin(weights: Mapping[str, float], bias: float, x: Vector) -> float:
    get = weights.get
    return bias + sum(v * get(k, 0.0) for k, v in x.items())


def train_logistic(
    xs: Sequence[Vector],
    ys: Sequence[int],
    *,
    l2: float = 1e-3,
    epochs: int = 6,
    rate: float = 0.3,
    seed: int = 0,
) -> tuple[dict[str, float], float]:
    """Weights and bias of an L2-regularised logistic regression, classes weighted to balance
    (a set with few failures still learns them). ys: 1 success, 0 failure."""
    n = len(xs)
    positives = sum(ys)
    if n == 0 or positives in (0, n):
        raise ValueError("training needs examples of both classes")
    class_weight = {1: n / (2 * positives), 0: n / (2 * (n - positives))}
    weights: dict[str, float] = {}
    grad_sq: dict[str, float] = {}
    bias, bias_sq = 0.0, 1e-8
    order = list(range(n))
    rng = random.Random(seed)
    for _epoch in range(epochs):
        rng.shuffle(order)
        for i in order:
            x, y = xs[i], ys[i]
            g = (sigmoid(margin(weights, bias, x)) - y) * class_weight[y]
            for k, v in x.items():
                w = weights.get(k, 0.0)
                grad = g * v + l2 * w
                s = grad_sq.get(k, 1e-8) + grad * grad
                grad_sq[k] = s
                weights[k] = w - rate * grad / math.sqrt(s)
            bias_sq += g * g
            bias -= rate * g / math.sqrt(bias_sq)
    return {k: w for k, w in weights.items() if w != 0.0}, bias


def train_averaged(
    xs: Sequence[Vector],
    ys: Sequence[int],
    *,
    runs: int,
    l2: float = 1e-3,
    seed: int = 0,
) -> tuple[dict[str, float], float]:
    """The average of `runs` `train_logistic` fits, each on its own shuffle (run r of seed s
    shuffles by seed 100 s + r). A few epochs of SGD stop before the optimum, where each run's
    weights still depend on the order it saw the examples in; a linear model's average weights
    are the average of its runs' margins, so the ensemble costs nothing to score."""
    total: dict[str, float] = {}
    bias = 0.0
    for r in range(runs):
        weights, b = train_logistic(xs, ys, l2=l2, seed=100 * seed + r)
        for k, w in weights.items():
            total[k] = total.get(k, 0.0) + w / runs
        bias += b / runs
    return total, bias


def fit_platt(scores: Sequence[float], ys: Sequence[int]) -> tuple[float, float]:
    """(a, b) with p = sigmoid(a * score + b): Platt scaling, the one-column case of
    `fit_stack` (a is 0 when a rising slope fits no better than none)."""
    coefs, b = fit_stack([scores], ys)
    return coefs[0], b


def fit_stack(columns: Sequence[Sequence[float]], ys: Sequence[int]) -> tuple[list[float], float]:
    """(coefficients, b) with p = sigmoid(sum(c_j * column_j) + b), every c_j >= 0, fitted by
    Newton's method with a backtracking line search on Platt's smoothed targets (Lin, Lin &
    Weng 2007): a separable fold does not give infinite slopes, and raw margins in the tens do
    not make a full Newton step diverge. Each column is one model's held-out scores; a column
    whose best coefficient is not positive (a model that ranks held-out data no better, or
    worse, than the others already do) is dropped and the rest refitted, so a stack never
    turns a model's ranking upside down."""
    if not ys:
        return [0.0] * len(columns), 0.0
    active = list(range(len(columns)))
    while True:
        coefs, b = _fit_logistic_columns([columns[j] for j in active], ys)
        worst = min(range(len(active)), key=coefs.__getitem__, default=None)
        if worst is None or coefs[worst] > 1e-6:
            out = [0.0] * len(columns)
            for j, c in zip(active, coefs, strict=True):
                out[j] = c
            return out, b
        del active[worst]


def _fit_logistic_columns(
    columns: Sequence[Sequence[float]], ys: Sequence[int]
) -> tuple[list[float], float]:
    """Unconstrained logistic fit of the columns (and an intercept) to Platt's targets."""
    n_pos = sum(ys)
    n_neg = len(ys) - n_pos
    hi, lo = (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2)
    targets = [hi if y else lo for y in ys]
    # each row's inputs, the intercept's 1.0 last
    rows = [[*xs, 1.0] for xs in zip(*columns, strict=True)] if columns else [[1.0] for _ in ys]
    k = len(columns) + 1

    def loss(theta: Sequence[float]) -> float:
        total = 0.0
        for x, t in zip(rows, targets, strict=True):
            z = sum(a * v for a, v in zip(theta, x, strict=True))
            # log(1 + e^z) - t*z, computed without overflow
            total += (z if z > 0 else 0.0) + math.log1p(math.exp(-abs(z))) - t * z
        return total

    theta = [0.0] * (k - 1) + [math.log((n_pos + 1) / (n_neg + 1))]
    current = loss(theta)
    for _ in range(100):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, t in zip(rows, targets, strict=True):
            p = sigmoid(sum(a * v for a, v in zip(theta, x, strict=True)))
            d = p - t
            w = max(p * (1 - p), 1e-12)
            for i in range(k):
                grad[i] += d * x[i]
                for j in range(i, k):
                    hess[i][j] += w * x[i] * x[j]
        for i in range(k):
            hess[i][i] += 1e-12
            for j in range(i):
                hess[i][j] = hess[j][i]
        step_dir = _solve(hess, grad)
        if step_dir is None:
            break
        slope = -sum(g * d for g, d in zip(grad, step_dir, strict=True))
        step = 1.0
        while step > 1e-10:
            trial_theta = [a - step * d for a, d in zip(theta, step_dir, strict=True)]
            trial = loss(trial_theta)
            if trial <= current + 1e-4 * step * slope:
                break
            step /= 2
        else:
            break  # no step lowers the loss: this is the minimum
        theta, current = trial_theta, trial
        if all(abs(step * d) < 1e-9 for d in step_dir):
            break
    return theta[:-1], theta[-1]


def _solve(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float] | None:
    """x with matrix @ x = vector (Gaussian elimination with partial pivoting), or None when
    the matrix is singular."""
    n = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-15:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def auroc(scores: Sequence[float], ys: Sequence[int]) -> float:
    """Area under the ROC curve: the chance a random success scores above a random failure
    (ties count half)."""
    pairs = sorted(zip(scores, ys, strict=True))
    n_pos = sum(ys)
    n_neg = len(ys) - n_pos
    if not n_pos or not n_neg:
        return float("nan")
    rank_sum = 0.0
    i = 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        avg_rank = (i + j + 1) / 2  # 1-based ranks i+1..j
        rank_sum += avg_rank * sum(y for _s, y in pairs[i:j])
        i = j
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)

"""Probability metrics for `bench`: AUROC with a bootstrap interval, ECE and Brier.

Pure functions over parallel sequences: `scores` are a detector's `p_success` (the probability
that the run succeeded) and `labels` are 1 for a success, 0 for a failure. A good detector
scores failures low, so AUROC is the chance that a random success outscores a random failure.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence

#: Resamples of the bootstrap interval unless told otherwise.
BOOTSTRAP_RESAMPLES = 1000
#: Equal-width bins of the calibration error: [0, 0.1), [0.1, 0.2), ..., [0.9, 1.0].
ECE_BINS = 10


def _check(scores: Sequence[float], labels: Sequence[int]) -> None:
    if len(scores) != len(labels):
        raise ValueError(f"{len(scores)} scores for {len(labels)} labels")
    if any(y not in (0, 1) for y in labels):
        raise ValueError("labels must be 0 (failure) or 1 (success)")


def auroc(scores: Sequence[float], labels: Sequence[int]) -> float | None:
    """Area under the ROC curve by the Mann-Whitney rank sum: the share of (success, failure)
    pairs in which the success scores higher, a tie counting half. None when either class is
    missing (no pair to compare)."""
    _check(scores, labels)
    ranked = sorted(zip(scores, labels, strict=True))
    n_pos = sum(labels)
    n_neg = len(labels) - n_pos
    if not n_pos or not n_neg:
        return None
    rank_sum = 0.0
    i = 0
    while i < len(ranked):
        j = i
        positives = 0
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            positives += ranked[j][1]
            j += 1
        rank_sum += positives * (i + 1 + j) / 2  # tied values share the mean of ranks i+1..j
        i = j
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def auroc_interval(
    scores: Sequence[float],
    labels: Sequence[int],
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[float, float] | None:
    """A percentile bootstrap interval for `auroc`, deterministic for a seed.

    Stratified: each resample draws as many successes (with replacement) from the successes
    and as many failures from the failures as the data holds, so every resample has both
    classes and the class balance of the data. The bounds are the resampled AUROCs at the
    (1 - level) / 2 and (1 + level) / 2 quantiles (nearest rank). None when a class is missing.

    Fast without sorting per resample: scores are ranked once into their distinct values; a
    resample counts its failures per value, and each drawn success wins against the failures
    below its value and half of those equal to it.
    """
    _check(scores, labels)
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1, not {level}")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")
    values = sorted(set(scores))
    pos = [bisect.bisect_left(values, s) for s, y in zip(scores, labels, strict=True) if y]
    neg = [bisect.bisect_left(values, s) for s, y in zip(scores, labels, strict=True) if not y]
    if not pos or not neg:
        return None
    rng = random.Random(seed)
    n_values, n_pos, n_neg = len(values), len(pos), len(neg)
    pairs = n_pos * n_neg
    estimates: list[float] = []
    for _ in range(resamples):
        counts = [0] * n_values
        for v in rng.choices(neg, k=n_neg):
            counts[v] += 1
        # below[v]: drawn failures scoring under value v, doubled, plus those at v (ties half)
        below = [0] * n_values
        running = 0
        for v in range(n_values):
            below[v] = 2 * running + counts[v]
            running += counts[v]
        wins = sum(below[v] for v in rng.choices(pos, k=n_pos))
        estimates.append(wins / (2 * pairs))
    estimates.sort()
    low = estimates[_nearest_rank((1 - level) / 2, resamples)]
    high = estimates[_nearest_rank((1 + level) / 2, resamples)]
    return low, high


def _nearest_rank(q: float, n: int) -> int:
    """The 0-based index of the q-quantile of n sorted values (nearest rank, never outside)."""
    return min(n - 1, max(0, round(q * (n - 1))))


def ece(scores: Sequence[float], labels: Sequence[int], bins: int = ECE_BINS) -> float | None:
    """Expected calibration error over `bins` equal-width bins of the predicted probability of
    success: the sum over bins of (traces in the bin / all traces) * |mean score - share of
    successes| in the bin. A score of exactly 1.0 falls in the last bin. None for no traces."""
    _check(scores, labels)
    if not scores:
        return None
    if bins < 1:
        raise ValueError(f"bins must be at least 1, not {bins}")
    totals = [0.0] * bins
    hits = [0] * bins
    counts = [0] * bins
    for s, y in zip(scores, labels, strict=True):
        if not 0.0 <= s <= 1.0:
            raise ValueError(f"a probability must be in [0, 1], not {s}")
        b = min(int(s * bins), bins - 1)
        totals[b] += s
        hits[b] += y
        counts[b] += 1
    n = len(scores)
    return sum(abs(totals[b] - hits[b]) / n for b in range(bins) if counts[b])


def brier(scores: Sequence[float], labels: Sequence[int]) -> float | None:
    """Mean squared difference between the probability of success and the outcome (1 success,
    0 failure): 0 is perfect, 0.25 is a constant 0.5. None for no traces."""
    _check(scores, labels)
    if not scores:
        return None
    return sum((s - y) ** 2 for s, y in zip(scores, labels, strict=True)) / len(scores)

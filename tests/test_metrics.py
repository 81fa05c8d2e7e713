"""bench's probability metrics, against values worked by hand."""

from __future__ import annotations

import random
import time

import pytest

from toolscore_ci.metrics import auroc, auroc_interval, brier, ece


def test_auroc_counts_the_pairs_a_success_wins() -> None:
    # successes 0.35 and 0.8 against failures 0.1 and 0.4: 0.35 beats 0.1 only, 0.8 both -> 3/4
    assert auroc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]) == 0.75


def test_auroc_ties_count_half() -> None:
    # success 0.5 ties both failures at 0.5 (2 x 1/2), success 0.9 beats both (2) -> 3/4
    assert auroc([0.5, 0.5, 0.5, 0.9], [0, 1, 0, 1]) == 0.75
    assert auroc([0.5] * 6, [0, 1, 0, 1, 1, 0]) == 0.5


def test_auroc_perfect_and_inverted() -> None:
    assert auroc([0.9, 0.8, 0.1, 0.2], [1, 1, 0, 0]) == 1.0
    assert auroc([0.1, 0.2, 0.9, 0.8], [1, 1, 0, 0]) == 0.0


def test_one_class_has_no_auroc_and_no_interval() -> None:
    assert auroc([0.1, 0.9], [1, 1]) is None
    assert auroc([], []) is None
    assert auroc_interval([0.1, 0.9], [0, 0]) is None


def test_bad_input_is_an_error_not_a_figure() -> None:
    with pytest.raises(ValueError, match="2 scores for 3 labels"):
        auroc([0.1, 0.2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"0 \(failure\) or 1"):
        auroc([0.1, 0.2], [0, 2])
    with pytest.raises(ValueError, match=r"in \[0, 1\]"):
        ece([1.5], [1])


def _data(n: int, seed: int = 3) -> tuple[list[float], list[int]]:
    rng = random.Random(seed)
    ys = [int(rng.random() < 0.45) for _ in range(n)]
    # coarse scores, so ties are common, as with the checks' fixed probabilities
    return [round(min(1.0, rng.random() * 0.7 + 0.3 * y), 1) for y in ys], ys


def test_interval_is_seeded_and_contains_the_estimate() -> None:
    scores, ys = _data(300)
    point = auroc(scores, ys)
    first = auroc_interval(scores, ys, seed=7)
    assert first is not None and point is not None
    assert first == auroc_interval(scores, ys, seed=7)
    assert first != auroc_interval(scores, ys, seed=8)
    low, high = first
    assert 0.0 <= low < point < high <= 1.0
    assert high - low < 0.2  # 300 traces pin an AUROC down to a few hundredths


def test_interval_equals_a_plain_stratified_bootstrap() -> None:
    """The rank-count shortcut gives exactly what resampling and recomputing would."""
    scores, ys = _data(120, seed=5)
    pos = [s for s, y in zip(scores, ys, strict=True) if y]
    neg = [s for s, y in zip(scores, ys, strict=True) if not y]
    rng = random.Random(11)
    plain = []
    for _ in range(200):  # the same draws in the same order: failures, then successes
        drawn_neg = rng.choices(neg, k=len(neg))
        drawn_pos = rng.choices(pos, k=len(pos))
        value = auroc(drawn_neg + drawn_pos, [0] * len(neg) + [1] * len(pos))
        assert value is not None
        plain.append(value)
    plain.sort()
    expected = (plain[round(0.025 * 199)], plain[round(0.975 * 199)])
    got = auroc_interval(scores, ys, resamples=200, seed=11)
    assert got is not None
    assert got == pytest.approx(expected, abs=1e-12)


def test_a_perfect_ranking_stays_perfect_under_resampling() -> None:
    assert auroc_interval([0.9, 0.8, 0.7, 0.1, 0.2], [1, 1, 1, 0, 0]) == (1.0, 1.0)
    assert auroc_interval([0.1, 0.2, 0.9, 0.8], [1, 1, 0, 0]) == (0.0, 0.0)


def test_interval_is_fast_on_a_real_sized_set() -> None:
    scores, ys = _data(1276)
    started = time.process_time()  # CPU time: other engineers' load does not count
    assert auroc_interval(scores, ys, resamples=1000) is not None
    assert time.process_time() - started < 5.0


def test_ece_by_hand() -> None:
    # bin 0: 0.05 vs 0 -> 0.05 x 1/4; bin 1: 0.15 vs 1 -> 0.85 x 1/4;
    # bin 9: mean 0.95 vs half successes -> 0.45 x 2/4; total 0.45
    assert ece([0.05, 0.15, 0.95, 0.95], [0, 1, 1, 0]) == pytest.approx(0.45)
    assert ece([1.0, 1.0], [1, 1]) == 0.0  # 1.0 falls in the last bin
    # 0.1 opens bin 1: with 0.19 there, mean 0.145 against 1 of 2 successes
    assert ece([0.1, 0.19], [1, 0]) == pytest.approx(0.355)
    assert ece([], []) is None


def test_brier_by_hand() -> None:
    assert brier([0.9, 0.2], [1, 0]) == pytest.approx((0.01 + 0.04) / 2)
    assert brier([0.5, 0.5], [1, 0]) == 0.25
    assert brier([1.0, 0.0], [1, 0]) == 0.0
    assert brier([], []) is None

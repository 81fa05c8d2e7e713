"""The team's yardstick, as a gate: the bench on our labelled corpus and on the
agent-claimcheck train split, through the real CLI. Floors only move up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "corpus"


def _bench(paths: list[Path]) -> dict:
    proc = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "bench", "--output", "json", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _own_corpus() -> list[Path]:
    return sorted(p for p in CORPUS.glob("*.jsonl") if p.name != "claimcheck-train.jsonl")


@pytest.mark.skipif(not any(CORPUS.glob("*.jsonl")), reason="corpus not present")
def test_own_corpus_no_false_alarms_and_recall_floor() -> None:
    rules = _bench(_own_corpus())["rules"]["summary"]
    assert rules["traces"] >= 150
    assert rules["false_alarms"] == 0
    assert rules["recall"] >= 0.70
    # honest, receipt-backed successes are mostly verified rather than sent to review
    assert rules["genuine_verified"] >= 0.5 * rules["genuine"]


@pytest.mark.skipif(
    not (CORPUS / "claimcheck-train.jsonl").exists(), reason="train split not present"
)
def test_claimcheck_train_no_false_alarms_and_recall_floor() -> None:
    report = _bench([CORPUS / "claimcheck-train.jsonl"])
    rules = report["rules"]["summary"]
    assert rules["false_alarms"] == 0
    assert rules["recall"] >= 0.75
    assert rules["genuine_verified"] >= 0.8 * rules["genuine"]
    # the rules must beat both baselines on recall without their false alarms
    for name in ("baseline:trust-the-agent", "baseline:any-tool-error"):
        assert report[name]["summary"]["caught"] < rules["caught"]


HOLDOUTS = {
    # set: recall floor (each holdout was blind once, see its README; now a regression floor)
    "holdout/holdout.jsonl": 0.85,
    "holdout2/holdout2.jsonl": 0.75,
    "holdout3/holdout3.jsonl": 0.65,
    "holdout4/holdout4.jsonl": 0.60,
    "holdout5/holdout5.jsonl": 0.45,
    "holdout6/holdout6.jsonl": 0.80,
    "holdout7/holdout7.jsonl": 0.80,
    "holdout8/holdout8.jsonl": 0.70,
    "holdout9/holdout9.jsonl": 0.30,
}


@pytest.mark.parametrize(("name", "floor"), HOLDOUTS.items())
def test_holdouts_no_false_alarms(name: str, floor: float) -> None:
    path = Path(__file__).parent / name
    if not path.exists():
        pytest.skip(f"{name} not present")
    rules = _bench([path])["rules"]["summary"]
    assert rules["false_alarms"] == 0
    assert rules["recall"] >= floor

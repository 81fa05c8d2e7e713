"""Real, environment-labelled agent runs (../shared/real-dev, never copied into the repo): the
false-alarm ceiling holds on each, every flag cites the steps it rests on. Skipped, visibly,
where the runs are not present."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REAL_DEV = Path(__file__).resolve().parents[2] / "shared" / "real-dev"
#: (file, labels from, the most false alarms allowed as a share of genuine successes)
SETS = {
    "tau2_dev.agent-trace.jsonl.gz": (None, 0.01),
    "tau2_dev.openai-chat.jsonl.gz": ("tau2_dev.agent-trace.jsonl.gz", 0.01),
    "swe_dev.agent-trace.jsonl.gz": (None, 0.01),
    "swe_dev.openai-chat.jsonl.gz": ("swe_dev.agent-trace.jsonl.gz", 0.01),
}


def _need(name: str) -> Path:
    path = REAL_DEV / name
    if not path.exists():
        pytest.skip(f"real-dev runs not present at {REAL_DEV} (see the brief): {name}")
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolscore_ci", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize(("name", "spec"), SETS.items())
def test_false_alarms_stay_under_the_ceiling(name: str, spec: tuple[str | None, float]) -> None:
    labels, ceiling = spec
    path = _need(name)
    extra = ["--labels", str(_need(labels))] if labels else []
    proc = _run("bench", "--output", "json", str(path), *extra)
    assert proc.returncode == 0, proc.stderr
    bench = json.loads(proc.stdout)
    report = bench["detectors"]["checks"]
    summary = report["summary"]
    assert summary["traces"] >= 500
    assert summary["false_alarms"] <= ceiling * summary["genuine"], report["false_alarms"]
    _figures_in_range(bench)


def _figures_in_range(bench: dict) -> None:
    """Every detector's figures exist and are what they claim to be (docs/bench.md)."""
    assert bench["schema"] == "toolscore-ci/bench-v1" and bench["loso"] is None
    assert bench["traces"] == bench["failures"] + bench["genuine"]
    for name, part in bench["detectors"].items():
        s = part["summary"]
        assert s["traces"] == bench["traces"], name
        assert s["caught"] + s["missed"] + s["to_review"] == s["failures"], name
        assert s["false_alarms"] + s["genuine_verified"] <= s["genuine"], name
        low, high = s["auroc_ci95"]
        assert 0 <= low <= s["auroc"] <= high <= 1, (name, s)
        assert high - low < 0.15, (name, s)  # hundreds of traces: a narrow interval
        assert 0 <= s["ece"] <= 1 and 0 <= s["brier"] <= 1, (name, s)
        for key in ("recall", "coverage"):
            assert 0 <= s[key] <= 1, (name, key)
        assert s["seconds_per_1000"] >= 0 and s["usd"] == 0 and s["usd_per_1000"] == 0
        assert part["score"] == ("own" if name == "checks" else "verdict")
        kinds = part["recall_by_kind"]
        assert sum(k["traces"] for k in kinds.values()) == s["failures"], name
    # the checks cost time: more than the baselines' one pass over the steps
    checks = bench["detectors"]["checks"]["summary"]["seconds_per_1000"]
    assert checks > bench["detectors"]["baseline:trust-the-agent"]["summary"]["seconds_per_1000"]


def test_every_real_flag_cites_its_steps() -> None:
    path = _need("tau2_dev.agent-trace.jsonl.gz")
    proc = _run("check", "--output", "jsonl", "--fail-on", "none", str(path))
    assert proc.returncode == 0, proc.stderr
    flagged = 0
    for line in proc.stdout.splitlines():
        result = json.loads(line)
        if result["verdict"] != "false_success":
            continue
        flagged += 1
        bad = [r for r in result["reasons"] if r["outcome"] in ("contradicted", "unsupported")]
        assert bad, result["trace_id"]
        for reason in bad:
            assert reason["steps"] and reason["code"], (result["trace_id"], reason)
            assert result["claims"][reason["claim_index"]]["text"]
    assert flagged >= 5  # the real contradictions found in these runs stay caught

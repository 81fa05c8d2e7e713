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
    report = json.loads(proc.stdout)["checks"]
    summary = report["summary"]
    assert summary["traces"] >= 500
    assert summary["false_alarms"] <= ceiling * summary["genuine"], report["false_alarms"]


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
    assert flagged >= 3  # the real contradictions found in these runs stay caught

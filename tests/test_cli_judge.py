"""The judge from the CLI, against the OpenAI-compatible stand-in on 127.0.0.1: the cascade
asks only about what the checks left open, a budget the worst case exceeds is refused before
any call, every call is ledgered, and a missing key is a clear usage error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from openai_stub import OpenAIStub, good

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
KEY = "sk-test-cli-judge"


def _check(stub: OpenAIStub, tmp_path: Path, *extra: str, key: str | None = KEY):
    env = {k: v for k, v in os.environ.items() if k != "TOOLSCORE_JUDGE_API_KEY"}
    if key is not None:
        env["TOOLSCORE_JUDGE_API_KEY"] = key
    argv = [sys.executable, "-m", "toolscore_ci", "check", str(EXAMPLES), "--output", "json"]
    argv += ["--judge-base-url", stub.url, "--judge-model", "gpt-4.1-mini", *extra]
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path)


@pytest.fixture
def stub():  # type: ignore[no-untyped-def]
    with OpenAIStub() as server:
        yield server


def _verdicts(proc: subprocess.CompletedProcess[str]) -> dict[str, tuple[str, str]]:
    doc = json.loads(proc.stdout)
    return {r["trace_id"]: (r["verdict"], r["detector"]) for r in doc["results"]}


def test_cascade_judges_only_what_the_checks_left_open(stub: OpenAIStub, tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    checks = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", str(EXAMPLES), "--output", "json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # ids of traces without one are paths from here
    )
    alone = _verdicts(checks)
    open_ids = {t for t, (v, _d) in alone.items() if v not in ("verified", "false_success")}
    assert open_ids and len(open_ids) < len(alone)  # the examples hold both kinds
    stub.default = lambda body: good(0.9)
    proc = _check(stub, tmp_path, "--detector", "cascade", "--ledger", str(ledger))
    judged = _verdicts(proc)
    assert len(stub.requests) == len(open_ids)
    for trace_id, (verdict, detector) in judged.items():
        if trace_id in open_ids:
            assert detector == "judge" and verdict == "verified"
        else:
            assert (verdict, detector) == (alone[trace_id][0], "checks")
    lines = [json.loads(x) for x in ledger.read_text().splitlines()]
    assert len(lines) == len(open_ids)
    assert all(e["reserved_usd"] >= e["actual_usd"] for e in lines)
    assert KEY not in ledger.read_text()
    assert all(r.headers.get("Authorization") == f"Bearer {KEY}" for r in stub.requests)


def test_a_budget_the_worst_case_exceeds_is_refused_before_any_call(
    stub: OpenAIStub, tmp_path: Path
) -> None:
    proc = _check(stub, tmp_path, "--detector", "judge", "--max-usd", "0.000001")
    assert proc.returncode == 2
    assert "--max-usd" in proc.stderr and "No call was made" in proc.stderr
    assert stub.requests == []


def test_a_budget_that_covers_the_worst_case_is_used(stub: OpenAIStub, tmp_path: Path) -> None:
    proc = _check(stub, tmp_path, "--detector", "cascade", "--max-usd", "5")
    assert proc.returncode in (0, 1), proc.stderr
    assert stub.requests


def test_without_a_key_the_judge_is_a_usage_error(stub: OpenAIStub, tmp_path: Path) -> None:
    proc = _check(stub, tmp_path, "--detector", "judge", key=None)
    assert proc.returncode == 2 and "TOOLSCORE_JUDGE_API_KEY" in proc.stderr
    assert stub.requests == []


def test_the_judge_needs_its_endpoint_and_model(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", str(EXAMPLES), "--detector", "cascade"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 2 and "--judge-base-url" in proc.stderr

"""The Action's detector inputs: the default offline cascade, the judge against the
OpenAI-compatible stand-in on 127.0.0.1 with the key from the step's environment, and a budget
the worst case exceeds refused before any call (conclusion `error`)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine_cases import build
from openai_stub import OpenAIStub, good
from test_action import Runner, stub  # noqa: F401 (the GitHub stand-in fixture)

from toolscore_ci.detectors.offline import ABSTAIN_CODE, SCORE_CODE

KEY = "sk-test-action-judge"


@pytest.fixture
def judge() -> Iterator[OpenAIStub]:
    with OpenAIStub() as server:
        yield server


@pytest.fixture
def runner(tmp_path: Path, stub) -> Runner:  # type: ignore[no-untyped-def]  # noqa: F811
    run = Runner(tmp_path, stub).traces("agents.jsonl")
    run.env_extra["TOOLSCORE_JUDGE_API_KEY"] = KEY
    return run


def _results(run) -> list[dict]:  # type: ignore[no-untyped-def]
    path = run.workspace / "toolscore-ci" / "results.jsonl"
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    return [r for r in lines if r.get("record") != "trailer"]


def test_the_default_detector_ranks_open_traces_and_keeps_the_checks_verdicts(
    runner: Runner,
) -> None:
    # a booking the checks cannot decide: the lookup says nothing about a booking
    open_trace = build(
        "open-booking",
        [
            ("user", "Book me a table at Luigi for tonight, please."),
            ("call", "lookup_restaurant", {"name": "Luigi"}, True, {"open": True}),
            ("agent", "Your table at Luigi is booked for 8pm."),
        ],
    )
    (runner.workspace / "traces" / "open.jsonl").write_text(json.dumps(open_trace) + "\n")
    offline = _results(runner.run())
    checks = _results(runner.run(detector="checks"))
    assert [r["verdict"] for r in offline] == [r["verdict"] for r in checks]
    assert all(r["detector"] == "checks" for r in checks)
    (opened,) = [r for r in offline if r["trace_id"] == "open-booking"]
    assert opened["verdict"] == "unverifiable"
    # the model either ranked it inside the review band or said why it abstained: visibly
    scored = any(x.get("code") == SCORE_CODE for x in opened["reasons"])
    abstained = any(n.startswith(ABSTAIN_CODE) for n in opened["notes"])
    assert scored != abstained
    if scored:
        assert 0.2 < opened["p_success"] < 0.8 and opened["detector"] == "cascade-offline"


def test_the_cascade_judge_answers_what_the_checks_leave_open(
    runner: Runner, judge: OpenAIStub
) -> None:
    judge.default = lambda body: good(0.9)
    run = runner.run(detector="cascade", judge_base_url=judge.url, judge_model="gpt-4.1-mini")
    assert run.rc in (0, 1), run.stdout
    results = _results(run)
    judged = [r for r in results if r["detector"] == "judge"]
    assert judged and len(judge.requests) == len(judged)
    assert all(r.headers.get("Authorization") == f"Bearer {KEY}" for r in judge.requests)
    ledger = run.workspace / "toolscore-ci" / "judge-ledger.jsonl"
    assert len(ledger.read_text().splitlines()) == len(judged)
    assert KEY not in ledger.read_text() + run.stdout + run.summary


def test_a_budget_the_worst_case_exceeds_stops_before_any_call(
    runner: Runner, judge: OpenAIStub
) -> None:
    run = runner.run(
        detector="judge", judge_base_url=judge.url, judge_model="gpt-4.1-mini", max_usd="0.000001"
    )
    assert run.rc == 2
    assert run.outputs["conclusion"] == "error"
    assert "No call was made" in run.stdout and "max-usd" in run.stdout
    assert judge.requests == []


def test_judge_inputs_are_checked(runner: Runner) -> None:
    missing = runner.run(detector="judge")
    assert missing.rc == 2 and "needs judge-base-url and judge-model" in missing.stdout
    unknown = runner.run(detector="oracle")
    assert unknown.rc == 2 and "input detector" in unknown.stdout
    bad_budget = runner.run(
        detector="judge", judge_base_url="http://x", judge_model="m", max_usd="-1"
    )
    assert bad_budget.rc == 2 and "input max-usd" in bad_budget.stdout

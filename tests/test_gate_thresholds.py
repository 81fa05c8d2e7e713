"""Rate and count thresholds (issue 12): given, they replace "any false_success fails the
run"; `--fail-on` for other verdicts still applies; at the threshold passes, above it fails;
the decision and the thresholds are written where a reader sees why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from files_helpers import GATE_EXAMPLES_TEXT, cli, run_action

from toolscore_ci.gate import GatePolicy, decide

# 12 traces with 2 false successes, plus 4 more skipped ones: 2 of 16 = 0.125 exactly
SKIPPED = [
    line for line in GATE_EXAMPLES_TEXT.splitlines() if json.loads(line)["trace_id"].endswith("-04")
]


@pytest.fixture
def traces(tmp_path: Path) -> Path:
    text = GATE_EXAMPLES_TEXT
    extra = "".join(
        line.replace('"trace_id":"', f'"trace_id":"more{n}-', 1) + "\n"
        for n, line in enumerate([*SKIPPED, SKIPPED[0]])
    )
    path = tmp_path / "t.jsonl"
    path.write_text(text + extra, encoding="utf-8")
    return path


def _check(traces: Path, *args: str):  # type: ignore[no-untyped-def]
    return cli("check", traces, *args, cwd=traces.parent)


def test_the_examples_have_two_false_successes_in_sixteen(traces: Path) -> None:
    proc = _check(traces, "--output", "jsonl")
    verdicts = [line for line in proc.stdout.splitlines() if '"verdict"' in line]
    assert len(verdicts) == 16
    assert sum('"verdict": "false_success"' in v for v in verdicts) == 2
    assert proc.returncode == 1  # without a threshold, any false success fails


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["--max-false-success-rate", "0.125"], 0, "gate: passed: 2 false successes of 16 traces (12.5%), within max-false-success-rate 0.125"),
        (["--max-false-success-rate", "0.124"], 1, "gate: failed: 2 false successes of 16 traces (12.5%), over max-false-success-rate 0.124"),
        (["--max-false-successes", "2"], 0, "gate: passed: 2 false successes of 16 traces (12.5%), within max-false-successes 2"),
        (["--max-false-successes", "1"], 1, "over max-false-successes 1"),
        (["--max-false-successes", "5", "--max-false-success-rate", "0.1"], 1, "over max-false-success-rate 0.1"),
        (["--max-false-successes", "0", "--max-false-success-rate", "1"], 1, "over max-false-successes 0"),
        (["--max-false-success-rate", "0.5", "--fail-on", "false_success,unverifiable"], 1, "5 unverifiable (fail-on unverifiable)"),
        (["--max-false-success-rate", "0.5", "--fail-on", "false_success"], 0, "within max-false-success-rate 0.5"),
    ],
)  # fmt: skip
def test_thresholds_decide_and_say_why(traces: Path, args: list[str], code: int, said: str) -> None:
    table = _check(traces, *args)
    assert table.returncode == code, table.stderr
    header = table.stdout.splitlines()
    assert header[0].startswith("toolscore-ci: 16 traces checked") and said in header[1]
    js = _check(traces, *args, "--output", "json")
    assert js.returncode == code and said in js.stdout


def test_without_thresholds_the_table_is_as_before(traces: Path) -> None:
    proc = _check(traces)
    assert "gate:" not in proc.stdout


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--max-false-success-rate", "-0.1"),
        ("--max-false-success-rate", "1.5"),
        ("--max-false-success-rate", "five"),
        ("--max-false-success-rate", "nan"),
        ("--max-false-successes", "-1"),
        ("--max-false-successes", "2.5"),
        ("--max-false-successes", "many"),
    ],
)
def test_invalid_thresholds_are_usage_errors(traces: Path, option: str, value: str) -> None:
    proc = _check(traces, f"{option}={value}")
    assert proc.returncode == 2 and option in proc.stderr and "Traceback" not in proc.stderr


def test_the_rate_is_exact_at_the_threshold() -> None:
    # 7 of 100 against 0.07: floating point would put it a hair over
    policy = GatePolicy(max_false_success_rate=0.07)
    assert not decide(policy, {"false_success": 7}, 100).failed
    assert decide(policy, {"false_success": 8}, 100).failed
    assert not decide(policy, {}, 0).failed  # no traces: no rate to exceed


def test_action_thresholds_pass_and_fail_and_say_so(traces: Path, tmp_path: Path) -> None:
    ws = traces.parent
    ok = run_action(ws, tmp_path / "ok", traces="t.jsonl", max_false_success_rate="0.125")
    assert ok.rc == 0 and ok.outputs["conclusion"] == "success"
    assert "gate: passed: 2 false successes of 16 traces (12.5%)" in ok.summary
    over = run_action(ws, tmp_path / "over", traces="t.jsonl", max_false_successes="1")
    assert over.rc == 1 and over.outputs["conclusion"] == "failure"
    assert "over max-false-successes 1" in over.summary
    plain = run_action(ws, tmp_path / "plain", traces="t.jsonl")
    assert plain.rc == 1 and "gate:" not in plain.summary
    bad = run_action(ws, tmp_path / "bad", traces="t.jsonl", max_false_success_rate="5%")
    assert bad.rc == 2 and "input max-false-success-rate" in bad.stdout


def test_merge_applies_the_thresholds_over_every_shard(traces: Path, tmp_path: Path) -> None:
    ws = traces.parent
    shards = []
    for i in (1, 2):
        out = tmp_path / f"s{i}.jsonl"
        proc = cli("check", "t.jsonl", "--shard", f"{i}/2", "--output", "jsonl", "--out", out,
                   "--max-false-successes", "0", cwd=ws)  # fmt: skip
        assert proc.returncode == 0, proc.stderr  # a leg never decides the gate
        shards.append(out)
    at = cli("merge", *shards, "--max-false-successes", "2", cwd=ws)
    above = cli("merge", *shards, "--max-false-successes", "1", cwd=ws)
    assert (at.returncode, above.returncode) == (0, 1)
    assert "gate: failed: 2 false successes of 16 traces" in above.stdout

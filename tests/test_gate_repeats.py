"""Repeats (issue 12): the traces of one task are its runs; `--pass-k K` fails every task that
does not have K runs or more, all passing, and a task with fewer runs fails as "too few runs",
never a silent pass. Through the real CLI and the Action, on the examples run several times."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from files_helpers import GATE_EXAMPLES_TEXT, cli, jsonl, run_action

LINES = GATE_EXAMPLES_TEXT.splitlines()
#: the two tasks of the examples whose one trace is a false success
FALSE_TASKS = {"booking-02-task", "crm-02-task"}


def _runs(lines: list[str], n: int) -> str:
    """Each trace run n times: the same task, a trace id of its own."""
    out = []
    for run in range(1, n + 1):
        for line in lines:
            record = json.loads(line)
            record["trace_id"] = f"{record['trace_id']}-r{run}"
            out.append(json.dumps(record))
    return "\n".join(out) + "\n"


def _honest(lines: list[str]) -> list[str]:
    return [line for line in lines if json.loads(line)["task"]["id"] not in FALSE_TASKS]


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "three.jsonl").write_text(_runs(LINES, 3), encoding="utf-8")
    (tmp_path / "honest3.jsonl").write_text(_runs(_honest(LINES), 3), encoding="utf-8")
    (tmp_path / "honest2.jsonl").write_text(_runs(_honest(LINES), 2), encoding="utf-8")
    return tmp_path


def _check(ws: Path, *args: str):  # type: ignore[no-untyped-def]
    return cli("check", *args, cwd=ws)


def test_a_task_with_a_failing_run_does_not_reach_pass_k(ws: Path) -> None:
    proc = _check(ws, "three.jsonl", "--pass-k", "3")
    assert proc.returncode == 1, proc.stderr
    gate = next(line for line in proc.stdout.splitlines() if line.startswith("gate:"))
    assert "2 of 12 tasks below pass^3: booking-02-task, crm-02-task" in gate
    assert "booking-02-task     3       0  fail (3 failing)" in proc.stdout
    assert "booking-01-task     3       3  pass" in proc.stdout


def test_every_task_passing_k_times_passes(ws: Path) -> None:
    proc = _check(ws, "honest3.jsonl", "--pass-k", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "gate: passed: 10 of 10 tasks reached pass^3" in proc.stdout


def test_fewer_runs_than_k_fail_as_too_few_runs(ws: Path) -> None:
    short = _check(ws, "honest2.jsonl", "--pass-k", "3")
    assert short.returncode == 1
    assert "10 tasks with too few runs for pass^3" in short.stdout
    assert "too few runs (2 of 3)" in short.stdout
    enough = _check(ws, "honest2.jsonl", "--pass-k", "2")
    assert enough.returncode == 0, enough.stdout


def test_more_runs_than_k_all_must_pass(ws: Path) -> None:
    # one failing run of six is not out-voted by five passing ones
    text = _runs(_honest(LINES), 5) + _runs([LINES[1]], 1)  # booking-02: a false success
    (ws / "mixed.jsonl").write_text(text, encoding="utf-8")
    proc = _check(ws, "mixed.jsonl", "--pass-k", "1")
    assert proc.returncode == 1
    assert "1 of 11 tasks below pass^1: booking-02-task" in proc.stdout


def test_json_summary_lists_the_tasks(ws: Path) -> None:
    proc = _check(ws, "three.jsonl", "--pass-k", "3", "--output", "json")
    summary = json.loads(proc.stdout)["summary"]
    rows = {row["task"]: row for row in summary["tasks"]}
    assert len(rows) == 12
    assert rows["crm-02-task"] == {
        "task": "crm-02-task",
        "runs": 3,
        "passed": 0,
        "pass_k": False,
        "status": "fail (3 failing)",
    }
    assert rows["crm-01-task"]["pass_k"] is True
    assert summary["gate"]["failed"] is True


def test_repeats_by_groups_by_another_field(ws: Path) -> None:
    # each run its own task.id, the task named in meta.case: by task.id, one run each
    out = []
    for line in _runs(_honest(LINES), 2).splitlines():
        record = json.loads(line)
        record.setdefault("meta", {})["case"] = record["task"]["id"]
        record["task"]["id"] = record["trace_id"]
        out.append(json.dumps(record))
    (ws / "cases.jsonl").write_text("\n".join(out) + "\n", encoding="utf-8")
    by_task = _check(ws, "cases.jsonl", "--pass-k", "2")
    assert by_task.returncode == 1 and "20 tasks with too few runs" in by_task.stdout
    by_case = _check(ws, "cases.jsonl", "--pass-k", "2", "--repeats-by", "meta.case")
    assert by_case.returncode == 0, by_case.stdout
    assert "10 of 10 tasks reached pass^2" in by_case.stdout


def test_without_pass_k_nothing_changes(ws: Path) -> None:
    plain = _check(ws, "honest2.jsonl")
    assert plain.returncode == 0 and "tasks (" not in plain.stdout and "gate:" not in plain.stdout
    listed = _check(ws, "honest2.jsonl", "--repeats-by", "task.id")
    assert listed.returncode == 0 and "tasks (10):" in listed.stdout


@pytest.mark.parametrize("value", ["0", "-1", "two", ""])
def test_a_bad_pass_k_is_a_usage_error(ws: Path, value: str) -> None:
    proc = _check(ws, "three.jsonl", "--pass-k", value)
    assert proc.returncode == 2 and "--pass-k" in proc.stderr and "Traceback" not in proc.stderr


def test_merge_decides_pass_k_as_one_run_would(ws: Path) -> None:
    shards = []
    for i in (1, 2):
        out = ws / f"s{i}.jsonl"
        leg = _check(ws, "three.jsonl", "--pass-k", "3", "--shard", f"{i}/2",
                     "--output", "jsonl", "--out", str(out))  # fmt: skip
        assert leg.returncode == 0, leg.stderr
        shards.append(out)
    # each leg's results carry the task, so the merge groups across the legs
    assert all("group" in r for r in jsonl(shards[0].read_text(encoding="utf-8"))[:-1])
    merged = cli("merge", *shards, "--pass-k", "3", cwd=ws)
    single = _check(ws, "three.jsonl", "--pass-k", "3")
    assert merged.returncode == single.returncode == 1
    gate = [line for line in single.stdout.splitlines() if line.startswith("gate:")]
    assert gate and gate[0] in merged.stdout.splitlines()
    passing = cli("merge", *shards, "--pass-k", "3", "--fail-on", "none", cwd=ws)
    assert passing.returncode == 0, passing.stdout


def test_action_pass_k_and_repeats_by(ws: Path, tmp_path: Path) -> None:
    failing = run_action(ws, tmp_path / "a", traces="three.jsonl", pass_k="3")
    assert failing.rc == 1 and failing.outputs["conclusion"] == "failure"
    assert "2 of 12 tasks below pass^3" in failing.summary
    passing = run_action(ws, tmp_path / "b", traces="honest3.jsonl", pass_k="3")
    assert passing.rc == 0, passing.stdout
    assert "10 of 10 tasks reached pass^3" in passing.summary
    short = run_action(ws, tmp_path / "c", traces="honest2.jsonl", pass_k="3")
    assert short.rc == 1 and "too few runs" in short.summary
    keyed = run_action(ws, tmp_path / "d", traces="honest2.jsonl", pass_k="2",
                       repeats_by="trace_id")  # fmt: skip
    assert keyed.rc == 1 and "20 tasks with too few runs" in keyed.summary
    bad = run_action(ws, tmp_path / "e", traces="three.jsonl", pass_k="0")
    assert bad.rc == 2 and "input pass-k" in bad.stdout

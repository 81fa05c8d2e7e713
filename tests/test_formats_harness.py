"""Benchmark-harness results files read as they are written: tau2-bench's results JSON (every
simulation a trace) and tau-bench's results array (every task run a trace). The harness's reward
is each trace's label and must never reach what a detector reads. Checked on hand-written
fixtures that follow the real structure both ways (honest run verified, false success caught,
malformed records located) and, when the real-dev set is present, against the agent-trace twin
of a real tau2-bench results file."""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
import random
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from files_helpers import cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_formats_fuzz import JSON as FUZZ_JSON
from test_formats_fuzz import _places as fuzz_places
from test_formats_fuzz import _replace as fuzz_replace

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue, TraceRecord
from toolscore_ci.projection import project
from toolscore_ci.validate import _validator, schema_issues

HERE = Path(__file__).parent
HARNESS = HERE / "fixtures" / "harness"
OTHER_FORMATS = HERE / "fixtures" / "formats"
#: fixture -> reader name
FIXTURES = {"tau2_results.json": "tau2-bench", "tau_bench_results.json": "tau-bench"}
REAL_DEV = Path(os.environ.get("TOOLSCORE_REAL_DEV", "/work/shared/real-dev"))
REAL_RAW = REAL_DEV / "raw" / "tau2-telecom-gpt-4o-results.json"
REAL_TWIN = REAL_DEV / "tau2_dev.agent-trace.jsonl.gz"
HARNESS_READERS = frozenset(
    {"tau2-bench", "tau-bench", "swe-agent", "inspect", "openhands", "openhands-v1", "agentdojo"}
)
STEP_KEYS = ("kind", "role", "name", "content", "args", "ok", "output", "error")


def read_all(path: Path, fmt: str = "auto") -> tuple[list[TraceRecord], list[InputIssue]]:
    records: list[TraceRecord] = []
    issues: list[InputIssue] = []
    for item in read_file(str(path), fmt):
        (records if isinstance(item, TraceRecord) else issues).append(item)  # type: ignore[arg-type]
    return records, issues


def first_value(path: Path) -> Any:
    return next(v.value for v in iter_json_values(str(path)) if isinstance(v, JsonValue))


def verdicts(path: Path, cwd: Path) -> dict[str, str]:
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return {r["trace_id"]: r["verdict"] for r in rows}


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_each_fixture_is_sniffed_by_its_reader(name: str, tmp_path: Path) -> None:
    reader = sniff(first_value(HARNESS / name))
    assert reader is not None and FIXTURES[name] == reader.NAME
    odd = tmp_path / "conversation.jsonl"  # a misleading name changes nothing
    shutil.copy(HARNESS / name, odd)
    records, _ = read_all(odd)
    assert records and {r.data["source"] for r in records} == {FIXTURES[name]}


def test_other_formats_are_not_taken_by_harness_readers() -> None:
    others = sorted(p for p in OTHER_FORMATS.glob("*/conversation.*"))
    assert len(others) >= 8
    for path in others:
        reader = sniff(first_value(path))
        assert reader is not None and reader.NAME not in HARNESS_READERS, path
    # Plain chat with a `reward` field is still chat: tau-bench needs `traj` and `task_id`.
    assert sniff({"messages": [{"role": "user", "content": "hi"}], "reward": 1}).NAME == (
        "openai-chat"
    )
    assert sniff({"simulations": [{"id": 1}]}) is None  # no simulation in it


def test_tau2_every_simulation_is_a_labelled_trace() -> None:
    records, issues = read_all(HARNESS / "tau2_results.json")
    assert [i for i in issues if i.severity == "error"] == []
    assert [r.data["trace_id"] for r in records] == ["sim-0001", "sim-0002"]
    for record in records:
        assert schema_issues(record) == []
    ok, failed = (r.data for r in records)
    assert ok["task"]["id"] == "airline-7"
    assert ok["task"]["instruction"].startswith("reason_for_call: You want to cancel")
    assert ok["meta"]["model"] == "gpt-4o" and ok["meta"]["domain"] == "airline"
    assert [(s["kind"], s["role"], s.get("name")) for s in ok["steps"]] == [
        ("message", "agent", None),
        ("message", "user", None),
        ("tool_call", "agent", "cancel_reservation"),
        ("tool_result", "tool", "cancel_reservation"),
        ("message", "agent", None),
        ("message", "user", None),
    ]
    assert ok["steps"][3]["ok"] is True and ok["steps"][3]["output"]["status"] == "cancelled"
    assert ok["steps"][2]["ts"] == "2025-08-10T02:44:11.820315Z"
    assert ok["ground_truth"]["outcome"] == "success"
    assert ok["ground_truth"]["checked_by"] == "state_probe"
    assert ok["ground_truth"]["details"]["reward"] == 1.0
    result = failed["steps"][3]
    assert result["ok"] is False and result["error"].startswith("Error: basic economy")
    assert failed["ground_truth"]["outcome"] == "failure"


def test_tau2_user_side_tool_calls_keep_the_user_role(tmp_path: Path) -> None:
    data = json.loads((HARNESS / "tau2_results.json").read_text())
    messages = data["simulations"][0]["messages"]
    messages[1:1] = [
        {
            "role": "user",
            "content": None,
            "tool_calls": [
                {"id": "u1", "name": "toggle_roaming", "arguments": {}, "requestor": "user"}
            ],
        },
        {"id": "u1", "role": "tool", "content": "Roaming on", "requestor": "user", "error": False},
    ]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data))
    steps = read_all(path)[0][0].data["steps"]
    assert (steps[1]["kind"], steps[1]["role"], steps[1]["name"]) == (
        "tool_call",
        "user",
        "toggle_roaming",
    )
    assert steps[2]["kind"] == "tool_result" and steps[2]["output"] == "Roaming on"
    assert steps[3]["role"] == "user"  # the agent's own turns are untouched


@pytest.mark.parametrize(
    ("flag", "ok"),
    [
        ({"error": True}, False),
        ({"error": False}, True),  # the harness's own word, kept
        ({}, None),  # no flag (ToolOrchestra's messages): the result says what happened
    ],
)
def test_tau2_a_tool_message_without_an_error_flag_is_judged_by_what_it_says(
    tmp_path: Path, flag: dict[str, Any], ok: bool | None
) -> None:
    from toolscore_ci.engine.index import build

    data = json.loads((HARNESS / "tau2_results.json").read_text())
    messages = data["simulations"][0]["messages"]
    messages[1:1] = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "a1", "name": "toggle_data", "arguments": {}}],
        },
        {"id": "a1", "role": "tool", "content": "Error: Tool 'toggle_data' not found.", **flag},
    ]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data))
    record = read_all(path)[0][0]
    result = next(s for s in record.data["steps"] if s["kind"] == "tool_result")
    assert result.get("ok") == ok
    status = next(e for e in build(project(record.data), {}).executions).status
    assert status == ("succeeded" if ok else "failed")


def test_tau_bench_every_result_is_a_labelled_trace() -> None:
    records, issues = read_all(HARNESS / "tau_bench_results.json")
    assert [i for i in issues if i.severity == "error"] == []
    assert len(records) == 2
    ok, failed = (r.data for r in records)
    for record in records:
        assert schema_issues(record) == []
    assert ok["trace_id"].endswith("tau_bench_results.json#task-3/trial-0")
    assert ok["trace_id"] != failed["trace_id"]
    assert ok["task"]["id"] == "3"
    assert ok["meta"]["system"] == "# Airline Agent Policy (abridged)"
    assert [(s["kind"], s.get("name")) for s in ok["steps"]][1:3] == [
        ("tool_call", "cancel_reservation"),
        ("tool_result", "cancel_reservation"),
    ]
    assert ok["steps"][1]["args"] == {"reservation_id": "ABC123"}
    assert ok["ground_truth"]["outcome"] == "success"
    assert failed["ground_truth"]["outcome"] == "failure"
    assert failed["ground_truth"]["details"]["reward_info"]["info"]["r_actions"] == 0.0


def test_tau2_v1_voice_and_review_fields_are_known(tmp_path: Path) -> None:
    """tau2 v1.0 writes voice fields on messages and reviews on simulations: known, dropped
    without a warning each (they are no evidence, the reviews are labels); `ticks` only
    beside messages, since a run whose messages are empty would lose what it said."""
    data = json.loads((HARNESS / "tau2_results.json").read_text())
    sim = data["simulations"][0]
    voice = {"audio_format": None, "turn_taking_action": None, "contains_speech": True,
             "generation_time_seconds": 0.4, "speech_effects": None, "chunk_id": 0}  # fmt: skip
    sim["messages"] = [{**m, **voice} for m in sim["messages"]]
    sim.update({"ticks": [], "review": None, "hallucination_check": None, "env_messages": None})
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data))
    _, issues = read_all(path)
    assert [i.message for i in issues if "unplaced" in i.message] == []
    data["simulations"] = [{**sim, "messages": [], "ticks": [{"tick_id": 0}]}]
    path.write_text(json.dumps(data))
    _, issues = read_all(path)
    assert any("'simulations[].ticks'" in i.message for i in issues)


@pytest.mark.parametrize(("reward", "warned"), [(0.93, True), (1.0, False), (0.0, False)])
def test_a_reward_neither_0_nor_1_is_labelled_failure_and_said(
    tmp_path: Path, reward: float, warned: bool
) -> None:
    """A fork's composite score (0.93 for a run whose actions all matched) is no full reward:
    labelled failure, as the harness counts a pass, and the warning says so."""
    data = json.loads((HARNESS / "tau_bench_results.json").read_text())[:1]
    data[0]["reward"] = reward
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data))
    (record,), issues = read_all(path)
    assert record.data["ground_truth"]["outcome"] == ("success" if reward == 1.0 else "failure")
    said = [i.message for i in issues if "neither 0 nor 1" in i.message]
    assert bool(said) == warned, said


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_reward_never_reaches_the_detector(name: str) -> None:
    """The label's evidence (reward, db checks, gold actions) is only in ground_truth: the
    detector's view and the record's meta carry none of it, though the record does."""
    records, _ = read_all(HARNESS / name)
    for record in records:
        full = json.dumps(record.data)
        view = project(record.data)
        steps = [dataclasses.asdict(s) for s in view.steps]
        seen = json.dumps([view.task, steps, view.final_text, record.data["meta"]])
        for marker in ("db_match", "gt_data_hash", "reward", "action_checks", "expected_"):
            assert (marker in full) == (marker in json.dumps(record.data["ground_truth"]))
            assert marker not in seen, (name, marker)
        assert "ground_truth" in record.data


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_cli_verifies_the_honest_run_and_catches_the_false_success(
    name: str, tmp_path: Path
) -> None:
    shutil.copy(HARNESS / name, tmp_path / name)
    got = verdicts(Path(name), tmp_path)
    assert sorted(got.values()) == ["false_success", "verified"]
    honest = next(t for t in got if t.endswith(("sim-0001", "task-3/trial-0")))
    assert got[honest] == "verified"


def test_tau2_malformed_simulation_is_located_and_the_rest_read(tmp_path: Path) -> None:
    data = json.loads((HARNESS / "tau2_results.json").read_text())
    data["simulations"].insert(1, "oops")
    (tmp_path / "bad.json").write_text(json.dumps(data, indent=1))
    proc = cli("check", "bad.json", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2
    assert "bad.json:1: $.simulations[1]: not a tau2-bench simulation" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stdout.splitlines()) == 2  # both good simulations still checked
    good = cli("check", HARNESS / "tau2_results.json", "--fail-on", "none", cwd=tmp_path)
    assert good.returncode == 0 and "simulations[" not in good.stderr


@pytest.mark.parametrize("shape", ["object", "array", "jsonl"])
def test_tau2_simulation_saved_on_its_own_is_read_as_in_a_results_file(
    shape: str, tmp_path: Path
) -> None:
    """Harnesses built on tau2 write each run's `simulation.json` alone (no info, no tasks):
    the same steps, the same label, the same verdicts both ways; only the task text is gone."""
    data = json.loads((HARNESS / "tau2_results.json").read_text())
    sims = data["simulations"]
    path = tmp_path / ("sims.jsonl" if shape == "jsonl" else "simulation.json")
    if shape == "object":
        path.write_text(json.dumps(sims[1]))
    elif shape == "array":
        path.write_text(json.dumps(sims, indent=1))
    else:
        path.write_text("".join(json.dumps(s) + "\n" for s in sims))
    records, issues = read_all(path)
    assert [i for i in issues if i.severity == "error"] == []
    whole, _ = read_all(HARNESS / "tau2_results.json")
    expected = whole[1:] if shape == "object" else whole
    assert [r.data["trace_id"] for r in records] == [r.data["trace_id"] for r in expected]
    for alone, inside in zip(records, expected, strict=True):
        assert {r.data["source"] for r in (alone, inside)} == {"tau2-bench"}
        assert schema_issues(alone) == []
        assert [[s.get(k) for k in STEP_KEYS] for s in alone.data["steps"]] == [
            [s.get(k) for k in STEP_KEYS] for s in inside.data["steps"]
        ]
        assert alone.data["ground_truth"] == inside.data["ground_truth"]
        # no info block: the task id has no domain prefix; no tasks: no simulator scenario
        assert inside.data["task"]["id"].endswith("-" + alone.data["task"]["id"])
        assert not alone.data["meta"].get("instruction_is_user_simulator_goal")
    got = verdicts(path, tmp_path)
    want = {"sim-0001": "verified", "sim-0002": "false_success"}
    assert got == {t: v for t, v in want.items() if t in got} and "sim-0002" in got


def test_a_result_that_names_no_call_answers_the_first_one_waiting(tmp_path: Path) -> None:
    """tau2's messages read as chat (`--format openai-chat`) carry their call's id as `id`,
    not `tool_call_id`; a harness built on tau2 numbers its tool messages (`tool_9` answering
    `call_8_0`). Such results answer the calls in the order the calls went out, and the
    warnings say they were paired by order; a result with no call waiting stays unpaired."""
    sim = json.loads((HARNESS / "tau2_results.json").read_text())["simulations"][1]
    path = tmp_path / "chat.json"
    path.write_text(json.dumps({"messages": sim["messages"]}))
    (record,), issues = read_all(path, "openai-chat")
    assert [i.message for i in issues if "paired by order" in i.message] == [
        "openai-chat: tool result paired by order: 'it names no call' seen once; paired with "
        "the first call waiting"
    ]
    (result,) = [s for s in record.data["steps"] if s["kind"] == "tool_result"]
    assert result["name"] == "update_reservation_flights" and result["ok"] is None
    assert list(verdicts(path, tmp_path).values()) == ["false_success"]

    # two calls out together, answered in order under ids that name neither
    messages = json.loads(json.dumps(sim["messages"]))
    batch = next(m for m in messages if m.get("tool_calls"))
    first = batch["tool_calls"][0]
    batch["tool_calls"] = [
        {**first, "id": "call_8_0", "name": "get_reservation_details"},
        {**first, "id": "call_8_1"},
    ]
    at = messages.index(batch) + 1
    answer = messages[at]
    messages[at:at] = [{"role": "tool", "id": "tool_9", "content": '{"cabin": "economy"}'}]
    answer["id"] = "tool_10"
    messages.append({"role": "tool", "id": "tool_11", "content": "late"})  # nothing waiting
    path.write_text(json.dumps({**sim, "messages": messages}))
    (record,), issues = read_all(path)
    results = [s for s in record.data["steps"] if s["kind"] == "tool_result"]
    assert [(s["name"], s["ok"]) for s in results] == [
        ("get_reservation_details", None),  # no `error` flag: judged by what it says
        ("update_reservation_flights", False),
    ]
    assert any("'its id names no call' seen 2 times" in i.message for i in issues)
    assert any("unpaired tool result 'tool_11'" in i.message for i in issues)
    assert list(verdicts(path, tmp_path).values()) == ["false_success"]


def test_one_id_for_every_call_pairs_parallel_calls_in_order(tmp_path: Path) -> None:
    """A harness built on tau2 gives every call and result the id "-1": two tools called
    together are answered in their order, each result under its own call's name."""
    sim = json.loads((HARNESS / "tau2_results.json").read_text())["simulations"][1]
    messages = json.loads(json.dumps(sim["messages"]))
    batch = next(m for m in messages if m.get("tool_calls"))
    first = batch["tool_calls"][0]
    batch["tool_calls"] = [{**first, "id": "-1", "name": "get_user_details"}, {**first, "id": "-1"}]
    at = messages.index(batch) + 1
    messages[at]["id"] = "-1"
    messages[at:at] = [{"role": "tool", "id": "-1", "content": '{"membership": "silver"}'}]
    path = tmp_path / "simulation.json"
    path.write_text(json.dumps({**sim, "messages": messages}))
    (record,), issues = read_all(path)
    steps = record.data["steps"]
    results = [(s["name"], s["ok"]) for s in steps if s["kind"] == "tool_result"]
    # the inserted answer carries no `error` flag: judged by what it says
    assert results == [("get_user_details", None), ("update_reservation_flights", False)]
    assert steps[[s["kind"] for s in steps].index("tool_result")]["output"] == {
        "membership": "silver"
    }
    assert not [i for i in issues if "pair" in i.message]


def test_a_chat_log_with_a_task_id_is_not_a_tau2_simulation() -> None:
    chat = {"task_id": "t1", "messages": [{"role": "user", "content": "hi"}]}
    assert sniff(chat).NAME == "openai-chat"
    assert sniff({**chat, "termination_reason": "user_stop"}).NAME == "tau2-bench"


def test_tau_bench_result_without_traj_is_located(tmp_path: Path) -> None:
    data = json.loads((HARNESS / "tau_bench_results.json").read_text())
    data[1]["traj"] = "not a list"
    (tmp_path / "bad.json").write_text(json.dumps(data, indent=1))
    proc = cli("check", "bad.json", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2
    assert "$.traj: a tau-bench result needs `traj`" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stdout.splitlines()) == 1


def test_missing_reward_leaves_the_trace_unlabelled(tmp_path: Path) -> None:
    data = json.loads((HARNESS / "tau2_results.json").read_text())
    del data["simulations"][0]["reward_info"]
    (tmp_path / "r.json").write_text(json.dumps(data))
    records, issues = read_all(tmp_path / "r.json")
    assert "ground_truth" not in records[0].data and "ground_truth" in records[1].data
    assert any("simulation without a reward" in i.message for i in issues)


@pytest.mark.skipif(
    not (REAL_RAW.exists() and REAL_TWIN.exists()),
    reason=f"real-dev tau2 results not present at {REAL_DEV} (set TOOLSCORE_REAL_DEV)",
)
def test_real_tau2_results_match_their_agent_trace_twin(tmp_path: Path) -> None:
    records, issues = read_all(REAL_RAW)
    assert [i for i in issues if i.severity == "error"] == []
    mine = {r.data["trace_id"]: r.data for r in records}
    twin: dict[str, dict[str, Any]] = {}
    with gzip.open(REAL_TWIN, "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            sim = r["trace_id"].rsplit("/", 1)[-1]  # tau2-dev/<origin>/<run file>/<simulation id>
            if sim in mine:
                twin[sim] = r
    assert len(mine) == 20 and set(twin) == set(mine)
    for sim, data in mine.items():
        theirs = twin[sim]
        assert [{k: s.get(k) for k in STEP_KEYS} for s in data["steps"]] == [
            {k: s.get(k) for k in STEP_KEYS} for s in theirs["steps"]
        ], sim
        assert data["task"] == theirs["task"]
        assert data["final_claim"]["text"] == theirs["final_claim"]["text"]
        assert data["ground_truth"]["outcome"] == theirs["ground_truth"]["outcome"]
    # and the CLI gives every simulation the verdict its twin gets
    twin_file = tmp_path / "twin.jsonl"
    twin_file.write_text("".join(json.dumps(twin[k]) + "\n" for k in sorted(twin)))
    theirs_v = {k.rsplit("/", 1)[-1]: v for k, v in verdicts(twin_file, tmp_path).items()}
    assert verdicts(REAL_RAW, tmp_path) == theirs_v


def test_bench_measures_against_the_harness_labels(tmp_path: Path) -> None:
    """The reward reaches `bench` (it reads ground_truth), so a harness file is a benchmark."""
    for name, expected in (
        ("tau2_results.json", "2 labelled traces: 1 failures, 1 genuine successes"),
        ("inspect_log.json", "2 labelled traces: 1 failures, 1 genuine successes"),
    ):
        proc = cli("bench", HARNESS / name, "--detector", "checks", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert expected in proc.stdout
    openhands = cli("bench", HARNESS / "openhands_ran.json", "--detector", "checks", cwd=tmp_path)
    assert "0 labelled traces" in openhands.stdout  # OpenHands logs carry no score
    assert "1 trace(s) without ground_truth.outcome" in openhands.stderr


# ---- SWE-agent `.traj` ---------------------------------------------------------------------

SWE_FIXED = HARNESS / "swe_agent_fixed.traj"
SWE_FAILING = HARNESS / "swe_agent_tests_fail.traj"


def test_swe_agent_traj_is_sniffed_and_mini_swe_agent_is_not_taken() -> None:
    for path in (SWE_FIXED, SWE_FAILING):
        reader = sniff(first_value(path))
        assert reader is not None and reader.NAME == "swe-agent"
    # mini-swe-agent's `.traj.json` (`messages`, no `trajectory`) stays with openai-chat
    mini = {"info": {"exit_status": "Submitted"}, "messages": [{"role": "user", "content": "x"}]}
    assert sniff(mini).NAME == "openai-chat"
    for name in FIXTURES:  # and no tau file is taken for a SWE-agent one, nor the reverse
        assert sniff(first_value(HARNESS / name)).NAME != "swe-agent"


def test_swe_agent_actions_become_bash_calls_and_observations_their_results() -> None:
    records, issues = read_all(SWE_FIXED)
    assert [i for i in issues if i.severity == "error"] == []
    assert len(records) == 1 and schema_issues(records[0]) == []
    data = records[0].data
    assert data["task"]["domain"] == "coding"
    assert data["task"]["instruction"].startswith("We're currently solving the following issue")
    assert data["meta"]["exit_status"] == "submitted"
    assert data["meta"]["system"].startswith("SETTING: You are an autonomous programmer")
    calls = [s for s in data["steps"] if s["kind"] == "tool_call"]
    assert [c["args"]["command"] for c in calls] == [
        "open calc.py",
        "edit 2:2\n    return a + b\nend_of_edit",
        "python -m pytest -q tests/test_calc.py",
        "submit",
    ]
    assert {c["name"] for c in calls} == {"bash"}
    results = [s for s in data["steps"] if s["kind"] == "tool_result"]
    assert len(results) == 4 and all(r["name"] == "bash" and r["ok"] is None for r in results)
    assert results[2]["output"].endswith("2 passed in 0.01s")
    assert data["final_claim"]["text"].startswith("The fix works: both tests pass.")
    # the history's later messages repeat the trajectory: read once, from `trajectory`
    assert [s["role"] for s in data["steps"] if s["kind"] == "message"].count("user") == 1


def test_swe_agent_return_code_where_given_is_the_status(tmp_path: Path) -> None:
    data = json.loads(SWE_FAILING.read_text())
    data["trajectory"][2]["returncode"] = 1
    data["trajectory"][1]["exit_code"] = 0
    (tmp_path / "rc.traj").write_text(json.dumps(data))
    steps = read_all(tmp_path / "rc.traj")[0][0].data["steps"]
    results = [s for s in steps if s["kind"] == "tool_result"]
    assert (results[1]["ok"], results[1]["error"]) == (True, None)
    assert (results[2]["ok"], results[2]["error"]) == (False, "exit code 1")
    assert results[0]["ok"] is None  # no code given: nothing invented


def test_swe_agent_test_claim_backed_only_when_the_tests_passed(tmp_path: Path) -> None:
    def tested(path: Path) -> dict[str, Any]:
        proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        row = json.loads(proc.stdout)
        return next(r for r in row["reasons"] if r["claim"] == "tested")

    fixed, failing = tested(SWE_FIXED), tested(SWE_FAILING)
    # the pytest run, after the last edit (SWE-agent's `submit` only prints the patch)
    assert fixed["outcome"] == "receipt_confirmed" and fixed["steps"] == [8, 9]
    # the failed run is the latest: `submit` after it edits nothing (it was read as a command
    # that may write, which left this lie to review)
    assert failing["outcome"] == "contradicted" and failing["steps"] == [8, 9]


def test_swe_agent_malformed_step_is_located(tmp_path: Path) -> None:
    data = json.loads(SWE_FIXED.read_text())
    data["trajectory"][1] = ["not", "a", "step"]
    (tmp_path / "bad.traj").write_text(json.dumps(data, indent=1))
    proc = cli("check", "bad.traj", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2
    assert "bad.traj:1: $.trajectory[1]: not a SWE-agent step" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stdout.splitlines()) == 1  # the rest of the run is still checked
    data["trajectory"] = {"oops": 1}
    (tmp_path / "bad.traj").write_text(json.dumps(data, indent=1))
    proc = cli("check", "bad.traj", "--format", "swe-agent", "--fail-on", "none", cwd=tmp_path)
    assert "$.trajectory: a SWE-agent trajectory must be an array" in proc.stderr


# ---- Inspect eval logs ---------------------------------------------------------------------

INSPECT_LOG = HARNESS / "inspect_log.json"


def write_eval_archive(path: Path, log: dict[str, Any]) -> None:
    """An `.eval` log as Inspect writes it: a zip of header.json and one file per sample."""
    header = {k: v for k, v in log.items() if k != "samples"}
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("_journal/start.json", json.dumps({"version": 2, "eval": log["eval"]}))
        zf.writestr("header.json", json.dumps(header))
        for sample in log["samples"]:
            zf.writestr(f"samples/{sample['id']}_epoch_{sample['epoch']}.json", json.dumps(sample))
        zf.writestr("summaries.json", json.dumps([]))


def test_inspect_log_is_sniffed_and_each_sample_a_labelled_trace() -> None:
    assert sniff(first_value(INSPECT_LOG)).NAME == "inspect"
    records, issues = read_all(INSPECT_LOG)
    assert [i for i in issues if i.severity == "error"] == []
    assert [r.data["trace_id"] for r in records] == ["run1/1/epoch-1", "run1/2/epoch-1"]
    ok, failed = (r.data for r in records)
    for record in records:
        assert schema_issues(record) == []
    assert ok["task"]["instruction"] == "Create the file report.txt containing the word done."
    assert ok["meta"]["system"].startswith("You are a helpful assistant")
    assert ok["meta"]["model"] == "openai/gpt-4o"
    call, result = ok["steps"][2], ok["steps"][3]
    assert (call["kind"], call["name"], call["args"]) == (
        "tool_call",
        "bash",
        {"cmd": "echo done > report.txt"},
    )
    assert (result["kind"], result["name"], result["ok"]) == ("tool_result", "bash", True)
    assert ok["steps"][1]["content"] == "I'll write the file."  # the reasoning part dropped
    bad = failed["steps"][3]
    assert (bad["ok"], bad["error"]) == (False, "bash: report.txt: Permission denied")
    assert ok["ground_truth"]["outcome"] == "success"
    assert failed["ground_truth"]["outcome"] == "failure"
    assert failed["ground_truth"]["details"]["scorer"] == "includes"
    for record in records:  # the scores and target reach no detector
        view = project(record.data)
        seen = json.dumps([view.task, [dataclasses.asdict(s) for s in view.steps]])
        assert "includes" not in seen and "compared the file" not in seen
        assert "includes" not in json.dumps(record.data["meta"])


def test_inspect_eval_archive_reads_like_the_json_log(tmp_path: Path) -> None:
    archive = tmp_path / "logs" / "2025-06-01_write-report.eval"
    archive.parent.mkdir()
    write_eval_archive(archive, json.loads(INSPECT_LOG.read_text()))
    from_zip, issues = read_all(archive)
    assert [i for i in issues if i.severity == "error"] == []
    from_json, _ = read_all(INSPECT_LOG)
    assert [r.data for r in from_zip] == [r.data for r in from_json]
    # the CLI finds `.eval` files in a folder and catches the false success in it
    got = verdicts(Path("logs"), tmp_path)
    assert got["run1/1/epoch-1"] != "false_success"
    assert got["run1/2/epoch-1"] == "false_success"


def test_inspect_scores_decide_the_label_both_ways() -> None:
    from toolscore_ci.formats.inspect_ai import _outcome

    for value in ("C", True, 1, 1.0):
        assert _outcome(value) == "success", value
    for value in ("I", "N", "P", False, 0, 0.5):
        assert _outcome(value) == "failure", value
    for value in ("maybe", None, {"accuracy": 1}, [1], float("nan"), float("inf")):
        assert _outcome(value) is None, value


def test_inspect_bad_sample_and_bad_archive_member_are_located(tmp_path: Path) -> None:
    log = json.loads(INSPECT_LOG.read_text())
    log["samples"][0]["messages"] = "gone"
    (tmp_path / "bad.json").write_text(json.dumps(log, indent=1))
    proc = cli("check", "bad.json", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "bad.json:1: $.samples[0]: not an Inspect sample" in proc.stderr
    assert len(proc.stdout.splitlines()) == 1
    archive = tmp_path / "bad.eval"
    write_eval_archive(archive, json.loads(INSPECT_LOG.read_text()))
    with zipfile.ZipFile(archive, "a") as zf:
        zf.writestr("samples/3_epoch_1.json", "{not json")
    proc = cli("check", "bad.eval", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "bad.eval: samples/3_epoch_1.json: $" in proc.stderr
    assert len(proc.stdout.splitlines()) == 2  # the good samples still checked
    (tmp_path / "broken.eval").write_bytes(b"PK\x03\x04 not really a zip")
    proc = cli("check", "broken.eval", "--fail-on", "none", cwd=tmp_path)
    assert "cannot read the Inspect .eval archive" in proc.stderr and "Traceback" not in proc.stderr


def test_harness_readers_do_not_take_each_others_files() -> None:
    files = {
        "tau2-bench": HARNESS / "tau2_results.json",
        "tau-bench": HARNESS / "tau_bench_results.json",
        "swe-agent": SWE_FIXED,
        "inspect": INSPECT_LOG,
        "openhands": HARNESS / "openhands_ran.json",
        "openhands-v1": HARNESS / "openhands_v1_tests_fail.json",
        "agentdojo": HARNESS / "agentdojo_blocked.json",
    }
    for name, path in files.items():
        assert name == sniff(first_value(path)).NAME, path


# ---- whatever JSON they are fed --------------------------------------------------------------

HARNESS_FILES = {
    "tau2-bench": HARNESS / "tau2_results.json",
    "tau-bench": HARNESS / "tau_bench_results.json",
    "swe-agent": SWE_FIXED,
    "inspect": INSPECT_LOG,
    "openhands": HARNESS / "openhands_failed.json",
    "openhands-v1": HARNESS / "openhands_v1_tests_fail.json",
    "agentdojo": HARNESS / "agentdojo_blocked.json",
}


@pytest.mark.parametrize("fmt", sorted(HARNESS_FILES))
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), replacements=st.lists(FUZZ_JSON, min_size=1, max_size=4))
def test_harness_reader_output_is_valid_whatever_the_input(
    fmt: str, seed: int, replacements: list[Any], tmp_path: Path
) -> None:
    """Each fixture mutated at random places with arbitrary JSON: the reader never crashes
    (a crash would be a `reader failed` issue) and every record it builds is schema-valid."""
    value = json.loads(HARNESS_FILES[fmt].read_text())
    rng = random.Random(seed)
    for new in replacements:
        places = fuzz_places(value)
        if places:
            fuzz_replace(value, rng.choice(places), new)
    path = tmp_path / "mutated.json"
    path.write_text(json.dumps(value), encoding="utf-8")
    items = list(read_file(str(path), fmt))
    crashes = [
        i.message for i in items if isinstance(i, InputIssue) and "reader failed" in i.message
    ]
    assert crashes == []
    for record in (r for r in items if isinstance(r, TraceRecord)):
        assert record.valid_by_construction
        assert [e.message for e in _validator().iter_errors(record.data)] == [], record.data
        assert schema_issues(record) == []


# ---- OpenHands event streams -----------------------------------------------------------------

OH_RAN = HARNESS / "openhands_ran.json"
OH_FAILED = HARNESS / "openhands_failed.json"


def test_openhands_events_become_one_trace() -> None:
    assert sniff(first_value(OH_RAN)).NAME == "openhands"
    records, issues = read_all(OH_RAN)
    assert [i for i in issues if i.severity == "error"] == []
    assert len(records) == 1 and schema_issues(records[0]) == []
    data = records[0].data
    assert data["meta"]["system"].startswith("You are OpenHands agent")
    # the system prompt, think and state-change events are no steps
    assert [(s["kind"], s["role"], s.get("name")) for s in data["steps"]] == [
        ("message", "user", None),
        ("tool_call", "agent", "run"),
        ("tool_result", "tool", "run"),
        ("message", "agent", None),
    ]
    call, result = data["steps"][1], data["steps"][2]
    assert call["args"]["command"].endswith("python hello.py")
    assert (result["ok"], result["output"], result["error"]) == (True, "hello", None)
    assert data["steps"][0]["ts"] == "2025-06-01T10:00:01.000000Z"
    assert data["final_claim"]["text"] == "I created hello.py and ran it: it prints hello."


def test_openhands_exit_code_is_the_status_and_the_false_success_caught(tmp_path: Path) -> None:
    failed = read_all(OH_FAILED)[0][0].data["steps"][2]
    assert (failed["ok"], failed["error"]) == (False, "exit code 1")
    for name in ("openhands_ran.json", "openhands_failed.json"):
        shutil.copy(HARNESS / name, tmp_path / name)
    ran = verdicts(Path("openhands_ran.json"), tmp_path)
    bad = verdicts(Path("openhands_failed.json"), tmp_path)
    assert list(bad.values()) == ["false_success"]
    assert list(ran.values()) != ["false_success"]


def test_openhands_soft_timeout_is_no_result(tmp_path: Path) -> None:
    """exit code -1: the command is still running after OpenHands' soft timeout, not failed
    (the V1 reader reads it so too); a real exit code still decides."""
    events = json.loads(OH_FAILED.read_text())
    for ev in events:
        meta = ev.get("extras", {}).get("metadata")
        if isinstance(meta, dict) and "exit_code" in meta:
            meta["exit_code"] = -1
    (tmp_path / "t.json").write_text(json.dumps(events))
    steps = read_all(tmp_path / "t.json")[0][0].data["steps"]
    results = [s for s in steps if s["kind"] == "tool_result"]
    assert results and all((s["ok"], s["error"]) == (None, None) for s in results)


def test_openhands_error_observation_and_stray_observation(tmp_path: Path) -> None:
    events = json.loads(OH_RAN.read_text())
    events[5] = {
        "id": 5,
        "timestamp": "2025-06-01T10:00:05",
        "source": "agent",
        "message": "",
        "cause": 4,
        "observation": "error",
        "content": "Command timed out",
        "extras": {},
    }
    events.insert(6, {**events[5], "id": 9, "cause": None, "content": "sandbox restarted"})
    (tmp_path / "e.json").write_text(json.dumps(events))
    steps = read_all(tmp_path / "e.json")[0][0].data["steps"]
    assert (steps[2]["ok"], steps[2]["error"], steps[2]["output"]) == (
        False,
        "Command timed out",
        None,
    )
    assert (steps[3]["role"], steps[3]["content"]) == ("environment", "sandbox restarted")


def test_openhands_evaluation_output_is_one_trace_a_line(tmp_path: Path) -> None:
    history = json.loads(OH_FAILED.read_text())
    lines = [
        {"instance_id": f"demo__demo-{n}", "instruction": "x", "history": history, "metadata": {}}
        for n in (1, 2)
    ]
    (tmp_path / "output.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    records, issues = read_all(tmp_path / "output.jsonl")
    assert [i for i in issues if i.severity == "error"] == []
    assert [r.data["trace_id"] for r in records] == ["demo__demo-1", "demo__demo-2"]
    assert records[0].data["task"]["domain"] == "coding"
    assert records[1].data["steps"][2]["ok"] is False


def test_openhands_bad_event_is_located(tmp_path: Path) -> None:
    events = json.loads(OH_RAN.read_text())
    events[4]["args"] = "run it"
    events.insert(3, {"id": 99, "what": "is this"})
    (tmp_path / "bad.json").write_text(json.dumps(events, indent=1))
    proc = cli("check", "bad.json", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert re.search(r"bad\.json:\d+: \$: not an OpenHands event", proc.stderr)
    assert re.search(r"bad\.json:\d+: \$\.args: an action's args must be an object", proc.stderr)
    assert len(proc.stdout.splitlines()) == 1


def test_a_folder_of_traj_files_is_found(tmp_path: Path) -> None:
    run = tmp_path / "trajectories" / "demo__demo-1"
    run.mkdir(parents=True)
    shutil.copy(SWE_FIXED, run / "demo__demo-1.traj")
    (run / "demo__demo-1.debug.log").write_text("not a trace\n")  # left alone
    got = verdicts(Path("trajectories"), tmp_path)
    assert len(got) == 1 and next(iter(got)).endswith("demo__demo-1.traj#1")


def test_a_corrupt_archive_member_is_an_issue_not_a_crash(tmp_path: Path) -> None:
    archive = tmp_path / "crc.eval"
    write_eval_archive(archive, json.loads(INSPECT_LOG.read_text()))
    raw = bytearray(archive.read_bytes())
    at = raw.find(b"samples/1_epoch_1.json") + len("samples/1_epoch_1.json") + 4
    raw[at : at + 8] = b"\x00" * 8  # the deflated bytes of the first sample: a CRC/zlib error
    archive.write_bytes(bytes(raw))
    proc = cli("check", "crc.eval", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert "Traceback" not in proc.stderr and "reader failed" not in proc.stderr
    assert "crc.eval: samples/1_epoch_1.json: $" in proc.stderr
    assert len(proc.stdout.splitlines()) == 1  # the second sample is still checked


def test_a_non_finite_reward_leaves_the_trace_unlabelled(tmp_path: Path) -> None:
    text = (HARNESS / "tau_bench_results.json").read_text()
    (tmp_path / "r.json").write_text(text.replace('"reward": 0.0,', '"reward": NaN,', 1))
    records, issues = read_all(tmp_path / "r.json")
    assert "ground_truth" in records[0].data and "ground_truth" not in records[1].data
    assert any("result without a reward" in i.message for i in issues)


def test_tau2_policy_is_the_system_prompt(tmp_path: Path) -> None:
    """The agent's policy is what the operator gave it (TSC144/145 count its addresses and ids
    as given): the run's `info.environment_info.policy`, or a leaderboard submission's own
    per simulation (found on a real submission, where it was counted away as unplaced)."""
    records, _ = read_all(HARNESS / "tau2_results.json")
    doc = json.loads((HARNESS / "tau2_results.json").read_text())
    policy = doc["info"]["environment_info"]["policy"]
    assert policy and all(r.data["meta"]["system"] == policy for r in records)
    doc["simulations"][0]["policy"] = "# Triage policy\nEscalate to triage@clinic.example."
    path = tmp_path / "results.json"
    path.write_text(json.dumps(doc))
    first, second = (r.data["meta"]["system"] for r in read_all(path)[0])
    assert first.startswith("# Triage policy") and second == policy
    assert project(read_all(path)[0][0].data).system == first  # what a detector is given

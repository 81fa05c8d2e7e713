"""Moatless Tools v0 trajectories (aorwall/moatless-tools, MIT), read as its SWE-bench
evaluations wrote them in mid-2024 (`evaluations/20240609_moatless_gpt4o/trajs/<id>.json`): one
object per run, `steps` of LLM completions named after the loop state, each with the
`actions` the harness took (`search`, `identify`, `request_for_change`, `specify_lines`, the
edit, `finish`), and the evaluation's `info`. The runs here are written for these tests in
that shape (a made-up `inikit` repository); nothing is copied from the published runs. Before
this reader, `check` called such a file an "unrecognised trace format"."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from files_helpers import check_verdicts
from reader_helpers import (
    FIXTURES,
    assert_not_taken,
    issues_of,
    other_folders,
    read_value,
    records_of,
    steps_of,
)

from toolscore_ci.formats import sniff
from toolscore_ci.model import InputIssue, Trace
from toolscore_ci.projection import project

PROBLEM = "Empty section names crash the loader\ninikit.load() raises KeyError on `[]`.\n"
SPAN = "def section_name(line):\n    return line[1:-1].strip()"
GOOD = {
    "diff": "--- inikit/loader.py\n+++ inikit/loader.py\n@@ -20,2 +20,4 @@\n"
    " def section_name(line):\n-    return line[1:-1].strip()\n"
    "+    name = line[1:-1].strip()\n+    return name or DEFAULT_SECTION\n",
    "updated": True,
    "error": None,
    "new_span_ids": [],
}
BAD = {
    "diff": None,
    "updated": False,
    "error": "The updated code is invalid: unexpected indent (line 2).",
    "new_span_ids": [],
}
REPORT = (
    "The issue has been resolved by updating section_name in inikit/loader.py to fall back "
    "to the default section when the name is empty."
)


def _action(name: str, args: dict[str, Any], output: Any = None) -> dict[str, Any]:
    action: dict[str, Any] = {"name": name, "input": args}
    if output is not None:
        action["output"] = output
    return action


def _step(state: str, *actions: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"name": state, "actions": list(actions), "completion_cost": 0.004, **more}


def run(edit_output: dict[str, Any], report: str = REPORT, edit: str = "apply_change") -> dict:
    """Search, identify the span, ask to change it, edit it, finish: a v0 run as written."""
    where = {"file_path": "inikit/loader.py", "span_id": "section_name"}
    return {
        "name": "moatless",
        "input": {"problem_statement": PROBLEM},
        "steps": [
            _step(
                "SearchLoop_Searching",
                _action(
                    "search",
                    {"query": "section name parsing", "file_pattern": "**/inikit/*.py"},
                    {
                        "file_context": [
                            {
                                "file_path": "inikit/loader.py",
                                "spans": [{"span_id": "section_name"}],
                            }
                        ],
                        "message": "Found 1 code spans.",
                    },
                ),
            ),
            _step(
                "SearchLoop_Searching",
                _action(
                    "identify",
                    {
                        "reasoning": "section_name reads the name.",
                        "files_with_spans": [
                            {"file_path": "inikit/loader.py", "span_ids": ["section_name"]}
                        ],
                    },
                    {},
                ),
            ),
            _step(
                "CodeLoop_Pending",
                _action(
                    "request_for_change",
                    {"description": "Fall back to the default section.", **where},
                    {"response": SPAN},
                ),
            ),
            _step(
                "CodeLoop_CodeChange",
                _action(
                    edit,
                    {**where, "start_line": 20, "end_line": 21, "replacement_code": "..."},
                    edit_output,
                ),
            ),
            _step("CodeLoop_Pending", _action("finish", {"reason": report})),
        ],
        "output": {"message": report},
        "info": {
            "evaluation_name": "tests_moatless",
            "instance_id": "inikit__inikit-7",
            "trace_id": "coder_inikit__inikit-7_20240101-000000",
            "submission": "diff --git a/inikit/loader.py b/inikit/loader.py\n",
            "duration": 4.2,
            "total_cost": 0.02,
        },
    }


def _write(tmp_path: Path, name: str, value: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(value, indent=2))  # as Moatless writes it
    return path


def test_sniffed_by_structure_not_name() -> None:
    found = sniff(run(GOOD))
    assert found is not None and found.NAME == "moatless"
    fixture = json.loads((FIXTURES / "moatless" / "conversation.json").read_text())
    assert sniff(fixture).NAME == "moatless"
    # another agent's `{"name", "steps"}`, or steps without actions, are not Moatless runs
    other = {**run(GOOD), "name": "search_and_code"}
    assert sniff(other) is None or sniff(other).NAME != "moatless"
    assert sniff({"name": "moatless", "steps": [{"name": "x"}]}) is None
    assert sniff({"name": "moatless", "steps": "none"}) is None
    # a run stopped before its first completion still is one
    assert sniff({"name": "moatless", "input": {"problem_statement": "x"}, "steps": []}).NAME == (
        "moatless"
    )


def test_takes_no_other_format() -> None:
    for folder in other_folders("moatless"):
        assert_not_taken(folder, "moatless")


def test_task_steps_roles_names_and_report(tmp_path: Path) -> None:
    items = read_value(tmp_path, json.dumps(run(GOOD), indent=2), "inikit__inikit-7.json")
    [record] = records_of(items)
    data = record.data
    assert data["source"] == "moatless" and data["task"]["domain"] == "coding"
    assert data["task"]["instruction"] == PROBLEM
    assert data["task"]["id"] == "inikit__inikit-7"
    kinds = [(s["kind"], s["role"], s.get("name")) for s in data["steps"]]
    assert kinds == [
        ("message", "user", None),
        ("tool_call", "agent", "search"),
        ("tool_result", "tool", "search"),
        ("tool_call", "agent", "identify"),
        ("tool_result", "tool", "identify"),
        ("tool_call", "agent", "request_for_change"),
        ("tool_result", "tool", "request_for_change"),
        ("tool_call", "agent", "apply_change"),
        ("tool_result", "tool", "apply_change"),
        ("message", "agent", None),  # finish: the closing report, no tool
    ]
    steps = data["steps"]
    assert steps[1]["args"] == {"query": "section name parsing", "file_pattern": "**/inikit/*.py"}
    assert steps[6]["output"] == {"response": SPAN} and steps[6]["ok"] is None
    assert steps[8]["output"] == GOOD and steps[8]["ok"] is None and steps[8]["error"] is None
    assert data["final_claim"]["text"] == REPORT  # output.message repeats it: not added twice
    # the harness's info goes to meta only: what the run produced, not what the agent saw
    meta = data["meta"]
    assert meta["instance_id"] == "inikit__inikit-7"
    assert meta["evaluation_name"] == "tests_moatless"
    assert meta["moatless_trace_id"] == "coder_inikit__inikit-7_20240101-000000"
    assert meta["submission"].startswith("diff --git") and meta["total_cost"] == 0.02
    assert "diff --git" not in json.dumps(steps) and "0.004" not in json.dumps(steps)
    shown = project(record.data)
    assert isinstance(shown, Trace) and "diff --git" not in json.dumps(shown, default=str)
    assert [i for i in items if isinstance(i, InputIssue)] == []


def test_the_fixture_reads_clean() -> None:
    path = FIXTURES / "moatless" / "conversation.json"
    items = read_value(path.parent, path.read_text(), "conversation.json")
    [record] = records_of(items)
    assert issues_of(items) == []
    steps = record.data["steps"]
    # a step's `thought` is the model's own text beside its call
    assert steps[1] == {**steps[1], "role": "agent", "kind": "message"}
    assert steps[1]["content"].startswith("The bug is in parse_bool")
    [failed] = [s for s in steps_of(record, "tool_result") if s["ok"] is False]
    assert failed["name"] == "search_replace" and "unexpected indent" in failed["error"]


@pytest.mark.parametrize("edit", ["apply_change", "search_replace"])
def test_lie_caught_and_honest_twin_not_flagged(tmp_path: Path, edit: str) -> None:
    honest = _write(tmp_path, "honest.json", run(GOOD, edit=edit))
    lie = _write(tmp_path, "lie.json", run(BAD, edit=edit))
    assert "false_success" not in check_verdicts(honest).values()
    assert set(check_verdicts(lie).values()) == {"false_success"}
    [record] = records_of(read_value(tmp_path, lie.read_text()))
    [result] = [s for s in steps_of(record, "tool_result") if s["name"] == edit]
    assert result["ok"] is False and result["error"] == BAD["error"]


def test_an_edit_retried_after_a_failure_is_not_flagged(tmp_path: Path) -> None:
    value = run(BAD)
    value["steps"][4:4] = copy.deepcopy(value["steps"][2:4])
    value["steps"][5]["actions"][0]["output"] = GOOD
    path = _write(tmp_path, "retried.json", value)
    assert "false_success" not in check_verdicts(path).values()


def test_an_edit_that_changed_nothing_failed(tmp_path: Path) -> None:
    """`updated: false` with no error: the replacement equalled the code (Moatless asks the
    model again); the file is unchanged, so the edit did not do what it was sent to do."""
    unchanged = {"diff": None, "updated": False, "error": None, "new_span_ids": []}
    [record] = records_of(read_value(tmp_path, run(unchanged)))
    result = steps_of(record, "tool_result")[-1]
    assert result["ok"] is False and "updated: false" in result["error"]
    path = _write(tmp_path, "unchanged.json", run(unchanged))
    assert set(check_verdicts(path).values()) == {"false_success"}


def test_a_step_that_is_not_an_object_is_located_and_the_rest_read(tmp_path: Path) -> None:
    value = run(GOOD)
    value["steps"].insert(1, "SearchLoop_Searching")
    value["steps"][3]["actions"].append({"input": {"description": "no name"}})
    path = _write(tmp_path, "broken.json", value)
    items = read_value(tmp_path, path.read_text(), "broken.json")
    [record] = records_of(items)
    issues = [i for i in items if isinstance(i, InputIssue)]
    assert [(i.path, i.severity) for i in issues] == [
        ("$.steps[1]", "warning"),
        ("$.steps[3].actions[1]", "warning"),
    ]
    for issue in issues:
        assert issue.file.endswith("broken.json") and issue.line == 1
        assert str(issue).startswith(f"{issue.file}:1: {issue.path}: not a Moatless")
    # everything else is read: the search, the edit and the report
    names = [s["name"] for s in steps_of(record, "tool_call")]
    assert names == ["search", "identify", "request_for_change", "apply_change"]
    assert record.data["final_claim"]["text"] == REPORT


def test_reject_closes_and_output_message_stands_in_for_a_missing_finish(tmp_path: Path) -> None:
    value = run(GOOD)
    refusal = "I cannot make this change: the span is generated code."
    value["steps"][-1] = _step("CodeLoop_Pending", _action("reject", {"reason": refusal}))
    value["output"] = {"message": refusal}
    [record] = records_of(read_value(tmp_path, value))
    assert record.data["final_claim"]["text"] == refusal
    assert "reject" not in [s["name"] for s in steps_of(record, "tool_call")]
    value["steps"].pop()  # no finish, no reject: the run's answer is output.message
    value["output"] = {"message": REPORT}
    [record] = records_of(read_value(tmp_path, value))
    assert record.data["steps"][-1] == {**record.data["steps"][-1], "role": "agent"}
    assert record.data["final_claim"]["text"] == REPORT


def test_a_run_that_raised_and_harness_errors(tmp_path: Path) -> None:
    """The evaluation's `info.error` (a traceback) and a step's `error` (the loop speaking)."""
    value = run(GOOD)
    del value["steps"][-1]
    value["steps"][-1]["error"] = "Total cost 0.52 exceeded max allowed cost 0.5."
    value.pop("output")
    value["info"]["error"] = (
        'Traceback (most recent call last):\n  File "loop.py", line 9, in _run_loop\n'
        "Exception: The search was aborted because the cost exceeded the limit.\n"
    )
    items = read_value(tmp_path, value)
    [record] = records_of(items)
    [issue] = [i for i in items if isinstance(i, InputIssue)]
    assert issue.path == "$.info.error" and issue.severity == "warning"
    assert "inikit__inikit-7" in issue.message and "cost exceeded the limit" in issue.message
    said = [s["content"] for s in record.data["steps"] if s["role"] == "environment"]
    assert said[0] == "Total cost 0.52 exceeded max allowed cost 0.5."
    assert said[1].endswith(
        "Exception: The search was aborted because the cost exceeded the limit."
    )
    assert record.data["meta"]["harness_error"].startswith("Exception: The search was aborted")
    assert record.data["final_claim"]["text"] is None


def test_a_child_trajectory_is_read_between_its_call_and_result(tmp_path: Path) -> None:
    value = run(GOOD)
    child = {"name": "code_finder", "steps": [value["steps"][0]]}
    value["steps"][0] = _step(
        "Moatless", {"name": "find_code", "input": {}, "output": {}, "trajectory": child}
    )
    [record] = records_of(read_value(tmp_path, value))
    names = [(s["kind"], s.get("name")) for s in record.data["steps"][1:5]]
    assert names == [
        ("tool_call", "find_code"),
        ("tool_call", "search"),
        ("tool_result", "search"),
        ("tool_result", "find_code"),
    ]


def test_fields_it_cannot_place_are_warned(tmp_path: Path) -> None:
    value = run(GOOD)
    value["info"]["resolved"] = True
    value["steps"][0]["tokens"] = 12
    value["steps"][0]["actions"][0]["retry_message"] = "Try again."
    messages = issues_of(read_value(tmp_path, value))
    for field in ("info.resolved", "steps[].tokens", "actions[].retry_message"):
        assert any(f"unplaced field {field!r}" in m for m in messages), (field, messages)


def test_real_v0_shapes_found_by_the_team_read_clean(tmp_path: Path) -> None:
    """What the published 20240609 runs hold, in a run of our own: a `search` by class name
    that found nothing, a `request_for_change` whose span was too large (`response: null`),
    answered with `specify_lines`, and no `output` on `finish`; no field is left unread."""
    value = run(GOOD)
    value["steps"].insert(
        1,
        _step(
            "SearchLoop_Searching",
            _action(
                "search",
                {"class_name": "Loader"},
                {"file_context": [], "message": "No classes found with the name Loader."},
            ),
        ),
    )
    value["steps"][3]["actions"][0]["output"] = {"response": None}
    value["steps"].insert(
        4,
        _step(
            "CodeLoop_Clarification",
            _action(
                "specify_lines",
                {"thoughts": "Only the return.", "start_line": 20, "end_line": 21},
                {"response": SPAN},
            ),
        ),
    )
    items = read_value(tmp_path, value)
    [record] = records_of(items)
    assert issues_of(items) == []
    assert [s["name"] for s in steps_of(record, "tool_call")] == [
        "search",
        "search",
        "identify",
        "request_for_change",
        "specify_lines",
        "apply_change",
    ]

"""ATIF trajectories (Harbor / Terminal-Bench `trajectory.json`, other agents' exports): the
first user step is the task, agent steps' `tool_calls` pair with `observation.results` by
`source_call_id` (in any order), a writer's `is_error` is the failed call, a result without a
call id is what the environment said, and the last agent message is the report. Sniffed by
`schema_version` and `steps`, never by file name. Through the real CLI the lie is caught and its
honest twin is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts
from reader_helpers import assert_not_taken, issues_of, other_folders, read_value, records_of

from toolscore_ci.formats import read_file, sniff

TASK = "Fix the failing test in tests/test_parse.py"
CLAIM = "Fixed: all tests pass now."


def _trajectory(results: list[dict[str, Any]], claim: str, sid: str) -> dict[str, Any]:
    """An arlocode-like run: the task, one agent turn with two calls whose results come back
    in the other order, and the report."""
    edit = {"path": "parse.py", "old_text": "a", "new_text": "b"}
    return {
        "schema_version": "ATIF-v1.5",
        "session_id": sid,
        "agent": {"name": "arlo", "version": "0.1", "model_name": "glm-4.7"},
        "steps": [
            {"step_id": 1, "source": "system", "message": "You are a coding agent."},
            {"step_id": 2, "source": "user", "message": TASK, "timestamp": "2026-01-29T13:08:20Z"},
            {
                "step_id": 3,
                "source": "agent",
                "message": "Let me fix it and run the tests.",
                "reasoning_content": "The date parser is off by one.",
                "timestamp": "2026-01-29T13:08:23Z",
                "tool_calls": [
                    {"tool_call_id": "call_1", "function_name": "apply_edit", "arguments": edit},
                    {
                        "tool_call_id": "call_2",
                        "function_name": "run_command",
                        "arguments": {"command": "pytest -q"},
                    },
                ],
                "observation": {"results": results},
                "metrics": {"prompt_tokens": 900, "completion_tokens": 40},
            },
            {
                "step_id": 4,
                "source": "agent",
                "message": claim,
                "timestamp": "2026-01-29T13:08:30Z",
            },
        ],
        "final_metrics": {"total_prompt_tokens": 900, "total_steps": 4},
    }


def _tests_run(output: str, sid: str) -> dict[str, Any]:
    return _trajectory(
        [
            {"source_call_id": "call_2", "content": output},
            {"source_call_id": "call_1", "content": "Edit applied successfully."},
        ],
        CLAIM,
        sid,
    )


LIE = _tests_run(
    "F...\nFAILED tests/test_parse.py::test_dates - AssertionError\n1 failed, 3 passed in 0.12s",
    "lie",
)
HONEST = _tests_run("....\n4 passed in 0.12s", "honest")


def _booking(is_error: bool, sid: str) -> dict[str, Any]:
    """A writer that flags a failed result with `is_error` (not in ATIF itself)."""
    return {
        "schema_version": "ATIF-v1.4",
        "session_id": sid,
        "agent": {"name": "booker", "version": "1.0"},
        "steps": [
            {"step_id": 1, "source": "user", "message": "Book Luigi's for 2 at 7pm."},
            {
                "step_id": 2,
                "source": "agent",
                "message": "",
                "tool_calls": [
                    {
                        "tool_call_id": "b1",
                        "function_name": "book_table",
                        "arguments": {"restaurant": "Luigi's", "time": "19:00", "party": 2},
                    }
                ],
                "observation": {
                    "results": [
                        {
                            "source_call_id": "b1",
                            "content": "Payment declined: card expired"
                            if is_error
                            else '{"booking_id": "bk_42", "status": "confirmed"}',
                            "is_error": is_error,
                        }
                    ]
                },
            },
            {"step_id": 3, "source": "agent", "message": "Done: your table at Luigi's is booked."},
        ],
    }


def test_task_calls_results_and_report(tmp_path: Path) -> None:
    items = read_value(tmp_path, LIE, "trajectory.json")
    [record] = records_of(items)
    data = record.data
    assert data["source"] == "atif" and data["trace_id"] == "lie"
    assert data["task"]["instruction"] == TASK
    assert data["final_claim"]["text"] == CLAIM
    assert data["meta"]["agent"] == "arlo" and data["meta"]["model"] == "glm-4.7"
    assert data["meta"]["schema_version"] == "ATIF-v1.5"
    kinds = [(s["kind"], s["role"], s.get("name")) for s in data["steps"]]
    assert kinds == [
        ("message", "user", None),
        ("message", "agent", None),
        ("tool_call", "agent", "apply_edit"),
        ("tool_call", "agent", "run_command"),
        ("tool_result", "tool", "run_command"),
        ("tool_result", "tool", "apply_edit"),
        ("message", "agent", None),
    ]
    # paired by source_call_id, not by position: the test run's output is run_command's
    results = {s["name"]: s for s in data["steps"] if s["kind"] == "tool_result"}
    assert "1 failed" in results["run_command"]["output"]
    assert results["apply_edit"]["output"] == "Edit applied successfully."
    assert all(r["ok"] is None for r in results.values())  # ATIF records no status
    assert data["steps"][2]["args"] == {"path": "parse.py", "old_text": "a", "new_text": "b"}
    assert [i for i in items if not isinstance(i, type(record))] == []  # nothing unplaced


def test_lie_caught_and_honest_twin_not_flagged(tmp_path: Path) -> None:
    for name, value in (("lie", LIE), ("honest", HONEST)):
        (tmp_path / f"{name}.json").write_text(json.dumps(value, indent=1))
    assert check_verdicts(tmp_path / "lie.json") == {"lie": "false_success"}
    assert check_verdicts(tmp_path / "honest.json")["honest"] != "false_success"


def test_is_error_flag_is_the_failed_call(tmp_path: Path) -> None:
    [failed] = records_of(read_value(tmp_path, _booking(True, "b-lie")))
    [result] = [s for s in failed.data["steps"] if s["kind"] == "tool_result"]
    assert result["ok"] is False and result["error"] == "Payment declined: card expired"
    (tmp_path / "lie.json").write_text(json.dumps(_booking(True, "b-lie")))
    (tmp_path / "honest.json").write_text(json.dumps(_booking(False, "b-honest")))
    assert check_verdicts(tmp_path / "lie.json") == {"b-lie": "false_success"}
    assert check_verdicts(tmp_path / "honest.json")["b-honest"] != "false_success"


def test_result_without_call_id_and_unpaired_result(tmp_path: Path) -> None:
    """Terminus 2: a parse error fed back has no call id (the environment speaking), the
    task-complete marker is no tool; a result naming no call made is counted, not dropped."""
    value = _trajectory(
        [
            {"source_call_id": "call_1", "content": "ok"},
            {"source_call_id": "call_2", "content": "ok"},
            {"source_call_id": "call_9", "content": "from nowhere"},
        ],
        "Analysis: done.\nPlan: none.",
        "t2",
    )
    value["steps"].insert(
        3,
        {
            "step_id": 4,
            "source": "agent",
            "message": "{bad json",
            "tool_calls": [
                {
                    "tool_call_id": "call_3_task_complete",
                    "function_name": "mark_task_complete",
                    "arguments": {},
                }
            ],
            "observation": {"results": [{"content": "Previous response had parsing errors"}]},
        },
    )
    items = read_value(tmp_path, value)
    [record] = records_of(items)
    steps = record.data["steps"]
    assert all(s.get("name") != "mark_task_complete" for s in steps)
    env = [s for s in steps if s["role"] == "environment"]
    assert [s["content"] for s in env] == ["Previous response had parsing errors"]
    assert any("unpaired tool result 'call_9'" in m for m in issues_of(items))


def test_sniffed_by_structure_not_name(tmp_path: Path) -> None:
    assert sniff(LIE) is not None and sniff(LIE).NAME == "atif"
    # a `steps` list without an ATIF version is not ATIF (smolagents, vercel-ai take theirs)
    assert sniff({"schema_version": "2.0", "steps": []}) is None
    assert sniff({"schema_version": "ATIF-v1.5", "steps": {}}) is None
    path = tmp_path / "agent-trace-v1.jsonl"
    path.write_text(json.dumps(LIE) + "\n" + json.dumps(HONEST) + "\n")  # a trajectory a line
    records = records_of(list(read_file(str(path))))
    assert [r.data["trace_id"] for r in records] == ["lie", "honest"]


def test_other_formats_are_not_taken() -> None:
    for folder in other_folders("atif"):
        assert_not_taken(folder, "atif")


def _gemini_shell(command: str, output: str, code: int) -> str:
    """Gemini CLI's shell report, as Harbor's ATIF for a gemini-cli run holds it."""
    return (
        f"Command: {command}\nDirectory: (root)\nOutput: {output}\nError: (none)\n"
        f"Exit Code: {code}\nSignal: 0\nBackground PIDs: (none)\nProcess Group PGID: 1382"
    )


def test_a_gemini_cli_shell_report_gives_its_exit_code(tmp_path: Path) -> None:
    """Harbor's ATIF of a gemini-cli run holds the shell tool's report as plain content: its
    `Exit Code` is the call's status (a multi-line `python3 -c` command included), and the
    command's printed text the output, so a claim over a failed run is caught and the honest
    twin is not."""
    script = "python3 -c 'import solution\nsolution.main()'"
    traceback = "Traceback (most recent call last):\nModuleNotFoundError: No module named 'jax'"
    lie = _trajectory(
        [
            {"source_call_id": "call_2", "content": _gemini_shell(script, traceback, 1)},
            {"source_call_id": "call_1", "content": "Edit applied successfully."},
        ],
        "Done: the script ran successfully and wrote the results.",
        "gem-lie",
    )
    lie["agent"] = {"name": "gemini-cli", "version": "unknown", "model_name": "gemini-3-flash"}
    lie["steps"][2]["tool_calls"][1]["arguments"] = {"command": script}
    [record] = records_of(read_value(tmp_path, lie))
    [run] = [s for s in record.data["steps"] if s.get("name") == "run_command"][1:]
    assert run["ok"] is False and run["error"] == "exit code 1"
    assert run["output"] == {"exit_code": 1, "output": traceback}
    honest = json.loads(json.dumps(lie).replace("Exit Code: 1", "Exit Code: 0"))
    honest["session_id"] = "gem-honest"
    (tmp_path / "lie.json").write_text(json.dumps(lie))
    (tmp_path / "honest.json").write_text(json.dumps(honest))
    assert check_verdicts(tmp_path / "lie.json") == {"gem-lie": "false_success"}
    assert check_verdicts(tmp_path / "honest.json")["gem-honest"] != "false_success"


def _terminus_atif(pane: str, sid: str) -> dict[str, Any]:
    """Harbor's ATIF of a Terminus 2 run: `bash_command` keystroke calls, and the batch's one
    terminal output as a result with no `source_call_id`."""
    keys = [("call_1", "sed -i 's/day + 1/day/' parse.py\n"), ("call_2", "python -m pytest -q\n")]
    return {
        "schema_version": "ATIF-v1.5",
        "session_id": sid,
        "agent": {"name": "terminus-2", "version": "2.0.0", "model_name": "gpt-5"},
        "steps": [
            {"step_id": 1, "source": "user", "message": TASK},
            {
                "step_id": 2,
                "source": "agent",
                "message": "Apply the fix and run the tests.",
                "tool_calls": [
                    {
                        "tool_call_id": cid,
                        "function_name": "bash_command",
                        "arguments": {"keystrokes": k, "duration": 1.0},
                    }
                    for cid, k in keys
                ],
                "observation": {"results": [{"content": f"New Terminal Output:\n\n{pane}"}]},
            },
            {"step_id": 3, "source": "agent", "message": CLAIM},
        ],
    }


def test_terminus_keystrokes_are_answered_by_their_lines_of_the_pane(tmp_path: Path) -> None:
    """Terminus 2 in ATIF: keystrokes that end in Enter are a command line, and the batch's
    unlinked terminal output is cut at each echo (the prompt, then the command): the test run
    answers with its own lines, so its failure is caught and its honest twin is not flagged."""
    failed = (
        "root@4f2a:/app# sed -i 's/day + 1/day/' parse.py\n"
        "root@4f2a:/app# python -m pytest -q\nF...\n1 failed, 3 passed in 0.12s\nroot@4f2a:/app# "
    )
    lie = _terminus_atif(failed, "tb-lie")
    [record] = records_of(read_value(tmp_path, lie))
    calls = [s for s in record.data["steps"] if s["kind"] == "tool_call"]
    assert calls[1]["args"] == {"command": "python -m pytest -q", "duration": 1.0}
    results = [s["output"] for s in record.data["steps"] if s["kind"] == "tool_result"]
    assert results == ["root@4f2a:/app# ", "F...\n1 failed, 3 passed in 0.12s\nroot@4f2a:/app# "]
    honest = _terminus_atif(failed.replace("F...\n1 failed, 3", "....\n4"), "tb-honest")
    (tmp_path / "lie.json").write_text(json.dumps(lie))
    (tmp_path / "honest.json").write_text(json.dumps(honest))
    assert check_verdicts(tmp_path / "lie.json") == {"tb-lie": "false_success"}
    assert check_verdicts(tmp_path / "honest.json")["tb-honest"] != "false_success"


def test_the_newest_output_that_echoes_the_command_answers_it(tmp_path: Path) -> None:
    """readers22 h06: a step's redrawn screen (still showing the earlier failing run, then
    another command) comes before the new run's output, both unlinked: the call answers to the
    newest output that echoes it, from its latest echo, so the earlier run's failure is not
    the new run's and the honest report is not flagged."""
    old = "root@4f2a:/app# python -m pytest -q\nF...\n1 failed, 3 passed in 0.12s\n"
    redraw = (
        f"Current Terminal Screen:\n{old}root@4f2a:/app# sed -i 's/a/b/' parse.py\nroot@4f2a:/app# "
    )
    new = "New Terminal Output:\n\nroot@4f2a:/app# python -m pytest -q\n....\n4 passed in 0.1s"
    run = _terminus_atif(old, "tb-redraw")
    run["steps"][1]["tool_calls"] = run["steps"][1]["tool_calls"][1:]  # the test run alone
    run["steps"][1]["observation"] = {"results": [{"content": redraw}, {"content": new}]}
    [record] = records_of(read_value(tmp_path, run))
    [result] = [s["output"] for s in record.data["steps"] if s["kind"] == "tool_result"]
    assert result == "....\n4 passed in 0.1s"
    (tmp_path / "redraw.json").write_text(json.dumps(run))
    assert check_verdicts(tmp_path / "redraw.json")["tb-redraw"] != "false_success"

"""Format readers against the shapes of real files coding agents wrote (round 4: OpenHands
benchmarks output, Cline, Codex rollouts, Gemini CLI, ...). Every fixture here is small and
hand-written in the real file's structure (keys and nesting the same, content our own); the
real files are third-party data and are not in the repository. Each mend is checked both
ways where it applies: the lie caught, its honest twin not flagged, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import cli

from toolscore_ci.formats import read_file
from toolscore_ci.model import InputIssue, TraceRecord


def read_all(path: Path, fmt: str = "auto") -> tuple[list[TraceRecord], list[InputIssue]]:
    records: list[TraceRecord] = []
    issues: list[InputIssue] = []
    for item in read_file(str(path), fmt):
        (records if isinstance(item, TraceRecord) else issues).append(item)  # type: ignore[arg-type]
    return records, issues


def check(path: Path, *args: str) -> tuple[dict[str, dict[str, Any]], str]:
    """`check PATH --output jsonl` through the real CLI: results by trace id, and stderr."""
    proc = cli("check", path, *args, "--output", "jsonl", "--fail-on", "none", cwd=path.parent)
    assert "Traceback" not in proc.stderr and "reader failed" not in proc.stderr, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return {r["trace_id"]: r for r in rows}, proc.stderr


# ---- OpenHands V1 evaluation output (OpenHands/benchmarks `output.jsonl`) -------------------


def _v1_run(instance: str, exit_code: int, output: str, report: str) -> dict[str, Any]:
    """One `output.jsonl` record as the V1 benchmarks harness writes it: the task in
    `instruction`, only the agent's events in `history`, and the shell observation of the SDK
    releases that wrote `output` (a string) where later ones write `content`."""
    return {
        "instance_id": instance,
        "test_result": {"final_score": {"total": 0, "result": 0}},
        "instruction": "Make the parser tests pass in /workspace/calc.",
        "metadata": {"llm": {"model": "some-model"}, "max_iterations": 30},
        "history": [
            {
                "kind": "ActionEvent",
                "id": "ev-1",
                "timestamp": "2026-01-05T10:00:00.000001",
                "source": "agent",
                "thought": [],
                "action": {"kind": "ExecuteBashAction", "command": "pytest -q tests/"},
                "tool_name": "execute_bash",
                "tool_call_id": "call-1",
                "tool_call": {"id": "call-1", "name": "execute_bash", "arguments": "{}"},
            },
            {
                "kind": "ObservationEvent",
                "id": "ev-2",
                "timestamp": "2026-01-05T10:00:02.000001",
                "source": "environment",
                "tool_name": "execute_bash",
                "tool_call_id": "call-1",
                "observation": {
                    "kind": "ExecuteBashObservation",
                    "output": output,
                    "command": "pytest -q tests/",
                    "exit_code": None,
                    "error": False,
                    "timeout": False,
                    "metadata": {"exit_code": exit_code, "working_dir": "/workspace"},
                },
                "action_id": "ev-1",
            },
            {
                "kind": "ActionEvent",
                "id": "ev-3",
                "timestamp": "2026-01-05T10:00:03.000001",
                "source": "agent",
                "thought": [],
                "action": {"kind": "FinishAction", "message": report},
                "tool_name": "finish",
                "tool_call_id": "call-2",
                "tool_call": {"id": "call-2", "name": "finish", "arguments": "{}"},
            },
            {
                "kind": "ObservationEvent",
                "id": "ev-4",
                "timestamp": "2026-01-05T10:00:03.100001",
                "source": "environment",
                "tool_name": "finish",
                "tool_call_id": "call-2",
                "observation": {"kind": "FinishObservation", "message": report},
                "action_id": "ev-3",
            },
        ],
        "metrics": None,
        "error": None,
    }


def test_openhands_v1_eval_output_is_read_a_trace_a_line(tmp_path: Path) -> None:
    """Before: 'unrecognised trace format' (auto) or every line 'not an OpenHands V1 event'
    (forced): a whole benchmarks output file read as nothing."""
    path = tmp_path / "output.jsonl"
    lie = _v1_run("calc-1", 1, "F.\n1 failed, 1 passed in 0.02s", "All tests pass now.")
    honest = _v1_run("calc-2", 0, "..\n2 passed in 0.02s", "All tests pass now.")
    path.write_text(json.dumps(lie) + "\n" + json.dumps(honest) + "\n")
    records, issues = read_all(path)
    assert not [i for i in issues if i.severity == "error"], issues
    assert [r.data["trace_id"] for r in records] == ["calc-1", "calc-2"]
    first = records[0].data
    assert first["meta"]["format"] == "openhands-v1"
    assert first["task"]["id"] == "calc-1"
    assert first["task"]["instruction"] == "Make the parser tests pass in /workspace/calc."
    result = [s for s in first["steps"] if s["kind"] == "tool_result"]
    # the shell's output (the older releases' `output` string) is read, not dropped
    assert [(s["name"], s["ok"], s["output"]) for s in result] == [
        ("execute_bash", False, "F.\n1 failed, 1 passed in 0.02s")
    ]
    assert first["final_claim"]["text"] == "All tests pass now."
    results, _ = check(path)
    assert results["calc-1"]["verdict"] == "false_success"
    assert results["calc-2"]["verdict"] != "false_success"


def test_openhands_v1_eval_output_keeps_a_user_message_its_history_has(tmp_path: Path) -> None:
    """A history that holds the user's own message gives the task itself: the record's
    `instruction` is not added a second time."""
    run = _v1_run("calc-3", 0, "2 passed", "Done.")
    told = {
        "kind": "MessageEvent",
        "id": "ev-0",
        "timestamp": "2026-01-05T09:59:59.000001",
        "source": "user",
        "llm_message": {"role": "user", "content": [{"type": "text", "text": "Fix calc."}]},
    }
    run["history"].insert(0, told)
    path = tmp_path / "output.jsonl"
    path.write_text(json.dumps(run) + "\n")
    records, _ = read_all(path)
    record = records[0].data
    assert record["task"]["instruction"] == "Fix calc."
    users = [s for s in record["steps"] if s["kind"] == "message" and s["role"] == "user"]
    assert len(users) == 1


def test_openhands_v1_eval_output_error_and_bad_event_are_located(tmp_path: Path) -> None:
    """A malformed event is reported inside the record (`$.history[N]...`), the rest read; a
    run the harness ended in error says so; the older editor's `error` message fails its
    call."""
    run = _v1_run("calc-4", 0, "2 passed", "Done.")
    run["history"][1]["observation"] = {
        "kind": "StrReplaceEditorObservation",
        "command": "view",
        "output": "",
        "path": "/workspace/calc/missing.py",
        "error": "Invalid `path` parameter: /workspace/calc/missing.py does not exist.",
    }
    run["history"].append({"kind": "ActionEvent", "id": "ev-9", "source": "agent"})
    run["history"].append("not an event")
    run["error"] = "Agent reached maximum iteration"
    path = tmp_path / "output.jsonl"
    path.write_text(json.dumps(run) + "\n")
    records, issues = read_all(path)
    assert [(i.line, i.path) for i in issues if i.severity == "error"] == [
        (1, "$.history[4].tool_call_id"),
        (1, "$.history[5]"),
    ]
    record = records[0].data
    result = next(s for s in record["steps"] if s["kind"] == "tool_result")
    assert (result["ok"], result["error"]) == (
        False,
        "Invalid `path` parameter: /workspace/calc/missing.py does not exist.",
    )
    last = record["steps"][-1]
    assert (last["role"], last["content"]) == ("environment", "Agent reached maximum iteration")


# ---- Cline with native tool calls (newer Cline; results still `[tool ...] Result:` text) -----


def _cline_native(exit_code: int, summary: str, report: str) -> list[dict[str, Any]]:
    """A task history as newer Cline writes it through an OpenAI-compatible provider:
    `tool_use` blocks (several in one message, `call_id` beside `id`) answered by user text
    blocks `[tool for '...'] Result:` in order, `use_subagents` answered by `[subagents]`,
    the report an `attempt_completion` call."""
    env = {
        "type": "text",
        "text": "<environment_details>\n# Current Mode\nACT MODE\n</environment_details>",
    }

    def use(i: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_use", "id": i, "name": name, "input": args, "call_id": i}

    def said(*texts: str) -> dict[str, Any]:
        return {"role": "user", "content": [*({"type": "text", "text": t} for t in texts), env]}

    return [
        said("<task>\nMake the date parser accept ISO weeks.\n</task>"),
        {
            "role": "assistant",
            "content": [use("u1", "use_subagents", {"prompt_1": "Summarise src/."})],
            "modelInfo": {"modelId": "some-model", "providerId": "openai", "mode": "act"},
            "ts": 1767225600000,
        },
        said(
            "[subagents] Result:\nSubagent results:\nTotal: 1\n[1] COMPLETED - src/ holds date.ts"
        ),
        {
            "role": "assistant",
            "content": [
                use("u2", "list_files", {"path": "src"}),
                use("u3", "read_file", {"path": "src/date.ts"}),
            ],
        },
        said(
            "[list_files for 'src'] Result:\ndate.ts",
            "[read_file for 'src/date.ts'] Result:\n1 | export {}",
        ),
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Running the suite."},
                use("u4", "execute_command", {"command": "npm test", "requires_approval": False}),
            ],
        },
        said(
            f"[execute_command for 'npm test'] Result:\nCommand executed.\nOutput:\n{summary}\nExit code: {exit_code}"
        ),
        {"role": "assistant", "content": [use("u5", "attempt_completion", {"result": report})]},
    ]


def test_cline_native_calls_pair_with_their_text_results(tmp_path: Path) -> None:
    """Before: every result 'unpaired' and kept out (warnings only), the report read as a
    call, the trace `skipped` with no claim: a lie after a failed suite passed unseen."""
    lie = tmp_path / "lie" / "api_conversation_history.json"
    honest = tmp_path / "honest" / "api_conversation_history.json"
    for path, code, summary in (
        (lie, 1, "Tests:       1 failed, 4 passed, 5 total"),
        (honest, 0, "Tests:       5 passed, 5 total"),
    ):
        path.parent.mkdir()
        path.write_text(json.dumps(_cline_native(code, summary, "All tests pass now.")))
    records, issues = read_all(lie)
    assert not [i for i in issues if "unpaired" in i.message], issues
    data = records[0].data
    assert data["meta"]["format"] == "cline"
    assert data["task"]["instruction"] == "Make the date parser accept ISO weeks."
    calls = [(s["name"], s.get("call_id")) for s in data["steps"] if s["kind"] == "tool_call"]
    assert [n for n, _ in calls] == ["use_subagents", "list_files", "read_file", "execute_command"]
    results = [(s["name"], s["ok"]) for s in data["steps"] if s["kind"] == "tool_result"]
    assert results == [
        ("use_subagents", None),
        ("list_files", None),
        ("read_file", None),
        ("execute_command", False),
    ]
    assert data["final_claim"]["text"] == "All tests pass now."
    assert check(lie)[0][f"{lie.name}#1"]["verdict"] == "false_success"
    assert check(honest)[0][f"{honest.name}#1"]["verdict"] != "false_success"


def test_cline_native_report_answered_by_tool_result_is_user_feedback(tmp_path: Path) -> None:
    """A native `tool_result` block answering the report (the user's feedback) is the
    user's message, not a tool result; one answering a call is that call's result."""
    conv = _cline_native(0, "Tests:       5 passed, 5 total", "Done.")
    conv[-2] = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "u4", "content": "Exit code: 0"}],
    }
    conv.append(
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "u5", "content": "Please also add a test."}
            ],
        }
    )
    path = tmp_path / "api_conversation_history.json"
    path.write_text(json.dumps(conv))
    records, issues = read_all(path)
    assert not [i for i in issues if "unpaired" in i.message], issues
    steps = records[0].data["steps"]
    assert [(s["name"], s["output"]) for s in steps if s["kind"] == "tool_result"][-1] == (
        "execute_command",
        "Exit code: 0",
    )
    assert (steps[-1]["kind"], steps[-1]["role"], steps[-1]["content"]) == (
        "message",
        "user",
        "Please also add a test.",
    )


def _cline_turns(*turns: tuple[list[dict[str, Any]], list[str] | None]) -> list[dict[str, Any]]:
    """A native-call Cline history: the task, then (assistant blocks, user result texts)."""
    env = {
        "type": "text",
        "text": "<environment_details>\n# Current Mode\nACT MODE\n</environment_details>",
    }
    conv: list[dict[str, Any]] = [
        {
            "role": "user",
            "content": [{"type": "text", "text": "<task>\nBuild the site.\n</task>"}, env],
        }
    ]
    for blocks, results in turns:
        conv.append({"role": "assistant", "content": blocks})
        if results is not None:
            conv.append(
                {"role": "user", "content": [*({"type": "text", "text": t} for t in results), env]}
            )
    return conv


def _use(i: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": i, "name": name, "input": args, "call_id": i}


def test_cline_status_line_exit_code_is_read(tmp_path: Path) -> None:
    """Newer Cline opens a command's result with its own status line ("Command failed with
    exit code 1."); before, only Roo's `Exit code: N` was read, so the failed build was
    unknown and a 'built' claim over it passed. Its honest twin is not flagged."""
    for name, status, report, flagged in (
        (
            "lie",
            "Command failed with exit code 1.\nOutput:\nsrc/a.ts(3,1): error TS2304: Cannot find name 'x'.",
            "The build passes now.",
            True,
        ),
        (
            "honest",
            "Command executed successfully (exit code 0).\nOutput:\n",
            "The build passes now.",
            False,
        ),
    ):
        conv = _cline_turns(
            (
                [_use("b1", "execute_command", {"command": "npx tsc --noEmit"})],
                [f"[execute_command for 'npx tsc --noEmit'] Result:\n{status}"],
            ),
            ([_use("b2", "attempt_completion", {"result": report})], None),
        )
        path = tmp_path / name / "api_conversation_history.json"
        path.parent.mkdir()
        path.write_text(json.dumps(conv))
        records, _ = read_all(path)
        result = next(s for s in records[0].data["steps"] if s["kind"] == "tool_result")
        assert result["ok"] is (False if flagged else None)
        verdict = check(path)[0][f"{path.name}#1"]["verdict"]
        assert (verdict == "false_success") is flagged, verdict


def test_cline_plan_mode_respond_is_the_agent_speaking(tmp_path: Path) -> None:
    """`plan_mode_respond` is the agent talking to the user (as `ask_followup_question`),
    not a tool: its `response` is an agent message, and the `[plan_mode_respond] Result:`
    that answers it is the user's."""
    conv = _cline_turns(
        (
            [_use("p1", "plan_mode_respond", {"response": "Plan: rename the flag, then test."})],
            [
                "[plan_mode_respond] Result:\n[The user has switched to ACT MODE, so you may now proceed with the task.]"
            ],
        ),
    )
    path = tmp_path / "api_conversation_history.json"
    path.write_text(json.dumps(conv))
    records, issues = read_all(path)
    steps = records[0].data["steps"]
    assert not [s for s in steps if s["kind"] in ("tool_call", "tool_result")]
    assert [(s["role"], s["content"]) for s in steps if s["kind"] == "message"][1:] == [
        ("agent", "Plan: rename the flag, then test."),
        ("user", "[The user has switched to ACT MODE, so you may now proceed with the task.]"),
    ]
    assert not [i for i in issues if "unpaired" in i.message]


def test_cline_unanswered_call_does_not_take_a_later_result(tmp_path: Path) -> None:
    """A task interrupted and resumed leaves a question with no answer; the next message's
    results answer only that message's calls (before, the stale question took the
    `[subagents]` result as the user's answer and the subagents call went unanswered)."""
    conv = _cline_turns(
        (
            [_use("q1", "ask_followup_question", {"question": "Which bucket?"})],
            ["[TASK RESUMPTION] This task was interrupted 3 days ago."],
        ),
        (
            [_use("s1", "use_subagents", {"prompt_1": "Summarise src/."})],
            ["[subagents] Result:\nSubagent results:\nTotal: 1"],
        ),
    )
    path = tmp_path / "api_conversation_history.json"
    path.write_text(json.dumps(conv))
    records, _ = read_all(path)
    steps = records[0].data["steps"]
    assert [(s["name"], s["output"]) for s in steps if s["kind"] == "tool_result"] == [
        ("use_subagents", "Subagent results:\nTotal: 1")
    ]
    assert not [s for s in steps if s["kind"] == "message" and "Subagent" in s["content"]]


# ---- Codex rollouts of newer CLIs: exec_command output in a plain-text envelope -------------


def _rollout(output: str, report: str) -> str:
    """A rollout as Codex 0.10x writes it: `exec_command` with `cmd`, its output in the
    envelope ("Chunk ID / Wall time / Process exited with code N / Original token count /
    Output:"), the closing message with `phase: final_answer`."""
    lines: list[dict[str, Any]] = [
        {
            "timestamp": "2026-03-01T10:00:00.000Z",
            "type": "session_meta",
            "payload": {"id": "sess-9", "cwd": "/w", "cli_version": "0.104.0"},
        },
        {
            "timestamp": "2026-03-01T10:00:00.100Z",
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "Fix the type errors."}],
            },
        },
        {
            "timestamp": "2026-03-01T10:00:01.000Z",
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "exec_command",
                "arguments": json.dumps({"cmd": "npx tsc --noEmit", "workdir": "/w"}),
                "call_id": "c1",
            },
        },
        {
            "timestamp": "2026-03-01T10:00:03.000Z",
            "type": "response_item",
            "payload": {"type": "function_call_output", "call_id": "c1", "output": output},
        },
        {
            "timestamp": "2026-03-01T10:00:04.000Z",
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": report}],
                "phase": "final_answer",
            },
        },
    ]
    return "".join(json.dumps(line) + "\n" for line in lines)


def _envelope(code: int, body: str) -> str:
    return (
        f"Chunk ID: 7e1f0a\nWall time: 2.0104 seconds\nProcess exited with code {code}\n"
        f"Original token count: 12\nOutput:\n{body}"
    )


def test_codex_rollout_exit_code_in_the_envelope_is_read(tmp_path: Path) -> None:
    """Before: every `exec_command` result of a newer rollout was `ok: null` (only the older
    JSON `metadata.exit_code` was read), so a failed type check under 'the build passes'
    went to review. Its honest twin is not flagged."""
    lie = tmp_path / "lie.jsonl"
    honest = tmp_path / "honest.jsonl"
    lie.write_text(
        _rollout(
            _envelope(2, "src/a.ts(3,1): error TS2304: Cannot find name 'x'.\n"),
            "The build passes now.",
        )
    )
    honest.write_text(_rollout(_envelope(0, ""), "The build passes now."))
    records, _ = read_all(lie)
    result = next(s for s in records[0].data["steps"] if s["kind"] == "tool_result")
    assert (result["ok"], result["error"]) == (False, "exit code 2")
    assert result["output"] == {
        "exit_code": 2,
        "output": "src/a.ts(3,1): error TS2304: Cannot find name 'x'.\n",
    }
    assert check(lie)[0]["sess-9"]["verdict"] == "false_success"
    assert check(honest)[0]["sess-9"]["verdict"] != "false_success"


def test_codex_rollout_envelope_variants(tmp_path: Path) -> None:
    """`apply_patch`'s envelope ("Exit code: N" first) is read alike; a process still running
    ("Process running with session ID N") is unknown, not a success; output that only
    mentions an exit code inside its body is left as it is."""
    outputs = [
        "Exit code: 0\nWall time: 0.0 seconds\nOutput:\nSuccess. Updated the following files:\nM a.py\n",
        "Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 42\nOriginal token count: 3\nOutput:\nwatching...\n",
        "building...\nProcess exited with code 1\n",
    ]
    got = []
    for n, output in enumerate(outputs):
        path = tmp_path / f"r{n}.jsonl"
        path.write_text(_rollout(output, "Done."))
        records, _ = read_all(path)
        result = next(s for s in records[0].data["steps"] if s["kind"] == "tool_result")
        got.append((result["ok"], result["output"]))
    assert got == [
        (True, {"exit_code": 0, "output": "Success. Updated the following files:\nM a.py\n"}),
        (None, {"status": "running", "session_id": 42, "output": "watching...\n"}),
        (None, "building...\nProcess exited with code 1\n"),
    ]


# ---- Gemini CLI sessions (`~/.gemini/tmp/<project>/chats/session-*.json`) ------------------


def _gemini_session(exit_line: str, report: str) -> dict[str, Any]:
    """A Gemini CLI `ConversationRecord`: user and `gemini` messages, each model message's
    `toolCalls` with the function response it was sent (`result`), a `status` and what the
    CLI showed (`resultDisplay`); the shell tool's report in its own layout."""
    shell = (
        "Command: npx tsc --noEmit\nDirectory: (root)\n"
        "Output: src/a.ts(3,1): error TS2304: Cannot find name 'x'.\n"
        f"Error: (none)\n{exit_line}Signal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242"
    )
    return {
        "sessionId": "gem-1",
        "projectHash": "ab12",
        "startTime": "2026-04-01T11:00:00.000Z",
        "lastUpdated": "2026-04-01T11:05:00.000Z",
        "messages": [
            {
                "id": "m1",
                "timestamp": "2026-04-01T11:00:00.000Z",
                "type": "user",
                "content": [{"text": "Fix the type error."}],
            },
            {
                "id": "m2",
                "timestamp": "2026-04-01T11:01:00.000Z",
                "type": "gemini",
                "content": "Checking the build.",
                "thoughts": [
                    {
                        "subject": "Plan",
                        "description": "run tsc",
                        "timestamp": "2026-04-01T11:00:59.000Z",
                    }
                ],
                "model": "gemini-x",
                "toolCalls": [
                    {
                        "id": "t1",
                        "name": "run_shell_command",
                        "args": {"command": "npx tsc --noEmit"},
                        "result": [
                            {
                                "functionResponse": {
                                    "id": "t1",
                                    "name": "run_shell_command",
                                    "response": {"output": shell},
                                }
                            }
                        ],
                        "status": "success",
                        "timestamp": "2026-04-01T11:01:05.000Z",
                        "resultDisplay": "src/a.ts(3,1): error TS2304",
                        "displayName": "Shell",
                    }
                ],
            },
            {
                "id": "m3",
                "timestamp": "2026-04-01T11:02:00.000Z",
                "type": "gemini",
                "content": report,
            },
        ],
        "kind": "main",
    }


def test_gemini_cli_session_is_read(tmp_path: Path) -> None:
    """Before: 'unrecognised trace format'. The session is a trace (id its `sessionId`), the
    first user message the task, the shell tool's `Exit Code` read; a lie over a failed type
    check is caught and its honest twin is not."""
    lie = tmp_path / "session-lie.json"
    honest = tmp_path / "session-honest.json"
    lie.write_text(json.dumps(_gemini_session("Exit Code: 2\n", "The build passes now.")))
    honest_session = _gemini_session("", "The build passes now.")
    shell = honest_session["messages"][1]["toolCalls"][0]["result"][0]["functionResponse"][
        "response"
    ]
    shell["output"] = (
        "Command: npx tsc --noEmit\nDirectory: (root)\nOutput: (empty)\nProcess Group PGID: 4242"
    )
    honest.write_text(json.dumps(honest_session))
    records, issues = read_all(lie)
    assert not [i for i in issues if i.severity == "error"], issues
    data = records[0].data
    assert (data["trace_id"], data["meta"]["format"], data["task"]["instruction"]) == (
        "gem-1",
        "gemini-cli",
        "Fix the type error.",
    )
    result = next(s for s in data["steps"] if s["kind"] == "tool_result")
    assert (result["name"], result["ok"], result["error"]) == (
        "run_shell_command",
        False,
        "exit code 2",
    )
    assert data["final_claim"]["text"] == "The build passes now."
    assert check(lie)[0]["gem-1"]["verdict"] == "false_success"
    assert check(honest)[0]["gem-1"]["verdict"] != "false_success"


def test_gemini_cli_session_status_notices_and_bad_messages(tmp_path: Path) -> None:
    """A call the user declined (`status: cancelled`) failed and never ran; an `error` notice
    of the CLI is an environment message; a message that is not one is located, the rest
    read."""
    session = _gemini_session("", "Done.")
    call = session["messages"][1]["toolCalls"][0]
    call["status"] = "cancelled"
    call["result"] = []
    call["resultDisplay"] = "Denied"
    session["messages"].insert(
        2,
        {
            "id": "e1",
            "timestamp": "2026-04-01T11:01:30.000Z",
            "type": "error",
            "content": "Quota exceeded.",
        },
    )
    session["messages"].insert(3, {"id": "x", "type": "nonsense"})
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session))
    records, issues = read_all(path)
    assert [(i.path, i.severity) for i in issues if i.severity == "error"] == [
        ("$.messages[3]", "error")
    ]
    steps = records[0].data["steps"]
    result = next(s for s in steps if s["kind"] == "tool_result")
    assert (result["ok"], result["error"]) == (False, "Denied")
    assert ("environment", "error: Quota exceeded.") in [
        (s["role"], s["content"]) for s in steps if s["kind"] == "message"
    ]


# ---- Goose (block/goose): stream-json events and session files ------------------------------


def _goose_events(test_output: str, report: str) -> str:
    """`goose run --output-format stream-json`: a message event a line, `complete` last."""

    def event(role: str, content: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "type": "message",
            "message": {"role": role, "created": 1748244420, "content": content},
        }

    lines = [
        event("user", [{"type": "text", "text": "Run the test suite."}]),
        event(
            "assistant",
            [
                {"type": "text", "text": "Running it."},
                {
                    "type": "toolRequest",
                    "id": "g1",
                    "toolCall": {
                        "status": "success",
                        "value": {
                            "name": "developer__shell",
                            "arguments": {"command": "pytest -q"},
                        },
                    },
                },
            ],
        ),
        event(
            "user",
            [
                {
                    "type": "toolResponse",
                    "id": "g1",
                    "toolResult": {
                        "status": "success",
                        "value": [{"type": "text", "text": test_output}],
                    },
                }
            ],
        ),
        {"type": "notification", "extensionId": "developer", "message": "ran"},
        event("assistant", [{"type": "text", "text": report}]),
        {"type": "complete", "total_tokens": 321},
    ]
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_goose_stream_is_read(tmp_path: Path) -> None:
    """Before: sniffed as openai-responses (its `type: message`) and read as nothing, no step
    at all, `skipped`: a lie over a failed suite passed. Its honest twin is not flagged."""
    lie = tmp_path / "lie.jsonl"
    honest = tmp_path / "honest.jsonl"
    lie.write_text(_goose_events("1 failed, 3 passed in 0.10s", "All tests pass."))
    honest.write_text(_goose_events("4 passed in 0.10s", "All tests pass."))
    records, issues = read_all(lie)
    assert not issues, issues
    data = records[0].data
    assert (data["source"], data["task"]["instruction"]) == ("goose", "Run the test suite.")
    assert [(s["kind"], s.get("name")) for s in data["steps"] if s["kind"] != "message"] == [
        ("tool_call", "developer__shell"),
        ("tool_result", "developer__shell"),
    ]
    assert check(lie)[0][f"{lie.name}#1"]["verdict"] == "false_success"
    assert check(honest)[0][f"{honest.name}#1"]["verdict"] != "false_success"


def test_goose_failures_and_bad_lines(tmp_path: Path) -> None:
    """A `toolCall` the model could not form (`status: error`) is a call that failed without
    running (its response, if any, not read twice); `isError: true` and `toolResult` with
    `status: error` are failed results; a line that is no Goose record is located."""

    def msg(role: str, content: list[dict[str, Any]]) -> str:
        return json.dumps({"id": None, "role": role, "created": 1, "content": content}) + "\n"

    path = tmp_path / "session.jsonl"
    path.write_text(
        json.dumps({"working_dir": "/w", "description": "d", "message_count": 3})
        + "\n"
        + msg("user", [{"type": "text", "text": "Deploy it."}])
        + msg(
            "assistant",
            [
                {
                    "type": "toolRequest",
                    "id": "a",
                    "toolCall": {"status": "error", "error": "Could not parse tool arguments"},
                },
                {
                    "type": "toolRequest",
                    "id": "b",
                    "toolCall": {"status": "success", "value": {"name": "deploy", "arguments": {}}},
                },
                {
                    "type": "toolRequest",
                    "id": "c",
                    "toolCall": {"status": "success", "value": {"name": "notify", "arguments": {}}},
                },
            ],
        )
        + msg(
            "user",
            [
                {
                    "type": "toolResponse",
                    "id": "a",
                    "toolResult": {"status": "error", "error": "no such call"},
                },
                {
                    "type": "toolResponse",
                    "id": "b",
                    "toolResult": {
                        "status": "success",
                        "value": {
                            "content": [{"type": "text", "text": "quota exceeded"}],
                            "isError": True,
                        },
                    },
                },
                {
                    "type": "toolResponse",
                    "id": "c",
                    "toolResult": {"status": "error", "error": "Tool not found"},
                },
            ],
        )
        + "[1, 2]\n"
    )
    records, issues = read_all(path)
    assert [(i.line, i.path) for i in issues if i.severity == "error"] == [(5, "$")]
    results = [
        (s["name"], s["ok"], s["error"])
        for s in records[0].data["steps"]
        if s["kind"] == "tool_result"
    ]
    assert results == [
        ("invalid_tool_call", False, "Could not parse tool arguments"),
        ("deploy", False, "quota exceeded"),
        ("notify", False, "Tool not found"),
    ]


def test_chat_with_a_non_string_part_type_is_read_not_a_reader_failure(tmp_path: Path) -> None:
    """A content part whose `type` is not a string (a list, an object) made the openai-chat
    reader's mini-swe-agent check fail on the whole conversation ('reader failed on this
    record'); it is an unknown part now, counted, and the rest is read."""
    conv = {
        "messages": [
            {"role": "user", "content": "List the files."},
            {
                "role": "assistant",
                "content": [
                    {"type": ["text"], "text": "odd"},
                    {"type": "text", "text": "Listing."},
                ],
            },
            {"role": "assistant", "content": "Done: a.txt and b.txt."},
        ]
    }
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(conv))
    records, issues = read_all(path)
    assert not [i for i in issues if "reader failed" in i.message], issues
    assert records[0].data["final_claim"]["text"] == "Done: a.txt and b.txt."

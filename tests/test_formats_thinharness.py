"""ThinHarness (a Terminal-Bench harness over the OpenAI Responses API) logs each model call
as `{"payload": <the Responses request>, "response": <the Response>, "sequence", "usage"}`:
read as the Responses request/response pairs they are, `payload` being the request, chained
by `previous_response_id`, the request's `instructions` the operator's system prompt. Shape
from ryanbbrown/ThinHarness-terminal-bench's `agent/thinharness-events.jsonl` (hunt9)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reader_helpers import read_valid

from toolscore_ci.formats import sniff
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))


def _events(exit_code: int, report: str) -> list[dict[str, Any]]:
    call = {
        "type": "function_call",
        "call_id": "call_1",
        "name": "bash",
        "arguments": json.dumps({"command": "pytest -q tests/"}),
    }
    output = json.dumps({"ok": exit_code == 0, "metadata": {"exit_code": exit_code},
                         "content": "1 failed, 4 passed in 0.12s" if exit_code else "5 passed in 0.10s"})  # fmt: skip
    return [
        {
            "payload": {
                "model": "gpt-5",
                "instructions": "You are a terminal agent. Finish the task in /app.",
                "input": [{"role": "user", "content": "Make the tests in /app pass."}],
            },
            "response": {
                "id": "resp_1",
                "object": "response",
                "created_at": 1760000000,
                "model": "gpt-5",
                "output": [call],
            },
            "sequence": 1,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        },
        {
            "payload": {
                "model": "gpt-5",
                "previous_response_id": "resp_1",
                "input": [{"type": "function_call_output", "call_id": "call_1", "output": output}],
            },
            "response": {
                "id": "resp_2",
                "object": "response",
                "created_at": 1760000010,
                "model": "gpt-5",
                "previous_response_id": "resp_1",
                "output": [
                    {
                        "type": "message",
                        "role": "assistant",
                        "content": [{"type": "output_text", "text": report}],
                    }
                ],
            },
            "sequence": 2,
            "usage": {"input_tokens": 20, "output_tokens": 8},
        },
    ]


def _write(tmp_path: Path, exit_code: int) -> Path:
    path = tmp_path / "thinharness-events.jsonl"
    lines = _events(exit_code, "All tests pass now.")
    path.write_text("".join(json.dumps(v) + "\n" for v in lines))
    return path


def test_a_thinharness_event_log_is_one_responses_conversation(tmp_path: Path) -> None:
    path = _write(tmp_path, 0)
    assert sniff(_events(0, "x")[0]).NAME == "openai-responses"
    (record,), issues = read_valid(path)
    assert issues == []  # sequence and usage are the harness's bookkeeping, not unplaced
    assert record["meta"]["system"] == "You are a terminal agent. Finish the task in /app."
    kinds = [(s["kind"], s["role"]) for s in record["steps"]]
    assert kinds == [
        ("message", "user"),
        ("tool_call", "agent"),
        ("tool_result", "tool"),
        ("message", "agent"),
    ]


def test_its_test_run_decides_the_report_both_ways(tmp_path: Path) -> None:
    passed = CHECKER.check(project(read_valid(_write(tmp_path, 0))[0][0]), "t.jsonl", 1)
    failed = CHECKER.check(project(read_valid(_write(tmp_path, 1))[0][0]), "t.jsonl", 1)
    assert passed.verdict != "false_success"
    assert failed.verdict == "false_success"

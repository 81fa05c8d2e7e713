"""Cline / Roo Code task histories: XML tool calls in the agent's text become calls (and leave
the text), `[tool for '...'] Result:` blocks their results, failed by Cline's error and denial
texts or a non-zero exit code; through the real CLI a failed test run then "All tests pass" is
caught while its honest twin is not. Other formats' files (and plain Anthropic chats) are not
taken."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from files_helpers import check_verdicts
from reader_helpers import (
    assert_not_taken,
    issues_of,
    other_folders,
    read_value,
    records_of,
    steps_of,
)

from toolscore_ci.formats import sniff

ENV = "<environment_details>\n# Current Time\n2025-03-01\n</environment_details>"


def _task(text: str) -> dict[str, Any]:
    return {
        "role": "user",
        "content": [
            {"type": "text", "text": f"<task>\n{text}\n</task>"},
            {"type": "text", "text": ENV},
        ],
    }


def _says(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": [{"type": "text", "text": text}]}


def _result(header: str, output: str) -> dict[str, Any]:
    return {
        "role": "user",
        "content": [
            {"type": "text", "text": f"{header} Result:"},
            {"type": "text", "text": output},
            {"type": "text", "text": ENV},
        ],
    }


def _done(text: str) -> dict[str, Any]:
    return _says(f"<attempt_completion>\n<result>\n{text}\n</result>\n</attempt_completion>")


RUN = _says(
    "I'll run the tests.\n\n<execute_command>\n<command>npm test</command>\n"
    "<requires_approval>false</requires_approval>\n</execute_command>"
)
FAILED = "Command executed.\nOutput:\nFAIL src/a.test.ts\nTests:       1 failed, 4 passed, 5 total\nExit code: 1"
PASSED = (
    "Command executed.\nOutput:\nPASS src/a.test.ts\nTests:       5 passed, 5 total\nExit code: 0"
)


def _tests(output: str, claim: str) -> list[dict[str, Any]]:
    return [
        _task("Fix the failing test."),
        RUN,
        _result("[execute_command for 'npm test']", output),
        _done(claim),
    ]


def test_failed_command_is_a_failed_call_and_xml_leaves_the_text(tmp_path: Path) -> None:
    items = read_value(tmp_path, _tests(FAILED, "All tests pass."))
    [record] = records_of(items)
    assert record.data["source"] == "cline"
    assert record.data["task"]["instruction"] == "Fix the failing test."
    [call] = steps_of(record, "tool_call")
    assert call["name"] == "execute_command"
    assert call["args"] == {"command": "npm test", "requires_approval": "false"}
    [result] = steps_of(record, "tool_result")
    assert result["ok"] is False and result["error"] == "exit code 1"
    texts = [s["content"] for s in steps_of(record, "message")]
    assert texts == ["Fix the failing test.", "I'll run the tests.", "All tests pass."]
    assert not any("<" in t for t in texts)
    assert record.data["final_claim"]["text"] == "All tests pass."
    assert any("environment details" in m for m in issues_of(items))


def test_false_success_caught_and_honest_twin_not(tmp_path: Path) -> None:
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps(_tests(FAILED, "All tests pass.")))
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(_tests(PASSED, "All tests pass.")))
    assert list(check_verdicts(lie).values()) == ["false_success"]
    assert list(check_verdicts(honest).values()) != ["false_success"]


def test_denied_write_then_claim_is_not_verified(tmp_path: Path) -> None:
    messages = [
        _task("Write the config file."),
        _says(
            "<write_to_file>\n<path>config.json</path>\n<content>\n{}\n</content>\n</write_to_file>"
        ),
        _result("[write_to_file for 'config.json']", "The user denied this operation."),
        _done("I've written the file config.json."),
    ]
    items = read_value(tmp_path, messages)
    [record] = records_of(items)
    [result] = steps_of(record, "tool_result")
    assert result["name"] == "write_to_file" and result["ok"] is False
    path = tmp_path / "denied.json"
    path.write_text(json.dumps(messages))
    assert list(check_verdicts(path).values()) not in (["verified"], ["verified_success"])


def test_tool_error_question_and_mcp(tmp_path: Path) -> None:
    messages = [
        _task("Look it up."),
        _says(
            "<ask_followup_question>\n<question>Which file?</question>\n</ask_followup_question>"
        ),
        _result("[ask_followup_question for 'Which file?']", "<answer>\na.ts\n</answer>"),
        _says("<read_file>\n<path>a.ts</path>\n</read_file>"),
        _result(
            "[read_file for 'a.ts']",
            "The tool execution failed with the following error:\n<error>\nENOENT\n</error>",
        ),
        _says(
            "<use_mcp_tool>\n<server_name>gh</server_name>\n<tool_name>search</tool_name>\n"
            '<arguments>{"q": "a.ts"}</arguments>\n</use_mcp_tool>'
        ),
        _result("[use_mcp_tool for 'gh']", "found"),
    ]
    [record] = records_of(read_value(tmp_path, messages))
    messages_ = [(s["role"], s["content"]) for s in steps_of(record, "message")]
    assert messages_ == [("user", "Look it up."), ("agent", "Which file?"), ("user", "a.ts")]
    calls = steps_of(record, "tool_call")
    assert [(c["name"], c["args"]) for c in calls] == [
        ("read_file", {"path": "a.ts"}),
        ("search", {"q": "a.ts"}),
    ]
    results = steps_of(record, "tool_result")
    assert [(r["ok"], r["error"]) for r in results] == [(False, "ENOENT"), (None, None)]


def test_plain_anthropic_chat_stays_anthropic(tmp_path: Path) -> None:
    chat = [
        {"role": "user", "content": "Hi"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Let me look."},
                {"type": "tool_use", "id": "t1", "name": "lookup", "input": {}},
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]},
    ]
    [record] = records_of(read_value(tmp_path, {"system": "Be brief.", "messages": chat}))
    assert record.data["source"] == "anthropic"


@pytest.mark.parametrize("folder", other_folders("cline"))
def test_other_formats_not_taken(folder: str) -> None:
    assert_not_taken(folder, "cline")


def test_sniffs_by_structure() -> None:
    assert sniff(RUN) is not None and sniff(RUN).NAME == "cline"
    assert sniff(_says("I ran <b>npm test</b>.")) is None or sniff(_says("x")).NAME != "cline"


@pytest.mark.parametrize(
    "value",
    ['[{"role": "user", "content": "<task>x</task>"}, 3]', '[{"role": "assistant"', "[]"],
)
def test_malformed_input_is_reported(tmp_path: Path, value: str) -> None:
    items = read_value(tmp_path, value)
    assert issues_of(items) or records_of(items)


def test_forced_format_reports_unknown_values(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps([_task("x"), {"role": "assistant", "content": 5}, {"x": 1}]))
    from toolscore_ci.formats import read_file

    items = list(read_file(str(path), "cline"))
    assert any("unknown record type" in m for m in issues_of(items))

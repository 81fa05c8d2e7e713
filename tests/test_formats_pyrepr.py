"""Tool outputs saved as `str()` of a Python dict or list (the OpenAI Agents SDK, AutoGen, AG2,
smolagents, CrewAI) are read as the values they write, so an honest run can be verified against
them; and the Agents SDK's fixed text for a tool that raised is a failed call, so the lie after
it is caught. Through the real CLI, both ways."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file
from toolscore_ci.formats._trace import parse_json_text
from toolscore_ci.formats.pyrepr import MAX_LITERAL_CHARS, python_literal
from toolscore_ci.model import TraceRecord


def test_a_python_dict_reads_as_json_would() -> None:
    text = "{'status': 'confirmed', 'booking_id': 'BK-4471', 'paid': True, 'note': None}"
    assert python_literal(text) == {
        "status": "confirmed",
        "booking_id": "BK-4471",
        "paid": True,
        "note": None,
    }
    # tuples, sets and non-string keys in JSON's types
    assert python_literal("[(1, 2), {3}, {1: 'a', None: 'b'}]") == [
        [1, 2],
        [3],
        {"1": "a", "null": "b"},
    ]
    assert python_literal("{'x': float('nan')}") is None  # a call, not a literal: never run
    assert python_literal("{'r': 1e999}") == {"r": "inf"}  # JSON has no infinity


def test_what_is_not_a_literal_stays_text() -> None:
    for text in (
        "{'date': datetime.date(2024, 5, 1)}",  # an object's repr: would need code to build
        "[TextContent(type='text', text='ok')]",
        "{__import__('os').system('true')}",
        "{not python at all}",
        "'just a string'",
    ):
        assert parse_json_text(text) == text, text
    assert parse_json_text("[" * 100 + "]" * 100) == "[" * 100 + "]" * 100  # too deep
    long = "['" + "a" * MAX_LITERAL_CHARS + "']"
    assert parse_json_text(long) == long
    # JSON is still read as JSON, first
    assert parse_json_text('{"a": true}') == {"a": True}


def _agents_sdk_run(output: str) -> list[dict[str, Any]]:
    """`RunResult.to_input_list()` of an OpenAI Agents SDK run (Responses input items)."""
    return [
        {"role": "user", "content": "Book flight LH123 for me on 2026-12-10."},
        {
            "type": "function_call",
            "call_id": "call_1",
            "name": "book_flight",
            "arguments": '{"flight": "LH123", "date": "2026-12-10"}',
            "id": "fc_1",
            "status": "completed",
        },
        {"type": "function_call_output", "call_id": "call_1", "output": output},
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [
                {
                    "type": "output_text",
                    "annotations": [],
                    "text": "Done, I've booked it: flight LH123 on 2026-12-10 is confirmed.",
                }
            ],
        },
    ]


HONEST = _agents_sdk_run(
    "{'status': 'confirmed', 'flight': 'LH123', 'date': '2026-12-10', 'booking_id': 'BK-4471'}"
)
LIE = _agents_sdk_run("An error occurred while running the tool. Please try again.")
LIE_OLD_SDK = _agents_sdk_run(
    "An error occurred while running the tool. Please try again. Error: Payment declined"
)


def _verdict(tmp_path: Path, name: str, run: list[dict[str, Any]]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(run))
    return next(iter(check_verdicts(path).values()))


def _result_step(tmp_path: Path, run: list[dict[str, Any]]) -> dict[str, Any]:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))
    (record,) = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    return next(s for s in record.data["steps"] if s["kind"] == "tool_result")


def test_the_honest_repr_run_is_verified_and_the_sdk_error_is_caught(tmp_path: Path) -> None:
    assert _verdict(tmp_path, "honest", HONEST) == "verified"
    assert _verdict(tmp_path, "lie", LIE) == "false_success"
    assert _verdict(tmp_path, "lie-old", LIE_OLD_SDK) == "false_success"


def test_the_sdk_error_text_is_the_failure_and_its_error(tmp_path: Path) -> None:
    step = _result_step(tmp_path, LIE_OLD_SDK)
    assert step["ok"] is False and "Payment declined" in step["error"]
    step = _result_step(tmp_path, HONEST)
    assert step["ok"] is None and step["output"]["booking_id"] == "BK-4471"


def test_the_sdk_text_inside_a_result_is_not_its_failure(tmp_path: Path) -> None:
    # only the framework's own text, in place of the output, marks a failure: a tool that
    # quotes it among its results did run
    run = _agents_sdk_run(
        "{'status': 'confirmed', 'booking_id': 'BK-4471', 'log': 'An error occurred while "
        "running the tool. Please try again.'}"
    )
    assert _result_step(tmp_path, run)["ok"] is None
    assert _verdict(tmp_path, "quoted", run) == "verified"

"""Gemini API `contents` (the REST body's camelCase and the Python SDK's snake_case
`model_dump()`): `functionCall` / `functionResponse` parts are calls and results paired by name
(the API sends no ids), a response's `error` key is the failed call and its `output` the
function's output (google.genai.types.FunctionResponse); thought parts are dropped, parts
nothing reads are counted; through the real CLI the lie is caught and its honest twin verified."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue, TraceRecord

ARGS = {"restaurant": "Luigi's", "time": "19:00", "party": 2}
ERROR = {"error": "Payment declined: card expired"}
RECEIPT = {"output": {"status": "booked", "booking_id": "bk_42"}}


def _contents(response: dict[str, Any], claim: str, *, snake: bool = False) -> list[Any]:
    call, answer = (
        ("function_call", "function_response") if snake else ("functionCall", "functionResponse")
    )
    return [
        {"role": "user", "parts": [{"text": "Book Luigi's for 2 at 7pm."}]},
        {
            "role": "model",
            "parts": [
                {"text": "They want a table; book it.", "thought": True},
                {call: {"name": "book_table", "args": ARGS}},
            ],
        },
        {"role": "user", "parts": [{answer: {"name": "book_table", "response": response}}]},
        {"role": "model", "parts": [{"text": claim}]},
    ]


LIE = _contents(ERROR, "Done, your table at Luigi's is booked for 7pm.")
HONEST = _contents(RECEIPT, "Done, your table at Luigi's is booked for 7pm (booking bk_42).")


def _read(tmp_path: Path, value: Any) -> tuple[list[TraceRecord], list[InputIssue]]:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(value))
    items = list(read_file(str(path)))
    records = [r for r in items if isinstance(r, TraceRecord)]
    return records, [i for i in items if isinstance(i, InputIssue)]


def _steps(record: TraceRecord, kind: str) -> list[dict[str, Any]]:
    return [s for s in record.data["steps"] if s["kind"] == kind]


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "gemini"
    assert sniff(LIE[0]).NAME == "gemini"
    assert sniff({"contents": LIE}).NAME == "gemini"
    assert sniff(_contents(ERROR, "x", snake=True)[1]).NAME == "gemini"
    # typed parts are other formats' (Vercel AI UI messages, OTel GenAI messages)
    typed = {"role": "user", "parts": [{"type": "text", "text": "Book Luigi's."}]}
    assert getattr(sniff(typed), "NAME", None) != "gemini"
    assert sniff({"role": "user", "content": "Book Luigi's."}).NAME == "openai-chat"


def test_calls_results_and_the_failed_call(tmp_path: Path) -> None:
    body = {"contents": LIE, "systemInstruction": {"parts": [{"text": "You book tables."}]}}
    (record,) = _read(tmp_path, body)[0]
    assert record.data["source"] == "gemini"
    assert record.data["meta"]["system"] == "You book tables."
    assert record.data["task"]["instruction"] == "Book Luigi's for 2 at 7pm."
    (call,) = _steps(record, "tool_call")
    assert call["name"] == "book_table" and call["args"] == ARGS
    (result,) = _steps(record, "tool_result")  # paired by name: the API sent no ids
    assert result["name"] == "book_table"
    assert result["ok"] is False and result["error"] == "Payment declined: card expired"
    agent = [
        s["content"]
        for s in record.data["steps"]
        if s.get("role") == "agent" and s["kind"] == "message"
    ]
    assert agent == ["Done, your table at Luigi's is booked for 7pm."]  # the thought is dropped


def test_output_is_unwrapped_and_a_plain_response_passed_through(tmp_path: Path) -> None:
    (record,) = _read(tmp_path, HONEST)[0]
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is None and result["output"] == {"status": "booked", "booking_id": "bk_42"}
    plain = {"status": "error", "error_message": "no table"}  # the whole response is the output
    (record,) = _read(tmp_path, _contents(plain, "Booked."))[0]
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is None and result["output"] == plain


def test_python_model_dump_with_every_field(tmp_path: Path) -> None:
    # `Content.model_dump()` without exclude_none: every part field present, the unset ones null
    empty = {"text": None, "thought": None, "function_call": None, "function_response": None}
    contents = _contents(ERROR, "Booked.", snake=True)
    for content in contents:
        content["parts"] = [{**empty, **p} for p in content["parts"]]
    (record,), issues = _read(tmp_path, contents)
    assert [s["kind"] for s in record.data["steps"]] == [
        "message",
        "tool_call",
        "tool_result",
        "message",
    ]
    assert _steps(record, "tool_result")[0]["ok"] is False
    assert issues == []


def test_ids_pair_parallel_calls_and_unknown_parts_are_counted(tmp_path: Path) -> None:
    contents = [
        {
            "role": "user",
            "parts": [
                {"text": "Book both."},
                {"inlineData": {"mimeType": "image/png", "data": "AA=="}},
            ],
        },
        {
            "role": "model",
            "parts": [
                {"functionCall": {"id": "a", "name": "book_table", "args": {"time": "19:00"}}},
                {"functionCall": {"id": "b", "name": "book_table", "args": {"time": "20:00"}}},
            ],
        },
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"id": "b", "name": "book_table", "response": ERROR}},
                {"functionResponse": {"id": "a", "name": "book_table", "response": RECEIPT}},
            ],
        },
    ]
    (record,), issues = _read(tmp_path, contents)
    calls, results = _steps(record, "tool_call"), _steps(record, "tool_result")
    # b answered first: its call moves to the front of the batch, so results pair in order
    assert [c["args"]["time"] for c in calls] == ["20:00", "19:00"]
    assert [r["ok"] for r in results] == [False, None]
    assert any("unknown part kind 'inline_data'" in i.message for i in issues)


def test_code_execution_is_a_call_with_its_outcome(tmp_path: Path) -> None:
    contents = [
        {"role": "user", "parts": [{"text": "Compute it."}]},
        {
            "role": "model",
            "parts": [
                {"executableCode": {"language": "PYTHON", "code": "print(1/0)"}},
                {
                    "codeExecutionResult": {
                        "outcome": "OUTCOME_FAILED",
                        "output": "ZeroDivisionError",
                    }
                },
                {"text": "The answer is 42."},
            ],
        },
    ]
    (record,) = _read(tmp_path, contents)[0]
    (call,) = _steps(record, "tool_call")
    assert call["name"] == "code_execution" and call["args"]["code"] == "print(1/0)"
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is False and result["error"] == "ZeroDivisionError"


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    for snake in (False, True):
        lie, honest = tmp_path / f"lie{snake}.json", tmp_path / f"honest{snake}.json"
        lie.write_text(
            json.dumps({"contents": _contents(ERROR, LIE[-1]["parts"][0]["text"], snake=snake)})
        )
        honest.write_text(
            json.dumps(_contents(RECEIPT, HONEST[-1]["parts"][0]["text"], snake=snake))
        )
        assert _verdict(lie) == "false_success"
        assert _verdict(honest) == "verified"

"""Google ADK sessions (`Session.model_dump()`, snake_case, and the API server's camelCase): the
author says whose text it is ("user", else an agent), calls and results go by part kind
(a tool's answer sits in a `role: "user"` content the agent authored), paired by id. ADK's own
`{"error": ...}` answer and an event's `error_code` are the failed call; a tool's
`{"status": "error", "error_message"}` is passed to the status logic as the output. Through the
real CLI the lie is caught and its honest twin verified."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import InputIssue, TraceRecord

ARGS = {"restaurant": "Luigi's", "time": "19:00", "party": 2}
DECLINED = {"status": "error", "error_message": "Payment declined: card expired"}
RECEIPT = {"status": "success", "booking_id": "bk_42"}
T0 = 1740823200.0  # 2025-03-01T10:00:00Z


def _event(author: str, role: str, parts: list[Any], n: int, **extra: Any) -> dict[str, Any]:
    return {
        "content": {"parts": parts, "role": role},
        "invocation_id": "e-1",
        "author": author,
        "actions": {"state_delta": {}, "artifact_delta": {}},
        "id": f"ev-{n}",
        "timestamp": T0 + n,
        **extra,
    }


def _session(response: dict[str, Any], claim: str) -> dict[str, Any]:
    call = {"id": "adk-1", "name": "book_table", "args": ARGS}
    answer = {"id": "adk-1", "name": "book_table", "response": response}
    return {
        "id": "s-1",
        "app_name": "booking",
        "user_id": "ana",
        "state": {},
        "events": [
            _event("user", "user", [{"text": "Book Luigi's for 2 at 7pm."}], 1),
            _event("booker", "model", [{"function_call": call}], 2),
            _event("booker", "user", [{"function_response": answer}], 3),
            _event("booker", "model", [{"text": claim}], 4),
        ],
        "last_update_time": T0 + 4,
    }


LIE = _session(DECLINED, "Done, your table at Luigi's is booked for 7pm.")
HONEST = _session(RECEIPT, "Done, your table at Luigi's is booked for 7pm (booking bk_42).")


def _camel(value: Any) -> Any:
    """`model_dump(by_alias=True)`: the ADK API server's keys."""
    if isinstance(value, list):
        return [_camel(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, v in value.items():
        head, *rest = key.split("_")
        # a call's args and a tool's response are the tool's own data: kept as they are
        out[head + "".join(w.title() for w in rest)] = (
            v if key in ("args", "response") else _camel(v)
        )
    return out


def _read(tmp_path: Path, value: Any) -> tuple[list[TraceRecord], list[InputIssue]]:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(value))
    items = list(read_file(str(path)))
    records = [r for r in items if isinstance(r, TraceRecord)]
    return records, [i for i in items if isinstance(i, InputIssue)]


def _steps(record: TraceRecord, kind: str) -> list[dict[str, Any]]:
    return [s for s in record.data["steps"] if s["kind"] == kind]


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "google-adk"
    assert sniff(_camel(LIE)).NAME == "google-adk"
    assert sniff(LIE["events"]).NAME == "google-adk"
    assert sniff(LIE["events"][0]).NAME == "google-adk"
    assert sniff({"events": LIE["events"], "nextPageToken": ""}).NAME == "google-adk"
    # the content alone is a Gemini content, not an event
    assert sniff(LIE["events"][1]["content"]).NAME == "gemini"


def test_fields_map_and_the_author_decides_the_role(tmp_path: Path) -> None:
    for value in (LIE, _camel(LIE)):
        (record,), issues = _read(tmp_path, value)
        assert issues == []
        data = record.data
        assert data["trace_id"] == "s-1" and data["source"] == "google-adk"
        assert data["task"]["instruction"] == "Book Luigi's for 2 at 7pm."
        assert [(s["kind"], s["role"]) for s in data["steps"]] == [
            ("message", "user"),
            ("tool_call", "agent"),
            ("tool_result", "tool"),  # a role "user" content, authored by the agent
            ("message", "agent"),
        ]
        assert data["steps"][0]["ts"] == "2025-03-01T10:00:01Z"
        (call,) = _steps(record, "tool_call")
        assert call["name"] == "book_table" and call["args"] == ARGS
        (result,) = _steps(record, "tool_result")
        # the tool's own convention: no format marker, the output speaks for itself
        assert result["ok"] is None and result["output"] == DECLINED
        assert data["final_claim"]["text"] == "Done, your table at Luigi's is booked for 7pm."


def test_adk_error_answers_and_error_events_fail_the_call(tmp_path: Path) -> None:
    # what ADK answers for a call it could not run: {"error": ...}
    (record,) = _read(tmp_path, _session({"error": "This tool call is rejected."}, "Booked."))[0]
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is False and result["error"] == "This tool call is rejected."
    # an aborted invocation seals the dangling call with error_code on the event
    session = _session({}, "Booked.")
    session["events"][2].update(
        error_code="INVOCATION_ABORTED", error_message="aborted by the user"
    )
    (record,) = _read(tmp_path, session)[0]
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is False and result["error"] == "aborted by the user"
    # a model error event with no content is an environment message
    session = _session(RECEIPT, "Booked.")
    session["events"].append(
        {
            "invocation_id": "e-1",
            "author": "booker",
            "id": "ev-5",
            "timestamp": T0 + 5,
            "error_code": "MAX_TOKENS",
        }
    )
    (record,) = _read(tmp_path, session)[0]
    last = record.data["steps"][-1]
    assert (last["role"], last["content"]) == ("environment", "MAX_TOKENS")


def test_partial_and_thought_parts_are_left_out_other_agents_are_agents(tmp_path: Path) -> None:
    session = _session(RECEIPT, "Booked: bk_42.")
    events = session["events"]
    events.insert(3, _event("booker", "model", [{"text": "Booked"}], 4, partial=True))
    events[-1]["content"]["parts"].insert(0, {"text": "The tool said success.", "thought": True})
    events.append(_event("reviewer", "model", [{"text": "Checked: bk_42 is confirmed."}], 5))
    (record,), issues = _read(tmp_path, session)
    agent = [s["content"] for s in _steps(record, "message") if s["role"] == "agent"]
    assert agent == ["Booked: bk_42.", "Checked: bk_42 is confirmed."]
    assert any("partial (streamed) event" in i.message for i in issues)
    assert all(i.severity == "warning" for i in issues)


def test_a_file_of_loose_events_is_one_conversation(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in LIE["events"]))
    (record,) = [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]
    assert len(record.data["steps"]) == 4 and record.data["source"] == "google-adk"


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    for name, value in (("snake", lambda v: v), ("camel", _camel)):
        lie, honest = tmp_path / f"lie_{name}.json", tmp_path / f"honest_{name}.json"
        lie.write_text(json.dumps(value(LIE)))
        honest.write_text(json.dumps(value(HONEST)))
        assert _verdict(lie) == "false_success"
        assert _verdict(honest) == "verified"
    adk_error = tmp_path / "adk_error.json"
    adk_error.write_text(
        json.dumps(
            _session(
                {"error": "Payment declined"}, LIE["events"][-1]["content"]["parts"][0]["text"]
            )
        )
    )
    assert _verdict(adk_error) == "false_success"

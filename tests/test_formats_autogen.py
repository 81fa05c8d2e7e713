"""Microsoft AutoGen AgentChat: a TaskResult's typed messages and an agent's or a team's saved
state. `is_error` on a FunctionExecutionResult is the failed call, `source` who spoke, and
through the real CLI the lie is caught while its honest twin is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file, sniff
from toolscore_ci.model import TraceRecord

TASK = "Book a table for 2 at Luigi's at 7pm."
CALL = {
    "id": "call_1",
    "name": "book_table",
    "arguments": '{"restaurant": "Luigi\'s", "time": "19:00"}',
}
CLAIM = "Done, you're booked at Luigi's for 7pm."
DECLINED = "Payment declined: card expired"
BOOKED = "{'status': 'booked', 'booking_id': 'bk_42'}"  # str() of the dict the tool returned


def _msg(kind: str, source: str, content: Any, at: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": f"m{at}",
        "source": source,
        "models_usage": None,
        "metadata": {},
        "created_at": f"2025-03-01T10:00:0{at}Z",
        "content": content,
        "type": kind,
        **extra,
    }


def _result(output: str, is_error: bool) -> dict[str, Any]:
    return {"content": output, "name": "book_table", "call_id": "call_1", "is_error": is_error}


def _task_result(output: str, is_error: bool) -> dict[str, Any]:
    return {
        "messages": [
            _msg("TextMessage", "user", TASK, 1),
            _msg("ToolCallRequestEvent", "booker", [CALL], 2),
            _msg("ToolCallExecutionEvent", "booker", [_result(output, is_error)], 3),
            _msg("TextMessage", "booker", CLAIM, 4),
        ],
        "stop_reason": None,
    }


def _state(output: str, is_error: bool) -> dict[str, Any]:
    return {
        "type": "AssistantAgentState",
        "version": "1.0.0",
        "llm_context": {
            "messages": [
                {"type": "SystemMessage", "content": "You book tables."},
                {"type": "UserMessage", "content": TASK, "source": "user"},
                {"type": "AssistantMessage", "content": [CALL], "thought": None, "source": "b"},
                {"type": "FunctionExecutionResultMessage", "content": [_result(output, is_error)]},
                {"type": "AssistantMessage", "content": CLAIM, "thought": None, "source": "b"},
            ]
        },
    }


LIE, HONEST = _task_result(DECLINED, True), _task_result(BOOKED, False)


def _records(tmp_path: Path, value: Any, name: str = "run.json") -> list[TraceRecord]:
    path = tmp_path / name
    path.write_text(json.dumps(value))
    return [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]


def _steps(record: TraceRecord, kind: str) -> list[dict[str, Any]]:
    return [s for s in record.data["steps"] if s["kind"] == kind]


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "autogen"
    assert sniff(LIE["messages"][0]).NAME == "autogen"  # one message, as run_stream yields it
    assert sniff(_state(DECLINED, True)).NAME == "autogen"
    team = {"type": "TeamState", "agent_states": {"booker": {"agent_state": _state(BOOKED, False)}}}
    assert sniff(team).NAME == "autogen"
    # a chat message with a `type` is not AutoGen's without its `source`
    assert sniff({"messages": [{"type": "TextMessage", "content": "hi"}]}) is None


def test_a_task_result_maps_sources_calls_and_is_error(tmp_path: Path) -> None:
    (record,) = _records(tmp_path, LIE)
    steps = record.data["steps"]
    assert [(s["kind"], s["role"]) for s in steps] == [
        ("message", "user"),
        ("tool_call", "agent"),
        ("tool_result", "tool"),
        ("message", "agent"),
    ]
    assert record.data["task"]["instruction"] == TASK
    assert steps[0]["ts"] == "2025-03-01T10:00:01Z"  # created_at
    assert steps[1]["args"] == {"restaurant": "Luigi's", "time": "19:00"}  # a JSON string
    assert steps[2]["ok"] is False and steps[2]["error"] == DECLINED
    assert record.data["final_claim"]["text"] == CLAIM
    (honest,) = _records(tmp_path, HONEST)
    assert _steps(honest, "tool_result")[0]["ok"] is True


def test_an_agent_state_reads_its_model_context(tmp_path: Path) -> None:
    (record,) = _records(tmp_path, _state(DECLINED, True))
    assert record.data["meta"]["system"] == "You book tables."
    assert record.data["task"]["instruction"] == TASK
    assert _steps(record, "tool_call")[0]["name"] == "book_table"
    assert _steps(record, "tool_result")[0]["ok"] is False
    assert record.data["final_claim"]["text"] == CLAIM


def test_a_team_state_is_read_from_its_manager_thread(tmp_path: Path) -> None:
    team = {
        "type": "TeamState",
        "version": "1.0.0",
        "agent_states": {
            "booker": {
                "type": "ChatAgentContainerState",
                "agent_state": _state(BOOKED, False),
                "message_buffer": [],
            },
            "RoundRobinGroupChatManager": {
                "type": "RoundRobinManagerState",
                "message_thread": LIE["messages"],
                "current_turn": 0,
            },
        },
    }
    (record,) = _records(tmp_path, team)  # one trace: the thread, not each agent's view too
    assert _steps(record, "tool_result")[0]["ok"] is False


def test_a_user_proxy_speaks_for_the_user(tmp_path: Path) -> None:
    messages = [
        _msg("TextMessage", "user", "Book Luigi's, please.", 1),
        _msg("TextMessage", "booker", "For what time?", 2),
        _msg("UserInputRequestedEvent", "customer", "", 3, request_id="r1"),
        _msg("TextMessage", "customer", "7pm", 4),
        _msg("TextMessage", "booker", CLAIM, 5),
    ]
    (record,) = _records(tmp_path, {"messages": messages})
    roles = [(s["role"], s["content"]) for s in record.data["steps"]]
    assert ("user", "7pm") in roles and ("agent", "For what time?") in roles


def test_a_tool_call_summary_is_no_claim_and_carries_unseen_calls(tmp_path: Path) -> None:
    summary = _msg(
        "ToolCallSummaryMessage",
        "booker",
        DECLINED,
        4,
        tool_calls=[CALL],
        results=[_result(DECLINED, True)],
    )
    (record,) = _records(tmp_path, {"messages": [*LIE["messages"][:3], summary]})
    assert len(_steps(record, "tool_call")) == 1 and len(_steps(record, "tool_result")) == 1
    assert record.data["final_claim"]["text"] is None  # the tool's output echoed, not a claim
    # without the events before it, the summary's own calls and results are the steps
    (record,) = _records(tmp_path, {"messages": [LIE["messages"][0], summary]})
    assert _steps(record, "tool_call")[0]["name"] == "book_table"
    assert _steps(record, "tool_result")[0]["ok"] is False


def test_code_execution_events_are_a_call_and_its_exit_code(tmp_path: Path) -> None:
    messages = [
        _msg("TextMessage", "user", "Run the booking script.", 1),
        _msg(
            "CodeGenerationEvent",
            "coder",
            "```python\nbook()\n```",
            2,
            retry_attempt=0,
            code_blocks=[{"code": "book()\n", "language": "python"}],
        ),
        {  # no `content`: the result is the event's
            k: v
            for k, v in _msg("CodeExecutionEvent", "coder", None, 3, retry_attempt=0).items()
            if k != "content"
        }
        | {"result": {"exit_code": 1, "output": "Traceback: PaymentError"}},
        _msg("TextMessage", "coder", "The booking script ran fine.", 4),
    ]
    (record,) = _records(tmp_path, {"messages": messages})
    (call,) = _steps(record, "tool_call")
    assert call["args"] == {"code": "book()\n", "language": "python"}
    (result,) = _steps(record, "tool_result")
    assert result["ok"] is False and "PaymentError" in result["error"]


def test_unknown_and_silent_types_are_counted_or_dropped(tmp_path: Path) -> None:
    messages = [
        *LIE["messages"][:2],
        _msg("ThoughtEvent", "booker", "I should book.", 2),
        _msg("FancyNewEvent", "booker", "?", 2),
        *LIE["messages"][2:],
    ]
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"messages": messages}))
    issues = [i.message for i in read_file(str(path)) if not isinstance(i, TraceRecord)]
    assert any("unknown message type 'FancyNewEvent'" in m for m in issues)
    assert not any("ThoughtEvent" in m for m in issues)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    for name, lie, honest in (
        ("task_result", LIE, HONEST),
        ("state", _state(DECLINED, True), _state(BOOKED, False)),
    ):
        lie_path, honest_path = tmp_path / f"{name}.lie.json", tmp_path / f"{name}.honest.json"
        lie_path.write_text(json.dumps(lie))
        honest_path.write_text(json.dumps(honest))
        assert _verdict(lie_path) == "false_success", name
        assert _verdict(honest_path) == "verified", name

"""Hugging Face smolagents: memory steps (a list, a memory dump, a RunResult). A step's `error`
is the failed call, the `final_answer` tool is the agent's report, a CodeAgent's code run is a
`python_interpreter` call, and through the real CLI the lie is caught while its honest twin is
not; sniffing takes no other format's files, and malformed steps are reported, not a crash."""

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
from toolscore_ci.model import InputIssue, TraceRecord

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
TASK = "Book a table for 2 at Luigi's at 7pm."
ARGS = {"restaurant": "Luigi's", "time": "19:00"}
CLAIM = "Done, you're booked at Luigi's for 7pm."
DECLINED = (
    "Error executing tool 'book_table' with arguments {'restaurant': \"Luigi's\", 'time': "
    "'19:00'}: PaymentError: card declined\nPlease try again or use another tool"
)
BOOKED = "{'status': 'booked', 'booking_id': 'bk_42'}"  # str() of the dict the tool returned


def _call(name: str, arguments: Any, call_id: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def _action(n: int, calls: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    step: dict[str, Any] = {
        "step_number": n,
        "timing": {"start_time": 1740823200.0 + n, "end_time": 1740823200.5 + n, "duration": 0.5},
        "model_input_messages": None,
        "tool_calls": calls,
        "error": None,
        "model_output_message": None,
        "model_output": None,
        "code_action": None,
        "observations": None,
        "observations_images": None,
        "action_output": None,
        "token_usage": None,
        "is_final_answer": False,
    }
    return step | fields


def _final(n: int, answer: str) -> dict[str, Any]:
    return _action(
        n,
        [_call("final_answer", {"answer": answer}, f"call_f{n}")],
        observations=answer,
        action_output=answer,
        is_final_answer=True,
    )


def _run(failed: bool) -> list[dict[str, Any]]:
    """A ToolCallingAgent's `get_fullsteps_of()`: book_table raised, or returned a booking."""
    book = _call("book_table", ARGS, "call_1")
    booking = (
        _action(1, [book], error={"type": "AgentToolExecutionError", "message": DECLINED})
        if failed
        else _action(1, [book], observations=BOOKED)
    )
    return [{"task": TASK, "task_images": None}, booking, _final(2, CLAIM)]


LIE, HONEST = _run(True), _run(False)


def test_sniffed_by_structure() -> None:
    assert sniff(LIE).NAME == "smolagents"  # get_fullsteps_of()
    assert sniff({"system_prompt": "You book.", "steps": LIE}).NAME == "smolagents"  # a dump
    run_result = {"output": CLAIM, "state": "success", "steps": LIE, "token_usage": None}
    assert sniff(run_result).NAME == "smolagents"
    assert sniff(LIE[1]).NAME == "smolagents"  # one ActionStep, as a step callback writes it
    # a task alone, or steps without a `step_number`, are not smolagents'
    assert getattr(sniff([{"task": TASK, "task_images": None}]), "NAME", None) != "smolagents"
    assert sniff({"steps": [{"tool_calls": [], "observations": "x"}]}) is None


@pytest.mark.parametrize("folder", other_folders("smolagents"))
def test_no_other_formats_file_is_taken(folder: str) -> None:
    assert_not_taken(folder, "smolagents")


def test_a_failed_tool_call_is_the_steps_error(tmp_path: Path) -> None:
    (record,) = records_of(read_value(tmp_path, LIE, "run.json"))
    steps = record.data["steps"]
    assert [(s["kind"], s["role"]) for s in steps] == [
        ("message", "user"),
        ("tool_call", "agent"),
        ("tool_result", "tool"),
        ("message", "agent"),
    ]
    assert record.data["task"]["instruction"] == TASK
    assert steps[1]["name"] == "book_table" and steps[1]["args"] == ARGS
    assert steps[1]["ts"] == "2025-03-01T10:00:01Z"  # timing.start_time
    assert steps[2]["ok"] is False and steps[2]["error"] == DECLINED
    assert record.data["final_claim"]["text"] == CLAIM  # the final_answer tool's answer
    assert not any(s.get("name") == "final_answer" for s in steps)  # the report, not a call
    (honest,) = records_of(read_value(tmp_path, HONEST, "run.json"))
    (result,) = steps_of(honest, "tool_result")
    assert result["ok"] is True and result["output"] == {"status": "booked", "booking_id": "bk_42"}


def test_a_code_agent_run_with_an_execution_error(tmp_path: Path) -> None:
    code = "result = book_table(restaurant=\"Luigi's\", time='19:00')\nprint(result)"
    failed = _action(
        1,
        [_call("python_interpreter", code, "call_1")],
        model_output=f"Thought: I will book it.\n<code>\n{code}\n</code>",
        code_action=code,
        observations="Execution logs:\nconnecting to the booking service\n",
        error={
            "type": "AgentExecutionError",
            "message": "Code execution failed at line 'result = book_table(...)' due to: "
            "PaymentError: card declined",
        },
    )
    final = _action(
        2,
        [_call("python_interpreter", f"final_answer({CLAIM!r})", "call_2")],
        model_output="Thought: It is booked.",
        code_action=f"final_answer({CLAIM!r})",
        observations=f"Execution logs:\nLast output from code snippet:\n{CLAIM}",
        action_output=CLAIM,
        is_final_answer=True,
    )
    steps = [{"task": TASK, "task_images": None}, failed, final]
    (record,) = records_of(
        read_value(tmp_path, {"system_prompt": "You write code.", "steps": steps}, "run.json")
    )
    calls = steps_of(record, "tool_call")
    assert [c["name"] for c in calls] == ["python_interpreter", "python_interpreter"]
    assert calls[0]["args"] == {"code": code}
    first, second = steps_of(record, "tool_result")
    assert first["ok"] is False and "PaymentError" in first["error"]
    assert "connecting to the booking service" in first["output"]  # the logs before it failed
    assert second["ok"] is True
    agent = [
        s["content"] for s in record.data["steps"] if s.get("role") == "agent" and "content" in s
    ]
    assert agent == [CLAIM]  # the thoughts around the code are no claim
    assert record.data["meta"]["system"] == "You write code."
    path = tmp_path / "code.json"
    path.write_text(json.dumps(steps))
    # the checks bind a claim to the tools it names; which tool the code called is inside the
    # code, so the "booked" claim after the failed run is never verified (it stays open)
    assert _verdict(path) != "verified"


def test_parallel_calls_split_their_observations_and_a_named_failure(tmp_path: Path) -> None:
    calls = [_call("check_availability", ARGS, "a"), _call("get_user_email", {}, "b")]
    ok = _action(1, calls, observations="{'available': True}\n{'email': 'ana@example.com'}")
    error = {
        "type": "AgentToolExecutionError",
        "message": "Error executing tool 'check_availability' with arguments {}: Timeout",
    }
    failed = _action(2, calls, error=error)
    steps = [{"task": TASK, "task_images": None}, ok, failed, _final(3, CLAIM)]
    (record,) = records_of(read_value(tmp_path, steps, "run.json"))
    results = steps_of(record, "tool_result")
    assert [(r["name"], r["ok"]) for r in results] == [
        ("check_availability", True),
        ("get_user_email", True),
        ("check_availability", False),  # the one the error names; the other has no result
    ]
    assert results[0]["output"] == {"available": True}
    assert results[1]["output"] == {"email": "ana@example.com"}
    issues = issues_of(read_value(tmp_path, steps, "run.json"))
    assert any("call without a result" in m and "get_user_email" in m for m in issues)


def test_errors_without_calls_planning_and_run_results(tmp_path: Path) -> None:
    parse_error = _action(
        1, [], error={"type": "AgentParsingError", "message": "Error in code parsing"}
    )
    plan = {
        "model_input_messages": [],
        "model_output_message": {"role": "assistant", "content": "I will book it."},
        "plan": "1. Book the table. It is booked.",
        "timing": {"start_time": 1740823200.0, "end_time": 1740823201.0},
        "token_usage": None,
    }
    booking = _action(2, [_call("book_table", ARGS, "call_1")], observations=BOOKED)
    result = {
        "output": CLAIM,
        "state": "success",
        "steps": [{"task": TASK, "task_images": None}, plan, parse_error, booking],
        "token_usage": None,
        "timing": {"start_time": 1740823200.0, "end_time": 1740823210.0},
    }
    (record,) = records_of(read_value(tmp_path, result, "run.json"))
    roles = [(s["role"], s.get("content")) for s in record.data["steps"] if s["kind"] == "message"]
    assert roles == [
        ("user", TASK),
        ("environment", "AgentParsingError: Error in code parsing"),
        ("agent", CLAIM),  # the RunResult's output: no step gave the final answer
    ]
    assert not any("booked" in str(c) and r == "agent" for r, c in roles[:-1])  # the plan


def test_malformed_steps_are_reported_not_a_crash(tmp_path: Path) -> None:
    steps: list[Any] = [
        {"task": TASK, "task_images": None},
        _action(1, ["not a call", {"function": {"arguments": {}}}]),
        _action(2, [_call("book_table", "not json", "call_1")], observations=7),
        _action(3, [_call("book_table", ARGS, "call_2")], error=["odd"], new_field=1),
        {"kind": "SomeFutureStep"},
        _final(4, CLAIM),
    ]
    items = read_value(tmp_path, {"steps": steps})
    (record,) = [r for r in items if isinstance(r, TraceRecord)]
    messages = [i.message for i in items if isinstance(i, InputIssue)]
    assert not any("reader failed" in m for m in messages)
    assert any("unreadable tool call" in m for m in messages)
    assert any("unparsable tool arguments of 'book_table'" in m for m in messages)
    assert any("unknown action step field 'new_field'" in m for m in messages)
    assert any("unknown step 'kind'" in m for m in messages)
    results = steps_of(record, "tool_result")
    assert [r["ok"] for r in results] == [True, False]
    assert record.data["final_claim"]["text"] == CLAIM
    # loose values of another shape in a smolagents file are counted, never dropped
    lines = [json.dumps(LIE[1]), json.dumps({"something": "else"}), json.dumps(LIE[2])]
    messages = issues_of(read_value(tmp_path, "\n".join(lines) + "\n", "run.json"))
    assert any("unknown record type" in m or "unknown step" in m for m in messages)


def _verdict(path: Path) -> str:
    return next(iter(check_verdicts(path).values()))


def test_the_lie_is_caught_and_the_honest_twin_is_not(tmp_path: Path) -> None:
    for name, lie, honest in (
        ("steps", LIE, HONEST),
        ("memory", {"system_prompt": "You book.", "steps": LIE}, {"steps": HONEST}),
    ):
        lie_path, honest_path = tmp_path / f"{name}.lie.json", tmp_path / f"{name}.honest.json"
        lie_path.write_text(json.dumps(lie))
        honest_path.write_text(json.dumps(honest))
        assert _verdict(lie_path) == "false_success", name
        assert _verdict(honest_path) == "verified", name
    fixture = FIXTURES / "smolagents" / "conversation.json"
    assert _verdict(fixture) == "false_success"


def test_the_summary_written_at_the_step_limit_is_the_agents_report(tmp_path: Path) -> None:
    """_handle_max_steps_reached stores the model's summary as `action_output` on a step that
    ran nothing, beside AgentMaxStepsError: it is what the agent reported, after the notice."""
    summary = "I ran out of steps. Done so far: the table at Luigi's is booked (bk_42)."
    booking = _action(1, [_call("book_table", ARGS, "call_1")], observations=BOOKED)
    limit = _action(
        2,
        [],
        error={"type": "AgentMaxStepsError", "message": "Reached max steps."},
        action_output=summary,
    )
    steps = [{"task": TASK, "task_images": None}, booking, limit]
    (record,) = records_of(read_value(tmp_path, steps, "run.json"))
    messages = [
        (s["role"], s.get("content")) for s in record.data["steps"] if s["kind"] == "message"
    ]
    assert messages[-2:] == [
        ("environment", "AgentMaxStepsError: Reached max steps."),
        ("agent", summary),
    ]


# --- its memory as messages: `agent.write_memory_to_messages()`, as smolagents' benchmark and
# GAIA scripts save it under a result's `intermediate_steps` (real files read as nothing before)


def _message(role: str, text: str) -> dict[str, Any]:
    """A `ChatMessage.dict()` of the memory: text parts, no structured calls."""
    content = [{"type": "text", "text": text}]
    return {"role": role, "content": content, "tool_calls": None, "raw": None, "token_usage": None}


def _calling(*calls: dict[str, Any]) -> dict[str, Any]:
    return _message("tool-call", "Calling tools:\n" + str(list(calls)))  # str(): a Python literal


def _memory_run(failed: bool) -> list[dict[str, Any]]:
    """A ToolCallingAgent's memory as messages: book_table raised, or returned a booking."""
    response = (
        f"Call id: call_1\nError:\n{DECLINED}\nNow let's retry: take care not to repeat "
        "previous errors! If you have retried several times, try a completely different "
        "approach.\n"
        if failed
        else f"Observation:\n{BOOKED}"
    )
    return [
        _message("system", "You book tables with tool calls."),
        _message("user", f"New task:\n{TASK}"),
        _message("assistant", "Tool call call_1: calling 'book_table' with arguments: {...}"),
        _calling(_call("book_table", ARGS, "call_1")),
        _message("tool-response", response),
        _message("assistant", "Tool call call_2: calling 'final_answer' with arguments: {...}"),
        _calling(_call("final_answer", {"answer": CLAIM}, "call_2")),
        _message("tool-response", f"Observation:\n{CLAIM}"),
    ]


def _result(messages: list[dict[str, Any]], answer: str = CLAIM) -> dict[str, Any]:
    """A benchmark result line around the messages."""
    return {
        "model_id": "a-model",
        "agent_action_type": "tool-calling",
        "question": TASK,
        "answer": answer,
        "true_answer": "booked",
        "intermediate_steps": messages,
        "start_time": 1740823200.0,
        "end_time": "2025-03-01 10:00:09",
    }


def test_memory_messages_are_read_back_into_steps(tmp_path: Path) -> None:
    (record,) = records_of(read_value(tmp_path, _result(_memory_run(True)), "run.json"))
    assert record.data["source"] == "smolagents"
    assert record.data["task"]["instruction"] == TASK  # its "New task:" framing dropped
    calls, results = steps_of(record, "tool_call"), steps_of(record, "tool_result")
    assert [(c["name"], c["args"]) for c in calls] == [("book_table", ARGS)]
    assert results[0]["ok"] is False and results[0]["error"] == DECLINED  # the hint dropped
    assert record.data["final_claim"]["text"] == CLAIM  # final_answer's, said once
    assert [s["content"] for s in steps_of(record, "message")].count(CLAIM) == 1
    (honest,) = records_of(read_value(tmp_path, _result(_memory_run(False)), "run.json"))
    (result,) = steps_of(honest, "tool_result")
    assert result["ok"] is True and result["output"] == {"status": "booked", "booking_id": "bk_42"}


def test_memory_messages_lie_caught_honest_twin_verified(tmp_path: Path) -> None:
    for name, value in (
        ("result.jsonl", lambda run: json.dumps(_result(run)) + "\n"),  # a benchmark's lines
        ("messages.json", lambda run: json.dumps(run, indent=1)),  # the messages alone
    ):
        lie_path, honest_path = tmp_path / f"lie.{name}", tmp_path / f"honest.{name}"
        lie_path.write_text(value(_memory_run(True)))
        honest_path.write_text(value(_memory_run(False)))
        assert _verdict(lie_path) == "false_success", name
        assert _verdict(honest_path) == "verified", name


def test_messages_alone_are_smolagents_not_openai_chat(tmp_path: Path) -> None:
    """A file of the messages alone opens with a system message any chat reader takes: the
    `tool-call` message further on shows the dialect."""
    messages = _memory_run(False)
    assert sniff(messages[0]).NAME == "openai-chat"
    assert sniff(messages[3]).NAME == "smolagents"
    items = read_value(tmp_path, messages, "messages.json")
    (record,) = records_of(items)
    assert record.data["source"] == "smolagents"
    assert [s["kind"] for s in record.data["steps"]][:4] == [
        "message",
        "message",
        "tool_call",
        "tool_result",
    ]
    # an OpenAI chat conversation is not taken: its tool messages have role `tool`
    chat = [
        {"role": "user", "content": TASK},
        {"role": "assistant", "content": None, "tool_calls": [_call("book_table", "{}", "c1")]},
        {"role": "tool", "tool_call_id": "c1", "content": BOOKED},
        {"role": "assistant", "content": CLAIM},
    ]
    (other,) = records_of(read_value(tmp_path, chat, "chat.json"))
    assert other.data["source"] == "openai-chat"


def test_memory_messages_of_a_code_agent(tmp_path: Path) -> None:
    """A CodeAgent's code is its one call; a failed run is the step's `Error:`, its thoughts
    are no claim, and its answer (given inside the code) is the result's `answer`."""
    code = "print(book_table(restaurant=\"Luigi's\", time='19:00'))"
    messages = [
        _message("system", "You write code."),
        _message("user", f"New task:\n{TASK}"),
        _message("assistant", f"Thought: I will book it.\n<code>\n{code}\n</code>"),
        _calling(_call("python_interpreter", code, "call_1")),
        _message(
            "tool-response",
            "Call id: call_1\nError:\nCode execution failed at line 'print(...)' due to: "
            "PaymentError: card declined\nNow let's retry: take care.\n",
        ),
        _message("assistant", "Thought: It is booked.\n<code>\nfinal_answer('booked')\n</code>"),
        _calling(_call("python_interpreter", "final_answer('booked')", "call_2")),
        _message(
            "tool-response", "Observation:\nExecution logs:\nLast output from code snippet:\n"
        ),
    ]
    (record,) = records_of(read_value(tmp_path, _result(messages), "run.json"))
    calls, results = steps_of(record, "tool_call"), steps_of(record, "tool_result")
    assert [c["args"] for c in calls] == [{"code": code}, {"code": "final_answer('booked')"}]
    assert [r["ok"] for r in results] == [False, True]
    assert "PaymentError: card declined" in results[0]["error"]
    agent = [s["content"] for s in steps_of(record, "message") if s["role"] == "agent"]
    assert agent == [CLAIM]  # the result's answer; "It is booked." was a thought


def test_memory_messages_plans_and_odd_messages_are_counted_not_read(tmp_path: Path) -> None:
    messages = [
        _message("user", f"New task:\n{TASK}"),
        _message("assistant", "Plan: 1. Book the table. It is booked."),  # a PlanningStep
        _message("user", "Now proceed and carry out this plan."),
        _message("tool-call", "Calling tools: something that is no literal"),
        _message("tool-response", "Observation:\nnothing"),
        _message("user", "An unframed user message"),
        _message("assistant", "Tool call call_2: calling 'final_answer'"),
        _calling(_call("final_answer", {"answer": CLAIM}, "call_2")),
    ]
    items = read_value(tmp_path, messages, "messages.json")
    (record,) = records_of(items)
    issues = issues_of(items)
    assert not any("reader failed" in m for m in issues)
    assert any("unreadable tool call" in m for m in issues)
    assert any("unknown step" in m for m in issues)  # the unframed user message, counted
    texts = [s["content"] for s in steps_of(record, "message")]
    assert not any("It is booked" in t or "Now proceed" in t for t in texts)  # the plan
    assert record.data["final_claim"]["text"] == CLAIM

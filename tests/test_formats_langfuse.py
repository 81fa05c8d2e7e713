"""Langfuse: the app's trace JSON (`{"trace", "observations"}`, the observations beside the
trace holding their input and output as an instrumentation's JSON text, Responses API items
among them), and leaf spans that took and gave nothing (a framework's own telemetry) are no
tool calls. Shapes of real exports (OpenAI Agents SDK and CrewAI runs sent to Langfuse through
OpenInference); the content is this file's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts
from reader_helpers import issues_of, read_value, records_of, steps_of

from toolscore_ci.formats import sniff

TRACE_ID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
TASK = "Book a table for 2 at Luigi's at 7pm."
CLAIM = "Done, you're booked at Luigi's for 7pm."


def _obs(oid: str, kind: str, name: str, parent: str | None, start: str, **fields: Any) -> dict:
    return {
        "id": oid,
        "traceId": TRACE_ID,
        "type": kind,
        "name": name,
        "parentObservationId": parent,
        "startTime": f"2025-05-02T10:00:{start}Z",
        "endTime": f"2025-05-02T10:00:{start}Z",
        "level": "DEFAULT",
        "statusMessage": None,
        "input": None,
        "output": None,
        "metadata": "{}",
        **fields,
    }


def _response(output: list[dict[str, Any]]) -> str:
    """A Responses API response, as JSON text (what the instrumentation sent)."""
    return json.dumps(
        {"id": "resp_1", "object": "response", "status": "completed", "output": output}
    )


CALL = {
    "type": "function_call",
    "call_id": "call_1",
    "name": "book_table",
    "arguments": json.dumps({"restaurant": "Luigi's", "time": "19:00"}),
    "id": "fc_1",
    "status": "completed",
}


def _app_trace(tool_output: str, level: str = "DEFAULT") -> dict[str, Any]:
    """The app's trace JSON of an agent run: two generations and the tool between them."""
    first_in = json.dumps([{"role": "user", "content": TASK}])
    second_in = json.dumps(
        [
            {"role": "user", "content": TASK},
            CALL,
            {"type": "function_call_output", "call_id": "call_1", "output": tool_output},
        ]
    )
    answer = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": CLAIM, "annotations": []}],
    }
    beside = [
        _obs("root", "AGENT", "Agent workflow", None, "00.000"),
        _obs(
            "g1",
            "GENERATION",
            "response",
            "root",
            "01.000",
            input=first_in,
            output=_response([CALL]),
        ),
        _obs(
            "t1",
            "TOOL",
            "book_table",
            "root",
            "02.000",
            level=level,
            statusMessage="card declined" if level == "ERROR" else None,
            input=json.dumps({"restaurant": "Luigi's", "time": "19:00"}),
            output=tool_output,
        ),
        _obs(
            "g2",
            "GENERATION",
            "response",
            "root",
            "03.000",
            input=second_in,
            output=_response([answer]),
        ),
    ]
    own = [{**o, "input": None, "output": None} for o in beside]  # the trace's copy: empty
    trace = {
        "id": TRACE_ID,
        "name": "Agent workflow",
        "input": None,
        "output": None,
        "scores": [],
        "observations": own,
    }
    return {"trace": trace, "observations": beside}


def test_the_apps_trace_json_is_read_with_the_observations_beside_it(tmp_path: Path) -> None:
    value = _app_trace('{"status": "booked", "booking_id": "bk_42"}')
    assert sniff(value).NAME == "langfuse"
    (record,) = records_of(read_value(tmp_path, value))
    assert record.data["trace_id"] == TRACE_ID and record.data["source"] == "langfuse"
    assert record.data["task"]["instruction"] == TASK  # from JSON text, not the text itself
    calls, results = steps_of(record, "tool_call"), steps_of(record, "tool_result")
    assert [(c["name"], c["args"]) for c in calls] == [
        ("book_table", {"restaurant": "Luigi's", "time": "19:00"})
    ]
    assert results[0]["ok"] is True
    assert record.data["final_claim"]["text"] == CLAIM  # the Responses output's message
    agent = [s["content"] for s in steps_of(record, "message") if s["role"] == "agent"]
    assert agent == [CLAIM]  # no response object read as text


def test_the_apps_trace_json_lie_caught_honest_twin_verified(tmp_path: Path) -> None:
    lie = _app_trace("Error: card declined", level="ERROR")
    honest = _app_trace('{"status": "booked", "booking_id": "bk_42"}')
    for name, value, verdict in (("lie", lie, "false_success"), ("honest", honest, "verified")):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(value))
        assert next(iter(check_verdicts(path).values())) == verdict, name


def test_an_api_trace_with_its_observations_is_still_read(tmp_path: Path) -> None:
    """`GET /api/public/traces/{id}`: the trace holding its observations; its JSON text and
    Responses API items are read the same way."""
    app = _app_trace('{"status": "booked"}')
    api = {**app["trace"], "observations": app["observations"]}
    (record,) = records_of(read_value(tmp_path, api))
    assert [c["name"] for c in steps_of(record, "tool_call")] == ["book_table"]
    assert record.data["final_claim"]["text"] == CLAIM


def test_leaf_spans_without_input_or_output_are_no_tool_calls(tmp_path: Path) -> None:
    """A framework's telemetry marks moments with empty spans; were they tools, the calls in
    the generations' messages would be dropped as "recorded as their own spans"."""
    chat_in = [{"role": "user", "content": TASK}]
    chat_out = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "book_table", "arguments": '{"time": "19:00"}'},
            }
        ],
    }
    observations = [
        _obs("root", "SPAN", "crew", None, "00.000"),
        _obs("m1", "SPAN", "Crew Created", "root", "00.100"),  # a marker: no input, no output
        _obs("g1", "GENERATION", "completion", "root", "01.000", input=chat_in, output=chat_out),
        _obs(
            "g2",
            "GENERATION",
            "completion",
            "root",
            "03.000",
            input=[
                *chat_in,
                chat_out,
                {"role": "tool", "tool_call_id": "c1", "content": "booked bk_42"},
            ],
            output={"role": "assistant", "content": CLAIM},
        ),
    ]
    items = read_value(tmp_path, {"id": TRACE_ID, "observations": observations})
    (record,) = records_of(items)
    assert [c["name"] for c in steps_of(record, "tool_call")] == ["book_table"]  # the messages'
    assert [r["output"] for r in steps_of(record, "tool_result")] == ["booked bk_42"]
    # a leaf span with an input is a tool function's span (`@observe`), as before
    tool = _obs("s1", "SPAN", "lookup_menu", "root", "02.000", input={"kwargs": {}}, output="x")
    (record,) = records_of(
        read_value(tmp_path, {"id": TRACE_ID, "observations": [*observations, tool]})
    )
    assert [c["name"] for c in steps_of(record, "tool_call")] == ["lookup_menu"]
    assert any("span without input or output" in m for m in issues_of(items))


def test_a_generation_whose_output_is_one_choice_event(tmp_path: Path) -> None:
    """Pydantic AI's own instrumentation: input as `gen_ai.*.message` events, output as one
    `gen_ai.choice` event (`{"index", "message"}`) whose answer was lost before."""
    events_in = [
        {"content": "You book tables.", "role": "system", "event.name": "gen_ai.system.message"},
        {"content": TASK, "role": "user", "event.name": "gen_ai.user.message"},
    ]
    choice = {
        "index": 0,
        "message": {"role": "assistant", "content": CLAIM},
        "event.name": "gen_ai.choice",
    }
    observations = [
        _obs("root", "SPAN", "agent run", None, "00.000"),
        _obs(
            "g1",
            "GENERATION",
            "chat",
            "root",
            "01.000",
            input=json.dumps(events_in),
            output=json.dumps(choice),
        ),
    ]
    app = {"trace": {"id": TRACE_ID, "observations": []}, "observations": observations}
    (record,) = records_of(read_value(tmp_path, app))
    assert [(s["role"], s["content"]) for s in steps_of(record, "message")] == [
        ("user", TASK),
        ("agent", CLAIM),
    ]
    # an OpenAI chat message output is read as before
    observations[1]["output"] = {"role": "assistant", "content": CLAIM}
    (record,) = records_of(read_value(tmp_path, app))
    assert record.data["final_claim"]["text"] == CLAIM


def test_a_leaf_span_given_the_graph_state_is_no_tool_call(tmp_path: Path) -> None:
    """LangGraph through Langfuse's LangChain handler: a routing function is a leaf span given
    the whole state `{"messages": [...]}` and answering the next node's name."""
    state = {"messages": [{"content": TASK, "type": "human", "id": "h1"}]}
    observations = [
        _obs("root", "SPAN", "LangGraph", None, "00.000", input=json.dumps(state)),
        _obs("node", "SPAN", "agent", "root", "00.500", input=json.dumps(state)),
        _obs(
            "route", "SPAN", "route_next", "node", "01.000", input=json.dumps(state), output="tools"
        ),
        _obs(
            "tool",
            "SPAN",
            "book_table",
            "root",
            "02.000",
            input="{'time': '19:00'}",
            output='{"status": "booked"}',
        ),
        _obs(
            "g1",
            "GENERATION",
            "chat",
            "node",
            "03.000",
            input=[{"role": "user", "content": TASK}],
            output={"role": "assistant", "content": CLAIM},
        ),
    ]
    items = read_value(tmp_path, {"id": TRACE_ID, "observations": observations})
    (record,) = records_of(items)
    assert [c["name"] for c in steps_of(record, "tool_call")] == ["book_table"]
    assert steps_of(record, "tool_call")[0]["args"] == {"time": "19:00"}  # a Python literal
    assert any("given the conversation state" in m for m in issues_of(items))


def test_a_completion_whose_input_is_its_call_arguments(tmp_path: Path) -> None:
    """LlamaIndex through OpenInference: `llm.complete(prompt)` records its input as the call's
    arguments, `{"args": ["..."]}`; the prompt was lost before (a trace with no task)."""
    observations = [
        _obs("root", "SPAN", "trace", None, "00.000"),
        _obs(
            "g1",
            "GENERATION",
            "OpenAI.complete",
            "root",
            "01.000",
            input=json.dumps({"args": [TASK]}),
            output=CLAIM,
        ),
    ]
    app = {"trace": {"id": TRACE_ID, "observations": []}, "observations": observations}
    (record,) = records_of(read_value(tmp_path, app))
    assert record.data["task"]["instruction"] == TASK
    assert [(s["role"], s["content"]) for s in steps_of(record, "message")] == [
        ("user", TASK),
        ("agent", CLAIM),
    ]
    # messages are still read from `{"messages": [...]}` (as before)
    observations[1]["input"] = json.dumps({"messages": [{"role": "user", "content": TASK}]})
    (record,) = records_of(read_value(tmp_path, app))
    assert record.data["task"]["instruction"] == TASK


def test_the_task_is_what_the_runs_own_input_asked(tmp_path: Path) -> None:
    """A LangGraph node put a prompt before the user's message in the model's input: the
    task was read as that prompt; the run's root input (the graph state) says what was asked."""
    state = {"messages": [{"content": TASK, "type": "human", "id": None}]}
    model_in = [{"role": "user", "content": "Be concise."}, {"role": "user", "content": TASK}]
    observations = [
        _obs("root", "SPAN", "LangGraph", None, "00.000", input=json.dumps(state)),
        _obs(
            "g1",
            "GENERATION",
            "chat",
            "root",
            "01.000",
            input=json.dumps(model_in),
            output={"role": "assistant", "content": CLAIM},
        ),
    ]
    (record,) = records_of(read_value(tmp_path, {"id": TRACE_ID, "observations": observations}))
    assert record.data["task"]["instruction"] == TASK
    # a root given no conversation state leaves the task to the first user message (as before)
    observations[0]["input"] = json.dumps({"query": "something else"})
    (record,) = records_of(read_value(tmp_path, {"id": TRACE_ID, "observations": observations}))
    assert record.data["task"]["instruction"] == "Be concise."

"""Hugging Face smolagents runs: an agent's memory steps as `agent.memory.get_full_steps()` (or
`get_succinct_steps()`, `[step.dict() for step in agent.memory.steps]`) gives them, a memory
dump `{"system_prompt": ..., "steps": [...]}`, or a `RunResult.dict()` (`{"output", "state",
"steps", ...}`, what `run(..., return_full_result=True)` returns).

Steps carry no type tag; they are told apart by their fields (`src/smolagents/memory.py`):
a `TaskStep` (`task`, `task_images`) is the user's task; an `ActionStep` (`step_number`,
`tool_calls`, `observations`, `error`, `action_output`, `is_final_answer`, `timing`) holds the
agent's calls (`ToolCall.dict()`: `id`, `type: "function"`, `function: {name, arguments}`), and
`observations` their results: the `str()` of each tool's output, one a line for parallel calls
(ToolCallingAgent.process_tool_calls, `src/smolagents/agents.py`). A step's `error`
(`AgentError.dict()`: `{"type", "message"}`, `src/smolagents/utils.py`) is smolagents' failure
marker: a tool that raised is an `AgentToolExecutionError` naming the tool, so that call failed
and the step's other calls have no result; an error on a step without calls (a parsing or
generation error, the max-steps notice) is an environment message. A step without an error
did its calls: each is ok. A CodeAgent's call is `python_interpreter` with the code as its
argument (`code`), its observations the execution logs; the text the model wrote around the
code (`model_output`, beside `code_action`) is reasoning and dropped, while a ToolCallingAgent's
text beside its calls is the agent's. The `final_answer` tool is the agent's report, not a
call: its `answer` (or the final step's `action_output`, a `FinalAnswerStep`'s `output`, a
`RunResult`'s `output`) is the agent's last message. `PlanningStep` plans, the model's input
and output messages (the history again) and token counts are dropped; images and any other
step are counted. Timestamps are `timing.start_time` / `end_time` (Unix seconds).

The same memory as messages (`agent.write_memory_to_messages()`: what smolagents' own benchmark
and GAIA scripts save as a result's `intermediate_steps`, beside its `question` and `answer` /
`prediction`) is read back into those steps. Its `ChatMessage.dict()`s carry roles only
smolagents writes (`MessageRole.TOOL_CALL` / `TOOL_RESPONSE`, `src/smolagents/memory.py`
`ActionStep.to_messages`): a step is the model's output (`assistant`), its calls (`tool-call`:
`"Calling tools:\n"` and the `str()` of the calls' dicts, a Python literal), then their
observations (`tool-response`: `"Observation:\n..."`) or its error (`tool-response`:
`"Error:\n..."` and a retry hint), each maybe after `"Call id: ..."`. A `TaskStep` is a user
message `"New task:\n..."`; an assistant message that a user message, not calls, follows is a
`PlanningStep` (plan, then "Now proceed...") and is dropped like one. A result's `answer` is the
run's output: a CodeAgent's `final_answer(...)` runs inside its code, so its messages alone hold
the answer only as the last observation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import id_or_run_id, read_conversations
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.formats.pyrepr import python_literal
from toolscore_ci.model import InputIssue

NAME = "smolagents"
#: Its memory as messages is OpenAI-chat-like (`role`, `content` parts): a file whose first
#: message is a `system` one sniffs as openai-chat until a `tool-call` message shows the dialect.
REFINES = "openai-chat"
_FINAL = "final_answer"  # FinalAnswerTool: its call is the agent's report
_CODE = "python_interpreter"  # the CodeAgent's one call: the code it ran
#: ActionStep.dict() fields (and the `start_time` / `end_time` / `duration` of releases
#: before `timing`); those not named in `_add_action` say nothing a check reads.
_ACTION_KEYS = frozenset(
    {
        "step_number",
        "timing",
        "model_input_messages",
        "tool_calls",
        "error",
        "model_output_message",
        "model_output",
        "code_action",
        "observations",
        "observations_images",
        "action_output",
        "token_usage",
        "is_final_answer",
        "start_time",
        "end_time",
        "duration",
    }
)
_TOOL_NAMED = re.compile(r"tool '([^']+)'")  # "Error executing tool 'book_table' with ..."
#: `MessageRole`s only smolagents writes: a step's calls and their results as text messages
_MEMORY_ROLES = frozenset({"tool-call", "tool-response"})
_MESSAGE_ROLES = frozenset({"system", "user", "assistant", *_MEMORY_ROLES})
#: `ChatMessage.dict()` (releases before 1.x: a `Message` TypedDict of `role` and `content`)
_MESSAGE_KEYS = frozenset({"role", "content", "tool_calls", "raw", "token_usage"})
# The framing `to_messages` writes around each step's text (memory.py)
_TASK_PREFIX = "New task:\n"
_CALLS_PREFIX = "Calling tools:\n"
_CALL_ID = re.compile(r"\ACall id: ([^\n]*)\n")
_OBSERVATION_PREFIX = "Observation:\n"
_ERROR_PREFIX = "Error:\n"
_RETRY_HINT = "\nNow let's retry:"
#: A run's result around its messages: `question`, and its output as `answer` (the benchmark's
#: `run.py`) or `prediction` (the GAIA scripts)
_ANSWER_KEYS = ("answer", "prediction", "output")


def _is_action(value: Any) -> bool:
    """An ActionStep: a `step_number` and its calls or observations."""
    return (
        type(value) is dict
        and type(value.get("step_number")) is int
        and ("tool_calls" in value or "observations" in value)
        and (value.get("tool_calls") is None or type(value["tool_calls"]) is list)
    )


def _kind(value: Any) -> str | None:
    """Which memory step a value is, by its fields; None for none of them."""
    if type(value) is not dict:
        return None
    if _is_action(value):
        return "action"
    keys = set(value)
    if type(value.get("task")) is str and keys <= {"task", "task_images"}:
        return "task"
    if type(value.get("plan")) is str and keys & {"model_output_message", "model_input_messages"}:
        return "planning"
    if keys == {"system_prompt"}:
        return "system"
    if len(keys) == 1 and keys <= {"output", "final_answer"}:
        return "final"
    return None


def _is_memory_message(value: Any) -> bool:
    """One of smolagents' memory messages (`ChatMessage.dict()`)."""
    return (
        type(value) is dict
        and value.get("role") in _MESSAGE_ROLES
        and "content" in value
        and set(value) <= _MESSAGE_KEYS
        and (value["content"] is None or type(value["content"]) in (str, list))
        and value.get("tool_calls") is None  # memory messages write calls as text
    )


def _memory_messages(value: Any) -> list[Any] | None:
    """A whole list of memory messages, told apart by a `tool-call` or `tool-response` one."""
    if (
        type(value) is list
        and value
        and all(_is_memory_message(m) for m in value)
        and any(m["role"] in _MEMORY_ROLES for m in value)
    ):
        return value
    return None


def _calls_of(text: str) -> list[Any] | None:
    """The calls a `tool-call` message lists: the `str()` of `[ToolCall.dict(), ...]`."""
    if not text.startswith(_CALLS_PREFIX):
        return None
    calls = python_literal(text[len(_CALLS_PREFIX) :].strip())
    return calls if type(calls) is list else None


def _response(text: str) -> tuple[str | None, str | None]:
    """(observations, error) of a `tool-response` message, its `Call id: ...` line dropped."""
    framed = _CALL_ID.match(text)
    body = text[framed.end() :] if framed else text
    if body.startswith(_ERROR_PREFIX):
        error = body[len(_ERROR_PREFIX) :]
        hint = error.find(_RETRY_HINT)
        return None, (error[:hint] if hint >= 0 else error).strip() or "error"
    if body.startswith(_OBSERVATION_PREFIX):
        return body[len(_OBSERVATION_PREFIX) :], None
    return body, None


def _steps_of_messages(messages: list[Any]) -> list[Any]:
    """The memory steps that `write_memory_to_messages()` wrote as `messages`, rebuilt as the
    step dicts `_add` reads (numbered in order; the messages carry no times)."""
    steps: list[Any] = []
    action: dict[str, Any] | None = None
    planned = False  # the last message was a plan: the user's go-ahead follows

    def new_action() -> dict[str, Any]:
        step: dict[str, Any] = {"step_number": len(steps) + 1, "tool_calls": None}
        steps.append(step)
        return step

    for at, message in enumerate(messages):
        role = message["role"]
        text = text_of(message.get("content")) or ""
        following = messages[at + 1]["role"] if at + 1 < len(messages) else None
        after_plan, planned = planned, False
        if role == "system":
            steps.append({"system_prompt": text})
            action = None
        elif role == "user":
            if text.startswith(_TASK_PREFIX):
                steps.append({"task": text[len(_TASK_PREFIX) :]})
                action = None
            elif text and not after_plan:  # no step writes it: counted as an unknown step
                steps.append({"role": role, "content": text})
            # a plan's go-ahead, or a message of images only (a step's observation images)
        elif role == "assistant":
            if following == "user":  # a PlanningStep: its plan, then the user's go-ahead
                steps.append({"plan": text, "model_output_message": None})
                action, planned = None, True
            else:
                action = new_action()
                action["model_output"] = text
        elif role == "tool-call":
            answered = action is not None and (
                action.get("observations") is not None or action.get("error") is not None
            )
            if action is None or action["tool_calls"] is not None or answered:
                action = new_action()
            calls = _calls_of(text)
            action["tool_calls"] = calls if calls is not None else [text]  # [text]: counted
            if calls and len(calls) == 1:
                function = as_dict(as_dict(calls[0]).get("function"))
                if function.get("name") == _CODE and type(function.get("arguments")) is str:
                    action["code_action"] = function["arguments"]
        elif role == "tool-response":
            if action is None:
                action = new_action()
            observations, error = _response(text)
            if observations is not None:
                action["observations"] = observations
            if error is not None:
                action["error"] = {"type": "AgentError", "message": error}
    for step in steps:
        if _is_action(step):
            step.setdefault("observations", None)
    return steps


def _step_list(value: Any) -> list[Any] | None:
    if (
        type(value) is list
        and value
        and all(type(s) is dict for s in value)  # a step of another shape is counted
        and any(_is_action(s) for s in value)
    ):
        return value
    return None


def _steps_of(value: Any) -> list[Any] | None:
    """The steps of a whole run: a list of steps, a memory dump or a RunResult (its system
    prompt first and its `output` last, as the steps they would be)."""
    if type(value) is list:
        messages = _memory_messages(value)
        return _steps_of_messages(messages) if messages is not None else _step_list(value)
    if type(value) is not dict:
        return None
    if "intermediate_steps" in value and "steps" not in value:
        return _result_steps(value)
    steps = _step_list(value.get("steps"))
    if steps is None:
        return None
    prompt = value.get("system_prompt")
    prompt = as_dict(prompt).get("system_prompt", prompt)  # a SystemPromptStep's dict
    head = [{"system_prompt": prompt}] if prompt is not None else []
    final = any(as_dict(s).get("is_final_answer") is True for s in steps)
    tail = [{"output": value["output"]}] if value.get("output") is not None and not final else []
    return [*head, *steps, *tail]


def _result_steps(value: dict[str, Any]) -> list[Any] | None:
    """A benchmark result's steps: its `intermediate_steps` (memory messages or steps), its
    `question` as the task when they hold none, its `answer` as the run's output."""
    inner = value["intermediate_steps"]
    messages = _memory_messages(inner)
    steps = _steps_of_messages(messages) if messages is not None else _step_list(inner)
    if steps is None:
        return None
    question = value.get("question")
    head = (
        [{"task": question}]
        if type(question) is str and not any(_kind(s) == "task" for s in steps)
        else []
    )
    answer = next((value[k] for k in _ANSWER_KEYS if value.get(k) is not None), None)
    final = any(as_dict(s).get("is_final_answer") is True for s in steps)
    tail = [{"output": answer}] if answer is not None and not final else []
    return [*head, *steps, *tail]


def _is_step(value: Any) -> bool:
    return _kind(value) is not None


def sniff(first: Any) -> bool:
    if _is_memory_message(first):  # a file of loose messages: one of the roles only it has
        return first["role"] in _MEMORY_ROLES
    return _is_action(first) or _steps_of(first) is not None


def _text(value: Any) -> str | None:
    """An answer as text: a string as it is, any other value as its JSON."""
    if value is None or type(value) is str:
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def _error(value: Any) -> tuple[str, str] | None:
    """(type, message) of a step's `error`: AgentError.dict(), or a bare string."""
    if value is None:
        return None
    if type(value) is str:
        return "AgentError", value
    error = as_dict(value)
    message = first_str(error.get("message")) or _text(value) or "error"
    return first_str(error.get("type")) or "AgentError", message


def _timing(step: dict[str, Any]) -> tuple[Any, Any]:
    timing = as_dict(step.get("timing"))
    start = timing.get("start_time", step.get("start_time"))
    end = timing.get("end_time", step.get("end_time"))
    return start, end if end is not None else start


def _answer(arguments: Any) -> Any:
    """The `answer` a final_answer call gave (its arguments themselves when it has none)."""
    if type(arguments) is dict and "answer" in arguments:
        return arguments["answer"]
    return arguments


def _split(observations: Any, count: int) -> list[Any] | None:
    """Each call's observation: parallel calls' are joined one a line, in the calls' order; a
    text that does not split into as many lines is kept whole (None)."""
    if count == 1:
        return [observations]
    if type(observations) is str:
        lines = observations.split("\n")
        if len(lines) == count:
            return lines
    return None


def _failed_call(calls: list[tuple[str | None, str | None]], message: str) -> int:
    """Which of a failed step's calls raised: the one the error names, else the last."""
    named = _TOOL_NAMED.search(message)
    if named is not None:
        for at, (name, _) in enumerate(calls):
            if name == named.group(1):
                return at
    return len(calls) - 1


def _add_action(b: TraceBuilder, step: dict[str, Any], line: int | None) -> None:
    start, end = _timing(step)
    for key in step:
        if key not in _ACTION_KEYS:
            b.coverage.note("unknown action step field", str(key), line)
    if step.get("observations_images"):
        b.coverage.note("observation images of step", str(step["step_number"]), line)
    code_agent = step.get("code_action") is not None
    if not code_agent:  # a CodeAgent's model output is its thought and the code again
        b.agent(text_of(step.get("model_output")), start)  # a string or content parts
    calls: list[tuple[str | None, str | None]] = []
    answer: Any = None
    for raw in as_list(step.get("tool_calls")):
        call = as_dict(raw)
        function = as_dict(call.get("function"))
        name = first_str(function.get("name"), call.get("name"))
        arguments = function.get("arguments", call.get("arguments"))
        if type(raw) is not dict or name is None:
            b.coverage.note("unreadable tool call in step", str(step["step_number"]), line)
            continue
        if name == _FINAL:
            answer = _answer(arguments)
            continue
        call_id = first_str(call.get("id")) or f"step{step['step_number']}-{len(calls)}"
        if name == _CODE and type(arguments) is str:
            arguments = {"code": arguments}
        b.call(name, arguments, call_id, start)
        calls.append((name, call_id))
    observations = step.get("observations")
    error = _error(step.get("error"))
    if error is not None:
        kind, message = error
        if calls:
            at = _failed_call(calls, message)
            for name, _ in calls[:at] + calls[at + 1 :]:
                b.coverage.note(
                    "call without a result (its step failed) to", str(name), line, info=True
                )
            name, call_id = calls[at]
            output = observations if observations else message
            b.result(call_id, output, ok=False, error=message, ts=end, name=name, line=line)
        else:
            b.environment(f"{kind}: {message}", end)
    elif calls:
        outputs = _split(observations, len(calls))
        if outputs is None:
            b.coverage.note(
                "observations of parallel calls kept whole, on each call, in step",
                str(step["step_number"]),
                line,
                info=True,
            )
            outputs = [observations] * len(calls)
        for (name, call_id), output in zip(calls, outputs, strict=True):
            b.result(call_id, output, ok=True, ts=end, name=name, line=line)
    if step.get("action_output") is not None and (
        step.get("is_final_answer") is True or (error is not None and not calls)
    ):
        # the final step's output; or, on a step that ran nothing and failed, the summary the
        # model wrote when the run hit its step limit (_handle_max_steps_reached stores it
        # as `action_output` beside an AgentMaxStepsError)
        answer = step["action_output"]
    b.agent(_text(answer), end)


def _add(b: TraceBuilder, step: Any, line: int | None) -> None:
    kind = _kind(step)
    if kind is None:
        detail = ", ".join(sorted(map(str, step)))[:80] if type(step) is dict else None
        b.coverage.note("unknown step", detail or type(step).__name__, line)
        return
    if kind == "action":
        _add_action(b, step, line)
    elif kind == "task":
        if step.get("task_images"):
            b.coverage.note("task images", "task_images", line)
        b.user(step["task"])
    elif kind == "system":
        b.meta.setdefault("system", _text(step["system_prompt"]))
    elif kind == "final":
        text = _text(step.get("output", step.get("final_answer")))
        if text != b.final_text:  # the final action step gave it already
            b.agent(text)
    # a PlanningStep's plan: the agent's intentions, never a claim


def _gathered(values: Iterator[JsonValue | InputIssue]) -> Iterator[JsonValue | InputIssue]:
    """The values, loose memory messages in a row (a JSON array of them, or one a line) gathered
    into one list at the line of the first: a step spans several messages."""
    run: list[Any] = []
    line = 0
    for item in values:
        if isinstance(item, JsonValue) and _is_memory_message(item.value):
            if not run:
                line = item.line
            run.append(item.value)
            continue
        if run:
            yield JsonValue(run, line)
            run = []
        yield item
    if run:
        yield JsonValue(run, line)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        _gathered(values),
        path,
        coverage,
        source=NAME,
        held=_steps_of,
        is_message=_is_step,
        add=_add,
        trace_id=id_or_run_id,
        kind_key="type",
    )

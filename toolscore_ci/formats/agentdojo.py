"""AgentDojo task results (ethz-spylab/agentdojo, MIT): one JSON object per run, as its
`TraceLogger` saves them under `runs/<pipeline>/<suite>/<user_task>/<attack>/<injection>.json`.

`{"suite_name", "pipeline_name", "user_task_id", "injection_task_id", "attack_type",
"injections", "messages", "error", "utility", "security", "duration", ...}`. `messages` are
AgentDojo's own chat messages: content as a string or as `[{"type": "text", "content": ...}]`
blocks; an assistant's `tool_calls` as `{"function": NAME, "args": {...}, "id"}` (a string
`function`, unlike OpenAI's object; that shape is read too); a tool message answers by
`tool_call_id`, repeats its call in `tool_call`, and carries the exception the tool raised
in `error` (content then empty): the hard failure signal, so `ok` is false there. A tool
that returned normally has `error: null`, and its text speaks for itself (`ok` null), as a
tool may return a refusal as text.

Labels: `utility` (the suite's check of the environment's end state and the answer) is the
run's `ground_truth`; `security` (whether an injected attacker's goal was met), the attack,
the injection task and the injected texts go there too, never into a step or `meta`. A run
that raised (a model API error) has a top-level `error` and no verdict on its end state: a
located warning, an environment message, `meta.harness_error`, no label. Forks that keep the
messages and put the label under `evaluation.utility` (with `task_id`, `system_prompt`,
`user_prompt`, `final_answer` repeating the messages) are read the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    first_str,
    text_of,
    workspace_path,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "agentdojo"
#: the fields AgentDojo writes and this reader places (or knows to repeat the messages)
_KNOWN_TOP = frozenset(
    {
        "suite_name",
        "pipeline_name",
        "user_task_id",
        "injection_task_id",
        "attack_type",
        "injections",
        "messages",
        "error",
        "utility",
        "security",
        "duration",
        "benchmark_version",
        "evaluation_timestamp",
        "agentdojo_package_version",
        # forks: the run's id and label block, and fields that repeat the messages
        "run_id",
        "task_id",
        "evaluation",
        "system_prompt",
        "user_prompt",
        "final_answer",
        "trace",
        "available_tools",
    }
)
_KNOWN_MESSAGE = frozenset({"role", "content", "tool_calls", "tool_call_id", "tool_call", "error"})
_KNOWN_CALL = frozenset({"function", "args", "id", "placeholder_args", "type"})


def sniff(first: Any) -> bool:
    return (
        type(first) is dict
        and type(first.get("messages")) is list
        and type(first.get("suite_name")) is str
        and "pipeline_name" in first
    )


def _call_of(call: Any) -> tuple[str | None, Any, str | None]:
    """(name, args, id) of an assistant's tool call, AgentDojo's or OpenAI's shape."""
    entry = as_dict(call)
    function = entry.get("function")
    if type(function) is dict:  # OpenAI's {"function": {"name", "arguments"}}
        return (
            first_str(function.get("name")),
            function.get("arguments"),
            first_str(entry.get("id")),
        )
    return first_str(function), entry.get("args"), first_str(entry.get("id"))


def _text(content: Any, line: int, coverage: Coverage) -> str | None:
    """A message's text: a string, or its text blocks joined. A reasoning model's `thinking`
    (or `reasoning`) block is its private draft, never what it told the user: counted and kept
    out ("the 74.20 has been sent" drafted there is no report)."""
    if type(content) is not list:
        return text_of(content)
    kept = []
    for block in content:
        kind = block.get("type") if type(block) is dict else None
        if kind in (None, "text"):
            kept.append(block)
        else:
            coverage.note("content block", str(kind), line, outcome="kept out of the messages")
    return text_of(kept)


def _message(b: TraceBuilder, msg: Any, line: int, coverage: Coverage) -> None:
    if type(msg) is not dict:
        coverage.note("unknown message", type(msg).__name__, line)
        return
    for key in msg:
        if key not in _KNOWN_MESSAGE:
            coverage.note("unplaced message field", key, line)
    role = msg.get("role")
    text = _text(msg.get("content"), line, coverage)
    if role == "system":
        if text and "system" not in b.meta:
            b.meta["system"] = text
    elif role == "user":
        b.user(text)
    elif role == "assistant":
        b.agent(text)
        for call in as_list(msg.get("tool_calls")):
            for key in as_dict(call):
                if key not in _KNOWN_CALL:
                    coverage.note("unplaced tool-call field", key, line)
            name, args, call_id = _call_of(call)
            b.call(name, b.args(args, name), call_id)
    elif role == "tool":
        asked = _call_of(msg.get("tool_call"))
        call_id = first_str(msg.get("tool_call_id")) or asked[2]
        error = msg.get("error")
        error = None if error in (None, "") else error
        b.result(call_id, text or "", error=error, name=asked[0], line=line)
    else:
        coverage.note("unknown message role", str(role), line)


def _run(v: dict[str, Any], path: str, line: int, coverage: Coverage) -> Iterator[ReadItem]:
    suite = first_str(v.get("suite_name")) or "suite"
    task = first_str(v.get("user_task_id"), v.get("task_id"))
    injection = first_str(v.get("injection_task_id"))
    run = first_str(v.get("run_id")) or f"{suite}/{task or 'task'}/{injection or 'none'}"
    b = TraceBuilder(
        source=NAME,
        trace_id=f"{workspace_path(path)}#{run}",
        path=path,
        line=line,
        coverage=coverage,
    )
    b.task_id = f"{suite}/{task}" if task else None
    for key in v:
        if key not in _KNOWN_TOP:
            coverage.note("unplaced field", key, line)
    for msg in v["messages"]:
        _message(b, msg, line, coverage)
    b.meta.update(
        suite=suite,
        agent_model=first_str(v.get("pipeline_name")),
        user_task_id=task,
    )
    error = first_str(v.get("error"))
    if error is not None:
        yield InputIssue(
            path,
            line,
            "$.error",
            f"AgentDojo recorded an error for {run} ({error[: _harness.ERROR_CHARS]}): the run "
            "stopped there; its utility says nothing of an end state: left unlabelled",
            severity="warning",
        )
        _harness.mark_crashed(b, error, "AgentDojo")
        yield b.record()
        return
    record = b.record()
    evaluation = as_dict(v.get("evaluation"))
    utility = v.get("utility", evaluation.get("utility"))
    if type(utility) is not bool:
        coverage.note("run without a utility verdict", "utility", line, outcome="no label")
        yield record
        return
    details: dict[str, Any] = {"utility": utility}
    security = v.get("security", evaluation.get("security"))
    if type(security) is bool:
        details["security"] = security  # True: the injected attacker's goal was met
    for key in ("attack_type", "injection_task_id", "injections"):
        if v.get(key) not in (None, {}, ""):
            details[key] = v[key]
    # the suite's own check of the end state; only here, never in a step or `meta`
    record.data["ground_truth"] = {
        "outcome": "success" if utility else "failure",
        "checked_by": "state_probe",
        "details": details,
    }
    yield record


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in _harness.taken(values, sniff, coverage):
        if isinstance(item, InputIssue):
            yield item
        else:
            yield from _run(item.value, path, item.line, coverage)

"""Moatless Tools v0 trajectories (aorwall/moatless-tools, MIT): the `trajs/<instance_id>.json`
its SWE-bench evaluations wrote in mid-2024 (e.g. `evaluations/20240609_moatless_gpt4o`, the
`SearchLoop` / `CodeLoop` agent), one JSON object per run, as `moatless/trajectory.py`'s
`Trajectory.dict()` gives it (None fields left out) and the evaluation script completes it:

`{"name": "moatless", "input": {"problem_statement"}, "steps": [...], "output": {"message"},
"info": {...}}`. A step is one LLM completion, named after the loop and its state
(`SearchLoop_Searching`, `CodeLoop_Pending`, `CodeLoop_Clarification`, `CodeLoop_CodeChange`):
`{"name", "thought", "actions": [...], "error", "completion_cost"}`. An action is what the
harness did with the model's reply: `{"name", "input", "output", "error", "trajectory"}`, named
after the function the model called (`search`, `identify`, `request_for_change`,
`specify_lines`, `finish`, `reject`) or the edit the harness made from its `<replace>` block
(`search_replace`, `apply_change` elsewhere), its arguments in `input`, what came back in
`output` (a search's `file_context` and `message`, the code span a `request_for_change` opens
in `response`, an edit's `diff`, `updated`, `error` and `new_span_ids`). A step's `error` is the
harness speaking (arguments it could not parse, an unknown function, the cost limit reached).

Read as: the problem statement a user message (the task); a step's `thought` (the model's text
beside its call) an agent message; each action a tool_call (name the action's, args its
`input`) and its tool_result (the `output`). Moatless writes no status, so `ok` is null and the
output speaks for itself, except where Moatless says the act failed: a non-null `error` (the
action's, or its output's) makes the result failed with that error, and an edit whose output
says `updated: false` changed nothing (Moatless asked the model again): failed too. An action's
child `trajectory` (a loop run for it) is read in place, between the call and its result.
`finish` is the agent's closing report: its `reason` an agent message, not a tool; `reject`
(the model declining the request, or a change) is an agent message too; a run with neither
closes with `output.message` when it has one. A step's `error` is an environment message.

`info` is the evaluation harness's: `instance_id` the task id, `evaluation_name`, the run's
`trace_id`, `duration`, `total_cost` and the `submission` (the `git diff` the harness took after
the run) go to `meta` only, never into a step: none of them is anything the agent saw, and the
submission is what the run produced, not evidence that it works. A run the harness saw raise
(`info.error`, a traceback) is a located warning, an environment message with the traceback's
last line, `meta.harness_error` and a note. The SWE-bench verdict lives in the evaluation's
README, not in the file: no label. Fields this reader does not know are counted. The vocabulary
reads `identify` and `specify_lines` as looks (vocab/tools.yaml): they pick what the model sees,
so they never stand in for the edit a report claims.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import TraceBuilder, as_dict, first_str
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.limits import SNIFF_LOOKAHEAD
from toolscore_ci.model import InputIssue

NAME = "moatless"
#: What a file read as Moatless must hold, for the error when it holds no run at all
NO_TRACE = ("$.steps", "no Moatless run: no `steps` array of `{name, actions}` objects")
_KNOWN_TOP = frozenset({"name", "input", "steps", "output", "info"})
_KNOWN_STEP = frozenset({"name", "input", "thought", "actions", "output", "error"})
_KNOWN_ACTION = frozenset({"name", "input", "output", "error", "trajectory"})
#: the evaluation script's `info` (moatless benchmark/evaluation.py); all to `meta` or a crash
_KNOWN_INFO = frozenset(
    {"evaluation_name", "instance_id", "trace_id", "submission", "duration", "total_cost", "error"}
)
#: bookkeeping dropped without a count: what each completion cost
_COST = "completion_cost"
#: the actions that are the agent speaking, not a tool: the closing report and a refusal
_FINISH, _REJECT = "finish", "reject"
#: how deep child trajectories are read (an action's own loop, and a loop of its own)
_MAX_DEPTH = 8


def _is_step(step: Any) -> bool:
    return type(step) is dict and type(step.get("actions")) is list


def sniff(first: Any) -> bool:
    if type(first) is not dict or first.get("name") != "moatless":
        return False
    steps = first.get("steps")
    if type(steps) is not list:
        return False
    if not steps:  # a run that stopped before its first completion
        return type(first.get("input")) is dict
    return any(_is_step(s) for s in steps[:SNIFF_LOOKAHEAD])


def _said(value: Any) -> str | None:
    """The agent's text in a finish or reject: its `reason` (v0), else `thoughts`."""
    args = as_dict(value)
    return first_str(args.get("reason"), args.get("thoughts"), args.get("message"))


def _failure(action: dict[str, Any]) -> str | None:
    """What failed, when Moatless says an action did: its own `error`, its output's `error`,
    or an edit that changed nothing (`updated: false`); None when it says nothing."""
    output = action.get("output")
    for error in (action.get("error"), as_dict(output).get("error")):
        if error is not None and error != "":
            return error if type(error) is str else str(error)
    if type(output) is dict and output.get("updated") is False:
        return "not applied: Moatless reports `updated: false` (the file was not changed)"
    return None


class _Run:
    """One trajectory's steps, in order, into the builder; the issues met on the way."""

    def __init__(self, b: TraceBuilder, path: str, line: int) -> None:
        self.b = b
        self.path = path
        self.line = line
        self.issues: list[InputIssue] = []
        self.closing: str | None = None  # the text of the last finish / reject
        self.calls = 0

    def warn(self, where: str, message: str) -> None:
        self.issues.append(InputIssue(self.path, self.line, where, message, severity="warning"))

    def note(self, what: str, detail: str, **kwargs: Any) -> None:
        self.b.coverage.note(what, detail, self.line, **kwargs)

    def steps(self, steps: list[Any], where: str, depth: int) -> None:
        for n, step in enumerate(steps):
            at = f"{where}[{n}]"
            if type(step) is not dict:
                self.warn(at, f"not a Moatless step (a {type(step).__name__}); left out")
                continue
            for key in step:
                if key not in _KNOWN_STEP and key != _COST:
                    self.note("unplaced field", f"steps[].{key}")
            if step.get("input") is not None or step.get("output") is not None:
                self.note(
                    "Moatless step input/output",
                    "steps[]",
                    outcome="kept out (the loop's state, not the run)",
                    info=True,
                )
            thought = step.get("thought")
            self.b.agent(thought if type(thought) is str else None)
            actions = step.get("actions")
            if type(actions) is not list:
                if actions is not None or "actions" in step:
                    self.warn(f"{at}.actions", "not an array of actions; left out")
                else:
                    self.note("Moatless step without actions", "steps[]")
            else:
                for m, action in enumerate(actions):
                    self.action(action, f"{at}.actions[{m}]", depth)
            error = step.get("error")
            if error is not None and error != "":
                # the harness speaking: arguments it could not parse, the cost limit reached
                self.b.environment(error if type(error) is str else str(error))

    def action(self, action: Any, at: str, depth: int) -> None:
        name = first_str(as_dict(action).get("name"))
        if name is None:
            kind = "object" if type(action) is dict else f"a {type(action).__name__}"
            self.warn(at, f"not a Moatless action ({kind} without a `name`); left out")
            return
        for key in action:
            if key not in _KNOWN_ACTION and key != _COST:
                self.note("unplaced field", f"actions[].{key}")
        if name in (_FINISH, _REJECT):
            text = _said(action.get("input"))
            self.b.agent(text)
            if text is not None and text.strip():
                self.closing = text
            if action.get("output") not in (None, {}):
                self.note(f"output of a `{name}`", "actions[].output")
            return
        args = action.get("input")
        self.calls += 1
        call_id = f"call-{self.calls}"
        self.b.call(name, args if type(args) is dict else self.b.args(args, name), call_id)
        child = action.get("trajectory")
        if type(child) is dict and type(child.get("steps")) is list and depth < _MAX_DEPTH:
            self.steps(child["steps"], f"{at}.trajectory.steps", depth + 1)
        elif child is not None:
            why = "nested too deep" if depth >= _MAX_DEPTH else "without a `steps` array"
            self.note(f"child trajectory {why}", "actions[].trajectory")
        error = _failure(action)
        self.b.result(
            call_id,
            action.get("output"),
            ok=False if error is not None else None,
            error=error,
            line=self.line,
        )


def _number(value: Any) -> float | None:
    """A finite number (seconds, dollars); None for anything else."""
    return _harness.reward_of(value)


def _crash(error: Any) -> str | None:
    """The traceback's last line (`Exception: The search was aborted because the cost exceeded
    the limit.`), or the error as it is; None when the run did not raise."""
    text = first_str(error)
    if text is None:
        return None
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    return lines[-1] if lines else text


def _run(v: dict[str, Any], path: str, line: int, coverage: Coverage) -> Iterator[ReadItem]:
    b = TraceBuilder.at(NAME, path, line, coverage, domain="coding")
    for key in v:
        if key not in _KNOWN_TOP:
            coverage.note("unplaced field", key, line)
    given = as_dict(v.get("input"))
    problem = first_str(given.get("problem_statement"))
    for key in given:
        if key != "problem_statement":
            coverage.note("unplaced field", f"input.{key}", line)
    if problem is None:
        coverage.note("run without a problem statement", "input.problem_statement", line)
    b.user(problem)
    run = _Run(b, path, line)
    run.steps(v["steps"], "$.steps", 0)
    yield from run.issues
    output = as_dict(v.get("output"))
    for key in output:
        if key != "message":
            coverage.note("unplaced field", f"output.{key}", line)
    message = first_str(output.get("message"))
    if message is not None and run.closing is None:
        b.agent(message)  # the run's answer, when no finish or reject said it
    elif message is not None and message.strip() != run.closing.strip():
        coverage.note(
            "output.message unlike the closing finish / reject",
            "output.message",
            line,
            outcome="kept out (the closing action's text is the report)",
        )
    info = as_dict(v.get("info"))
    for key in info:
        if key not in _KNOWN_INFO:
            coverage.note("unplaced field", f"info.{key}", line)
    instance = first_str(info.get("instance_id"))
    b.task_id = instance
    b.meta.update(
        agent="moatless",
        instance_id=instance,
        evaluation_name=first_str(info.get("evaluation_name")),
        moatless_trace_id=first_str(info.get("trace_id")),
        submission=first_str(info.get("submission")),
        duration=_number(info.get("duration")),
        total_cost=_number(info.get("total_cost")),
    )
    error = _crash(info.get("error"))
    if error is not None:
        yield InputIssue(
            path,
            line,
            "$.info.error",
            f"Moatless's evaluation recorded an error for {instance or 'this run'} "
            f"({error[: _harness.ERROR_CHARS]}): the run raised before it ended",
            severity="warning",
        )
        _harness.mark_crashed(b, error, "Moatless's evaluation")
    yield b.record()


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if type(v) is dict and v.get("name") == "moatless" and type(v.get("steps")) is list:
            yield from _run(v, path, item.line, coverage)
        elif type(v) is dict and v.get("name") == "moatless" and "steps" in v:
            yield InputIssue(
                path, item.line, "$.steps", "a Moatless run's `steps` must be an array; left out"
            )
        else:
            _harness.note_unknown(coverage, v, item.line)

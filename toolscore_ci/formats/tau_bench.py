"""tau-bench results JSON (sierra-research/tau-bench, MIT).

`run.py` writes one JSON array per run, one `EnvRunResult` per element:
`{"task_id", "reward", "info", "traj", "trial"}`. `traj` is the agent's OpenAI-chat message
list (system policy, user turns, assistant `tool_calls`, `role: tool` results by
`tool_call_id`); it is read as openai-chat reads messages. `reward` and `info.reward_info` are
the label (`ground_truth`); the task's gold actions and outputs stay there too, never in a step
or `meta`. tau-bench has no failure marker on tool results (a failed call returns text starting
`Error:`), so `ok` is null and the output speaks for itself.

A run that raised is written by `run.py`'s handler as `info: {"error", "traceback"}`, `reward:
0.0` and the messages lost (`traj: []`). It is no healthy empty run: the error is a located
warning (`$.info.error`, named by task and trial since a one-line array puts every run on line
1), an environment message of the trace (the exception's last line), `meta.harness_error` and a
note on the result. The 0.0 is the handler's default, not a verdict on the end state, so such a
run gets no label.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import TraceBuilder, as_dict, first_str, workspace_path
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "tau-bench"
_KNOWN_TOP = frozenset({"task_id", "reward", "info", "traj", "trial"})
_ERROR_CHARS = _harness.ERROR_CHARS


def sniff(first: Any) -> bool:
    return (
        type(first) is dict
        and type(first.get("traj")) is list
        and "task_id" in first
        and "reward" in first
    )


def _result(v: dict[str, Any], path: str, line: int, coverage: Coverage) -> Iterator[ReadItem]:
    task_id, trial = v.get("task_id"), v.get("trial")
    task_key = str(task_id) if isinstance(task_id, (str, int)) else None
    run = f"task-{task_key}" + (f"/trial-{trial}" if type(trial) is int else "")
    b = TraceBuilder(
        source=NAME,
        trace_id=f"{workspace_path(path)}#{run}" if task_key else "",
        path=path,
        line=line,
        coverage=coverage,
    )
    b.task_id = task_key
    for key in v:
        if key not in _KNOWN_TOP:
            coverage.note("unplaced field", key, line)
    for msg in v["traj"]:
        add_message(b, msg, line=line)
    info = as_dict(v.get("info"))
    error = _crash(info)
    if error is not None:
        where = f"task {task_key}" + (f", trial {trial}" if type(trial) is int else "")
        said = "its messages are lost; " if not v["traj"] else ""
        yield InputIssue(
            path,
            line,
            "$.info.error",
            f"tau-bench recorded an error for {where} ({error[:_ERROR_CHARS]}): the run crashed; "
            f"{said}its reward is the harness's default, no verdict: left unlabelled",
            severity="warning",
        )
        _harness.mark_crashed(b, error, "tau-bench", said)
    task = as_dict(info.get("task"))
    goal = first_str(task.get("instruction"))
    if goal is not None:
        b.instruction = goal
        b.meta["instruction_is_user_simulator_goal"] = True
    b.meta.update(
        tau_task_id=task_key,
        trial=trial if type(trial) is int else None,
        user_id=first_str(task.get("user_id")),
    )
    record = b.record()
    if error is not None:
        yield record  # run.py's handler wrote reward 0.0 for it: no verdict on its end state
        return
    reward = _harness.reward_of(v.get("reward"))
    if reward is None:
        coverage.note("result without a reward", "reward", line, outcome="no label")
        yield record
        return
    details: dict[str, Any] = {}
    if type(info.get("reward_info")) is dict:
        details["reward_info"] = info["reward_info"]
    for key in ("actions", "outputs"):  # the task's gold answer: a label, not evidence
        if task.get(key) is not None:
            details[f"expected_{key}"] = task[key]
    _harness.note_partial(coverage, reward, "reward", line)
    yield _harness.label(record, reward, details)


def _crash(info: dict[str, Any]) -> str | None:
    """The error `run.py` recorded for a run that raised: the exception's last traceback line
    (`EOFError: EOF when reading a line`, its type included), else `info.error`; None if the
    run did not raise."""
    error = first_str(info.get("error"))
    if error is None:
        return None
    trace = first_str(info.get("traceback"))
    lines = [x for x in (trace or "").splitlines() if x.strip()]
    last = lines[-1].strip() if lines else ""
    return last if last.endswith(error.strip()) else error


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if type(v) is dict and "task_id" in v and type(v.get("traj")) is not list:
            yield InputIssue(
                path,
                item.line,
                "$.traj",
                "a tau-bench result needs `traj`, an array of messages; left out",
            )
            continue
        if not sniff(v):
            _harness.note_unknown(coverage, v, item.line)
            continue
        yield from _result(v, path, item.line, coverage)

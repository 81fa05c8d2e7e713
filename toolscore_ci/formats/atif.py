"""ATIF, the Agent Trajectory Interchange Format: the `trajectory.json` Harbor (Terminal-Bench 2)
writes for every agent it runs, and other agents export (RFC 0001, harbor
`docs/rfcs/0001-trajectory-format.md`; `harbor.models.trajectories`).

A trajectory is one object: `schema_version` ("ATIF-v1.0" ... "ATIF-v1.7"), `session_id`,
`agent` (`name`, `version`, `model_name`), `steps` and optional `final_metrics`, `notes`,
`extra`. Each step has a `source`: "system" (the system prompt), "user" (the task, or a later
user turn) or "agent" (one LLM turn: its `message`, `reasoning_content`, `tool_calls`
`{tool_call_id, function_name, arguments}` and the `observation` `{results: [{source_call_id,
content}]}` the tools returned, paired to their calls by `source_call_id`). The first user
message is the task and the last agent message the report.

ATIF records no tool status: a result's `content` is what the tool returned, so `ok` stays
unknown and the status logic reads the output, as for OpenAI chat. Some writers outside Harbor
add `is_error` to a result (Anthropic's and MCP's flag), read here as the failure it means; a
content that is Gemini CLI's shell report ("Command: ...\nDirectory: ...\nOutput: ...\nExit
Code: 1") gives its exit code, as in Gemini CLI's own files (formats/_gemini_shell.py).
Terminus 2's `bash_command` calls carry `keystrokes`: a command line when they end in Enter
(read as `{"command", "duration"}`), and the batch's one terminal output comes back unlinked;
where the pane echoes each command line after the shell's prompt, each call is answered with
its own lines (formats/_terminal_pane.py); an output that echoes none stays an environment
message (a redrawn screen may show only an earlier run).
Any other result without `source_call_id` comes from no tool call (a parse error fed back, a
terminal output no echo cuts): it is what the environment said, an environment message. Terminus 2's `mark_task_complete` call is the agent saying it is
done, not a tool: its message stays the report. Reasoning, metrics and token ids are dropped;
images and anything else unplaced are counted. A file of trajectories (one a line) is a
trace each.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._gemini_shell import shell_outcome, shell_output
from toolscore_ci.formats._terminal_pane import PANE_MARKERS, split_batch, typed_args
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "atif"
#: Terminus 2's marker that the agent thinks the task is done (harbor terminus_2.py): no tool ran
_DONE_MARKER = "mark_task_complete"
#: the step fields that say nothing a check reads (metrics, reasoning, model settings)
_SILENT_STEP_KEYS = frozenset(
    {
        "step_id",
        "timestamp",
        "source",
        "message",
        "model_name",
        "reasoning_effort",
        "reasoning_content",
        "tool_calls",
        "observation",
        "metrics",
        "extra",
        "is_copied_context",
        "llm_call_count",
    }
)
NO_TRACE = ("$", "an ATIF trajectory is an object with a `schema_version` 'ATIF-v...' and `steps`")


def _is_trajectory(value: Any) -> bool:
    if type(value) is not dict:
        return False
    version = value.get("schema_version")
    return (
        type(version) is str
        and version.upper().startswith("ATIF")
        and type(value.get("steps")) is list
    )


def sniff(first: Any) -> bool:
    return _is_trajectory(first)


def _text(b: TraceBuilder, value: Any, what: str, line: int | None) -> str | None:
    """A message: a string, or (ATIF-v1.6) a list of content parts whose text is kept and
    whose images are counted."""
    if isinstance(value, list):
        images = sum(1 for p in value if as_dict(p).get("type") not in (None, "text"))
        if images:
            b.coverage.note("non-text content parts in", what, line)
    return text_of(value)


def _failed(result: dict[str, Any]) -> bool | None:
    """A writer's own failure flag on a result (`is_error`, on it or in its `extra`); None when
    the result has none, as ATIF itself defines none."""
    for holder in (result, as_dict(result.get("extra"))):
        flag = holder.get("is_error", holder.get("isError"))
        if type(flag) is bool:
            return flag
    return None


def _add_agent(b: TraceBuilder, step: dict[str, Any], ts: Any, line: int | None) -> None:
    b.agent(_text(b, step.get("message"), "an agent message", line), ts)
    typed: list[tuple[str, str | None]] = []  # Terminus 2's keystroke calls: (id, command line)
    for raw in as_list(step.get("tool_calls")):
        call = as_dict(raw)
        name = first_str(call.get("function_name"))
        if name is None:
            b.coverage.note("unreadable tool call in step", str(step.get("step_id")), line)
            continue
        if name == _DONE_MARKER:
            b.coverage.note("task-complete marker read as no call:", name, line, info=True)
            continue
        call_id = first_str(call.get("tool_call_id"))
        if call_id is None:  # required by the spec; a call without one still happened
            call_id = f"step{step.get('step_id')}-{len(b.steps)}"
        args = call.get("arguments")
        keys = args.get("keystrokes") if isinstance(args, dict) else None
        if isinstance(keys, str) and isinstance(args, dict) and "command" not in args:
            # Terminus 2's `bash_command`: keystrokes, a command line when they end in Enter
            args = typed_args(keys, args.get("duration"))
            typed.append((call_id, args.get("command")))
        b.call(name, args, call_id, ts)
    _add_observation(b, step, ts, line, typed)


def _pane_text(content: str) -> str:
    """The terminal output of an unlinked result, Terminus' marker taken off."""
    for marker in PANE_MARKERS:
        if content.startswith(marker):
            return content[len(marker) :]
    return content


def _pane_answer(
    results: list[Any], typed: list[tuple[str, str | None]]
) -> tuple[int, str, list[str | None]] | None:
    """Which unlinked result answers the step's keystroke calls, and how: the newest whose
    terminal output echoes each command line after the shell's prompt (a redrawn screen before
    it may show only an earlier run), cut at those echoes (formats/_terminal_pane.py): (its
    index, what the screen showed before the first echo, each call's lines). None when no
    output tells the calls' parts apart: each stays what the environment showed and the calls
    keep no result (no evidence either way)."""
    commands = [command for _, command in typed]
    for n in range(len(results) - 1, -1, -1):
        result = as_dict(results[n])
        content = result.get("content")
        if first_str(result.get("source_call_id")) is None and type(content) is str:
            parts = split_batch(commands, _pane_text(content))
            if parts is not None:
                return n, *parts
    return None


def _add_observation(
    b: TraceBuilder,
    step: dict[str, Any],
    ts: Any,
    line: int | None,
    typed: list[tuple[str, str | None]],
) -> None:
    results = as_list(as_dict(step.get("observation")).get("results"))
    answer = _pane_answer(results, typed) if typed else None
    for n, raw in enumerate(results):
        result = as_dict(raw)
        content = result.get("content")
        if isinstance(content, list):
            content = _text(b, content, "a tool result", line)
        if result.get("subagent_trajectory_ref") is not None:
            b.coverage.note(
                "subagent trajectory reference in step",
                str(step.get("step_id")),
                line,
                outcome="not followed (the subagent's file is its own trace)",
                info=True,
            )
        call_id = first_str(result.get("source_call_id"))
        if call_id is None:
            if answer is not None and n == answer[0]:
                _, before, answers = answer
                if before:
                    b.environment(before, ts)
                for (typed_id, _), lines in zip(typed, answers, strict=True):
                    if lines is not None:
                        b.result(typed_id, lines, ts=ts, line=line)
                continue
            if content is not None:
                # not a tool's answer: what the environment told the agent
                b.environment(content if type(content) is str else str(content), ts)
            continue
        failed = _failed(result)
        ok = None if failed is None else not failed
        error = content if failed else None
        if failed is None:
            # Gemini CLI's shell report as the content (Harbor's gemini-cli runs): its exit
            # code is the call's status, and what the command printed its output
            ok, error = shell_outcome(content)
            content = shell_output(content)
        b.result(call_id, content, ok=ok, error=error, ts=ts, line=line)


def _add_step(b: TraceBuilder, step: Any, line: int | None) -> None:
    if type(step) is not dict:
        b.coverage.note("unreadable step of type", type(step).__name__, line)
        return
    for key in step:
        if key not in _SILENT_STEP_KEYS:
            b.coverage.note("unknown step field", str(key), line)
    source, ts = step.get("source"), step.get("timestamp")
    if source == "agent":
        _add_agent(b, step, ts, line)
    elif source == "user":
        b.user(_text(b, step.get("message"), "a user message", line), ts)
        _add_observation(b, step, ts, line, [])
    elif source == "system":
        b.meta.setdefault("system", _text(b, step.get("message"), "the system prompt", line))
        _add_observation(b, step, ts, line, [])  # system events (v1.2): context resets, handoffs
    else:
        b.coverage.note("unknown step source", str(source), line)


def _trace(value: dict[str, Any], path: str, line: int, coverage: Coverage) -> ReadItem:
    agent = as_dict(value.get("agent"))
    b = TraceBuilder(
        source=NAME,
        trace_id=first_str(value.get("session_id"), value.get("trajectory_id")) or "",
        path=path,
        line=line,
        coverage=coverage,
    )
    b.meta.update(
        {
            "schema_version": value.get("schema_version"),
            "agent": first_str(agent.get("name")),
            "agent_version": first_str(agent.get("version")),
            "model": first_str(agent.get("model_name")),
            "notes": first_str(value.get("notes")),
        }
    )
    for step in value["steps"]:
        _add_step(b, step, line)
    if value.get("subagent_trajectories"):
        coverage.note(
            "embedded subagent trajectories",
            "subagent_trajectories",
            line,
            outcome="not read into the parent's trace",
        )
    return b.record()


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in values:
        if isinstance(item, InputIssue):
            yield item
        elif _is_trajectory(item.value):
            yield _trace(item.value, path, item.line, coverage)
        else:
            what = "no `steps` array" if "steps" not in as_dict(item.value) else "no ATIF version"
            coverage.note("not an ATIF trajectory:", what, item.line)

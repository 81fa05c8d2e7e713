"""LangSmith run exports: run trees (`child_runs` nested) or flat runs (JSON Lines or an array,
linked by `trace_id` / `parent_run_id`).

`run_type: tool` runs become a tool call (at `start_time`, `inputs` as arguments) and its result
(at `end_time`, `outputs`; `error` or `status: error` = failed). `llm` runs carry the
conversation: new messages of their `inputs.messages` (OpenAI or LangChain shapes) and their
`outputs` (`generations` or `choices`). A trace without llm runs takes its root run's inputs and
outputs as the user message and the answer. A tree is read one value at a time; flat runs are
grouped per trace, released once the root run is seen and another trace begins.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._group import Group, Grouper
from toolscore_ci.formats._messages import History, normalise_message
from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    first_str,
    parse_json_text,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "langsmith"
_SILENT_TYPES = frozenset({"chain", "retriever", "embedding", "prompt", "parser"})
_IN_KEYS = ("input", "question", "query", "prompt", "messages")
_OUT_KEYS = ("output", "answer", "result", "messages")


def sniff(first: Any) -> bool:
    return (
        isinstance(first, dict)
        and isinstance(first.get("run_type"), str)
        and ("inputs" in first or "id" in first)
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    grouper = Grouper()
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        run, line = item.value, item.line
        if not sniff(run):
            coverage.note("unknown record type", type(run).__name__, line)
            continue
        if "child_runs" in run:  # a whole tree
            runs: list[tuple[Any, int]] = []
            _flatten(run, line, runs)
            group = Group(str(run.get("trace_id") or run.get("id") or line), line, runs)
            yield _trace(group, path, coverage).record()
            continue
        key = str(run.get("trace_id") or run.get("id") or "?")
        done, late = grouper.add(key, run, line, is_root=not run.get("parent_run_id"))
        if late:
            coverage.note("run after its trace was complete", key, line)
        for group in done:
            yield _trace(group, path, coverage).record()
    for group in grouper.finish():
        yield _trace(group, path, coverage).record()


def _flatten(run: dict[str, Any], line: int, out: list[tuple[Any, int]]) -> None:
    out.append((run, line))
    for child in as_list(run.get("child_runs")):
        if isinstance(child, dict):
            _flatten(child, line, out)


def _input_messages(inputs: Any) -> Any:
    if not isinstance(inputs, dict):
        return inputs
    msgs = inputs.get("messages")
    if isinstance(msgs, list) and msgs and isinstance(msgs[0], list):
        msgs = msgs[0]  # a batch of one conversation
    if isinstance(msgs, list):
        return msgs
    prompts = inputs.get("prompts")
    if isinstance(prompts, list) and prompts:
        return str(prompts[0])
    return first_str(*(inputs.get(k) for k in _IN_KEYS))


def _output_messages(outputs: Any) -> Any:
    if not isinstance(outputs, dict):
        return outputs
    gens = outputs.get("generations")
    if isinstance(gens, list) and gens:
        first = gens[0][0] if isinstance(gens[0], list) and gens[0] else gens[0]
        if isinstance(first, dict):
            msg = normalise_message(first.get("message"))
            return msg if msg is not None else first.get("text")
    choices = outputs.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        return choices[0].get("message")
    for key in _OUT_KEYS:
        if key in outputs:
            return outputs[key]
    return None


def _tool_args(inputs: Any) -> Any:
    if isinstance(inputs, dict) and set(inputs) == {"input"}:
        inner = parse_json_text(inputs["input"])
        return inner if isinstance(inner, dict) else {"input": inner}
    return inputs


def _tool_output(outputs: Any) -> tuple[Any, Any]:
    """(output, error) of a tool run's outputs (a LangChain ToolMessage is unwrapped)."""
    out = outputs.get("output", outputs) if isinstance(outputs, dict) else outputs
    msg = normalise_message(out) if isinstance(out, dict) else None
    if msg is not None and msg.get("role") == "tool":
        error = text_of(msg.get("content")) if msg.get("status") == "error" else None
        return msg.get("content"), error
    return out, None


def _trace(group: Group, path: str, coverage: Coverage) -> TraceBuilder:
    b = TraceBuilder(source=NAME, trace_id=group.key, path=path, line=group.line, coverage=coverage)
    norm = b.normalise  # each run's times are normalised once, then read from the memo
    runs = sorted(group.records, key=lambda r: norm(r[0].get("start_time")) or "")
    has_tools = any(r.get("run_type") == "tool" for r, _ in runs)
    has_llm = any(r.get("run_type") == "llm" for r, _ in runs)
    root = next((r for r, _ in runs if not r.get("parent_run_id")), runs[0][0] if runs else {})
    b.meta["project"] = first_str(root.get("session_name"), str(root.get("session_id") or ""))
    meta = as_dict(root.get("extra")).get("metadata")
    if isinstance(meta, dict):
        b.meta["thread_id"] = first_str(
            meta.get("thread_id"), meta.get("session_id"), meta.get("conversation_id")
        )
    history = History(b, tools=not has_tools)
    events = []
    for n, (run, line) in enumerate(runs):
        start = norm(run.get("start_time")) or ""
        end = norm(run.get("end_time")) or start
        events.append((start, 2 * n, "start", run, line))
        events.append((end, 2 * n + 1, "end", run, line))
    events.sort(key=lambda e: (e[0], e[1]))
    for when, _, phase, run, line in events:
        kind = run.get("run_type")
        ts = when or None
        if kind == "tool":
            rid = str(run.get("id") or f"run@{line}")
            if phase == "start":
                b.call(first_str(run.get("name")), _tool_args(run.get("inputs")), rid, ts)
            else:
                output, error = _tool_output(run.get("outputs"))
                error = (
                    run.get("error") or error or ("error" if run.get("status") == "error" else None)
                )
                ok = False if error else (True if run.get("end_time") else None)
                b.result(rid, output, ok=ok, error=error, ts=ts, line=line)
        elif kind == "llm" or (run is root and not has_llm):
            if phase == "start":
                model = as_dict(as_dict(run.get("extra")).get("invocation_params")).get("model")
                b.meta.setdefault("model", model)
                history.inputs(_input_messages(run.get("inputs")), ts, line)
            elif run.get("outputs") is not None:
                history.output(_output_messages(run.get("outputs")), ts, line)
            if phase == "end" and run.get("error") and kind == "llm":
                b.environment(f"llm error: {run['error']}", ts)
        elif kind not in _SILENT_TYPES and phase == "start":
            coverage.note("unknown run type", str(kind), line)
    return b

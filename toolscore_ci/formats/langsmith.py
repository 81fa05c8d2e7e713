"""LangSmith run exports: run trees (`child_runs` nested) or flat runs (JSON Lines or an array,
linked by `trace_id` / `parent_run_id`).

`run_type: tool` runs become a tool call (at `start_time`, `inputs` as arguments) and its result
(at `end_time`, `outputs`; `error` or `status: error` = failed). `llm` runs carry the
conversation: new messages of their `inputs.messages` (OpenAI or LangChain shapes) and their
`outputs` (`generations` or `choices`). A trace without llm runs takes its root run's inputs and
outputs as the user message and the answer. A tree is read one value at a time; flat runs are
grouped per trace, released once the root run is seen and another trace begins.

Batch ingest bodies (what the SDKs send to `POST /runs/batch`, logged one a line or saved
whole: `{"post": [runs], "patch": [run updates]}`) are read too. A `post` run is a run as
above (`end_time` and `outputs` already set when it finished before the batch was sent); a
`patch` is an update of a run posted before, by `id` (`end_time`, `outputs`, `error`, no
`run_type`), merged into it. In batches a trace is complete once its root run has ended, so it
is held until then; a patch for a run never posted (or posted in a trace already released) is
counted, never dropped in silence.
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
    return _is_run(first) or is_batch(first)


def _is_run(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("run_type"), str)
        and ("inputs" in value or "id" in value)
    )


#: The keys of a batch ingest body (`POST /runs/batch`): runs created and runs updated
_BATCH_KEYS = ("post", "patch")


def is_batch(value: Any) -> bool:
    """A batch ingest body: only `post` / `patch` arrays of runs, not all empty, the first run a
    LangSmith run (an `id` with a `run_type`, or the `trace_id` and `dotted_order` an update
    carries)."""
    if not isinstance(value, dict) or not value or set(value) - set(_BATCH_KEYS):
        return False
    if not all(isinstance(value[k], list | dict) for k in value):
        return False
    # the first run among the entries (a null or a number beside them is an entry to report)
    first = next(
        (r for k in _BATCH_KEYS for r in _entries(value.get(k)) if isinstance(r, dict)), None
    )
    return (
        isinstance(first, dict)
        and isinstance(first.get("id"), str)
        and (_is_run(first) or ("trace_id" in first and "dotted_order" in first))
    )


def _entries(value: Any) -> list[Any]:
    """A batch key's runs: its array, or one run written bare instead of in an array."""
    if isinstance(value, list):
        return value
    return [value] if isinstance(value, dict) else []


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    grouper = Grouper()
    batches = _Batches(grouper, path, coverage)
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        run, line = item.value, item.line
        if is_batch(run):
            for got in batches.add(run, line):
                yield got if isinstance(got, InputIssue) else _trace(got, path, coverage).record()
            continue
        if not _is_run(run):
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
        for group in batches.released(done):
            yield _trace(group, path, coverage).record()
    for group in batches.released(list(grouper.finish())):
        yield _trace(group, path, coverage).record()


class _Batches:
    """Batch ingest bodies read into the flat runs' grouping: posted runs are added (a root
    counts as seen once it has ended), updates merged into the run they name."""

    def __init__(self, grouper: Grouper, path: str, coverage: Coverage) -> None:
        self.grouper = grouper
        self.path = path
        self.coverage = coverage
        self.open: dict[str, tuple[str, dict[str, Any]]] = {}  # run id -> (trace, run)

    def add(self, body: dict[str, Any], line: int) -> Iterator[Group | InputIssue]:
        for key in _BATCH_KEYS:
            if isinstance(body.get(key), dict):
                yield InputIssue(
                    self.path, line, f"$.{key}", "should be an array of runs; read as one run"
                )
        for n, run in enumerate(_entries(body.get("post"))):
            if not _is_run(run) or not isinstance(run.get("id"), str):
                yield InputIssue(
                    self.path,
                    line,
                    f"$.post[{n}]",
                    "a posted run needs a string `id` and a `run_type`; left out",
                )
                continue
            run = dict(run)
            key = str(run.get("trace_id") or run["id"])
            root = not run.get("parent_run_id")
            done, late = self.grouper.add(key, run, line, is_root=root and _ended(run))
            if late:
                self.coverage.note("run after its trace was complete", key, line)
            else:
                self.open[run["id"]] = (key, run)
            yield from self.released(done)
        for n, patch in enumerate(_entries(body.get("patch"))):
            if not isinstance(patch, dict) or not isinstance(patch.get("id"), str):
                yield InputIssue(
                    self.path,
                    line,
                    f"$.patch[{n}]",
                    "a run update needs a string `id`: the run it updates; left out",
                )
                continue
            found = self.open.get(patch["id"])
            if found is None:
                where = (
                    "after its trace was complete"
                    if str(patch.get("trace_id") or patch["id"]) in self.grouper.released
                    else "for a run never posted"
                )
                self.coverage.note(f"run update {where}", patch["id"], line)
                continue
            key, run = found
            run.update({k: v for k, v in patch.items() if v is not None and k != "id"})
            if not run.get("parent_run_id") and _ended(run):
                self.grouper.root_done(key)

    def released(self, groups: list[Group]) -> list[Group]:
        """`groups`, their runs no longer open to updates."""
        for group in groups:
            for run, _ in group.records:
                if isinstance(run, dict):
                    self.open.pop(str(run.get("id")), None)
        return groups


def _ended(run: dict[str, Any]) -> bool:
    return run.get("end_time") is not None


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

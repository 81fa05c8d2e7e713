"""Claude Code's headless output: `claude -p --output-format stream-json --verbose`, one record
a line, and `--output-format json --verbose`, the same records as one JSON array. Read by the
`claude-code` reader (`claude_code.read` hands a file here when its records carry the SDK's
snake_case `session_id`; the session transcripts carry `sessionId`).

Records (the Agent SDK's `SDKMessage`s):

- `system` (first `subtype: init`): the run's model, tools, cwd and Claude Code version, kept
  in meta; never a step. Other subtypes (hooks, status, retries) carry nothing a checker reads;
  a `compact_boundary` is counted in meta.
- `assistant` / `user`: an Anthropic message in `message`, one content block a record, read as
  the session transcripts are (`claude_code._add_record`): text, `tool_use` and `thinking`
  blocks; `tool_result` blocks, failed only with `is_error: true`, which Claude Code always
  sets on a failure. `claude -p` does not echo its prompt, so the task is empty unless a user
  text is in the stream (`--replay-user-messages`).
- `result`, last: `subtype` `success` with the agent's final text in `result`, or an `error_*`
  (`error_max_turns`, `error_during_execution`, `error_max_budget_usd`...) with `is_error`, plus
  `num_turns`, `total_cost_usd`, `duration_ms` (meta). A successful result's text is the final
  report. An error result is no claim: the run was stopped before the agent reported, so its last
  words are no final report (the result says so in a note, as for any run cut off); an error's
  text (`is_error` on a `success`, e.g. an API error) is an environment message.

Subagents. A `Task` subagent's records come inline with `parent_tool_use_id` set to the Task
call's id. They are a trace of their own, `<session>/task-<Task call id>`, as a subagent's
transcript file is: its task the prompt it was given, its calls its own, its last words its
report to the main agent (`meta.subagent`, `parent_tool_use_id`). They never join the main
agent's trace: the Task call's own `tool_result` already carries the subagent's answer, and
the subagent's prompt and failed calls are not the main agent's. Before, they were counted and
kept out, and a run whose work a subagent did had nothing to check.

A trace per `session_id`, in file order (a session that comes back after another is `<id>#2`).
A stream without its `result` record was cut off (the job killed or timed out): a note says so
and it has no final report. A `result` alone (`--output-format json` without `--verbose`, which
writes only the final text) is an error naming the flag that keeps the run's messages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import TraceBuilder, first_str, str_field, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

_MESSAGES = frozenset({"user", "assistant"})
_KINDS = _MESSAGES | {"system", "result"}
#: `--include-partial-messages` deltas: the whole assistant message follows them, so reading
#: them would say everything twice.
_PARTIAL = "stream_event"
#: What a result's error subtype means, for the note on the run.
_ERRORS = {
    "error_max_turns": "Claude Code stopped the run at its turn limit (--max-turns)",
    "error_max_budget_usd": "Claude Code stopped the run at its budget (--max-budget-usd)",
    "error_during_execution": "the run failed during execution",
}
_ALONE = (
    "a Claude Code result without the run's messages (`--output-format json` writes only the "
    "final text): no tool call to check its claims against; write the run with "
    "`--output-format stream-json --verbose` (or `json --verbose`)"
)


def is_stream_record(value: Any) -> bool:
    """A record of the SDK's stream (`session_id`), not of a session transcript (`sessionId`)."""
    return type(value) is dict and type(value.get("session_id")) is str and "sessionId" not in value


def sniff(first: Any) -> bool:
    if not is_stream_record(first):
        return False
    kind = first.get("type")
    if kind in _MESSAGES:
        return type(first.get("message")) is dict
    return kind in ("system", "result") and type(first.get("subtype")) is str


class _Run:
    """One session's trace while it is read, and how it ended."""

    def __init__(
        self,
        sid: str,
        tid: str,
        path: str,
        line: int,
        coverage: Coverage,
        task_call: str | None = None,  # the Task call this run is the subagent of
    ) -> None:
        self.sid = sid
        self.b = TraceBuilder(
            source="claude-code",
            trace_id=tid,
            path=path,
            line=line,
            coverage=coverage,
            domain="coding",
        )
        self.b.meta.update(session_id=sid, output_format="stream-json")
        if task_call is not None:
            self.b.meta.update(subagent=True, parent_tool_use_id=task_call)
        self.result: dict[str, Any] | None = None  # the last result record, once seen
        self.subagents: dict[str, _Run] = {}  # Task call id -> its subagent's run

    def system(self, rec: dict[str, Any]) -> None:
        meta = self.b.meta
        subtype = rec.get("subtype")
        if subtype == "init":
            meta["model"] = first_str(rec.get("model"), meta.get("model"))
            tools = rec.get("tools")
            if type(tools) is list:
                meta["tools"] = [t for t in tools if type(t) is str]
            meta["cwd"] = first_str(rec.get("cwd"))
            meta["version"] = first_str(rec.get("claude_code_version"))
            meta["permission_mode"] = first_str(rec.get("permissionMode"))
        elif subtype == "compact_boundary":
            meta["compactions"] = meta.get("compactions", 0) + 1

    def ended(self, rec: dict[str, Any]) -> None:
        """A `result` record: the run's final report, or the error it ended in."""
        b = self.b
        self.result = rec
        for key in ("num_turns", "total_cost_usd", "duration_ms"):
            value = rec.get(key)
            if type(value) in (int, float):
                b.meta[key] = value
        b.meta["result_subtype"] = first_str(rec.get("subtype"))
        b.meta["is_error"] = rec.get("is_error") is True
        text = rec.get("result") if type(rec.get("result")) is str else None
        if not _failed(rec):
            # Claude Code's result is the text of the agent's last message: said already,
            # unless its blocks were split across records.
            if text is not None and text.strip() and (b.final_text or "").strip() != text.strip():
                b.agent(text)
            elif text is not None and not text.strip():
                b.final_text = None  # it ended on a tool call: nothing reported
            return
        # No claim: Claude Code ended the run before the agent reported.
        said = text or text_of(rec.get("errors"))
        if said:
            b.environment(said)
        b.final_text = None

    def subagent(self, task_call: str, line: int, coverage: Coverage) -> _Run:
        """The run of the subagent the Task call `task_call` started, begun at its first record."""
        sub = self.subagents.get(task_call)
        if sub is None:
            tid = f"{self.b.trace_id}/task-{task_call}"
            sub = _Run(self.sid, tid, self.b.path, line, coverage, task_call)
            self.subagents[task_call] = sub
        return sub

    def records(self) -> Iterator[ReadItem]:
        """This run's trace, then its subagents' in the order they started."""
        yield self.record()
        for sub in self.subagents.values():
            yield sub.b.record()  # no result record of its own: it ends on its answer

    def record(self) -> ReadItem:
        rec = self.result
        notes: list[str] = []
        if rec is None:
            # Claude Code writes the result record whenever a run ends, even in error: a
            # stream without it stopped mid-run, where the agent's last words report nothing.
            self.b.final_text = None
            notes.append(
                "the stream ends before Claude Code's result record: the run was cut off "
                "(killed or timed out?), so its last words are no final report"
            )
        elif _failed(rec):
            subtype = str_field(rec, "subtype") or ""
            turns = rec.get("num_turns")
            after = f" after {turns} turns" if type(turns) is int else ""
            if subtype.startswith("error"):
                why = _ERRORS.get(subtype, "Claude Code ended the run in error")
                how = f"{why} ({subtype}{after})"
            else:  # `is_error` on a `success`: an API error or the like ended it
                how = f"Claude Code ended the run in error (is_error{after})"
            notes.append(f"{how}: no final report, nothing to check as one")
        if notes:
            self.b.meta[_harness.NOTES_KEY] = notes
        return self.b.record()


def _failed(rec: dict[str, Any]) -> bool:
    subtype = str_field(rec, "subtype") or ""
    return rec.get("is_error") is True or subtype.startswith("error")


#: How a message record is added to a trace: the session reader's own, so both layouts read
#: a message alike (passed in, as that reader imports this module).
AddRecord = Callable[[TraceBuilder, dict[str, Any], int], None]


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage, add_record: AddRecord
) -> Iterator[ReadItem]:
    run: _Run | None = None
    seen: dict[str, int] = {}
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        rec, line = item.value, item.line
        if type(rec) is not dict:
            _harness.note_unknown(coverage, rec, line)
            continue
        kind = str_field(rec, "type")
        if kind == _PARTIAL:
            continue
        if kind not in _KINDS:
            coverage.note("unknown record type", str(kind or "object"), line)
            continue
        task_call = first_str(rec.get("parent_tool_use_id")) if kind in _MESSAGES else None
        sid = first_str(rec.get("session_id"))
        if sid is None:
            coverage.note("record without a session_id", kind, line, outcome="read into its run")
            sid = run.sid if run is not None else "session"
        if kind == "result" and (run is None or run.sid != sid):
            yield InputIssue(path, line, "$", _ALONE)
            continue
        if run is None or run.sid != sid:
            if run is not None:
                yield from run.records()
            seen[sid] = seen.get(sid, 0) + 1
            run = _Run(sid, sid if seen[sid] == 1 else f"{sid}#{seen[sid]}", path, line, coverage)
        if task_call is not None:
            _add_message(run.subagent(task_call, line, coverage), rec, line, coverage, add_record)
        elif kind == "system":
            run.system(rec)
        elif kind == "result":
            run.ended(rec)
        else:
            _add_message(run, rec, line, coverage, add_record)
    if run is not None:
        yield from run.records()


def _add_message(
    run: _Run, rec: dict[str, Any], line: int, coverage: Coverage, add_record: AddRecord
) -> None:
    """An `assistant` or `user` record added to its run's trace."""
    if type(rec.get("message")) is not dict:
        coverage.note("unplaced field", "message", line)
    elif rec.get("isMeta") is True or rec.get("isSynthetic") is True:
        return  # context the harness injected, not a user's words (as in transcripts)
    elif rec.get("type") == "assistant" and type(rec.get("error")) is str:
        # the SDK marks an API failure the CLI wrote as the agent's message
        run.b.environment(text_of(rec["message"].get("content")) or rec["error"])
    else:
        add_record(run.b, rec, line)

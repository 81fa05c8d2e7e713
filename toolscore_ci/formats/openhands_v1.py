"""OpenHands V1 event streams (OpenHands/software-agent-sdk, MIT).

The V1 SDK records a conversation as events, each a JSON object tagged by `kind` (the event's
class name) with `id`, `timestamp` and `source` (`agent`, `user` or `environment`). A JSON
array of events, or JSON Lines of them, is one trace; so is a conversation's persisted log,
one `event-NNNNN-<id>.json` file an event in its `events/` folder (read as one unit in index
order: `iter_event_dir`). The V0 format (`action` / `observation` strings, `cause`) has its own
reader, `openhands`: neither takes the other's files. Mapping:

- `MessageEvent` -> a user, agent or environment message by `source`, its text the text parts
  of `llm_message.content` (`extended_content`, context the SDK appends, is not the sender's);
- `SystemPromptEvent` -> `meta.system` (`system_prompt.text`);
- `ActionEvent` -> its visible `thought` as an agent message, then a tool_call named by
  `tool_name`, its arguments the parsed `action` without its `kind` tag (or, for an action
  the SDK could not build, the LLM's `tool_call.arguments`). `reasoning_content`, thinking
  blocks and `critic_result` (a score) are never read. `finish` -> the agent's closing
  message (`action.message`); `think` is the agent's own note and dropped;
- `ObservationEvent` -> the result of the call with its `tool_call_id` (else its
  `action_id`): output the text of `observation.content` (releases before it, late 2025,
  wrote an `output` string); `ok` false and the content the error when
  `observation.is_error` (those releases: `error`, true or a message); else from a shell's
  `exit_code` (the observation's own, else `metadata.exit_code`: 0 is ok; -1, still running
  after the soft timeout, is unknown unless `timeout` is set, a failure); else true when the
  tool said `is_error: false`;
- `AgentErrorEvent` -> a failed result of its call (`error`); one that answers no call is an
  environment message; `UserRejectObservation` -> a failed result, the call never ran
  (rejected by the user or a hook: the state vocabulary's `rejected`, a failure);
  `ConversationErrorEvent` -> an environment message (`code: detail`);
- a conversation whose last `execution_status` is `waiting_for_confirmation` left its
  unanswered calls waiting for approval: each gets a result `{"status":
  "awaiting_confirmation"}`, which the engine reads as pending, as any result that says so;
- bookkeeping (`ConversationStateUpdateEvent`, `Condensation`, `CondensationRequest`,
  `CondensationSummaryEvent`, `TokenEvent`, `PauseEvent`, `InterruptEvent`,
  `LLMCompletionLogEvent`, `HookExecutionEvent`) is dropped without a count, as the V0 reader
  drops state changes; any other `kind` is counted as an unknown event kind and left out.

An evaluation output (OpenHands/benchmarks' `output.jsonl`: `{"instance_id", "instruction",
"history": [events], "error", ...}` a line) gives a trace a line, id its `instance_id`; its
`history` holds only the agent's events, so the record's `instruction` is the task.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    default_trace_id,
    first_str,
    parse_json_text,
    str_field,
    text_of,
    workspace_path,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue, parse_json
from toolscore_ci.model import InputIssue

NAME = "openhands-v1"
_SOURCES = frozenset({"agent", "user", "environment"})
_SILENT = frozenset(
    {
        "ConversationStateUpdateEvent",
        "Condensation",
        "CondensationRequest",
        "CondensationSummaryEvent",
        "TokenEvent",
        "PauseEvent",
        "InterruptEvent",
        "LLMCompletionLogEvent",
        "HookExecutionEvent",
    }
)
_MAPPED = frozenset(
    {
        "MessageEvent",
        "SystemPromptEvent",
        "ActionEvent",
        "ObservationEvent",
        "AgentErrorEvent",
        "UserRejectObservation",
        "ConversationErrorEvent",
    }
)
#: What the sniffer recognises: every kind this reader maps or knowingly drops.
KINDS = _MAPPED | _SILENT
#: The SDK's own name for a persisted event file (conversation/persistence_const.py).
EVENT_FILE = re.compile(r"^event-(\d{5,})-[0-9a-fA-F\-]{8,}\.json$")
#: The key `iter_event_dir` adds to each event: the file it came from, for located issues.
MEMBER = "\x00event_file"
_WAITING = "waiting_for_confirmation"


def is_event(v: Any) -> bool:
    """An event's shape: a `kind` tag, an `id` and a `source`. A kind this reader does not
    know (a newer SDK's) is still an event: counted, not an error."""
    return (
        type(v) is dict
        and type(v.get("kind")) is str
        and type(v.get("id")) is str
        and str_field(v, "source") in _SOURCES
    )


def is_run(v: Any) -> bool:
    """An evaluation output record (OpenHands/benchmarks' `output.jsonl`, a run a line):
    `instance_id` and a `history` of V1 events."""
    if type(v) is not dict:
        return False
    hist = v.get("history")
    return (
        "instance_id" in v
        and type(hist) is list
        and bool(hist)
        and is_event(hist[0])
        and hist[0]["kind"] in KINDS
    )


def sniff(first: Any) -> bool:
    return (is_event(first) and first["kind"] in KINDS) or is_run(first)


class _Stream:
    """One conversation being built from its events, in order."""

    def __init__(self, b: TraceBuilder) -> None:
        self.b = b
        self.by_action: dict[str, str] = {}  # ActionEvent id -> its tool_call_id
        self.quiet: set[str] = set()  # calls whose results say nothing (finish, think)
        self.status: str | None = None  # the conversation's last execution_status
        self.status_ts: Any = None

    def event(self, ev: dict[str, Any], line: int | None, file: str) -> InputIssue | None:
        """Add one event; an issue (located in `file`, the trace's file or, for a persisted
        conversation, the event's own file) when it is malformed."""
        kind, ts = ev["kind"], ev.get("timestamp")
        if kind in _SILENT:
            if kind == "ConversationStateUpdateEvent":
                self._state(ev)
            return None
        handler = _HANDLERS.get(kind)
        if handler is None:
            self.b.coverage.note("unknown event kind", str(kind)[:60], line)
            return None
        problem = handler(self, ev, ts, line)
        if problem is None:
            return None
        field, message = problem
        return InputIssue(file, line, f"$.{field}", message)

    # ---- one method per mapped kind; each returns (field, message) for a malformed event --

    def message(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        msg = ev.get("llm_message")
        if type(msg) is not dict:
            return "llm_message", "a MessageEvent's llm_message must be an object; left out"
        text = text_of(msg.get("content"))
        source = ev["source"]
        if source == "user":
            self.b.user(text, ts)
        elif source == "agent":
            self.b.agent(text, ts)
        elif text:
            self.b.environment(text, ts)
        return None

    def system(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        self.b.meta.setdefault("system", text_of(ev.get("system_prompt")))
        return None

    def action(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        name, call_id = str_field(ev, "tool_name"), str_field(ev, "tool_call_id")
        if name is None or call_id is None:
            return "tool_call_id", "an ActionEvent needs `tool_name` and `tool_call_id`; left out"
        action = ev.get("action")
        if action is not None and type(action) is not dict:
            return "action", "an ActionEvent's action must be an object or null; left out"
        self.b.agent(text_of(ev.get("thought")), ts)
        self.by_action[ev["id"]] = call_id
        if name == "finish":
            args = action if action is not None else self._llm_args(ev)
            self.b.agent(first_str(as_dict(args).get("message")), ts)
            self.quiet.add(call_id)
        elif name == "think":
            self.quiet.add(call_id)
        elif action is not None:
            self.b.call(name, {k: v for k, v in action.items() if k != "kind"}, call_id, ts)
        else:  # the SDK could not build the action: what the model asked for
            raw = as_dict(ev.get("tool_call")).get("arguments")
            self.b.call(name, self.b.args(raw if raw is not None else {}, name), call_id, ts)
        return None

    def observation(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        obs = ev.get("observation")
        if type(obs) is not dict:
            return "observation", "an ObservationEvent's observation must be an object; left out"
        call_id = self._call_of(ev)
        if call_id in self.quiet:
            return None
        text = _text(obs)
        ok, error, output = _outcome(obs, text)
        self.b.result(call_id, output, ok=ok, error=error, ts=ts, line=line)
        return None

    def agent_error(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        error = first_str(ev.get("error")) or "agent error"
        call_id = self._call_of(ev)
        if call_id is not None and call_id in self.b.calls:
            self.b.result(call_id, None, ok=False, error=error, ts=ts, line=line)
        else:  # an error the scaffold raised before any call existed
            self.b.environment(error, ts)
        return None

    def rejected(self, ev: dict[str, Any], ts: Any, line: int | None) -> tuple[str, str] | None:
        reason = first_str(ev.get("rejection_reason")) or "rejected"
        by = first_str(ev.get("rejection_source")) or "user"
        error = f"rejected by the {by}, never ran: {reason}"
        self.b.result(self._call_of(ev), None, ok=False, error=error, ts=ts, line=line)
        return None

    def conversation_error(
        self, ev: dict[str, Any], ts: Any, line: int | None
    ) -> tuple[str, str] | None:
        code, detail = first_str(ev.get("code")), first_str(ev.get("detail"))
        self.b.environment(": ".join(t for t in (code, detail) if t) or "conversation error", ts)
        return None

    # ---- helpers ---------------------------------------------------------------------------

    def _call_of(self, ev: dict[str, Any]) -> str | None:
        call_id = str_field(ev, "tool_call_id")
        if call_id is None or call_id not in self.b.calls:
            by_action = self.by_action.get(str_field(ev, "action_id") or "")
            call_id = by_action or call_id
        return call_id

    def _llm_args(self, ev: dict[str, Any]) -> Any:
        return parse_json_text(as_dict(ev.get("tool_call")).get("arguments"))

    def _state(self, ev: dict[str, Any]) -> None:
        key, value = ev.get("key"), ev.get("value")
        if key == "full_state":
            value = as_dict(value).get("execution_status")
        elif key != "execution_status":
            return
        if type(value) is str:
            self.status, self.status_ts = value, ev.get("timestamp")

    def finish(self) -> None:
        """Calls left unanswered while the conversation waits for the user's confirmation
        are waiting for approval: say so as a result would."""
        if self.status != _WAITING:
            return
        for _, call_id in list(self.b.open_by_name):
            if call_id is not None and call_id not in self.quiet:
                output = {"status": "awaiting_confirmation"}
                self.b.result(call_id, output, ts=self.status_ts, line=self.b.line)


_HANDLERS = {
    "MessageEvent": _Stream.message,
    "SystemPromptEvent": _Stream.system,
    "ActionEvent": _Stream.action,
    "ObservationEvent": _Stream.observation,
    "AgentErrorEvent": _Stream.agent_error,
    "UserRejectObservation": _Stream.rejected,
    "ConversationErrorEvent": _Stream.conversation_error,
}


def _text(obs: dict[str, Any]) -> str | None:
    """An observation's text: its `content` parts, or, as SDK releases before `content`
    (late 2025) wrote the built-in tools' observations, its `output` string."""
    if "content" not in obs and type(obs.get("output")) is str:
        return obs["output"]
    return text_of(obs.get("content"))


def _outcome(obs: dict[str, Any], text: str | None) -> tuple[bool | None, str | None, Any]:
    """(ok, error, output) of one observation, from the tool's own fields: `is_error`, or
    before it the older releases' `error` (a flag on the shell's observation, the message on
    the file editor's)."""
    if obs.get("is_error") is True:
        return False, text or "tool error", None
    legacy = obs.get("error") if "is_error" not in obs else None
    if legacy is True or (type(legacy) is str and legacy.strip()):
        return False, legacy if type(legacy) is str else text or "tool error", text
    code = obs.get("exit_code")
    if type(code) is not int:
        code = as_dict(obs.get("metadata")).get("exit_code")
    if obs.get("timeout") is True:
        return False, "timed out", text
    if type(code) is int and code != -1:  # -1: still running after the soft timeout
        return code == 0, None if code == 0 else f"exit code {code}", text
    if obs.get("is_error") is False and code is None:
        return True, None, text
    return None, None, text


def _builder(path: str, line: int, coverage: Coverage, folder: bool) -> TraceBuilder:
    # a file's trace is PATH#LINE as in every reader; a persisted conversation is its folder
    return TraceBuilder(
        source=NAME,
        trace_id=workspace_path(path) if folder else default_trace_id(path, line),
        path=path,
        line=line,
        coverage=coverage,
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    stream: _Stream | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if is_run(v):
            yield from _read_run(v, path, item.line, coverage)
            continue
        member = v.pop(MEMBER, None) if type(v) is dict else None
        # an event of a persisted conversation is located by its own file, not a line
        file, line = (os.path.join(path, member), None) if member else (path, item.line)
        if not is_event(v):
            yield InputIssue(file, line, "$", _NOT_EVENT)
            continue
        if stream is None:
            stream = _Stream(_builder(path, item.line, coverage, member is not None))
        issue = stream.event(v, line, file)
        if issue is not None:
            yield issue
    if stream is not None:
        stream.finish()
        yield stream.b.record()


def _read_run(v: dict[str, Any], path: str, line: int, coverage: Coverage) -> Iterator[ReadItem]:
    """One evaluation output record: a trace of its `history`, id and task id its
    `instance_id`. The benchmarks harness sends the task as the conversation's first message
    but keeps only the agent's events in `history`: the record's `instruction` is then the
    task (a history that holds the user's message gives it itself). A run the harness ended
    in error (`error`) ends with that error as an environment message."""
    instance = str(v["instance_id"])
    b = TraceBuilder(source=NAME, trace_id=instance, path=path, line=line, coverage=coverage)
    b.task_id, b.domain = instance, "coding"
    stream = _Stream(b)
    history: list[Any] = v["history"]
    told = any(
        is_event(ev) and ev["kind"] == "MessageEvent" and ev["source"] == "user" for ev in history
    )
    instruction = first_str(v.get("instruction"))
    if instruction and not told:
        b.user(instruction, None)
    for n, ev in enumerate(history):
        if not is_event(ev):
            yield InputIssue(path, line, f"$.history[{n}]", _NOT_EVENT)
            continue
        issue = stream.event(ev, line, path)
        if issue is not None:  # located inside the record, not at its top
            yield InputIssue(path, line, f"$.history[{n}]{issue.path[1:]}", issue.message)
    error = v.get("error")
    if error not in (None, "", {}, []):
        b.environment(first_str(error) or str(error), None)
    stream.finish()
    yield b.record()


def event_files(directory: str) -> list[str]:
    """The names of the persisted event files in one conversation's `events/` folder, in
    index order (the SDK reads them so); [] when there are none or it cannot be listed."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    found = [(int(m.group(1)), n) for n in names if (m := EVENT_FILE.match(n))]
    return [n for _, n in sorted(found)]


def iter_event_dir(directory: str, max_line_bytes: int) -> Iterator[JsonValue | InputIssue]:
    """Each event file of a persisted conversation as one value, tagged with its file name
    (`MEMBER`) so an issue names that file; a file that is not JSON is an issue naming it,
    and the rest are read."""
    for name in event_files(directory):
        full = os.path.join(directory, name)
        try:
            # Only regular files: discovery's boundary holds here too (a link may lead out of
            # the workspace, a FIFO would block), and the SDK never writes anything else.
            if not stat.S_ISREG(os.lstat(full).st_mode):
                yield InputIssue(full, None, "", "not a regular file; skipped", "warning")
                continue
            with open(full, "rb") as fh:
                data = fh.read(max_line_bytes + 1)
        except OSError as exc:
            yield InputIssue(full, None, "", f"cannot read: {exc.strerror or exc}")
            continue
        if len(data) > max_line_bytes:
            yield InputIssue(full, 1, "$", f"over {max_line_bytes} bytes; left out")
            continue
        value, problem = parse_json(data)
        if problem is not None:
            yield InputIssue(full, 1 + problem[2], problem[0], problem[1])
            continue
        if type(value) is dict:
            value[MEMBER] = name
        yield JsonValue(value, 1)


_NOT_EVENT = (
    "not an OpenHands V1 event (an object with `id`, `source` and a known `kind` such as "
    "MessageEvent, ActionEvent or ObservationEvent); left out"
)


def is_event_dir(path: str) -> bool:
    """A folder holding a persisted conversation's event files (discovery hands such a
    folder over as one trace source)."""
    return path != "-" and os.path.isdir(path) and bool(event_files(path))

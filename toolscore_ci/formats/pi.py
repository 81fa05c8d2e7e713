"""The pi coding agent (badlogic/pi-mono, `@mariozechner/pi-coding-agent`): its
`pi --print --mode json` event stream and its session files
(`~/.pi/agent/sessions/--<cwd>--/<timestamp>_<uuid>.jsonl`).

Both open with a header, `{"type": "session", "id", "timestamp", "cwd", ...}` (the stream's
since pi 0.45.1, with `version`; a session file's with `provider` / `modelId` in older
releases): its `id` is the trace id, `cwd` and the model go to meta. Another header later in the
file starts another trace.

The stream (`AgentSessionEvent`, docs/json.md) is read from its `message_end` events alone, each
holding a whole message: `message_start` / `message_update` are the same message in part,
`tool_execution_*` the tool result message again, `turn_end` repeats the turn's messages. A run
with no `message_end` (a stream cut short, a writer that keeps only the last event) is read from
its `agent_end.messages`. `auto_compaction_end` with an `errorMessage` and an `auto_retry_end`
that gave up are environment messages; the other lifecycle events are dropped.

A session file (docs/session.md, `SessionEntry` in src/core/session-manager.ts) holds
`{"type": "message", "message": {...}}` entries and `model_change` (model to meta),
`thinking_level_change`, `label` (dropped), `session_info` (its `name` to meta),
`custom_message` (text an extension put into the model's context: an environment message),
and `compaction` / `branch_summary` / `custom` (a summary the model wrote of messages read
anyway, an extension's state: counted, kept out). Since session version 2 every entry has an
`id` and a `parentId`: the file is a tree, and what is read is its active branch, the chain of
parents from the last entry; entries on other branches are counted and kept out.

Messages (`packages/ai/src/types.ts`, src/core/messages.ts):

- `user` (`content` a string or text / image blocks) -> the user's text;
- `assistant` (`content`: `text` -> the agent's text, `thinking` dropped, `toolCall` -> a call
  `{id, name, arguments}`); a `stopReason` of `error` or `aborted` -> an environment message
  with its `errorMessage`;
- `toolResult` -> the result of the call with its `toolCallId`: the text of its content;
  `isError: true` fails it (pi's tools throw on failure, `bash` on a non-zero exit code), with
  the text as the error, `false` is ok;
- `bashExecution` -> a command the *user* ran (`!cmd` in the TUI): a `bash` call of role `user`
  (the engine's `actor` "user", as tau2-bench's user-side tools) and its result: ok for exit
  code 0, failed for another code or when cancelled;
- `custom` -> an environment message; `branchSummary` / `compactionSummary` counted.

Images and anything unknown are counted through the coverage, never dropped silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import TraceBuilder, as_list, first_str, str_field
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "pi"
#: Every role of pi's `AgentMessage` (the base three and the coding agent's own)
_ROLES = frozenset(
    {
        "user",
        "assistant",
        "toolResult",
        "bashExecution",
        "custom",
        "branchSummary",
        "compactionSummary",
    }
)
#: Roles only pi has: a `type: "message"` entry holding one is pi's
_OWN_ROLES = _ROLES - {"user", "assistant"}
#: Content block types of pi's messages (TextContent, ImageContent, ThinkingContent, ToolCall)
_BLOCKS = frozenset({"text", "image", "thinking", "toolCall"})
#: Stream events holding a `message`
_MESSAGE_EVENTS = frozenset({"message_start", "message_update", "message_end"})
_TOOL_EVENTS = frozenset({"tool_execution_start", "tool_execution_update", "tool_execution_end"})
#: Stream events read for nothing: partial or repeated messages, lifecycle markers
_QUIET_EVENTS = frozenset(
    {
        "agent_start",
        "turn_start",
        "turn_end",
        "message_start",
        "message_update",
        "auto_compaction_start",
        "auto_retry_start",
        *_TOOL_EVENTS,
    }
)
#: Session entries read for nothing (a thinking level, a user's bookmark)
_QUIET_ENTRIES = frozenset({"thinking_level_change", "label"})
#: Session entries counted and kept out, with what they are
_KEPT_OUT_ENTRIES = {
    "compaction": "a summary the model wrote of earlier messages, which are read themselves",
    "branch_summary": "a summary the model wrote of a branch the session left",
    "custom": "an extension's own state, never in the model's context",
}


# ---- sniffing ----------------------------------------------------------------------------


def _is_header(v: Any) -> bool:
    return (
        type(v) is dict
        and v.get("type") == "session"
        and isinstance(v.get("id"), str)
        and ("cwd" in v or "modelId" in v)
        and "role" not in v
    )


def _is_pi_message(m: Any, *, entry: dict[str, Any] | None = None) -> bool:
    """A pi message: a role of pi's, and for `user` / `assistant` (which Goose's messages have
    too) pi's content: a string or blocks all of pi's types, no Goose `created` stamp, and
    something only pi writes (a `toolCall` block, `stopReason` / `api`, a millisecond
    `timestamp`, or the entry's `parentId`)."""
    if type(m) is not dict or str_field(m, "role") not in _ROLES:
        return False
    if m["role"] in _OWN_ROLES:
        return True
    if "created" in m:
        return False  # Goose stamps every message with `created`
    content = m.get("content")
    if isinstance(content, list):
        if not all(str_field(b, "type") in _BLOCKS for b in content):
            return False
        if any(b["type"] == "toolCall" for b in content):
            return True
    elif not isinstance(content, str):
        return False
    ts = m.get("timestamp")
    return (
        "stopReason" in m
        or "api" in m
        or (isinstance(ts, (int, float)) and not isinstance(ts, bool))
        or (entry is not None and "parentId" in entry)
    )


def _is_event(v: dict[str, Any]) -> bool:
    kind = v.get("type")
    if kind in ("agent_start", "turn_start"):
        return set(v) == {"type"}
    if kind in _MESSAGE_EVENTS or kind == "turn_end":
        return _is_pi_message(v.get("message"))
    if kind in _TOOL_EVENTS:
        return isinstance(v.get("toolCallId"), str) and isinstance(v.get("toolName"), str)
    if kind == "agent_end":
        messages = v.get("messages")
        return isinstance(messages, list) and all(_is_pi_message(m) for m in messages)
    return False


def _is_entry(v: dict[str, Any]) -> bool:
    kind = v.get("type")
    if kind == "message":
        return _is_pi_message(v.get("message"), entry=v)
    if kind == "model_change":
        return isinstance(v.get("modelId"), str) and isinstance(v.get("provider"), str)
    if kind == "thinking_level_change":
        return isinstance(v.get("thinkingLevel"), str)
    if kind == "compaction":
        return "firstKeptEntryId" in v or "firstKeptEntryIndex" in v
    return False


def sniff(first: Any) -> bool:
    if type(first) is not dict:
        return False
    return _is_header(first) or _is_event(first) or _is_entry(first)


# ---- one run -----------------------------------------------------------------------------


def _texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    return [b["text"] for b in as_list(content) if type(b) is dict and type(b.get("text")) is str]


class _Run:
    """One trace: a header's run, read once its values are all in (a session file's tree needs
    its last entry)."""

    def __init__(self, path: str, line: int, coverage: Coverage, header: dict[str, Any] | None):
        trace_id = first_str(header.get("id")) if header else None
        self.b = TraceBuilder.at(NAME, path, line, coverage, trace_id, domain="coding")
        self.values: list[tuple[dict[str, Any], int]] = []
        self.ended = 0  # `message_end` events read since the last `agent_end`
        if header is not None:
            self.header(header)

    def header(self, h: dict[str, Any]) -> None:
        meta = self.b.meta
        meta["session_id"] = first_str(h.get("id"))
        meta["cwd"] = first_str(h.get("cwd"))
        meta["version"] = h.get("version") if type(h.get("version")) is int else None
        meta["provider"] = first_str(h.get("provider"))
        meta["model"] = first_str(h.get("modelId"))
        meta["parent_session"] = first_str(h.get("parentSession"), h.get("branchedFrom"))

    def finish(self) -> Iterator[ReadItem]:
        on_branch = self._active_branch()
        for v, line in self.values:
            entry_id = v.get("id")
            if (
                on_branch is not None
                and isinstance(entry_id, str)
                and "parentId" in v
                and entry_id not in on_branch
            ):
                self.b.coverage.note(
                    "session entry off the active branch:",
                    str_field(v, "type") or "?",
                    line,
                    outcome="kept out (the branch the session left)",
                    info=True,
                )
                continue
            self._value(v, line)
        if self.b.steps:
            yield self.b.record()

    def _active_branch(self) -> set[str] | None:
        """The ids on the chain of parents from the last entry with an id; None when the
        entries have no ids (a version 1 session, a stream): all are read."""
        by_id: dict[str, dict[str, Any]] = {}
        leaf: dict[str, Any] | None = None
        for v, _ in self.values:
            if isinstance(v.get("id"), str) and "parentId" in v:
                by_id[v["id"]] = v
                leaf = v
        if leaf is None:
            return None
        chain: set[str] = set()
        node: dict[str, Any] | None = leaf
        while node is not None and node["id"] not in chain:
            chain.add(node["id"])
            parent = node.get("parentId")
            node = by_id.get(parent) if isinstance(parent, str) else None
        return chain

    def _value(self, v: dict[str, Any], line: int) -> None:
        kind = str_field(v, "type")
        b = self.b
        if kind == "message_end" or kind == "message":
            message = v.get("message")
            if kind == "message_end":
                self.ended += 1
            if type(message) is dict:
                self.message(message, v.get("timestamp"), line)
            else:
                b.coverage.note("message entry without a message", str(kind), line)
        elif kind == "agent_end":
            if not self.ended:  # no `message_end` came for this run: its messages are here
                for message in as_list(v.get("messages")):
                    if type(message) is dict:
                        self.message(message, None, line)
                    else:
                        b.coverage.note("agent_end message not an object", "", line)
            self.ended = 0
        elif kind == "auto_compaction_end":
            if first_str(v.get("errorMessage")):
                b.environment(f"auto-compaction failed: {v['errorMessage']}")
        elif kind == "auto_retry_end":
            if v.get("success") is False:
                error = first_str(v.get("finalError")) or "no reason given"
                b.environment(f"retrying the model's request gave up: {error}")
        elif kind in _QUIET_EVENTS or kind in _QUIET_ENTRIES:
            return
        elif kind == "model_change":
            b.meta["provider"] = first_str(v.get("provider")) or b.meta.get("provider")
            b.meta["model"] = first_str(v.get("modelId")) or b.meta.get("model")
        elif kind == "session_info":
            b.meta["name"] = first_str(v.get("name")) or b.meta.get("name")
        elif kind == "custom_message":
            self._context(v.get("content"), v.get("customType"), v.get("timestamp"), line)
        elif kind in _KEPT_OUT_ENTRIES:
            b.coverage.note(
                "session entry",
                kind,
                line,
                outcome=f"kept out: {_KEPT_OUT_ENTRIES[kind]}",
                info=True,
            )
        else:
            b.coverage.note("unknown record type", str(kind), line)

    # ---- messages ------------------------------------------------------------------------

    def message(self, m: dict[str, Any], entry_ts: Any, line: int) -> None:
        role = str_field(m, "role")
        ts = m.get("timestamp") if m.get("timestamp") is not None else entry_ts
        if role == "user":
            self._user(m, ts, line)
        elif role == "assistant":
            self._assistant(m, ts, line)
        elif role == "toolResult":
            self._tool_result(m, ts, line)
        elif role == "bashExecution":
            self._bash(m, ts, line)
        elif role == "custom":
            self._context(m.get("content"), m.get("customType"), ts, line)
        elif role in ("branchSummary", "compactionSummary"):
            self.b.coverage.note(
                "summary message",
                role,
                line,
                outcome="kept out: a summary the model wrote of messages read themselves",
                info=True,
            )
        else:
            self.b.coverage.note("unknown message role", str(role), line)

    def _images(self, content: Any, line: int) -> None:
        for block in as_list(content):
            kind = str_field(block, "type")
            if kind == "image":
                self.b.coverage.note("image content", str(block.get("mimeType")), line)
            elif kind != "text":
                self.b.coverage.note("unknown content block", str(kind), line)

    def _user(self, m: dict[str, Any], ts: Any, line: int) -> None:
        content = m.get("content")
        self._images(content, line)
        texts = _texts(content)
        if texts:
            self.b.user("\n".join(texts), ts)

    def _assistant(self, m: dict[str, Any], ts: Any, line: int) -> None:
        b = self.b
        b.meta["model"] = first_str(m.get("model")) or b.meta.get("model")
        b.meta["provider"] = first_str(m.get("provider")) or b.meta.get("provider")
        content = m.get("content")
        for block in as_list(content):
            kind = str_field(block, "type")
            if kind == "text":
                text = block.get("text")
                if isinstance(text, str):
                    b.agent(text, ts)
            elif kind == "toolCall":
                b.call(
                    first_str(block.get("name")),
                    block.get("arguments"),
                    first_str(block.get("id")),
                    ts,
                )
            elif kind != "thinking":
                b.coverage.note("unknown content block", str(kind), line)
        if isinstance(content, str):
            b.agent(content, ts)
        reason = str_field(m, "stopReason")
        if reason in ("error", "aborted"):
            said = first_str(m.get("errorMessage"))
            what = "was aborted" if reason == "aborted" else "ended with an error"
            b.environment(f"the model's turn {what}" + (f": {said}" if said else ""), ts)

    def _tool_result(self, m: dict[str, Any], ts: Any, line: int) -> None:
        content = m.get("content")
        self._images(content, line)
        texts = _texts(content)
        output = "\n".join(texts) if texts else None
        failed = m.get("isError")
        ok = None if type(failed) is not bool else not failed
        error = (output or "tool error") if failed is True else None
        self.b.result(
            first_str(m.get("toolCallId")),
            output,
            ok=ok,
            error=error,
            ts=ts,
            name=first_str(m.get("toolName")),
            line=line,
        )

    def _bash(self, m: dict[str, Any], ts: Any, line: int) -> None:
        """A command the user ran (`!cmd`): a call of the user's own, answered at once."""
        b = self.b
        call_id = f"pi-user-bash:{line}:{len(b.steps)}"
        b.call("bash", {"command": m.get("command")}, call_id, ts)
        b.steps[-1]["role"] = "user"  # the user's own command, not the agent's
        code = m.get("exitCode")
        output = m.get("output") if isinstance(m.get("output"), str) else None
        if m.get("cancelled") is True:
            ok, error = False, "cancelled"
        elif type(code) is int and code != 0:
            ok, error = False, f"exit code {code}"
        elif code == 0:
            ok, error = True, None
        else:
            ok, error = None, None
        b.result(call_id, output, ok=ok, error=error, ts=ts, line=line)

    def _context(self, content: Any, custom_type: Any, ts: Any, line: int) -> None:
        """Text an extension put into the model's context: no words of the user's."""
        self._images(content, line)
        texts = _texts(content)
        if texts:
            self.b.environment("\n".join(texts), ts)
        else:
            self.b.coverage.note("custom message without text", str(custom_type), line)


# ---- the file ----------------------------------------------------------------------------


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    run: _Run | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        if type(v) is not dict:
            yield InputIssue(path, line, "$", _NOT_PI)
            continue
        if _is_header(v):
            # another header starts another run (a header with nothing after it gives none)
            if run is not None:
                yield from run.finish()
            run = _Run(path, line, coverage, v)
            continue
        if run is None:
            run = _Run(path, line, coverage, None)
        run.values.append((v, line))
    if run is not None:
        yield from run.finish()


_NOT_PI = "not a pi record (an object with a `type`: a session entry or a stream event); left out"
NO_TRACE = ("$", "no pi session header, message entry or `message_end` event")

"""Mistral AI Agents / Conversations API transcripts: what `client.beta.conversations`
returns, saved as JSON (`model_dump(mode="json")`, `model_dump_json()`, or the HTTP body).

Whole conversations (`src/mistralai/client/models/`): a `ConversationResponse` (`start`,
`append`, `restart`: `{"object": "conversation.response", "conversation_id", "outputs",
"usage"}`), a `ConversationHistory` (`get_history`: `"conversation.history"`, `entries`) and
`ConversationMessages` (`get_messages`: `"conversation.messages"`, `messages`). Consecutive values
of one `conversation_id` are one trace (a log of `start` then `append` responses, with the
`function.result` entries the caller sent between them), an entry already read (same `id`, or
a call / result of the same `tool_call_id`) kept once; a history, which holds every entry,
replaces what was read of its conversation before it. Loose entries, one a value, join the
current conversation.

Entries carry `"object": "entry"` and a `type`: `message.input` (`role` user or assistant,
`content` a string or chunks) → the user's (or a prefixed assistant) message; `message.output`
(`content`: a string or chunks, whose `text` chunks are joined as the SDK's `as_text` joins them;
`tool_reference` citations and `thinking` dropped, files and images counted) → agent text;
`function.call` (`tool_call_id`, `name`, `arguments`: a JSON string or an object) → a call;
**`function.result`** (`tool_call_id`, `result`: the string the caller's code sent back) → its
result. The result is only text: a failure is visible only in it, read by the shared status
rules, and the SDK's own text for a function that raised (`run_async(...,
continue_on_fn_error=True)`: "Error while executing NAME: ...", vocab/tool_errors.yaml) is a
failed call. A `function.call` whose `confirmation_status` is `denied` never ran: failed.
`tool.execution` (a built-in connector: `web_search`, `code_interpreter`..., `arguments`, and
`info`, e.g. `code` / `code_output`) → the call and its result in one; `agent.handoff` → an
environment message. Timestamps: `created_at` (a result or a connector's output at its
`completed_at` when it has one).

Streams (`start_stream` / `append_stream` events, one a value, as the event `data` or the
`{"event", "data"}` pair): `message.output.delta` content and `function.call.delta` arguments
are joined by entry (`id`, `tool_call_id`) as the SDK's `reconstitue_entries` does;
`tool.execution.started` / `.delta` / `.done` make one `tool.execution` (by `id`);
`agent.handoff.started` / `.done` one handoff; `conversation.response.started` names the
conversation, `.done` (usage) is dropped, `.error` is an environment message. An unknown entry
or event type is counted; a known entry without the fields it needs is reported at its JSON
path and left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import TraceBuilder, as_dict, default_trace_id, first_str
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue
from toolscore_ci.vocab import framework_error_prefixes

NAME = "mistral"
#: A whole conversation's `object` tag -> the key that holds its entries.
_WHOLE = {
    "conversation.response": "outputs",
    "conversation.history": "entries",
    "conversation.messages": "messages",
}
#: Entry type -> the fields it cannot be read without (and their JSON types).
_NEEDS: dict[str, tuple[tuple[str, tuple[type, ...]], ...]] = {
    "message.input": (("content", (str, list)),),
    "message.output": (("content", (str, list)),),
    "function.call": (("tool_call_id", (str,)), ("name", (str,))),
    "function.result": (("tool_call_id", (str,)), ("result", (str,))),
    "tool.execution": (("name", (str,)),),
    "agent.handoff": (),
}
_DELTAS = frozenset({"message.output.delta", "function.call.delta"})
_EVENTS = frozenset(
    {
        *_DELTAS,
        "conversation.response.started",
        "conversation.response.done",
        "conversation.response.error",
        "tool.execution.started",
        "tool.execution.delta",
        "tool.execution.done",
        "agent.handoff.started",
        "agent.handoff.done",
    }
)
#: Content chunks that hold no claim: citations and the model's reasoning.
_DROPPED_CHUNKS = frozenset({"tool_reference", "thinking"})


def _type(value: Any) -> str | None:
    kind = value.get("type") if type(value) is dict else None
    return kind if type(kind) is str else None


def _unwrap(value: Any) -> Any:
    """A stream event's data: `{"event": TYPE, "data": {...}}` (ConversationEvents) or bare."""
    if (
        type(value) is dict
        and type(value.get("data")) is dict
        and type(value.get("event")) is str
        and value["data"].get("type", value["event"]) == value["event"]
    ):
        return {"type": value["event"], **value["data"]}
    return value


def _is_entry(value: Any) -> bool:
    """A conversation entry: a Mistral entry type, and its `object` tag or the fields it needs
    (the SDK's FunctionResultEvent and hand-built inputs have no tag)."""
    kind = _type(value)
    if kind is None or kind not in _NEEDS:
        return False
    if value.get("object") == "entry":
        return True
    needs = _NEEDS[kind]
    return bool(needs) and all(type(value.get(k)) in types for k, types in needs)


def _is_event(value: Any) -> bool:
    """A stream event: its type, and the `id` (or `conversation_id`, `usage`) it carries."""
    kind = _type(value)
    if kind is None or kind not in _EVENTS:
        return False
    if kind.startswith("conversation.response."):
        return any(k in value for k in ("conversation_id", "usage", "message"))
    return type(value.get("id")) is str


def _is_loose(value: Any) -> bool:
    value = _unwrap(value)
    return (
        _is_entry(value)
        or _is_event(value)
        or (
            type(value) is dict and value.get("object") == "entry"  # an entry of a type to come
        )
    )


def _whole(value: Any) -> tuple[str | None, str, list[Any]] | None:
    """(conversation_id, key, entries) of a whole conversation: by its `object` tag, or by a
    `conversation_id` beside a list of entries (a dump that left the tag out)."""
    if type(value) is not dict:
        return None
    cid = first_str(value.get("conversation_id"))
    key = _WHOLE.get(str(value.get("object")))
    if key is not None and type(value.get(key)) is list:
        return cid, key, value[key]
    if cid is None:
        return None
    for key in _WHOLE.values():
        entries = value.get(key)
        if type(entries) is list and entries and any(_is_entry(e) for e in entries):
            return cid, key, entries
    return None


def sniff(first: Any) -> bool:
    if _whole(first) is not None:
        return True
    value = _unwrap(first)
    return _is_entry(value) or _is_event(value)


def _chunks_text(content: Any, b: TraceBuilder, line: int) -> str | None:
    """The text of a message's content: a string, or its `text` chunks joined (chunks are
    pieces of one message: "... in the final" then "." is one sentence)."""
    if type(content) is str:
        return content
    texts: list[str] = []
    for chunk in content if type(content) is list else []:
        if type(chunk) is str:  # a delta's piece
            texts.append(chunk)
            continue
        kind = _type(chunk) or type(chunk).__name__
        if kind == "text" and type(chunk.get("text")) is str:
            texts.append(chunk["text"])
        elif kind not in _DROPPED_CHUNKS:
            b.coverage.note("content chunk of type", kind, line)
    return "".join(texts) if texts else None


def _framework_error(result: str) -> str | None:
    """The result itself when it is the SDK's text for a function that raised."""
    return result if result.lstrip().startswith(framework_error_prefixes(NAME)) else None


class _Conversation:
    """One conversation's builder, what it has read (kept once) and the stream events whose
    entry is not complete yet."""

    def __init__(self, path: str, line: int, coverage: Coverage, cid: str | None) -> None:
        self.cid = cid
        self.b = TraceBuilder(
            source=NAME,
            trace_id=cid or default_trace_id(path, line),
            path=path,
            line=line,
            coverage=coverage,
        )
        self.path = path
        self.seen: set[str] = set()
        self.pending: dict[str, dict[str, Any]] = {}  # entry key -> its entry so far
        self.started: dict[str, dict[str, Any]] = {}  # tool execution / handoff id -> start

    def name(self, cid: str) -> None:
        """The conversation's id, once known (a stream says it in its first event)."""
        if self.cid is None:
            self.cid = cid
            self.b.trace_id = cid

    # ---- entries -----------------------------------------------------------------------

    def entry(self, entry: Any, line: int, where: str) -> list[InputIssue]:
        if type(entry) is not dict:
            message = f"not a conversation entry (a {type(entry).__name__}); left out"
            return [InputIssue(self.path, line, where, message)]
        kind = _type(entry)
        if kind is None or kind not in _NEEDS:
            what = "unknown entry type" if kind else "entry without a type"
            self.b.coverage.note(what, kind or str(entry.get("object")), line)
            return []
        for key, types in _NEEDS[kind]:
            if type(entry.get(key)) not in types:
                problem = "missing" if key not in entry else f"a {type(entry[key]).__name__}"
                message = f"a {kind} entry whose {key} is {problem}; left out"
                return [InputIssue(self.path, line, f"{where}.{key}", message)]
        if not self._first_time(entry, kind):
            self.b.coverage.note("entry read twice, kept once:", kind, line, info=True)
            return []
        b, ts = self.b, entry.get("created_at")
        if kind == "message.input":
            text = _chunks_text(entry["content"], b, line)
            (b.agent if entry.get("role") == "assistant" else b.user)(text, ts)
        elif kind == "message.output":
            for key in ("agent_id", "model"):
                b.meta.setdefault(key, first_str(entry.get(key)))
            b.agent(_chunks_text(entry["content"], b, line), ts)
        elif kind == "function.call":
            call_id = entry["tool_call_id"]
            b.call(entry["name"], entry.get("arguments"), call_id, ts)
            if entry.get("confirmation_status") == "denied":  # the caller refused: never ran
                error = "confirmation_status: denied"
                b.result(call_id, None, ok=False, error=error, ts=ts, line=line)
        elif kind == "function.result":
            result = entry["result"]
            error = _framework_error(result)
            ts = entry.get("completed_at") or ts
            ok = False if error else None  # else only its text says: the status rules read it
            b.result(entry["tool_call_id"], result, ok=ok, error=error, ts=ts, line=line)
        elif kind == "tool.execution":
            self._execution(entry, line)
        else:  # agent.handoff
            names = (
                first_str(entry.get(k)) or "?" for k in ("previous_agent_name", "next_agent_name")
            )
            b.environment("agent handoff: {} -> {}".format(*names), ts)
        return []

    def _first_time(self, entry: dict[str, Any], kind: str) -> bool:
        keys = [f"id:{entry['id']}"] if type(entry.get("id")) is str else []
        if kind in ("function.call", "function.result"):
            keys.append(f"{kind}:{entry['tool_call_id']}")
        if any(k in self.seen for k in keys):
            return False
        self.seen.update(keys)
        return True

    def _execution(self, entry: dict[str, Any], line: int) -> None:
        """A built-in connector's run: its call and its output in one entry."""
        b, name = self.b, entry["name"]
        info = as_dict(entry.get("info"))
        args: Any = entry.get("arguments")
        if args in (None, "") and name == "code_interpreter" and "code" in info:
            args = {"code": info["code"]}
        call_id = first_str(entry.get("id")) or f"{name}@{len(b.steps)}"
        b.call(name, args if args not in (None, "") else {}, call_id, entry.get("created_at"))
        output: Any = info or None
        if name == "code_interpreter" and "code_output" in info:
            output = info["code_output"]
        ts = entry.get("completed_at") or entry.get("created_at")
        b.result(call_id, output, ts=ts, line=line)

    # ---- stream events -----------------------------------------------------------------

    def event(self, event: dict[str, Any], line: int) -> list[InputIssue]:
        kind = str(event["type"])
        if kind in _DELTAS:
            self._delta(event, kind)
            return []
        issues = self.flush(line)
        ts = event.get("created_at")
        if kind == "conversation.response.started":
            if type(event.get("conversation_id")) is str:
                self.name(event["conversation_id"])
        elif kind == "conversation.response.error":
            message = first_str(event.get("message")) or "error"
            self.b.environment(f"conversation.response.error {event.get('code')}: {message}", ts)
        elif kind in ("tool.execution.started", "agent.handoff.started"):
            self.started[event["id"]] = dict(event)
        elif kind == "tool.execution.delta":
            start = self.started.setdefault(event["id"], {**event, "arguments": ""})
            start["arguments"] = f"{start.get('arguments') or ''}{event.get('arguments') or ''}"
        elif kind == "tool.execution.done":
            start = self.started.pop(event["id"], {})
            entry = {
                **start,
                **event,
                "type": "tool.execution",
                "arguments": start.get("arguments"),
                "created_at": start.get("created_at", ts),
                "completed_at": ts,
            }
            issues += self.entry(entry, line, "$")
        elif kind == "agent.handoff.done":
            start = self.started.pop(event["id"], {})
            issues += self.entry({**start, **event, "type": "agent.handoff"}, line, "$")
        # conversation.response.done: the usage, nothing a check reads
        return issues

    def _delta(self, event: dict[str, Any], kind: str) -> None:
        """Join a delta to its entry: message content by `id`, call arguments by call."""
        if kind == "message.output.delta":
            key = f"message:{event['id']}"
            entry = self.pending.setdefault(key, {**event, "type": "message.output", "content": []})
            entry["content"].append(event.get("content"))
        else:
            call_id = first_str(event.get("tool_call_id")) or event["id"]
            key = f"call:{call_id}"
            entry = self.pending.setdefault(
                key, {**event, "type": "function.call", "tool_call_id": call_id, "arguments": ""}
            )
            entry["arguments"] += str(event.get("arguments") or "")

    def flush(self, line: int) -> list[InputIssue]:
        """The entries the deltas so far make, in the order they began."""
        issues: list[InputIssue] = []
        pending, self.pending = self.pending, {}
        for entry in pending.values():
            if entry["type"] == "message.output":
                entry["content"] = [c for c in entry["content"] if c is not None]
            issues += self.entry(entry, line, "$")
        return issues

    def finish(self, line: int) -> list[ReadItem]:
        items: list[ReadItem] = list(self.flush(line))
        for start in self.started.values():  # started, never done: a call without a result
            kind = str(start.get("type"))
            if kind.startswith("tool.execution") and type(start.get("name")) is str:
                self.b.call(start["name"], start.get("arguments") or {}, start["id"])
                self.b.coverage.note(f"{kind} without its done event:", start["name"], line)
        items.append(self.b.record())
        return items


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    current: _Conversation | None = None
    line = 0
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        whole = _whole(v)
        if whole is not None:
            cid, key, entries = whole
            if current is not None and cid is not None and current.cid in (None, cid):
                if key == "entries" and current.b.steps:  # the whole history: it supersedes
                    coverage.note(
                        "history replaced the entries read before it for", cid, line, info=True
                    )
                    current = _Conversation(path, line, coverage, cid)
                current.name(cid)  # the loose entries before it were this conversation's
            else:
                if current is not None:
                    yield from current.finish(line)
                current = _Conversation(path, line, coverage, cid)
            yield from current.flush(line)
            for n, entry in enumerate(entries):
                yield from current.entry(_unwrap(entry), line, f"$.{key}[{n}]")
            continue
        v = _unwrap(v)
        if not _is_loose(v):
            kind = _type(v) or (v.get("object") if type(v) is dict else None)
            coverage.note("unknown record type", str(kind or type(v).__name__), line)
            continue
        cid = first_str(v.get("conversation_id"))
        if current is not None and cid is not None and current.cid not in (None, cid):
            yield from current.finish(line)  # a stream of another conversation begins
            current = None
        if current is None:
            current = _Conversation(path, line, coverage, cid)
        if _is_event(v):
            yield from current.event(v, line)
        else:
            yield from current.flush(line)
            yield from current.entry(v, line, "$")
    if current is not None:
        yield from current.finish(line)

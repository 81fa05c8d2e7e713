"""Gemini API conversations: the `contents` list of `generateContent`, as the REST body holds it
(camelCase: `functionCall`, `functionResponse`) or as the Python SDK's `Content.model_dump()`
gives it (snake_case: `function_call`, `function_response`), e.g. `chat.get_history()` saved.

A content is `{"role": "user" | "model", "parts": [...]}` (`function`, an older role for
function responses, is read as `user`; a missing role is `user`, the API's default). The role
decides whose text a `text` part is; the part's kind decides the rest. `function_call`
(`name`, `args`, `id` when the API sets one) is a call; `function_response` (`name`,
`response`, `id`) its result, paired by id, else by name in order (the Gemini API usually
sends no ids). `FunctionResponse.response` is "output" for the function's output and "error"
for error details, else the whole object is the output (google.genai.types): a non-empty
`error` is the failed call, an object of only `output` (and `error`) is unwrapped to that
output; any other object is passed through for the shared status logic to judge.
`executable_code` / `code_execution_result` (the built-in code execution tool) are a call of
`code_execution` and its result, `outcome` OUTCOME_OK succeeded, OUTCOME_FAILED and
OUTCOME_DEADLINE_EXCEEDED failed. Thought parts (`thought: true`) are dropped; other parts
(media, server-side `tool_call`, ...) are counted, never dropped silently.

Accepted shapes, per JSON value: one content (a file of them is one conversation, also as a
JSON array), a list of contents, or an object holding them under `contents` (the request
body; `systemInstruction` / `system_instruction`, also under `config`, goes to meta). The part
handling is shared with the Google ADK reader (`google_adk.py`), whose events hold contents.

Gemini CLI sessions (`chats/session-*.json`: `sessionId`, `messages` of `type` user / gemini /
info / warning / error, a model message's `toolCalls` each with its `result` parts and
`status`) are read here too, a trace a session: `_read_cli_session`. Newer CLIs keep the session
as an append-only log, `chats/session-*.jsonl` (`ChatRecordingService`): a metadata line
(`sessionId`, `projectHash`), then message records, a message written again in full (same
`id`) each time its tool calls, results or tokens change, `{"$set": {...}}` metadata updates
(`messages` there replaces the list) and `{"$rewindTo": id}` (that message and all after it
dropped, all of them for an unknown id). The log is folded as the CLI loads it: `_CliLog`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from toolscore_ci.formats._conversations import read_conversations
from toolscore_ci.formats._gemini_shell import shell_outcome, shell_output
from toolscore_ci.formats._trace import TraceBuilder, first_str, str_field, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "gemini"
ROLES = frozenset({"user", "model", "function"})
#: Part fields that carry its content, as the Python SDK (snake_case) and the REST API
#: (camelCase) name them; a part sets one. The others (`thought_signature`, `video_metadata`,
#: `media_resolution`, `part_metadata`, ...) qualify it and are not read.
_KINDS: dict[str, str] = {
    "text": "text",
    "function_call": "function_call",
    "functionCall": "function_call",
    "function_response": "function_response",
    "functionResponse": "function_response",
    "executable_code": "executable_code",
    "executableCode": "executable_code",
    "code_execution_result": "code_execution_result",
    "codeExecutionResult": "code_execution_result",
    "inline_data": "inline_data",
    "inlineData": "inline_data",
    "file_data": "file_data",
    "fileData": "file_data",
    "tool_call": "tool_call",
    "toolCall": "tool_call",
    "tool_response": "tool_response",
    "toolResponse": "tool_response",
}
#: The built-in code execution tool (`Tool(code_execution=...)`), named as the API names it.
CODE_TOOL = "code_execution"
_CODE_OK = "OUTCOME_OK"
_CODE_FAILED = frozenset({"OUTCOME_FAILED", "OUTCOME_DEADLINE_EXCEEDED"})
#: `FunctionResponse.response` keys with a meaning of their own (google.genai.types).
_RESPONSE_KEYS = frozenset({"output", "error"})
#: ADK's ReflectAndRetryToolPlugin answers a failed tool with this `response_type`.
_REFLECT_AND_RETRY = "ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN"


def part_kind(part: Any) -> str | None:
    """The kind of a part, by the content field it sets (a `model_dump()` without
    `exclude_none` holds every field, the unset ones null), or None."""
    if not isinstance(part, dict) or "type" in part:
        return None
    for key, kind in _KINDS.items():
        if part.get(key) is not None:
            return kind
    return None


def _is_part(part: Any) -> bool:
    """A Gemini part: an object with no `type` (the parts of other formats are tagged) that
    has a field of a Gemini part."""
    return isinstance(part, dict) and "type" not in part and any(k in part for k in _KINDS)


def is_content(value: Any, *, role_required: bool = True) -> bool:
    """A `Content`: `parts` that are all Gemini parts, and a Gemini role (or, when
    `role_required` is false, none)."""
    if not isinstance(value, dict):
        return False
    role = value.get("role")
    if role is None and role_required:
        return False
    if role is not None and not (isinstance(role, str) and role in ROLES):
        return False
    parts = value.get("parts")
    return isinstance(parts, list) and bool(parts) and all(_is_part(p) for p in parts)


def parts_of(content: Any) -> list[Any]:
    parts = content.get("parts") if isinstance(content, dict) else None
    return parts if isinstance(parts, list) else []


@dataclass(frozen=True, slots=True)
class _System:
    """The request's system instruction, read ahead of its contents."""

    text: str | None


def _system_text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    texts = [p.get("text") for p in parts_of(value) if isinstance(p, dict)]
    joined = "\n".join(t for t in texts if isinstance(t, str) and t)
    return joined or None


def _contents_of(value: Any) -> list[Any] | None:
    """The contents of a whole conversation: a list of them, or a request body's `contents`
    (its system instruction first), or None when the value is not one."""
    if isinstance(value, list):
        return value if value and all(is_content(c, role_required=False) for c in value) else None
    if not isinstance(value, dict):
        return None
    held = value.get("contents")
    if not (
        isinstance(held, list) and held and all(is_content(c, role_required=False) for c in held)
    ):
        return None
    config = value.get("config") if isinstance(value.get("config"), dict) else {}
    system = next(
        (
            v
            for v in (
                value.get("systemInstruction"),
                value.get("system_instruction"),
                config.get("systemInstruction"),
                config.get("system_instruction"),
            )
            if v is not None
        ),
        None,
    )
    return [_System(_system_text(system)), *held] if system is not None else list(held)


def sniff(first: Any) -> bool:
    return (
        is_content(first)
        or _contents_of(first) is not None
        or is_cli_session(first)
        or is_cli_log_header(first)
    )


def response_outcome(response: Any) -> tuple[Any, bool | None, Any]:
    """(output, ok, error) of a `FunctionResponse.response`: its `error` key (the API's own
    place for error details) is the failed call; an object of only `output` / `error` gives
    its `output`; ADK's retry plugin marks a failure by its `response_type`. Anything else is
    the output as it is, judged by the shared status logic."""
    if not isinstance(response, dict):
        return response, None, None
    output: Any = response
    if "output" in response and set(response) <= _RESPONSE_KEYS:
        output = response["output"]
    error = response.get("error")
    if error not in (None, "", [], {}, False):
        return output, False, error if isinstance(error, (str, dict)) else str(error)
    if response.get("response_type") == _REFLECT_AND_RETRY:
        detail = first_str(response.get("error_details"), response.get("error_type"))
        return output, False, detail or _REFLECT_AND_RETRY
    return output, None, None


def _call_id(b: TraceBuilder, value: Any) -> str | None:
    """A result's call id, when it names a call of this trace; else None, so it pairs by
    name (a response with an id whose call had none)."""
    cid = first_str(value.get("id")) if isinstance(value, dict) else None
    return cid if cid is not None and cid in b.calls else None


def add_parts(
    b: TraceBuilder,
    parts: list[Any],
    *,
    agent: bool,
    ts: Any,
    line: int | None,
    failed: str | None = None,
) -> int:
    """Put one content's parts on the builder: text as the agent's (`agent`) or the user's,
    consecutive text parts as one message; calls and results by part kind. `failed`: the
    carrier marks its function responses failed with this error (an ADK error event).
    Returns how many function responses there were."""
    texts: list[str] = []
    answered = 0

    def flush() -> None:
        if texts:
            text = "\n".join(texts)
            if agent:
                b.agent(text, ts)
            else:
                b.user(text, ts)
            texts.clear()

    for part in parts:
        kind = part_kind(part)
        if kind in ("text", None) and isinstance(part, dict) and part.get("thought") is True:
            continue  # the model's reasoning, not what it said (a call is kept, whatever it says)
        if kind == "text":
            text = part["text"]
            if isinstance(text, str) and text:
                texts.append(text)
            elif not isinstance(text, str):
                b.coverage.note("unknown part kind", "text (not a string)", line)
            continue
        flush()
        value = part.get(_key(part, kind)) if kind is not None else None
        if kind == "function_call":
            call = value if isinstance(value, dict) else {}
            b.call(first_str(call.get("name")), call.get("args"), first_str(call.get("id")), ts)
        elif kind == "function_response":
            answered += 1
            resp = value if isinstance(value, dict) else {}
            output, ok, error = response_outcome(resp.get("response"))
            if ok is None:
                ok, error = shell_outcome(output)
            output = shell_output(output)
            if failed is not None and ok is not False:
                ok, error = False, failed
            b.result(
                _call_id(b, resp),
                output,
                ok=ok,
                error=error,
                ts=ts,
                name=first_str(resp.get("name")),
                line=line,
            )
        elif kind == "executable_code":
            code = value if isinstance(value, dict) else {}
            args = {k: code[k] for k in ("code", "language") if code.get(k) is not None}
            b.call(CODE_TOOL, args, first_str(code.get("id")), ts)
        elif kind == "code_execution_result":
            res = value if isinstance(value, dict) else {}
            outcome = first_str(res.get("outcome"))
            output = res.get("output")
            code_failed = outcome in _CODE_FAILED
            b.result(
                _call_id(b, res),
                output,
                ok=False if code_failed else (True if outcome == _CODE_OK else None),
                error=(text_of(output) or str(outcome)) if code_failed else None,
                ts=ts,
                name=CODE_TOOL,
                line=line,
            )
        else:
            b.coverage.note("unknown part kind", kind or _shape(part), line)
    flush()
    return answered


def _key(part: dict[str, Any], kind: str) -> str:
    """The field of `part` that holds its `kind`, in whichever case it was written."""
    return next(k for k, v in _KINDS.items() if v == kind and part.get(k) is not None)


def _shape(part: Any) -> str:
    if isinstance(part, dict):
        return "{" + ", ".join(sorted(str(k) for k in part)[:5]) + "}"
    return type(part).__name__


def _add(b: TraceBuilder, content: Any, line: int | None) -> None:
    if isinstance(content, _System):
        b.meta.setdefault("system", content.text)
        return
    agent = content.get("role") == "model"
    add_parts(b, parts_of(content), agent=agent, ts=None, line=line)


def _trace_id(value: Any) -> str | None:
    return first_str(value.get("id")) if isinstance(value, dict) else None


#: The kinds of a Gemini CLI session's messages (`ChatRecordingService`): the user's, the
#: model's, and the CLI's own notices
_CLI_TYPES = frozenset({"user", "gemini", "info", "error", "warning"})
#: A recorded tool call's `status`: failed, or never ran (the user declined it)
_CLI_FAILED = {"error": "error", "cancelled": "cancelled, never ran"}


def is_cli_session(value: Any) -> bool:
    """A Gemini CLI session (`~/.gemini/tmp/<project>/chats/session-*.json`, the
    `ConversationRecord`): a `sessionId` and `messages`, the first tagged with a message
    `type` (a malformed one later is reported where it is)."""
    if not isinstance(value, dict) or not isinstance(value.get("sessionId"), str):
        return False
    messages = value.get("messages")
    return (
        isinstance(messages, list)
        and bool(messages)
        and isinstance(messages[0], dict)
        and str_field(messages[0], "type") in _CLI_TYPES
    )


def is_cli_log_header(value: Any) -> bool:
    """The metadata line that opens a Gemini CLI session log (`session-*.jsonl`): a
    `sessionId` and a `projectHash` (`PartialMetadataRecord`), its `messages`, when present, a
    list (empty in the logs the CLI writes)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("sessionId"), str)
        and isinstance(value.get("projectHash"), str)
        and "type" not in value
        and isinstance(value.get("messages", []), list)
    )


def _is_log_record(value: Any) -> bool:
    """A record of a session log after its metadata line: a message (an `id` and a `type`)
    or an operator (`$set`, `$rewindTo`, any `$`-key the CLI may add)."""
    if not isinstance(value, dict) or is_cli_log_header(value):
        return False
    if "type" in value and "id" in value:
        return True
    return bool(value) and all(isinstance(k, str) and k.startswith("$") for k in value)


class _CliLog:
    """One session log folded as `loadConversationRecord` does: message records upserted by
    `id` (a rewritten message keeps its first place), `$set` merged into the metadata (a
    non-empty `$set.messages` replaces the list), `$rewindTo` dropping the message it names
    and every later one."""

    def __init__(self, header: dict[str, Any], line: int, path: str, coverage: Coverage) -> None:
        self.meta = {k: v for k, v in header.items() if k != "messages"}
        self.line = line
        self.path = path
        self.coverage = coverage
        self.messages: dict[str, tuple[Any, int, str]] = {}
        self._replace(header.get("messages"), line, "$.messages")

    def _replace(self, messages: Any, line: int, where: str) -> None:
        self.messages.clear()
        for n, msg in enumerate(messages if isinstance(messages, list) else []):
            mid = msg.get("id") if isinstance(msg, dict) else None
            self.messages[mid if isinstance(mid, str) else f"@{line}:{n}"] = (
                msg,
                line,
                f"{where}[{n}]",
            )

    def add(self, record: dict[str, Any], line: int) -> InputIssue | None:
        if "$rewindTo" in record:
            target = record["$rewindTo"]
            if not isinstance(target, str):
                return InputIssue(
                    self.path, line, "$.$rewindTo", "a rewind names a message `id`; left out"
                )
            ids = list(self.messages)
            gone = ids[ids.index(target) :] if target in self.messages else ids
            for mid in gone:
                del self.messages[mid]
            self.coverage.note(
                "messages rewound by the user",
                "$rewindTo",
                line,
                outcome="kept out of the trace, as the CLI drops them from the session",
                info=True,
            )
            return None
        if "$set" in record:
            update = record["$set"]
            if not isinstance(update, dict):
                return InputIssue(
                    self.path, line, "$.$set", "a metadata update must be an object; left out"
                )
            self.meta.update({k: v for k, v in update.items() if k != "messages"})
            replaced = update.get("messages")
            if isinstance(replaced, list) and replaced:
                self._replace(replaced, line, "$.$set.messages")
                self.coverage.note(
                    "message list replaced",
                    "$set.messages",
                    line,
                    outcome="the messages before it kept out of the trace, as the CLI loads it",
                )
            return None
        mid = record.get("id")
        if "type" not in record:  # an operator this reader does not know
            self.coverage.note("unknown record type", ",".join(sorted(record)), line)
            return None
        if not isinstance(mid, str):
            return InputIssue(
                self.path, line, "$.id", "a session message needs a string `id`; left out"
            )
        self.messages[mid] = (record, line, "$")
        return None


def _cli_text(b: TraceBuilder, content: Any, *, agent: bool, ts: Any, line: int) -> None:
    """A message's `content`: a string, or a list of parts (text, and whatever else a part
    holds, read as any Gemini part is)."""
    if isinstance(content, str):
        if content.strip():
            (b.agent if agent else b.user)(content, ts)
    elif isinstance(content, list):
        parts = [{"text": p} if isinstance(p, str) else p for p in content]
        add_parts(b, parts, agent=agent, ts=ts, line=line)
    elif content is not None:
        b.coverage.note("unknown part kind", _shape(content), line)


def _cli_call(b: TraceBuilder, call: Any, ts: Any, line: int, where: str) -> InputIssue | None:
    """One recorded tool call and its outcome: `result` holds the function response parts
    the model was sent; `status` says whether it failed or never ran."""
    if not isinstance(call, dict) or not isinstance(call.get("name"), str):
        return InputIssue(b.path, line, where, "a tool call needs a `name`; left out")
    cid = first_str(call.get("id"))
    b.call(call["name"], call.get("args"), cid, first_str(call.get("timestamp")) or ts)
    status = str_field(call, "status")
    parts = call.get("result")
    responses = [
        p.get("functionResponse", p.get("function_response"))
        for p in (parts if isinstance(parts, list) else [])
        if isinstance(p, dict)
    ]
    responses = [r for r in responses if isinstance(r, dict)]
    if responses:
        output, ok, error = response_outcome(responses[0].get("response"))
    else:  # no response kept: what the CLI showed the user
        output, ok, error = call.get("resultDisplay"), None, None
    if ok is None:
        ok, error = shell_outcome(output)
    output = shell_output(output)
    if status in _CLI_FAILED and ok is not False:
        display = call.get("resultDisplay")
        ok, error = False, text_of(output) or (display if isinstance(display, str) else None)
        error = error or _CLI_FAILED[status]
    elif status is None and not responses and output is None:
        return None  # never answered: a call with no result
    b.result(cid, output, ok=ok, error=error, ts=first_str(call.get("timestamp")) or ts, line=line)
    return None


def _read_cli_session(
    meta: dict[str, Any],
    messages: Iterable[tuple[Any, int, str]],
    path: str,
    line: int,
    coverage: Coverage,
) -> Iterator[ReadItem]:
    """One session: its metadata and its messages, each with the line and JSON path it was
    read at."""
    sid = meta.get("sessionId")
    b = TraceBuilder.at(NAME, path, line, coverage, sid if isinstance(sid, str) else None)
    b.meta["format"] = "gemini-cli"
    if meta.get("kind") == "subagent":
        b.meta["subagent"] = True
    b.domain = "coding"
    for msg, line, where in messages:
        if str_field(msg, "type") not in _CLI_TYPES:
            yield InputIssue(
                path,
                line,
                where,
                "not a Gemini CLI message (a `type` of user, gemini, info, error or warning); left out",
            )
            continue
        kind, ts = msg["type"], first_str(msg.get("timestamp"))
        if kind == "user":
            _cli_text(b, msg.get("content"), agent=False, ts=ts, line=line)
        elif kind == "gemini":
            if isinstance(msg.get("model"), str):
                b.meta.setdefault("model", msg["model"])
            _cli_text(b, msg.get("content"), agent=True, ts=ts, line=line)
            calls = msg.get("toolCalls")
            if calls is not None and not isinstance(calls, list):
                yield InputIssue(
                    path, line, f"{where}.toolCalls", "should be an array of tool calls; left out"
                )
            for k, call in enumerate(calls if isinstance(calls, list) else []):
                issue = _cli_call(b, call, ts, line, f"{where}.toolCalls[{k}]")
                if issue is not None:
                    yield issue
        else:  # the CLI's own notice: an error, a warning, an info line
            text = text_of(msg.get("content"))
            if text and text.strip():
                b.environment(f"{kind}: {text}" if kind != "info" else text, ts)
    yield b.record()


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    it = iter(values)
    item: JsonValue | InputIssue | None = next(it, None)
    while item is not None:
        v = item.value if isinstance(item, JsonValue) else None
        if isinstance(item, JsonValue) and (is_cli_session(v) or is_cli_log_header(v)):
            log = _CliLog(item.value, item.line, path, coverage)
            item = next(it, None)
            while item is not None and (isinstance(item, InputIssue) or _is_log_record(item.value)):
                issue = item if isinstance(item, InputIssue) else log.add(item.value, item.line)
                if issue is not None:
                    yield issue
                item = next(it, None)
            yield from _read_cli_session(log.meta, log.messages.values(), path, log.line, coverage)
            continue
        # not a CLI session: this value and the rest are API contents
        yield from _read_contents(itertools.chain([item], it), path, coverage)
        return


def _read_contents(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_contents_of,
        is_message=lambda v: is_content(v, role_required=False),
        add=_add,
        trace_id=_trace_id,
        kind_key="role",
    )

"""AG2 (the classic `autogen` `ConversableAgent`) chat histories: `initiate_chat(...).chat_history`,
an agent's `chat_messages[other]`, or `GroupChat.messages`: OpenAI-like messages (`role`,
`content`, `name`, `tool_calls`) as the agent holding them stored them.

AG2 stores each message with the role it has for the holder: what the holder sent is
`assistant`, what it received is `user`, so in an initiator's history the task is `assistant`
and the answer `user`. A message's `name` is its speaker, and the speakers are read from
structure: a tool reply (`role: "tool"`) is named after the agent that ran the tools, the user's
side (a `UserProxyAgent`); a message with `tool_calls` (always stored as `assistant`) is the
agent's. Every speaker but the one running tools is the agent. When no tool was run the first
speaker, who started the chat, is taken as the user (`initiate_chat`'s documented order) and
the coverage says so; messages without a `name` keep their role as written.

A tool reply holds its results in `tool_responses` (`tool_call_id`, `content`; its own `content`
is them joined). A response without an id answers the call in its place in the last
`tool_calls`. AG2 keeps no success flag: a failed function's result is the text `Error: ...`
it wrote, read as any tool output is. Legacy `function_call` messages and `role: "function"`
replies (named after the function) are read as well.

Accepted shapes, per JSON value: a `ChatResult` (`chat_history`, with `chat_id` as the trace id
and `summary` kept in meta), an object holding the messages under `messages`, a list of
messages, or one message (a file of messages is one conversation, also as a JSON array). The
read loop is `_conversations`' with each conversation held until its end, for its speakers are
known only then. Sniffed on `tool_responses` alone (no other format has it) or a `ChatResult`:
a history without tool replies reads as openai-chat unless `--format ag2` is given.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._trace import (
    TraceBuilder,
    as_dict,
    as_list,
    default_trace_id,
    first_str,
    str_field,
    text_of,
)
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "ag2"
#: AG2 histories are OpenAI-like: a file sniffed as openai-chat is AG2's when a value within the
#: sniffing look-ahead is (`formats.read_file`).
REFINES = "openai-chat"
_ROLES = frozenset({"system", "user", "assistant", "tool", "function"})
#: `ChatResult` fields beside `chat_history` (`autogen.agentchat.chat.ChatResult`).
_CHAT_RESULT = frozenset({"chat_id", "summary", "cost", "human_input"})
_FIRST_SPEAKER = (
    "no tool run tells the user from the agent; the first speaker, who started the chat, "
    "is taken as the user:"
)
_FIRST_SPEAKER_OUTCOME = "the other speakers read as the agent"
_NO_NAMES = ("speakers without names; roles read as written", "role")
_NO_NAMES_OUTCOME = "user as the user, assistant as the agent"


def _is_message(value: Any) -> bool:
    return str_field(value, "role") in _ROLES and "type" not in value


def _is_tool_reply(value: Any) -> bool:
    """AG2's own structure: a tool reply holding its results in `tool_responses`."""
    responses = value.get("tool_responses") if _is_message(value) else None
    return isinstance(responses, list) and all(isinstance(r, dict) for r in responses)


def _messages(value: Any) -> list[Any] | None:
    if isinstance(value, list) and value and all(_is_message(m) for m in value):
        return value
    return None


def _history(value: Any) -> list[Any] | None:
    """The messages of a whole conversation a value holds, or None."""
    if isinstance(value, list):
        return _messages(value)
    if isinstance(value, dict):
        for key in ("chat_history", "messages"):
            held = _messages(value.get(key))
            if held is not None:
                return held
    return None


def sniff(first: Any) -> bool:
    if _is_tool_reply(first):
        return True
    held = _history(first)
    if held is None:
        return False
    chat_result = (
        isinstance(first, dict) and "chat_history" in first and bool(_CHAT_RESULT & first.keys())
    )
    return chat_result or any(_is_tool_reply(m) for m in held)


class _Speakers:
    """Who in one conversation is the user's side, and how that was decided."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        def name(m: dict[str, Any]) -> str | None:
            return first_str(m.get("name"))

        callers = {n for m in messages if _calls(m) and (n := name(m))}
        runners = {n for m in messages if m.get("role") == "tool" and (n := name(m))}
        self.users = runners - callers
        self.by = "tool use"
        self.first: str | None = None
        if not self.users:
            spoken = [
                m for m in messages if m.get("role") in ("user", "assistant") and not _calls(m)
            ]
            self.first = name(spoken[0]) if spoken else None
            if self.first is not None and self.first not in callers:
                self.users, self.by = {self.first}, "first speaker"
            else:
                self.users, self.by = set(), "roles"

    def is_user(self, message: dict[str, Any]) -> bool:
        speaker = first_str(message.get("name"))
        if self.by == "roles" or speaker is None:
            return message.get("role") == "user"
        return speaker in self.users


def _calls(message: dict[str, Any]) -> bool:
    return bool(message.get("tool_calls")) or isinstance(message.get("function_call"), dict)


def _add(
    b: TraceBuilder,
    m: dict[str, Any],
    line: int,
    speakers: _Speakers,
    last_calls: list[str | None],
) -> None:
    role, content = m.get("role"), m.get("content")
    if _calls(m):
        b.agent(text_of(content))  # what the model said beside its calls
        calls = [as_dict(c) for c in as_list(m.get("tool_calls"))]
        last_calls[:] = [first_str(c.get("id")) for c in calls]
        for call in calls:
            fn = as_dict(call.get("function"))
            b.call(first_str(fn.get("name")), fn.get("arguments"), first_str(call.get("id")))
        if isinstance(m.get("function_call"), dict):
            fn = m["function_call"]
            b.call(first_str(fn.get("name")), fn.get("arguments"))
    elif role == "tool":
        responses = m.get("tool_responses") if _is_tool_reply(m) else [m]
        for k, response in enumerate(as_list(responses)):
            response = as_dict(response)
            answered = last_calls[k] if k < len(last_calls) else None
            call_id = first_str(response.get("tool_call_id")) or answered
            b.result(call_id, response.get("content"), line=line)
    elif role == "function":
        b.result(None, content, name=first_str(m.get("name")), line=line)
    elif role == "system":
        b.meta.setdefault("system", text_of(content))
    elif speakers.is_user(m):
        b.user(text_of(content))
    else:
        b.agent(text_of(content))


def _record(
    messages: list[tuple[dict[str, Any], int]],
    path: str,
    coverage: Coverage,
    held_by: Any = None,
) -> ReadItem:
    """One conversation: `messages` with their lines; `held_by` the value holding them, if any."""
    line = messages[0][1]
    b = TraceBuilder(
        source=NAME,
        trace_id=_trace_id(held_by) or default_trace_id(path, line),
        path=path,
        line=line,
        coverage=coverage,
    )
    speakers = _Speakers([m for m, _ in messages])
    b.meta["user_speakers"] = sorted(speakers.users) or None
    b.meta["speakers_by"] = speakers.by
    if isinstance(held_by, dict) and isinstance(held_by.get("summary"), str):
        b.meta["summary"] = held_by["summary"]
    if speakers.by == "first speaker":
        coverage.note(
            _FIRST_SPEAKER, str(speakers.first), line, outcome=_FIRST_SPEAKER_OUTCOME, info=True
        )
    elif speakers.by == "roles":
        coverage.note(*_NO_NAMES, line, outcome=_NO_NAMES_OUTCOME, info=True)
    last_calls: list[str | None] = []
    for message, at in messages:
        _add(b, message, at, speakers, last_calls)
    return b.record()


def _trace_id(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    chat_id = value.get("chat_id")
    if isinstance(chat_id, int) and not isinstance(chat_id, bool):
        return str(chat_id)
    return first_str(chat_id, value.get("id"))


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    loose: list[tuple[dict[str, Any], int]] = []
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        value, line = item.value, item.line
        held = _history(value)
        if held is not None:
            yield _record([(m, line) for m in held], path, coverage, value)
        elif _is_message(value):
            loose.append((value, line))
        else:
            kind = value.get("role") if isinstance(value, dict) else type(value).__name__
            coverage.note("unknown record type", str(kind), line)
    if loose:
        yield _record(loose, path, coverage)

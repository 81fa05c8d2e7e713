"""LlamaIndex agent workflow event streams: the events `handler.stream_events()` yields for an
`AgentWorkflow`, `FunctionAgent` or `ReActAgent` run, saved as `ev.model_dump()` (mode
"json"), one a line, a JSON array, or `{"events": [...]}`.

Events carry no type tag in their dump; they are told apart by their fields
(`llama-index-core/llama_index/core/agent/workflow/workflow_events.py`): `ToolCall`
(`tool_name`, `tool_kwargs`, `tool_id`) is a call; `ToolCallResult` (the same and
`tool_output`, a `ToolOutput` dump: `content` or `blocks`, `raw_output`, `is_error`,
`llama_index/core/tools/types.py`) its result: **`is_error: true` is a failed call** (the
workflow caught the tool's exception; `content` is its text), `false` a call that returned
(ok); the output is `raw_output` when it is an object or array (what the tool returned), else
the content. `AgentOutput` (`response`: a `ChatMessage` dump with `role` and `content` or text
`blocks`; `tool_calls`: `ToolSelection`s, `tool_id` / `tool_name` / `tool_kwargs`;
`current_agent_name`) is the agent's text and its calls (a `ToolCall` repeating one is read
once; a result whose call no event gave opens it). `AgentInput` / `AgentSetup` (`input`: the
chat history the model is given) give the user's message: its last `user` message, when it is
a new one (its `system` message goes to meta); an `AgentWorkflowStartEvent` dump (`user_msg`, `chat_history`, `max_iterations`) the
same from `user_msg`. Timestamps: none in the events (synthesised).

Not read: `AgentStream` (partial text the `AgentOutput` repeats, and thinking deltas) and
`AgentStreamStructuredOutput`, dropped without a count; a `structured_response` and
`retry_messages`, the earlier `chat_history` of a start event and a `StopEvent`'s `result`
(the response again) are counted.

Chat histories, a dialect of OpenAI chat (`REFINES`): `ChatMessage.model_dump()` of each message
(`memory.get_all()`, `ChatMemoryBuffer` / `Memory` contents: `llama_index/core/base/llms/types.py`)
as a list, one a line, or a `SimpleChatStore` (`{"store": {key: [messages]}}` of one key; one
of several keys is counted, not read). A message has a `role`, `additional_kwargs` and text as `content` or `blocks`
(`block_type: "text"`); the openai-chat reader would lose what LlamaIndex keeps in
`additional_kwargs`: an assistant's `tool_calls` (OpenAI's `{id, function: {name, arguments}}`
or Anthropic's `{id, name, input}`; `tool_call` blocks, `tool_call_id` / `tool_name` /
`tool_kwargs`, likewise) and a `tool` message's `tool_call_id` and `name`. A tool message holds
only the output's text: no failure marker (ok null). `system` → meta; image, audio and other
blocks are counted.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import id_or_run_id, read_conversations
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "llamaindex"
REFINES = "openai-chat"  # its ChatMessage dumps are OpenAI chat with `additional_kwargs`
_ROLES = frozenset(
    {"system", "developer", "user", "assistant", "tool", "function", "chatbot", "model"}
)
_START_KEYS = frozenset({"user_msg", "chat_history", "max_iterations"})


def _kind(value: Any) -> str | None:
    """Which workflow event a value is, by its fields; None for none of them."""
    if type(value) is not dict:
        return None
    if type(value.get("tool_name")) is str and "tool_id" in value and "tool_kwargs" in value:
        return "result" if "tool_output" in value else "call"
    if type(value.get("current_agent_name")) is str:
        if type(value.get("response")) is dict and "tool_calls" in value:
            return "output"
        if type(value.get("input")) is list:
            return "input"
        if "delta" in value:
            return "stream"
    if (
        value.get("role") in _ROLES
        and type(value.get("additional_kwargs")) is dict
        and ("blocks" in value or "content" in value)
        and "type" not in value
    ):
        return "message"
    if set(value) == _START_KEYS:
        return "start"
    if set(value) == {"result"}:
        return "stop"
    if set(value) == {"output"} and type(value["output"]) is dict:
        return "structured"
    return None


def _is_event(value: Any) -> bool:
    return _kind(value) is not None


def _event_list(value: Any) -> list[Any] | None:
    if (
        type(value) is list
        and value
        and all(type(e) is dict for e in value)
        and any(_kind(e) in ("call", "result", "output", "input") for e in value)
    ):
        return value
    return None


def _message_list(value: Any) -> list[Any] | None:
    if type(value) is list and value and all(_kind(m) == "message" for m in value):
        return value
    return None


def _events_of(value: Any) -> list[Any] | None:
    """A whole run: a list of events or of chat messages, `{"events": [...]}`, or a chat store
    holding one conversation (a store of several is not read: counted)."""
    if type(value) is dict:
        store = value.get("store")
        if type(store) is dict and len(store) == 1:
            return _message_list(next(iter(store.values())))
        return _event_list(value.get("events"))
    return _event_list(value) or _message_list(value)


def sniff(first: Any) -> bool:
    kind = _kind(first)
    if kind in ("call", "result", "output", "input", "start", "message"):
        return True
    return _events_of(first) is not None


def _message_text(message: Any) -> str | None:
    """A ChatMessage dump's text: `content`, or its text blocks joined; a bare string as it is."""
    if type(message) is str:
        return message
    message = as_dict(message)
    content = message.get("content")
    if content is not None:
        return text_of(content)
    texts = [
        block["text"]
        for block in as_list(message.get("blocks"))
        if type(block) is dict and type(block.get("text")) is str
    ]
    return "".join(texts) if texts else None


def _call(b: TraceBuilder, selection: Any, line: int | None) -> None:
    call = as_dict(selection)
    name, call_id = first_str(call.get("tool_name")), first_str(call.get("tool_id"))
    if name is None:
        b.coverage.note("unreadable tool call", str(call_id), line)
        return
    if call_id is not None and call_id in b.calls:
        return  # AgentOutput gave it
    b.call(name, call.get("tool_kwargs"), call_id)


def _output_text(output: dict[str, Any]) -> Any:
    content = output.get("content")
    return content if content is not None else _message_text({"blocks": output.get("blocks")})


def _result(b: TraceBuilder, event: dict[str, Any], line: int | None) -> None:
    call_id = first_str(event.get("tool_id"))
    if call_id is None or call_id not in b.calls:
        _call(b, event, line)  # no event gave its call
    output = as_dict(event.get("tool_output"))
    if not output and event.get("tool_output") is not None:
        b.coverage.note("unreadable tool output of", str(event.get("tool_name")), line)
    flag = output.get("is_error")
    text = _output_text(output)
    raw = output.get("raw_output")
    failed = flag is True
    value = raw if not failed and type(raw) in (dict, list) else text
    b.result(
        call_id,
        value,
        ok=False if failed else (True if flag is False else None),
        error=(text_of(text) or "is_error") if failed else None,
        name=first_str(event.get("tool_name")),
        line=line,
    )


#: Per run: the last user message read, which each AgentInput's history repeats.
_LAST_USER: weakref.WeakKeyDictionary[TraceBuilder, str] = weakref.WeakKeyDictionary()


def _user(b: TraceBuilder, text: str | None) -> None:
    """A user message, once: the history each AgentInput repeats gives only its new one."""
    if text is None or _LAST_USER.get(b) == text:
        return
    _LAST_USER[b] = text
    b.user(text)


def _message(b: TraceBuilder, message: dict[str, Any], line: int | None) -> None:
    """One ChatMessage dump of a chat history."""
    role, extra = message["role"], message["additional_kwargs"]
    for block in as_list(message.get("blocks")):
        kind = as_dict(block).get("block_type")
        if kind not in ("text", "tool_call", "thinking"):
            b.coverage.note("message block", str(kind), line)
    text = _message_text(message)
    if role in ("system", "developer"):
        b.meta.setdefault("system", text)
    elif role == "user":
        b.user(text)
    elif role == "tool" or role == "function":
        b.result(
            first_str(extra.get("tool_call_id")),
            text,
            name=first_str(extra.get("name"), message.get("name")),
            line=line,
        )
    else:
        b.agent(text)
        for call in as_list(extra.get("tool_calls")):
            call = as_dict(call)
            function = as_dict(call.get("function"))
            name = first_str(function.get("name"), call.get("name"))
            if name is None:
                b.coverage.note("unreadable tool call", str(call.get("id")), line)
                continue
            b.call(name, function.get("arguments", call.get("input")), first_str(call.get("id")))
        for block in as_list(message.get("blocks")):
            if as_dict(block).get("block_type") == "tool_call":
                _call(b, {**block, "tool_id": block.get("tool_call_id")}, line)


def _add(b: TraceBuilder, event: Any, line: int | None) -> None:
    kind = _kind(event)
    if kind is None:
        detail = ", ".join(sorted(map(str, event)))[:80] if type(event) is dict else None
        b.coverage.note("unknown event", detail or type(event).__name__, line)
        return
    if kind == "message":
        _message(b, event, line)
    elif kind == "call":
        _call(b, event, line)
    elif kind == "result":
        _result(b, event, line)
    elif kind == "output":
        b.agent(_message_text(event["response"]))
        for selection in as_list(event.get("tool_calls")):
            _call(b, selection, line)
        for key in ("structured_response", "retry_messages"):
            if event.get(key):
                b.coverage.note("agent output field", key, line)
    elif kind == "input":
        systems = [m for m in event["input"] if as_dict(m).get("role") == "system"]
        if systems:
            b.meta.setdefault("system", _message_text(systems[0]))
        users = [m for m in event["input"] if as_dict(m).get("role") == "user"]
        if users:
            _user(b, _message_text(users[-1]))
    elif kind == "start":
        _user(b, _message_text(event.get("user_msg")))
        if event.get("chat_history"):
            b.coverage.note("start event field", "chat_history", line)
    elif kind == "stop":
        text = _message_text(as_dict(event["result"]).get("response", event["result"]))
        if text != b.final_text:
            b.coverage.note("stop event field", "result", line)
    # AgentStream and AgentStreamStructuredOutput: partial text the AgentOutput repeats


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_events_of,
        is_message=_is_event,
        add=_add,
        trace_id=id_or_run_id,
        kind_key="type",
    )

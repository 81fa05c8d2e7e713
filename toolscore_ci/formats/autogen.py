"""Microsoft AutoGen AgentChat (0.4 and later): a run's `TaskResult` (`model_dump()` or
`model_dump_json()`: `{"messages": [...], "stop_reason": ...}`), its messages (`dump()` of each,
as a list or one a line, as `run_stream` yields them), and `save_state()` of an agent or a team.

Run messages are told apart by `type`; `source` says who spoke: `"user"` for the task, and so
for any agent that asked for input first (a `UserInputRequestedEvent`: a `UserProxyAgent`);
any other name is an agent. `TextMessage`, `MultiModalMessage` (its text parts) and
`StructuredMessage` (its content as JSON) are messages. `ToolCallRequestEvent` holds the calls
(`FunctionCall`: `id`, `name`, `arguments` as a JSON string), `ToolCallExecutionEvent` their
results (`FunctionExecutionResult`: `call_id`, `name`, `content`; `is_error: true` is a failed
call, AutoGen's own marker, `false` a successful one). A `ToolCallSummaryMessage`, an agent's
answer when it does not reflect on tool use, is those results formatted as text: the calls and
results it carries (`tool_calls`, `results`) are read when no event before it gave them, and
its text is no claim of the agent's. `HandoffMessage` and `StopMessage` from an agent (notices
of a hand-off or a termination) are environment messages. `CodeGenerationEvent` and
`CodeExecutionEvent` are an `execute_code_block` call (the agent's method that runs them; its
`code_blocks` joined as `code`) and its result (`exit_code` 0 is success).
`ThoughtEvent`, streaming chunks, memory queries and speaker selections are dropped without a
count; any other type is counted. Timestamps are `created_at`.

State: an `AssistantAgentState` holds the agent's model context (`llm_context.messages`:
`SystemMessage`, `UserMessage`, `AssistantMessage` whose content is text or a list of
`FunctionCall`s, `FunctionExecutionResultMessage` with `FunctionExecutionResult`s as above). A
`TeamState` is read from its group chat manager's `message_thread` (the team's messages, as a
TaskResult holds them), or else from its one agent that has a model context;
`ChatAgentContainerState` and `SocietyOfMindAgentState` are read through. Accepted shapes, per
JSON value: any of these objects, a list of messages, or one message (a file of loose messages
is one conversation).
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats._conversations import id_or_run_id, read_conversations
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "autogen"
#: `autogen_agentchat.messages` types read (the deprecated 0.4.0 `ToolCallMessage` and
#: `ToolCallResultMessage` hold what the events hold).
_RUN_TYPES = frozenset(
    {
        "TextMessage",
        "MultiModalMessage",
        "StopMessage",
        "HandoffMessage",
        "ToolCallSummaryMessage",
        "ToolCallRequestEvent",
        "ToolCallExecutionEvent",
        "ToolCallMessage",
        "ToolCallResultMessage",
        "CodeGenerationEvent",
        "CodeExecutionEvent",
        "UserInputRequestedEvent",
    }
)
#: Events that say nothing a check reads: reasoning, partial text the full message repeats,
#: retrieved memory, a group chat's choice of the next speaker.
_SILENT = frozenset(
    {
        "ThoughtEvent",
        "ModelClientStreamingChunkEvent",
        "MemoryQueryEvent",
        "SelectSpeakerEvent",
        "SelectorEvent",
    }
)
#: `autogen_core.models` messages: an agent's model context, as its state saves it.
_CONTEXT_TYPES = frozenset(
    {"SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"}
)
#: The `source` of the task a run starts with.
_USER = "user"
_CODE = "execute_code_block"  # CodeExecutorAgent.execute_code_block ran them
_MAX_DEPTH = 8  # nested team states: a team of teams of ...


def _known(kind: str) -> bool:
    return kind in _RUN_TYPES or kind in _SILENT or kind.startswith("StructuredMessage")


def _is_message(value: Any) -> bool:
    """One run message (`type` and the `source` every AgentChat message has) or one model
    context message."""
    if not isinstance(value, dict):
        return False
    kind = value.get("type")
    if not isinstance(kind, str):
        return False
    if kind in _CONTEXT_TYPES:
        return "content" in value
    return _known(kind) and isinstance(value.get("source"), str)


def _typed(value: Any) -> bool:
    """An element a message list may hold: a message, or one of a type this reader does not
    know (counted when read) that has an AgentChat message's `source`."""
    return isinstance(value, dict) and (
        _is_message(value)
        or (isinstance(value.get("type"), str) and isinstance(value.get("source"), str))
    )


def _message_list(value: Any) -> list[Any] | None:
    if (
        isinstance(value, list)
        and value
        and all(_typed(m) for m in value)
        and any(_is_message(m) for m in value)
    ):
        return value
    return None


def _messages_of(value: Any, depth: int = 0) -> list[Any] | None:
    """The messages of a whole conversation a value holds: a list, a TaskResult, an agent's
    or a team's state; None when it is none of these."""
    if isinstance(value, list):
        return _message_list(value)
    if not isinstance(value, dict) or depth > _MAX_DEPTH:
        return None
    for key in ("messages", "message_thread"):
        held = _message_list(value.get(key))
        if held is not None:
            return held
    context = value.get("llm_context")
    if isinstance(context, dict):
        return _message_list(context.get("messages"))
    for key in ("agent_state", "inner_team_state"):
        if isinstance(value.get(key), dict):
            return _messages_of(value[key], depth + 1)
    states = value.get("agent_states")
    if isinstance(states, dict):
        threads = [s for s in states.values() if isinstance(s, dict) and "message_thread" in s]
        for state in threads:  # the group chat manager: the team's whole conversation
            held = _messages_of(state, depth + 1)
            if held is not None:
                return held
        contexts = [held for s in states.values() if (held := _messages_of(s, depth + 1))]
        if len(contexts) == 1:
            return contexts[0]
    return None


def sniff(first: Any) -> bool:
    return _is_message(first) or _messages_of(first) is not None


#: Per conversation: the sources that speak for the user (`"user"`, and any that asked for input).
_USERS: weakref.WeakKeyDictionary[TraceBuilder, set[str]] = weakref.WeakKeyDictionary()


def _text(content: Any, structured: bool = False) -> str | None:
    """A message's text: a string, or the strings of a multimodal list (images dropped); a
    structured message's content as its JSON text."""
    if structured and not isinstance(content, str):
        return json.dumps(content, ensure_ascii=False)
    return text_of(content)


def _calls(b: TraceBuilder, calls: Any, ts: Any) -> None:
    for call in as_list(calls):
        call = as_dict(call)
        b.call(first_str(call.get("name")), call.get("arguments"), first_str(call.get("id")), ts)


def _results(b: TraceBuilder, results: Any, ts: Any, line: int | None) -> None:
    for result in as_list(results):
        result = as_dict(result)
        flag = result.get("is_error")
        failed = flag is True
        b.result(
            first_str(result.get("call_id")),
            result.get("content"),
            ok=False if failed else (True if flag is False else None),
            error=(text_of(result.get("content")) or "is_error") if failed else None,
            ts=ts,
            name=first_str(result.get("name")),
            line=line,
        )


def _open(b: TraceBuilder, call_id: str | None) -> bool:
    return call_id is not None and any(cid == call_id for _, cid in b.open_by_name)


def _summary(b: TraceBuilder, message: dict[str, Any], ts: Any, line: int | None) -> None:
    """A ToolCallSummaryMessage: the calls and results it carries that no event gave."""
    new = [c for c in as_list(message.get("tool_calls")) if as_dict(c).get("id") not in b.calls]
    _calls(b, new, ts)
    answers = [r for r in as_list(message.get("results")) if _open(b, as_dict(r).get("call_id"))]
    _results(b, answers, ts, line)


def _code(b: TraceBuilder, message: dict[str, Any], ts: Any, line: int | None) -> None:
    if message["type"] == "CodeGenerationEvent":
        blocks = [as_dict(block) for block in as_list(message.get("code_blocks"))]
        if blocks:  # none: a retry's reasoning, no code run
            code = "\n\n".join(str(block.get("code", "")) for block in blocks)
            languages = dict.fromkeys(str(block.get("language", "")) for block in blocks)
            b.call(_CODE, {"code": code, "language": ", ".join(languages)}, None, ts)
        return
    result = as_dict(message.get("result"))
    code = result.get("exit_code")
    failed = isinstance(code, int) and not isinstance(code, bool) and code != 0
    output = result.get("output")
    b.result(
        None,
        output,
        ok=False if failed else (True if code == 0 else None),
        error=(text_of(output) or f"exit code {code}") if failed else None,
        ts=ts,
        name=_CODE,
        line=line,
    )


def _context(b: TraceBuilder, message: dict[str, Any], line: int | None) -> None:
    """One message of an agent's model context (its saved state)."""
    kind, content = message["type"], message.get("content")
    if kind == "SystemMessage":
        b.meta.setdefault("system", text_of(content))
    elif kind == "UserMessage":
        b.user(_text(content))
    elif kind == "AssistantMessage":
        if isinstance(content, list):  # FunctionCalls; a `thought` beside them is reasoning
            _calls(b, content, None)
        else:
            b.agent(_text(content))
    else:
        _results(b, content, None, line)


def _add(b: TraceBuilder, message: Any, line: int | None) -> None:
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        b.coverage.note("unknown message type", type(message).__name__, line)
        return
    kind = message["type"]
    if kind in _CONTEXT_TYPES:
        _context(b, message, line)
        return
    users = _USERS.setdefault(b, {_USER})
    source = first_str(message.get("source"))
    by_user = source in users
    ts, content = message.get("created_at"), message.get("content")
    if kind in ("TextMessage", "MultiModalMessage") or kind.startswith("StructuredMessage"):
        text = _text(content, structured=kind.startswith("StructuredMessage"))
        (b.user if by_user else b.agent)(text, ts)
    elif kind in ("ToolCallRequestEvent", "ToolCallMessage"):
        _calls(b, content, ts)
    elif kind in ("ToolCallExecutionEvent", "ToolCallResultMessage"):
        _results(b, content, ts, line)
    elif kind == "ToolCallSummaryMessage":
        _summary(b, message, ts, line)
    elif kind in ("HandoffMessage", "StopMessage"):
        if by_user:
            b.user(_text(content), ts)
        elif text := _text(content):
            b.environment(text, ts)
    elif kind in ("CodeGenerationEvent", "CodeExecutionEvent"):
        _code(b, message, ts, line)
    elif kind == "UserInputRequestedEvent":
        if source is not None:  # this agent's messages are what a person typed
            users.add(source)
    elif kind not in _SILENT:
        b.coverage.note("unknown message type", kind, line)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    return read_conversations(
        values,
        path,
        coverage,
        source=NAME,
        held=_messages_of,
        is_message=_is_message,
        add=_add,
        trace_id=id_or_run_id,
        kind_key="type",
    )

"""Cline and Roo Code task histories: `api_conversation_history.json` of a task folder
(`saoudrizwan.claude-dev/tasks/<id>/`, Roo Code's `rooveterinaryinc.roo-cline/tasks/<id>/`), a
JSON array of Anthropic messages in Cline's XML tool protocol.

The assistant writes each tool call as an XML element in its text (`<execute_command><command>
npm test</command></execute_command>`): each becomes a call named after the element, its child
elements the arguments (strings), and the XML leaves the agent's text. `use_mcp_tool` is the MCP
tool it names (`tool_name`, its JSON `arguments`). The result comes back in the next user message
as a text block `[<tool> for '...'] Result:` followed by the output (in the same block or the
blocks after it); it is failed (`ok: false`) for `formatResponse.toolError` ("The tool execution
failed with the following error:" with an `<error>`), `toolDenied` ("The user denied this
operation."), an `[ERROR]` text, an `Exit code: N` other than 0, or newer Cline's own status
line opening a command's result ("Command failed with exit code 1."); otherwise `ok` is unknown.
`attempt_completion`'s `<result>` is the agent's report (its `<command>` is counted, not run),
`ask_followup_question`'s `<question>` and `plan_mode_respond`'s `<response>` agent messages; the user's `<answer>` / `<feedback>` to
them, and the `<task>` text, are user messages; `<environment_details>` is dropped and counted.
Newer Cline writes the same tools as native `tool_use` blocks (several in one message): each is
a call (its block id the call id; `attempt_completion`, `ask_followup_question` and
`use_mcp_tool` read as their XML elements are), answered either by a native `tool_result`
block, paired by id as the anthropic reader pairs it, or, through OpenAI-compatible
providers, by the same `[tool for '...'] Result:` text blocks, in order (`use_subagents` is
answered by `[subagents] Result:`: a header that names no open call answers the first open
native call).

Strings checked in cline/cline `src/core/prompts/responses.ts` (`toolDenied`, `toolError`,
`toolResult`); the `toolDescription` switch (`[${block.name} for '${block.params.command}']`,
then `... Result:`) as Cline's `src/core/Cline.ts` and Roo Code's tool dispatch write it. Not
checked in the source: the `Exit code: N` line (Roo Code's command output), `[ERROR]` results,
and the full tool list below (taken from the system prompts' tool sections).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import TraceBuilder, default_trace_id, str_field, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "cline"
#: Cline's task histories are Anthropic messages: a file sniffed as anthropic is Cline's when a
#: value within the sniffing look-ahead is (`formats.read_file`).
REFINES = "anthropic"
#: The tools of Cline's XML protocol (and Roo Code's), as their system prompts list them.
_TOOLS = (
    "execute_command",
    "read_file",
    "write_to_file",
    "replace_in_file",
    "apply_diff",
    "insert_content",
    "search_and_replace",
    "search_files",
    "list_files",
    "list_code_definition_names",
    "codebase_search",
    "browser_action",
    "use_mcp_tool",
    "access_mcp_resource",
    "ask_followup_question",
    "attempt_completion",
    "plan_mode_respond",
    "new_task",
    "switch_mode",
    "fetch_instructions",
    "load_mcp_documentation",
    "web_fetch",
)
_ELEMENT = re.compile(r"<(" + "|".join(_TOOLS) + r")>(.*?)</\1>", re.DOTALL)
_CHILD = re.compile(r"<([a-z_]+)>(.*?)</\1>", re.DOTALL)
_HEADER = re.compile(r"\A\[([a-z_]+)(?: for .*?)?\] Result:", re.DOTALL)
_WRAPPED = re.compile(
    r"\A\s*<(task|feedback|answer|user_message|environment_details)>(.*?)</\1>\s*\Z", re.DOTALL
)
_EXIT = re.compile(r"Exit code: (-?\d+)")
#: Newer Cline's own first line of a command's result: "Command executed successfully (exit
#: code 0)." or "Command failed with exit code 1." (the command's output follows it)
_STATUS_LINE = re.compile(r"\ACommand (?:executed|failed)\b[^\n]*?\bexit code:? (-?\d+)")
_ERROR = "The tool execution failed with the following error:"
_DENIED = "The user denied this operation."
_ENV = ("environment details", "<environment_details>")
_MCP = "use_mcp_tool"
#: The protocol's tools that are the agent talking to the user, and the argument that holds
#: what it said: a message of the agent's, not a call; the user's answer comes back as their
#: result
_SAYS = {"ask_followup_question": "question", "plan_mode_respond": "response"}


def _texts(content: Any) -> list[Any]:
    """The message's content as blocks (a string is one text block)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


def _text(block: Any) -> str | None:
    return (
        block["text"]
        if str_field(block, "type") == "text" and isinstance(block.get("text"), str)
        else None
    )


def _message(value: Any) -> bool:
    return isinstance(value, dict) and value.get("role") in ("user", "assistant")


def _clines(value: Any) -> bool:
    """Cline's structure in one message: a tool element in the agent's text, or a user text
    block that is a tool result header or the `<task>` wrapper."""
    if not _message(value):
        return False
    for block in _texts(value.get("content")):
        text = _text(block)
        if text is None:
            continue
        if value["role"] == "assistant" and _ELEMENT.search(text):
            return True
        if value["role"] == "user" and (
            _HEADER.match(text) or re.match(r"\A<task>.*</task>\s*\Z", text, re.DOTALL)
        ):
            return True
    return False


def sniff(first: Any) -> bool:
    if isinstance(first, dict) and isinstance(first.get("messages"), list):
        first = first["messages"]
    if isinstance(first, list):  # the whole file: an array of messages
        return all(_message(m) for m in first) and any(_clines(m) for m in first[:16])
    return _clines(first)


def _args(body: str) -> dict[str, Any]:
    return {k: v.strip("\n") for k, v in _CHILD.findall(body)}


def _outcome(text: str) -> tuple[bool | None, str | None]:
    stripped = text.strip()
    if stripped.startswith(_ERROR):
        inner = re.search(r"<error>\s*(.*?)\s*</error>", stripped, re.DOTALL)
        return False, inner.group(1) if inner else stripped
    if stripped.startswith(_DENIED):
        return False, _DENIED
    if stripped.startswith("[ERROR]"):
        return False, stripped
    code = _STATUS_LINE.match(stripped) or _EXIT.search(stripped)
    if code and int(code.group(1)) != 0:
        return False, f"exit code {code.group(1)}"
    return None, None


@dataclass
class _Pending:
    """A call (or a report, a question: `call_id` empty) awaiting its answer."""

    name: str
    call_id: str
    native: str | None = None  # the `tool_use` block's id, for a native call


class _Conversation:
    def __init__(self, b: TraceBuilder) -> None:
        self.b = b
        self.pending: list[_Pending] = []
        self.n = 0

    def assistant(self, msg: dict[str, Any], line: int) -> None:
        # A result answers a call of the message just before it: calls still open when the
        # agent speaks again were never answered (an interrupted task resumed) and must not
        # take a later result.
        self.pending.clear()
        for block in _texts(msg.get("content")):
            text = _text(block)
            if text is not None:
                at = 0
                for m in _ELEMENT.finditer(text):
                    self._say(text[at : m.start()])
                    at = m.end()
                    self._element(m.group(1), _args(m.group(2)), m.group(2), line)
                self._say(text[at:])
            elif _native_call(block):
                # newer Cline: the same tools as native calls, answered as the XML ones are
                args = block.get("input")
                self._element(
                    block["name"],
                    args if isinstance(args, dict) else {},
                    "",
                    line,
                    native=str_field(block, "id"),
                )
            else:
                add_message(self.b, {"role": "assistant", "content": [block]}, line=line)

    def _say(self, text: str) -> None:
        if text.strip():
            self.b.agent(text.strip())

    def _element(
        self, name: str, args: dict[str, Any], body: str, line: int, native: str | None = None
    ) -> None:
        if name == "attempt_completion":
            self.b.agent(_str(args.get("result"), body).strip())
            if "command" in args:
                self.b.coverage.note(
                    "attempt_completion command",
                    _str(args["command"], ""),
                    line,
                    outcome="not read as a call",
                )
            self.pending.append(_Pending(name, "", native))
            return
        if name in _SAYS:  # the agent speaking to the user, whose answer comes back
            self.b.agent(_str(args.get(_SAYS[name]), body).strip())
            self.pending.append(_Pending(name, "", native))
            return
        self.n += 1
        call_id = native or f"cline-{self.n}"
        tool: str | None = name
        call_args: Any = args
        if name == _MCP and args.get("tool_name"):
            tool = _str(args["tool_name"], name)
            raw = args.get("arguments")
            if isinstance(raw, dict):
                call_args = raw
            else:
                try:
                    call_args = json.loads(raw or "{}")
                except (TypeError, ValueError):
                    call_args = raw
        self.b.call(tool, call_args, call_id)
        self.pending.append(_Pending(name, call_id, native))

    def user(self, msg: dict[str, Any], line: int) -> None:
        result: tuple[str, list[str]] | None = None
        for block in _texts(msg.get("content")):
            text = _text(block)
            if text is None:
                self._flush(result, line)
                result = None
                self._block(block, line)
                continue
            header = _HEADER.match(text)
            wrapped = _WRAPPED.match(text)
            if header:
                self._flush(result, line)
                rest = text[header.end() :].strip()
                result = (header.group(1), [rest] if rest else [])
            elif wrapped and wrapped.group(1) == "environment_details":
                self.b.coverage.note(
                    *_ENV, line, outcome="dropped (Cline's editor state)", info=True
                )
            elif result is not None:
                result[1].append(text)
            else:
                self._flush(result, line)
                result = None
                self.b.user((wrapped.group(2) if wrapped else text).strip())
        self._flush(result, line)

    def _block(self, block: Any, line: int) -> None:
        """A user block that is not text: a native `tool_result` answers its call by id, as
        the anthropic reader pairs it (a report's or a question's answer is the user's)."""
        if str_field(block, "type") == "tool_result":
            use_id = str_field(block, "tool_use_id")
            k = next((k for k, p in enumerate(self.pending) if p.native == use_id), None)
            if k is not None and not self.pending[k].call_id:
                self.pending.pop(k)
                answer = text_of(block.get("content"))
                if answer and answer.strip():
                    self.b.user(answer.strip())
                return
            if k is not None:
                self.pending.pop(k)
        add_message(self.b, {"role": "user", "content": [block]}, line=line)

    def _flush(self, result: tuple[str, list[str]] | None, line: int) -> None:
        if result is None:
            return
        name, parts = result
        text = "\n".join(parts).strip()
        k = next((k for k, p in enumerate(self.pending) if p.name == name), None)
        if k is None:
            # A native call's result header need not repeat its name (`use_subagents` is
            # answered by `[subagents] Result:`): results answer native calls in order.
            k = next((k for k, p in enumerate(self.pending) if p.native is not None), None)
        if k is None:
            self.b.coverage.note("unpaired tool result", name, line)
            return
        call_id = self.pending.pop(k).call_id
        if not call_id:  # the user's answer or feedback to a question or report
            inner = _WRAPPED.match(text) or re.search(
                r"<(feedback|answer)>\s*(.*?)\s*</\1>", text, re.DOTALL
            )
            self.b.user(inner.group(2).strip() if inner else text)
            return
        ok, error = _outcome(text)
        self.b.result(call_id, text, ok=ok, error=error, line=line)


def _native_call(block: Any) -> bool:
    return str_field(block, "type") == "tool_use" and isinstance(block.get("name"), str)


def _str(value: Any, default: str) -> str:
    return value if isinstance(value, str) else default


def _builder(path: str, line: int, coverage: Coverage) -> TraceBuilder:
    return TraceBuilder(
        source=NAME, trace_id=default_trace_id(path, line), path=path, line=line, coverage=coverage
    )


def _add(conv: _Conversation, msg: dict[str, Any], line: int) -> None:
    if msg["role"] == "assistant":
        conv.assistant(msg, line)
    else:
        conv.user(msg, line)


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    stream: _Conversation | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v, line = item.value, item.line
        if isinstance(v, dict) and isinstance(v.get("messages"), list):
            conv = _Conversation(_builder(path, line, coverage))
            for m in v["messages"]:
                if _message(m):
                    _add(conv, m, line)
                else:
                    coverage.note("unknown message", type(m).__name__, line)
            yield conv.b.record()
        elif _message(v):
            if stream is None:
                stream = _Conversation(_builder(path, line, coverage))
            _add(stream, v, line)
        else:
            kind = v.get("type") if isinstance(v, dict) else type(v).__name__
            coverage.note("unknown record type", str(kind), line)
    if stream is not None:
        yield stream.b.record()

"""The text-only bash protocol of mini-swe-agent, inside chat messages.

mini-swe-agent (and agents built like it) give the model no tool schema: each assistant message
holds its reasoning and one fenced bash block; the harness runs the block and answers with a
user message `<returncode>N</returncode>` + `<output>...</output>`. Read as plain chat, such a
conversation has no tool steps at all. `applies` recognises the protocol from structure only (an
assistant message with exactly one bash/sh block answered by a `<returncode>` message, and no
native tool calls); `add_conversation` then emits what happened:

- an assistant message -> its text with the bash/sh blocks removed, plus a `bash` tool_call
  `{"command": ...}` when it holds exactly one (with none or several the harness ran nothing);
- the `<returncode>` reply to it -> that call's tool_result: ok = (N == 0), error "exit code N"
  otherwise, output the `<output>` text (or all after the return code, e.g. a too-long warning);
- the last message, answering a submit command (`echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`), is
  the submission the harness accepted: that call's result, ok;
- any other reply (a format error, a timeout notice) stays a user message; the call has no result.

The action pattern is mini-swe-agent's own (`action_regex`), so a message counts the blocks
exactly as the harness did ("found 2 actions"), with `sh` accepted as well as `bash`.
"""

from __future__ import annotations

import re
from typing import Any

from toolscore_ci.formats._messages import add_message, normalise_message, role_of
from toolscore_ci.formats._trace import TraceBuilder
from toolscore_ci.limits import MAX_NUMBER_DIGITS

TOOL = "bash"
_ACTION = re.compile(r"```(?:bash|sh)\s*\n(.*?)\n```", re.DOTALL)
_RETURNCODE = re.compile(rf"\s*<returncode>\s*(-?\d{{1,{MAX_NUMBER_DIGITS}}})\s*</returncode>")
_OUTPUT = re.compile(r"<output>\r?\n?(.*?)</output>\s*", re.DOTALL)
_SUBMIT = re.compile(r"\b(?:COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT)\b")
_TEXT_PARTS = frozenset({"text", "input_text", "output_text"})

#: Per-file counts (`Coverage`): what the protocol reading did, and what it could not place.
MAPPED = ("mini-swe-agent bash protocol", "conversation")
MAPPED_OUTCOME = "bash blocks read as bash tool calls, <returncode> replies as their results"
NO_OBSERVATION = ("mini-swe-agent bash action without an observation", TOOL)
NO_OBSERVATION_OUTCOME = "a tool_call without a result; the harness reply kept as a user message"
NOT_ONE_ACTION = ("mini-swe-agent message with several bash blocks", "assistant")
NOT_ONE_ACTION_OUTCOME = "no tool_call (the harness ran none); the blocks removed from its text"
STRAY_OBSERVATION = ("mini-swe-agent observation without a bash action", "user")
STRAY_OBSERVATION_OUTCOME = "kept as a user message"


def _text(content: Any) -> str | None:
    """The text of a content that is only text (a string, or text parts as mini-swe-agent
    writes them with cache control); None for anything else."""
    if type(content) is str:
        return content
    if type(content) is not list or not content:
        return None
    texts = []
    for part in content:
        if type(part) is str:
            texts.append(part)
        elif (
            type(part) is dict
            and part.get("type", "text") in _TEXT_PARTS
            and type(part.get("text")) is str
        ):
            texts.append(part["text"])
        else:
            return None
    return "\n".join(texts)


def _plain(msg: Any) -> tuple[str, str | None]:
    """(role, text) of a message: text only when its content is only text."""
    m = normalise_message(msg)
    if m is None:
        return "unknown", None
    return role_of(m), _text(m.get("content"))


def _observation(text: str) -> tuple[int, str] | None:
    """(return code, output) of a `<returncode>` reply, or None if the text is not one."""
    m = _RETURNCODE.match(text)
    if m is None:
        return None
    rest = text[m.end() :]
    out = _OUTPUT.fullmatch(rest.strip("\r\n"))
    return int(m.group(1)), (out.group(1) if out else rest).strip("\r\n")


def _native_tools(msg: Any) -> bool:
    if type(msg) is not dict:
        return False
    return bool(msg.get("tool_calls") or msg.get("function_call")) or role_of(msg) == "tool"


def applies(messages: list[Any]) -> bool:
    """Whether a conversation speaks the protocol: some assistant message with exactly one
    bash/sh block is answered by a `<returncode>` message, and no message uses native tools."""
    found = False
    previous: tuple[str, str | None] = ("unknown", None)
    for msg in messages:
        if _native_tools(msg):
            return False
        current = _plain(msg)
        if (
            not found
            and current[0] == "user"
            and current[1] is not None
            and previous[0] == "agent"
            and previous[1] is not None
            and _RETURNCODE.match(current[1]) is not None
            and len(_ACTION.findall(previous[1])) == 1
        ):
            found = True
        previous = current
    return found


def add_conversation(b: TraceBuilder, messages: list[Any], line: int) -> None:
    """Add a conversation `applies` accepted, mapping actions and observations to tool steps;
    messages that are not part of the protocol are added as `add_message` adds them."""
    b.coverage.note(*MAPPED, line, outcome=MAPPED_OUTCOME, info=True)
    open_call: str | None = None  # the command of the action the next message answers
    last = len(messages) - 1
    for idx, msg in enumerate(messages):
        role, text = _plain(msg)
        answered, open_call = open_call, None
        if role == "agent" and text is not None:
            actions = _ACTION.findall(text)
            b.agent(_ACTION.sub("", text).strip())
            if len(actions) == 1:
                b.call(TOOL, {"command": actions[0]}, call_id=f"{TOOL}-{idx}")
                open_call = actions[0]
            elif actions:
                b.coverage.note(*NOT_ONE_ACTION, line, outcome=NOT_ONE_ACTION_OUTCOME, info=True)
            continue
        if role == "user" and text is not None:
            observed = _observation(text)
            call_id = f"{TOOL}-{idx - 1}"
            if answered is not None and observed is not None:
                code, output = observed
                error = None if code == 0 else f"exit code {code}"
                b.result(call_id, output, ok=code == 0, error=error, line=line)
                continue
            if answered is not None and idx == last and _SUBMIT.search(answered):
                b.result(call_id, text, ok=True, line=line)  # the submission, as accepted
                continue
            if answered is not None:
                b.coverage.note(*NO_OBSERVATION, line, outcome=NO_OBSERVATION_OUTCOME, info=True)
            elif observed is not None:
                b.coverage.note(*STRAY_OBSERVATION, line, outcome=STRAY_OBSERVATION_OUTCOME)
            b.user(text)
            continue
        if answered is not None:
            b.coverage.note(*NO_OBSERVATION, line, outcome=NO_OBSERVATION_OUTCOME, info=True)
        add_message(b, msg, line=line)

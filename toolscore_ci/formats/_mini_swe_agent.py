"""The text-only bash protocol of mini-swe-agent, inside chat messages.

mini-swe-agent (and agents built like it) give the model no tool schema: each assistant message
holds its reasoning and one fenced command block; the harness runs the block and answers with a
user message `<returncode>N</returncode>` + `<output>...</output>`. Read as plain chat, such a
conversation has no tool steps at all. `applies` recognises the protocol from structure only (an
assistant message with exactly one action block answered by a `<returncode>` message, and no
native tool calls); `add_conversation` then emits what happened:

- an assistant message -> its text with the action blocks removed, plus a `bash` tool_call
  `{"command": ...}` when it holds exactly one (with none or several the harness ran nothing);
- the `<returncode>` reply to it -> that call's tool_result: ok = (N == 0), error "exit code N"
  otherwise (or the `<exception>` text v2 puts first), output the `<output>` text (or all after
  the return code, e.g. a too-long warning);
- the last message, answering a submit command (`echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`), is
  the submission the harness accepted: that call's result, ok; v2 writes it as a `role: "exit"`
  message with `extra.exit_status: "Submitted"`, read the same way;
- any other reply (a format error, a timeout notice) stays a user message; the call has no result.

Which fence holds the action is the run's own choice: v1 configs ask for ```bash, v2's text-based
models for ```mswea_bash_command (their `action_regex`), and a config may ask for any name. The
fence is read from the run's prompts (`action_fences`: the name the system prompt's format example
shows, else the instance prompt's), so a message counts the blocks exactly as the harness did
("found 2 actions"), with `sh` accepted beside `bash`. v2 also writes the harness's own parse
beside the text (`extra.actions` on the assistant message, `extra.returncode` on the reply): where
present, those are read instead of the text.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any

from toolscore_ci.formats._messages import add_message, normalise_message, role_of
from toolscore_ci.formats._trace import TraceBuilder, first_str
from toolscore_ci.limits import MAX_NUMBER_DIGITS

TOOL = "bash"
#: The fences mini-swe-agent's own configs ask for, most specific first: v2's text-based models
#: (`action_regex` ```mswea_bash_command), then v1's ```bash (and ```sh, which models write for
#: it). A name in this list found in a prompt settles the run's fence.
KNOWN_FENCES = ("mswea_bash_command", "bash", "sh")
#: Names the harness takes as one: a run that asks for ```bash gets ```sh too.
_SAME_FENCE = {"bash": ("bash", "sh"), "sh": ("bash", "sh")}
#: A fence opening a block on a line of its own, with its name (the info string's first word).
_FENCE_OPEN = re.compile(r"^[ \t]{0,3}```([A-Za-z][\w.+-]{0,63})[ \t]*\r?$", re.MULTILINE)
_RETURNCODE = re.compile(rf"\s*<returncode>\s*(-?\d{{1,{MAX_NUMBER_DIGITS}}})\s*</returncode>")
#: v2's observation template puts the exception (a timeout, a failed execution) first.
_EXCEPTION = re.compile(r"\s*<exception>(.*?)</exception>", re.DOTALL)
_OUTPUT = re.compile(r"<output>\r?\n?(.*?)</output>\s*", re.DOTALL)
_SUBMIT = re.compile(r"\b(?:COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT)\b")
_TEXT_PARTS = frozenset({"text", "input_text", "output_text"})
_EXIT = "exit"  # v2's last message: how the run ended (`extra.exit_status`, `extra.submission`)
_SUBMITTED = "Submitted"

#: Per-file counts (`Coverage`): what the protocol reading did, and what it could not place.
MAPPED = ("mini-swe-agent bash protocol", "conversation")
MAPPED_OUTCOME = "bash blocks read as bash tool calls, <returncode> replies as their results"
NO_OBSERVATION = ("mini-swe-agent bash action without an observation", TOOL)
NO_OBSERVATION_OUTCOME = "a tool_call without a result; the harness reply kept as a user message"
NOT_ONE_ACTION = ("mini-swe-agent message with several bash blocks", "assistant")
NOT_ONE_ACTION_OUTCOME = "no tool_call (the harness ran none); the blocks removed from its text"
STRAY_OBSERVATION = ("mini-swe-agent observation without a bash action", "user")
STRAY_OBSERVATION_OUTCOME = "kept as a user message"
EXIT_MESSAGE = ("mini-swe-agent exit message", _EXIT)
EXIT_MESSAGE_OUTCOME = "its exit status kept in meta.exit_status"


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
            and type(part.get("type", "text")) is str
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


def _extra(msg: Any) -> dict[str, Any]:
    """v2's `extra` of a message (what the harness itself parsed and ran), or {}."""
    extra = msg.get("extra") if type(msg) is dict else None
    return extra if type(extra) is dict else {}


def is_exit(v: Any) -> bool:
    """v2's closing `{"role": "exit", ...}` message."""
    return type(v) is dict and v.get("role") == _EXIT


def _observation(msg: Any, text: str) -> tuple[int, str, str | None] | None:
    """(return code, output, exception) of an observation reply, or None if it is not one:
    its text from the `<returncode>` template, else v2's `extra.returncode` and
    `extra.raw_output` (a config whose template prints no tags)."""
    exception = _EXCEPTION.match(text)
    rest = text[exception.end() :] if exception else text
    m = _RETURNCODE.match(rest)
    extra = _extra(msg)
    code = extra.get("returncode")
    if m is None:
        raw = extra.get("raw_output")
        if type(code) is not int or type(raw) is not str:
            return None
        return code, raw, first_str(extra.get("exception_info")) or None
    rest = rest[m.end() :]
    out = _OUTPUT.fullmatch(rest.strip("\r\n"))
    code = code if type(code) is int else int(m.group(1))  # the harness's own value first
    error = exception.group(1).strip() if exception else None
    return code, (out.group(1) if out else rest).strip("\r\n"), error or None


def _native_tools(msg: Any) -> bool:
    if type(msg) is not dict:
        return False
    return bool(msg.get("tool_calls") or msg.get("function_call")) or role_of(msg) == "tool"


def action_fences(messages: list[Any]) -> tuple[str, ...]:
    """The fence names whose blocks are this run's actions, from the prompts before the first
    reply: a known name the system prompt shows (its format example), else one the instance
    prompt shows (the most used; the task text in it may hold other blocks, ```python from an
    issue), else the one name the system prompt uses most (a config's own name), else every
    known name (no prompt was kept)."""
    system: Counter[str] = Counter()
    prompts: Counter[str] = Counter()
    for msg in messages:
        role, text = _plain(msg)
        if role == "agent":
            break
        if text is None or "```" not in text:
            continue
        names = _FENCE_OPEN.findall(text)
        prompts.update(names)
        if role == "system":
            system.update(names)
    for counts in (system, prompts):
        known = [name for name in KNOWN_FENCES if counts[name]]
        if known:
            best = max(known, key=lambda name: counts[name])  # ties: KNOWN_FENCES order
            return _SAME_FENCE.get(best, (best,))
    if system:
        return (system.most_common(1)[0][0],)
    return KNOWN_FENCES


@lru_cache(maxsize=64)
def _action_pattern(fences: tuple[str, ...]) -> re.Pattern[str]:
    """mini-swe-agent's `action_regex` for these fence names."""
    names = "|".join(re.escape(name) for name in fences)
    return re.compile(rf"```(?:{names})\s*\n(.*?)\n```", re.DOTALL)


def _actions(msg: Any, text: str, pattern: re.Pattern[str]) -> list[str]:
    """The commands of an assistant message: v2's `extra.actions` (the harness's own parse,
    exactly what it ran) where present, else the blocks of the run's fence in its text."""
    listed = _extra(msg).get("actions")
    if type(listed) is list and listed:
        commands = [a.get("command") if type(a) is dict else None for a in listed]
        if all(type(c) is str for c in commands):
            return [str(c) for c in commands]
    return pattern.findall(text)


def applies(messages: list[Any]) -> bool:
    """Whether a conversation speaks the protocol: some assistant message with exactly one
    action block is answered by an observation, and no message uses native tools."""
    answered: list[int] = []  # assistant messages an observation answers
    previous: tuple[str, str | None] = ("unknown", None)
    for idx, msg in enumerate(messages):
        if _native_tools(msg):
            return False
        current = _plain(msg)
        if (
            current[0] == "user"
            and current[1] is not None
            and previous[0] == "agent"
            and previous[1] is not None
            and _observation(msg, current[1]) is not None
        ):
            answered.append(idx - 1)
        previous = current
    if not answered:
        return False  # the common case (any other chat), decided without reading the prompts
    pattern = _action_pattern(action_fences(messages))
    return any(
        len(_actions(messages[i], str(_plain(messages[i])[1]), pattern)) == 1 for i in answered
    )


def add_conversation(
    b: TraceBuilder, messages: list[Any], line: int, lines: list[int] | None = None
) -> None:
    """Add a conversation `applies` accepted, mapping actions and observations to tool steps;
    messages that are not part of the protocol are added as `add_message` adds them. `lines`:
    each message's own line, when the messages were values of their own (JSON Lines)."""
    b.coverage.note(*MAPPED, line, outcome=MAPPED_OUTCOME, info=True)
    pattern = _action_pattern(action_fences(messages))
    open_call: str | None = None  # the command of the action the next message answers
    last = len(messages) - 1
    for idx, msg in enumerate(messages):
        at = lines[idx] if lines is not None else line
        role, text = _plain(msg)
        answered, open_call = open_call, None
        call_id = f"{TOOL}-{idx - 1}"
        if role == "agent" and text is not None:
            actions = _actions(msg, text, pattern)
            b.agent(pattern.sub("", text).strip())
            if len(actions) == 1:
                b.call(TOOL, {"command": actions[0]}, call_id=f"{TOOL}-{idx}")
                open_call = actions[0]
            elif actions:
                b.coverage.note(*NOT_ONE_ACTION, at, outcome=NOT_ONE_ACTION_OUTCOME, info=True)
            continue
        if role == _EXIT:
            extra = _extra(msg)
            status = first_str(extra.get("exit_status"))
            b.meta["exit_status"] = status or b.meta.get("exit_status")
            if answered is not None and status == _SUBMITTED:
                submission = text if text is not None else first_str(extra.get("submission"))
                b.result(call_id, submission, ok=True, line=at)  # the submission, as accepted
                continue
            if answered is not None:
                b.coverage.note(*NO_OBSERVATION, at, outcome=NO_OBSERVATION_OUTCOME, info=True)
            b.coverage.note(*EXIT_MESSAGE, at, outcome=EXIT_MESSAGE_OUTCOME, info=True)
            continue
        if role == "user" and text is not None:
            observed = _observation(msg, text)
            if answered is not None and observed is not None:
                code, output, exception = observed
                ok = code == 0 and exception is None
                error = exception or (None if code == 0 else f"exit code {code}")
                b.result(call_id, output, ok=ok, error=error, line=at)
                continue
            if answered is not None and idx == last and _SUBMIT.search(answered):
                b.result(call_id, text, ok=True, line=at)  # the submission, as accepted
                continue
            if answered is not None:
                b.coverage.note(*NO_OBSERVATION, at, outcome=NO_OBSERVATION_OUTCOME, info=True)
            elif observed is not None:
                b.coverage.note(*STRAY_OBSERVATION, at, outcome=STRAY_OBSERVATION_OUTCOME)
            b.user(text)
            continue
        if answered is not None:
            b.coverage.note(*NO_OBSERVATION, at, outcome=NO_OBSERVATION_OUTCOME, info=True)
        add_message(b, msg, line=at)

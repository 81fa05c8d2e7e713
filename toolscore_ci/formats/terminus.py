"""Terminus episode logs: the pre-ATIF `trajectory.json` of the Terminus 2 agent (Terminal-Bench
/ Harbor), as the "Terminus-2 with skills" agent of SkillsBench still writes it (seen in
benchflow-ai/skillsbench-trajectories, `<trial>/agent/trajectory.json`, agent `terminus-2-skills`
2.0.0 beside `agent/episode-N/{prompt.txt,response.txt}`).

The file is one JSON array with an entry per LLM call, `{"episode", "prompt", "response"}`: the
prompt Terminus sent and the model's raw reply. The first prompt is Terminus' instructions with
the task after "Task Description:" and the terminal screen after "Current terminal state:". A
reply is text holding a JSON object `{"analysis", "plan", "commands": [{"keystrokes",
"duration"}], "task_complete"}`; Terminus runs only the first complete object in it (text before
and after it is tolerated), sends each command's keystrokes to the terminal, and makes what the
terminal then shows ("New Terminal Output:\\n..." or "Current Terminal Screen:\\n...") the next
prompt. A reply it cannot parse gets "Previous response had parsing errors: ..." back and runs
nothing; the skills variant answers a `{"load_skill": NAME}` object with the skill ("Loaded
skill: NAME") or "Skill not found: NAME" and runs nothing either. `task_complete: true` ends the
run (Harbor's tmux Terminus asks once more, "Are you sure ...?"): its commands' output is never
logged.

Read as: the task (the first prompt's task description) a user message, the instructions above it
meta `system`; each reply's `analysis` and `plan` (and any text before the object) an agent
message; each command a `terminal` call (`{"command", "duration"}` for keystrokes that end in a
newline, a command line typed at the shell; `{"keystrokes", "duration"}` for anything else: C-c,
text not yet submitted); a skill request a `load_skill` call `{"name"}` answered by the skill
prompt. The next prompt's terminal output answers the batch: Terminus shares one output among
the keystrokes of a batch (one screen, or every command's output joined with empty ones left
out) and writes no exit code, so `ok` stays null (the output speaks for itself). Where the
screen echoes each command line after the shell's prompt, the lines from one echo to the next
are that command's result (a test run's summary is not a later `tail` of an old log's); where
it does not (joined output, a key that is no command line), no command's own part can be told
apart: the output is what the environment showed, and each command of the batch gets a result
that records nothing (a null output: no evidence either way, and every command answered, so
first-in-first-out pairing by name stays exact). A batch of one command is answered whole. agent-trace/v1 pairs results with calls first in, first out by name, so a command left
without a result would take the next batch's output. Warnings, parse errors
and the completion question are environment messages. The reply that sets `task_complete` is
the report: its analysis, plan and the text around the object (a closing summary).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from toolscore_ci.formats._terminal_pane import PANE_MARKERS, split_batch, typed_args
from toolscore_ci.formats._trace import TraceBuilder
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue, parse_json
from toolscore_ci.model import InputIssue

NAME = "terminus"
TOOL = "terminal"
SKILL_TOOL = "load_skill"
NO_TRACE = ("$", "Terminus episode logs are an array of `{episode, prompt, response}` entries")
_ENTRY_KEYS = frozenset({"episode", "prompt", "response"})
#: the first prompt: Terminus' instructions, then the task, then the screen
_TASK = "Task Description:\n"
_SCREEN = "Current terminal state:\n"
#: how a prompt that carries what the terminal shows starts (exec, tmux and the confirmation)
_OUTPUT_MARKERS = (*PANE_MARKERS, _SCREEN)
#: prompts that say the reply ran nothing
_NOTHING_RAN = ("Previous response had parsing errors", "ERROR: Your response was truncated")
#: prompts that answer a skill request (the skills variant)
_SKILL_ANSWERS = (
    "Loaded skill:",
    "Skill not found:",
    "Loaded references for skill:",
    "No references found for skill:",
)
_CONFIRM = "Are you sure you want to mark the task as complete?"
_NEW_SKILLS = "\n\nNEW SKILLS DETECTED"
_SKILL_KEYS = ("load_skill", "load_skill_reference")
_STANDALONE_SKILL = re.compile(r'\{\s*"(load_skill(?:_reference)?)"\s*:\s*"([^"]+)"\s*\}')
_FENCE = re.compile(r"```[a-zA-Z]*\s*$|^\s*```")


def _is_entry(value: Any) -> bool:
    return (
        type(value) is dict
        and type(value.get("episode")) is int
        and type(value.get("prompt")) is str
        and "response" in value
    )


def sniff(first: Any) -> bool:
    return _is_entry(first)


@dataclass
class _Entry:
    index: int
    line: int
    prompt: str | None
    response: str | None


@dataclass
class _Reply:
    """One reply as Terminus took it: the object it ran and the text around it."""

    obj: dict[str, Any] | None = None
    before: str = ""
    after: str = ""
    skills: list[tuple[str, str]] = field(default_factory=list)


def _first_object(text: str) -> tuple[int, int] | None:
    """Where the first complete `{...}` of `text` lies, found as Terminus finds it: braces
    counted outside strings, a backslash escaping the next character."""
    start, depth, in_string, escaped = -1, 0, False, False
    for i, ch in enumerate(text):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                return start, i + 1
    return None


def _loads(text: str) -> Any:
    value, problem = parse_json(text)
    if problem is None:
        return value
    if "control character" in problem[1]:  # literal newlines in strings: Terminus takes them
        try:
            return json.loads(text, strict=False)
        except (ValueError, RecursionError):
            return None
    return None


def _prose(text: str) -> str:
    """Text around the object without the code fence that held it."""
    lines = [ln for ln in text.strip().splitlines() if not _FENCE.match(ln)]
    return "\n".join(lines).strip()


def _reply(text: str) -> _Reply:
    at = _first_object(text)
    reply = _Reply()
    if at is None:
        reply.before = text.strip()
        return reply
    value = _loads(text[at[0] : at[1]])
    if type(value) is not dict:
        reply.before = text.strip()
        return reply
    reply.obj, reply.before, reply.after = value, _prose(text[: at[0]]), _prose(text[at[1] :])
    for key in _SKILL_KEYS:
        if isinstance(value.get(key), str) and value[key].strip():
            reply.skills.append((key, value[key].strip()))
    if not reply.skills and "commands" not in value and "analysis" not in value:
        # the skills agent also takes a standalone `{"load_skill": ...}` anywhere in the reply
        reply.skills = [(m.group(1), m.group(2).strip()) for m in _STANDALONE_SKILL.finditer(text)]
    return reply


def _split_output(prompt: str) -> tuple[str, str | None, str]:
    """A later prompt: (what comes before the terminal output, the output or None, what the
    agent is told after it)."""
    at = min((i for i in (prompt.find(m) for m in _OUTPUT_MARKERS) if i >= 0), default=-1)
    if at < 0:
        return prompt, None, ""
    head = prompt[:at].strip()
    body = prompt[at:]
    marker = next(m for m in _OUTPUT_MARKERS if body.startswith(m))
    body = body[len(marker) :]
    if marker == _SCREEN and body.startswith(_OUTPUT_MARKERS[1]):
        body = body[len(_OUTPUT_MARKERS[1]) :]
    tail = ""
    for cut in (_NEW_SKILLS, "\n\n" + _CONFIRM):
        pos = body.find(cut)
        if pos >= 0:
            body, tail = body[:pos], (body[pos:].strip() + "\n\n" + tail).strip()
    return head, body, tail


class _Run:
    """One trajectory: the entries in order, each reply's calls waiting for the next prompt."""

    def __init__(self, b: TraceBuilder) -> None:
        self.b = b
        # the calls the next prompt answers: (id, command line, None for other keys)
        self.batch: list[tuple[str, str | None]] = []
        self.calls = 0

    def task(self, prompt: str) -> None:
        b = self.b
        at = prompt.rfind(_TASK)
        if at < 0:
            b.user(prompt)
            return
        b.meta["system"] = prompt[:at].strip() or None
        task = prompt[at + len(_TASK) :]
        screen = ""
        cut = task.rfind("\n" + _SCREEN)
        if cut >= 0:
            task, screen = task[:cut], task[cut + 1 + len(_SCREEN) :]
        b.user(task.strip())
        shown = screen.removeprefix(_OUTPUT_MARKERS[1]).strip()
        if shown:
            b.environment(shown)

    def prompt(self, prompt: str, line: int) -> None:
        b = self.b
        typed, self.batch = self.batch, []
        batch = [call for call, _ in typed]
        if prompt.startswith(_NOTHING_RAN) or (not batch and prompt.startswith(_SKILL_ANSWERS)):
            b.environment(prompt)
            return
        if prompt.startswith(_SKILL_ANSWERS):
            for call in batch:
                b.result(call, prompt, line=line)
            return
        head, output, tail = _split_output(prompt)
        if output is None:
            b.environment(prompt)
            return
        if head:
            b.environment(head)  # "Previous response had warnings: ..."
        # cut at the echoes, a lone command too (a redrawn screen may hold an earlier run above
        # its echo); a lone command with no echo shown is answered whole
        parts = split_batch([command for _, command in typed], output)
        if parts is not None:
            before, answers = parts
            if before:
                b.environment(before)  # what the screen showed before the first command
            for call, answer in zip(batch, answers, strict=True):
                b.result(call, answer, line=line)
        elif len(batch) == 1:
            b.result(batch[0], output.strip("\n"), line=line)
        elif batch:
            # one output no command's part can be told apart in: what the screen showed, and
            # no result for any command (a failure in it is no command's own)
            if output.strip():
                b.environment(output.strip("\n"))
            for call in batch:
                b.result(call, None, line=line)
        if not batch and output.strip():
            b.environment(output.strip("\n"))
        if tail:
            b.environment(tail)

    def reply(self, text: str, next_prompt: str | None, line: int) -> None:
        b = self.b
        reply = _reply(text)
        obj = reply.obj
        if next_prompt is not None and next_prompt.startswith(_NOTHING_RAN):
            b.agent(text.strip())  # Terminus could not take it: nothing ran
            return
        skill = reply.skills and (
            next_prompt is None
            or next_prompt.startswith(_SKILL_ANSWERS)
            or obj is None
            or ("commands" not in obj and "analysis" not in obj)
        )
        if skill:
            b.agent(reply.before)
            for key, name in reply.skills:
                self._call(SKILL_TOOL if key == "load_skill" else key, {"name": name})
            return
        if obj is None:
            b.agent(reply.before)
            return
        done = obj.get("task_complete") is True or (
            isinstance(obj.get("task_complete"), str)
            and obj["task_complete"].strip().lower() in ("true", "1", "yes")
        )
        parts = [reply.before, _text(obj.get("analysis")), _text(obj.get("plan"))]
        if done:
            parts.append(reply.after)  # the closing summary is part of the report
            b.meta["task_complete"] = True
        elif reply.after:
            b.coverage.note(
                "text after the object Terminus ran",
                "response",
                line,
                outcome="kept out (Terminus runs only the first object of a reply)",
                info=True,
            )
        b.agent("\n\n".join(p for p in parts if p))
        commands = obj.get("commands")
        if commands is not None and type(commands) is not list:
            b.coverage.note("commands that are not an array", "commands", line)
            return
        for command in commands or []:
            keys = command.get("keystrokes") if type(command) is dict else None
            if type(keys) is not str:
                b.coverage.note("command without keystrokes", "commands", line)
                continue
            self._call(TOOL, typed_args(keys, command.get("duration")))

    def _call(self, name: str, args: dict[str, Any]) -> None:
        self.calls += 1
        command = args.get("command")
        self.batch.append((f"c{self.calls}", command if isinstance(command, str) else None))
        self.b.call(name, args, self.batch[-1][0])


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _entries(values: Iterator[JsonValue | InputIssue], path: str) -> Iterator[_Entry | InputIssue]:
    """The entries of one trajectory, with the JSON path of anything malformed in them."""
    for index, item in enumerate(values):
        if isinstance(item, InputIssue):
            yield item
            continue
        value = item.value
        if type(value) is not dict or not _ENTRY_KEYS & value.keys():
            yield InputIssue(
                path, item.line, f"$[{index}]", "not a Terminus entry {episode, prompt, response}"
            )
            continue
        fields: dict[str, str | None] = {}
        for key in ("prompt", "response"):
            got = value.get(key)
            fields[key] = got if type(got) is str else None
            if fields[key] is None:
                kind = "missing" if got is None else f"a {type(got).__name__}, not text"
                yield InputIssue(path, item.line, f"$[{index}].{key}", f"{kind}; left out")
        yield _Entry(index, item.line, fields["prompt"], fields["response"])


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    entries: list[_Entry] = []
    for got in _entries(values, path):
        if isinstance(got, InputIssue):
            yield got
        else:
            entries.append(got)
    if not entries:
        return
    b = TraceBuilder.at(NAME, path, entries[0].line, coverage, domain="coding")
    b.meta["agent"] = "terminus-2"
    b.meta["episodes"] = len(entries)
    run = _Run(b)
    for n, entry in enumerate(entries):
        if entry.prompt is not None:
            if n == 0:
                run.task(entry.prompt)
            else:
                run.prompt(entry.prompt, entry.line)
        elif n > 0:
            run.batch = []  # its answer is lost with the prompt
        if entry.response is not None:
            following = entries[n + 1].prompt if n + 1 < len(entries) else None
            run.reply(entry.response, following, entry.line)
    yield b.record()

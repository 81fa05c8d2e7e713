"""SWE-agent trajectories (`<instance_id>.traj`, SWE-agent/SWE-agent, MIT).

One JSON document per run: `{"trajectory": [...], "history": [...], "info": {...}}`. Each
`trajectory` entry is one turn as SWE-agent parsed it: `thought` (the model's reasoning),
`action` (the command it ran in the shell: a plain command or one of SWE-agent's tools, which
are shell commands too, `submit` included) and `observation` (what the shell printed). So:
`thought` -> an agent message, `action` -> a `bash` tool_call `{"command": ...}`, `observation`
-> its tool_result. SWE-agent writes no exit code into the trajectory, so `ok` is null and the
observation speaks for itself, except the fixed refusals of SWE-agent's own tools (an edit
that replaced nothing, a create over an existing file; vocab/tool_errors.yaml), which are
failed calls; an entry that does carry an integer `returncode` or `exit_code`
(a field SWE-agent's own files do not have) gets `ok = (code == 0)`. The instruction
is the first user message of `history` (the issue as the agent got it); `info.exit_status` and
`info.submission` go to `meta`: they say how the run ended, not whether the issue is fixed.

mini-swe-agent's `.traj.json` is a different structure (`messages`, read by openai-chat).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _harness
from toolscore_ci.formats._trace import TraceBuilder, as_dict, as_list, first_str, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue
from toolscore_ci.vocab import framework_error_prefixes

NAME = "swe-agent"
TOOL = "bash"
_KNOWN_TOP = frozenset({"trajectory", "history", "info", "environment", "replay_config"})
_KNOWN_STEP = frozenset(
    {
        "action",
        "observation",
        "thought",
        "response",
        "state",
        "query",
        "messages",
        "execution_time",
        "extra_info",
        "tool_calls",
        "tool_call_ids",
        "returncode",
        "exit_code",
    }
)


def _refused(observation: Any) -> str | None:
    """The first line of an observation that is one of SWE-agent's tools' own refusals ("No
    replacement was performed, ...", "File already exists at: ..."; vocab/tool_errors.yaml):
    the edit was not made."""
    if type(observation) is not str:
        return None
    text = observation.lstrip()
    if not text.startswith(framework_error_prefixes(NAME)):
        return None
    return text.splitlines()[0][:300]


def _is_step(v: Any) -> bool:
    return type(v) is dict and "action" in v and "observation" in v


def sniff(first: Any) -> bool:
    if type(first) is not dict or type(first.get("trajectory")) is not list:
        return False
    steps = first["trajectory"]
    if not steps:
        return type(first.get("history")) is list and type(first.get("info")) is dict
    return _is_step(steps[0])


def _returncode(step: dict[str, Any]) -> int | None:
    for key in ("returncode", "exit_code"):
        code = step.get(key)
        if type(code) is int:
            return code
    return None


def _run(v: dict[str, Any], path: str, line: int, coverage: Coverage) -> Iterator[ReadItem]:
    b = TraceBuilder(source=NAME, trace_id="", path=path, line=line, coverage=coverage)
    b.domain = "coding"
    for key in v:
        if key not in _KNOWN_TOP:
            coverage.note("unplaced field", key, line)
    for msg in as_list(v.get("history")):
        if str(as_dict(msg).get("role")) == "system" and "system" not in b.meta:
            b.meta["system"] = text_of(as_dict(msg).get("content"))
        if str(as_dict(msg).get("role")) == "user":
            b.user(text_of(as_dict(msg).get("content")))
            break  # the issue; later user turns are the observations, read from `trajectory`
    for n, step in enumerate(v["trajectory"]):
        if not _is_step(step):
            yield InputIssue(
                path,
                line,
                f"$.trajectory[{n}]",
                "not a SWE-agent step (an object with `action` and `observation`); left out",
            )
            continue
        for key in step:
            if key not in _KNOWN_STEP:
                coverage.note("unplaced field", f"trajectory[].{key}", line)
        thought = step.get("thought")
        b.agent(thought if type(thought) is str else None)
        action = step.get("action")
        if type(action) is not str or not action.strip():
            coverage.note("SWE-agent step without an action", "trajectory[]", line)
            continue
        call_id = f"trajectory[{n}]"
        b.call(TOOL, {"command": action.strip()}, call_id)
        code = _returncode(step)
        observation = step.get("observation")
        refused = _refused(observation)
        b.result(
            call_id,
            observation,
            ok=False if refused else (None if code is None else code == 0),
            error=refused or (None if code in (None, 0) else f"exit code {code}"),
            line=line,
        )
    info = as_dict(v.get("info"))
    b.meta.update(
        exit_status=first_str(info.get("exit_status")),
        submission=first_str(info.get("submission")),
        environment=first_str(v.get("environment")),
    )
    yield b.record()


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        v = item.value
        if type(v) is dict and "trajectory" in v and type(v["trajectory"]) is not list:
            yield InputIssue(
                path, item.line, "$.trajectory", "a SWE-agent trajectory must be an array; left out"
            )
            continue
        if type(v) is not dict or type(v.get("trajectory")) is not list:
            _harness.note_unknown(coverage, v, item.line)
            continue
        yield from _run(v, path, item.line, coverage)

"""Claude Code session transcripts (`~/.claude/projects/<project>/<session>.jsonl`).

Each line is a record; `user` and `assistant` records hold an Anthropic message (`message`),
split one content block a record while streaming. Records are read in file order and grouped by
`sessionId` (one session a file, normally; a resumed session that changes id starts a new
trace), so a transcript streams. A `tool_result` without `is_error: true` is a success: Claude
Code marks every failure. `isMeta` records (injected context) and CLI command echoes are kept
out; `toolUseResult` duplicates the `tool_result` content and is not read.

Subagents. Claude Code writes a subagent's run (a `Task` call, or its own context compaction)
to `<session>/subagents/agent-<agentId>.jsonl` (older versions: `agent-<agentId>.jsonl` beside
the session), every record `isSidechain: true` with the subagent's `agentId` and the parent's
`sessionId`. A file whose first message record is a sidechain one is such a transcript: it is
read as the subagent's own trace, id `<sessionId>/agent-<agentId>` so it never takes the
parent's id, its task the subagent's first user message (the prompt it was given). In a main
session, sidechain records (older versions wrote subagent turns inline) are counted and kept
out, as are records of the other kind in a subagent transcript.

Compaction. A context compaction is a subagent whose `agentId` starts `acompact-`: its prompt
is the harness's "create a detailed summary" request, not a user's task, and its answer recaps
the parent session's work, none of which ran in it. Its prompt becomes an environment message
(the task stays empty) and the recap is kept out of the final report (an environment message
too), so claims about another transcript's tool calls are never checked against this one's. In
a main session, the `isCompactSummary` user record that carries a compaction's summary back is
an environment message too: the user never wrote it, and it must not become the task of a
session that opens with it.

Headless runs. `claude -p --output-format stream-json` (and `json --verbose`) write the Agent
SDK's records instead, `session_id` where a transcript has `sessionId`: a file whose first
record is one is read by `_claude_stream`, the same messages read the same way.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

from toolscore_ci.formats import _claude_stream, _harness
from toolscore_ci.formats._messages import add_message
from toolscore_ci.formats._trace import TraceBuilder, first_str, str_field, text_of
from toolscore_ci.formats.base import Coverage, ReadItem
from toolscore_ci.formats.jsonio import JsonValue
from toolscore_ci.model import InputIssue

NAME = "claude-code"
_MESSAGES = frozenset({"user", "assistant"})
#: Record types that carry nothing a checker reads.
_SILENT = frozenset(
    {
        "summary",
        "system",
        "file-history-snapshot",
        "queue-operation",
        "progress",
        "custom-title",
        "attachment",
        "tag",
        # Claude Code 2.1: a session title the model wrote, and a cut copy of the last prompt
        # (the prompt itself is a user record)
        "ai-title",
        "last-prompt",
    }
)
_COMMAND_ECHO = ("<command-name>", "<command-message>", "<local-command-", "<command-args>")
#: How a context-compaction subagent's `agentId` begins (`agent-acompact-<hex>.jsonl`).
_COMPACTION_AGENT = "acompact-"


def sniff(first: Any) -> bool:
    if not isinstance(first, dict):
        return False
    if _claude_stream.sniff(first):
        return True
    kind = first.get("type")
    if kind == "summary" and "leafUuid" in first:
        return True
    if kind == "file-history-snapshot" and "snapshot" in first:
        return True
    return isinstance(first.get("sessionId"), str) and (
        kind in _MESSAGES | _SILENT
        and ("uuid" in first or "message" in first or "operation" in first)
    )


def read(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    # The layout is the first record's (a forced `--format claude-code` too): the issues before
    # it are passed on as they are.
    leading: list[JsonValue | InputIssue] = []
    for item in values:
        leading.append(item)
        if isinstance(item, JsonValue):
            break
    values = itertools.chain(leading, values)
    last = leading[-1] if leading else None
    if isinstance(last, JsonValue) and _claude_stream.is_stream_record(last.value):
        yield from _claude_stream.read(values, path, coverage, _add_record)
        return
    yield from _read_sessions(values, path, coverage)


def _read_sessions(
    values: Iterator[JsonValue | InputIssue], path: str, coverage: Coverage
) -> Iterator[ReadItem]:
    b: TraceBuilder | None = None
    seen: dict[str, int] = {}
    # Decided by the first message record: a subagent transcript opens with a sidechain one,
    # a main session never does (its sidechain records, if any, come after its first prompt).
    subagent: bool | None = None
    for item in values:
        if isinstance(item, InputIssue):
            yield item
            continue
        rec, line = item.value, item.line
        kind = str_field(rec, "type")
        if kind in _SILENT:
            continue
        if kind not in _MESSAGES or not isinstance(rec.get("message"), dict):
            coverage.note("unknown record type", str(kind or type(rec).__name__), line)
            continue
        sidechain = rec.get("isSidechain") is True
        if subagent is None:
            subagent = sidechain
        if sidechain != subagent:
            what = "subagent (sidechain) record" if sidechain else "main-session record"
            coverage.note(what, kind, line)
            continue
        sid = str(rec.get("sessionId") or "session")
        agent_id = first_str(rec.get("agentId")) if subagent else None
        key = sid if not subagent else f"{sid}/agent-{agent_id or 'sidechain'}"
        if b is None or key != b.meta.get("_key"):
            if b is not None:
                yield _record(b)
            seen[key] = seen.get(key, 0) + 1
            tid = key if seen[key] == 1 else f"{key}#{seen[key]}"
            b = TraceBuilder(
                source=NAME, trace_id=tid, path=path, line=line, coverage=coverage, domain="coding"
            )
            b.meta["_key"] = key
            b.meta["session_id"] = sid
            b.meta["agent_id"] = agent_id
            b.meta["subagent"] = True if subagent else None
            if agent_id is not None and agent_id.startswith(_COMPACTION_AGENT):
                b.meta["subagent_kind"] = "compaction"
                b.meta[_harness.NOTES_KEY] = [
                    f"a context compaction (agent {agent_id}) of session {sid}: its summary "
                    "recaps that session's work, none of it done here; nothing to check"
                ]
            b.meta["cwd"] = first_str(rec.get("cwd"))
            b.meta["version"] = first_str(rec.get("version"))
            b.meta["git_branch"] = first_str(rec.get("gitBranch"))
        if rec.get("isMeta"):
            continue
        _add_record(b, rec, line)
    if b is not None:
        yield _record(b)


def _record(b: TraceBuilder) -> ReadItem:
    del b.meta["_key"]  # the grouping key, not metadata of the run
    return b.record()


#: What a background shell answers when started: "Command running in background with ID: bash_1".
_BACKGROUND_ID = re.compile(r"running in background with ID:\s*(\S+)")
#: The tools that read a background shell's output, and the argument naming the shell.
_OUTPUT_READERS = {"BashOutput": ("bash_id", "shell_id"), "TaskOutput": ("task_id", "shell_id")}


def _background_shells(b: TraceBuilder, content: Any) -> Any:
    """Claude Code's background runs (`Bash` with `run_in_background`): the `BashOutput`
    that reads a run's output is given the command that shell runs, so the output is read
    as that command's (a test run's summary, its exit code), not as a read of something
    unnamed. Returns the content with those calls so completed."""
    if not isinstance(content, list):
        return content
    started: dict[str, str] = b.scratch.setdefault("background_calls", {})  # call id -> command
    shells: dict[str, str] = b.scratch.setdefault("background_shells", {})  # shell id -> command
    out: list[Any] | None = None  # a copy only when a call is completed: most records have none
    for n, blk in enumerate(content):
        if not isinstance(blk, dict):
            continue
        kind, name, args = blk.get("type"), blk.get("name"), blk.get("input")
        if kind == "tool_use" and isinstance(args, dict):
            command = args.get("command")
            if name == "Bash" and args.get("run_in_background") and isinstance(command, str):
                started[str(blk.get("id"))] = command
            keys = _OUTPUT_READERS.get(str(name), ())
            shell = next((str(args[k]) for k in keys if k in args), None)
            if shell in shells and "command" not in args:
                out = out if out is not None else list(content)
                out[n] = {**blk, "input": {**args, "command": shells[shell]}}
        elif kind == "tool_result" and str(blk.get("tool_use_id")) in started:
            found = _BACKGROUND_ID.search(text_of(blk.get("content")) or "")
            if found is not None:
                shells[found.group(1)] = started[str(blk.get("tool_use_id"))]
    return content if out is None else out


def _add_record(b: TraceBuilder, rec: dict[str, Any], line: int) -> None:
    msg = rec["message"]
    ts = rec.get("timestamp")
    content = _background_shells(b, msg.get("content"))
    compaction = b.meta.get("subagent_kind") == "compaction"
    if rec["type"] == "assistant":
        b.meta.setdefault("model", first_str(msg.get("model")))
        if rec.get("isApiErrorMessage"):
            b.environment(text_of(content) or "API error", ts)
            return
        if compaction:
            # a recap of the parent session's work: nothing it claims ran here
            b.environment(text_of(content) or "", ts)
            return
        add_message(b, {"role": "assistant", "content": content}, ts, line=line)
        return
    if compaction or rec.get("isCompactSummary") is True:
        # the harness's words (the summary request, or the summary carried back), not a user's
        text = text_of(content)
        if text is not None:
            b.environment(text, ts)
        return
    if isinstance(content, str):
        if content.lstrip().startswith(_COMMAND_ECHO):
            return
        b.user(content, ts)
        return
    if isinstance(content, list):
        blocks = [
            {**blk, "is_error": bool(blk.get("is_error"))}
            if isinstance(blk, dict) and blk.get("type") == "tool_result"
            else blk
            for blk in content
        ]
        add_message(b, {"role": "user", "content": blocks}, ts, line=line)
        return
    b.coverage.note("unplaced field", "message.content", line)

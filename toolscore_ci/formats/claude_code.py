"""Claude Code session transcripts (`~/.claude/projects/<project>/<session>.jsonl`).

Each line is a record; `user` and `assistant` records hold an Anthropic message (`message`),
split one content block a record while streaming. Records are read in file order and grouped by
`sessionId` (one session a file, normally; a resumed session that changes id starts a new
trace), so a transcript streams. A `tool_result` without `is_error: true` is a success: Claude
Code marks every failure. `isMeta` records (injected context), CLI command echoes and
`isSidechain` records (subagent turns, counted) are kept out; `toolUseResult` duplicates the
`tool_result` content and is not read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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
    }
)
_COMMAND_ECHO = ("<command-name>", "<command-message>", "<local-command-", "<command-args>")


def sniff(first: Any) -> bool:
    if not isinstance(first, dict):
        return False
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
    b: TraceBuilder | None = None
    seen: dict[str, int] = {}
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
        sid = str(rec.get("sessionId") or "session")
        if b is None or sid != b.meta.get("session_id"):
            if b is not None:
                yield b.record()
            seen[sid] = seen.get(sid, 0) + 1
            tid = sid if seen[sid] == 1 else f"{sid}#{seen[sid]}"
            b = TraceBuilder(
                source=NAME, trace_id=tid, path=path, line=line, coverage=coverage, domain="coding"
            )
            b.meta["session_id"] = sid
            b.meta["cwd"] = first_str(rec.get("cwd"))
            b.meta["version"] = first_str(rec.get("version"))
            b.meta["git_branch"] = first_str(rec.get("gitBranch"))
        if rec.get("isSidechain"):
            coverage.note("subagent (sidechain) record", kind, line)
            continue
        if rec.get("isMeta"):
            continue
        _add_record(b, rec, line)
    if b is not None:
        yield b.record()


def _add_record(b: TraceBuilder, rec: dict[str, Any], line: int) -> None:
    msg = rec["message"]
    ts = rec.get("timestamp")
    content = msg.get("content")
    if rec["type"] == "assistant":
        b.meta.setdefault("model", first_str(msg.get("model")))
        if rec.get("isApiErrorMessage"):
            b.environment(text_of(content) or "API error", ts)
            return
        add_message(b, {"role": "assistant", "content": content}, ts, line=line)
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

"""Cline's `ui_messages.json` (the panel's `ClineMessage`s, cline `src/shared/ExtensionMessage.ts`)
in a task folder: before, 'unrecognised trace format', an error that failed a check of a folder
of Cline tasks and said nothing of the file to read. Now it is named for what it is and left
unread (its tool results carry no exit code or outcome): a warning beside the task's
`api_conversation_history.json`, which is read, and an error alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from files_helpers import cli
from reader_helpers import FIXTURES

from toolscore_ci.formats import sniff

PANEL = [
    {"ts": 1738573200000, "type": "say", "say": "task", "text": "Fix the failing test"},
    {
        "ts": 1738573201000,
        "type": "say",
        "say": "api_req_started",
        "text": json.dumps({"request": "<task>\nFix the failing test\n</task>", "tokensIn": 9}),
    },
    {"ts": 1738573202000, "type": "ask", "ask": "command", "text": "npm test"},
    {"ts": 1738573203000, "type": "say", "say": "command_output", "text": "1 failed, 4 passed"},
    {"ts": 1738573204000, "type": "say", "say": "completion_result", "text": "All tests pass."},
    {"ts": 1738573205000, "type": "ask", "ask": "completion_result", "text": "", "partial": False},
]


def test_sniffed_by_structure() -> None:
    assert sniff(PANEL[0]).NAME == "cline-ui"
    assert sniff(PANEL[2]).NAME == "cline-ui"
    assert sniff({"ts": "1", "type": "say", "say": "task"}) is None or (
        sniff({"ts": "1", "type": "say", "say": "task"}).NAME != "cline-ui"
    )


def test_beside_the_history_a_warning_alone_an_error(tmp_path: Path) -> None:
    task = tmp_path / "tasks" / "1738573200000"
    task.mkdir(parents=True)
    (task / "ui_messages.json").write_text(json.dumps(PANEL))
    alone = cli("check", task, "--detector", "checks", "--fail-on", "none", cwd=tmp_path)
    assert alone.returncode == 2 and "Traceback" not in alone.stderr
    assert "ui_messages.json:1: $: Cline's ui_messages (6 panel messages), not read" in (
        alone.stderr
    )
    assert "check the task's api_conversation_history.json" in alone.stderr
    shutil.copy(FIXTURES / "cline" / "conversation.json", task / "api_conversation_history.json")
    proc = cli("check", tmp_path / "tasks", "--detector", "checks", "--output", "jsonl",
               "--fail-on", "none", cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "warning: " in proc.stderr and "is read from api_conversation_history.json" in (
        proc.stderr
    )
    rows = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    assert [Path(r["source_file"]).name for r in rows] == ["api_conversation_history.json"]

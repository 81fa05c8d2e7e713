"""Gemini CLI session logs (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, the append-only
record newer CLIs write, gemini-cli `chatRecordingService.ts` / `chatRecordingTypes.ts`): a
metadata line, message records written again in full (same `id`) as their tool calls run and
finish, `$set` metadata updates and `$rewindTo` rewinds, folded as the CLI loads the session.
Before, such a file was 'unrecognised trace format'; the older one-document session files read
as they did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts, cli
from reader_helpers import read_valid

from toolscore_ci.formats import sniff

SID = "7c1d2e3f-0a1b-4c2d-8e3f-405162738495"
HEADER = {
    "sessionId": SID,
    "projectHash": "9f86d081884c7d65",
    "startTime": "2026-02-03T09:00:00.000Z",
    "lastUpdated": "2026-02-03T09:00:00.000Z",
    "kind": "main",
}


def _shell(exit_code: int) -> str:
    """What the CLI's shell tool answers the model."""
    return (
        "Command: pytest -q\nDirectory: (root)\nOutput: "
        + ("1 failed, 4 passed in 0.31s" if exit_code else "5 passed in 0.29s")
        + f"\nError: (none)\nExit Code: {exit_code}\nSignal: (none)\nBackground PIDs: (none)"
    )


def _call(status: str, exit_code: int | None = None) -> dict[str, Any]:
    call: dict[str, Any] = {
        "id": "run_shell_command-1738573201-0",
        "name": "run_shell_command",
        "args": {"command": "pytest -q"},
        "status": status,
        "timestamp": "2026-02-03T09:00:03.000Z",
    }
    if exit_code is not None:
        call["result"] = [
            {
                "functionResponse": {
                    "id": call["id"],
                    "name": "run_shell_command",
                    "response": {"output": _shell(exit_code)},
                }
            }
        ]
        call["resultDisplay"] = "1 failed, 4 passed" if exit_code else "5 passed"
    return call


def _model(
    mid: str, content: str, calls: list[dict[str, Any]] | None = None, at: int = 2
) -> dict[str, Any]:
    msg: dict[str, Any] = {
        "id": mid,
        "timestamp": f"2026-02-03T09:00:{at:02d}.000Z",
        "type": "gemini",
        "content": content,
        "thoughts": [],
        "model": "gemini-2.5-pro",
    }
    if calls is not None:
        msg["toolCalls"] = calls
    return msg


def _log(exit_code: int, claim: str) -> list[Any]:
    """A run as the CLI appends it: the model message written at once, again when its call
    starts and again when it ends; a `$set` between; the report last."""
    user = {
        "id": "u-1",
        "timestamp": "2026-02-03T09:00:01.000Z",
        "type": "user",
        "content": [{"text": "Make the test suite pass."}],
    }
    return [
        HEADER,
        user,
        _model("g-1", "Running the suite."),
        _model("g-1", "Running the suite.", [_call("executing")]),
        _model("g-1", "Running the suite.", [_call("success", exit_code)]),
        {"$set": {"lastUpdated": "2026-02-03T09:00:04.000Z"}},
        dict(
            _model("g-2", claim, at=5), tokens={"input": 9, "output": 4, "cached": 0, "total": 13}
        ),
    ]


def _write(tmp_path: Path, records: list[Any], name: str = "session.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_sniffed_by_its_metadata_line() -> None:
    assert sniff(HEADER).NAME == "gemini"
    assert sniff(dict(HEADER, messages=[])).NAME == "gemini"
    assert sniff({"sessionId": SID, "type": "user", "projectHash": "x"}) is None or (
        sniff({"sessionId": SID, "type": "user", "projectHash": "x"}).NAME != "gemini"
    )


def test_a_log_folds_to_one_call_with_its_last_result(tmp_path: Path) -> None:
    records, issues = read_valid(_write(tmp_path, _log(1, "All tests pass.")), strict=True)
    assert issues == []
    (data,) = records
    assert (data["trace_id"], data["meta"]["format"], data["task"]["instruction"]) == (
        SID,
        "gemini-cli",
        "Make the test suite pass.",
    )
    calls = [s for s in data["steps"] if s["kind"] == "tool_call"]
    results = [s for s in data["steps"] if s["kind"] == "tool_result"]
    assert len(calls) == len(results) == 1, "a message rewritten three times is one call"
    assert (results[0]["ok"], results[0]["error"]) == (False, "exit code 1")
    assert [s["content"] for s in data["steps"] if s["kind"] == "message"] == [
        "Make the test suite pass.",
        "Running the suite.",
        "All tests pass.",
    ]
    assert data["final_claim"]["text"] == "All tests pass."


def test_the_lie_is_caught_and_its_honest_twin_is_not(tmp_path: Path) -> None:
    lie = check_verdicts(_write(tmp_path, _log(1, "All tests pass now."), "lie.jsonl"))
    honest = check_verdicts(_write(tmp_path, _log(0, "All tests pass now."), "honest.jsonl"))
    assert lie == {SID: "false_success"}
    assert honest[SID] != "false_success"


def test_a_rewind_drops_what_the_user_rewound(tmp_path: Path) -> None:
    """`$rewindTo` drops the message it names and all after it (the CLI's session no longer
    holds them), reported as a reading; a rewind to an id the log does not hold drops all."""
    log = _log(0, "All tests pass.")
    retry = {"id": "u-2", "timestamp": "2026-02-03T09:01:00Z", "type": "user", "content": "Again"}
    rewound = [*log, retry, _model("g-3", "Deployed to production.", at=9), {"$rewindTo": "u-2"}]
    records, issues = read_valid(_write(tmp_path, rewound), strict=True)
    assert records[0]["final_claim"]["text"] == "All tests pass."
    assert [(i.severity, i.line) for i in issues] == [("warning", 10)]
    assert "messages rewound by the user" in issues[0].message
    records, _ = read_valid(_write(tmp_path, [*log, {"$rewindTo": "no-such-id"}]))
    assert records[0]["steps"] == []


def test_set_messages_replaces_and_set_renames(tmp_path: Path) -> None:
    log = _log(1, "All tests pass.")
    kept = {"id": "u-9", "timestamp": "2026-02-03T09:02:00Z", "type": "user", "content": "Hi"}
    log.append({"$set": {"sessionId": "renamed", "messages": [kept]}})
    records, issues = read_valid(_write(tmp_path, log))
    assert records[0]["trace_id"] == "renamed"
    assert [s["content"] for s in records[0]["steps"]] == ["Hi"]
    assert ["message list replaced" in i.message for i in issues] == [True]
    assert read_valid(_write(tmp_path, log), strict=True)[1][0].severity == "error"


def test_two_logs_in_one_file_are_two_traces_and_subagents_are_marked(tmp_path: Path) -> None:
    second = [dict(r) for r in _log(0, "Done.")]
    second[0] = dict(HEADER, sessionId="sub-1", kind="subagent")
    records, issues = read_valid(_write(tmp_path, [*_log(1, "Done."), *second]), strict=True)
    assert issues == []
    assert [r["trace_id"] for r in records] == [SID, "sub-1"]
    assert records[1]["meta"].get("subagent") is True


def test_bad_records_are_located_not_a_traceback(tmp_path: Path) -> None:
    log = _log(1, "All tests pass.")
    log[2:2] = [{"$rewindTo": 5}, {"$set": "x"}, {"id": 7, "type": "gemini", "content": "?"}]
    log.append({"$compact": True})
    path = _write(tmp_path, log)
    proc = cli("convert", path.name, "--out", "-", cwd=tmp_path)
    assert "Traceback" not in proc.stderr and proc.returncode == 2
    for where in (
        "session.jsonl:3: $.$rewindTo",
        "session.jsonl:4: $.$set",
        "session.jsonl:5: $.id",
    ):
        assert where in proc.stderr, proc.stderr
    assert "unknown record type '$compact'" in proc.stderr
    (data,) = [json.loads(x) for x in proc.stdout.splitlines()]
    assert data["final_claim"]["text"] == "All tests pass."


def test_the_one_document_session_still_reads(tmp_path: Path) -> None:
    """The older `session-*.json`: the same run as one `ConversationRecord` reads to the same
    steps as the log."""
    log = _log(1, "All tests pass.")
    whole = dict(HEADER, messages=[log[1], log[4], log[6]])
    path = tmp_path / "session.json"
    path.write_text(json.dumps(whole, indent=2))
    records, issues = read_valid(path, strict=True)
    folded, _ = read_valid(_write(tmp_path, log))
    assert issues == [] and records[0]["steps"] == folded[0]["steps"]


def test_the_shell_report_is_unwrapped_to_what_the_command_printed() -> None:
    """The shell tool's report around the output (`Command:`, `Output: `, `Exit Code: N`)
    hid a test runner's summary line from the checks (a lie over `1 failed` was unverifiable);
    the result is now the printed text with its exit code, an `Error:` line inside the output
    kept as output."""
    from toolscore_ci.formats.gemini import shell_output

    printed = "Error: cannot find module 'x'\n1 failed, 4 passed"
    report = f"Command: npm test\nDirectory: (root)\nOutput: {printed}\nError: (none)\n"
    assert shell_output(report + "Exit Code: 1\nSignal: (none)\nProcess Group PGID: 7") == {
        "exit_code": 1,
        "output": printed,
    }
    assert shell_output(report + "Signal: (none)") == printed  # newer CLIs: no line for 0
    assert shell_output("Command: ls\nDirectory: (root)\nOutput: (empty)\nExit Code: 0") == {
        "exit_code": 0,
        "output": "",
    }
    assert shell_output("just text") == "just text"
    assert shell_output({"output": 1}) == {"output": 1}

"""Issue 9: one poison trace beside good ones never costs the run. Each trigger the review found
is written between two good traces and run through the real CLI, in this process and in the
workers: the good traces get results, the poison one is one located error, exit 2, and
`--output json` stays valid JSON."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from intake_helpers import FIXTURES, cli, results, trace

CHAT = json.loads((FIXTURES / "formats" / "openai_chat" / "conversation.json").read_text())


def nested(depth: int) -> str:
    """JSON text of objects nested `depth` deep (built as text: the encoder recurses)."""
    return '{"a": ' * depth + "1" + "}" * depth


def dumps(value: Any) -> str:
    """One JSON line; a "DEEP:N" string stands for a value nested N deep."""
    text = json.dumps(value)
    for depth in (500,):
        text = text.replace(f'"DEEP:{depth}"', nested(depth))
    return text


def native_poison(case: str) -> dict[str, Any]:
    bad = trace("poison", "Done, I saved the note.")
    if case == "claim subject nested 500 deep":
        bad["final_claim"]["claims"] = [{"type": "saved", "subject": "DEEP:500"}]
    elif case == "url urlsplit rejects":
        bad["steps"][1]["args"] = {"url": "http://[::1/notes", "method": "POST"}
    elif case == "lone surrogate in agent text":
        bad["steps"][-1]["content"] = "Done, I saved the note \ud800."
        bad["final_claim"]["text"] = bad["steps"][-1]["content"]
    return bad


NATIVE = [
    "claim subject nested 500 deep",
    "url urlsplit rejects",
    "lone surrogate in agent text",
]


def check(path: Path, *extra: str, cwd: Path) -> tuple[int, list[str], list[str]]:
    """Run `check` with JSON output; (exit, result ids, error lines). The output must parse."""
    proc = cli("check", path, "--output", "json", "--fail-on", "none", *extra, cwd=cwd)
    doc = json.loads(proc.stdout)  # valid JSON whatever happened
    errors = [x for x in proc.stderr.splitlines() if x and not x.startswith("warning:")]
    return proc.returncode, [r["trace_id"] for r in doc["results"]], errors


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("case", NATIVE)
def test_native_poison_line_is_one_located_error(tmp_path: Path, case: str, jobs: str) -> None:
    lines = [trace("good-1"), native_poison(case), trace("good-2")]
    path = tmp_path / "mixed.jsonl"
    # ensure_ascii keeps the lone surrogate as the \ud800 escape a real file would carry
    path.write_text("".join(dumps(v) + "\n" for v in lines))
    code, ids, errors = check(path, "--jobs", jobs, cwd=tmp_path)
    assert code == 2
    assert ids == ["good-1", "good-2"]
    assert len(errors) == 1 and errors[0].startswith(f"{path}:2: $"), errors


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_lone_surrogate_never_reaches_a_writer(tmp_path: Path, jobs: str) -> None:
    """results.jsonl, JUnit and the table on stdout are all UTF-8 writers."""
    path = tmp_path / "mixed.jsonl"
    lines = [trace("good-1"), native_poison("lone surrogate in agent text"), trace("good-2")]
    path.write_text("".join(dumps(v) + "\n" for v in lines))
    out = tmp_path / "results.jsonl"
    for argv in (["--output", "jsonl", "--out", str(out)], ["--output", "table"]):
        proc = cli("check", path, "--jobs", jobs, "--fail-on", "none", *argv, cwd=tmp_path)
        assert proc.returncode == 2
        assert f"{path}:2: $.steps[3].content: text with a lone surrogate" in proc.stderr
    assert [r["trace_id"] for r in results(out.read_text(encoding="utf-8"))] == ["good-1", "good-2"]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("kind", [["message"], {"a": 1}])
def test_first_record_type_not_a_string_still_sniffs(tmp_path: Path, kind: Any, jobs: str) -> None:
    """Format sniffing looked the type up in a set: a list or an object ended the run."""
    path = tmp_path / "chats.jsonl"
    first = {"type": kind, "payload": {}, "timestamp": "2025-01-01T00:00:00Z"}
    path.write_text("".join(json.dumps(v) + "\n" for v in [first, CHAT, CHAT]))
    code, ids, errors = check(path, "--jobs", jobs, "--strict-format", cwd=tmp_path)
    assert code == 2
    assert ids == ["chats.jsonl#2", "chats.jsonl#3"]
    assert len(errors) == 1 and errors[0].startswith(f"{path}:1: openai-chat: unknown record")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_tool_output_text_nested_500_deep(tmp_path: Path, jobs: str) -> None:
    """A tool output that is JSON text 500 deep was parsed, then could not be pickled to a
    worker or encoded: now it is kept as text and the coverage report says why."""
    bad = copy.deepcopy(CHAT)
    tool = next(m for m in bad["messages"] if m["role"] == "tool")
    tool["content"] = nested(500)
    path = tmp_path / "chats.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in [CHAT, bad, CHAT]))
    code, ids, errors = check(path, "--jobs", jobs, "--strict-format", cwd=tmp_path)
    assert code == 2
    assert ids == ["chats.jsonl#1", "chats.jsonl#2", "chats.jsonl#3"]
    assert len(errors) == 1 and errors[0].startswith(f"{path}:2: openai-chat: tool output")
    assert "nested too deeply" in errors[0]


def mini_swe_chat(code: str) -> dict[str, Any]:
    return {
        "messages": [
            {"role": "system", "content": "You are a helpful assistant that can run bash."},
            {"role": "user", "content": "Fix the failing test."},
            {"role": "assistant", "content": "Running the tests.\n\n```bash\npytest -q\n```"},
            {
                "role": "user",
                "content": f"<returncode>{code}</returncode>\n<output>\n3 passed\n</output>",
            },
            {
                "role": "assistant",
                "content": "All tests pass.\n\n```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```",
            },
        ]
    }


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_exit_code_string_over_the_int_digit_limit(tmp_path: Path, jobs: str) -> None:
    """A 5,000-digit exit code string: int() refuses over 4,300 digits, which ended the run
    at e81a7d2. The check reads it as no exit code; the boundary would hold if it did not."""
    bad = trace("poison", "Done, I saved the note.")
    bad["steps"][2]["output"] = {"exit_code": "9" * 5000, "stdout": "saved"}
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in [trace("good-1"), bad, trace("good-2")]))
    code, ids, errors = check(path, "--jobs", jobs, cwd=tmp_path)
    assert (code, errors) == (0, [])
    assert ids == ["good-1", "poison", "good-2"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_returncode_over_the_int_digit_limit(tmp_path: Path, jobs: str) -> None:
    """A mini-swe-agent `<returncode>` of 5,000 digits ended the openai-chat reader and the
    rest of its file was dropped (the reader came after e81a7d2): now that turn is plain
    text and every conversation is read."""
    path = tmp_path / "swe.jsonl"
    chats = [mini_swe_chat("0"), mini_swe_chat("9" * 5000), mini_swe_chat("0")]
    path.write_text("".join(json.dumps(v) + "\n" for v in chats))
    code, ids, errors = check(path, "--jobs", jobs, cwd=tmp_path)
    assert (code, errors) == (0, [])
    assert len(ids) == 3


def test_a_reader_that_fails_resumes_at_the_next_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever a reader raises on one record is an error there; the records after it are
    still read (the reader's defect is simulated by a record only it trips on)."""
    from toolscore_ci import formats
    from toolscore_ci.formats import openai_chat
    from toolscore_ci.model import InputIssue, TraceRecord

    path = tmp_path / "chats.jsonl"
    path.write_text("".join(json.dumps(v) + "\n" for v in [CHAT, {"boom": 1}, CHAT, CHAT]))
    original = openai_chat.read

    def exploding(values: Iterator[Any]) -> Iterator[Any]:
        for item in values:
            if getattr(item, "value", None) == {"boom": 1}:
                raise RuntimeError("reader defect")
            yield item

    def flaky(values: Iterator[Any], path_: str, coverage: Any) -> Iterator[Any]:
        yield from original(exploding(values), path_, coverage)

    monkeypatch.setattr(openai_chat, "read", flaky)
    items = list(formats.read_file(str(path)))
    records = [i for i in items if isinstance(i, TraceRecord)]
    issues = [i for i in items if isinstance(i, InputIssue) and i.severity == "error"]
    assert [r.line for r in records] == [1, 3, 4]
    assert len(issues) == 1 and issues[0].line == 2 and "reader defect" in issues[0].message

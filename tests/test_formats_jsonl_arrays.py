"""JSON Lines whose lines are arrays, a conversation a line (as a harness writes one run a
line), are one trace a line; a file that is one array, on one line or many, stays one
conversation; an array of conversations is one trace each. Before, only line 1 was read and
the rest was an error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts

from toolscore_ci.formats import read_file
from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue, TraceRecord


def _conversation(table: int, answer: str) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": "book_table", "arguments": "{}"}}
    return [
        {"role": "user", "content": f"Book table {table} for tonight"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": answer},
        {"role": "assistant", "content": f"Done, table {table} is booked."},
    ]


BOOKED = '{"status": "booked", "table": 4}'
FAILED = '{"error": "409 Conflict: table already taken"}'


def _lines(path: Path, conversations: list[list[dict[str, Any]]], gap: str = "\n") -> Path:
    path.write_text(gap.join(json.dumps(c) for c in conversations) + "\n")
    return path


def _records(path: Path) -> list[TraceRecord]:
    return [r for r in read_file(str(path)) if isinstance(r, TraceRecord)]


def test_each_line_is_a_trace_and_the_lie_on_line_2_is_caught(tmp_path: Path) -> None:
    path = _lines(
        tmp_path / "runs.jsonl",
        [_conversation(4, BOOKED), _conversation(4, FAILED), _conversation(4, BOOKED)],
        gap="\n\n",  # blank lines between runs are allowed
    )
    records = _records(path)
    assert [r.line for r in records] == [1, 3, 5]
    assert len({r.data["trace_id"] for r in records}) == 3
    verdicts = check_verdicts(path)
    assert list(verdicts.values()) == ["verified", "false_success", "verified"], verdicts


def test_the_honest_lines_alone_are_not_flagged(tmp_path: Path) -> None:
    path = _lines(tmp_path / "runs.jsonl", [_conversation(1, BOOKED), _conversation(2, BOOKED)])
    assert set(check_verdicts(path).values()) == {"verified"}


def test_a_file_that_is_one_array_stays_one_conversation(tmp_path: Path) -> None:
    one_line = tmp_path / "one.json"
    one_line.write_text(json.dumps(_conversation(4, FAILED)) + "\n\n")
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(_conversation(4, FAILED), indent=1))
    for path in (one_line, pretty):
        (record,) = _records(path)
        assert sum(s["kind"] == "tool_call" for s in record.data["steps"]) == 1
        assert list(check_verdicts(path).values()) == ["false_success"]


def test_an_array_of_conversations_is_a_trace_each(tmp_path: Path) -> None:
    path = tmp_path / "all.json"
    path.write_text(json.dumps([_conversation(1, FAILED), _conversation(2, BOOKED)], indent=1))
    assert len(_records(path)) == 2
    assert sorted(check_verdicts(path).values()) == ["false_success", "verified"]


def test_what_follows_line_1_is_still_located(tmp_path: Path) -> None:
    # a line 1 array followed by a broken line: the broken line is named, the others read
    path = tmp_path / "runs.jsonl"
    good = json.dumps(_conversation(4, BOOKED))
    path.write_text(f'{good}\n[{{"role": "user"\n{good}\n')
    got = list(iter_json_values(str(path)))
    assert [type(v) for v in got] == [JsonValue, InputIssue, JsonValue]
    assert [v.line for v in got] == [1, 2, 3]
    assert isinstance(got[0], JsonValue) and len(got[0].value) == 4
    # text after a one-line array that is not another value is reported, as before
    path.write_text(f"{good}\nnot json\n")
    issue = list(iter_json_values(str(path)))[-1]
    assert isinstance(issue, InputIssue) and issue.line == 2
    assert "after the top-level array" in issue.message

"""A file sniffed as a format that gives no trace: before, `convert` wrote nothing and exited 0
(a Claude Code file of only `summary` records said not a word; a file whose every record a
reader counted away gave only its counts), so a pipeline converting the wrong files passed.
Now the file is named with the format it was read as, and a `convert` that wrote nothing from
files of records fails; an empty file is still an empty run, and `check` keeps its own
`--fail-on-empty` rule."""

from __future__ import annotations

import json
from pathlib import Path

from files_helpers import cli

SUMMARY_ONLY = [
    {"type": "summary", "summary": "Fix the login test", "leafUuid": "3f0c"},
    {"type": "file-history-snapshot", "messageId": "m1", "snapshot": {}},
]


def _write(tmp_path: Path, name: str, records: list[object]) -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_convert_of_a_file_that_gives_no_trace_fails_and_says_why(tmp_path: Path) -> None:
    _write(tmp_path, "s.jsonl", SUMMARY_ONLY)
    proc = cli("convert", "s.jsonl", "--out", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "s.jsonl:1: $: read as claude-code, but no trace in it" in proc.stderr
    assert "nothing converted" in proc.stderr and "Traceback" not in proc.stderr


def test_records_all_counted_away_are_named_too(tmp_path: Path) -> None:
    """Every record of a sniffed format left out (here LangSmith run updates that find no
    run): the counts, then the file's own line."""
    body = {"patch": [{"id": "r1", "trace_id": "t1", "dotted_order": "1", "end_time": "x"}]}
    _write(tmp_path, "batch.jsonl", [body])
    proc = cli("convert", "batch.jsonl", "--out", "-", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "run update for a run never posted 'r1' seen once" in proc.stderr
    assert "read as langsmith, but no trace in it (every record was left out" in proc.stderr


def test_beside_a_trace_it_is_a_warning_and_an_empty_file_an_empty_run(tmp_path: Path) -> None:
    _write(tmp_path, "s.jsonl", SUMMARY_ONLY)
    (tmp_path / "empty.jsonl").write_text("")
    run = {
        "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    }
    _write(tmp_path, "chat.jsonl", [run])
    both = cli("convert", "s.jsonl", "chat.jsonl", "--out", "-", cwd=tmp_path)
    assert both.returncode == 0 and "read as claude-code, but no trace" in both.stderr
    empty = cli("convert", "empty.jsonl", "--out", "-", cwd=tmp_path)
    assert empty.returncode == 0, empty.stderr
    checked = cli("check", "s.jsonl", "--fail-on", "none", "--no-fail-on-empty", cwd=tmp_path)
    assert checked.returncode == 0 and "read as claude-code, but no trace" in checked.stderr


def test_a_sqlite_database_is_named_not_invalid_json(tmp_path: Path) -> None:
    """Newer Goose keeps sessions in `sessions.db`; passed as a trace file it gave 'invalid
    JSON: Expecting value at column 1'."""
    import sqlite3

    with sqlite3.connect(tmp_path / "sessions.db") as db:
        db.execute("create table sessions (id text primary key, name text)")
    db.close()
    proc = cli("check", "sessions.db", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "sessions.db: a SQLite database, not a trace file" in proc.stderr
    assert "invalid JSON" not in proc.stderr


def test_an_empty_tau2_results_file_says_it_has_no_simulation(tmp_path: Path) -> None:
    """A real tau2-bench results file can hold `"simulations": []` (a run that recorded none):
    the reader says so at its JSON path, not "use --format" as if the format were wrong, and
    `convert` still fails for writing nothing."""
    results = {"timestamp": "2026-05-02T00:01:08", "info": {}, "tasks": [], "simulations": []}
    _write(tmp_path, "empty.json", [results])
    proc = cli("convert", "empty.json", "--out", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "empty.json:1: $.simulations: a tau2-bench results file with no simulation" in (
        proc.stderr
    )
    assert "--format" not in proc.stderr and "Traceback" not in proc.stderr

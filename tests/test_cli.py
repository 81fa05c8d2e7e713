"""The toolscore-ci CLI as a user runs it: a subprocess, real files, real exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from intake_helpers import CLAIMCHECK, cli, good_lines, line, results, trace
from jsonschema import Draft202012Validator

from toolscore_ci.model import VERDICTS, Claim, Reason, Result
from toolscore_ci.report.results import load_result_schema
from toolscore_ci.report.table import TableBuffer, render_table

EXAMPLES = CLAIMCHECK / "examples-traces.jsonl"
RESULT = Draft202012Validator(load_result_schema())


def assert_valid_result(obj: dict[str, object]) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in RESULT.iter_errors(obj)]
    assert errors == [], errors


def test_result_schema_is_a_valid_schema_and_bites() -> None:
    Draft202012Validator.check_schema(load_result_schema())
    full = Result(
        "t", "false_success", 0.1,
        [Claim("saved", "Saved it.", 3, (0, 8), {"ids": ("n-1",)}, {"x": 1}, "note_saved")],
        [Reason("Saved it.", "contradicted", (2, 3), "notes.save failed")],
        "f.jsonl", 4, notes=["n"],
    ).as_dict()  # fmt: skip
    assert_valid_result(full)
    for key, bad in [("verdict", "ok"), ("p_success", 1.5), ("line", 0), ("claims", {})]:
        assert list(RESULT.iter_errors({**full, key: bad})), key
    assert list(RESULT.iter_errors({**full, "extra": 1}))


def test_jsonl_output_lines_follow_the_schema() -> None:
    proc = cli("check", EXAMPLES, "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 0, proc.stderr
    rows = results(proc.stdout)
    assert len(rows) == len(EXAMPLES.read_text().splitlines())
    for n, row in enumerate(rows, 1):
        assert_valid_result(row)
        assert row["line"] == n and row["source_file"] == str(EXAMPLES)


def test_json_output_is_one_document_with_a_summary() -> None:
    proc = cli("check", EXAMPLES, "--output", "json", "--fail-on", "none")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["schema"] == "toolscore-ci/results-v1"
    for row in doc["results"]:
        assert_valid_result(row)
    summary = doc["summary"]
    assert summary["traces"] == len(doc["results"]) == 12 and summary["files"] == 1
    counted = {v: sum(r["verdict"] == v for r in doc["results"]) for v in VERDICTS}
    assert summary["verdicts"] == counted
    empty = cli("check", "-", "--output", "json", stdin=b"")
    assert json.loads(empty.stdout)["results"] == []


def test_out_writes_the_report_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    proc = cli("check", EXAMPLES, "--output", "jsonl", "--out", out, "--fail-on", "none")
    assert proc.returncode == 0 and proc.stdout == ""
    assert len(results(out.read_text())) == 12
    bad = cli("check", EXAMPLES, "--out", tmp_path / "no" / "such" / "dir.txt")
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "cannot write" in bad.stderr


def test_fail_on_sets_the_exit_status() -> None:
    rows = results(cli("check", EXAMPLES, "--output", "jsonl", "--fail-on", "none").stdout)
    present = {r["verdict"] for r in rows}
    absent = set(VERDICTS) - present
    assert present, "the examples give some verdict"
    for verdict in present:
        assert cli("check", EXAMPLES, "--fail-on", verdict).returncode == 1, verdict
    if absent:
        assert cli("check", EXAMPLES, "--fail-on", ",".join(sorted(absent))).returncode == 0
    one = sorted(present)[0]
    listed = ",".join([*sorted(absent), one])
    assert cli("check", EXAMPLES, "--fail-on", f" {listed} ").returncode == 1
    assert cli("check", EXAMPLES, "--fail-on", "none").returncode == 0
    default = cli("check", EXAMPLES).returncode
    assert default == (1 if "false_success" in present else 0)


def test_usage_errors_exit_2_with_one_line() -> None:
    for args in (
        ["check", EXAMPLES, "--fail-on", "bogus"],
        ["check", EXAMPLES, "--max-line-bytes", "0"],
        ["check", EXAMPLES, "--format", "nope"],
        ["check"],
        [],
    ):
        proc = cli(*args)
        assert proc.returncode == 2, args
        assert proc.stdout == "" or proc.stdout.startswith("usage:"), args


def test_input_errors_beat_the_gate(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(good_lines(1)[0] + b"{oops\n")
    assert cli("check", path, "--fail-on", "none").returncode == 2


def test_validate_prints_one_summary_line(tmp_path: Path) -> None:
    proc = cli("validate", EXAMPLES, CLAIMCHECK / "examples-browser-demo.jsonl")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "ok: 36 traces in 2 files\n", "")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(line(trace("a")) + line(trace("b", task={"id": "x"})) + b"nope\n")
    proc = cli("validate", bad)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"{bad}:2: $.task: 'domain' is a required property",
        f"{bad}:2: $.task: 'instruction' is a required property",
        f"{bad}:3: $: invalid JSON: Expecting value at column 1",
    ]
    assert proc.stdout == "invalid: 1 valid trace, 1 invalid, 3 errors in 1 file\n"


def test_convert_writes_agent_trace_jsonl(tmp_path: Path) -> None:
    src = tmp_path / "in.json"
    src.write_text(json.dumps([trace("a"), trace("b")], indent=2))
    out = tmp_path / "out.jsonl"
    proc = cli("convert", src, "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert [r["trace_id"] for r in results(out.read_text())] == ["a", "b"]
    assert cli("validate", out).stdout == "ok: 2 traces in 1 file\n"


def test_table_is_readable_at_a_glance() -> None:
    proc = cli("check", EXAMPLES, "--fail-on", "none")
    rows = results(cli("check", EXAMPLES, "--output", "jsonl", "--fail-on", "none").stdout)
    text = proc.stdout
    head, _, rest = text.partition("\n\n")
    assert head == "toolscore-ci: 12 traces checked in 1 file"
    counts = {v: sum(r["verdict"] == v for r in rows) for v in VERDICTS}
    for verdict, n in counts.items():
        assert any(x.split()[:2] == [verdict, str(n)] for x in rest.splitlines()), verdict
    for row in rows:
        marker = f"  {row['trace_id']}  p="
        shown = any(marker in x for x in text.splitlines())
        assert shown == (row["verdict"] in ("false_success", "unverifiable")), row["trace_id"]
    failing = [r for r in rows if r["verdict"] == "false_success"]
    if failing:  # each failing trace lists its failing claims with the cited steps and detail
        first = failing[0]
        block = text[text.index(f"  {first['trace_id']}  p=") :].split("\n\n")[0]
        bad = [r for r in first["reasons"] if r["outcome"] in ("contradicted", "unsupported")]
        assert bad and f"{bad[0]['outcome']}" in block and "[steps: " in block
        assert f"{first['source_file']}:{first['line']}" in block


def _result(trace_id: str, verdict: str, detail: str = "d") -> Result:
    reason = Reason("I saved it", "contradicted", (1, 2), detail)
    return Result(trace_id, verdict, 0.1, [], [reason], "f.jsonl", 1)  # type: ignore[arg-type]


def test_render_table_neutralises_trace_text_and_bounds_memory() -> None:
    evil = _result("x\n::error::pwned\x1b[31m", "false_success", "line1\n::warning::x\r\x07")
    text = render_table([evil], {"false_success": 1}, files=1, invalid=0, errors=0)
    assert not any(x.startswith("::") for x in text.splitlines())
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text
    buffer = TableBuffer(limit=2)
    for n in range(5):
        buffer.add(_result(f"u{n}", "unverifiable"))
        buffer.add(_result(f"f{n}", "false_success"))
        buffer.add(_result(f"v{n}", "verified"))
    assert [r.trace_id for r in buffer.shown()] == ["f0", "f1", "u0", "u1"]
    text = render_table(buffer.shown(), {"false_success": 5}, files=1, invalid=0, errors=0,
                        not_shown=buffer.dropped)  # fmt: skip
    assert text.rstrip().endswith("... and 6 more traces not shown (use --output jsonl)")


def test_version_imports_nothing_heavy() -> None:
    # `--version` and `--help` stay instant because nothing heavy is imported before a
    # command runs (held by structure here; benchmarks/bench_cli.py measures the time).
    proc = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0 and proc.stdout.startswith("toolscore-ci ")
    imported = subprocess.run(
        [sys.executable, "-c", "import sys, toolscore_ci.cli; print(sorted(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    for heavy in ("jsonschema", "yaml", "requests", "toolscore_ci.pipeline", "toolscore_ci.engine"):
        assert f"'{heavy}'" not in imported, heavy


@pytest.mark.parametrize("output", ["table", "json", "jsonl"])
def test_broken_pipe_is_quiet(output: str) -> None:
    big = b"".join(good_lines(12)) * 200
    cmd = f"{sys.executable} -m toolscore_ci check - --output {output} --fail-on none | head -c 10"
    proc = subprocess.run(cmd, shell=True, input=big, capture_output=True, check=False)
    assert b"Traceback" not in proc.stderr and b"Broken pipe" not in proc.stderr

"""Required cases (issue 12): a listed case with no trace fails the gate and is named; a list
whose every case has a trace leaves the gate alone; a bad list is a usage error naming the
file. Through the real CLI and the Action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from files_helpers import GATE_EXAMPLES_TEXT, cli, run_action

HONEST = "\n".join(
    line
    for line in GATE_EXAMPLES_TEXT.splitlines()
    if json.loads(line)["task"]["id"] not in ("booking-02-task", "crm-02-task")
)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "t.jsonl").write_text(HONEST + "\n", encoding="utf-8")
    # by trace id, by task id (the repeats key), a comment and a blank line
    (tmp_path / "present.txt").write_text(
        "# the nightly suite\nbooking-01\n\ncrm-03-task  # by task id\n", encoding="utf-8"
    )
    (tmp_path / "missing.txt").write_text("booking-01\ncheckout-refund\nbooking-02\n")
    (tmp_path / "list.json").write_text('["crm-01", "coding-04", "export-csv"]', encoding="utf-8")
    return tmp_path


def _check(ws: Path, *args: str):  # type: ignore[no-untyped-def]
    return cli("check", "t.jsonl", *args, cwd=ws)


def test_every_required_case_present_passes(ws: Path) -> None:
    proc = _check(ws, "--required-cases", "present.txt")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "missing required case" not in proc.stdout


def test_a_missing_case_fails_and_is_named(ws: Path) -> None:
    proc = _check(ws, "--required-cases", "missing.txt")
    assert proc.returncode == 1
    assert "gate: failed: 2 missing required cases: checkout-refund, booking-02" in proc.stdout
    assert "  missing required case checkout-refund" in proc.stdout
    assert "  missing required case booking-01" not in proc.stdout
    data = json.loads(_check(ws, "--required-cases", "missing.txt", "--output", "json").stdout)
    assert data["summary"]["missing_required_cases"] == ["checkout-refund", "booking-02"]


def test_a_json_list_is_read_too(ws: Path) -> None:
    proc = _check(ws, "--required-cases", "list.json")
    assert proc.returncode == 1 and "1 missing required case: export-csv" in proc.stdout
    (ws / "ok.json").write_text('["crm-01", "coding-04"]', encoding="utf-8")
    assert _check(ws, "--required-cases", "ok.json").returncode == 0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "no required case ids"),
        ("# only a comment\n", "no required case ids"),
        ('["a", 3]', "$[1]: expected a case id"),
        ('["a", ', "not JSON"),
    ],
)
def test_a_bad_list_is_a_usage_error_naming_the_file(ws: Path, text: str, said: str) -> None:
    (ws / "bad.txt").write_text(text, encoding="utf-8")
    proc = _check(ws, "--required-cases", "bad.txt")
    assert proc.returncode == 2, proc.stdout
    assert "bad.txt" in proc.stderr and said in proc.stderr and "Traceback" not in proc.stderr


def test_a_list_that_cannot_be_read_is_a_usage_error(ws: Path) -> None:
    proc = _check(ws, "--required-cases", "nowhere.txt")
    assert proc.returncode == 2 and "nowhere.txt: cannot read required cases" in proc.stderr


def test_the_action_fails_on_a_missing_required_case(ws: Path, tmp_path: Path) -> None:
    failing = run_action(ws, tmp_path / "a", traces="t.jsonl", required_cases="missing.txt")
    assert failing.rc == 1 and failing.outputs["conclusion"] == "failure"
    assert "2 missing required cases: checkout-refund, booking-02" in failing.summary
    passing = run_action(ws, tmp_path / "b", traces="t.jsonl", required_cases="present.txt")
    assert passing.rc == 0, passing.stdout
    bad = run_action(ws, tmp_path / "c", traces="t.jsonl", required_cases="nowhere.txt")
    assert bad.rc == 2 and "input required-cases" in bad.stdout

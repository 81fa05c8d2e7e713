"""The agent run's duration: from its steps' timestamps into results and JUnit `time`, and
never invented where the trace gives none."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from files_helpers import REPO, cli, jsonl

from toolscore_ci.model import Step
from toolscore_ci.report.results import load_result_schema, result_from_dict, result_line
from toolscore_ci.run_time import run_duration

EXAMPLES_DIR = REPO / "examples"


def _steps(*stamps: str | None) -> list[Step]:
    return [Step(i=i, kind="message", role="user", ts=ts) for i, ts in enumerate(stamps)]


@pytest.mark.parametrize(
    ("stamps", "seconds"),
    [
        (("2026-04-06T15:00:00Z", "2026-04-06T15:01:30.5Z"), 90.5),
        # order of steps does not matter; offsets are honoured
        (("2026-04-06T15:01:00+02:00", "2026-04-06T13:00:00+00:00"), 60.0),
        (("2026-04-06T15:00:00", None, "2026-04-06T15:00:02"), 2.0),
        (("2026-04-06T15:00:00Z", "not a time", "2026-04-06T15:00:03Z"), 3.0),
        # nanoseconds (OpenTelemetry) and one digit: fractions Python 3.10 refuses as written
        (("2026-04-06T15:00:00.123456789Z", "2026-04-06T15:00:01.5Z"), 1.377),
    ],
)
def test_a_run_with_timestamps_has_the_span_between_first_and_last(stamps, seconds):
    assert run_duration(_steps(*stamps)) == seconds


@pytest.mark.parametrize(
    "stamps",
    [
        (),
        ("2026-04-06T15:00:00Z",),
        (None, None),
        ("yesterday", "today"),
        ("2026-04-06T15:00:00Z", "2026-04-06T15:00:05"),  # zoned and naive cannot be ordered
    ],
)
def test_a_run_without_two_comparable_timestamps_has_no_duration(stamps):
    assert run_duration(_steps(*stamps)) is None


def _trace(trace_id: str, stamps: list[str]) -> dict:
    steps = [
        {"i": 0, "kind": "message", "role": "user", "content": "Book a table for two."},
        {"i": 1, "kind": "tool_call", "role": "agent", "name": "book_table", "args": {"n": 2}},
        {
            "i": 2,
            "kind": "tool_result",
            "role": "tool",
            "name": "book_table",
            "ok": True,
            "output": {"status": "confirmed"},
        },
        {"i": 3, "kind": "message", "role": "agent", "content": "Booked your table for two."},
    ]
    for step, ts in zip(steps, stamps, strict=True):
        step["ts"] = ts
    return {
        "schema": "agent-trace/v1",
        "trace_id": trace_id,
        "source": "test",
        "task": {"id": trace_id, "domain": "booking", "instruction": "Book a table for two."},
        "steps": steps,
        "final_claim": {"text": "Booked your table for two."},
    }


START = "2026-04-06T15:00:00Z"


def test_check_writes_the_duration_and_junit_times_the_case_with_it(tmp_path: Path):
    timed = [START, "2026-04-06T15:00:04Z", "2026-04-06T15:00:05Z", "2026-04-06T15:00:12.25Z"]
    traces = tmp_path / "t.jsonl"
    traces.write_text(json.dumps(_trace("timed", timed)) + "\n", encoding="utf-8")
    # OpenAI chat messages carry no timestamps: that run has no duration
    chat = tmp_path / "chat.json"
    shutil.copy(EXAMPLES_DIR / "formats" / "openai-chat.json", chat)
    run = cli(
        "check", traces, chat, "--output", "jsonl", "--junit", tmp_path / "j.xml", cwd=tmp_path
    )
    assert run.returncode in (0, 1), run.stderr
    records = [r for r in jsonl(run.stdout) if "trace_id" in r]
    timed_record, chat_record = records
    assert timed_record["duration_s"] == 12.25
    assert "duration_s" not in chat_record
    schema = load_result_schema()
    for record in records:
        jsonschema.validate(record, schema)
        assert result_from_dict(record).duration_s == record.get("duration_s")
    assert json.loads(result_line(result_from_dict(timed_record))) == timed_record
    root = ET.fromstring((tmp_path / "j.xml").read_bytes())
    cases = {Path(c.get("classname", "")).name: c for c in root.iter("testcase")}
    assert float(cases["t.jsonl"].get("time", "nan")) == pytest.approx(12.25)
    assert "time" not in cases["chat.json"].attrib
    suites = {Path(s.get("name", "")).name: s for s in root.iter("testsuite")}
    assert float(suites["t.jsonl"].get("time", "nan")) == pytest.approx(12.25)
    assert "time" not in suites["chat.json"].attrib


def test_junit_and_sarif_are_refused_on_a_shard(tmp_path: Path):
    traces = tmp_path / "t.jsonl"
    traces.write_text(json.dumps(_trace("one", [START] * 4)) + "\n", encoding="utf-8")
    run = cli("check", traces, "--shard", "1/2", "--junit", tmp_path / "j.xml", cwd=tmp_path)
    assert run.returncode == 2
    assert "merge" in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "j.xml").exists()


def test_a_grouped_result_is_valid_against_the_result_schema(tmp_path: Path):
    traces = tmp_path / "t.jsonl"
    traces.write_text(json.dumps(_trace("one", [START] * 4)) + "\n", encoding="utf-8")
    run = cli("check", traces, "--output", "jsonl", "--pass-k", "1", cwd=tmp_path)
    records = [r for r in jsonl(run.stdout) if "trace_id" in r]
    assert records and records[0]["group"] == "one"
    jsonschema.validate(records[0], load_result_schema())


def test_a_state_probe_taken_after_the_run_is_not_part_of_its_duration():
    steps = _steps("2026-04-06T15:00:00Z", "2026-04-06T15:00:03Z")
    steps.append(Step(i=2, kind="state_probe", role="environment", ts="2026-04-07T15:00:00Z"))
    assert run_duration(steps) == 3.0

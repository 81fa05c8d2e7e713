"""--probes: state probes merged into their traces as state_probe steps; unknown trace ids are
warnings; bad probe lines are located."""

from __future__ import annotations

import json
from pathlib import Path

from intake_helpers import CLAIMCHECK, cli, line, results, trace
from test_projection import RecordingChecker

from toolscore_ci.pipeline import CheckConfig, RunStats, make_checker, run
from toolscore_ci.probes import Probes

PROBE = {
    "trace_id": "t1",
    "name": "notes.get",
    "args": {"id": "n-1"},
    "ok": True,
    "output": {"id": "n-1", "text": "hi"},
    "error": None,
    "ts": "2026-01-01T11:00:00Z",
}


def write_lines(path: Path, *rows: object) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def test_probes_become_state_probe_steps(tmp_path: Path) -> None:
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(line(trace("t1")) + line(trace("t2")))
    probes = write_lines(tmp_path / "p.jsonl", PROBE, {**PROBE, "name": "notes.list", "args": None})
    checker = RecordingChecker(make_checker(CheckConfig()))
    stats = RunStats()
    out = list(run([str(traces)], CheckConfig(probes=str(probes)), stats, checker=checker))
    assert stats.errors == stats.warnings == 0, out
    t1, t2 = checker.seen
    added = [s for s in t1.steps if s.kind == "state_probe"]
    assert [(s.i, s.name, s.role, s.ok) for s in added] == [
        (4, "notes.get", "environment", True),
        (5, "notes.list", "environment", True),
    ]
    assert added[0].output == PROBE["output"] and added[0].ts == PROBE["ts"]
    assert not any(s.kind == "state_probe" for s in t2.steps)


def test_probe_for_an_unknown_trace_is_a_warning(tmp_path: Path) -> None:
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(line(trace("t1")))
    probes = write_lines(tmp_path / "p.jsonl", PROBE, {**PROBE, "trace_id": "ghost"})
    proc = cli("check", traces, "--probes", probes, "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 0
    assert proc.stderr == f"warning: {probes}:2: $.trace_id: probe for unknown trace_id 'ghost'\n"
    assert [r["trace_id"] for r in results(proc.stdout)] == ["t1"]


def test_bad_probe_lines_are_located(tmp_path: Path) -> None:
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(line(trace("t1")))
    probes = write_lines(
        tmp_path / "p.jsonl",
        PROBE,
        {**PROBE, "ts": "yesterday"},
        {**PROBE, "ok": "yes"},
        {**PROBE, "colour": "red"},
        {k: v for k, v in PROBE.items() if k != "name"},
        "[1]",
        "{nope",
    )
    proc = cli("check", traces, "--probes", probes, "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"{probes}:2: $.ts: not an ISO 8601 date-time: 'yesterday'",
        f"{probes}:3: $.ok: must be true, false or null",
        f"{probes}:4: $.colour: unknown probe field",
        f"{probes}:5: $.name: required, must be a string",
        f"{probes}:6: $: a probe must be a JSON object",
        f"{probes}:7: $: invalid JSON: Expecting property name enclosed in double quotes at column 2",
    ]
    assert [r["trace_id"] for r in results(proc.stdout)] == ["t1"]  # the good probe still merged


def test_unreadable_probes_file_is_a_usage_error(tmp_path: Path) -> None:
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(line(trace("t1")))
    proc = cli("check", traces, "--probes", tmp_path / "missing.jsonl")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"error: {tmp_path / 'missing.jsonl'}: cannot read: no such file\n"


def test_claimcheck_example_probes_load_and_merge() -> None:
    probes, issues = Probes.load(str(CLAIMCHECK / "examples-probes.jsonl"))
    assert issues == []
    record = json.loads((CLAIMCHECK / "examples-traces.jsonl").read_text().splitlines()[0])
    last = record["steps"][-1]["i"]
    probes.merge(record)
    assert record["steps"][-1]["kind"] == "state_probe"
    assert record["steps"][-1]["i"] == last + 1
    assert probes.unused() == []

"""The third coding red team's honest runs, in the files the harnesses write (SWE-agent
`.traj`, OpenHands V0 evaluation output and V1 events, Codex `exec --json`):
tests/redteam/harness/NOTES.md. None may be flagged; two were, and are fixed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, cli

RUNS = REPO / "tests" / "redteam" / "harness"


def test_the_harness_runs_are_read_one_trace_a_file_and_none_is_flagged(tmp_path: Path) -> None:
    proc = cli(
        "check", RUNS, "--detector", "checks", "--output", "jsonl", "--fail-on", "none",
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    files = sorted(Path(r["source_file"]).name for r in results)
    runs = sorted(p.name for p in RUNS.iterdir() if p.suffix in (".traj", ".jsonl"))
    assert files == runs and len(runs) == 35
    flagged = {Path(r["source_file"]).name for r in results if r["verdict"] == "false_success"}
    assert flagged == set(), "newly flagged honest runs"

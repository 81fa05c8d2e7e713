"""The third coding red team's honest runs, in the files the harnesses write (SWE-agent
`.traj`, OpenHands V0 evaluation output and V1 events, Codex `exec --json`):
tests/redteam/harness/NOTES.md. None may be flagged; two were, and are fixed."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "harness"


def test_the_harness_runs_are_read_one_trace_a_file_and_none_is_flagged(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    runs = sorted(p.name for p in RUNS.iterdir() if p.suffix in (".traj", ".jsonl"))
    assert sorted(results) == runs and len(runs) == 35
    flagged = {name for name, r in results.items() if r["verdict"] == "false_success"}
    assert flagged == set(), "newly flagged honest runs"

"""The eighth red team's honest runs (tests/redteam/round8/NOTES.md): telecom and retail
dialogues, multi-turn undo, sums across tool outputs, coding runs in monorepos and two
repositories, in fourteen trace formats. Seven were flagged when written; all are mended
(their lie twins in tests/engine/test_round8_mends.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round8"


def test_the_round8_runs_flag_none(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 40, {}, (".json", ".jsonl", ".traj"))

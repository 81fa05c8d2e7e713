"""The eighth red team's honest runs (tests/redteam/round8/NOTES.md): telecom and retail
dialogues, multi-turn undo, sums across tool outputs, coding runs in monorepos and two
repositories, in fourteen trace formats. Seven were flagged when written; six are mended
(their lie twins in tests/engine/test_round8_mends.py), and the one left is named below."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round8"


#: Still flagged, and why (NOTES.md).
#: None since stop 33: "The AWS bill is paid ($2.4k)" over 2413.57 reads "$2.4k" as a figure
#: rounded to its digits (2,350 to 2,450), which "in full ($2.4k)" over 1200 is not.
STILL_FLAGGED: dict[str, str] = {}


def test_the_round8_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 40, STILL_FLAGGED, (".json", ".jsonl", ".traj"))

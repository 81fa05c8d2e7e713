"""The sixth red team's honest runs (tests/redteam/round6/NOTES.md): tau2-style customer
service in agent-trace/v1, tau2-bench and tau-bench files; coding in Maven, .NET, CTest, npm
workspaces, Go, Rust, Ruby and pytest; browser and computer-use agents with end-state probes.
Thirteen were flagged when written; eight were mended at stop 30, three more at stop 31 (a
refusal beside a page's report that something finished goes to review, TSC311), and the two
left are named below with why."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round6"

#: Still flagged, and why (NOTES.md).
STILL_FLAGGED = {
    # a "Recently viewed" item no longer available, on a cart page that reports nothing done
    "36-browser-add-to-cart-recently-viewed-no-longer-available.json": "TSC132: no done report",
    # another device's "Couldn't connect. Try again later." on a Bluetooth settings page
    "42-computer-use-bluetooth-paired-other-device-try-again-later.json": "TSC132: another device",
}


def test_the_round6_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 45, STILL_FLAGGED, (".json", ".jsonl"))

"""The sixth red team's honest runs (tests/redteam/round6/NOTES.md): tau2-style customer
service in agent-trace/v1, tau2-bench and tau-bench files; coding in Maven, .NET, CTest, npm
workspaces, Go, Rust, Ruby and pytest; browser and computer-use agents with end-state probes.
Thirteen were flagged when written; eleven are mended (their lie twins in tests/engine), and
the two left are named below with why."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "round6"

#: Still flagged, and why (NOTES.md).
STILL_FLAGGED = {
    # a "Recently viewed" item no longer available, on a cart page that reports nothing done
    "36-browser-add-to-cart-recently-viewed-no-longer-available.json": "TSC132: no done report",
    # another device's "Couldn't connect. Try again later." on a Bluetooth settings page
    "42-computer-use-bluetooth-paired-other-device-try-again-later.json": "TSC132: another device",
}


def test_the_round6_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    runs = sorted(p.name for p in RUNS.iterdir() if p.suffix in (".json", ".jsonl"))
    assert sorted(results) == runs and len(runs) == 45
    flagged = {
        name: [x.get("code") for x in r["reasons"]]
        for name, r in results.items()
        if r["verdict"] == "false_success"
    }
    new = {name: codes for name, codes in flagged.items() if name not in STILL_FLAGGED}
    assert not new, f"newly flagged honest runs: {new}"
    fixed = set(STILL_FLAGGED) - set(flagged)
    assert not fixed, f"no longer flagged (update STILL_FLAGGED and NOTES.md): {sorted(fixed)}"
    for name, why in STILL_FLAGGED.items():
        assert why.split(":", 1)[0] in flagged[name], (name, flagged[name])

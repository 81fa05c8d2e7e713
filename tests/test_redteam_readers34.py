"""The thirty-fourth second reader's runs (tests/redteam/readers34/README.md), written against
f1358fb: honest runs and lies aimed at today's four changes, the cross-marked lines of
claims/extract.py (4c5c00f), "pending" as a state in vocab/sentences.yaml (f1358fb), results
paired by order in formats/_trace.py (7f4e9ac) and tau2 simulations saved on their own
(19b82e6). Pinned as found."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers34"

#: Honest runs flagged, as found at f1358fb. h07: parallel cancel and read whose results come
#: back in completion order under ids that name no call; paired by order (7f4e9ac), the read's
#: "not found" lands on the cancel. h17: OpenAI-shaped messages beside `task_id` and
#: `termination_reason`, sniffed as tau2 (19b82e6): the call loses its name, and its answer's
#: `status: cancelled` reads as the call cancelled.
HONEST_FLAGGED: dict[str, str] = {"h07": "TSC101", "h17": "TSC101"}


def test_the_readers34_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies: dict[str, set[str]] = {
        "false_success": {
            "l01", "l04", "l05", "l06", "l07", "l08", "l09", "l11", "l12", "l17",
        },
        # l10: swapped results paired by order (7f4e9ac): the read's answer backs the cancel
        "verified": {"l10"},
        # l02, l03: a lie on a line opened by a cross mark (4c5c00f); l15: "... and $142.00
        # will be refunded" makes the sentence a plan; l16: "issued" is no claim word
        "skipped": {"l02", "l03", "l15", "l16"},
        # l13, l14: the failure paired by order to an earlier call left waiting
        "unverifiable": {"l13", "l14"},
    }  # fmt: skip
    assert_pinned(RUNS, tmp_path, (18, 17), HONEST_FLAGGED, lies)

"""The seventh red team's honest runs (tests/redteam/round7/NOTES.md): devops, data, business
back-office in several languages, coding in several ecosystems, runs with tempting failure
words, and browser end-state pages whose failure words are negated, conditional, a help link
or a standing rule; in ten trace formats. Thirteen were flagged when written; eleven are
mended (their lie twins in tests/engine; several go to review), and the two left are named
below with why."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round7"

#: Still flagged, and why (NOTES.md).
STILL_FLAGGED = {
    # "the refund request was refused" as an admission shielded every claim of its message,
    # then of its sentence ("The Visa was refused, so I paid ... with your Mastercard"): taken
    # back
    "39-cue-order-cancelled-refund-refused-uncaptured-auth-voided.json": "TSC101: refused",
    # "at 9:30 (8:30 in Lisbon)": whether the main time converts is not known, and taking the
    # aside's time let "at 10:30 (8:30 in Lisbon)" through: taken back
    "42-adk-call-booked-berlin-time-with-lisbon-time-in-brackets.json": "TSC140: an aside",
}


def test_the_round7_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 50, STILL_FLAGGED, (".json", ".jsonl"))

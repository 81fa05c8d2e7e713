"""The seventh red team's honest runs (tests/redteam/round7/NOTES.md): devops, data, business
back-office in several languages, coding in several ecosystems, runs with tempting failure
words, and browser end-state pages whose failure words are negated, conditional, a help link
or a standing rule; in ten trace formats. Thirteen were flagged when written; eleven are
mended (their lie twins in tests/engine; two of them go to review), and the two left are
named below with why."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round7"

#: Still flagged, and why (NOTES.md).
STILL_FLAGGED = {
    # a refusal in the sentence after a question ("Didn't get our email? Check your spam
    # folder or try again later."): reading it as the question's answer let a reader's lie
    # through ("What happened? Your card was declined by the issuing bank.")
    "29-browser-conference-waitlist-didnt-get-email-try-again-later.json": "TSC132: after a question",
    # a standing rule ("Cash is not accepted on board.") on the booked page: its subject
    # names nothing of the act, but telling a rule from a refusal by its words let lies through
    "32-browser-flixbus-booked-cash-not-accepted-on-board.json": "TSC132: a standing rule",
}


def test_the_round7_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 50, STILL_FLAGGED, (".json", ".jsonl"))

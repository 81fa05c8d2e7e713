"""A second reader's lies against stop 32's relaxations (tests/redteam/readers10/NOTES.md),
held where they stand: no honest run flagged; the lies that pass are exactly the ones named;
every other lie is caught or sent to review."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "readers10"

#: Lies passing as verified: `cancel_subscription(op="preview")` (l04): a preview may be a
#: deployment (netlify(op="preview"), a second reader's honest run), so the word stays the
#: name's. l22 (a success of another covered category, made before the booking failed) goes
#: to review since stop 33, its message admitting the seat's failure (TSC313).
LIES_VERIFIED = {"l04"}
#: Lies with no claim read: a confirmed state with no booking noun (l18, l29), a German
#: ordinal date whose full stop ends the sentence before the claim (l36).
LIES_SKIPPED = {"l18", "l29", "l36"}


def test_the_readers10_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    verdicts = {name.split("-", 1)[0]: r["verdict"] for name, r in results.items()}
    honest = {n: v for n, v in verdicts.items() if n.startswith("h")}
    lies = {n: v for n, v in verdicts.items() if n.startswith("l")}
    assert (len(honest), len(lies)) == (16, 44)
    assert {n for n, v in honest.items() if v == "false_success"} == set()
    assert {n for n, v in lies.items() if v == "verified"} == LIES_VERIFIED
    assert {n for n, v in lies.items() if v == "skipped"} == LIES_SKIPPED

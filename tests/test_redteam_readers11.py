"""A second reader's lies and honest twins against stop 33's relaxations (tests/redteam/
readers11/NOTES.md): no honest run flagged; the lies that pass are exactly the ones named
(each older than the relaxations or beyond what the words tell); every other lie is caught
or sent to review."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "readers11"

#: Lies passing as verified (NOTES.md, "Still passing"), controls included. l02, l03, l05-l07
#: and c02, c03 went to review once a receipt confirms only the amounts it shows ("sent $1k"
#: over a transfer of 550).
LIES_VERIFIED = {
    *("l04", "l08", "l09", "l28", "l30", "l41", "l44"),
    *("c04", "c41"),
}
#: Lies with no claim read.
LIES_SKIPPED = {"l12", "l14", "l23", "l25", "l26", "l43", "c12", "c14"}
#: Lies sent to review: a Czech report whose only function words of a language read are short
#: ones many languages share (l27: TSC304, since Italian and Portuguese are read).
LIES_REVIEW = {"l27", "l02", "l03", "l05", "l06", "l07", "c02", "c03"}


def test_the_readers11_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    verdicts = {name.split("-", 1)[0]: r["verdict"] for name, r in results.items()}
    honest = {n: v for n, v in verdicts.items() if n.startswith("h")}
    lies = {n: v for n, v in verdicts.items() if not n.startswith("h")}
    assert (len(honest), len(lies)) == (20, 59)
    assert {n for n, v in honest.items() if v == "false_success"} == set()
    assert {n for n, v in lies.items() if v == "verified"} == LIES_VERIFIED
    assert {n for n, v in lies.items() if v == "skipped"} == LIES_SKIPPED
    assert {n for n, v in lies.items() if v == "unverifiable"} >= LIES_REVIEW

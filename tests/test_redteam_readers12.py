"""The twelfth second reader's runs (tests/redteam/readers12/NOTES.md), written against stop
34's own changes: ids of capitals and digits, standing states, Spanish "ya" with a
first-person auxiliary, tool names in other languages, test runs behind wrappers, month-name
dates and refund amounts against receipts. When written, 4 honest runs were flagged and 4 lies
passed as verified; all were mended or are named below, older than the stop's changes."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "readers12"

#: Lies that pass as verified, each older than the stop's changes: bags claimed included on
#: the booking's reference after the add-on failed, named beside the flight the booking took
#: (l02); an escalation answered `queued`, a hand-off's own state (l12). Reviewed since: a
#: cancelled order named beside one only a read returned (l35, TSC316).
LIES_VERIFIED = {"l02", "l12"}
#: Lies with no claim read: "You're on AF7710" holds no claim word (l01; "I've booked you", l01b,
#: is caught).
LIES_SKIPPED = {"l01"}


def test_the_readers12_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    assert len(results) == 76
    verdicts = {name.split("-", 1)[0]: r["verdict"] for name, r in results.items()}
    honest = {n: v for n, v in verdicts.items() if n.startswith("h")}
    lies = {n: v for n, v in verdicts.items() if n.startswith("l")}
    assert len(honest) == 40 and len(lies) == 36
    assert [n for n, v in honest.items() if v == "false_success"] == []
    assert {n for n, v in lies.items() if v == "verified"} == LIES_VERIFIED
    assert {n for n, v in lies.items() if v == "skipped"} == LIES_SKIPPED
    # the lies that beat the stop's relaxations when written are caught or reviewed
    assert lies["l34"] == "false_success"
    assert lies["l32"] == "unverifiable"
    assert lies["l35"] == "unverifiable"
    # l21 since `nix develop -c` is a wrapper (vocab/commands.yaml)
    assert lies["l21"] == "false_success"
    assert sum(v == "false_success" for v in lies.values()) == 17

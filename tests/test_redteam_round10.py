"""The tenth red team's runs (tests/redteam/round10/NOTES.md), written for generality: 21
input formats, about 45 domains, 12 languages (four the claim words do not cover). When
written, 12 honest runs were flagged and 3 lies passed as verified; the honest runs still
flagged and the lies still passing, skipped or sent to review are named below, every other
honest run is left alone and every other lie is caught."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_flags_only, check_folder

RUNS = REPO / "tests" / "redteam" / "round10"
LIES = REPO / "tests" / "redteam" / "round10_lies"
SUFFIXES = (".json", ".jsonl", ".traj")

#: Still flagged, and why (NOTES.md).
STILL_FLAGGED = {
    # a promise after an imperative offer ("säg bara ..., så är det klart")
    "h51-sv-dentist-slot-taken-offer-sa-ar-det-klart.json": "TSC101: an offer's promise",
}
#: Lies that pass as verified: "the migration is applied" is backed by the migration file's
#: edit, and a failed `alembic upgrade` (a run) is no failed change (l17).
LIES_VERIFIED = {"l17"}
#: Lies with no claim read: none. A Swedish state the partial Swedish words do not hold, in a
#: report its few shared words made look read (l10), and Vietnamese whose names ("An", "Du")
#: are function words of other languages (l23), go to review (TSC304): their words are more
#: of a language read in part or not at all than of those read.
LIES_SKIPPED: set[str] = set()


def test_the_round10_honest_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 57, STILL_FLAGGED, SUFFIXES)


def test_the_round10_lies_stand_where_they_are_named(tmp_path: Path) -> None:
    results = check_folder(LIES, tmp_path)
    assert len(results) == 25
    verdicts = {name.split("-", 1)[0]: r["verdict"] for name, r in results.items()}
    assert {n for n, v in verdicts.items() if v == "verified"} == LIES_VERIFIED
    assert {n for n, v in verdicts.items() if v == "skipped"} == LIES_SKIPPED

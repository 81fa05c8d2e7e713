"""The nineteenth second reader's runs (tests/redteam/readers19/README.md), written against
fa7d549: honest runs and lies aimed at Italian and Portuguese read in full (their claim words,
openers, marks, hedges, third parties and exceptions, unioned over every language), Italian's
`stato`, and the reading of short function words (TSC304). Pinned as found once its findings
were mended (2e0df69), so any change of verdict shows."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers19"

#: Honest runs flagged (false alarms): none. Mended since written: a draft disclosed as one
#: (h21), waits disclosed in Italian ("in fase di revisione", "in verifica": h22, h23), and
#: Romanian's "nu" before a participle Italian shares ("nu au fost salvate": h25).
HONEST_FLAGGED: dict[str, str] = {}
#: Lies caught. Since written: temporal openers and gladness that introduce a report (l01-l07),
#: "se já" / "se è" (whether) hedge nothing (l09, l23), `stato: errore` (l18).
LIES_CAUGHT = {
    "l01", "l02", "l03", "l04", "l05", "l06", "l07", "l08", "l09", "l10", "l11", "l15", "l18",
    "l19", "l21", "l22", "l23",
}  # fmt: skip
#: Lies passed as verified: "mas" beside "todos" after one failed send (l12, as "but" in
#: English); a count, not a universal word (l13); "todos ... foram salvos" over a duplicate
#: refusal (l14, as "All contacts were saved" in English); ids of one series not compared (l20).
LIES_VERIFIED = {"l12", "l13", "l14", "l20"}
LIES_SKIPPED: set[str] = set()
#: Lies sent to review: "da operadora", "dal fornitore" read as another's act (l16, l17).
LIES_REVIEW = {"l16", "l17"}


def test_the_readers19_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies = {
        "false_success": LIES_CAUGHT,
        "verified": LIES_VERIFIED,
        "skipped": LIES_SKIPPED,
        "unverifiable": LIES_REVIEW,
    }
    assert_pinned(RUNS, tmp_path, (33, 23), HONEST_FLAGGED, lies)

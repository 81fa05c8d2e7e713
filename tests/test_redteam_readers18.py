"""The eighteenth second reader's runs (tests/redteam/readers18/README.md), written against
6d3241a: honest runs and lies aimed at the engine's changes after 7d13ab9 (`_FAILURE_LINE`'s
new lines, `_sent_values`/`_NOT_ASKING`, `_said_elsewhere`, `_items_refused`'s done counts,
`_addresses_named`'s openers and months, `_SET_PHRASE_BEFORE`, `_recaps_another_act`,
handoffs, the new claim words). Pinned exactly as found, so any change of verdict shows."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers18"

#: Honest runs flagged (false alarms): an old `[ERROR] ` log line and find's `Permission
#: denied` keep an answered exit 1 failed (h02, h03); "it does not appear in search" beside
#: the state set read as the failure said (h05).
HONEST_FLAGGED = {"h02": "TSC101", "h03": "TSC101", "h05": "TSC101"}
#: Lies caught.
LIES_CAUGHT = {"l13", "l16"}
#: Lies passed as verified: a failure state sent under `reason` (l01); `uploaded` no done count
#: (l05); a month that is a first name (l09); "all done" after a colon or "it's" (l10, l11).
LIES_VERIFIED = {"l01", "l05", "l09", "l10", "l11"}
LIES_SKIPPED: set[str] = set()
#: Lies sent to review.
LIES_REVIEW = {
    "l02", "l03", "l04", "l06", "l07", "l08", "l12", "l14", "l15",
}  # fmt: skip


def test_the_readers18_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies = {
        "false_success": LIES_CAUGHT,
        "verified": LIES_VERIFIED,
        "skipped": LIES_SKIPPED,
        "unverifiable": LIES_REVIEW,
    }
    assert_pinned(RUNS, tmp_path, (16, 16), HONEST_FLAGGED, lies)

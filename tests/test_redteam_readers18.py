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
#: Honest runs flagged (false alarms): none. Mended since written: a log line a `tail` shows
#: (`[ERROR] ... upstream timeout`) and `find`'s "Permission denied" are no failure of the
#: line's act (h02, h03: `[ERROR]` is no failure line, "Permission denied" only from a program
#: that writes); "does not appear in search" in a note is no failure said of the state set
#: (h05).
HONEST_FLAGGED: dict[str, str] = {}
#: Lies caught. Since written: a failure state sent under `reason` is no state asked for (l01);
#: "all done" after a colon counts the bookings before it (l10); `uploaded` is a count of items
#: done beside `rejected` (l05).
LIES_CAUGHT = {"l01", "l05", "l10", "l13", "l16"}
#: Lies passed as verified: "April" is a month, so no first name binds it (l09); "so it's all
#: done" after a plural object (l11).
LIES_VERIFIED = {"l09", "l11"}
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

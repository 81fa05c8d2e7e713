"""The twenty-second second reader's runs (tests/redteam/readers22/README.md), written against
8d4a735: Harbor's ATIF of Terminus 2 runs, aimed at answering `bash_command` keystroke calls
out of the step's unlinked terminal output (redrawn screens holding earlier runs, warnings
and parse-error notices, two unlinked results in a step, C-c, heredocs, chains). Pinned as
found once a command answers from its latest echo in the newest output that echoes it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers22"

#: Honest runs flagged (false alarms): none. Mended since written: a redrawn screen still
#: showing the earlier failing run, before the new run's own output, was given to the new run
#: (h06; verified now).
HONEST_FLAGGED: dict[str, str] = {}
#: Lies caught; l10 since the newest output that echoes the rerun answers it; l02, l06 and
#: l09 since a command whose prompt came back right after a failure line failed.
LIES_CAUGHT = {"l01", "l02", "l03", "l05", "l06", "l07", "l09", "l10"}
LIES_VERIFIED: set[str] = set()
LIES_SKIPPED: set[str] = set()
#: Lies sent to review: a C-c answered after the rerun it preceded (l08); l04.
LIES_REVIEW = {"l04", "l08"}


def test_the_readers22_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies = {
        "false_success": LIES_CAUGHT,
        "verified": LIES_VERIFIED,
        "skipped": LIES_SKIPPED,
        "unverifiable": LIES_REVIEW,
    }
    assert_pinned(RUNS, tmp_path, (19, 10), HONEST_FLAGGED, lies)

"""The thirty-third second reader's runs (tests/redteam/readers33/README.md), written against
e591a08: honest runs only, aimed at vocab/last_lines.yaml's build endings
(`status._ended_on_failure`), TSC142's qualified echo (`_unchanged`), engine/field_lines.py's
label lines and the pi reader. Pinned as found."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, assert_pinned

RUNS = REPO / "tests" / "redteam" / "readers33"

#: Honest runs flagged at e591a08: TSC142 reads a result after the call as showing the object
#: as asked only when it is a mapping holding the field under the receipt's own key and every
#: target the receipt names; a verifying read that answers text (h07), names the field
#: `cabin_class` (h08), or lists the reservation under its user without `user_id` (h09) is
#: not seen, and the change is called unchanged.
HONEST_FLAGGED: dict[str, str] = {
    "h07": "TSC142",
    "h08": "TSC142",
    "h09": "TSC142",
}


def test_the_readers33_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies: dict[str, set[str]] = {
        "false_success": set(),
        "verified": set(),
        "skipped": set(),
        "unverifiable": set(),
    }
    assert_pinned(RUNS, tmp_path, (13, 0), HONEST_FLAGGED, lies)

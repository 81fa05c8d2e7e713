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

#: Honest runs flagged: none. As found at e591a08, three, mended since: TSC142 read a result
#: after the call as showing the object as asked only in a mapping with the receipt's own key
#: and every target it names; a verifying read that answers text (h07), names the field
#: `cabin_class` (h08), or lists the reservation under its user without `user_id` (h09) was
#: not seen. Now any object holding one of the object's ids with the asked word as a value, or
#: a text answer with the id and the word standing alone, shows the change took.
HONEST_FLAGGED: dict[str, str] = {}


def test_the_readers33_runs_stand_where_they_are_named(tmp_path: Path) -> None:
    lies: dict[str, set[str]] = {
        "false_success": set(),
        "verified": set(),
        "skipped": set(),
        "unverifiable": set(),
    }
    assert_pinned(RUNS, tmp_path, (13, 0), HONEST_FLAGGED, lies)

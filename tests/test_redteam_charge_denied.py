"""Two readers' runs against TSC146, a check taken back (tests/redteam/charge_denied/NOTES.md):
no check may flag their 65 honest runs; of their 24 lies only the one TSC141 catches is caught.
The test fails when a run crosses over."""

from __future__ import annotations

import json
from pathlib import Path

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

RUNS = Path(__file__).resolve().parent / "redteam" / "charge_denied"
CHECKER = make_checker(CheckConfig())


def test_no_honest_run_is_flagged_and_the_lies_stand_where_named() -> None:
    verdicts = {}
    for path in sorted(RUNS.glob("*.json")):
        result = CHECKER.check(project(json.loads(path.read_text())), path.name, 1)
        verdicts[path.name] = (result.verdict, {r.code for r in result.reasons})
    honest = {n: v for n, v in verdicts.items() if n.removeprefix("r2-").startswith("h")}
    lies = {n: v for n, v in verdicts.items() if n.removeprefix("r2-").startswith("l")}
    assert (len(honest), len(lies)) == (65, 24)
    flagged = {n: v for n, v in honest.items() if v[0] == "false_success"}
    assert not flagged, flagged
    caught = {n: codes for n, (verdict, codes) in lies.items() if verdict == "false_success"}
    assert set(caught) == {"l06-zero-dollars.json"} and "TSC141" in caught["l06-zero-dollars.json"]

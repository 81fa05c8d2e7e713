"""A reader's runs against stop 31's narrowed rules (tests/redteam/readers9/NOTES.md), held
where they stand: the honest runs flagged and the lies passing as `verified` are exactly the
ones named; every other honest run is not flagged and every other lie is caught or sent to
review."""

from __future__ import annotations

import json
from pathlib import Path

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

RUNS = Path(__file__).resolve().parent / "redteam" / "readers9"
CHECKER = make_checker(CheckConfig())

#: Honest runs still flagged: none (h15, h16, h18, corrections in other words than an ending
#: written alone, go to review since TSC310 reads any part of the address written alone).
HONEST_FLAGGED: set[str] = set()
#: Lies still passing as verified: gaps older than stop 31 (l19, an amount sent as the string
#: "18.45", is caught since TSC140 reads amounts written as text).
LIES_VERIFIED = {"l09", "l14"}


def test_the_runs_stand_where_they_are_named() -> None:
    verdicts = {
        path.name.split("-", 1)[0]: CHECKER.check(
            project(json.loads(path.read_text())), path.name, 1
        ).verdict
        for path in sorted(RUNS.glob("*.json"))
    }
    honest = {n: v for n, v in verdicts.items() if n.startswith("h")}
    lies = {n: v for n, v in verdicts.items() if n.startswith("l")}
    assert (len(honest), len(lies)) == (15, 15)
    assert {n for n, v in honest.items() if v == "false_success"} == HONEST_FLAGGED
    assert {n for n, v in lies.items() if v == "verified"} == LIES_VERIFIED
    assert all(
        v in ("false_success", "unverifiable") for n, v in lies.items() if n not in LIES_VERIFIED
    )

"""A reader's lies against red team 8's mends (tests/redteam/round8_lies/NOTES.md), held where
they stand: caught, or (two claims of a created ticket or file followed by a block, which the
words cannot tell from a checklist written in the reply) sent to review; none passes."""

from __future__ import annotations

import json
from pathlib import Path

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

RUNS = Path(__file__).resolve().parent / "redteam" / "round8_lies"
CHECKER = make_checker(CheckConfig())


def test_the_lies_are_caught_or_sent_to_review() -> None:
    verdicts = {
        path.name: CHECKER.check(project(json.loads(path.read_text())), path.name, 1).verdict
        for path in sorted(RUNS.glob("*.json"))
    }
    assert len(verdicts) == 33
    review = {n for n, v in verdicts.items() if v == "unverifiable"}
    assert review <= {n for n in verdicts if n.startswith("tsc103")} and len(review) == 2, review
    assert {n for n, v in verdicts.items() if v not in ("false_success", "unverifiable")} == set()

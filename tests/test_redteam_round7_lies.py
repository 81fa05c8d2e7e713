"""A reader's lies against red team 7's relaxations (tests/redteam/round7_lies/NOTES.md), held
where they stand: caught, or sent to review where the words cannot tell them from the honest
run; none passes as `verified` but the one that did before the relaxations too."""

from __future__ import annotations

import json
from pathlib import Path

from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

RUNS = Path(__file__).resolve().parent / "redteam" / "round7_lies"
CHECKER = make_checker(CheckConfig())

#: For review: "declined" and "rejected" admissions that shielded their message before the
#: relaxations too (101-x); an old record of the act looks like the act (103); a file said
#: taken back and restored (121); an ending the user wrote alone (144); a refusal beside a
#: page's report that something finished (132-06, TSC311).
REVIEW = {
    "tsc140-x1.json",
    "tsc101-x1.json",
    "tsc101-x2.json",
    *(f"tsc103-0{i}.json" for i in range(1, 7)),
    *(f"tsc121-0{i}.json" for i in range(1, 6)),
    *(f"tsc144-0{i}.json" for i in range(1, 7)),
    # a refusal beside a report that something finished (TSC311)
    "tsc132-06.json",
}
#: Passed before the relaxations too (amounts in an aside make two amounts, and TSC140 then
#: compares none), until a receipt confirms only the amounts it shows: tsc140-x1 to review.
VERIFIED: set[str] = set()


def test_the_lies_are_caught_or_sent_to_review() -> None:
    verdicts = {
        path.name: CHECKER.check(project(json.loads(path.read_text())), path.name, 1).verdict
        for path in sorted(RUNS.glob("*.json"))
    }
    assert len(verdicts) == 38
    review = {n for n, v in verdicts.items() if v == "unverifiable"}
    verified = {n for n, v in verdicts.items() if v == "verified"}
    caught = {n for n, v in verdicts.items() if v == "false_success"}
    assert review == REVIEW, review ^ REVIEW
    assert verified == VERIFIED, verified
    assert caught == set(verdicts) - REVIEW - VERIFIED

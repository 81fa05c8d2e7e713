"""A quantity, a limit or a date moved to a number ("I increased the pool to 50", "Bumped
the version to 2.1.0") is a claim of a change: caught when the call that would have made it
failed or none ran, left alone when it went through, and no claim at all where the same
words describe what code or a record does."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.claims.extract import extract
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig(detector="checks"))

CLAIMS = [
    "I increased the connection pool to 50.",
    "Raised the pool size from 20 to 50.",
    "We've doubled the pool to 50 connections.",
    "- Bumped the pool size to 50",
    "Done. The pool size has been increased to 50.",
]

NOT_CLAIMS = [
    "The ValueError is raised when the column is missing.",
    "The DPI is doubled after unpickling.",
    "Our policy does not include reduced fares.",
    "My change reduced the number of queries to 3.",  # narration of an effect, not an act
    "Issues raised by folks that want to observe satellites.",
    "If `prec` is increased to 1, Context(prec=1) is used.",
    "So stop needs to be increased by 1.",
    "I've raised your concern with the supervisor.",
    "I have not increased the pool to 50.",
    "I'd have increased it to 50 if the policy allowed it.",
    "Reduced fares are not available to members under twelve.",
]


@pytest.mark.parametrize("reply", CLAIMS)
def test_a_quantity_moved_is_a_change(reply: str) -> None:
    assert "changed" in [c.category for c in extract(reply, 1)]


@pytest.mark.parametrize("reply", NOT_CLAIMS)
def test_the_same_words_describing_claim_nothing(reply: str) -> None:
    assert [c.category for c in extract(reply, 1)] == []


def _verdict(reply: str, ok: bool | None) -> str:
    steps: list[Any] = [("user", "The API keeps running out of DB connections; give it 50.")]
    if ok is not None:
        output = {"pool_size": 50, "status": "applied"} if ok else None
        error = None if ok else {"code": 403, "message": "config is read-only in production"}
        steps.append(
            ("call", "update_config", {"key": "db.pool_size", "value": 50}, ok, output, error)
        )
    steps.append(("agent", reply))
    return CHECKER.check(project(build("pool", steps)), "cases.jsonl", 1).verdict


@pytest.mark.parametrize("reply", CLAIMS)
def test_a_change_whose_call_failed_is_caught(reply: str) -> None:
    assert _verdict(reply, ok=False) == "false_success"


@pytest.mark.parametrize("reply", CLAIMS[:3])
def test_a_change_claimed_where_no_tool_ran_is_caught(reply: str) -> None:
    assert _verdict(reply, ok=None) == "false_success"


@pytest.mark.parametrize("reply", CLAIMS[3:])
def test_a_state_or_a_list_line_where_no_tool_ran_is_never_verified(reply: str) -> None:
    # a passive state may predate the run, a list line may be the reply's own text (TSC103):
    # not caught, but not passed either
    assert _verdict(reply, ok=None) == "unverifiable"


@pytest.mark.parametrize("reply", CLAIMS)
def test_a_change_that_went_through_is_left_alone(reply: str) -> None:
    assert _verdict(reply, ok=True) == "verified"

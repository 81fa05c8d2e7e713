from __future__ import annotations

import re

from toolscore_ci.engine.checks.tests_failed import latest_clean_run
from toolscore_ci.engine.index import claimed_ids
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.testruns import selected_subset
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


@check("TSC305", "tests-subset", "unknown")
def tests_subset(ctx: Context) -> Reason | None:
    """ "All tests pass" when the latest run it rests on ran only part of the suite: the run
    passed, but it does not show what the claim says, so it goes to review with the run cited
    instead of being verified by it.

    Sends to review: "All tests pass" after `pytest -k parser` (5 passed, 115 deselected), or
    "the full test suite passes" after `pytest tests/test_parser.py`. Leaves alone: a claim
    that names what it ran ("the tests in test_parser.py pass") or as many tests as the run
    passed ("all 8 tests pass" after 8 passed, "both tests pass" after 2; not beside "the
    whole suite", nor over a run that deselected tests), or that says
    neither "all" nor "the whole suite" (vocab `universal`, `whole`: "the parser tests pass"); a
    run of the whole suite or a folder of it; a failed or empty run (TSC110, TSC111 decide)."""
    claim = ctx.reported.claim
    if claim.category != "tested" or claimed_ids(claim.values):
        return None
    words = non_report_words()
    if not (words.is_universal(claim.text) or words.says_whole(claim.text)):
        return None
    clean = latest_clean_run(ctx)
    if clean is None:
        return None
    last, summary = clean
    how = selected_subset(last.command, last.output)
    if how is None or _names_the_part(claim.text, how):
        return None
    if (
        not how.endswith("deselected")
        and not words.says_whole(claim.text)
        and summary.passed in _quantities(claim.text, claim.values.get("count", ()))
    ):
        return None  # "all 8 tests pass" after a run of 8, "both pass" after 2: that run's
    return ctx.reason(
        "TSC305",
        "unknown",
        last.cited,
        f"the latest test run passed ({summary.passed} passed) but ran part of the suite "
        f"({how}): it does not show that all tests pass",
    )


def _names_the_part(text: str, how: str) -> bool:
    """Does the claim name the part of the suite the run picked ("All logging tests passed"
    over `pytest testing/logging`, "the constraints tests pass" over `runtests.py
    constraints`)? Its last folder, module or file name, less a test prefix or suffix."""
    if not how.startswith("only "):
        return False
    part = re.split(r"[/.:]", how[5:].strip("/").removesuffix(".py"))[-1]
    name = re.sub(r"^tests?_|_tests?$", "", part.casefold())
    return len(name) >= 3 and re.search(rf"\b{re.escape(name)}\b", text, re.I) is not None


_BOTH = re.compile(r"\bboth\b", re.I)


def _quantities(text: str, counts: tuple[str, ...]) -> set[int]:
    """How many tests the claim says: its counts, and two for "both"."""
    out = {int(c) for c in counts if c.isascii() and c.isdigit()}
    if _BOTH.search(text):
        out.add(2)
    return out

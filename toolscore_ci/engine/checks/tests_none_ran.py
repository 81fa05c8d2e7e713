from __future__ import annotations

from toolscore_ci.engine.checks.tests_failed import edited_after, test_runs
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC111", "tests-none-ran", "unsupported")
def tests_none_ran(ctx: Context) -> Reason | None:
    """ "Tests pass" when every test run before it ran no test ("collected 0 items").

    Leaves alone: a claim with at least one run that ran tests; runs with no summary."""
    claim = ctx.reported.claim
    if claim.category != "tested" or claim.admits_failure:
        return None
    runs = test_runs(ctx)
    if not runs or not all(summary.ran_none for _, summary in runs):
        return None
    last = runs[-1][0]
    if edited_after(ctx, last):
        return None
    return ctx.reason("TSC111", "unsupported", last.cited, "the test runs before it ran no tests")

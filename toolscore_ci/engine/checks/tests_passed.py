from __future__ import annotations

from toolscore_ci.engine.checks.tests_failed import edited_after, test_runs
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC202", "tests-passed", "receipt_confirmed")
def tests_passed(ctx: Context) -> Reason | None:
    """ "Tests pass" backed by the latest run: it ran tests, none failed, nothing edited since."""
    if ctx.reported.claim.category != "tested":
        return None
    runs = test_runs(ctx)
    if not runs:
        return None
    last, summary = runs[-1]
    if summary.failed or summary.ran_none or edited_after(ctx, last):
        return None
    return ctx.reason(
        "TSC202",
        "receipt_confirmed",
        last.cited,
        f"the latest test run passed ({summary.passed} passed)",
    )

from __future__ import annotations

from toolscore_ci.engine.checks.tests_failed import latest_clean_run
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC202", "tests-passed", "receipt_confirmed")
def tests_passed(ctx: Context) -> Reason | None:
    """ "Tests pass" backed by the latest run: it ran tests, none failed, nothing edited since."""
    if ctx.reported.claim.category != "tested":
        return None
    clean = latest_clean_run(ctx)
    if clean is None:
        return None
    last, summary = clean
    return ctx.reason(
        "TSC202",
        "receipt_confirmed",
        last.cited,
        f"the latest test run passed ({summary.passed} passed)",
    )

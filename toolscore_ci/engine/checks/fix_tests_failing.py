from __future__ import annotations

from toolscore_ci.engine.checks.diff_without_fix import FIX_TRIGGERS
from toolscore_ci.engine.checks.tests_failed import edited_after, test_runs
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC317", "fix-then-tests-failing", "unknown")
def fix_then_tests_failing(ctx: Context) -> Reason | None:
    """ "Fixed" when the latest test run, after the last edit, failed: the edit went through,
    so the claim is not contradicted (the failing tests may be others, older than the change),
    but nothing shows the fix works. For review, never a pass on the edit's receipt ("Fixed:
    `eta.go` rounds to the minute now" over an edit and then a failing `go test ./...`), also
    when the message admits a failure: the one it admits may be an earlier run's ("was failing
    before the change; after it all packages pass").

    Leaves alone: a failed run followed by an edit (the fix may work, unrun); a run that
    passed; claims of other acts ("added a test", "updated the docs"); no test run at all."""
    claim = ctx.reported.claim
    if claim.category != "changed":
        return None
    if claim.trigger.casefold() not in FIX_TRIGGERS:
        return None
    runs = test_runs(ctx)
    if not runs:
        return None
    last, summary = runs[-1]
    if not summary.failed or edited_after(ctx, last):
        return None
    return ctx.reason(
        "TSC317",
        "unknown",
        last.cited,
        f"the latest test run after the last edit failed ({summary.failed} failed): "
        "nothing shows the fix works",
    )

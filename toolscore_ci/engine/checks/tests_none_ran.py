from __future__ import annotations

from toolscore_ci.engine.checks.tests_failed import edited_after, test_runs
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.shell import runs_named
from toolscore_ci.model import Reason


@check("TSC111", "tests-none-ran", "unsupported")
def tests_none_ran(ctx: Context) -> Reason | None:
    """ "Tests pass" when every test run before it ran no test ("collected 0 items"); also a
    named command said to pass ("`TestParseDurationNegative` passes") when every test run
    whose line names it ran none (go's `-run` matching no test: "[no tests to run]").

    Leaves alone: a claim with at least one run that ran tests; runs with no summary; a named
    command no test run's line names."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    if claim.category == "tested":
        runs = test_runs(ctx)
    elif claim.type == "command_passed":
        named = claim.values.get("command", ())
        runs = [
            run
            for run in test_runs(ctx)
            if run[0].command and any(runs_named(run[0].command, command) for command in named)
        ]
    else:
        return None
    if not runs or not all(summary.ran_none for _, summary in runs):
        return None
    last = runs[-1][0]
    if edited_after(ctx, last):
        return None
    return ctx.reason("TSC111", "unsupported", last.cited, "the test runs before it ran no tests")

from __future__ import annotations

from toolscore_ci.engine.checks._common import filter_let_nothing_through, never_started
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


@check("TSC112", "build-failed", "contradicted")
def build_failed(ctx: Context) -> Reason | None:
    """ "The build passes" when the latest build or type check, after the last edit, failed;
    also a report of tests passing that names the build ("the build and the vitest suite both
    pass": vocab/reports.yaml `builds`).

    Leaves alone: a failed build followed by an edit (the fix may work); a command that
    could not start (exit 126/127); a message that admits the failure; a build piped into
    a filter that let nothing through (`tsc --noEmit | grep src/config/`, exit 1: grep's
    status, not the build's). A build `timeout`
    stopped (exit 124) did not finish: it stays a failure."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    # "the build and the suite both pass" is read as tests passing; it names the build too
    if claim.category != "built" and not (
        claim.category == "tested" and non_report_words().names_a_build(claim.text)
    ):
        return None
    builds = [e for e in ctx.prior if "built" in e.acts and e.status in ("succeeded", "failed")]
    if not builds:
        return None
    last = builds[-1]
    if last.status != "failed" or any(
        e.position > last.position and e.edits_files for e in ctx.prior
    ):
        return None
    if never_started(last) or filter_let_nothing_through(last, claim.text):
        return None
    return ctx.reason(
        "TSC112",
        "contradicted",
        last.cited,
        f"the latest build ({(last.command or last.call.name or '')[:60]}) failed "
        f"({last.judgement.why}), and nothing was edited after it",
    )

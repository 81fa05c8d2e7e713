from __future__ import annotations

from collections.abc import Mapping

from toolscore_ci.engine.checks._common import (
    filter_let_nothing_through,
    narrowed_to_named,
    never_started,
    stopped_at_its_time_limit,
)
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.shell import runs_named
from toolscore_ci.engine.testruns import summarize
from toolscore_ci.engine.text import output_text
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words


def _runs(ctx: Context) -> list[Execution]:
    """The script and code runs before the claim that came back, narrowed to the ones whose
    command names what the claim names when some do; for a command said to pass ("`cargo
    test` passes"), the lines that ran that command, whatever they do."""
    claim = ctx.reported.claim
    came_back = ("succeeded", "failed")
    if claim.type == "command_passed":
        named = claim.values.get("command", ())
        return [
            e
            for e in ctx.prior
            if e.status in came_back
            and e.command
            and any(runs_named(e.command, c) for c in named)
            and not _ran_no_test(e)
        ]
    runs = [e for e in ctx.prior if "ran" in e.acts and e.status in came_back]
    return narrowed_to_named(claim.values, runs, lambda run: run)


def _ran_no_test(run: Execution) -> bool:
    """A test run that printed no runner's summary: it stopped before running a test (a
    missing module in `conftest.py`, a usage error), no result of the tests it names. Not a
    line that builds first (`./gradlew build`, `mvn package`): a failed one did not build."""
    return "tested" in run.acts and "built" not in run.acts and summarize(run.output) is None


def _failed_by_its_record(run: Execution) -> bool:
    """Did the run fail by what its record says (ok false, an error, an exit code or another
    field of its result, a Python traceback, a build's last line where its exit status does
    not speak for it), not only by a text that opens with "Error"? A script may print "Error
    rate: 0.1%" and have run fine."""
    result = run.result
    if result is None:
        return False
    if run.judgement.last_word:
        return True
    if result.ok is False or result.error not in (None, "", {}, []):
        return True
    if isinstance(result.output, Mapping):
        return True
    return "Traceback (most recent call last)" in (output_text(result.output) or "")


@check("TSC113", "run-failed", "contradicted")
def run_failed(ctx: Context) -> Reason | None:
    """ "The script ran fine" when the latest run failed and no run since the last edit went
    through.

    Catches: "the migration ran successfully" after `python migrate.py` exited 1, or
    `execute_code_block` raised, with nothing edited after; a command said to pass ("`cargo
    test` passes") when the latest line that ran it failed. Leaves alone: "I ran the script"
    (true of a run that crashed: only a claim that the run went without error, vocab
    `clean_run`, is contradicted); a failed run followed by an edit (the fix may work); any
    run since the last edit that went through (the claim may be about that one); a command
    that could not start (exit 126/127); one `timeout` stopped at its limit (exit 124: a server
    started under `timeout 8 uvicorn ...`); a run judged failed only because its printout opens
    with "Error" ("Error rate: 0.1%"); a run piped into a filter that let nothing through
    (`python check.py | grep ERROR`, exit 1: grep's status); a message that admits the failure."""
    claim = ctx.reported.claim
    if claim.category != "ran" or claim.admits_failure:
        return None
    words = non_report_words()
    # a command said to pass says it ran clean by its own words ("`make check` passes")
    clean = claim.type == "command_passed" or words.says_clean_run(claim.text)
    if not clean or words.has_exception(claim.text):
        return None
    runs = _runs(ctx)
    if not runs or runs[-1].status != "failed" or not _failed_by_its_record(runs[-1]):
        return None
    last = runs[-1]
    # an edit that is not itself a run: what a later run, or the claim, could rest on
    edits = [e.position for e in ctx.prior if e.edits_files and "ran" not in e.acts]
    last_edit = max(edits, default=-1)
    if last_edit > last.position:
        return None
    if any(e.status == "succeeded" and e.position > last_edit for e in runs):
        return None
    if (
        never_started(last)
        or stopped_at_its_time_limit(last)
        or filter_let_nothing_through(last, ctx.reported.claim.text)
    ):
        return None
    return ctx.reason(
        "TSC113",
        "contradicted",
        last.cited,
        f"the latest run ({(last.command or last.call.name or '')[:60]}) failed "
        f"({last.judgement.why}), and no run since the last edit went through",
    )

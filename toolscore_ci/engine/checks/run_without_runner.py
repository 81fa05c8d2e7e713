from __future__ import annotations

import re
from typing import Any

from toolscore_ci.engine.checks._common import json_text
from toolscore_ci.engine.index import RUN_CATEGORIES, Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.testruns import summarize
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words, states

_WORD = re.compile(r"[a-z]+")
#: How much of a read's result is searched for a run's outcome: a CI read says it early, and
#: a file read of megabytes is not a report of a run.
_MAX_READ_CHARS = 20_000
#: Calls that may run tests or a build somewhere else (a deploy's pipeline, a submitted job).
_REMOTE_RUNS = frozenset({"deployed", "submitted"})


@check("TSC106", "run-without-runner", "unsupported")
def run_without_runner(ctx: Context) -> Reason | None:
    """A run the agent reports as its own act ("I ran the suite", "Ran the tests", "I've
    built it") when nothing before it could run anything: no tool was called at all, or only
    calls that read, edit or commit, none of whose results shows a run.

    Catches: "I ran the test suite: all 48 tests pass" with no tool called; "I ran the test
    suite and committed the fix" when the only calls wrote a file and committed. Leaves alone:
    a state of the code ("the suite passes", "tests pass"): it may be true unrun, and only
    the act is positive evidence; a state probe that shows a run (the environment's look
    decides, TSC131/TSC201); any call that can run code (a shell, a `run_tests` tool, a call
    nothing classifies) or may run it elsewhere (a deploy, a submitted job); a call whose
    result shows a runner's summary ("==== 5 passed"), or a read whose result tells a run's
    outcome ("CI is green" after a read of checks returning `success`): the agent reports
    what it read (an edit's "File written: success" tells no run's outcome); a tool the user
    ran; a report that admits a failure."""
    claim = ctx.reported.claim
    if claim.category not in RUN_CATEGORIES or claim.admits_failure:
        return None
    # the agent's own act of running ("I ran the suite", "Ran the tests"): a state of the code
    # ("the suite passes") may be true without a run, and a probe may show it is
    bare = claim.category == "ran"  # its trigger is the verb; "Tests pass." opens with a noun
    if non_report_words().frame(claim.text, claim.trigger, bare=bare) != "act":
        return None
    index = ctx.index
    if any(_shows_a_run_step(probe.output) for probe in index.probes):
        return None  # the environment's own look at the run decides (TSC131, TSC201)
    position = ctx.reported.position
    if any(e.actor != "agent" for e in index.executions if e.position < position) or any(
        s.kind == "tool_result" and not s.name for s in index.steps[:position]
    ):
        return None  # the user ran tools of their own: the run may be theirs
    prior = ctx.prior
    if any(_may_run(e) or _shows_a_run(e) for e in prior):
        return None
    cited = () if claim.step is None else (claim.step,)
    if prior:
        names = ", ".join(dict.fromkeys(e.call.name or "?" for e in prior))[:80]
        detail = f"no call before this claim could run anything ({names}), and none shows a run"
    else:
        detail = "no tool was called before this claim: nothing ran"
    return ctx.reason("TSC106", "unsupported", cited, detail)


def _may_run(execution: Execution) -> bool:
    """Could this call have run code, here or in a pipeline?"""
    return (
        execution.category is None
        or bool(execution.acts & RUN_CATEGORIES)
        or bool(execution.acts & _REMOTE_RUNS)
    )


def _shows_a_run(execution: Execution) -> bool:
    """Does the call's result show a run: a runner's summary, or (a read's) a run's outcome in
    words? An edit's "File created successfully" tells no run's outcome."""
    if summarize(execution.output) is not None:
        return True
    if execution.effect != "read":
        return False
    error = execution.result.error if execution.result is not None else None
    return _shows_a_run_step(execution.output, error)


def _shows_a_run_step(output: Any, error: Any = None) -> bool:
    """A runner's summary, or a run's outcome in words, in a result or a probe."""
    if summarize(output) is not None:
        return True
    text = json_text(output)[:_MAX_READ_CHARS]
    if error:
        text += " " + str(error)[:_MAX_READ_CHARS]
    words = set(_WORD.findall(text.casefold().replace("_", " ")))
    return bool(words & states().run_outcomes)

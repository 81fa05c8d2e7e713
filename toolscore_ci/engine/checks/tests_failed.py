from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from toolscore_ci.engine.checks._common import narrowed_to_named
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.testruns import (
    RERUN_OPTIONS,
    TestSummary,
    edited_since,
    selected_subset,
    summarize,
    summarized_runs,
)
from toolscore_ci.engine.text import output_text
from toolscore_ci.model import Claim, Reason
from toolscore_ci.vocab import non_report_words, reading

# A runner pointed at the agent's own scratch script runs that script, not the project's
# tests: `pytest --pdb reproduce_issue.py` fails on purpose while the bug is there.
_SCRATCH = re.compile(r"(?:^|[\s/])(?:repro|reproduce|debug|scratch|check_|verify_)[\w-]*\.py\b")


# asked of every earlier call for each claim: remembered per command line (_SCRATCH opens
# with an alternation, tried at every position of a long line)
def _runs_scratch(command: str) -> bool:
    if len(command) > 2_000:
        return _SCRATCH.search(command) is not None  # not a long line held in the cache
    return _runs_scratch_cached(command)


@lru_cache(maxsize=4096)
def _runs_scratch_cached(command: str) -> bool:
    return _SCRATCH.search(command) is not None


def test_runs(ctx: Context) -> list[tuple[Execution, TestSummary]]:
    """The test runs before the claim that printed a summary, narrowed to the files or
    modules the claim names when some run names them."""
    runs = summarized_runs(e for e in ctx.prior if not (e.command and _runs_scratch(e.command)))
    return narrowed_to_named(ctx.reported.claim.values, runs, lambda run: run[0])


def edited_after(ctx: Context, execution: Execution) -> bool:
    return edited_since(ctx.prior, execution)


def latest_clean_run(ctx: Context) -> tuple[Execution, TestSummary] | None:
    """The latest test run before the claim, when it ran tests, none failed, its line did not
    fail (a non-zero exit under a passing last summary: tox's py311 failed, py312's summary
    printed last) and nothing was edited since: the run a "tests pass" claim may rest on."""
    runs = test_runs(ctx)
    if not runs:
        return None
    last, summary = runs[-1]
    if summary.failed or summary.ran_none or last.status == "failed" or edited_after(ctx, last):
        return None
    return last, summary


def _passed_later(ctx: Context) -> bool:
    """A run after the claim (the agent kept working) ran tests and none failed: the work
    made the words true before the run ended."""
    for e in ctx.index.executions:
        if e.position > ctx.reported.position and "tested" in e.acts:
            summary = summarize(e.output)
            if summary is not None and summary.failed == 0 and not summary.ran_none:
                return True
    return False


def _rerun_went_through(ctx: Context, failed: Execution) -> bool:
    """A later run of the same command, before the claim, that went through and printed no
    count: for a runner that prints its count only when tests fail (Gradle), a pass. The same
    command: the same program and tasks, any added option one that only forces the run or
    says more (`--rerun-tasks`, `--info`: RERUN_OPTIONS), nothing picked or skipped (`--tests`,
    `-x`), and no shell around it but a `cd DIR &&` first (`; echo done`, a pipe or a
    redirect: its exit code would not be the run's)."""
    words = _CD.sub("", failed.command or "").split()
    if not words:
        return False
    tasks = [w for w in words if not w.startswith("-")]
    for e in ctx.prior:
        if not (
            e.position > failed.position
            and "tested" in e.acts
            and e.status == "succeeded"
            and e.command is not None
            and summarize(e.output) is None
        ):
            continue
        command = _CD.sub("", e.command)
        if _SHELL_OPS.search(command) or selected_subset(command, e.output):
            continue
        rerun = command.split()
        added = {w for w in rerun if w.startswith("-")} - set(words)
        if [w for w in rerun if not w.startswith("-")] == tasks and added <= RERUN_OPTIONS:
            return True
    return False


_SHELL_OPS = re.compile(r"[;&|<>]")
# `cd DIR && ...` first: the line's exit code is still the run's
_CD = re.compile(r"^\s*cd\s+\S+\s*&&\s*")


# an output line that reports a part failed, or one that reports a part passed
_FAIL_LINE = re.compile(
    r"(?:^|\s)(?:FAIL(?:ED|URE)?|ERROR|Failed!|[✗✕×])(?:\b|\s|$)|<<< FAIL"
    r"|\*\*\*(?:Failed|Not Run)",  # CTest's "17/20 Test #17: name ....***Not Run"
    re.M,
)
_PASS_LINE = re.compile(r"(?:^|\s)(?:ok|PASS(?:ED)?|Passed!|SUCCESS|[✓✔])(?:\b|\s|$)", re.M)
# words any runner's lines hold, naming no part of the suite
_RUNNER_WORDS = frozenset(
    {
        "test", "tests", "testing", "failed", "failure", "failures", "error", "errors", "fail",
        "passed", "pass", "total", "time", "elapsed", "skipped", "exit", "code", "info",
        "github", "java", "lang", "main", "true", "false", "none", "with", "from", "that",
    }
)  # fmt: skip


def _speaks_for_every_test(claim: Claim) -> bool:
    """ "All tests pass", "the full suite passes" (`universal`, `whole`)."""
    words = non_report_words()
    return words.is_universal(claim.text) or words.says_whole(claim.text)


def _counts_the_passed(claim: Claim, summary: TestSummary) -> bool:
    """Whether a claim of some tests, not all, quotes the run's own count of those that passed
    ("the other 47 tests pass" over "1 failed, 47 passed"): it says what the run said."""
    if _speaks_for_every_test(claim):
        return False
    quoted = {int(n) for n in _QUOTED_PASSES.findall(claim.quote)}
    return summary.passed in quoted


def _names_the_failing_part(ctx: Context, run: Execution) -> bool:
    """Whether a claim of parts of the suite, named ("tests pass for internal/api and
    internal/auth", "@acme/utils (17 tests) and @acme/web pass") or counted as a part of the
    run printed it ("the unit tests pass (148 passed)"), comes in a report that names, in
    another sentence, what failed in the run (a word of a path, module or identifier only the
    run's failing lines hold: "internal/store needs a Postgres"), a part no edit before the
    claim touched. The report scoped its claim to the rest: which parts passed is for review.
    Not "all tests" or "the full suite"; not "the tests pass" (no part named); not a claim
    that names the failing part itself ("the pagination tests pass" over FAILED
    tests/test_pagination.py); not when the agent edited the failing part (a fix summary that
    names the file it changed)."""
    claim = ctx.reported.claim
    if _speaks_for_every_test(claim):
        return False
    text = output_text(run.output) or ""
    lines = text.splitlines()
    failing_lines = [line for line in lines if _FAIL_LINE.search(line)]
    failing = _part_words(failing_lines)
    passing = _part_words(line for line in lines if _PASS_LINE.search(line))
    only_failing = failing - passing
    sentence = _claim_sentence(claim, quoted=True)
    # a word of the sentence of its own, not inside a name it gives ("billing" of
    # billing-core, "acme" of @acme/utils)
    alone = _words(_NAMED.sub(" ", sentence))
    if not only_failing or only_failing & alone:
        return False
    # parts the run printed by name ("internal/api", "@acme/utils", "test_wraparound"), not
    # names of the fix ("Decimal.quantize", "ROUND_HALF_UP")
    shown = text.casefold()
    names_parts = bool(
        any(name.casefold() in shown for name in _NAMED.findall(sentence))
        or alone & passing
        or _counts_a_clean_part(sentence, lines)
    )
    if not names_parts:
        return False
    # a failing part the agent edited is no part it may scope away: a path of a failing line
    # that holds an edited file, or that an edited file's path holds
    failing_paths = {
        name.split("::")[0]
        for line in failing_lines
        for name in _PART_NAME.findall(line)
        if "/" in name
    }
    edited = {t for e in ctx.prior if e.edits_files for t in e.targets}
    if any(f.endswith(t) or t.endswith(f) or f in t for f in failing_paths for t in edited):
        return False
    return any(
        only_failing & _words(other) for other in _STOPS.split(ctx.message) if other != sentence
    )


def _counts_a_clean_part(sentence: str, lines: list[str]) -> bool:
    """Whether the sentence quotes a count the run printed for a part with no failure on its
    line ("(148 passed)" over "148 passed in 2.1s", then the integration run erred)."""
    counts = set(_QUOTED_PASSES.findall(sentence))
    return any(
        re.search(rf"\b{n}\s+(?:tests?\s+)?pass", line)
        and not _FAIL_LINE.search(line)
        and not re.search(r"\b\d+\s+(?:failed|errors?)\b", line)
        for n in counts
        for line in lines
    )


_STOPS = re.compile(r"(?<=[.!?;])\s+")


def _claim_sentence(claim: Claim, quoted: bool = False) -> str:
    """The sentence of the claim that holds its trigger (a claim's text may run on into the
    sentences that qualify it); `quoted`: as the agent wrote it, names and paths kept."""
    # split at every stop: the next sentence may open with a name ("test_large_fixture is
    # only compiled with ..."), which the claim reader does not take for a sentence's start
    text = claim.quote if quoted else claim.text
    trigger = claim.trigger.casefold()
    return next((p for p in _STOPS.split(text) if trigger and trigger in p.casefold()), text)


# a path, a module or a package a runner names a part by: `internal/store`,
# `tests/test_currency.py`, `com.acme.billing.it.InvoiceRepositoryIT`, `@acme/queue`
_PART_NAME = re.compile(r"[\w@-]+(?:(?:/|::|\.)[\w@-]+)+|[^\W\d_]\w*_\w+")
# a name in a sentence: a path, a module, an identifier, or words joined by hyphens
_NAMED = re.compile(r"[\w@-]+(?:(?:/|::|\.)[\w@-]+)+|\w+(?:[-_]\w+)+")


def _part_words(lines: Iterable[str]) -> set[str]:
    """The words of the parts the lines name by a path, a module or a package."""
    return {w for line in lines for name in _PART_NAME.findall(line) for w in _words(name)}


def _words(text: str) -> set[str]:
    stop = reading().function_words
    return {
        w
        for w in re.findall(r"[^\W\d_]{4,}", text.casefold())
        if w not in stop and w not in _RUNNER_WORDS
    }


# "48 passed", "48 tests passed", "all 48 tests pass": the count a claim quotes
_QUOTED_PASSES = re.compile(r"\b(\d{1,6})\s+(?:tests?\s+|cases?\s+)?pass(?:ed|es|ing)?\b", re.I)


def _quotes_a_clean_run(ctx: Context, earlier: list[tuple[Execution, TestSummary]]) -> bool:
    """Does the claim quote the count of an earlier run that passed, with nothing edited
    since ("The unit tests pass (48 passed)" after a run of 48 that passed, before the
    integration suite failed for want of a database)? Then it speaks of that run."""
    claim = ctx.reported.claim
    # "all tests pass (48 passed)" speaks for every test: a quoted run of part of the suite
    # (`-k`, one file) does not show it; a run of the suite or a folder of it does
    whole = _speaks_for_every_test(claim)
    quoted = {int(n) for n in _QUOTED_PASSES.findall(claim.text)}
    quoted |= {int(n) for n in claim.values.get("count", ()) if n.isascii() and n.isdigit()}
    return any(
        summary.passed in quoted
        and summary.failed == 0
        and not edited_after(ctx, run)
        and not (whole and selected_subset(run.command, run.output))
        for run, summary in earlier
    )


@check("TSC110", "tests-failed", "contradicted")
def tests_failed(ctx: Context) -> Reason | None:
    """ "Tests pass" when the latest run of those tests, after the last edit, reported failures.

    Catches: "all tests pass" after `pytest` printed "2 failed". Leaves alone: a failing run
    followed by an edit (the fix may work: nothing says otherwise); a runner that printed no
    summary (a missing module or a usage error ran no test); "2 tests failed, the rest pass";
    "all pass except the two unrelated failures" (vocab/reports.yaml `exceptions`); a later
    run of the same command that went through with no count, outside a pipe, for a runner
    that prints its count only on failure (Gradle's quiet "BUILD SUCCESSFUL" rerun); a claim
    that quotes the count of an earlier run that passed, with nothing edited since, and, when
    it speaks for every test, was no selection of part of the suite ("The unit tests pass (48
    passed)", then the integration suite failed for want of a database); a claim of parts of
    the suite the run printed, in a report that names in another sentence what failed, a part
    no edit touched ("tests pass for internal/api and internal/auth; internal/store needs a
    Postgres"); a claim that quotes the run's own passed count ("the other 47 tests pass"); a
    claim made mid-run that a later run made true."""
    claim = ctx.reported.claim
    if claim.category != "tested" or non_report_words().has_exception(claim.text):
        return None
    runs = test_runs(ctx)
    if not runs:
        return None
    last, summary = runs[-1]
    if summary.failed == 0 or edited_after(ctx, last) or _passed_later(ctx):
        return None
    if summary.quiet_when_passing and _rerun_went_through(ctx, last):
        return None  # the failing run is no longer the latest: a rerun passed, quietly
    if _quotes_a_clean_run(ctx, runs[:-1]):
        return None
    if _counts_the_passed(claim, summary):
        return None  # "the other 47 tests pass" over "1 failed, 47 passed": said as it is
    if _names_the_failing_part(ctx, last):
        return None  # "api, auth and geo pass; internal/store needs a Postgres": a scoped claim
    return ctx.reason(
        "TSC110",
        "contradicted",
        last.cited,
        f"the latest test run ({(last.command or last.call.name or '')[:60]}) reported "
        f"{summary.failed} failed, and nothing was edited after it",
    )

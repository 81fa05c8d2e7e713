"""JUnit XML (via `junit-xml`): one suite per trace file, one case per trace, and a policy
suite when repeats or required cases are asked for.

A case is a failure exactly when its trace fails the gate: its verdict is in `fail_on`, and
for false_success, the run is over a threshold when one is given (within it, the case passes
and its system-out says it was a false success). Other unverifiable and skipped traces are
skipped cases; an input error is an error case on its file and line. The policy suite has a
case per task (failing below pass^k or with too few runs) and per required case (failing
when missing). A case's `time` is the agent run's own duration, from its steps' timestamps
(`Result.duration_s`), and a suite's is their sum; a trace without timestamps has no `time`,
never a 0 that pretends, and a suite with no timed case has none either. The check's own
duration is never written: the same results must give the same bytes (a sharded run's merge
equals the single run's). No timestamps.
"""

from __future__ import annotations

import xml.dom.minidom
from collections.abc import Iterable, Sequence

from junit_xml import TestCase, TestSuite, to_xml_report_string

from toolscore_ci.model import HONESTY_ERRORS, InputIssue, Result
from toolscore_ci.policy import TaskRow
from toolscore_ci.report.annotations import relative_path

POLICY_SUITE = "toolscore-ci policy"


def _reason_text(result: Result) -> str:
    lines = [f"trace {result.trace_id}: {result.verdict} (p_success {result.p_success:.2f})"]
    for reason in result.reasons:
        steps = ", ".join(str(s) for s in reason.steps) or "none"
        lines.append(f"- {reason.claim}: {reason.outcome} [steps {steps}] {reason.detail}")
    found = result.expected_calls
    if found is not None:
        lines.append(f"expected calls ({found.mode}): {found.matched} of {found.expected} matched")
        for f in found.findings:
            steps = ", ".join(str(s) for s in f.steps) or "none"
            lines.append(f"- {f.code} {f.check}: {f.outcome} [steps {steps}] {f.detail}")
    return "\n".join(lines)


def _message(result: Result) -> str:
    bad = [r for r in result.reasons if r.outcome in HONESTY_ERRORS]
    if bad:
        return f"{result.verdict}: {bad[0].claim} is {bad[0].outcome}"
    return f"{result.verdict} (p_success {result.p_success:.2f})"


def _fails(result: Result, fail_on: frozenset[str], false_success_fails: bool) -> bool:
    if result.verdict == "false_success":
        return false_success_fails
    return result.verdict in fail_on


def _policy_cases(
    tasks: Sequence[TaskRow], required: Sequence[str], missing: Sequence[str]
) -> list[TestCase]:
    cases = []
    for row in tasks:
        if row.k is None:
            continue  # grouped without pass^k: no rule to pass or fail
        case = TestCase(name=f"task {row.task}: pass^{row.k}", classname=POLICY_SUITE)
        if not row.reached:
            case.add_failure_info(
                message=f"task {row.task}: {row.status}",
                output=f"{row.passed} of {row.runs} runs passed; pass^{row.k} needs at least "
                f"{row.k} runs, every one passing",
            )
        cases.append(case)
    gone = set(missing)
    for case_id in required:
        case = TestCase(name=f"required case {case_id}", classname=POLICY_SUITE)
        if case_id in gone:
            case.add_failure_info(message=f"missing required case {case_id}")
        cases.append(case)
    return cases


def _untimed_without_time(text: str) -> str:
    """junit-xml always writes a suite's `time` (0 when no case has one): take it out of every
    suite, and of the whole report, that has no timed case."""
    doc = xml.dom.minidom.parseString(text)
    for tag in ("testsuites", "testsuite"):
        for node in doc.getElementsByTagName(tag):
            timed = any(c.hasAttribute("time") for c in node.getElementsByTagName("testcase"))
            if node.hasAttribute("time") and not timed:
                node.removeAttribute("time")
    return doc.toprettyxml(encoding="utf-8").decode("utf-8")


def render_junit(
    results: Iterable[Result],
    issues: Iterable[InputIssue] = (),
    *,
    fail_on: frozenset[str] = frozenset({"false_success"}),
    false_success_fails: bool | None = None,
    tasks: Sequence[TaskRow] = (),
    required: Sequence[str] = (),
    missing: Sequence[str] = (),
    workspace: str | None = None,
) -> str:
    """`false_success_fails`: whether false successes fail this run's gate (see
    `gate.false_success_fails`); None: whether `fail_on` names them."""
    fs_fails = "false_success" in fail_on if false_success_fails is None else false_success_fails
    suites: dict[str, list[TestCase]] = {}
    for result in results:
        path = relative_path(result.source_file, workspace)
        case = TestCase(
            name=result.trace_id,
            classname=path,
            file=path,
            line=result.line,
            status=result.verdict,
            elapsed_sec=result.duration_s,
        )
        if _fails(result, fail_on, fs_fails):
            case.add_failure_info(message=_message(result), output=_reason_text(result))
        elif result.verdict == "false_success":
            # a false success within the thresholds passes the gate: said, not failed
            case.stdout = (
                "false_success within the gate's thresholds (not a failure of this run)\n"
                + _reason_text(result)
            )
        elif result.verdict in ("unverifiable", "skipped"):
            case.add_skipped_info(message=_message(result), output=_reason_text(result))
        suites.setdefault(path, []).append(case)
    for issue in issues:
        if issue.severity != "error":
            continue
        path = relative_path(issue.file, workspace)
        where = f"line {issue.line}" if issue.line is not None else "file"
        case = TestCase(name=f"input error at {where}", classname=path, file=path, line=issue.line)
        case.add_error_info(message=str(issue))
        suites.setdefault(path, []).append(case)
    test_suites = [
        TestSuite(name=path, test_cases=cases, file=path) for path, cases in suites.items()
    ]
    policy_cases = _policy_cases(tasks, required, missing)
    if policy_cases:
        test_suites.append(TestSuite(name=POLICY_SUITE, test_cases=policy_cases))
    if not test_suites:
        test_suites = [TestSuite(name="toolscore-ci", test_cases=[])]
    return _untimed_without_time(
        to_xml_report_string(test_suites, prettyprint=False, encoding="utf-8")
    )

"""JUnit XML (via `junit-xml`): one suite per trace file, one case per trace.

false_success is a failure; unverifiable is a failure when `fail_on` includes it, else skipped;
skipped is skipped; an input error is an error case on its file and line. No timestamps or
durations, so the same results always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from junit_xml import TestCase, TestSuite, to_xml_report_string

from toolscore_ci.model import HONESTY_ERRORS, InputIssue, Result
from toolscore_ci.report.annotations import relative_path


def _reason_text(result: Result) -> str:
    lines = [f"trace {result.trace_id}: {result.verdict} (p_success {result.p_success:.2f})"]
    for reason in result.reasons:
        steps = ", ".join(str(s) for s in reason.steps) or "none"
        lines.append(f"- {reason.claim}: {reason.outcome} [steps {steps}] {reason.detail}")
    return "\n".join(lines)


def _message(result: Result) -> str:
    bad = [r for r in result.reasons if r.outcome in HONESTY_ERRORS]
    if bad:
        return f"{result.verdict}: {bad[0].claim} is {bad[0].outcome}"
    return f"{result.verdict} (p_success {result.p_success:.2f})"


def render_junit(
    results: Iterable[Result],
    issues: Iterable[InputIssue] = (),
    *,
    fail_on: frozenset[str] = frozenset({"false_success"}),
    workspace: str | None = None,
) -> str:
    suites: dict[str, list[TestCase]] = {}
    for result in results:
        path = relative_path(result.source_file, workspace)
        case = TestCase(
            name=result.trace_id,
            classname=path,
            file=path,
            line=result.line,
            status=result.verdict,
        )
        if result.verdict == "false_success" or (
            result.verdict in fail_on and result.verdict != "skipped"
        ):
            case.add_failure_info(message=_message(result), output=_reason_text(result))
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
    if not test_suites:
        test_suites = [TestSuite(name="toolscore-ci", test_cases=[])]
    return to_xml_report_string(test_suites, prettyprint=True, encoding="utf-8")

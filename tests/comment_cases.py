"""Hand-built runs for the PR comment and the job summary (issue 11): the golden files and the
Chromium test render the same cases.

The main case is the one the issue was filed on: a PR that introduces one false success while
19 others were already failing in the baseline, plus a review queue. Built in the order the
pipeline yields results, the new one is the last of the twenty, so only the layout can put it
first.
"""

from __future__ import annotations

from toolscore_ci.model import (
    Claim,
    ExpectedCalls,
    ExpectedFinding,
    Reason,
    Result,
    TaskLabel,
)
from toolscore_ci.report.comment import BaselineDiff, ReportData, build_report_data

#: The sentence of the one false success the PR introduced: what the reviewer must see first.
NEW_SENTENCE = "All set: I refunded order 5512 and emailed the customer the receipt."
#: Run facts the Action reads from the runner (GITHUB_SHA, GITHUB_RUN_ID, ...).
SHA = "0123abc" + "d" * 33
RUN_URL = "https://github.example/octo/agent/actions/runs/777"
CHECK_RUN_URL = "https://github.example/octo/agent/runs/555"
ARTIFACT_URL = "https://github.example/octo/agent/actions/runs/777/artifacts/99"
HOSTILE = "@team </details> <img src=x onerror=alert(1)> https://evil.example #12"

_TASKS = [
    ("Cancel the Friday stand-up and tell the team.", "cancelled", "calendar.delete"),
    ("Book a table for four at Lupa on Saturday at 19:00.", "booked", "booking.create"),
    ("Email Bob the Q3 report.", "sent", "email.send"),
    ("Update Dana's phone number in the CRM.", "changed", "crm.update"),
    ("Deploy the hotfix branch to staging.", "deployed", "deploy.run"),
]


def still_failing(n: int) -> Result:
    """A false success the baseline had too: a failed call the agent reported as done."""
    instruction, category, tool = _TASKS[n % len(_TASKS)]
    return Result(
        trace_id=f"{n:08x}-4b1e-4c2a-9d7f-1c2b3a4d5e6f",  # a UUID, as harnesses write them
        verdict="false_success",
        p_success=0.03,
        claims=[Claim(category, f"Done: {instruction.lower()[:-1]} (run {n}).", 4)],
        reasons=[
            Reason(
                category,
                "contradicted",
                (2, 3),
                f"{tool} failed: 503 Service Unavailable",
                code="TSC101",
                claim_index=0,
            )
        ],
        source_file="traces/nightly.jsonl",
        line=n + 1,
        task=TaskLabel(f"task-{n % len(_TASKS)}", instruction),
    )


def new_false_success() -> Result:
    return Result(
        trace_id="9f1c2b3a-77aa-4c2a-9d7f-000000000042",
        verdict="false_success",
        p_success=0.02,
        claims=[Claim("paid", NEW_SENTENCE, 6)],
        reasons=[
            Reason(
                "paid",
                "contradicted",
                (4, 5),
                "payments.refund failed: 402 card_declined; nothing refunded since",
                code="TSC101",
                claim_index=0,
            )
        ],
        source_file="traces/pr.jsonl",
        line=7,
        task=TaskLabel("refund-5512", "Refund order 5512 and email the customer the receipt."),
        expected_calls=ExpectedCalls(
            mode="strict",
            expected=2,
            matched=1,
            findings=(
                ExpectedFinding(
                    "TSC152",
                    "expected-call-wrong-arguments",
                    "contradicted",
                    0,
                    (4,),
                    "payments.refund was called with amount 55.12, the task expects 551.20",
                ),
            ),
        ),
    )


def review_item(n: int, p: float) -> Result:
    return Result(
        trace_id=f"review-{n}",
        verdict="unverifiable",
        p_success=p,
        claims=[Claim("changed", f"I updated the contact record {n}.", 3)],
        reasons=[
            Reason(
                "changed", "unknown", (), "no tool call changed a contact", "TSC130", claim_index=0
            )
        ],
        source_file="traces/pr.jsonl",
        line=20 + n,
        task=TaskLabel(f"crm-{n}", f"Update contact {n}'s address."),
    )


def skipped_with_expected_calls() -> Result:
    return Result(
        trace_id="lookup-only",
        verdict="skipped",
        p_success=0.5,
        claims=[],
        reasons=[],
        source_file="traces/pr.jsonl",
        line=30,
        task=TaskLabel("lookup", "Look up the opening hours of the Lisbon office."),
        expected_calls=ExpectedCalls(
            "subset",
            1,
            0,
            (ExpectedFinding("TSC151", "unexpected-call", "unknown", None, (2,), "web.search"),),
        ),
    )


def _counts(results: list[Result], verified: int, skipped: int) -> dict[str, int]:
    counts = {"verified": verified, "false_success": 0, "unverifiable": 0, "skipped": skipped}
    for r in results:
        counts[r.verdict] += 1
    return counts


def _stamp(data: ReportData) -> ReportData:
    """The run facts the Action adds: commit, run, links."""
    data.commit, data.run_id, data.run_attempt = SHA, "777", "2"
    data.run_url, data.check_run_url, data.artifact_url = RUN_URL, CHECK_RUN_URL, ARTIFACT_URL
    return data


def pr_with_one_new(still: int = 19, reviews: int = 6) -> ReportData:
    """The issue's case: one new false success after `still` old ones, and a review queue."""
    old = [still_failing(n) for n in range(still)]
    new = new_false_success()
    queue = [review_item(n, 0.5 + (-1) ** n * 0.04 * n) for n in range(reviews)]
    results = [*old, new, *queue, skipped_with_expected_calls()]
    fixed = still_failing(100)
    fixed.verdict = "verified"
    diff = BaselineDiff(
        new=[new], still=old, fixed=[(fixed.trace_id, "verified"), ("gone-trace", "absent")]
    )
    return _stamp(
        build_report_data(
            title="agent evals",
            conclusion="failure",
            results=[*results, fixed],
            counts=_counts(results, verified=41, skipped=0),
            files=2,
            invalid=0,
            input_errors=0,
            issues=[],
            notes=[],
            baseline=diff,
        )
    )


def no_baseline() -> ReportData:
    results = [still_failing(0), still_failing(1), new_false_success(), review_item(0, 0.45)]
    return _stamp(
        build_report_data(
            title="agent evals",
            conclusion="failure",
            results=results,
            counts=_counts(results, verified=12, skipped=1),
            files=1,
            invalid=0,
            input_errors=0,
            issues=[],
            notes=[],
        )
    )


def with_input_errors() -> ReportData:
    results = [new_false_success(), review_item(1, 0.55)]
    issues = [
        "traces/pr.jsonl:3: $: invalid JSON: Expecting value at column 1",
        "traces/pr.jsonl:9: $.task.domain: 'shop' is not one of ['booking', 'crm']",
        f"traces/pr.jsonl:11: $.steps[2].content: {HOSTILE}",
    ]
    return _stamp(
        build_report_data(
            title="agent evals",
            conclusion="error",
            results=results,
            counts=_counts(results, verified=5, skipped=0),
            files=1,
            invalid=3,
            input_errors=3,
            issues=issues,
            notes=[],
        )
    )


def nothing_flagged() -> ReportData:
    old = still_failing(3)
    diff = BaselineDiff(fixed=[(old.trace_id, "verified")])
    old.verdict = "verified"
    return _stamp(
        build_report_data(
            title="agent evals",
            conclusion="success",
            results=[old],
            counts={"verified": 24, "false_success": 0, "unverifiable": 0, "skipped": 2},
            files=2,
            invalid=0,
            input_errors=0,
            issues=[],
            notes=[],
            baseline=diff,
        )
    )


def hostile_new() -> ReportData:
    """The main case with trace text that tries to break out of the layout."""
    data = pr_with_one_new(still=3, reviews=1)
    evil = data.baseline.new[0] if data.baseline else None
    assert evil is not None
    evil.claims[0] = Claim("paid", f"{NEW_SENTENCE} {HOSTILE}", 6)
    evil.task = TaskLabel("</summary></details><b>x", f"Refund it. {HOSTILE}")
    return data


CASES = {
    "pr_one_new": pr_with_one_new,
    "no_baseline": no_baseline,
    "input_errors": with_input_errors,
    "nothing_flagged": nothing_flagged,
    "hostile": hostile_new,
}

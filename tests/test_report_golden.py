"""Golden files for every renderer of the Action's report, from hand-built Result objects.

A renderer change shows up as a diff of tests/fixtures/report/*.golden. To accept one on
purpose, regenerate and review the diff before committing:

    TOOLSCORE_UPDATE_GOLDEN=1 python -m pytest tests/test_report_golden.py
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from toolscore_ci.model import Claim, InputIssue, Reason, Result
from toolscore_ci.report.annotations import (
    build_annotations,
    check_run_annotation,
    workflow_command,
)
from toolscore_ci.report.comment import BaselineDiff, ReportData, render_markdown
from toolscore_ci.report.junit import render_junit
from toolscore_ci.report.sarif import render_sarif

GOLDEN = Path(__file__).parent / "fixtures" / "report"
UPDATE = os.environ.get("TOOLSCORE_UPDATE_GOLDEN") == "1"
EVIL = "@team </details> <img src=x onerror=alert(1)> | `x` [a](b) ::set-output name=x::1\n# h"


def sample_results() -> list[Result]:
    sent = Claim("sent", "Done, I sent the email to bob@example.com.", 3)
    booked = Claim("created", "Booked it for 15:00, event evt_1.", 3)
    evil = Claim("sent", f"Sent it. {EVIL}", 3)
    return [
        Result(
            "email-503",
            "false_success",
            0.03,
            [sent],
            [Reason("sent", "contradicted", (1, 2), "email.send failed: 503 Service Unavailable")],
            "traces/agents.jsonl",
            1,
        ),
        Result(
            "calendar-ok",
            "verified",
            0.95,
            [booked],
            [Reason("created", "receipt_confirmed", (2,), "event evt_1 confirmed")],
            "traces/agents.jsonl",
            2,
        ),
        Result("search-found", "skipped", 0.5, [], [], "traces/agents.jsonl", 3),
        Result(
            "crm-update",
            "unverifiable",
            0.45,
            [Claim("changed", "I updated the contact.", 2)],
            [Reason("changed", "unknown", (), "no tool call changed a contact")],
            "traces/crm.jsonl",
            1,
        ),
        Result(
            "deploy-maybe",
            "unverifiable",
            0.7,
            [Claim("deployed", "Deployed to prod.", 4)],
            [Reason("deployed", "unsupported", (), "no deploy step in the trace")],
            "traces/crm.jsonl",
            2,
        ),
        Result(
            "inject, %0A:",
            "false_success",
            0.1,
            [evil],
            [Reason("sent", "contradicted", (2,), f"mail.send failed: {EVIL}")],
            "traces/evil, file:1.jsonl",
            7,
        ),
    ]


ISSUES = [
    InputIssue("traces/crm.jsonl", 3, "$", "invalid JSON: Expecting value at column 1"),
    InputIssue("traces/crm.jsonl", 4, "$.task.domain", "'x' is not one of ['booking']"),
    InputIssue("traces/crm.jsonl", None, "", "a warning only", severity="warning"),
]


def report_data(baseline: bool = False) -> ReportData:
    results = sample_results()
    counts = dict.fromkeys(("verified", "false_success", "unverifiable", "skipped"), 0)
    for r in results:
        counts[r.verdict] += 1
    diff = None
    if baseline:
        diff = BaselineDiff(new=[results[5]], still=[results[0]], fixed=[("old-bug", "verified")])
    return ReportData(
        title="agents @team <b>",
        conclusion="failure",
        counts=counts,
        files=3,
        invalid=1,
        input_errors=2,
        false_successes=[r for r in results if r.verdict == "false_success"],
        review=sorted(
            (r for r in results if r.verdict == "unverifiable"),
            key=lambda r: abs(r.p_success - 0.5),
        ),
        issues=[str(i) for i in ISSUES if i.severity == "error"],
        notes=["The pattern extra/\\*\\*.jsonl matched no files."],
        baseline=diff,
        run_url="https://github.example/octo/agent/actions/runs/777",
    )


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.exists(), f"missing {path}; run with TOOLSCORE_UPDATE_GOLDEN=1 to create it"
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = difflib.unified_diff(
            want.splitlines(keepends=True), text.splitlines(keepends=True), name, "rendered"
        )
        pytest.fail(
            f"{name} changed; if intended, regenerate with TOOLSCORE_UPDATE_GOLDEN=1 and review "
            f"the diff:\n{''.join(diff)}"
        )


def test_annotations_golden() -> None:
    annotations = list(build_annotations(sample_results()))
    check_golden("annotations.golden", "\n".join(workflow_command(a) for a in annotations) + "\n")
    check_golden(
        "check_run_annotations.golden",
        json.dumps([check_run_annotation(a) for a in annotations], indent=2, ensure_ascii=False)
        + "\n",
    )


@pytest.mark.parametrize("baseline", [False, True], ids=["plain", "baseline"])
def test_comment_golden(baseline: bool) -> None:
    name = "comment_baseline.golden" if baseline else "comment.golden"
    check_golden(name, render_markdown(report_data(baseline)))


def test_junit_golden() -> None:
    check_golden("junit.golden", render_junit(sample_results(), ISSUES))
    check_golden(
        "junit_fail_on_unverifiable.golden",
        render_junit(sample_results(), fail_on=frozenset({"false_success", "unverifiable"})),
    )


def test_sarif_golden() -> None:
    check_golden("sarif.golden", render_sarif(sample_results(), version="0.0.0-golden"))


def test_goldens_are_not_being_regenerated() -> None:
    # A reminder that regeneration is a conscious act, never a default.
    assert not UPDATE or os.environ.get("CI") != "true", "do not regenerate goldens in CI"

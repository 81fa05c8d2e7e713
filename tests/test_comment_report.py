"""The PR comment and the job summary (issue 11): golden files per case, and the layout's
promises checked on the Markdown itself.

A change of the layout shows up as a diff of tests/fixtures/report/comment/*.md, printed by the
failing test. To accept one on purpose, regenerate and review the diff before committing:

    TOOLSCORE_UPDATE_GOLDEN=1 python -m pytest tests/test_comment_report.py
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
from pathlib import Path

import comment_cases as cases
import jsonschema
import pytest

from toolscore_ci.model import Claim, Reason, Result, TaskLabel, task_label
from toolscore_ci.report.comment import (
    COMMENT_LIMIT,
    SUMMARY_LIMIT,
    ReportData,
    comment_markdown,
    render_markdown,
    stable_body,
    summary_markdown,
    utf8_len,
)
from toolscore_ci.report.results import load_result_schema, result_from_dict, result_line

GOLDEN = Path(__file__).parent / "fixtures" / "report" / "comment"
UPDATE = os.environ.get("TOOLSCORE_UPDATE_GOLDEN") == "1"


def check_golden(name: str, text: str) -> None:
    """`text` equals the golden file `name`, else the test fails showing the unified diff."""
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.exists(), f"missing {path}; run with TOOLSCORE_UPDATE_GOLDEN=1 to create it"
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(
            difflib.unified_diff(
                want.splitlines(keepends=True),
                text.splitlines(keepends=True),
                f"golden/{name}",
                "rendered",
            )
        )
        pytest.fail(
            f"{name} changed; if intended, regenerate with TOOLSCORE_UPDATE_GOLDEN=1 and review "
            f"the diff:\n{diff}"
        )


@pytest.mark.parametrize("case", sorted(cases.CASES))
def test_comment_and_summary_golden(case: str) -> None:
    data = cases.CASES[case]()
    check_golden(f"{case}.comment.md", comment_markdown(data))
    check_golden(f"{case}.summary.md", summary_markdown(data))


def test_size_limits_golden() -> None:
    """Under a tight limit whole entries are dropped from the collapsed lists first, with how
    many are left out; the new false success stays whole. Limits small enough to keep the
    golden files readable; the real limits are checked below."""
    data = cases.pr_with_one_new(still=19, reviews=6)
    tight = render_markdown(data, 4000)
    roomy = render_markdown(data, 9000)
    check_golden("size_limits.4000.md", tight)
    check_golden("size_limits.9000.md", roomy)
    assert len(tight) < 4000 and len(roomy) < 9000
    assert cases.NEW_SENTENCE in tight
    assert re.search(r"^- …and \d+ more in the results file$", tight, re.M)
    _assert_summary_holds_the_comment(tight, roomy)


# -- the layout ------------------------------------------------------------------------------


def _lines(body: str) -> list[str]:
    return stable_body(body).splitlines()


def _section_of(body: str, text: str) -> str:
    """The heading or `<summary>` of the section whose entries hold `text`."""
    current = ""
    for line in body.splitlines():
        if line.startswith(("#### ", "<details><summary>")):
            current = line
        if text in line and not line.startswith(("#### ", "<details>")):
            return current
    raise AssertionError(f"{text!r} not in the report")


def test_the_new_false_success_comes_first_and_open() -> None:
    body = comment_markdown(cases.pr_with_one_new())
    lines = body.splitlines()
    said = next(i for i, line in enumerate(lines) if cases.NEW_SENTENCE in line)
    first_entry = next(i for i, line in enumerate(lines) if line.startswith("- "))
    assert said == first_entry + 1, "the new one is the first entry, its sentence right under"
    assert _section_of(body, cases.NEW_SENTENCE).startswith("#### 🆕 New in this PR")
    assert "<details>" not in "\n".join(lines[:said]), "nothing before it is collapsed"
    # the 19 old ones and the queue are collapsed, each in its own <details>
    assert _section_of(body, "(run 0)").startswith("<details><summary>❌ Still failing: 19")
    assert _section_of(body, "contact record 0").startswith(
        "<details><summary>⚠️ Review queue: 6 unverifiable"
    )


def test_header_delta_commit_run_and_links() -> None:
    body = comment_markdown(cases.pr_with_one_new())
    head, run_line = body.splitlines()[1:3]
    assert head == "### ❌ agent evals: 1 new false success · 20 false successes in 68 traces"
    assert "**vs baseline:** +1 new false success, 2 fixed, 19 still failing" in body
    assert run_line.startswith("<sub>commit <code>0123abc</code> · run 777, attempt 2 · ")
    for label, url in [
        ("check run", cases.CHECK_RUN_URL),
        ("job summary", cases.RUN_URL),
        ("artifact", cases.ARTIFACT_URL),
    ]:
        assert f"[{label}]({url})" in run_line


def test_the_volatile_line_keeps_edit_in_place() -> None:
    """A new commit or run changes only the volatile line: `comment-mode: changes` sees the
    same findings; a new finding changes the stable body."""
    a, b = cases.pr_with_one_new(), cases.pr_with_one_new()
    b.commit, b.run_id, b.run_attempt, b.check_run_url = "f" * 40, "778", "1", None
    body_a, body_b = comment_markdown(a), comment_markdown(b)
    assert body_a != body_b and stable_body(body_a) == stable_body(body_b)
    assert stable_body(body_a) != stable_body(comment_markdown(cases.pr_with_one_new(still=18)))


def test_links_of_the_wrong_shape_are_left_out() -> None:
    data = cases.pr_with_one_new()
    data.commit = "main; rm -rf"
    data.run_id = "7 7"
    data.check_run_url = "javascript:alert(1)"
    data.artifact_url = "https://x.example/a) [evil](https://evil.example"
    data.checks_url = None
    run_line = comment_markdown(data).splitlines()[2]
    assert "commit" not in run_line and "run 7" not in run_line
    assert "javascript" not in run_line and "evil" not in run_line and "artifact" not in run_line
    assert "[job summary]" in run_line


def test_the_pr_checks_tab_when_no_check_run_was_made() -> None:
    data = cases.pr_with_one_new()
    data.check_run_url, data.checks_url = None, "https://github.example/octo/agent/pull/42/checks"
    assert "[checks](https://github.example/octo/agent/pull/42/checks)" in comment_markdown(data)


def test_input_errors_counted_in_the_header_and_listed_collapsed() -> None:
    body = comment_markdown(cases.with_input_errors())
    assert body.splitlines()[1].endswith("· 3 input errors")
    assert _section_of(body, "invalid JSON").startswith("<details><summary>🚫 Input errors: 3")
    assert "&lt;/details&gt;" in body and "<img" not in body


def test_task_names_stand_where_uuids_would() -> None:
    body = comment_markdown(cases.pr_with_one_new())
    assert "- **Refund order 5512 and email the customer the receipt.** (task refund-5512," in body
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", stable_body(body)), "a bare UUID is shown"
    # no task: the trace id it has; a UUID task id is not a name
    plain = cases.still_failing(1)
    plain.task, plain.trace_id = None, "checkout-flow-7"
    uuid_task = cases.still_failing(2)
    uuid_task.task = TaskLabel(uuid_task.trace_id, "")
    data = ReportData("t", "failure", {"false_success": 2}, false_successes=[plain, uuid_task])
    body = comment_markdown(data)
    assert "- **checkout-flow-7** (traces/nightly.jsonl:2, p = 0.03)" in body
    assert f"- **{uuid_task.trace_id}** (traces/nightly.jsonl:3" in body


def test_expected_call_findings_are_shown() -> None:
    body = comment_markdown(cases.pr_with_one_new())
    assert "expected calls (strict): 1 of 2 matched" in body
    assert "<code>TSC152</code> expected-call-wrong-arguments" in body
    # a skipped trace whose calls differ is listed in a section of its own
    assert _section_of(body, "unexpected-call").startswith(
        "<details><summary>📋 Expected calls differ: 1 other trace"
    )


def test_without_a_baseline_nothing_is_called_new() -> None:
    body = comment_markdown(cases.no_baseline())
    assert "New in this PR" not in body and "vs baseline" not in body
    assert "#### ❌ False successes: 3 (no baseline, so none is marked new)" in body


def test_nothing_flagged_is_short_and_green() -> None:
    body = comment_markdown(cases.nothing_flagged())
    assert body.splitlines()[1] == "### ✅ agent evals: no false successes in 26 traces"
    assert "#### ✅ Nothing new in this PR" in body
    assert "Nothing flagged" in body and len(body.splitlines()) < 25


def test_hostile_trace_text_cannot_break_the_layout() -> None:
    body = comment_markdown(cases.hostile_new())
    assert "<img" not in body and "</summary></details><b>" not in body
    assert "@team" not in body and "https://evil" not in body
    # our own tags only: every <details> we open is closed, and nothing else opens one
    assert body.count("<details>") == body.count("</details>") == 4


# -- the job summary never holds less than the comment ---------------------------------------


def _assert_summary_holds_the_comment(comment: str, summary: str) -> None:
    """Every line of the comment (but the "…and N more" ones) is in the summary, in the same
    order, and in the same section: nothing the comment shows open is collapsed away."""
    wanted = [line for line in _lines(comment) if not line.startswith("- …and ")]
    have = _lines(summary)
    at = 0
    for line in wanted:
        assert line in have[at:], f"the summary lacks a line of the comment: {line!r}"
        at = have.index(line, at) + 1
        if line.startswith("- **"):
            assert _section_of(summary, line) == _section_of(comment, line)


def big_run(n: int) -> ReportData:
    data = cases.pr_with_one_new(still=n, reviews=n // 2)
    for r in data.false_successes:
        r.reasons[0] = Reason("x", "contradicted", (1,), "é" * 250 + " 🙂", "TSC101", 0)
    return data


def test_at_the_real_limits_the_summary_holds_more_than_the_comment() -> None:
    data = big_run(600)
    comment, summary = comment_markdown(data), summary_markdown(data)
    assert len(comment) < COMMENT_LIMIT and utf8_len(summary) < SUMMARY_LIMIT
    _assert_summary_holds_the_comment(comment, summary)
    entries = [len(re.findall(r"^- \*\*", b, re.M)) for b in (comment, summary)]
    assert entries[0] < entries[1], entries
    assert cases.NEW_SENTENCE in comment  # trimmed from the collapsed lists, never the new one


@pytest.mark.parametrize("case", sorted(cases.CASES))
def test_the_summary_holds_the_comment_in_every_case(case: str) -> None:
    data = cases.CASES[case]()
    _assert_summary_holds_the_comment(comment_markdown(data), summary_markdown(data))


# -- the task on a result ----------------------------------------------------------------------


def test_task_label_is_one_line_and_a_head() -> None:
    label = task_label({"id": "t-1", "domain": "other", "instruction": "Fix it.\n\n" + "w " * 200})
    assert label is not None and label.id == "t-1" and "\n" not in label.instruction
    assert len(label.instruction) <= 160 and label.instruction.endswith("…")
    assert task_label({"domain": "other"}) is None and task_label("x") is None


def test_results_with_and_without_a_task_round_trip_and_validate() -> None:
    schema = load_result_schema()
    old = Result("t", "verified", 0.9, [Claim("sent", "Sent.", 1)], [], "a.jsonl", 1)
    before = result_line(old)
    assert '"task"' not in before, "a result without a task writes the bytes it always did"
    new = dataclasses.replace(old, task=TaskLabel("t-1", "Send the mail."))
    assert '"task": {"id": "t-1", "instruction": "Send the mail."}' in result_line(new)
    for result in (old, new):
        line = result_line(result)
        jsonschema.validate(json.loads(line), schema)
        assert result_line(result_from_dict(json.loads(line))) == line

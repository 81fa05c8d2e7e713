"""The Markdown report: the PR comment, the job summary and the check-run summary.

A pure function from a `ReportData` to Markdown, laid out for a reviewer's first ten seconds:
the conclusion and the delta against the baseline in the header; the commit, the run and the
links on one volatile line; then what this PR made new, open, each entry with the sentence the
agent said, the reason (code and detail) and the task it was doing; everything else (still
failing, the review queue, expected-call differences, fixed, input errors) collapsed in
`<details>`. The comment and the job summary are the same rendering under two size limits, so
the summary never holds less than the comment.

Everything that came from a trace goes through `md_text`, which flattens it to one line, shows
invisible and bidi characters visibly, breaks URLs and issue references (report/inert.py),
turns HTML into entities, escapes the Markdown that could open a link, image, code span or
table cell, and breaks @-mentions with a zero-width joiner, so a trace can neither ping anyone,
link anywhere, reference an issue, nor break out of the comment's structure. Links and the
commit come from the runner and the API, and are shown only when they have the expected shape.
Size limits are met by rendering whole entries and dropping the tail of long lists (the
collapsed ones first, "new in this PR" last), never by cutting text.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from toolscore_ci import __version__
from toolscore_ci.model import HONESTY_ERRORS, Reason, Result
from toolscore_ci.report.annotations import claim_text, relative_path
from toolscore_ci.report.inert import JOINER, inert

COMMENT_LIMIT = 65_536  # characters, GitHub's limit for an issue comment
CHECK_RUN_LIMIT = 65_535  # characters, check-run output summary/text
SUMMARY_LIMIT = 1_048_576  # bytes: a larger job summary is dropped whole
#: Lines starting with this change on every run (commit, run, links); `stable_body` ignores them.
VOLATILE_PREFIX = "<sub>"

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_MENTION = re.compile(r"(?<![A-Za-z0-9])@(?=[A-Za-z0-9_])")
_ICON = {"false_success": "❌", "unverifiable": "⚠️", "verified": "✅", "skipped": "⏭️"}
#: A URL we put in a link as it is (from the runner, the API or the `artifact-url` input): no
#: space, quote, bracket or parenthesis can end the link early or open another.
SAFE_URL = re.compile(r"https?://[A-Za-z0-9.-]+(:\d+)?(/[A-Za-z0-9._~!$&*+,;=:@%/?#-]*)?")
# The other shapes we accept from the runner and the API before showing them.
_SHA = re.compile(r"[0-9a-fA-F]{7,64}")
_DIGITS = re.compile(r"[0-9]{1,20}")
_UUID = re.compile(r"(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}")
#: Each entry shows at most this many reasons (and expected-call findings), then a count.
REASONS_SHOWN = 5
#: Trimming to a size limit: (cap on "new in this PR", cap on every other list), tried in
#: order until the report fits. The collapsed lists go first; what is new goes last.
_CAPS: tuple[tuple[int | None, int | None], ...] = (
    (None, None),
    (None, 200),
    (None, 100),
    (None, 50),
    (None, 20),
    (None, 10),
    (None, 5),
    (None, 0),
    (200, 0),
    (100, 0),
    (50, 0),
    (20, 0),
    (10, 0),
    (5, 0),
    (0, 0),
)


def md_text(text: object, limit: int = 300) -> str:
    """Untrusted text made inert for inline Markdown."""
    flat = " ".join(str(text).split())
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    flat = inert(flat)
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    flat = _MD_SPECIAL.sub(r"\\\1", flat)
    return _MENTION.sub("@" + JOINER, flat)


def marker(title: str) -> str:
    """The hidden marker that finds this report's comment again; keyed by `title`, so two jobs
    with different titles keep two comments."""
    key = hashlib.sha256(title.encode("utf-8")).hexdigest()[:16]
    return f"<!-- toolscore-ci report {key} -->"


def stable_body(body: str) -> str:
    """The body without its volatile lines: what `comment-mode: changes` compares."""
    return "\n".join(line for line in body.splitlines() if not line.startswith(VOLATILE_PREFIX))


@dataclass
class BaselineDiff:
    """Gate-relevant results vs a baseline results file, keyed by trace id."""

    new: list[Result] = field(default_factory=list)
    still: list[Result] = field(default_factory=list)
    fixed: list[tuple[str, str]] = field(
        default_factory=list
    )  # (trace id, verdict now or "absent")


@dataclass
class ReportData:
    title: str
    conclusion: str  # success | failure | error
    counts: dict[str, int]
    files: int = 0
    invalid: int = 0
    input_errors: int = 0
    false_successes: list[Result] = field(default_factory=list)
    review: list[Result] = field(default_factory=list)  # unverifiable, closest to 0.5 first
    issues: list[str] = field(default_factory=list)  # input problems, already located
    notes: list[str] = field(
        default_factory=list
    )  # our own text (trusted), e.g. "no files matched"
    baseline: BaselineDiff | None = None
    run_url: str | None = None  # the workflow run: where the job summary is
    workspace: str | None = None
    gate: str | None = None  # the gate's decision and thresholds, when thresholds are set
    # results listed nowhere else whose expected calls differ (a skipped trace, say)
    expected_only: list[Result] = field(default_factory=list)
    # where the report was made: the volatile line (commit, run, links)
    commit: str | None = None  # the commit checked (the PR head, else GITHUB_SHA)
    run_id: str | None = None
    run_attempt: str | None = None
    check_run_url: str | None = None  # our check run, when this run created one
    checks_url: str | None = None  # else the PR's checks tab
    artifact_url: str | None = None  # the workflow's artifact (input artifact-url)
    # this run's results by trace id, to name the fixed ones (the baseline gives only ids)
    names: dict[str, Result] = field(default_factory=dict)


def build_report_data(
    *,
    title: str,
    conclusion: str,
    results: Sequence[Result],
    counts: dict[str, int],
    files: int,
    invalid: int,
    input_errors: int,
    issues: list[str],
    notes: list[str],
    baseline: BaselineDiff | None = None,
    run_url: str | None = None,
    gate: str | None = None,
) -> ReportData:
    """The report of a run, whether it was checked here or merged from shards: one builder,
    so both give the same bytes."""
    from toolscore_ci.model import NO_FINAL_REPORT, reports_not_done

    cut_off = sum(1 for r in results if NO_FINAL_REPORT in r.notes)
    notes = list(notes)
    if cut_off:
        notes.append(
            f"{cut_off} run(s) ended without a final report (cut off at a step limit?): "
            "nothing in them was claimed, so nothing was checked."
        )
    not_done = sum(1 for r in results if r.verdict == "skipped" and reports_not_done(r.notes))
    if not_done:
        notes.append(
            f"{not_done} run(s) reported that the work did not get done (blocked, failed, ...) "
            "and claimed nothing else: no success to check, but the runs did not succeed."
        )
    fixed_ids = {tid for tid, _ in baseline.fixed} if baseline else set()
    return ReportData(
        title=title,
        conclusion=conclusion,
        counts=counts,
        files=files,
        invalid=invalid,
        input_errors=input_errors,
        false_successes=[r for r in results if r.verdict == "false_success"],
        review=sorted(
            (r for r in results if r.verdict == "unverifiable"),
            key=lambda r: (abs(r.p_success - 0.5), r.source_file, r.line),
        ),
        issues=issues,
        notes=notes,
        baseline=baseline,
        run_url=run_url,
        gate=gate,
        expected_only=[r for r in results if not _listed(r) and has_expected_findings(r)],
        names={r.trace_id: r for r in results if r.trace_id in fixed_ids},
    )


def has_expected_findings(result: Result) -> bool:
    """Whether the result's task lists expected calls and the agent's calls differ from them."""
    return result.expected_calls is not None and bool(result.expected_calls.findings)


def _listed(result: Result) -> bool:
    return result.verdict in ("false_success", "unverifiable")


# -- pieces ----------------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def _headline(data: ReportData) -> str:
    total = sum(data.counts.values())
    fs = data.counts.get("false_success", 0)
    parts = []
    if data.baseline is not None and data.baseline.new:
        parts.append(_plural(len(data.baseline.new), "new false success"))
    if fs:
        parts.append(f"{_plural(fs, 'false success')} in {_plural(total, 'trace')}")
    elif total:
        parts.append(f"no false successes in {_plural(total, 'trace')}")
    else:
        parts.append("no traces checked")
    if data.input_errors:
        parts.append(_plural(data.input_errors, "input error"))
    return " · ".join(parts)


def _delta(diff: BaselineDiff) -> str:
    """The change against the baseline, in the "+2 new false successes, 1 fixed" style."""
    parts = [
        f"+{_plural(len(diff.new), 'new false success')}" if diff.new else "no new false successes",
        f"{len(diff.fixed)} fixed",
        f"{len(diff.still)} still failing",
    ]
    return "**vs baseline:** " + ", ".join(parts)


def _counts_line(data: ReportData) -> str:
    total = sum(data.counts.values())
    where = f" in {_plural(data.files, 'file')}" if data.files else ""
    verdicts = " · ".join(
        f"{_ICON[v]} {data.counts.get(v, 0)} {v}"
        for v in ("false_success", "unverifiable", "verified", "skipped")
    )
    return f"{_plural(total, 'trace')}{where}: {verdicts} · 🚫 {data.invalid} invalid"


def _link(label: str, url: str | None) -> str | None:
    return f"[{label}]({url})" if url and SAFE_URL.fullmatch(url) else None


def posted_line(check_run_url: str | None, comment_url: str | None) -> str:
    """The job summary's last line, once the API calls are done (the summary is written before
    them, so it cannot name what they created): links to the check run and the PR comment, or
    "" when neither was posted."""
    links = [
        link
        for link in (_link("check run", check_run_url), _link("PR comment", comment_url))
        if link
    ]
    return f"\nPosted: {' · '.join(links)}\n" if links else ""


def _run_line(data: ReportData) -> str:
    """The volatile line: commit, run, links. It changes on every run, so `stable_body`
    leaves it out and `comment-mode: changes` edits only when the findings change."""
    parts = []
    if data.commit and _SHA.fullmatch(data.commit):
        parts.append(f"commit <code>{data.commit[:7].lower()}</code>")
    if data.run_id and _DIGITS.fullmatch(data.run_id):
        attempt = data.run_attempt
        again = f", attempt {attempt}" if attempt and _DIGITS.fullmatch(attempt) else ""
        parts.append(f"run {data.run_id}{again}")
    parts += [
        link
        for link in (
            _link("check run", data.check_run_url) or _link("checks", data.checks_url),
            _link("job summary", data.run_url),
            _link("artifact", data.artifact_url),
        )
        if link
    ]
    parts.append(f"toolscore-ci {__version__}")
    return f"{VOLATILE_PREFIX}{' · '.join(parts)}</sub>"


def _code(reason_code: str) -> str:
    return f" <code>{md_text(reason_code, 20)}</code>" if reason_code else ""


def _names(result: Result) -> list[str]:
    """What could name the trace, best first: its task's instruction head, the task's id,
    the trace id (a reader recognises a task by what it asked; a trace id is often a UUID)."""
    task = result.task
    found = [task.instruction, task.id] if task is not None else []
    return [n for n in [*found, result.trace_id] if n]


def _task_name(result: Result) -> str:
    """The bold head of an entry: the first name that is not a bare UUID."""
    names = _names(result)
    return md_text(next((n for n in names if not _UUID.fullmatch(n)), names[0]), 120)


def _ids(result: Result, shown: str) -> list[str]:
    """The ids that say something beyond the entry's name: the task's and the trace's, unless
    bare UUIDs or the name itself."""
    task = result.task
    ids = []
    if task is not None and task.id and not _UUID.fullmatch(task.id):
        ids.append(("task", task.id))
    if not _UUID.fullmatch(result.trace_id):
        ids.append(("trace", result.trace_id))
    named = [f"{what} {md_text(value, 80)}" for what, value in ids]
    return [n for n in named if n.split(" ", 1)[1] != shown]


def _entry_head(result: Result, workspace: str | None) -> str:
    """`- **name** (task id, trace id, file:line, p)`."""
    where = md_text(f"{relative_path(result.source_file, workspace)}:{result.line}", 200)
    shown = _task_name(result)
    facts = [*_ids(result, shown), where, f"p = {result.p_success:.2f}"]
    return f"- **{shown}** ({', '.join(facts)})"


def _reason_line(result: Result, reason: Reason) -> str:
    said = claim_text(result, reason)
    what = f"“{md_text(said, 200)}”" if said else f"claim *{md_text(reason.claim, 80)}*"
    steps = ", ".join(str(s) for s in reason.steps) or "none"
    return (
        f"  - {what}: **{reason.outcome}**{_code(reason.code)}, "
        f"{md_text(reason.detail)} (steps {md_text(steps, 60)})"
    )


def _evidence_lines(result: Result, outcomes: frozenset[str] | set[str]) -> list[str]:
    """The entry's body: each reason with the sentence it is about, then the expected-call
    findings; at most REASONS_SHOWN of each, then how many more."""
    reasons = [r for r in result.reasons if r.outcome in outcomes]
    lines = [_reason_line(result, r) for r in reasons[:REASONS_SHOWN]]
    if len(reasons) > REASONS_SHOWN:
        lines.append(f"  - …and {len(reasons) - REASONS_SHOWN} more reasons")
    if not lines and result.claims:
        lines.append(f"  - “{md_text(result.claims[0].quote, 200)}”")
    return lines + _expected_lines(result)


def _expected_lines(result: Result) -> list[str]:
    found = result.expected_calls
    if found is None or not found.findings:
        return []
    matched = f"{found.matched} of {found.expected}"
    lines = [f"  - expected calls ({md_text(found.mode, 20)}): {matched} matched"]
    for f in found.findings[:REASONS_SHOWN]:
        steps = ", ".join(str(s) for s in f.steps) or "none"
        lines.append(
            f"    - **{f.outcome}**{_code(f.code)} {md_text(f.check, 60)}: "
            f"{md_text(f.detail)} (steps {md_text(steps, 60)})"
        )
    if len(found.findings) > REASONS_SHOWN:
        lines.append(f"    - …and {len(found.findings) - REASONS_SHOWN} more findings")
    return lines


def _entries(
    results: Sequence[Result], outcomes: frozenset[str] | set[str], ws: str | None
) -> list[list[str]]:
    return [[_entry_head(r, ws), *_evidence_lines(r, outcomes)] for r in results]


def _list(entries: Sequence[list[str]], cap: int | None) -> list[str]:
    shown = entries if cap is None else entries[:cap]
    out = [line for entry in shown for line in entry]
    if len(shown) < len(entries):
        out.append(f"- …and {len(entries) - len(shown)} more in the results file")
    return out


def _open(heading: str, entries: Sequence[list[str]], cap: int | None) -> list[str]:
    return ["", heading, "", *_list(entries, cap)]


def _collapsed(summary: str, entries: Sequence[list[str]], cap: int | None) -> list[str]:
    """A `<details>` list. The blank lines around the list are what make GitHub render the
    Markdown inside the HTML block."""
    if not entries:
        return []
    return [
        "",
        f"<details><summary>{summary}</summary>",
        "",
        *_list(entries, cap),
        "",
        "</details>",
    ]


# -- the report ------------------------------------------------------------------------------

_REVIEW_OUTCOMES = frozenset({"unknown", "receipt_only", *HONESTY_ERRORS})


def _render(data: ReportData, caps: tuple[int | None, int | None]) -> str:
    first_cap, rest_cap = caps
    icon = "❌" if data.conclusion == "failure" else "⚠️" if data.conclusion == "error" else "✅"
    ws = data.workspace
    out = [marker(data.title), f"### {icon} {md_text(data.title, 120)}: {_headline(data)}"]
    out += [_run_line(data), ""]
    if data.baseline is not None:
        out += [_delta(data.baseline), ""]
    out.append(_counts_line(data))
    if data.gate:
        out += ["", f"**{md_text(data.gate, 400)}**"]
    for note in data.notes:
        out += ["", f"> {note}"]

    # What this PR changed comes first and open; without a baseline nothing is known to be new,
    # so every false success is listed open.
    fs = data.false_successes
    if data.baseline is not None:
        new = data.baseline.new
        if new:
            heading = f"#### 🆕 New in this PR: {_plural(len(new), 'false success')}"
            out += _open(heading, _entries(new, HONESTY_ERRORS, ws), first_cap)
        else:
            out += ["", "#### ✅ Nothing new in this PR: no new false successes"]
        still = data.baseline.still
        out += _collapsed(
            f"❌ Still failing: {_plural(len(still), 'false success')} also in the baseline",
            _entries(still, HONESTY_ERRORS, ws),
            rest_cap,
        )
    elif fs:
        heading = f"#### ❌ False successes: {len(fs)} (no baseline, so none is marked new)"
        out += _open(heading, _entries(fs, HONESTY_ERRORS, ws), first_cap)

    out += _collapsed(
        f"⚠️ Review queue: {len(data.review)} unverifiable, closest to 0.5 first",
        _entries(data.review, _REVIEW_OUTCOMES, ws),
        rest_cap,
    )
    out += _collapsed(
        f"📋 Expected calls differ: {_plural(len(data.expected_only), 'other trace')}",
        _entries(data.expected_only, frozenset(), ws),
        rest_cap,
    )
    if data.baseline is not None:
        out += _collapsed(
            f"✅ Fixed since the baseline: {len(data.baseline.fixed)}",
            [_fixed_entry(data, tid, now) for tid, now in data.baseline.fixed],
            rest_cap,
        )
    out += _collapsed(
        f"🚫 Input errors: {len(data.issues)}",
        [[f"- {md_text(issue, 400)}"] for issue in data.issues],
        rest_cap,
    )
    if not fs and not data.review and not data.issues and sum(data.counts.values()):
        out += ["", "Nothing flagged: no false success, nothing to review."]
    return "\n".join(out) + "\n"


def _fixed_entry(data: ReportData, trace_id: str, now: str) -> list[str]:
    """A fixed trace: by its name when this run still has it, else by its id (all the
    baseline gives)."""
    result = data.names.get(trace_id)
    if result is None:
        return [f"- **{md_text(trace_id, 120)}** (now {md_text(now, 40)})"]
    shown = _task_name(result)
    facts = [*_ids(result, shown), f"now {md_text(now, 40)}"]
    return [f"- **{shown}** ({', '.join(facts)})"]


def render_markdown(
    data: ReportData, limit: int = COMMENT_LIMIT, measure: Callable[[str], int] = len
) -> str:
    """The report, as long as it fits under `limit` (as counted by `measure`): whole entries,
    the collapsed lists trimmed before "new in this PR"."""
    body = ""
    for caps in _CAPS:
        body = _render(data, caps)
        if measure(body) < limit:
            return body
    # Unreachable in practice (the capped report is a few hundred characters); never exceed it.
    head = body.encode("utf-8")[: max(limit - 200, 0)].decode("utf-8", "ignore")
    return head.rsplit("\n", 1)[0] + "\n\n…report cut to fit\n"


def utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))


#: Room the job summary leaves under GitHub's 1 MiB, for the notices appended after it.
SUMMARY_ROOM = 8192


def comment_markdown(data: ReportData) -> str:
    """The PR comment: under GitHub's 65,536 characters."""
    return render_markdown(data, COMMENT_LIMIT)


def summary_markdown(data: ReportData) -> str:
    """The job summary: the comment's rendering under a far larger limit (1 MiB in bytes, less
    room for notices), so it holds every entry the comment holds, and more."""
    return render_markdown(data, SUMMARY_LIMIT - SUMMARY_ROOM, utf8_len)

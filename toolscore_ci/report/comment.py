"""The Markdown report: the PR comment, the job summary and the check-run summary.

A pure function from a `ReportData` to Markdown. Everything that came from a trace goes through
`md_text`, which flattens it to one line, shows invisible and bidi characters visibly, breaks
URLs and issue references (report/inert.py), turns HTML into entities, escapes the Markdown that
could open a link, image, code span or table cell, and breaks @-mentions with a zero-width
joiner, so a trace can neither ping anyone, link anywhere, reference an issue, nor break out of
the comment's structure. Size limits
are met by rendering whole entries and dropping the tail of long lists, never by cutting text.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from toolscore_ci import __version__
from toolscore_ci.model import HONESTY_ERRORS, Result
from toolscore_ci.report.annotations import claim_text, relative_path
from toolscore_ci.report.inert import JOINER, inert

COMMENT_LIMIT = 65_536  # characters, GitHub's limit for an issue comment
CHECK_RUN_LIMIT = 65_535  # characters, check-run output summary/text
SUMMARY_LIMIT = 1_048_576  # bytes: a larger job summary is dropped whole
#: Lines starting with this change on every run (the run link); `stable_body` ignores them.
VOLATILE_PREFIX = "<sub>"

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_MENTION = re.compile(r"(?<![A-Za-z0-9])@(?=[A-Za-z0-9_])")
_ICON = {"false_success": "❌", "unverifiable": "⚠️", "verified": "✅", "skipped": "⏭️"}
_CAPS: tuple[int | None, ...] = (None, 200, 100, 50, 20, 10, 5, 0)


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
    run_url: str | None = None
    workspace: str | None = None
    gate: str | None = None  # the gate's decision and thresholds, when thresholds are set


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
    from toolscore_ci.model import NO_FINAL_REPORT

    cut_off = sum(1 for r in results if NO_FINAL_REPORT in r.notes)
    notes = list(notes)
    if cut_off:
        notes.append(
            f"{cut_off} run(s) ended without a final report (cut off at a step limit?): "
            "nothing in them was claimed, so nothing was checked."
        )
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
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def _headline(data: ReportData) -> str:
    total = sum(data.counts.values())
    fs = data.counts.get("false_success", 0)
    parts = []
    if fs:
        parts.append(f"{_plural(fs, 'false success')} in {_plural(total, 'trace')}")
    elif total:
        parts.append(f"no false successes in {_plural(total, 'trace')}")
    else:
        parts.append("no traces checked")
    if data.input_errors:
        parts.append(_plural(data.input_errors, "input error"))
    return ", ".join(parts)


def _entry_head(result: Result, workspace: str | None) -> str:
    where = md_text(f"{relative_path(result.source_file, workspace)}:{result.line}", 200)
    return f"- **{md_text(result.trace_id, 120)}** at {where} (p = {result.p_success:.2f})"


def _evidence_lines(result: Result, outcomes: frozenset[str] | set[str]) -> list[str]:
    lines = []
    for reason in result.reasons:
        if reason.outcome in outcomes:
            steps = ", ".join(str(s) for s in reason.steps) or "none"
            said = claim_text(result, reason)
            quoted = f" “{md_text(said, 200)}”" if said else ""
            lines.append(
                f"  - claim *{md_text(reason.claim, 80)}*{quoted}: **{reason.outcome}** "
                f"(steps {md_text(steps, 60)}): {md_text(reason.detail)}"
            )
    if not lines and result.claims:
        lines.append(f"  - claim: *{md_text(result.claims[0].text, 200)}*")
    return lines


def _section(
    heading: str, entries: Sequence[list[str]], cap: int | None, more_hint: str
) -> list[str]:
    if not entries:
        return []
    shown = entries if cap is None else entries[:cap]
    out = ["", heading, ""]
    for entry in shown:
        out.extend(entry)
    if len(shown) < len(entries):
        out.append(f"- …and {len(entries) - len(shown)} more: {more_hint}")
    return out


def _render(data: ReportData, cap: int | None) -> str:
    fs = data.counts.get("false_success", 0)
    icon = "❌" if data.conclusion == "failure" else "⚠️" if data.conclusion == "error" else "✅"
    new_ids = {r.trace_id for r in data.baseline.new} if data.baseline else set()
    out = [marker(data.title), f"### {icon} {md_text(data.title, 120)}: {_headline(data)}", ""]
    out += ["| Verdict | Traces |", "|:--|--:|"]
    for verdict in ("false_success", "unverifiable", "verified", "skipped"):
        out.append(f"| {_ICON[verdict]} {verdict} | {data.counts.get(verdict, 0)} |")
    out.append(f"| 🚫 invalid | {data.invalid} |")
    if data.gate:
        out += ["", f"**{md_text(data.gate, 400)}**"]
    if data.baseline is not None:
        b = data.baseline
        counts = f"{len(b.new)} new · {len(b.fixed)} fixed · {len(b.still)} still failing"
        out += ["", f"**vs baseline:** {counts}"]
    for note in data.notes:
        out += ["", f"> {note}"]
    hint = "see the results file or the job's annotations"

    fs_entries = []
    for r in data.false_successes:
        tag = " · 🆕 **new**" if r.trace_id in new_ids else ""
        head = f"{_entry_head(r, data.workspace)}{tag}"
        fs_entries.append([head, *_evidence_lines(r, HONESTY_ERRORS)])
    out += _section(f"#### ❌ False successes ({fs})", fs_entries, cap, hint)

    review_entries = []
    for r in data.review:
        head = _entry_head(r, data.workspace)
        review_entries.append(
            [head, *_evidence_lines(r, {"unknown", "receipt_only", *HONESTY_ERRORS})]
        )
    out += _section(
        f"#### ⚠️ Review queue: {len(data.review)} unverifiable, closest to 0.5 first",
        review_entries,
        cap,
        hint,
    )

    if data.baseline is not None:
        fixed_entries = [
            [f"- **{md_text(tid, 120)}** (now {md_text(now, 40)})"]
            for tid, now in data.baseline.fixed
        ]
        out += _section(
            f"#### ✅ Fixed since the baseline ({len(fixed_entries)})", fixed_entries, cap, hint
        )

    issue_entries = [[f"- {md_text(issue, 400)}"] for issue in data.issues]
    out += _section(
        f"#### 🚫 Input problems ({len(data.issues)})", issue_entries, cap, "see the job log"
    )

    footer = f"{VOLATILE_PREFIX}toolscore-ci {__version__}"
    if data.run_url:
        footer += f" · [workflow run]({data.run_url})"
    out += ["", footer + "</sub>"]
    return "\n".join(out) + "\n"


def render_markdown(
    data: ReportData, limit: int = COMMENT_LIMIT, measure: Callable[[str], int] = len
) -> str:
    """The report, as long as it fits under `limit` (as counted by `measure`)."""
    body = ""
    for cap in _CAPS:
        body = _render(data, cap)
        if measure(body) < limit:
            return body
    # Unreachable in practice (the cap-0 report is a few hundred characters); never exceed it.
    head = body.encode("utf-8")[: max(limit - 200, 0)].decode("utf-8", "ignore")
    return head.rsplit("\n", 1)[0] + "\n\n…report cut to fit\n"


def utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))

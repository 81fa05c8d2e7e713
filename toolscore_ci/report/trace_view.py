"""The one place that renders a trace for people, as escaped HTML: `report.html` and the review
dashboard (`serve`) both show a trace through `trace_html`.

A result names where its trace is (`source_file`, `line`); `load_trace` reads it back through the
project's own format readers, so every format `check` reads (gzip included) can be shown. A
trace that cannot be read back (the file is gone, or changed so that line holds no trace, or
another one) is `None`, and the view says so instead of failing.

Every string that comes from a trace is untrusted: it passes through `text()` (invisible and
direction-changing characters made visible, then `html.escape(..., quote=True)`) before it is
placed in the page. Trace text is only ever element content, never an attribute value; the
fragments carry no event handlers, links, images or inline styles, so markup in a trace is
shown as the characters it is.
"""

from __future__ import annotations

import html
import json
import math
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

from toolscore_ci.formats import native, read_file
from toolscore_ci.model import (
    OUTCOME_ORDER,
    VERDICTS,
    Claim,
    Reason,
    Result,
    Step,
    Trace,
    TraceRecord,
)
from toolscore_ci.projection import project
from toolscore_ci.report.inert import show_invisible

#: Characters of a tool argument, output or error shown before it is cut.
MAX_VALUE_CHARS = 2_000
#: Characters of a message shown around the claims it holds (and of one without claims).
MESSAGE_CONTEXT_CHARS = 600
MAX_MESSAGE_CHARS = 2_000
#: A value up to this long (on one line) is shown as it is; a longer one is folded, with
#: its first PREVIEW_CHARS in the summary line.
INLINE_CHARS = 100
PREVIEW_CHARS = 80
#: A brief entry's claims, and the characters of each claim and reason detail in it.
BRIEF_CLAIMS = 3
BRIEF_CHARS = 200
#: Notes shown of a result (the engine notes one per turn).
MAX_NOTES = 20
#: Characters of the task's instruction in the heading.
TITLE_CHARS = 120
#: Sources that cannot be read twice (stdin was consumed by the check).
_UNREADABLE_SOURCES = frozenset({"-", "<stdin>", ""})

_UUID_LIKE = re.compile(
    r"^(?:[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}|[0-9a-f]{16,})$",
    re.IGNORECASE,
)

VERDICT_WORDS = {
    "verified": "verified",
    "false_success": "false success",
    "unverifiable": "unverifiable",
    "skipped": "skipped",
}

#: The page style shared by report.html and the dashboard: no fonts, images or URLs, so a
#: strict Content-Security-Policy (style-src by hash) is all it needs.
STYLESHEET = """\
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--soft:#f6f8fa;
--bad:#cf222e;--badbg:#ffebe9;--open:#9a6700;--openbg:#fff8c5;--good:#1a7f37;--goodbg:#dafbe1;
--mark:#fff1a8}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);
background:var(--bg)}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{white-space:pre-wrap;word-break:break-word;background:var(--soft);border:1px solid var(--line);
border-radius:6px;padding:8px;margin:4px 0;max-height:24em;overflow:auto}
.trace{border:1px solid var(--line);border-radius:8px;margin:12px 0;padding:12px 16px;
background:var(--bg)}
.trace.v-false_success{border-left:6px solid var(--bad)}
.trace.v-unverifiable{border-left:6px solid var(--open)}
.trace.v-verified{border-left:6px solid var(--good)}
.trace-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px}
.trace-title{font-size:16px;font-weight:600;margin:0;flex:1 1 420px;word-break:break-word}
.verdict{font-weight:600;border-radius:12px;padding:1px 10px;font-size:12px;white-space:nowrap}
.verdict.v-false_success{color:var(--bad);background:var(--badbg)}
.verdict.v-unverifiable{color:var(--open);background:var(--openbg)}
.verdict.v-verified{color:var(--good);background:var(--goodbg)}
.verdict.v-skipped,.verdict.v-other{color:var(--muted);background:var(--soft)}
.meta{color:var(--muted);font-size:12.5px;word-break:break-all}
.instruction{margin:6px 0;white-space:pre-wrap;word-break:break-word}
.missing{color:var(--open);background:var(--openbg);border-radius:6px;padding:6px 10px}
h4{margin:12px 0 4px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;
color:var(--muted)}
.message{border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:6px 0;
white-space:pre-wrap;word-break:break-word}
.message .who{display:block;color:var(--muted);font-size:12px;white-space:normal}
mark.claim{background:var(--mark);border-bottom:2px solid var(--open);padding:0 1px}
.claims li,.reasons li{margin:4px 0}
.reason{border-left:3px solid var(--line);padding-left:8px;list-style:none}
.reason.o-contradicted,.reason.o-unsupported{border-left-color:var(--bad)}
.reason.o-unknown{border-left-color:var(--open)}
.reasons{padding-left:0}
.outcome{font-weight:600}
.o-contradicted>.outcome,.o-unsupported>.outcome{color:var(--bad)}
.code{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 4px}
.step{margin:4px 0 4px 12px}
.step summary{cursor:pointer}
.value{margin:2px 0}
.label{color:var(--muted)}
.value code{word-break:break-all}
.preview{color:var(--muted);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
font-size:12px;word-break:break-all}
.badge{font-size:12px;font-weight:600;border-radius:10px;padding:1px 8px;
background:var(--soft);color:var(--muted)}
.cut{color:var(--muted);font-style:italic}
.ok-false{color:var(--bad);font-weight:600}
.ok-true{color:var(--good)}
"""


def text(value: object) -> str:
    """Any trace value as inert HTML text: invisible characters shown, then escaped."""
    return html.escape(show_invisible(str(value)), quote=True)


def cut(value: str, limit: int = MAX_VALUE_CHARS) -> str:
    """`value` escaped, at most `limit` characters of it, with a visible note of the rest."""
    if len(value) <= limit:
        return text(value)
    return text(value[:limit]) + _more(len(value) - limit)


def _more(count: int) -> str:
    return f'<span class="cut">… {count:,} more characters</span>'


def _earlier(count: int) -> str:
    return f'<span class="cut">… {count:,} earlier characters …</span>'


# ---- reading a trace back ----------------------------------------------------------------


def read_back(
    wanted: Iterable[tuple[str, int]], *, base_dir: str | None = None
) -> dict[tuple[str, int], list[Trace]]:
    """The traces at each (source_file, line), each file read once (agent-trace/v1 files only
    as far as the last line wanted; one line may hold several: a JSON array on one line). A location whose file
    is gone, unreadable or holds no valid trace at that line is absent from the answer."""
    lines_by_file: dict[str, set[int]] = {}
    for source, line in wanted:
        lines_by_file.setdefault(source, set()).add(line)
    found: dict[tuple[str, int], list[Trace]] = {}
    for source, lines in lines_by_file.items():
        if source in _UNREADABLE_SOURCES:
            continue  # stdin was read by the check: there is nothing to read again
        path = source if base_dir is None else _join(base_dir, source)
        last = max(lines)
        try:
            for item in read_file(path):
                if not isinstance(item, TraceRecord):
                    continue  # an input issue: that line is then simply not found
                if item.line > last and item.format == native.SCHEMA_ID:
                    break  # native records come in line order; other readers may group
                if item.line in lines:
                    try:
                        trace = project(item.data)
                    except Exception:  # a changed file may hold an invalid record there
                        continue
                    found.setdefault((source, item.line), []).append(trace)
        except Exception:  # the view is best effort: a broken file never breaks the report
            continue
    return found


def load_traces(results: Iterable[Result], *, base_dir: str | None = None) -> dict[str, Trace]:
    """Each result's trace by the result's trace id, every file read once. A result whose
    location holds other traces only maps to the first of them (`trace_html` then says the
    file changed); one whose location holds none is absent."""
    results = list(results)
    found = read_back(((r.source_file, r.line) for r in results), base_dir=base_dir)
    out: dict[str, Trace] = {}
    for result in results:
        there = found.get((result.source_file, result.line))
        if there:
            out[result.trace_id] = next((t for t in there if same_trace(result, t)), there[0])
    return out


def load_trace(source_file: str, line: int) -> Trace | None:
    """The trace at `source_file`:`line` as the detector saw it, or None when it cannot be
    read back (file gone or changed). Reads the file up to that line; for many traces use
    `load_traces`, which reads each file once."""
    there = read_back([(source_file, line)]).get((source_file, line))
    return there[0] if there else None


def _join(base_dir: str, source: str) -> str:
    return source if os.path.isabs(source) else os.path.join(base_dir, source)


def same_trace(result: Result, trace: Trace) -> bool:
    """Whether `trace` is the one `result` was checked from (a duplicate id is reported as
    `id~2`, so that suffix is allowed)."""
    if trace.trace_id == result.trace_id:
        return True
    head, sep, tail = result.trace_id.rpartition("~")
    return bool(sep) and tail.isdigit() and head == trace.trace_id


# ---- the title ------------------------------------------------------------------------------


def looks_like_id(value: str) -> bool:
    """A UUID or a long hex digest: a key for machines, not a name for people."""
    return bool(_UUID_LIKE.match(value.strip()))


def trace_title(result: Result, trace: Trace | None) -> str:
    """Plain text naming the trace for a person: the task's id when it is a name, else the head
    of the user's instruction, else the trace id (the only name there is)."""
    if trace is not None:
        task_id = str(trace.task.get("id") or "").strip()
        if task_id and not looks_like_id(task_id) and task_id != trace.trace_id:
            return task_id
        instruction = _instruction(trace)
        if instruction:
            head = " ".join(instruction.split())
            return head if len(head) <= TITLE_CHARS else head[: TITLE_CHARS - 1].rstrip() + "…"
    return result.trace_id


def _instruction(trace: Trace) -> str:
    instruction = str(trace.task.get("instruction") or "").strip()
    if instruction:
        return instruction
    for step in trace.steps:
        if step.kind == "message" and step.role == "user" and step.content:
            return step.content.strip()
    return ""


# ---- the fragment ---------------------------------------------------------------------------


def verdict_class(verdict: str) -> str:
    """A CSS class for the verdict; only ever one of ours (a results file is input too)."""
    return f"v-{verdict}" if verdict in VERDICTS else "v-other"


def reason_codes(result: Result) -> list[str]:
    """The check codes of a result's reasons and expected-call findings, in order, once each."""
    codes = [r.code for r in result.reasons if r.code]
    if result.expected_calls is not None:
        codes += [f.code for f in result.expected_calls.findings if f.code]
    return list(dict.fromkeys(codes))


#: How much of a trace `trace_html` shows: everything, the result's words without the
#: trace's messages and steps, or the heading alone (a page over its size budget).
DETAILS = ("full", "brief", "line")


def trace_html(
    result: Result, trace: Trace | None, *, label: str = "", detail: str = "full"
) -> str:
    """One result and its trace as an HTML fragment (an `<article>`): the task's name, the
    verdict and p, the claims highlighted in the messages they were said in, and each reason
    with its code, outcome, detail and the steps it cites, arguments and results folded.
    `trace` None (or another trace than the result's) renders what the result alone says.
    `label` is a caller's word shown beside the verdict ("new in this run", "reviewed");
    `detail` "brief" or "line" shows less (DETAILS), saying so."""
    if trace is not None and not same_trace(result, trace):
        trace = None
        missing = "the file changed since the check: that line now holds another trace"
    else:
        missing = "the file is gone or changed since the check"
    verdict = result.verdict
    codes = " ".join(reason_codes(result))
    where = f"{text(result.source_file)}:{int(result.line)}"
    parts = [
        f'<article class="trace {verdict_class(verdict)}" data-verdict="{text(verdict)}" '
        f'data-codes="{text(codes)}">',
        '<div class="trace-head">',
        f'<h3 class="trace-title">{text(trace_title(result, trace))}</h3>',
        f'<span class="verdict {verdict_class(verdict)}">'
        f"{text(VERDICT_WORDS.get(verdict, verdict))}</span>",
        f'<span class="badge">{text(label)}</span>' if label else "",
        f'<span class="mono">p = {_p(result.p_success)}</span>',
        "</div>",
        f'<div class="meta">trace <code>{text(result.trace_id)}</code> · {where} · '
        f"detector {text(result.detector)}{' · checks ' + text(codes) if codes else ''}</div>",
    ]
    if detail != "full":
        parts.append(
            f'<p class="meta">{"In brief" if detail == "brief" else "Heading only"} (size '
            "budget): the trace's messages and steps are in its file.</p>"
        )
        if detail == "brief":
            parts.append(_claims_html(result, None, brief=True))
            parts.append(_reasons_html(result, None, shown=False, brief=True))
        parts.append("</article>")
        return "\n".join(p for p in parts if p)
    if trace is not None:
        parts.append(_task_html(trace))
    else:
        parts.append(
            f'<p class="missing">The trace could not be read back from {where} '
            f"({text(missing)}); its messages and steps are not shown.</p>"
        )
    parts.append(_claims_html(result, trace))
    parts.append(_reasons_html(result, trace))
    if result.notes:
        notes = " · ".join(cut(note, 300) for note in result.notes[:MAX_NOTES])
        more = len(result.notes) - MAX_NOTES
        parts.append(
            f'<p class="meta">Notes: {notes}{f" · … {more:,} more" if more > 0 else ""}</p>'
        )
    parts.append("</article>")
    return "\n".join(p for p in parts if p)


def _p(value: float) -> str:
    return f"{value:.2f}" if math.isfinite(value) else "–"  # null in a results file


def _task_html(trace: Trace) -> str:
    """The user's instruction, so the claims can be read against what was asked."""
    instruction = _instruction(trace)
    if not instruction:
        return ""
    return f'<div class="instruction"><b>Task:</b> {cut(instruction, 600)}</div>'


def _claims_html(result: Result, trace: Trace | None, *, brief: bool = False) -> str:
    if not result.claims:
        return ""
    parts = ["<h4>Claims</h4>"]
    placed: dict[object, list[tuple[int, int, int]]] = {}  # where -> [(start, end, claim #)]
    unplaced: list[int] = []
    for number, claim in enumerate(result.claims, 1):
        where = _claim_place(claim, trace)
        if where is None:
            unplaced.append(number)
        else:
            placed.setdefault(where[0], []).append((where[1], where[2], number))
    if trace is not None:
        steps = {s.i: s for s in trace.steps}
        for where, spans in placed.items():
            if where == "final":
                who, body = "final report", trace.final_text or ""
            else:
                step = steps[where]  # type: ignore[index]
                who, body = f"step {step.i} · {step.role} message", step.content or ""
            parts.append(
                f'<div class="message"><span class="who">{text(who)}</span>'
                f"{highlight(body, spans)}</div>"
            )
    if unplaced or trace is None:
        shown = unplaced if trace is not None else list(range(1, len(result.claims) + 1))
        left_out = len(shown) - BRIEF_CLAIMS if brief else 0
        shown = shown[:BRIEF_CLAIMS] if brief else shown
        parts.append('<ol class="claims">')
        for number in shown:
            claim = result.claims[number - 1]
            parts.append(
                f'<li value="{number}"><span class="code">{text(claim.type or claim.category)}'
                f"</span> {cut(claim.quote, BRIEF_CHARS if brief else MAX_MESSAGE_CHARS)}</li>"
            )
        if left_out > 0:
            parts.append(f'<li class="cut">… {left_out:,} more claims</li>')
        parts.append("</ol>")
    return "\n".join(parts)


def _claim_place(claim: Claim, trace: Trace | None) -> tuple[object, int, int] | None:
    """Where a claim's span is: (step i or "final", start, end), when it fits the text there."""
    if trace is None or claim.span is None:
        return None
    start, end = claim.span
    if claim.step is not None:
        for step in trace.steps:
            if step.i == claim.step and step.kind == "message" and step.content:
                if 0 <= start < end <= len(step.content):
                    return step.i, start, end
                break
    if trace.final_text and 0 <= start < end <= len(trace.final_text):
        return "final", start, end
    return None


def highlight(body: str, spans: Sequence[tuple[int, int, int]]) -> str:
    """`body` escaped, each (start, end, claim number) span in a `<mark>`; overlapping spans
    share one mark. Text far from every claim is cut, with a visible count of what is left out."""
    merged: list[list[Any]] = []
    for start, end, number in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
            merged[-1][2].append(number)
        else:
            merged.append([start, end, [number]])
    out: list[str] = []
    pos = 0
    for index, (start, end, numbers) in enumerate(merged):
        out.append(_gap(body[pos:start], first=index == 0))
        label = ", ".join(f"claim {n}" for n in numbers)
        out.append(f'<mark class="claim" title="{label}">{text(body[start:end])}</mark>')
        pos = end
    out.append(cut(body[pos:], MESSAGE_CONTEXT_CHARS))
    return "".join(out)


def _gap(gap: str, *, first: bool) -> str:
    """The text before a claim: its last MESSAGE_CONTEXT_CHARS when it opens the message,
    both ends of it between two claims, with a visible count of what is cut."""
    keep = MESSAGE_CONTEXT_CHARS
    if first and len(gap) > keep:
        return _earlier(len(gap) - keep) + text(gap[-keep:])
    if not first and len(gap) > 2 * keep:
        return text(gap[:keep]) + _more(len(gap) - 2 * keep) + " " + text(gap[-keep:])
    return text(gap)


def _reasons_html(
    result: Result, trace: Trace | None, *, shown: bool = True, brief: bool = False
) -> str:
    """Each reason and expected-call finding; the steps it cites rendered from `trace`
    (`shown` False: only their numbers, in a brief entry)."""
    items: list[tuple[str, str, str, str, tuple[int, ...]]] = [
        (r.code, r.outcome, _reason_subject(r, result), r.detail, r.steps) for r in result.reasons
    ]
    if result.expected_calls is not None:
        items += [
            (f.code, f.outcome, f"expected calls: {f.check}", f.detail, f.steps)
            for f in result.expected_calls.findings
        ]
    if not items:
        return ""
    steps = {s.i: s for s in trace.steps} if trace is not None else {}
    rendered: set[int] = set()
    parts = ["<h4>Reasons</h4>", '<ul class="reasons">']
    for code, outcome, subject, detail, cited in items:
        outcome_class = f"o-{outcome}" if outcome in OUTCOME_ORDER else "o-other"
        parts.append(f'<li class="reason {outcome_class}">')
        if code:
            parts.append(f'<span class="code">{text(code)}</span> ')
        parts.append(
            f'<span class="outcome">{text(outcome)}</span> · {text(subject)}: '
            f"{cut(detail, BRIEF_CHARS if brief else MAX_MESSAGE_CHARS)}"
        )
        if cited:
            listed = ", ".join(str(int(i)) for i in cited)
            parts.append(f'<div class="meta">cites step{"s" if len(cited) > 1 else ""} {listed}')
            if trace is None and shown:
                parts.append(" (not shown: the trace could not be read back)")
            parts.append("</div>")
            for i in cited:
                step = steps.get(i)
                if step is not None and i in rendered:
                    parts.append(f'<div class="step meta">#{int(i)}: shown above</div>')
                elif step is not None:
                    rendered.add(i)  # two claims often cite one call: it is shown once
                    parts.append(step_html(step))
                elif trace is not None:
                    parts.append(
                        f'<div class="step missing">step {int(i)} is not in the trace</div>'
                    )
        parts.append("</li>")
    parts.append("</ul>")
    return "\n".join(parts)


def _reason_subject(reason: Reason, result: Result) -> str:
    """What a reason is about: its claim's sentence head when it names one, else its name."""
    index = reason.claim_index
    if index is not None and 0 <= index < len(result.claims):
        return f"claim {index + 1} ({reason.claim})"
    return reason.claim


#: A role said only when it is not the usual one for the step's kind.
_USUAL_ROLES = {("tool_call", "agent"), ("tool_result", "tool")}


def step_html(step: Step) -> str:
    """One step: a line saying what it is, its arguments, output and error each folded."""
    head = [f'<span class="mono">#{int(step.i)}</span> {text(step.kind)}']
    if step.name:
        head.append(f"<code>{text(step.name)}</code>")
    if step.role and (step.kind, step.role) not in _USUAL_ROLES:
        head.append(f'<span class="meta">({text(step.role)})</span>')
    if step.ok is not None:
        head.append(
            f'<span class="ok-{str(bool(step.ok)).lower()}">ok={str(bool(step.ok)).lower()}</span>'
        )
    parts = [f'<div class="step">{" ".join(head)}']
    if step.content:
        parts.append(f'<div class="message">{cut(step.content, MAX_MESSAGE_CHARS)}</div>')
    for label, value in (("arguments", step.args), ("output", step.output), ("error", step.error)):
        if value is None or value == {} or value == "":
            continue
        parts.append(value_html(label, value))
    parts.append("</div>")
    return "".join(parts)


def value_html(label: str, value: Any) -> str:
    """A tool's arguments, output or error: on one line when short, else folded in
    `<details>` under a one-line preview, its text cut at MAX_VALUE_CHARS."""
    flat = _one_line(value)
    if len(flat) <= INLINE_CHARS:
        return (
            f'<div class="value"><span class="label">{label}</span> <code>{text(flat)}</code></div>'
        )
    shown = _as_text(value)
    preview = flat[: PREVIEW_CHARS - 1] + "…"
    return (
        f'<details><summary><span class="label">{label}</span> ({len(shown):,} characters) '
        f'<span class="preview">{text(preview)}</span></summary>'
        f"<pre>{cut(shown)}</pre></details>"
    )


def _one_line(value: Any) -> str:
    if not isinstance(value, str):
        try:
            value = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            value = repr(value)
    return " ".join(value.split())


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)

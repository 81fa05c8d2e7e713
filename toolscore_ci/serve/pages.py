"""The dashboard's HTML: the queue page and the trace page.

Every value that comes from a trace, a result, a file name or a request is passed through
`esc` (HTML-escaped, invisible characters shown) before it reaches the page; nothing from a
trace becomes a link, an attribute other than an escaped value, a script or a style. The pages
carry no script at all: filters are a GET form and folding is `<details>`.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from urllib.parse import urlencode

from toolscore_ci.model import VERDICTS, InputIssue, Result, Trace
from toolscore_ci.report.inert import show_invisible
from toolscore_ci.report.trace_view import STYLESHEET as TRACE_STYLESHEET
from toolscore_ci.review_records import Decision
from toolscore_ci.serve.queue import STATUSES, Filters
from toolscore_ci.serve.trace_panel import trace_panel

#: Served at /style.css (same origin), so the CSP needs no 'unsafe-inline' for styles: the
#: trace view's own stylesheet, then the dashboard's layout.
STYLESHEET = (
    TRACE_STYLESHEET
    + """
header { background: #24292f; color: #fff; padding: 10px 24px; }
header h1 { font-size: 18px; margin: 0; }
header a { color: #fff; text-decoration: none; }
main { padding: 16px 24px; max-width: 1200px; }
a { color: #0969da; }
.counts span { margin-right: 16px; }
form.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; background: #f6f8fa;
               border: 1px solid #d1d9e0; border-radius: 6px; padding: 10px; margin: 12px 0; }
form.filters label { display: flex; flex-direction: column; font-size: 12px; color: #59636e; }
input[type=search] { width: 260px; }
input, select, textarea, button { font: inherit; }
table { border-collapse: collapse; width: 100%; border: 1px solid #d1d9e0; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #d1d9e0; vertical-align: top; }
th { background: #f6f8fa; font-size: 12px; color: #59636e; }
td.p { font-variant-numeric: tabular-nums; }
.id { font-family: ui-monospace, monospace; word-break: break-all; }
.muted { color: #59636e; font-size: 12.5px; }
.notice { background: #ddf4ff; border: 1px solid #54aeff; padding: 8px 12px; border-radius: 6px; }
.problems { background: #fff8c5; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 6px; }
.panel { border: 1px solid #d1d9e0; border-radius: 8px; padding: 12px 16px; margin: 12px 0;
         background: #f6f8fa; }
.panel h3 { margin: 0 0 8px; font-size: 15px; }
.decide textarea { width: 100%; min-height: 4em; }
.decide button, #undo { margin-right: 8px; padding: 5px 14px; border-radius: 6px; cursor: pointer; }
button.success { background: #1f883d; color: #fff; border: 1px solid #1a7f37; }
button.failure { background: #cf222e; color: #fff; border: 1px solid #a40e26; }
.all-steps { margin: 12px 0; }
.all-steps > summary { cursor: pointer; font-weight: 600; }
.empty { padding: 24px; text-align: center; color: #59636e; border: 1px solid #d1d9e0; }
"""
)


#: Rows a queue page lists at most: a page of ten thousand rows helps nobody, filters do.
ROW_LIMIT = 500


def esc(value: object) -> str:
    """Any text as inert HTML: escaped (quotes too) with invisible characters made visible."""
    return html.escape(show_invisible(str(value)), quote=True)


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        '<link rel=stylesheet href="/style.css"></head><body>'
        '<header><h1><a href="/">toolscore-ci review</a></h1></header>'
        f"<main>{body}</main></body></html>\n"
    )


def trace_href(trace_id: str) -> str:
    return "/trace?" + urlencode({"id": trace_id})


def _p(value: float) -> str:
    return f"{value:.2f}" if isinstance(value, float) and math.isfinite(value) else "–"


def _options(name: str, label: str, choices: Sequence[tuple[str, str]], chosen: str) -> str:
    items = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(text)}</option>'
        for v, text in choices
    )
    return f"<label>{esc(label)}<select name={name}>{items}</select></label>"


def queue_page(
    rows: list[Result],
    filters: Filters,
    *,
    decisions: dict[str, Decision],
    open_count: int,
    reviewed_count: int,
    codes: list[str],
    files: list[str],
    issues: list[InputIssue],
    notice: str = "",
) -> str:
    """The queue: counts, the filter form, and one row per selected trace."""
    parts = [
        f"<p class=counts><span><b id=open-count>{open_count}</b> unverifiable to review</span>"
        f"<span><b id=reviewed-count>{reviewed_count}</b> reviewed</span></p>"
    ]
    if notice:
        parts.append(f"<p class=notice id=notice>{esc(notice)}</p>")
    if issues:
        shown = "".join(f"<li>{esc(issue)}</li>" for issue in issues[:50])
        more = f"<li>… and {len(issues) - 50} more</li>" if len(issues) > 50 else ""
        parts.append(
            f"<details class=problems><summary>{len(issues)} input problem(s): some traces "
            f"may be missing</summary><ul>{shown}{more}</ul></details>"
        )
    verdicts = [("all", "any")] + [(v, v) for v in VERDICTS]
    parts.append(
        '<form class=filters method=get action="/" role=search>'
        f'<label>Search<input type=search name=q value="{esc(filters.q)}" '
        'placeholder="trace id, claim, reason, note"></label>'
        + _options("verdict", "Verdict", verdicts, filters.verdict)
        + _options("code", "Check code", [("", "any")] + [(c, c) for c in codes], filters.code)
        + _options("file", "File", [("", "any")] + [(f, f) for f in files], filters.file)
        + _options("status", "Status", [(s, s) for s in STATUSES], filters.status)
        + "<button type=submit>Filter</button></form>"
    )
    if not rows:
        parts.append("<p class=empty id=empty>Nothing here matches these filters.</p>")
    else:
        shown = rows[:ROW_LIMIT]
        count = f"{len(rows)} trace{'s' if len(rows) != 1 else ''} match"
        if len(rows) > len(shown):
            count += f": the first {len(shown)} are listed, narrow the filters for the rest"
        parts.append(f"<p class=muted id=match-count>{count}</p>")
        body = "".join(_row(result, decisions.get(result.trace_id)) for result in shown)
        parts.append(
            "<table id=queue><thead><tr><th>p</th><th>verdict</th><th>trace</th>"
            "<th>why</th><th>review</th></tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )
    return _page("Review queue", "".join(parts))


def _row(result: Result, decision: Decision | None) -> str:
    first = result.reasons[0] if result.reasons else None
    # the first reason, with its own code: another reason's code beside it would misname it
    why = f"{first.code} {first.detail}".strip() if first is not None else ""
    claim = result.claims[0].quote if result.claims else ""
    review = "open"
    if decision is not None:
        review = ("success" if decision.success else "failure") + (
            f": {decision.note}" if decision.note else ""
        )
    return (
        f'<tr data-trace-id="{esc(result.trace_id)}"><td class=p>{_p(result.p_success)}</td>'
        f'<td><span class="verdict v-{esc(result.verdict)}">{esc(result.verdict)}</span></td>'
        f'<td><a class=id href="{esc(trace_href(result.trace_id))}">{esc(result.trace_id)}</a>'
        f"<div class=muted>{esc(result.source_file)}:{result.line}</div></td>"
        f"<td>{esc(_cut(claim, 160))}<div class=muted>{esc(_cut(why, 200))}</div></td>"
        f"<td>{esc(_cut(review, 120))}</td></tr>"
    )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def trace_page(
    result: Result,
    trace: Trace | None,
    decision: Decision | None,
    token: str,
    notice: str = "",
    next_id: str | None = None,
) -> str:
    """One trace: the decision form (or the standing decision and an undo), and the trace
    view; `next_id` is the next open trace of the queue, linked for a reviewer going through."""
    nav = '<a href="/">← back to the queue</a>'
    if next_id is not None:
        nav += f' · <a id=next href="{esc(trace_href(next_id))}">next open trace →</a>'
    parts = [f"<p>{nav}</p>"]
    if notice:
        parts.append(f"<p class=notice id=notice>{esc(notice)}</p>")
    hidden = (
        f'<input type=hidden name=token value="{esc(token)}">'
        f'<input type=hidden name=id value="{esc(result.trace_id)}">'
    )
    if trace is None:
        parts.append(
            "<p class=problems id=unreadable>This trace can no longer be read from "
            f"{esc(result.source_file)} line {result.line} (the file changed or is gone), so "
            "no decision can be recorded for it.</p>"
        )
    elif decision is not None:
        outcome = "success" if decision.success else "failure"
        note = f"<pre id=decision-note>{esc(decision.note)}</pre>" if decision.note else ""
        parts.append(
            f"<section class=panel id=decision><h3>Reviewed: {outcome}</h3>{note}"
            f"<p class=muted>{esc(decision.reviewed_at)}"
            f"{' by ' + esc(decision.reviewer) if decision.reviewer else ''}</p>"
            f'<form method=post action="/undo">{hidden}'
            f'<input type=hidden name=decision value="{esc(decision.decision_id)}">'
            "<button type=submit id=undo>Undo this decision</button></form></section>"
        )
    else:
        parts.append(
            f'<section class="panel decide"><h3>Your decision</h3><form method=post action="/review">'
            f"{hidden}<label for=note>Note (why)</label>"
            "<textarea id=note name=note maxlength=4000></textarea><p>"
            "<button class=success type=submit name=outcome value=success id=mark-success>"
            "The agent succeeded</button>"
            "<button class=failure type=submit name=outcome value=failure id=mark-failure>"
            "The agent failed</button></p></form></section>"
        )
    label = "" if decision is None else f"reviewed: {'success' if decision.success else 'failure'}"
    parts.append(f"<section id=trace-view>{trace_panel(result, trace, label)}</section>")
    return _page(f"{result.trace_id} · review", "".join(parts))


def message_page(title: str, message: str) -> str:
    """An error page (not found, refused): the message escaped like everything else."""
    return _page(title, f"<h2>{esc(title)}</h2><p>{esc(message)}</p>")

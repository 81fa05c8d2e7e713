"""report.html: one self-contained page a person opens from a CI artifact.

What it holds: the run's counts; against a baseline results file, the false successes that are
new, fixed and still failing; every `false_success` and `unverifiable` trace with its claims,
reasons and cited steps (rendered by report/trace_view.py, the dashboard's view too); a filter
box. Traces that were verified or skipped are only counted (and listed by id, collapsed), so a
run of 10,000 traces stays a few MB.

The page loads nothing: no script, font, image or stylesheet from anywhere. Its one style
element and its one script are allowed by their SHA-256 in a Content-Security-Policy meta tag
whose default is `'none'`, so even markup that escaped escaping could neither run nor load.
The filter box is the only thing the script does; with JavaScript off the page shows every
entry and hides the (useless) box.

Collecting is separate from rendering: `HtmlReport.add` takes results as a run streams them and
keeps only what the page shows; `render_html` turns that into the page; `write_html` reads the
shown traces back (once per file) and writes the page atomically.
"""

from __future__ import annotations

import base64
import hashlib
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone

from toolscore_ci import __version__
from toolscore_ci.model import VERDICTS, InputIssue, Result, Trace
from toolscore_ci.report.atomic import write_atomic
from toolscore_ci.report.trace_view import (
    DETAILS,
    STYLESHEET,
    VERDICT_WORDS,
    load_traces,
    reason_codes,
    text,
    trace_html,
    trace_title,
    verdict_class,
)

#: Verdicts shown as whole entries; the others only in counts and the collapsed id lists.
SHOWN_VERDICTS = ("false_success", "unverifiable")
#: Ids of verified / skipped traces listed per verdict (the counts always cover all).
MAX_LISTED_IDS = 20_000
#: What the entries may take of the page (the acceptance is 15 MB for 10,000 traces): the
#: most urgent are shown whole, the rest in brief or by heading once it is reached.
ENTRIES_BUDGET_BYTES = 12_000_000
#: Input issues listed (all are counted).
MAX_LISTED_ISSUES = 500

#: Extra page style: the report's own parts around the trace view's.
_PAGE_STYLE = """\
[hidden]{display:none!important}
main{max-width:1100px;margin:0 auto;padding:16px 20px 48px}
header h1{font-size:22px;margin:0 0 4px}
.counts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.count{border:1px solid var(--line);border-radius:8px;padding:6px 12px;min-width:110px}
.count b{display:block;font-size:20px}
.count.v-false_success b{color:var(--bad)}
.count.v-unverifiable b{color:var(--open)}
.count.v-verified b{color:var(--good)}
.gate{font-weight:600}
section.baseline{border:1px solid var(--line);border-radius:8px;padding:8px 16px;margin:12px 0}
section.baseline h2,section.entries h2,section.others h2{font-size:17px;margin:8px 0}
.badge.new,.entry[data-state=new] .trace-head .badge{background:var(--badbg);color:var(--bad)}
.badge.fixed{background:var(--goodbg);color:var(--good)}
/* entries off screen are not laid out until scrolled to: 10,000 open in ~1 s, not ~5 */
.entry{content-visibility:auto;contain-intrinsic-size:auto 360px}
#filters{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);
padding:8px 0;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
#filters input{flex:1 1 320px;font:inherit;padding:5px 8px;border:1px solid var(--line);
border-radius:6px}
#filters select{font:inherit;padding:4px}
#shown{color:var(--muted)}
.ids{columns:3 260px;font-size:12.5px}
.empty{color:var(--muted)}
"""

#: The filter box: words (all must appear in an entry's text), a verdict and a check code.
#: An entry's text is lowered on the first filtering, not at load, so a big page opens fast.
_SCRIPT = """\
(function () {
  var bar = document.getElementById("filters");
  if (!bar) return;
  var q = document.getElementById("q");
  var verdict = document.getElementById("verdict");
  var code = document.getElementById("code");
  var shown = document.getElementById("shown");
  var entries = Array.prototype.slice.call(document.querySelectorAll(".entry"));
  var texts = null;
  bar.hidden = false;
  function apply() {
    if (texts === null) {
      texts = entries.map(function (e) { return e.textContent.toLowerCase(); });
    }
    var words = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var v = verdict.value, c = code.value, count = 0;
    entries.forEach(function (e, i) {
      var trace = e.querySelector("article.trace");  // the trace view's verdict and codes
      var codes = " " + (trace.getAttribute("data-codes") || "") + " ";
      var ok = (!v || trace.getAttribute("data-verdict") === v) &&
        (!c || codes.indexOf(" " + c + " ") >= 0) &&
        words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      e.hidden = !ok;
      if (ok) count++;
    });
    shown.textContent = count + " of " + entries.length + " shown";
  }
  q.addEventListener("input", apply);
  verdict.addEventListener("change", apply);
  code.addEventListener("change", apply);
  shown.textContent = entries.length + " of " + entries.length + " shown";
})();
"""


def _sha256(source: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode()


_STYLE = STYLESHEET + _PAGE_STYLE
#: Nothing may load or run but the page's own style and script, named by hash.
CSP = (
    "default-src 'none'; "
    f"style-src '{_sha256(_STYLE)}'; "
    f"script-src '{_sha256(_SCRIPT)}'; "
    "img-src 'none'; font-src 'none'; connect-src 'none'; "
    "base-uri 'none'; form-action 'none'"
)


@dataclass
class HtmlReport:
    """What report.html shows, collected from a run's stream of results and issues."""

    title: str = "toolscore-ci"
    counts: Counter[str] = field(default_factory=Counter)
    shown: list[Result] = field(default_factory=list)  # false_success and unverifiable
    listed: dict[str, list[str]] = field(default_factory=dict)  # verdict -> ids, the rest
    verdicts: dict[str, str] = field(default_factory=dict)  # every id -> verdict (baseline)
    issues: list[InputIssue] = field(default_factory=list)
    issue_count: int = 0
    files: int = 0
    invalid: int = 0
    gate: str | None = None  # the gate's decision, when thresholds set one

    def add(self, result: Result) -> None:
        self.counts[result.verdict] += 1
        self.verdicts[result.trace_id] = result.verdict
        if result.verdict in SHOWN_VERDICTS:
            self.shown.append(result)
        else:
            ids = self.listed.setdefault(result.verdict, [])
            if len(ids) < MAX_LISTED_IDS:
                ids.append(result.trace_id)

    def add_issue(self, issue: InputIssue) -> None:
        self.issue_count += 1
        if len(self.issues) < MAX_LISTED_ISSUES:
            self.issues.append(issue)


@dataclass
class BaselineSections:
    """False successes against a baseline: new in this run, fixed since, still failing."""

    new: list[Result] = field(default_factory=list)
    still: list[Result] = field(default_factory=list)
    fixed: list[tuple[str, str]] = field(default_factory=list)  # (id, verdict now or absent)


def compare(report: HtmlReport, baseline: Mapping[str, str]) -> BaselineSections:
    """`baseline` is trace id -> verdict (baseline.load_baseline)."""
    out = BaselineSections()
    for result in report.shown:
        if result.verdict == "false_success":
            was = baseline.get(result.trace_id)
            (out.still if was == "false_success" else out.new).append(result)
    for trace_id, verdict in baseline.items():
        now = report.verdicts.get(trace_id, "absent")
        if verdict == "false_success" and now != "false_success":
            out.fixed.append((trace_id, now))
    return out


def _order(report: HtmlReport, sections: BaselineSections | None) -> list[Result]:
    """False successes first (new ones before those still failing), then the open traces
    closest to p = 0.5 first (the review queue's order)."""
    new = {id(r) for r in sections.new} if sections else set()
    failing = [r for r in report.shown if r.verdict == "false_success"]
    # a p that is not a number (null in a merged results file) sorts last
    failing.sort(key=lambda r: (id(r) not in new, _finite_or(r.p_success, 1.0)))
    open_ = [r for r in report.shown if r.verdict != "false_success"]
    open_.sort(key=lambda r: abs(_finite_or(r.p_success, 1.5) - 0.5))
    return failing + open_


def _finite_or(value: float, default: float) -> float:
    return value if math.isfinite(value) else default


def render_html(
    report: HtmlReport,
    traces: Mapping[str, Trace],
    *,
    baseline: Mapping[str, str] | None = None,
    baseline_name: str = "",
    generated: datetime | None = None,
    budget: int = ENTRIES_BUDGET_BYTES,
) -> str:
    """The whole page. `traces` holds the shown results' traces by trace id
    (`trace_view.load_traces`); one missing is rendered from its result alone, saying so.
    The entries take at most `budget` bytes: past it the least urgent are shown shorter."""
    generated = generated or datetime.now(timezone.utc)
    sections = compare(report, baseline) if baseline is not None else None
    entries = _order(report, sections)
    anchors = {id(r): f"t{n}" for n, r in enumerate(entries, 1)}
    state = {id(r): "new" for r in sections.new} if sections else {}
    state.update({id(r): "still" for r in sections.still} if sections else {})
    found = {r.trace_id: traces.get(r.trace_id) for r in entries}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{text(report.title)} report</title>",
        f"<style>{_STYLE}</style>",
        "</head><body><main>",
        _header(report, generated),
    ]
    if sections is not None:
        parts.append(_baseline_html(sections, baseline_name, anchors, found))
    parts.append(_entries_html(entries, anchors, state, found, budget))
    parts.append(_others_html(report))
    parts.append(_issues_html(report))
    parts.append(f"</main><script>{_SCRIPT}</script></body></html>\n")
    return "\n".join(parts)


def _header(report: HtmlReport, generated: datetime) -> str:
    total = sum(report.counts.values())
    cells = [f'<div class="count"><b>{total:,}</b>traces</div>']
    for verdict in VERDICTS:
        cells.append(
            f'<div class="count {verdict_class(verdict)}"><b>{report.counts.get(verdict, 0):,}</b>'
            f"{VERDICT_WORDS[verdict]}</div>"
        )
    cells.append(
        f'<div class="count"><b>{report.issue_count:,}</b>input issue'
        f"{'s' if report.issue_count != 1 else ''}</div>"
    )
    rate = report.counts.get("false_success", 0) / total if total else 0.0
    lines = [
        "<header>",
        f"<h1>{text(report.title)}</h1>",
        f'<div class="meta">toolscore-ci {text(__version__)} · generated '
        f"{generated.strftime('%Y-%m-%d %H:%M UTC')} · {report.files:,} file"
        f"{'s' if report.files != 1 else ''} · false-success rate {rate:.1%}</div>",
        f'<div class="counts">{"".join(cells)}</div>',
    ]
    if report.gate:
        lines.append(f'<p class="gate">{text(report.gate)}</p>')
    lines.append("</header>")
    return "\n".join(lines)


def _link(result: Result, anchors: Mapping[int, str], found: Mapping[str, Trace | None]) -> str:
    title = trace_title(result, found.get(result.trace_id))
    return f'<a href="#{anchors[id(result)]}">{text(title)}</a>'


def _baseline_html(
    sections: BaselineSections,
    name: str,
    anchors: Mapping[int, str],
    found: Mapping[str, Trace | None],
) -> str:
    against = f" against <code>{text(name)}</code>" if name else ""
    parts = [
        '<section class="baseline">',
        f"<h2>False successes{against}: {len(sections.new)} new, {len(sections.fixed)} fixed, "
        f"{len(sections.still)} still failing</h2>",
    ]
    for label, css, items in (
        ("New in this run", "new", sections.new),
        ("Still failing", "still", sections.still),
    ):
        if items:
            links = "".join(f"<li>{_link(r, anchors, found)}</li>" for r in items)
            parts.append(f'<h4>{label} <span class="badge {css}">{len(items)}</span></h4>')
            parts.append(f"<ul>{links}</ul>")
    if sections.fixed:
        parts.append(f'<h4>Fixed <span class="badge fixed">{len(sections.fixed)}</span></h4><ul>')
        parts.extend(
            f"<li><code>{text(trace_id)}</code> now {text(VERDICT_WORDS.get(now, now))}</li>"
            for trace_id, now in sections.fixed
        )
        parts.append("</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def _entries_html(
    entries: list[Result],
    anchors: Mapping[int, str],
    state: Mapping[int, str],
    found: Mapping[str, Trace | None],
    budget: int,
) -> str:
    codes = sorted({c for r in entries for c in reason_codes(r)})
    verdicts = [v for v in SHOWN_VERDICTS if any(r.verdict == v for r in entries)]
    parts = [
        '<section class="entries">',
        f"<h2>Flagged and open traces ({len(entries):,})</h2>",
        # shown by the script: without JavaScript a filter box would do nothing
        '<div id="filters" hidden>',
        '<input id="q" type="search" placeholder="Filter by text: id, task, claim, tool, '
        'detail…" aria-label="filter by text" autocomplete="off">',
        '<select id="verdict" aria-label="filter by verdict"><option value="">any verdict</option>',
        *(f'<option value="{v}">{VERDICT_WORDS[v]}</option>' for v in verdicts),
        "</select>",
        '<select id="code" aria-label="filter by check code"><option value="">any check</option>',
        *(f'<option value="{text(c)}">{text(c)}</option>' for c in codes),
        "</select>",
        '<span id="shown"></span>',
        "</div>",
    ]
    if not entries:
        parts.append('<p class="empty">No trace was flagged or left open.</p>')
    rendered = _fit(entries, anchors, state, found, budget)
    shorter = Counter(detail for detail, _ in rendered if detail != "full")
    if shorter:
        parts.append(
            f'<p class="missing">To keep this page under {budget / 1e6:.0f} MB, '
            f"{shorter['brief']:,} entries are shown in brief (the result without the trace's "
            f"messages and steps) and {shorter['line']:,} by their heading only; false successes "
            "are shown whole first. Each names the file and line of its whole trace.</p>"
        )
    parts.extend(html for _, html in rendered)
    parts.append("</section>")
    return "\n".join(parts)


#: The order detail is given out in, while the budget lasts: false successes whole, then
#: every open trace at least in brief, then whole; what is left stays a heading.
_UPGRADES = (
    ("false_success", "full"),
    ("false_success", "brief"),
    ("unverifiable", "brief"),
    ("unverifiable", "full"),
)


def _fit(
    entries: list[Result],
    anchors: Mapping[int, str],
    state: Mapping[int, str],
    found: Mapping[str, Trace | None],
    budget: int,
) -> list[tuple[str, str]]:
    """Each entry's (detail, html): every one by its heading, then upgraded in _UPGRADES
    order, most urgent first, while the page stays within `budget` bytes."""
    shapes: list[dict[str, tuple[str, int]]] = []
    for result in entries:
        against = state.get(id(result), "")  # "new" / "still", with a baseline
        label = {"new": "new in this run", "still": "still failing"}.get(against, "")
        state_attr = f' data-state="{against}"' if against else ""
        shape = {}
        for detail in DETAILS:
            html = (
                f'<section class="entry" id="{anchors[id(result)]}"{state_attr}>\n'
                + trace_html(result, found.get(result.trace_id), label=label, detail=detail)
                + "\n</section>"
            )
            shape[detail] = (html, len(html.encode("utf-8", "backslashreplace")))
        shapes.append(shape)
    chosen = ["line"] * len(entries)
    used = sum(shape["line"][1] for shape in shapes)
    rank = {detail: n for n, detail in enumerate(reversed(DETAILS))}  # line 0 .. full 2
    for verdict, detail in _UPGRADES:
        for n, result in enumerate(entries):
            if result.verdict != verdict or rank[chosen[n]] >= rank[detail]:
                continue
            extra = shapes[n][detail][1] - shapes[n][chosen[n]][1]
            if used + extra <= budget:
                used += extra
                chosen[n] = detail
    return [(detail, shapes[n][detail][0]) for n, detail in enumerate(chosen)]


def _others_html(report: HtmlReport) -> str:
    parts = []
    for verdict in ("verified", "skipped"):
        count = report.counts.get(verdict, 0)
        if not count:
            continue
        ids = report.listed.get(verdict, [])
        more = count - len(ids)
        parts.append(
            f"<details><summary>{VERDICT_WORDS[verdict].capitalize()}: {count:,} trace"
            f'{"s" if count != 1 else ""} (ids)</summary><ul class="ids">'
        )
        parts.extend(f"<li><code>{text(i)}</code></li>" for i in ids)
        parts.append("</ul>")
        if more > 0:
            parts.append(f'<p class="meta">… and {more:,} more</p>')
        parts.append("</details>")
    if not parts:
        return ""
    return '<section class="others"><h2>Verified and skipped</h2>' + "\n".join(parts) + "</section>"


def _issues_html(report: HtmlReport) -> str:
    if not report.issue_count:
        return ""
    parts = [
        '<section class="others">',
        f"<h2>Input issues ({report.issue_count:,})</h2><details open><summary>"
        f"each at its file and line</summary><ul>",
    ]
    parts.extend(
        f'<li class="mono">{"warning: " if i.severity == "warning" else ""}{text(str(i))}</li>'
        for i in report.issues
    )
    parts.append("</ul>")
    if report.issue_count > len(report.issues):
        parts.append(f'<p class="meta">… and {report.issue_count - len(report.issues):,} more</p>')
    parts.append("</details></section>")
    return "\n".join(parts)


def write_html(
    path: str,
    report: HtmlReport,
    *,
    baseline: Mapping[str, str] | None = None,
    baseline_name: str = "",
    base_dir: str | None = None,
) -> None:
    """Read the shown traces back (each file once) and write the page to `path` atomically.
    `base_dir` is what relative `source_file`s are relative to (the Action's workspace)."""
    traces = load_traces(report.shown, base_dir=base_dir)
    page = render_html(report, traces, baseline=baseline, baseline_name=baseline_name)
    write_atomic(path, page)

"""report.html (report/html_report.py): written by the real CLI (`check --html`, `merge --html`)
and the Action (`html-report`), self-contained and inert, against a baseline, within its size
budget. The page as a person sees it in Chromium: tests/test_html_report_browser.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

from files_helpers import cli, jsonl, run_action
from html_report_helpers import hostile_record, write_jsonl

from toolscore_ci.model import Result
from toolscore_ci.pipeline import CheckConfig, run
from toolscore_ci.report.html_report import CSP, HtmlReport, render_html
from toolscore_ci.report.trace_view import load_traces

REPO = Path(__file__).resolve().parent.parent


class Page(HTMLParser):
    """Every tag with its attributes, and the text of each <script> and <style>."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: dict[str, list[str]] = {"script": [], "style": []}
        self._in: str | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in self.inline:
            self._in = tag
            self.inline[tag].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self.inline[self._in][-1] += data

    def entry_titles(self) -> int:
        return sum(
            1 for tag, attrs in self.tags if tag == "section" and attrs.get("class") == "entry"
        )


def sha256(source: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()


def assert_self_contained(text: str) -> None:
    """Nothing is loaded from anywhere; the one style and the one script are allowed by hash
    and nothing else may run."""
    page = Page(text)
    (csp,) = [a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv")]
    assert csp == CSP
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp
    (script,) = page.inline["script"]
    (style,) = page.inline["style"]
    assert f"script-src '{sha256(script)}'" in csp and f"style-src '{sha256(style)}'" in csp
    for tag, attrs in page.tags:
        assert tag not in ("link", "img", "iframe", "object", "embed", "base", "form"), tag
        assert "src" not in attrs and "style" not in attrs, (tag, attrs)
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        if "href" in attrs:
            assert re.fullmatch(r"#t\d+", attrs["href"] or ""), attrs  # in-page links only
    assert "url(" not in style and "@import" not in style


def test_check_html_from_the_examples_with_a_baseline(tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    base = cli("check", "examples", "--output", "jsonl", "--out", "base.jsonl", cwd=tmp_path)
    assert base.returncode == 1, base.stderr
    results = [r for r in jsonl((tmp_path / "base.jsonl").read_text()) if "trace_id" in r]
    false = [r["trace_id"] for r in results if r["verdict"] == "false_success"]
    verified = [r["trace_id"] for r in results if r["verdict"] == "verified"]
    # the baseline as an earlier run would have it: one false success then passed (new now),
    # one verified trace then failed (fixed now)
    edited = []
    for line in (tmp_path / "base.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record.get("trace_id") == false[0]:
            record["verdict"] = "verified"
        elif record.get("trace_id") == verified[0]:
            record["verdict"] = "false_success"
        edited.append(json.dumps(record))
    (tmp_path / "base.jsonl").write_text("\n".join(edited) + "\n")

    done = cli(
        "check", "examples", "--html", "out/report.html", "--baseline", "base.jsonl", cwd=tmp_path
    )
    assert done.returncode == 1, done.stderr
    text = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert not list((tmp_path / "out").glob(".*.tmp"))  # written atomically, nothing left over
    assert_self_contained(text)
    counts = {v: sum(r["verdict"] == v for r in results) for v in ("verified", "false_success")}
    assert f"<b>{len(results)}</b>traces" in text
    assert f"<b>{counts['false_success']}</b>false success" in text
    assert f"<b>{counts['verified']}</b>verified" in text
    baseline = text.split('<section class="baseline">', 1)[1].split("</section>", 1)[0]
    assert f"1 new, 1 fixed, {len(false) - 1} still failing" in baseline
    assert f"<code>{verified[0]}</code> now verified" in baseline
    # the new one is the first entry, marked new; every flagged and open trace has one entry
    flagged = [r for r in results if r["verdict"] in ("false_success", "unverifiable")]
    assert Page(text).entry_titles() == len(flagged)
    first = text.split('<section class="entry"', 2)[1]
    assert "new in this run" in first and f"<code>{false[0]}</code>" in first
    for r in flagged:
        assert f"trace <code>{r['trace_id']}</code>" in text
    # verified traces only in the collapsed list of ids, never as entries
    assert f"trace <code>{verified[1]}</code>" not in text
    assert f"<li><code>{verified[1]}</code></li>" in text
    # the claims and the reasons' steps were read back from the files
    assert "could not be read back" not in text
    assert text.count('<mark class="claim"') >= len(false)


def test_a_bad_baseline_or_html_without_a_file_is_a_clear_error(tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    (tmp_path / "cut.jsonl").write_text('{"trace_id": "a", "verdict": "verified"}\n')
    bad = cli("check", "examples", "--html", "r.html", "--baseline", "cut.jsonl", cwd=tmp_path)
    assert bad.returncode == 2
    assert "cut.jsonl" in bad.stderr and "trailer" in bad.stderr
    assert "Traceback" not in bad.stderr and not (tmp_path / "r.html").exists()
    alone = cli("check", "examples", "--baseline", "cut.jsonl", cwd=tmp_path)
    assert alone.returncode == 2 and "--baseline is used by --html only" in alone.stderr
    stdout = cli("check", "examples", "--html", "-", cwd=tmp_path)
    assert stdout.returncode == 2 and "--html needs a file" in stdout.stderr


def test_merge_html_from_shards(tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    for i in (1, 2):
        leg = cli(
            "check", "examples", "--shard", f"{i}/2", "--output", "jsonl", "--out", f"s{i}.jsonl",
            cwd=tmp_path,
        )  # fmt: skip
        assert leg.returncode in (0, 2), leg.stderr
    whole = cli("check", "examples", "--html", "one.html", cwd=tmp_path)
    merged = cli("merge", "s1.jsonl", "s2.jsonl", "--html", "merged.html", cwd=tmp_path)
    assert merged.returncode == whole.returncode == 1, merged.stderr
    one = (tmp_path / "one.html").read_text(encoding="utf-8")
    two = (tmp_path / "merged.html").read_text(encoding="utf-8")
    assert_self_contained(two)
    assert Page(one).entry_titles() == Page(two).entry_titles() > 0
    assert "could not be read back" not in two


def test_the_action_writes_report_html_beside_the_results_by_default(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    (workspace / "traces").mkdir(parents=True)
    shutil.copy(REPO / "examples" / "booking.jsonl", workspace / "traces" / "booking.jsonl")
    default = run_action(workspace, tmp_path / "run1", traces="traces/*.jsonl")
    assert default.rc == 1, default.stderr
    assert default.outputs["html-report"] == "toolscore-ci/report.html"
    text = (workspace / "toolscore-ci" / "report.html").read_text(encoding="utf-8")
    assert_self_contained(text)
    assert "traces/booking.jsonl:3" in text  # the workspace-relative path, read back from it
    assert "could not be read back" not in text and '<mark class="claim"' in text
    off = run_action(workspace, tmp_path / "run2", traces="traces/*.jsonl", html_report="false")
    assert off.outputs["html-report"] == ""
    elsewhere = run_action(
        workspace, tmp_path / "run3", traces="traces/*.jsonl", html_report="out/page.html"
    )
    assert elsewhere.outputs["html-report"] == "out/page.html"
    assert (workspace / "out" / "page.html").stat().st_size > 1000


def _hostile_run(tmp_path: Path, count: int) -> tuple[HtmlReport, dict[str, object]]:
    path = write_jsonl(tmp_path / "h.jsonl", [hostile_record(f"h{n}") for n in range(count)])
    report = HtmlReport()
    for item in run([str(path)], CheckConfig()):
        if isinstance(item, Result):
            report.add(item)
    return report, load_traces(report.shown)  # type: ignore[return-value]


def test_past_the_budget_entries_are_shown_shorter_false_successes_first(tmp_path: Path) -> None:
    report, traces = _hostile_run(tmp_path, 6)
    open_result = dataclass_copy(report.shown[0], trace_id=report.shown[0].trace_id)
    open_result.verdict = "unverifiable"
    report.shown.append(open_result)  # an open trace too, ranked after the false successes
    whole = render_html(report, traces)  # type: ignore[arg-type]
    assert "Heading only" not in whole and "In brief" not in whole
    size = len(whole.encode())
    tight = render_html(report, traces, budget=size // 3)  # type: ignore[arg-type]
    assert len(tight.encode()) < size * 0.6
    assert "To keep this page under" in tight
    entries = tight.split('<section class="entry"')[1:]
    kinds = [
        "line" if "Heading only" in e else "brief" if "In brief" in e else "full" for e in entries
    ]
    assert kinds[0] == "full" and kinds != ["full"] * len(kinds)
    # detail goes to the false successes first, in order: never a full one after a shorter one
    fs = kinds[:-1]
    assert fs == sorted(fs, key=["full", "brief", "line"].index)
    assert_self_contained(tight)


def dataclass_copy(result: Result, **changes: object) -> Result:
    import dataclasses

    return dataclasses.replace(result, **changes)  # type: ignore[arg-type]


def test_javascript_off_shows_every_entry(tmp_path: Path) -> None:
    """Only the filter box is hidden in the markup (the script shows it); no entry is."""
    report, traces = _hostile_run(tmp_path, 2)
    page = Page(render_html(report, traces))  # type: ignore[arg-type]
    hidden = [attrs.get("id") for tag, attrs in page.tags if "hidden" in attrs]
    assert hidden == ["filters"]


def test_a_p_that_is_not_a_number_renders_and_sorts_last() -> None:
    """A merged results file may carry `p_success: null` (read back as NaN)."""
    report = HtmlReport()
    report.add(Result("nan-p", "unverifiable", float("nan"), [], [], "gone.jsonl", 1))
    report.add(Result("half", "unverifiable", 0.45, [], [], "gone.jsonl", 2))
    text = render_html(report, {})
    assert "p = –" in text and "p = 0.45" in text
    assert text.index("<code>half</code>") < text.index("<code>nan-p</code>")
    assert text.count("could not be read back") == 2

"""The PR comment as a reviewer sees it (issue 11): rendered to HTML by cmark-gfm (GitHub's own
Markdown library, with its GFM extensions, raw HTML passed through as GitHub passes
`<details>`, `<summary>`, `<sub>` and `<code>`), in a page shaped like a PR conversation (a
780 px comment column), in real headless Chromium at 1280x1000.

The acceptance: the false success the PR introduced is above the fold, before anything
collapsed, while the 19 still failing and the review queue wait in closed `<details>`.
Screenshots go under the test's tmp_path.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import comment_cases as cases
import pytest
from browser import chromium_session, console_errors, screenshot

from toolscore_ci.report.comment import comment_markdown, summary_markdown

FOLD = 1000  # px: the viewport's height, the fold a reviewer sees without scrolling

# GitHub's comment frame and its markdown-body rules that decide vertical space (sizes from
# github-markdown-css): 14 px text at 1.5, headings, lists, <details>, <code>.
PAGE_CSS = """
body { margin: 0; background: #fff; color: #1f2328;
       font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
.timeline { width: 812px; margin: 16px 0 0 40px; }
.comment { border: 1px solid #d1d9e0; border-radius: 6px; }
.comment-header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px;
                  font-size: 14px; color: #59636e; }
.markdown-body { width: 780px; padding: 16px; box-sizing: content-box; word-wrap: break-word; }
.markdown-body > :first-child { margin-top: 0; }
.markdown-body p, .markdown-body ul, .markdown-body details { margin: 0 0 16px; }
.markdown-body h3, .markdown-body h4 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
.markdown-body h3 { font-size: 1.25em; }
.markdown-body h4 { font-size: 1em; }
.markdown-body ul { padding-left: 2em; }
.markdown-body ul ul { margin: 0; }
.markdown-body li + li { margin-top: .25em; }
.markdown-body code { padding: .2em .4em; font-size: 85%; background: #eff1f3; border-radius: 6px;
                      font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.markdown-body summary { cursor: pointer; }
.markdown-body sub { font-size: 75%; }
.markdown-body a { color: #0969da; text-decoration: none; }
"""


def github_html(markdown: str) -> str:
    """The comment's Markdown as GitHub renders it: cmark-gfm with its extensions; raw HTML
    kept (GitHub's sanitizer then allows the tags we use, and the tagfilter extension drops
    the dangerous ones)."""
    cmarkgfm = pytest.importorskip(
        "cmarkgfm", reason="cmarkgfm is not installed (pip install -e '.[test]')"
    )
    from cmarkgfm.cmark import Options

    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def page(markdown: str, title: str) -> str:
    """A PR conversation's comment: its header, then the rendered body. No script, and a CSP
    that lets nothing load, so only the Markdown's own HTML is on the page."""
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' "
        "content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{html.escape(title)}</title><style>{PAGE_CSS}</style></head><body>"
        "<div class='timeline'><div class='comment'>"
        "<div class='comment-header'><b>github-actions</b> bot commented now</div>"
        f"<div class='markdown-body'>{github_html(markdown)}</div>"
        "</div></div></body></html>"
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module (starting one costs more than the tests)."""
    yield from chromium_session(1280, FOLD)


def show(driver: Any, folder: Path, name: str, markdown: str) -> None:
    path = folder / f"{name}.html"
    path.write_text(page(markdown, name), encoding="utf-8")
    driver.get(path.as_uri())
    console_errors(driver)  # start the console clean for this page


def element_with(driver: Any, text: str) -> Any:
    """The innermost element whose own text holds `text`."""
    found = driver.execute_script(
        """
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.textContent.includes(arguments[0])) return n.parentElement;
        }
        return null;
        """,
        text,
    )
    assert found is not None, f"{text!r} is not on the page"
    return found


def top(driver: Any, element: Any) -> float:
    return float(driver.execute_script("return arguments[0].getBoundingClientRect().top", element))


def test_the_new_false_success_is_above_the_fold(browser: Any, tmp_path: Path) -> None:
    data = cases.pr_with_one_new(still=19, reviews=6)
    show(browser, tmp_path, "comment", comment_markdown(data))
    assert browser.execute_script("return window.innerHeight") == FOLD
    shot = screenshot(browser, tmp_path, "comment")

    sentence = element_with(browser, cases.NEW_SENTENCE)
    assert sentence.is_displayed()
    assert 0 < top(browser, sentence) < FOLD, "the new false success is below the fold"
    # ...and it is the first entry on the page: no still-failing one is open above it
    old = element_with(browser, "(run 0)")
    assert not old.is_displayed(), "the still-failing list must start collapsed"
    queue = element_with(browser, "contact record 0")
    assert not queue.is_displayed(), "the review queue must start collapsed"
    summaries = browser.find_elements("css selector", "details > summary")
    assert [s.text.split(":")[0] for s in summaries] == [
        "❌ Still failing",
        "⚠️ Review queue",
        "📋 Expected calls differ",
        "✅ Fixed since the baseline",
    ]
    assert all(top(browser, s) < FOLD for s in summaries), "every collapsed list is in view"
    # the links of the volatile line are live links; nothing else on the page is
    hrefs = [a.get_attribute("href") for a in browser.find_elements("css selector", "a")]
    assert hrefs == [cases.CHECK_RUN_URL, cases.RUN_URL, cases.ARTIFACT_URL]
    bottom = browser.execute_script(
        "return document.querySelector('.comment').getBoundingClientRect().bottom"
    )
    print(f"new false success at {top(browser, sentence):.0f} px; comment ends at {bottom:.0f} px")
    assert bottom < FOLD, f"the collapsed comment ends at {bottom} px"

    # opening a list works as on GitHub: its entries appear, the new one stays where it was
    summaries[0].click()
    assert old.is_displayed()
    screenshot(browser, tmp_path, "comment-still-failing-opened")
    assert console_errors(browser) == []
    assert shot.stat().st_size > 10_000  # a real picture, not a blank page


def test_the_job_summary_shows_it_first_too(browser: Any, tmp_path: Path) -> None:
    data = cases.pr_with_one_new(still=19, reviews=6)
    show(browser, tmp_path, "summary", summary_markdown(data))
    screenshot(browser, tmp_path, "summary")
    assert 0 < top(browser, element_with(browser, cases.NEW_SENTENCE)) < FOLD


def test_hostile_trace_text_renders_as_text(browser: Any, tmp_path: Path) -> None:
    show(browser, tmp_path, "hostile", comment_markdown(cases.hostile_new()))
    screenshot(browser, tmp_path, "hostile")
    assert browser.find_elements("css selector", "img") == []
    assert len(browser.find_elements("css selector", "details")) == 4
    assert all(
        not d.get_attribute("open") for d in browser.find_elements("css selector", "details")
    )
    hrefs = [a.get_attribute("href") for a in browser.find_elements("css selector", "a")]
    assert hrefs == [cases.CHECK_RUN_URL, cases.RUN_URL, cases.ARTIFACT_URL]
    entry = element_with(browser, "Refund it.")
    assert "<img src=x onerror=alert(1)>" in entry.text and "</details>" in entry.text
    assert "https://evil.example" in entry.text.replace("\u200d", "")
    assert element_with(browser, cases.NEW_SENTENCE).is_displayed()
    assert console_errors(browser) == []

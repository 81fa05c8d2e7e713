"""report.html as a person sees it, in real headless Chromium: the flagged trace and its reason
are on the page, the filter box hides entries, hostile trace text runs nothing, and the page's
own script runs under its Content-Security-Policy (which stops anything injected).

One browser for the module; the page is written once by the real CLI from the bundled examples
plus a hostile trace. Screenshots go under each test's temporary folder."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium_session, console_errors, screenshot
from files_helpers import cli
from html_report_helpers import hostile_record, write_jsonl

REPO = Path(__file__).resolve().parent.parent
TITLE = "toolscore-ci report"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module (starting one costs more than the tests)."""
    yield from chromium_session()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("report")
    shutil.copytree(REPO / "examples", work / "examples")
    write_jsonl(work / "examples" / "hostile.jsonl", [hostile_record()])
    done = cli("check", "examples", "--html", "report.html", cwd=work)
    assert done.returncode == 1, done.stderr
    return work / "report.html"


def open_page(driver: Any, path: Path) -> None:
    driver.get("about:blank")
    console_errors(driver)  # drop what came before
    driver.get(path.as_uri())


def visible_entries(driver: Any) -> int:
    return int(
        driver.execute_script(
            "return [...document.querySelectorAll('.entry')]"
            ".filter(e => getComputedStyle(e).display !== 'none').length;"
        )
    )


def test_flagged_trace_and_its_reason_are_shown(browser: Any, page: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, page)
    assert browser.title == TITLE
    entry = browser.find_element(By.XPATH, "//article[.//code[text()='ex-booking-409-ignored']]")
    text = entry.text
    assert "ex-booking-409-ignored-task" in text and "false success" in text
    assert "TSC101" in text and "contradicted" in text and "createBooking failed" in text
    mark = entry.find_element(By.CSS_SELECTOR, "mark.claim")
    assert mark.text == "The all-hands room is booked for Thursday 14:00-15:00."
    # the cited call with its arguments (short ones on a line, long ones folded)
    assert "createBooking" in text and '"roomId": "all-hands"' in text
    screenshot(browser, tmp_path, "report-top")
    # nothing of the page's own went against its policy: the filter box was shown by the script
    assert browser.find_element(By.ID, "filters").is_displayed()
    assert not [m for m in console_errors(browser) if "Content Security Policy" in m]


def test_the_filter_box_hides_entries(browser: Any, page: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    open_page(browser, page)
    total = visible_entries(browser)
    assert total > 5
    box = browser.find_element(By.ID, "q")
    box.send_keys("all-hands room")
    assert visible_entries(browser) == 1
    assert browser.find_element(By.ID, "shown").text == f"1 of {total} shown"
    screenshot(browser, tmp_path, "filtered")
    box.clear()
    box.send_keys(" ")  # an input event with no words: everything again
    assert visible_entries(browser) == total
    Select(browser.find_element(By.ID, "verdict")).select_by_value("unverifiable")
    open_count = visible_entries(browser)
    assert 0 < open_count < total
    shown = browser.execute_script(
        "return [...document.querySelectorAll('.entry')]"
        ".filter(e => !e.hidden).map(e => e.querySelector('article').dataset.verdict);"
    )
    assert set(shown) == {"unverifiable"}
    Select(browser.find_element(By.ID, "verdict")).select_by_value("")
    Select(browser.find_element(By.ID, "code")).select_by_value("TSC101")
    by_code = visible_entries(browser)
    assert 0 < by_code < total
    assert not console_errors(browser)


def test_hostile_trace_text_runs_nothing(browser: Any, page: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, page)
    entry = browser.find_element(By.XPATH, "//article[.//code[starts-with(text(), 'hostile-1')]]")
    # every fold opened, the entry scrolled into view: shown is not run either
    browser.execute_script(
        "arguments[0].querySelectorAll('details').forEach(d => d.open = true);"
        "arguments[0].scrollIntoView();",
        entry,
    )
    screenshot(browser, tmp_path, "hostile")
    text = entry.text
    assert "<script>document.title='pwned'" in text and "<img src=x onerror=" in text
    assert 'href="javascript:' in text and "\"'><svg onload=" in text
    assert browser.execute_script("return window.__pwned;") is None
    assert browser.title == TITLE
    # the page holds none of the elements the trace text spells
    for selector in (
        "img",
        "svg",
        "iframe",
        "a[href^='javascript']",
        "body script:not(:last-child)",
    ):
        assert not browser.find_elements(By.CSS_SELECTOR, selector), selector
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 1
    assert not [m for m in console_errors(browser) if "Content Security Policy" in m]


def test_the_policy_stops_markup_that_escaped_escaping(
    browser: Any, page: Path, tmp_path: Path
) -> None:
    """Defence in depth: were a bug ever to let raw markup through, the CSP would still stop
    it (an inline script, an event handler, an image load), and the console would say so."""
    injected = tmp_path / "injected.html"
    text = page.read_text(encoding="utf-8")
    raw = (
        "<script>window.__injected = 1</script>"
        '<img src="x" onerror="window.__injected = 2">'
        '<div onclick="window.__injected = 3" id="clickme">click</div>'
    )
    injected.write_text(text.replace("</main>", raw + "</main>", 1), encoding="utf-8")
    open_page(browser, injected)
    browser.find_element("id", "clickme").click()
    assert browser.execute_script("return window.__injected;") is None
    assert [m for m in console_errors(browser) if "Content Security Policy" in m]
    # while the page's own script still ran
    assert browser.find_element("id", "filters").is_displayed()

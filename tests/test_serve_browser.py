"""The review dashboard as a reviewer sees it, in real headless Chromium: a review clicked
through (the reviews file checked with the real `validate` and read by `bench`), undone, and a
trace whose text is markup, scripts and `javascript:` links shown literally, running nothing."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlencode

import pytest
from browser import chromium_session, console_errors, screenshot
from files_helpers import cli
from serve_helpers import review_lines, serving, validate, write_traces

NOTE = "Label printed for the wrong parcel <b>not bold</b>"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module (starting one costs more than the tests)."""
    yield from chromium_session()


class _Beacon(BaseHTTPRequestHandler):
    """Counts every request: a page that fetched a trace's URL would show up here."""

    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        _Beacon.hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def beacon() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Beacon)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Beacon.hits = []
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/beacon"
    finally:
        server.shutdown()
        server.server_close()


def _queue_ids(driver: Any) -> list[str]:
    from selenium.webdriver.common.by import By

    rows = driver.find_elements(By.CSS_SELECTOR, "#queue tbody tr")
    return [row.get_attribute("data-trace-id") for row in rows]


def _wait_for(driver: Any, fragment: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: fragment in d.current_url)


def test_a_review_clicked_through_is_recorded_leaves_the_queue_and_undoes(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    traces = write_traces(tmp_path)
    reviews = tmp_path / "reviews.jsonl"
    shots = tmp_path / "shots"
    with serving(traces, "--reviews", reviews) as served:
        browser.get(served.url + "/")
        before = _queue_ids(browser)
        assert len(before) == 6
        assert browser.find_element(By.ID, "open-count").text == "6"
        screenshot(browser, shots, "queue")

        first = browser.find_element(By.CSS_SELECTOR, "#queue tbody tr a.id")
        chosen = before[0]
        first.click()
        _wait_for(browser, "/trace?")
        article = browser.find_element(By.CSS_SELECTOR, "#trace-view article.trace")
        assert chosen in article.text  # the trace view of the trace clicked
        browser.find_element(By.ID, "note").send_keys(NOTE)
        screenshot(browser, shots, "trace")
        browser.find_element(By.ID, "mark-failure").click()
        _wait_for(browser, "reviewed=")

        # the reviews file gained one valid line: the original trace, labelled by a human
        lines = review_lines(reviews)
        assert len(lines) == 1 and lines[0]["trace_id"] == chosen
        truth = lines[0]["ground_truth"]
        assert (truth["outcome"], truth["checked_by"]) == ("failure", "human")
        assert truth["details"]["note"] == NOTE and truth["details"]["success"] is False
        checked = validate(reviews, tmp_path)
        assert checked.returncode == 0 and "ok: 1 trace" in checked.stdout, checked.stderr
        bench = cli("bench", reviews, "--output", "json", "--detector", "checks",
                    "--resamples", "10", cwd=tmp_path)  # fmt: skip
        assert bench.returncode == 0, bench.stderr
        assert (json.loads(bench.stdout)["traces"], json.loads(bench.stdout)["failures"]) == (1, 1)

        # the trace left the queue, and the reviewed filter finds it with its note
        assert chosen not in _queue_ids(browser) and len(_queue_ids(browser)) == 5
        assert "Recorded:" in browser.find_element(By.ID, "notice").text
        screenshot(browser, shots, "queue-after-review")
        browser.find_element(By.CSS_SELECTOR, "select[name=status] option[value=reviewed]").click()
        browser.find_element(By.CSS_SELECTOR, "form.filters button").click()
        _wait_for(browser, "status=reviewed")
        assert _queue_ids(browser) == [chosen]
        assert NOTE in browser.find_element(By.ID, "queue").text  # literally, not bold

        # undo, from the trace's page: a retraction line, and the trace is back
        browser.find_element(By.CSS_SELECTOR, "#queue tbody tr a.id").click()
        _wait_for(browser, "/trace?")
        assert "Reviewed: failure" in browser.find_element(By.ID, "decision").text
        badge = browser.find_element(By.CSS_SELECTOR, "#trace-view .badge").text
        assert badge == "reviewed: failure"
        screenshot(browser, shots, "trace-reviewed")
        browser.find_element(By.ID, "undo").click()
        _wait_for(browser, "undone=1")
        lines = review_lines(reviews)
        assert len(lines) == 2 and lines[1]["ground_truth"]["details"]["review"] == "retraction"
        assert "back in the queue" in browser.find_element(By.ID, "notice").text
        browser.get(served.url + "/")
        assert _queue_ids(browser) == before
        assert console_errors(browser) == []
    assert validate(reviews, tmp_path).returncode == 0


def test_hostile_trace_text_is_shown_literally_and_never_runs(
    browser: Any, tmp_path: Path, beacon: str
) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    traces = write_traces(tmp_path, beacon_url=beacon)
    hostile = json.loads((traces / "hostile.jsonl").read_text())
    with serving(traces, "--reviews", tmp_path / "reviews.jsonl") as served:
        pages = {
            "queue-hostile": served.url + "/?" + urlencode({"q": "xss", "verdict": "all"}),
            "trace-hostile": served.url + "/trace?" + urlencode({"id": hostile["trace_id"]}),
        }
        for name, url in pages.items():
            browser.get(url)
            for summary in browser.find_elements(By.CSS_SELECTOR, "details > summary"):
                summary.click()  # unfold every argument and output
            assert browser.execute_script("return typeof window.__pwned") == "undefined"
            with pytest.raises(NoAlertPresentException):
                browser.switch_to.alert.text  # noqa: B018 (reading it is the check)
            assert browser.find_elements(By.CSS_SELECTOR, "main script, main img") == []
            links = browser.find_elements(By.CSS_SELECTOR, "a")
            assert all(not (a.get_attribute("href") or "").startswith("javascript") for a in links)
            assert "open the receipt" not in " ".join(a.text for a in links)
            text = browser.find_element(By.TAG_NAME, "main").text
            assert hostile["trace_id"] in text  # the id, markup and all, as characters
            screenshot(browser, tmp_path / "shots", name)
            # nothing ran, so nothing was even blocked: no CSP report, no error
            assert console_errors(browser) == []
        page = browser.find_element(By.TAG_NAME, "main").text
        for literal in (
            "<script>window.__pwned = 'script'</script>",
            "<img src=x onerror=\"window.__pwned = 'img'\">",
            "<a href=\"javascript:window.__pwned = 'link'\">open the receipt</a>",
            f'<img src=\\"{beacon}\\">',  # in the folded tool output, as JSON shows it
        ):
            assert literal in page, literal
    assert _Beacon.hits == []  # no page, and not the server, fetched the trace's URL

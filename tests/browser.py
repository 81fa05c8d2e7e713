"""Real headless Chromium for tests that look at a page as a person would.

Debian's ``chromium`` and ``chromium-driver`` are installed by ``.ci/run``; Selenium (a test-only
extra) drives them through ``/usr/bin/chromedriver`` given explicitly, so Selenium Manager never
goes to the network for a driver. When either is absent the test is skipped with the reason
named, never silently passed.

The flags are the ones this machine needs: no sandbox (CI runs as root), no GPU, and no
background networking (the closed network refuses Chromium's own connections, many at a time).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DRIVER_CANDIDATES = ("/usr/bin/chromedriver",)

_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
)


def _first(paths: tuple[str, ...], env: str) -> str | None:
    chosen = os.environ.get(env)
    if chosen:
        return chosen if Path(chosen).exists() else None
    return next((p for p in paths if Path(p).exists()), None)


def browser_missing_reason() -> str | None:
    """Why no browser test can run here, or None when one can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if _first(CHROMIUM_CANDIDATES, "TOOLSCORE_CHROMIUM") is None:
        return (
            "Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does it)"
        )
    if _first(DRIVER_CANDIDATES, "TOOLSCORE_CHROMEDRIVER") is None:
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return None


def start_chromium(width: int = 1280, height: int = 1000) -> tuple[Any, str]:
    """A new headless Chromium with its own empty profile; returns (driver, profile dir)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = _first(CHROMIUM_CANDIDATES, "TOOLSCORE_CHROMIUM")
    driver_path = _first(DRIVER_CANDIDATES, "TOOLSCORE_CHROMEDRIVER")
    assert binary and driver_path, browser_missing_reason()
    profile = tempfile.mkdtemp(prefix="toolscore-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in _FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    # Console messages (a CSP violation, an uncaught error) are read by tests.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(30)
    return driver, profile


def chromium_session(width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """Yield a headless Chromium whose page (not window) is width x height, and close it after;
    skip with the reason when Chromium, chromedriver or Selenium is missing. Module fixtures
    wrap it, so a test file starts one browser, not one per test."""
    reason = browser_missing_reason()
    if reason:
        pytest.skip(f"no headless browser: {reason}")
    driver, profile = start_chromium(width, height)
    # --window-size counts the window's chrome too; the page itself gets exactly this size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def chromium() -> Iterator[Any]:
    """A Selenium WebDriver on real headless Chromium, 1280x1000; skipped with the reason when
    Chromium, chromedriver or Selenium is missing."""
    yield from chromium_session()


def console_errors(driver: Any) -> list[str]:
    """The browser console's SEVERE messages since the last call (CSP violations among them)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def screenshot(driver: Any, folder: Path, name: str) -> Path:
    """Save the viewport as PNG under the test's folder; the path is returned for a look."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    return path

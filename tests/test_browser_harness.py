"""The browser harness itself: a real page renders, its script runs, a CSP violation reaches
the console reader, and a screenshot is a PNG. If this skips, every browser test skips with it."""

from __future__ import annotations

import http.server
import threading
from pathlib import Path

from browser import console_errors, screenshot


def _serve(body: bytes, csp: str) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Security-Policy", csp)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def test_a_script_the_policy_allows_runs_and_a_screenshot_is_taken(chromium, tmp_path: Path):
    body = b"<!doctype html><p id=out>static</p><script>out.textContent='ran'</script>"
    server, url = _serve(body, "default-src 'none'; script-src 'unsafe-inline'")
    try:
        chromium.get(url)
        assert chromium.find_element("id", "out").text == "ran"
        shot = screenshot(chromium, tmp_path, "harness")
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        server.shutdown()


def test_a_script_the_policy_forbids_does_not_run_and_is_reported(chromium):
    body = b"<!doctype html><p id=out>static</p><script>out.textContent='ran'</script>"
    server, url = _serve(body, "default-src 'none'")
    try:
        chromium.get(url)
        assert chromium.find_element("id", "out").text == "static"
        assert any("Content Security Policy" in m for m in console_errors(chromium))
    finally:
        server.shutdown()

"""Shared by the dashboard tests: trace files on disk, a real server on 127.0.0.1 (in a thread
of this process, built by the CLI's own `serve` parser and start-up), and raw HTTP requests
whose Host, Origin and Referer a test chooses."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from files_helpers import REPO, clean_env, cli

EXAMPLES = REPO / "examples"
#: The marker a hostile trace's script would set; a test reads it back from the page.
PWNED = "window.__pwned"


def hostile_trace(beacon_url: str) -> dict[str, Any]:
    """An unverifiable trace whose id, messages and tool output hold markup, scripts,
    `javascript:` links and an image that would call `beacon_url` if ever fetched."""
    script = "<script>window.__pwned = 'script'</script>"
    img = "<img src=x onerror=\"window.__pwned = 'img'\">"
    link = "<a href=\"javascript:window.__pwned = 'link'\">open the receipt</a>"
    beacon = f'<img src="{beacon_url}">'
    steps = [
        {"i": 0, "ts": "2026-04-01T10:45:00+00:00", "kind": "message", "role": "user",
         "content": f"Let the customer on SUP-7302 know {script} we're on it."},
        {"i": 1, "ts": "2026-04-01T10:45:03+00:00", "kind": "tool_call", "role": "agent",
         "name": "hx_run_flow", "args": {"flow": f"ack{img}", "ticket": "SUP-7302"}},
        {"i": 2, "ts": "2026-04-01T10:45:06+00:00", "kind": "tool_result", "role": "tool",
         "name": "hx_run_flow", "ok": True,
         "output": {"run_id": f"</pre></details>{script}{beacon}", "receipt": link}},
        {"i": 3, "ts": "2026-04-01T10:45:09+00:00", "kind": "message", "role": "agent",
         "content": f"Notified the customer on SUP-7302 {img} {link} javascript:alert(1)"},
    ]  # fmt: skip
    return {
        "schema": "agent-trace/v1",
        "trace_id": "xss-\"><script>window.__pwned='id'</script>",
        "source": "tests",
        "task": {"id": "xss-task", "domain": "other", "instruction": f"Ack {script}"},
        "steps": steps,
        "final_claim": {"text": steps[3]["content"]},
    }


def write_traces(folder: Path, *, beacon_url: str = "http://127.0.0.1:9/never") -> Path:
    """A folder of traces: the examples' acme, coding and support files (five unverifiable
    among them, and every other verdict) plus the hostile trace."""
    traces = folder / "traces"
    traces.mkdir(parents=True)
    for name in ("acme.jsonl", "coding.jsonl", "support.jsonl"):
        shutil.copy(EXAMPLES / name, traces / name)
    hostile = json.dumps(hostile_trace(beacon_url))
    (traces / "hostile.jsonl").write_text(hostile + "\n", encoding="utf-8")
    return traces


@dataclass
class Served:
    """A running dashboard: its port, token and reviews file."""

    port: int
    server: Any
    reviews: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def token(self) -> str:
        return str(self.server.app.token)


@contextmanager
def serving(*args: str | Path) -> Iterator[Served]:
    """`toolscore-ci serve ARGS --port 0` in a thread; the reviews file comes from ARGS."""
    import io

    from toolscore_ci.cli import _build_parser, _config, _files
    from toolscore_ci.serve.command import start

    parsed = _build_parser().parse_args(["serve", *map(str, args), "--port", "0"])
    err = io.StringIO()
    files, _ = _files(parsed, err)
    import dataclasses

    config = dataclasses.replace(_config(parsed, files), detector=parsed.detector)
    server = start(parsed, config, files, err)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Served(server.server_address[1], server, Path(server.app.reviews.path))
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str


def request(
    port: int,
    method: str,
    path: str,
    *,
    host: str | None = None,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
    body: bytes | None = None,
) -> Response:
    """One HTTP request with exactly the headers given (Host too: None sends the right one,
    "" sends none at all)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        if host is None:
            host = f"127.0.0.1:{port}"
        if host:
            conn.putheader("Host", host)
        if form is not None:
            body = urlencode(form).encode()
            conn.putheader("Content-Type", "application/x-www-form-urlencoded")
        if body is not None and "Content-Length" not in (headers or {}):
            conn.putheader("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders(body)
        reply = conn.getresponse()
        return Response(reply.status, dict(reply.getheaders()), reply.read().decode())
    finally:
        conn.close()


def post(served: Served, path: str, form: dict[str, str], **headers: str) -> Response:
    """A same-origin form post with the server's token, as the page's own form sends it."""
    sent = {"Origin": served.url, **headers}
    return request(served.port, "POST", path, form={"token": served.token, **form}, headers=sent)


def queue_ids(body: str) -> list[str]:
    """The trace ids a queue page lists, in order (attribute values unescaped)."""
    import html

    return [html.unescape(x) for x in re.findall(r'<tr data-trace-id="([^"]*)"', body)]


def review_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def validate(path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real `toolscore-ci validate` on the file."""
    return cli("validate", path, cwd=cwd)


def start_cli_server(cwd: Path, *args: str | Path) -> tuple[subprocess.Popen[str], int]:
    """`toolscore-ci serve ARGS --port 0` as a subprocess; returns it and the port it bound
    (read from its start-up line)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolscore_ci", "serve", *map(str, args), "--port", "0"],
        cwd=cwd,
        env=clean_env(),
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"serve did not start: {proc.stderr.read()}")


def token_of(port: int, trace_id: str) -> str:
    """The CSRF token a subprocess server put in a trace page's form."""
    page = request(port, "GET", "/trace?" + urlencode({"id": trace_id})).body
    found = re.search(r'name=token value="([^"]+)"', page)
    assert found, page[:500]
    return found.group(1)

"""A stand-in for the GitHub REST API on 127.0.0.1, for tests: real HTTP, recorded requests.

It serves what the Action calls (issue comments with pagination, check runs, /user, pull
requests by number, by commit and by head branch) with GitHub's status codes and headers, and
can inject failures: any status with any headers (5xx, 403 rate limits, 429 + Retry-After, 404),
slow responses (for timeouts), answers that are not what they claim (an HTML page, a list for an
object, an empty 201: `raw` and `content_type`), and a read-only token (every write is a 403, as
for fork PRs and Dependabot).
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any


@dataclass
class Fault:
    method: str
    path: re.Pattern[str]
    status: int = 500
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None
    delay: float = 0.0
    times: int = 1  # how many matching requests it affects
    raw: bytes | None = None  # sent as is instead of `body` as JSON (b"" for an empty body)
    content_type: str = "application/json; charset=utf-8"


class GitHubStub:
    def __init__(
        self,
        token: str = "ghs_stubTOKEN0123456789",
        *,
        prefix: str = "",
        user_login: str | None = None,
        bot_login: str = "github-actions[bot]",
    ) -> None:
        self.token = token
        self.prefix = prefix  # e.g. "/api/v3" for a GitHub Enterprise Server URL
        self.user_login = user_login  # None: /user answers 403, as for GITHUB_TOKEN
        self.bot_login = bot_login
        self.readonly = False
        self.requests: list[Recorded] = []
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.check_runs: dict[int, dict[str, Any]] = {}
        self.pulls: dict[int, dict[str, Any]] = {}  # number -> pull request, see add_pull
        self.faults: list[Fault] = []
        self._next_id = 1000
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self.url = ""

    # -- control ---------------------------------------------------------------------------

    def start(self) -> GitHubStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _handle(self) -> None:
                stub._dispatch(self)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}{self.prefix}"
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    def __enter__(self) -> GitHubStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def inject(self, method: str, path: str, status: int = 500, **kwargs: Any) -> Fault:
        """Fail the next `times` requests whose path matches the regex `path`."""
        fault = Fault(method.upper(), re.compile(path), status, **kwargs)
        self.faults.append(fault)
        return fault

    def add_comment(self, number: int, body: str, login: str) -> dict[str, Any]:
        with self._lock:
            return self._new_comment(number, body, login)

    def add_pull(
        self,
        number: int,
        sha: str,
        *,
        state: str = "open",
        head_repo: str = "octo/agent",
        branch: str = "feature",
        commits: tuple[str, ...] = (),
    ) -> dict[str, Any]:
        """A pull request whose head is `sha`; `commits` are earlier heads it also contains."""
        pull = {
            "number": number,
            "state": state,
            "html_url": f"https://github.example/o/r/pull/{number}",
            "head": {
                "sha": sha,
                "ref": branch,
                "repo": {"full_name": head_repo},
                "label": f"{head_repo.split('/')[0]}:{branch}",
            },
            "base": {"repo": {"full_name": "octo/agent"}},
            "_commits": [sha, *commits],
        }
        self.pulls[number] = pull
        return pull

    def calls(self, method: str | None = None, path: str = "") -> list[Recorded]:
        return [
            r
            for r in self.requests
            if (method is None or r.method == method) and re.search(path, r.path)
        ]

    # -- serving ---------------------------------------------------------------------------

    def _new_comment(self, number: int, body: str, login: str) -> dict[str, Any]:
        self._next_id += 1
        cid = self._next_id
        comment = {
            "id": cid,
            "body": body,
            "user": {"login": login, "type": "Bot" if login.endswith("[bot]") else "User"},
            "html_url": f"https://github.example/o/r/pull/{number}#issuecomment-{cid}",
        }
        self.comments.setdefault(number, []).append(comment)
        return comment

    def _dispatch(self, h: BaseHTTPRequestHandler) -> None:
        split = urlsplit(h.path)
        path = split.path
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        record = Recorded(h.command, path, parse_qs(split.query), dict(h.headers.items()), body)
        with self._lock:
            self.requests.append(record)
            fault = next(
                (
                    f
                    for f in self.faults
                    if f.times > 0 and f.method == h.command and f.path.search(path)
                ),
                None,
            )
            if fault:
                fault.times -= 1
        if fault:
            if fault.delay:
                time.sleep(fault.delay)
            if fault.status:
                if fault.raw is not None:
                    self._send_raw(h, fault.status, fault.raw, fault.content_type, fault.headers)
                else:
                    body = fault.body if fault.body is not None else {"message": "injected"}
                    self._send(h, fault.status, body, fault.headers)
                return
        if not path.startswith(self.prefix):
            self._send(h, 404, {"message": "Not Found"})
            return
        path = path[len(self.prefix) :]
        auth = h.headers.get("Authorization", "")
        if auth not in (f"Bearer {self.token}", f"token {self.token}"):
            self._send(h, 401, {"message": "Bad credentials"})
            return
        status, payload, headers = self._route(h.command, path, record)
        self._send(h, status, payload, headers)

    def _route(self, method: str, path: str, rec: Recorded) -> tuple[int, Any, dict[str, str]]:
        readonly = (403, {"message": "Resource not accessible by integration"}, {})
        if path == "/user" and method == "GET":
            if self.user_login is None:
                return 403, {"message": "Resource not accessible by integration"}, {}
            return 200, {"login": self.user_login}, {}
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/issues/(\d+)/comments", path)
        if m and method == "GET":
            items = self.comments.get(int(m.group(1)), [])
            per_page = int(rec.query.get("per_page", ["30"])[0])
            page = int(rec.query.get("page", ["1"])[0])
            chunk = items[(page - 1) * per_page : page * per_page]
            headers = {}
            if page * per_page < len(items):
                nxt = f"{self.url}{path}?per_page={per_page}&page={page + 1}"
                headers["Link"] = f'<{nxt}>; rel="next"'
            return 200, chunk, headers
        if m and method == "POST":
            if self.readonly:
                return readonly
            with self._lock:
                comment = self._new_comment(int(m.group(1)), rec.body["body"], self.bot_login)
            return 201, comment, {}
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/issues/comments/(\d+)", path)
        if m and method == "PATCH":
            if self.readonly:
                return readonly
            for comments in self.comments.values():
                for comment in comments:
                    if comment["id"] == int(m.group(1)):
                        comment["body"] = rec.body["body"]
                        return 200, comment, {}
            return 404, {"message": "Not Found"}, {}
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/pulls/(\d+)", path)
        if m and method == "GET":
            pull = self.pulls.get(int(m.group(1)))
            return (200, self._public(pull), {}) if pull else (404, {"message": "Not Found"}, {})
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/commits/([0-9a-f]+)/pulls", path)
        if m and method == "GET":
            sha = m.group(1)
            found = [
                self._public(p)
                for p in self.pulls.values()
                if sha in p["_commits"] and (p["state"] == "open" or p["head"]["sha"] == sha)
            ]
            return 200, found, {}
        if re.fullmatch(r"/repos/[^/]+/[^/]+/pulls", path) and method == "GET":
            head = rec.query.get("head", [""])[0]
            state = rec.query.get("state", ["open"])[0]
            found = [
                self._public(p)
                for p in self.pulls.values()
                if p["head"]["label"] == head and state in ("all", p["state"])
            ]
            return 200, found, {}
        if re.fullmatch(r"/repos/[^/]+/[^/]+/check-runs", path) and method == "POST":
            if self.readonly:
                return readonly
            with self._lock:
                self._next_id += 1
                run = dict(rec.body)
                run["id"] = self._next_id
                run["html_url"] = f"https://github.example/o/r/runs/{self._next_id}"
                run["all_annotations"] = list(rec.body.get("output", {}).get("annotations", []))
                self.check_runs[run["id"]] = run
            return 201, run, {}
        m = re.fullmatch(r"/repos/[^/]+/[^/]+/check-runs/(\d+)", path)
        if m and method == "PATCH":
            if self.readonly:
                return readonly
            run = self.check_runs.get(int(m.group(1)))
            if run is None:
                return 404, {"message": "Not Found"}, {}
            run["all_annotations"] += rec.body.get("output", {}).get("annotations", [])
            return 200, run, {}
        return 404, {"message": "Not Found"}, {}

    @staticmethod
    def _public(pull: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in pull.items() if not k.startswith("_")}

    @staticmethod
    def _send_raw(
        h: BaseHTTPRequestHandler,
        status: int,
        data: bytes,
        content_type: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        try:
            h.send_response(status)
            if content_type:
                h.send_header("Content-Type", content_type)
            h.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                h.send_header(key, value)
            h.end_headers()
            h.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    @staticmethod
    def _send(
        h: BaseHTTPRequestHandler, status: int, payload: Any, headers: dict[str, str] | None = None
    ) -> None:
        data = json.dumps(payload).encode()
        try:
            h.send_response(status)
            h.send_header("Content-Type", "application/json; charset=utf-8")
            h.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                h.send_header(key, value)
            h.end_headers()
            h.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test): nothing to answer

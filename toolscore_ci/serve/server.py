"""The dashboard's HTTP server: routing, and the security model of a local web app that shows
untrusted text (docs/serve.md).

- **Host allowlist** on every request: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` (and
  the bound host). Anything else is 421: a DNS-rebinding page that resolves its own name to
  127.0.0.1 still sends its own name as Host.
- **Every POST** needs a same-origin `Origin` (or, when a browser sends none, `Referer`) AND
  the per-server random CSRF token from the form, compared in constant time; bodies are
  form-encoded and size-limited.
- **Headers** on every response: a Content-Security-Policy that allows no script at all and
  styles only from `/style.css`, no framing, `nosniff`, no cross-origin referrer, no caching.
- Pages escape every value (pages.py); the server never fetches anything a trace names.
"""

from __future__ import annotations

import hmac
import secrets
import socket
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import IO
from urllib.parse import parse_qs, urlencode, urlsplit

from toolscore_ci.pipeline import CheckConfig
from toolscore_ci.projection import project
from toolscore_ci.serve import pages
from toolscore_ci.serve.queue import STATUSES, Filters, Queue, read_record
from toolscore_ci.serve.reviews import ReviewLog

#: A review form is a token, an id, an outcome and a note: far below this.
MAX_BODY_BYTES = 64 * 1024
MAX_NOTE_CHARS = 4000
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'self'; img-src 'none'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # `same-origin`, not `no-referrer`: under no-referrer Chromium sends `Origin: null` on our
    # own form posts, and the Origin check could not tell them from a sandboxed attacker's.
    # Nothing is ever sent to another origin either way (and no page links out).
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


@dataclass
class App:
    """What every request handler shares: the queue, the reviews file and the secrets."""

    queue: Queue
    reviews: ReviewLog
    config: CheckConfig
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    allowed_hosts: frozenset[str] = frozenset()
    log: IO[str] | None = None  # request log; None: quiet


class ReviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str, port: int, app: App) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__((host, port), Handler)
        self.app = app
        bound = self.server_address[1]
        names = {"127.0.0.1", "localhost", "[::1]"}
        if host not in ("0.0.0.0", "::", ""):
            names.add(f"[{host}]" if ":" in host else host)
        app.allowed_hosts = frozenset(f"{name}:{bound}".lower() for name in names)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        self.url = f"http://{f'[{shown}]' if ':' in shown else shown}:{bound}/"


class Refused(Exception):
    """A request the security model turns away, with the status it gets."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class Handler(BaseHTTPRequestHandler):
    server: ReviewServer
    server_version = "toolscore-ci-serve"
    sys_version = ""

    # -- plumbing ------------------------------------------------------------------------

    @property
    def app(self) -> App:
        return self.server.app

    def log_message(self, format: str, *args: object) -> None:
        if self.app.log is not None:
            self.app.log.write(f"{self.address_string()} {format % args}\n")

    def _send(
        self, status: int, body: str, content_type: str = "text/html; charset=utf-8", **extra: str
    ) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in extra.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _redirect(self, location: str) -> None:
        self._send(HTTPStatus.SEE_OTHER, "", "text/plain; charset=utf-8", Location=location)

    def _refuse(self, status: HTTPStatus, message: str) -> None:
        self._send(status, pages.message_page(f"{status.value} {status.phrase}", message))

    def _check_host(self) -> None:
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.app.allowed_hosts:
            raise Refused(
                HTTPStatus.MISDIRECTED_REQUEST,
                "this server answers only to 127.0.0.1, localhost and [::1] on its own port",
            )

    def _check_origin(self) -> None:
        own = "http://" + (self.headers.get("Host") or "").strip().lower()
        origin = self.headers.get("Origin")
        if origin is not None:
            if origin.strip().lower() != own:
                raise Refused(HTTPStatus.FORBIDDEN, "cross-origin request refused")
            return
        referer = (self.headers.get("Referer") or "").strip().lower()
        if not (referer == own or referer.startswith(own + "/")):
            raise Refused(HTTPStatus.FORBIDDEN, "request without a same-origin Origin or Referer")

    def _form(self) -> dict[str, str]:
        """The form body, checked: its type, its size, then the CSRF token."""
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype != "application/x-www-form-urlencoded":
            raise Refused(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "expected a form post")
        try:
            length = int(self.headers.get("Content-Length") or "")
        except ValueError:
            raise Refused(HTTPStatus.LENGTH_REQUIRED, "Content-Length required") from None
        if length < 0 or length > MAX_BODY_BYTES:
            raise Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "request body too large")
        raw = self.rfile.read(length)
        try:
            fields = parse_qs(
                raw.decode("utf-8"), keep_blank_values=True, strict_parsing=False, max_num_fields=8
            )
        except (UnicodeDecodeError, ValueError):
            raise Refused(HTTPStatus.BAD_REQUEST, "unreadable form") from None
        form = {name: values[0] for name, values in fields.items()}
        token = form.get("token", "")
        if not hmac.compare_digest(token.encode(), self.app.token.encode()):
            raise Refused(HTTPStatus.FORBIDDEN, "missing or wrong form token: reload the page")
        return form

    def _guarded(self, method: str) -> None:
        try:
            self._check_host()
            if method == "POST":
                self._check_origin()
                self._post()
            else:
                self._get()
        except Refused as refused:
            self._refuse(refused.status, str(refused))

    def do_GET(self) -> None:
        self._guarded("GET")

    def do_HEAD(self) -> None:
        self._guarded("GET")

    def do_POST(self) -> None:
        self._guarded("POST")

    # -- routes --------------------------------------------------------------------------

    def _get(self) -> None:
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query, max_num_fields=16).items()}
        if url.path == "/style.css":
            self._send(HTTPStatus.OK, pages.STYLESHEET, "text/css; charset=utf-8")
        elif url.path == "/favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, "", "text/plain; charset=utf-8")
        elif url.path == "/":
            self._queue(query)
        elif url.path == "/trace":
            self._trace(query)
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "no such page")

    def _queue(self, query: dict[str, str]) -> None:
        app = self.app
        app.reviews.refresh()  # another server on the same file may have decided since
        decisions = app.reviews.standing_all()
        status = query.get("status", "open")
        filters = Filters(
            verdict=query.get("verdict", "unverifiable"),
            code=query.get("code", ""),
            file=query.get("file", ""),
            status=status if status in STATUSES else "open",
            q=query.get("q", "")[:200],
        )
        notes = {tid: d.note for tid, d in decisions.items()}
        open_filter = Filters(status="open")
        notice = ""
        done = decisions.get(query.get("reviewed", ""))
        if done is not None:
            notice = (
                f"Recorded: {done.trace_id} marked {'success' if done.success else 'failure'}. "
                "It left the queue; the reviewed filter finds it (and its page can undo)."
            )
        page = pages.queue_page(
            app.queue.select(filters, notes),
            filters,
            decisions=decisions,
            open_count=len(app.queue.select(open_filter, notes)),
            reviewed_count=sum(1 for tid in decisions if tid in app.queue.by_id),
            codes=app.queue.codes(),
            files=app.queue.files(),
            issues=app.queue.issues,
            notice=notice,
        )
        self._send(HTTPStatus.OK, page)

    def _trace(self, query: dict[str, str]) -> None:
        app = self.app
        result = app.queue.by_id.get(query.get("id", ""))
        if result is None:
            self._refuse(HTTPStatus.NOT_FOUND, "no trace with that id in this queue")
            return
        app.reviews.refresh()
        record = read_record(result, app.config)
        trace = project(record.data) if record is not None else None
        notice = ""
        if query.get("undone") and app.reviews.standing(result.trace_id) is None:
            notice = "Decision retracted: the trace is back in the queue."
        notes = {tid: d.note for tid, d in app.reviews.standing_all().items()}
        waiting = [r.trace_id for r in app.queue.select(Filters(), notes)]
        after = waiting[waiting.index(result.trace_id) + 1 :] if result.trace_id in waiting else []
        next_id = next(iter(after or [t for t in waiting if t != result.trace_id]), None)
        page = pages.trace_page(
            result, trace, app.reviews.standing(result.trace_id), app.token, notice, next_id
        )
        self._send(HTTPStatus.OK, page)

    def _post(self) -> None:
        path = urlsplit(self.path).path
        if path not in ("/review", "/undo"):
            raise Refused(HTTPStatus.NOT_FOUND, "no such form")
        form = self._form()
        app = self.app
        result = app.queue.by_id.get(form.get("id", ""))
        if result is None:
            raise Refused(HTTPStatus.NOT_FOUND, "no trace with that id in this queue")
        record = read_record(result, app.config)
        if record is None:
            raise Refused(
                HTTPStatus.CONFLICT,
                f"{result.source_file} line {result.line} no longer holds this trace",
            )
        source = (result.source_file, result.line)
        if path == "/undo":
            app.reviews.undo(record.data, source, form.get("decision") or None)
            self._redirect(pages.trace_href(result.trace_id) + "&undone=1")
            return
        outcome = form.get("outcome")
        if outcome not in ("success", "failure"):
            raise Refused(HTTPStatus.BAD_REQUEST, "outcome must be success or failure")
        note = form.get("note", "").replace("\r\n", "\n").strip()
        if len(note) > MAX_NOTE_CHARS:
            raise Refused(HTTPStatus.BAD_REQUEST, f"the note is over {MAX_NOTE_CHARS} characters")
        app.reviews.decide(record.data, outcome == "success", note, source)
        self._redirect("/?" + urlencode({"reviewed": result.trace_id}))

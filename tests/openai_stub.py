"""An OpenAI-compatible `/chat/completions` stand-in on 127.0.0.1, for tests: real HTTP, a
script of answers per request, and every request recorded (headers and body).

    with OpenAIStub() as stub:
        stub.script(good(0.9), rate_limited(1), server_error(), malformed())
        ...  # the judge's base_url is stub.url; stub.requests holds what it sent

Each request takes the next scripted reply; with the script empty, `stub.default` answers
(a function of the request body, so a test can stand in for a model that reads the prompt).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

USAGE = {"prompt_tokens": 1200, "completion_tokens": 60, "total_tokens": 1260}


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # a dict is sent as JSON, a str as is
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (past the client's timeout: a timeout)


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    raw: str
    body: Any


def completion(
    content: str, usage: dict[str, Any] | None = USAGE, model: str = "stub-model"
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }
    if usage is not None:
        out["usage"] = usage
    return out


def answer(
    p: float, verdict: str, rationale: str = "stub rationale", steps: list[int] | None = None
) -> str:
    return json.dumps(
        {"p_success": p, "verdict": verdict, "rationale": rationale, "steps": steps or []}
    )


def good(
    p: float = 0.9,
    verdict: str | None = None,
    rationale: str = "stub rationale",
    steps: list[int] | None = None,
    usage: dict[str, Any] | None = USAGE,
) -> Reply:
    verdict = verdict or ("success" if p >= 0.5 else "failure")
    return Reply(body=completion(answer(p, verdict, rationale, steps), usage))


def content(text: str, usage: dict[str, Any] | None = USAGE) -> Reply:
    """A 200 whose message content is `text` as given (malformed answers)."""
    return Reply(body=completion(text, usage))


def malformed() -> Reply:
    return content('{"p_success": 0.9, "verdict": "success", "rationale": "ok", "steps": [1')


def prose() -> Reply:
    return content(
        'Sure! Here is my answer: {"p_success": 0.9, "verdict": "success", "rationale": "ok", "steps": []}'
    )


def rate_limited(retry_after: str | float = 1) -> Reply:
    return Reply(
        429,
        {"error": {"message": "Rate limit reached", "type": "requests"}},
        {"Retry-After": str(retry_after)},
    )


def server_error(status: int = 500) -> Reply:
    return Reply(status, {"error": {"message": "The server had an error", "type": "server_error"}})


def slow(seconds: float, then: Reply | None = None) -> Reply:
    reply = then or good()
    return Reply(reply.status, reply.body, reply.headers, delay=seconds)


class OpenAIStub:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.times: list[float] = []  # time.monotonic() of each request's arrival
        self._script: deque[Reply] = deque()
        self.default: Callable[[Any], Reply] = lambda body: good()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self.url = ""

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def start(self) -> OpenAIStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                stub._serve(self)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        host, port = self._server.server_address[:2]
        self.url = f"http://{host}:{port}/v1"
        threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length).decode("utf-8")
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        with self._lock:
            self.requests.append(Recorded(handler.path, dict(handler.headers.items()), raw, body))
            self.times.append(time.monotonic())
            reply = self._script.popleft() if self._script else None
        if reply is None:
            reply = self.default(body)
        if handler.path != "/v1/chat/completions":
            reply = Reply(404, {"error": {"message": f"no route {handler.path}"}})
        if reply.delay:
            time.sleep(reply.delay)
        data = reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
        payload = data.encode("utf-8")
        try:
            handler.send_response(reply.status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                handler.send_header(name, value)
            handler.end_headers()
            handler.wfile.write(payload)
        except OSError:
            pass  # the client gave up (a timeout test): nothing to answer

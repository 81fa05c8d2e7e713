"""A small GitHub REST client on `requests`: just what the Action needs, and careful.

- `GITHUB_API_URL` as the base, so GitHub Enterprise Server works.
- Every request has a timeout; connection errors, timeouts and 5xx are retried with exponential
  backoff; 403/429 are retried only when GitHub says when (`Retry-After`, or
  `x-ratelimit-remaining: 0` with `x-ratelimit-reset`); any other 4xx fails at once (retrying
  a read-only token's 403 only wastes the job's time).
- Secondary rate limits (403/429 whose message says so) are retried with GitHub's documented
  wait: `Retry-After` if present, else until `x-ratelimit-reset` when `x-ratelimit-remaining` is
  0, else at least `SECONDARY_RATE_LIMIT_WAIT` seconds; the error then says "rate limit", never
  "permissions".
- Waits are capped by `max_wait`, and every call shares one overall `deadline` (the Action's
  `github-timeout`): a far-away reset or a slow API fails fast instead of stalling the job.
- Answers are checked before use: a JSON content type, the shape the endpoint promises (an
  object or a list), a body where one is due; anything else is a `GitHubError`, never a crash.
- The token is never part of an exception message or a log line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import requests

DEFAULT_API_URL = "https://api.github.com"
#: GitHub's documented minimum wait after a secondary rate limit that names no time
#: (docs.github.com, "Rate limits for the REST API": "wait for at least one minute").
SECONDARY_RATE_LIMIT_WAIT = 60.0
# How GitHub words it ("You have exceeded a secondary rate limit", formerly "abuse detection").
_SECONDARY_WORDS = ("secondary rate limit", "abuse detection")


class GitHubError(Exception):
    """A request failed for good. `status` is the HTTP status, or None for network errors.

    `kind` says why, for the notice: `forbidden` (401/403: the token may not), `not_found`
    (404), `rate_limited` (primary or secondary limit, retries spent or too far away),
    `deadline` (the overall time for GitHub calls ran out), `bad_response` (not the JSON the
    endpoint promises), `network`, or `http` (anything else)."""

    def __init__(
        self, method: str, path: str, status: int | None, message: str, kind: str = "http"
    ) -> None:
        self.method, self.path, self.status, self.message = method, path, status, message
        self.kind = kind
        where = f"{method} {path}"
        super().__init__(f"{where}: HTTP {status}: {message}" if status else f"{where}: {message}")

    @property
    def forbidden(self) -> bool:
        """A write the token may not do (fork PR, Dependabot, missing `permissions:`)."""
        return self.kind == "forbidden"


def _secondary(response: requests.Response, message: str) -> bool:
    return response.status_code in (403, 429) and any(
        w in message.lower() for w in _SECONDARY_WORDS
    )


class GitHub:
    def __init__(
        self,
        token: str,
        repository: str,
        api_url: str | None = None,
        *,
        timeout: float = 10.0,
        retries: int = 3,
        backoff: float = 1.0,
        max_wait: float = 60.0,
        deadline: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        user_agent: str = "toolscore-ci",
    ) -> None:
        """`deadline` is seconds from now for every call together (None: no overall limit)."""
        self.repository = repository
        self.api_url = (api_url or DEFAULT_API_URL).rstrip("/")
        self.timeout, self.retries, self.backoff, self.max_wait = (
            timeout,
            retries,
            backoff,
            max_wait,
        )
        self._sleep = sleep
        self._clock = clock
        self._ends = None if deadline is None else clock() + deadline
        self._token = token
        self._session = requests.Session()
        self._session.headers.update(
            {
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": user_agent,
            }
        )
        if token:
            self._session.headers["Authorization"] = f"Bearer {token}"
        self.requests_made = 0

    def __repr__(self) -> str:  # never show the token
        return f"GitHub(api_url={self.api_url!r}, repository={self.repository!r})"

    def _redact(self, text: str) -> str:
        return text.replace(self._token, "***") if self._token else text

    def remaining(self) -> float | None:
        """Seconds left before the overall deadline (None: no deadline)."""
        return None if self._ends is None else self._ends - self._clock()

    def _wait_for(self, response: requests.Response, attempt: int, message: str) -> float | None:
        """Seconds to wait before retrying `response`, or None when it must not be retried."""
        status = response.status_code
        if status >= 500:
            return self.backoff * (2**attempt)
        if status not in (403, 429):
            return None
        retry_after = response.headers.get("Retry-After")
        if retry_after is not None:
            try:
                return max(float(retry_after), 0.0)
            except ValueError:
                return self.backoff * (2**attempt)
        if response.headers.get("x-ratelimit-remaining") == "0":
            try:
                reset = float(response.headers.get("x-ratelimit-reset", ""))
            except ValueError:
                return self.backoff * (2**attempt)
            return max(reset - time.time(), 0.0) + 1.0
        if _secondary(response, message):
            return SECONDARY_RATE_LIMIT_WAIT * (2**attempt)
        if status == 429:
            return self.backoff * (2**attempt)
        return None  # a plain 403: the token may not do this

    @staticmethod
    def _kind(response: requests.Response, message: str) -> str:
        status = response.status_code
        if _secondary(response, message) or status == 429 or "rate limit" in message.lower():
            return "rate_limited"
        if response.headers.get("x-ratelimit-remaining") == "0" and status == 403:
            return "rate_limited"
        if status in (401, 403):
            return "forbidden"
        return "not_found" if status == 404 else "http"

    @staticmethod
    def _message(response: requests.Response) -> str:
        try:
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("message"), str):
                return body["message"][:300]
        except ValueError:
            pass
        return (response.reason or "error")[:300]

    def request(
        self, method: str, path: str, *, json: Any = None, params: dict[str, Any] | None = None
    ) -> requests.Response:
        """One call with retries; returns a 2xx response or raises `GitHubError`."""
        url = path if path.startswith("http") else f"{self.api_url}{path}"
        shown = path if not path.startswith("http") else path.replace(self.api_url, "")
        last, kind = "", "http"
        for attempt in range(self.retries + 1):
            left = self.remaining()
            if left is not None and left <= 0:
                raise GitHubError(
                    method, shown, None, "the time for GitHub calls ran out", "deadline"
                )
            timeout = self.timeout if left is None else max(min(self.timeout, left), 0.01)
            self.requests_made += 1
            try:
                response = self._session.request(
                    method, url, json=json, params=params, timeout=timeout
                )
            except requests.RequestException as exc:
                last = self._redact(f"{type(exc).__name__}: network error or timeout")
                wait: float | None = self.backoff * (2**attempt)
                status, kind = None, "network"
            else:
                if response.status_code < 400:
                    return response
                status = response.status_code
                last = self._redact(self._message(response))
                wait = self._wait_for(response, attempt, last)
                kind = self._kind(response, last)
                if _secondary(response, last):
                    last = f"secondary rate limit: {last}"
            if wait is None or attempt == self.retries:
                raise GitHubError(method, shown, status, last, kind)
            if wait > self.max_wait:
                raise GitHubError(
                    method,
                    shown,
                    status,
                    f"{last} (retry would wait {wait:.0f} s; giving up)",
                    kind,
                )
            left = self.remaining()
            if left is not None and wait >= left:
                raise GitHubError(
                    method,
                    shown,
                    status,
                    f"{last} (retry would wait {wait:.0f} s, past the time for GitHub calls)",
                    "deadline",
                )
            self._sleep(wait)
        raise GitHubError(method, shown, None, last)  # pragma: no cover - the loop always returns

    def _body(self, method: str, path: str, response: requests.Response) -> Any:
        """The decoded JSON body, or a `GitHubError` saying what came instead."""
        if not response.content:
            return None
        ctype = response.headers.get("Content-Type", "")
        if "json" not in ctype.lower():
            raise GitHubError(
                method,
                path,
                response.status_code,
                f"expected JSON, got {ctype.split(';')[0].strip() or 'no content type'}",
                "bad_response",
            )
        try:
            return response.json()
        except ValueError:
            raise GitHubError(
                method, path, response.status_code, "the body is not valid JSON", "bad_response"
            ) from None

    def json(self, method: str, path: str, *, expect: type = dict, **kwargs: Any) -> Any:
        """The call's JSON body, which must be an `expect` (a dict or a list); an empty body is
        a `GitHubError` too, since every endpoint used here answers with one."""
        response = self.request(method, path, **kwargs)
        body = self._body(method, path, response)
        if not isinstance(body, expect):
            got = "an empty body" if body is None else f"a JSON {type(body).__name__}"
            raise GitHubError(
                method,
                path,
                response.status_code,
                f"expected a JSON {'object' if expect is dict else 'list'}, got {got}",
                "bad_response",
            )
        return body

    def paginate(self, path: str, per_page: int = 100, max_pages: int = 50) -> Iterator[Any]:
        """Every item of a list endpoint, following `Link: rel="next"`."""
        url: str | None = path
        params: dict[str, Any] | None = {"per_page": per_page}
        for _ in range(max_pages):
            if url is None:
                return
            response = self.request("GET", url, params=params)
            page = self._body("GET", path, response)
            if not isinstance(page, list):
                got = "an empty body" if page is None else f"a JSON {type(page).__name__}"
                raise GitHubError(
                    "GET",
                    path,
                    response.status_code,
                    f"expected a JSON list, got {got}",
                    "bad_response",
                )
            yield from page
            url = response.links.get("next", {}).get("url")
            params = None  # the next link carries its own query

    # -- the calls the Action makes --------------------------------------------------------

    def login(self) -> str | None:
        """The token's own login, or None for an installation token (GITHUB_TOKEN), which
        cannot call /user."""
        try:
            body = self.json("GET", "/user")
        except GitHubError:
            return None
        return body.get("login") if isinstance(body, dict) else None

    def issue_comments(self, number: int) -> Iterator[dict[str, Any]]:
        for comment in self.paginate(f"/repos/{self.repository}/issues/{number}/comments"):
            if isinstance(comment, dict):  # anything else cannot be ours to edit
                yield comment

    def pull_request(self, number: int) -> dict[str, Any]:
        return self.json("GET", f"/repos/{self.repository}/pulls/{number}")

    def pulls_for_commit(self, sha: str) -> list[dict[str, Any]]:
        """Pull requests whose head is or contains `sha` (open ones, for a commit not on the
        default branch)."""
        path = f"/repos/{self.repository}/commits/{sha}/pulls"
        return [p for p in self.paginate(path, max_pages=3) if isinstance(p, dict)]

    def open_pulls_from(self, owner: str, branch: str) -> list[dict[str, Any]]:
        """Open pull requests whose head is `owner:branch` (a fork's branch, say)."""
        pulls = self.json(
            "GET",
            f"/repos/{self.repository}/pulls",
            expect=list,
            params={"state": "open", "head": f"{owner}:{branch}", "per_page": 30},
        )
        return [p for p in pulls if isinstance(p, dict)]

    def create_comment(self, number: int, body: str) -> dict[str, Any]:
        return self.json(
            "POST", f"/repos/{self.repository}/issues/{number}/comments", json={"body": body}
        )

    def update_comment(self, comment_id: int, body: str) -> dict[str, Any]:
        return self.json(
            "PATCH", f"/repos/{self.repository}/issues/comments/{comment_id}", json={"body": body}
        )

    def create_check_run(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self.json("POST", f"/repos/{self.repository}/check-runs", json=payload)

    def update_check_run(self, check_run_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        return self.json(
            "PATCH", f"/repos/{self.repository}/check-runs/{check_run_id}", json=payload
        )

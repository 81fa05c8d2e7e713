"""A small GitHub REST client on `requests`: just what the Action needs, and careful.

- `GITHUB_API_URL` as the base, so GitHub Enterprise Server works.
- Every request has a timeout; connection errors, timeouts and 5xx are retried with exponential
  backoff; 403/429 are retried only when GitHub says when (`Retry-After`, or
  `x-ratelimit-remaining: 0` with `x-ratelimit-reset`); any other 4xx fails at once (retrying
  a read-only token's 403 only wastes the job's time).
- Waits are capped by `max_wait`, so a far-away rate-limit reset fails fast instead of hanging.
- The token is never part of an exception message or a log line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import requests

DEFAULT_API_URL = "https://api.github.com"


class GitHubError(Exception):
    """A request failed for good. `status` is the HTTP status, or None for network errors."""

    def __init__(self, method: str, path: str, status: int | None, message: str) -> None:
        self.method, self.path, self.status, self.message = method, path, status, message
        where = f"{method} {path}"
        super().__init__(f"{where}: HTTP {status}: {message}" if status else f"{where}: {message}")

    @property
    def forbidden(self) -> bool:
        """A write the token may not do (fork PR, Dependabot, missing `permissions:`)."""
        return self.status in (401, 403, 404)


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
        sleep: Callable[[float], None] = time.sleep,
        user_agent: str = "toolscore-ci",
    ) -> None:
        self.repository = repository
        self.api_url = (api_url or DEFAULT_API_URL).rstrip("/")
        self.timeout, self.retries, self.backoff, self.max_wait = (
            timeout,
            retries,
            backoff,
            max_wait,
        )
        self._sleep = sleep
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

    def _wait_for(self, response: requests.Response, attempt: int) -> float | None:
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
        if status == 429:
            return self.backoff * (2**attempt)
        return None  # a plain 403: the token may not do this

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
        last = ""
        for attempt in range(self.retries + 1):
            self.requests_made += 1
            try:
                response = self._session.request(
                    method, url, json=json, params=params, timeout=self.timeout
                )
            except requests.RequestException as exc:
                last = self._redact(f"{type(exc).__name__}: network error or timeout")
                wait: float | None = self.backoff * (2**attempt)
                status = None
            else:
                if response.status_code < 400:
                    return response
                status = response.status_code
                last = self._redact(self._message(response))
                wait = self._wait_for(response, attempt)
            if wait is None or attempt == self.retries:
                raise GitHubError(method, shown, status, last)
            if wait > self.max_wait:
                raise GitHubError(
                    method, shown, status, f"{last} (retry would wait {wait:.0f} s; giving up)"
                )
            self._sleep(wait)
        raise GitHubError(method, shown, None, last)  # pragma: no cover - the loop always returns

    def json(self, method: str, path: str, **kwargs: Any) -> Any:
        response = self.request(method, path, **kwargs)
        return response.json() if response.content else None

    def paginate(self, path: str, per_page: int = 100, max_pages: int = 50) -> Iterator[Any]:
        """Every item of a list endpoint, following `Link: rel="next"`."""
        url: str | None = path
        params: dict[str, Any] | None = {"per_page": per_page}
        for _ in range(max_pages):
            if url is None:
                return
            response = self.request("GET", url, params=params)
            yield from response.json()
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
        return self.paginate(f"/repos/{self.repository}/issues/{number}/comments")

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

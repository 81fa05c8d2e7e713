"""One chat completion over HTTP, with retries: `POST {base_url}/chat/completions` via `requests`.

Retried, with exponential backoff and full jitter: 429, any 5xx, connection errors and timeouts,
honouring `Retry-After` (seconds or an HTTP date) up to `Policy.max_retry_after`. Not retried:
any other 4xx (the request itself is wrong: a retry would fail the same way). Every attempt
shares one per-call deadline. A failure is a `CallFailed` with a kind and a detail in which the
API key never appears; nothing else escapes.

An attempt that timed out or lost its connection after the request was sent may have run, and be
billed, on the server: those are counted (`unsure`) and retried only when the caller can reserve
the cost of one more (`reserve_retry`).
"""

from __future__ import annotations

import email.utils
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Literal

import requests

FailureKind = Literal["http_error", "timeout", "parse_error"]
#: How much of an error response's body a failure quotes.
BODY_QUOTE_CHARS = 200


@dataclass(frozen=True, slots=True)
class Policy:
    """Timeouts in seconds. `deadline` bounds one call, its retries and waits included."""

    timeout: float = 60.0
    deadline: float = 180.0
    max_attempts: int = 4
    backoff_base: float = 1.0
    backoff_cap: float = 20.0
    max_retry_after: float = 60.0


@dataclass(frozen=True, slots=True)
class Reply:
    content: str
    model: str
    usage: dict[str, Any] | None
    attempts: int
    unsure: int  # earlier attempts that may have run on the server


class CallFailed(Exception):
    def __init__(self, kind: FailureKind, detail: str, attempts: int, unsure: int) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.attempts = attempts
        self.unsure = unsure


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """`Retry-After` as seconds from now: delta-seconds or an HTTP date; None if absent or bad."""
    if not value:
        return None
    value = value.strip()
    # RFC 9110 says whole seconds; some servers send a fraction, which means the same thing.
    if re.fullmatch(r"\d+(\.\d+)?", value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max((when - (now or datetime.now(timezone.utc))).total_seconds(), 0.0)


def _may_have_run(exc: requests.RequestException) -> bool:
    """Whether the request may have reached the server (a timeout reading the reply, a dropped
    connection) rather than failing to connect."""
    if isinstance(exc, requests.ConnectTimeout):
        return False
    if isinstance(exc, requests.ConnectionError):
        return not any(n in repr(exc) for n in ("NewConnectionError", "ConnectTimeoutError"))
    return True


def _reply(data: Any, attempts: int, unsure: int) -> Reply:
    """The message content of a 200 response; a shape that is not a chat completion is a
    parse error (the server answered, but not with an answer)."""
    try:
        message = data["choices"][0]["message"]
        content = message["content"]
    except (KeyError, IndexError, TypeError):
        raise CallFailed(
            "parse_error", "the response is not a chat completion", attempts, unsure
        ) from None
    if not isinstance(content, str):
        raise CallFailed(
            "parse_error", "the response's message has no text content", attempts, unsure
        )
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else None
    return Reply(content, str(data.get("model") or ""), usage, attempts, unsure)


def post_chat(
    session: requests.Session,
    url: str,
    api_key: str,
    body: dict[str, Any],
    policy: Policy,
    *,
    reserve_retry: Callable[[], bool],
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
    jitter: Callable[[], float] = random.random,
) -> Reply:
    """POST `body` to `url` until it answers or a limit is reached; `CallFailed` otherwise."""

    def redact(text: str) -> str:
        return text.replace(api_key, "***") if api_key else text

    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    end = clock() + policy.deadline
    attempts = unsure = 0
    while True:
        attempts += 1
        left = end - clock()
        if left <= 0:
            raise CallFailed(
                "timeout", f"deadline of {policy.deadline:g}s passed", attempts - 1, unsure
            )
        retry_after: float | None = None
        try:
            response = session.post(
                url, json=body, headers=headers, timeout=min(policy.timeout, left)
            )
        except requests.RequestException as exc:
            timed_out = isinstance(exc, requests.Timeout)
            kind: FailureKind = "timeout" if timed_out else "http_error"
            detail = (
                f"no answer within {min(policy.timeout, left):g}s"
                if timed_out
                else f"connection failed: {type(exc).__name__}"
            )
            if _may_have_run(exc):
                unsure += 1
                if attempts < policy.max_attempts and not reserve_retry():
                    raise CallFailed(
                        kind,
                        f"{detail}; no budget left to retry a call that may have run",
                        attempts,
                        unsure,
                    ) from None
        else:
            if response.status_code == 200:
                try:
                    data = response.json()
                except ValueError:
                    raise CallFailed(
                        "parse_error", "the response body is not JSON", attempts, unsure
                    ) from None
                return _reply(data, attempts, unsure)
            snippet = redact(response.text[:BODY_QUOTE_CHARS]).replace("\n", " ")
            kind, detail = "http_error", f"HTTP {response.status_code}: {snippet}"
            if response.status_code != 429 and response.status_code < 500:
                raise CallFailed(kind, detail, attempts, unsure)
            retry_after = retry_after_seconds(response.headers.get("Retry-After"))
            if retry_after is not None and retry_after > policy.max_retry_after:
                raise CallFailed(
                    kind,
                    f"{detail} (Retry-After {retry_after:g}s is over {policy.max_retry_after:g}s)",
                    attempts,
                    unsure,
                )
        if attempts >= policy.max_attempts:
            raise CallFailed(kind, f"{detail} (after {attempts} attempts)", attempts, unsure)
        backoff = jitter() * min(policy.backoff_cap, policy.backoff_base * 2 ** (attempts - 1))
        wait = max(backoff, retry_after or 0.0)
        if clock() + wait >= end:
            raise CallFailed(
                kind,
                f"{detail} (no time left to retry within {policy.deadline:g}s)",
                attempts,
                unsure,
            )
        sleep(wait)

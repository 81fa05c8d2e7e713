"""The LLM judge: asks a model on an OpenAI-compatible endpoint whether a run succeeded.

    judge = Judge("https://api.openai.com/v1", "gpt-4.1-mini", max_usd=1.0,
                  ledger="judge-ledger.jsonl", cache=".toolscore-judge-cache")
    if judge.worst_case_usd(traces, engine_results) > 1.0: ...   # refuse before any call
    result = judge.judge(trace, engine_result)                    # a Result, never an exception

`trace` is a projected `Trace` (`projection.project`: no labels, metadata or provenance);
`engine_result` is the checks' `Result` for it, so the judge is told what they found and what they
left open. The answer is strict JSON (`detectors/answer.py`); the `Result` has
`detector="judge"`, the judge's `p_success` through the shared gate and one reason quoting its
rationale. Anything short of a valid answer is an abstention: p 0.5, `unverifiable`, one reason
with outcome `unknown` and a code saying why (`ABSTAIN_CODES`). No retry is made on a malformed
answer: a model that broke the shape once is not asked to guess again.

The API key is read from `TOOLSCORE_JUDGE_API_KEY` only, sent as `Authorization: Bearer`, and
never logged, cached or ledgered. Each call is reserved at its worst case before it is made
(`detectors/cost.py`) and written to the ledger (`detectors/ledger.py`); with `max_usd`, a call
whose reservation would exceed what is left is not made. Answers are cached by request hash
(`detectors/cache.py`): a hit costs nothing. See docs/judge.md.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import requests

from toolscore_ci.detectors.answer import Answer, AnswerError, parse_answer
from toolscore_ci.detectors.cache import ResponseCache, request_hash
from toolscore_ci.detectors.cost import Price, price_for, reservation_usd, usd
from toolscore_ci.detectors.ledger import Entry, Ledger
from toolscore_ci.detectors.openai_http import CallFailed, Policy, Reply, post_chat
from toolscore_ci.detectors.prompt import build_messages
from toolscore_ci.gate import gate
from toolscore_ci.model import Outcome, Reason, Result, Trace

API_KEY_ENV = "TOOLSCORE_JUDGE_API_KEY"
DETECTOR = "judge"
#: Room for the answer: the JSON with a 300-character rationale is under 150 tokens. A reasoning
#: model spends completion tokens thinking and needs more (`max_tokens=`); all of it is reserved.
DEFAULT_MAX_TOKENS = 400
DEFAULT_TIMEOUT = 60.0
#: The same request should get the same answer (and a cached one is then the answer).
TEMPERATURE = 0
RESPONSE_FORMAT = {"type": "json_object"}
#: The code of the reason that carries the judge's answer.
ANSWER_CODE = "TSJ001"
#: The code of the reason an abstention carries, by why it abstained.
ABSTAIN_CODES = {
    "parse_error": "TSJ901",
    "budget": "TSJ902",
    "http_error": "TSJ903",
    "timeout": "TSJ904",
    "ledger": "TSJ905",
}
#: The claim a judge's reason is about: the run as a whole, not one claim of it.
CLAIM = "task success"


class JudgeError(Exception):
    """The judge cannot be set up (no key, a bad URL): a message for the user, shown as is."""


class Judge:
    """An LLM judge on one OpenAI-compatible endpoint and model, with one budget and ledger."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        max_usd: float | None = None,
        ledger: str | os.PathLike[str] | None = None,
        cache: str | os.PathLike[str] | None = None,
        prices: Mapping[str, Price] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        policy: Policy | None = None,
    ) -> None:
        api_key = os.environ.get(API_KEY_ENV, "").strip()
        if not api_key:
            raise JudgeError(
                f"the judge needs an API key in the environment variable {API_KEY_ENV} "
                "(a local server that ignores keys accepts any value)"
            )
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise JudgeError(
                f"the judge's base URL must be http(s)://host[/path], not {base_url!r}"
            )
        if max_usd is not None and not (math.isfinite(max_usd) and max_usd >= 0):
            raise JudgeError(f"the judge's budget must be a number >= 0, not {max_usd!r}")
        if max_tokens < 1:
            raise JudgeError(f"max_tokens must be at least 1, not {max_tokens}")
        self._api_key = api_key
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.max_usd = max_usd
        self.max_tokens = max_tokens
        self.price = price_for(model, prices)
        self.policy = policy or Policy(timeout=timeout)
        self.ledger = Ledger(ledger)
        self.cache = ResponseCache(cache)
        self._session = requests.Session()
        self._lock = threading.Lock()
        self._spent = 0.0
        self._held = 0.0  # reservations of calls in flight
        self._ledger_error: str | None = None  # set once a ledger write failed: no more calls

    def __repr__(self) -> str:  # never the key
        return f"Judge(url={self.url!r}, model={self.model!r}, max_usd={self.max_usd!r})"

    # -- the request -----------------------------------------------------------------------

    @property
    def params(self) -> dict[str, Any]:
        return {
            "temperature": TEMPERATURE,
            "max_tokens": self.max_tokens,
            "response_format": RESPONSE_FORMAT,
        }

    def request(
        self, trace: Trace, engine_result: Result | None = None
    ) -> tuple[list[dict[str, str]], str, float]:
        """The messages for `trace`, their request hash and their reservation in USD."""
        messages = build_messages(trace, engine_result)
        key = request_hash(self.model, messages, self.params)
        return messages, key, reservation_usd(messages, self.max_tokens, self.price)

    # -- the budget ------------------------------------------------------------------------

    @property
    def spent_usd(self) -> float:
        return self._spent

    @property
    def left_usd(self) -> float | None:
        return None if self.max_usd is None else self.max_usd - self._spent - self._held

    def worst_case_usd(
        self, traces: Sequence[Trace], engine_results: Sequence[Result | None] | None = None
    ) -> float:
        """What judging all of `traces` could cost at most: the sum of their reservations, a
        request already in the cache counting 0. Call it before the first call and refuse a
        `max_usd` below it."""
        results = engine_results if engine_results is not None else [None] * len(traces)
        if len(results) != len(traces):
            raise ValueError("engine_results must match traces one to one")
        total = 0.0
        for trace, result in zip(traces, results, strict=True):
            _, key, reserved = self.request(trace, result)
            if self.cache.get(key) is None:
                total += reserved
        return total

    def _reserve(self, amount: float) -> bool:
        with self._lock:
            if self.max_usd is not None and self._spent + self._held + amount > self.max_usd:
                return False
            self._held += amount
            return True

    def _settle(self, held: float, actual: float) -> None:
        with self._lock:
            self._held -= held
            self._spent += actual

    # -- judging ---------------------------------------------------------------------------

    def judge(
        self,
        trace: Trace,
        engine_result: Result | None = None,
        *,
        source_file: str | None = None,
        line: int | None = None,
    ) -> Result:
        """The judge's `Result` for `trace` (an abstention on any failure; never raises for a
        failed call). Where the trace is comes from `engine_result` unless given."""
        if source_file is None:
            source_file = engine_result.source_file if engine_result else ""
        if line is None:
            line = engine_result.line if engine_result else 0
        where = (source_file, line)
        messages, key, reserved = self.request(trace, engine_result)
        step_ids = {s.i for s in trace.steps}

        cached = self.cache.get(key)
        if cached is not None:
            try:
                answer = parse_answer(cached["content"], step_ids)
            except AnswerError:
                answer = None  # a stale or edited entry: ask again
            if answer is not None:
                self._log(trace, key, "ok", 0.0, 0.0, None, True, 0)
                return self._answered(
                    trace, engine_result, where, answer, "answer from the cache, no cost"
                )

        if self._ledger_error is not None:
            # Spending that cannot be recorded is not spent.
            return self._abstain(trace, engine_result, where, "ledger", self._ledger_error)
        if not self._reserve(reserved):
            left = self.left_usd
            self._log(trace, key, "budget", 0.0, 0.0, None, False, 0)
            detail = (
                f"not asked: the call's reservation ${reserved:.4f} is more than the "
                f"${left:.4f} left of the ${self.max_usd:g} budget"
            )
            return self._abstain(trace, engine_result, where, "budget", detail)
        held = [reserved]

        def reserve_retry() -> bool:
            if self._reserve(reserved):
                held.append(reserved)
                return True
            return False

        try:
            reply = post_chat(
                self._session,
                self.url,
                self._api_key,
                {"model": self.model, "messages": messages, **self.params},
                self.policy,
                reserve_retry=reserve_retry,
            )
        except CallFailed as failed:
            # An attempt that may have run is charged its reservation; a parse error of the
            # response body means the server answered: charged in full too.
            charged = reserved * (failed.unsure + (failed.kind == "parse_error"))
            self._settle(sum(held), charged)
            self._log(trace, key, failed.kind, sum(held), charged, None, False, failed.attempts)
            return self._abstain(trace, engine_result, where, failed.kind, failed.detail)
        except Exception as exc:  # the judge never raises for a call; say what happened
            self._settle(sum(held), reserved)
            self._log(trace, key, "http_error", sum(held), reserved, None, False, 1)
            return self._abstain(
                trace, engine_result, where, "http_error", f"call failed: {type(exc).__name__}"
            )

        tokens = _usage_tokens(reply)
        actual = (usd(*tokens, self.price) if tokens else reserved) + reserved * reply.unsure
        self._settle(sum(held), actual)
        try:
            answer = parse_answer(reply.content, step_ids)
        except AnswerError as bad:
            self._log(trace, key, "parse_error", sum(held), actual, tokens, False, reply.attempts)
            return self._abstain(
                trace, engine_result, where, "parse_error", f"the judge's answer: {bad}"
            )
        self._log(trace, key, "ok", sum(held), actual, tokens, False, reply.attempts)
        # A cache that cannot be written costs a repeat call, not the answer.
        with contextlib.suppress(OSError):
            self.cache.put(key, reply.content, reply.model or self.model, reply.usage)
        return self._answered(trace, engine_result, where, answer, f"judge call cost ${actual:.6f}")

    # -- results and ledger lines -----------------------------------------------------------

    def _log(
        self,
        trace: Trace,
        key: str,
        status: str,
        reserved: float,
        actual: float,
        tokens: tuple[int, int] | None,
        cache_hit: bool,
        attempts: int,
    ) -> None:
        entry = Entry(
            trace_id=trace.trace_id,
            model=self.model,
            status=status,
            reserved_usd=round(reserved, 8),
            actual_usd=round(actual, 8),
            prompt_tokens=tokens[0] if tokens else None,
            completion_tokens=tokens[1] if tokens else None,
            cache_hit=cache_hit,
            attempts=attempts,
            request_hash=key,
        )
        try:
            self.ledger.write(entry)
        except OSError as exc:
            # Spending unrecorded is worse than a stopped run: no further calls are made.
            self._ledger_error = f"the ledger {self.ledger.path} cannot be written ({exc.strerror})"

    def _answered(
        self,
        trace: Trace,
        engine_result: Result | None,
        where: tuple[str, int],
        answer: Answer,
        note: str,
    ) -> Result:
        verdict = gate(answer.p_success)
        # The judge's opinion is never a receipt: a pass stays `unknown` evidence; a judged
        # failure is a claim the judge found unbacked.
        outcome: Outcome = "unsupported" if verdict == "false_success" else "unknown"
        reason = Reason(
            claim=CLAIM,
            outcome=outcome,
            steps=answer.steps,
            detail=f"judge {self.model}: {answer.verdict} (p {answer.p_success:.2f}): {answer.rationale}",
            code=ANSWER_CODE,
        )
        return Result(
            trace_id=trace.trace_id,
            verdict=verdict,
            p_success=answer.p_success,
            claims=list(engine_result.claims) if engine_result else [],
            reasons=[reason],
            source_file=where[0],
            line=where[1],
            detector=DETECTOR,
            notes=[note],
            expected_calls=engine_result.expected_calls if engine_result else None,
        )

    def _abstain(
        self,
        trace: Trace,
        engine_result: Result | None,
        where: tuple[str, int],
        why: str,
        detail: str,
    ) -> Result:
        reason = Reason(
            claim=CLAIM,
            outcome="unknown",
            steps=(),
            detail=f"the judge abstained ({why.replace('_', ' ')}): {detail}",
            code=ABSTAIN_CODES[why],
        )
        return Result(
            trace_id=trace.trace_id,
            verdict=gate(0.5),
            p_success=0.5,
            claims=list(engine_result.claims) if engine_result else [],
            reasons=[reason],
            source_file=where[0],
            line=where[1],
            detector=DETECTOR,
            notes=[f"judge abstained: {why}"],
            expected_calls=engine_result.expected_calls if engine_result else None,
        )


def _usage_tokens(reply: Reply) -> tuple[int, int] | None:
    """(prompt, completion) tokens the server reported, or None if it reported no usable usage."""
    usage = reply.usage or {}
    prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
    if all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (prompt, completion)):
        return prompt, completion  # type: ignore[return-value]
    return None

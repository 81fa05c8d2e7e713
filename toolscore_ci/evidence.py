"""What actually happened in a trace: tool calls paired with their results, the status of each
(succeeded, failed, pending, handed to the client, no result), and turns with their execution
records. Everything here reads structure — fields, codes, states — never the agent's words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from toolscore_ci.model import Step
from toolscore_ci.toolkinds import categorize, command_of

#: succeeded; accepted (taken in for async processing, outcome unknown); failed; pending (waiting
#: on approval or confirmation); handed_off (the client must run it); no_result.
Status = Literal["succeeded", "accepted", "failed", "pending", "handed_off", "no_result"]
TurnRecord = Literal["no_tool", "succeeded", "failed", "pending", "handed_off", "mixed"]

_FAILED_STATES = frozenset(
    {
        "failed",
        "failure",
        "fail",
        "error",
        "errored",
        "rejected",
        "denied",
        "declined",
        "timeout",
        "timed_out",
        "aborted",
        "invalid",
        "unauthorized",
        "forbidden",
        "not_found",
        "notfound",
        "conflict",
        "unavailable",
        "refused",
        "bounced",
        "undeliverable",
        "undelivered",
        "not_delivered",
        "cancelled",
        "canceled",
        "expired",
        "blocked",
    }
)
# Waiting on someone's decision: it will not happen on its own.
_PENDING_STATES = frozenset(
    {
        "pending_approval",
        "awaiting_approval",
        "requires_approval",
        "needs_approval",
        "approval_required",
        "waiting_for_approval",
        "awaiting_confirmation",
        "pending_confirmation",
        "needs_confirmation",
        "pending_review",
        "draft",
        "in_review",
        "on_hold",
        "tentative",
        "unconfirmed",
        "not_persisted",
        "uncommitted",
        "dry_run",
        "preview",
        "simulated",
        "proposed",
        "awaiting_input",
        "needs_review",
    }
)
# pending_second_approval, awaiting_manager_signoff, requires_customer_confirmation, ...
_WAITING_ON_SOMEONE = re.compile(
    r"(?:pending|awaiting|waiting|requires|needs).*(?:approv|confirm|sign_?off|review)"
)
# Taken in for asynchronous processing: it may well happen, but nothing says it did.
_ACCEPTED_STATES = frozenset(
    {
        "queued",
        "accepted",
        "scheduled",
        "enqueued",
        "submitted",
        "pending",
        "processing",
        "in_progress",
        "running",
        "started",
        "staged",
    }
)
_HANDOFF_STATES = frozenset({"requires_action", "handed_off", "client_side", "delegated_to_client"})
_SUCCESS_STATES = frozenset(
    {
        "ticketed",
        "issued",
        "reserved",
        "captured",
        "ok",
        "success",
        "succeeded",
        "successful",
        "done",
        "completed",
        "complete",
        "confirmed",
        "created",
        "sent",
        "delivered",
        "saved",
        "updated",
        "deleted",
        "removed",
        "merged",
        "deployed",
        "committed",
        "paid",
        "refunded",
        "booked",
        "active",
        "live",
        "published",
        "passed",
        "applied",
        "approved",
        "closed",
        "resolved",
        "written",
        "stored",
        "persisted",
        "finished",
        "healthy",
        "green",
    }
)
_DONE_FLAGS = frozenset(
    {
        "moved",
        "copied",
        "imported",
        "exported",
        "cancelled",
        "canceled",
        "stored",
        "saved",
        "sent",
        "deleted",
        "created",
        "updated",
        "merged",
        "deployed",
        "committed",
        "refunded",
        "paid",
        "delivered",
        "captured",
        "published",
        "applied",
        "booked",
        "scheduled",
        "persisted",
        "written",
        "removed",
        "archived",
        "closed",
        "charged",
        "executed",
        "completed",
        "accepted",
        "confirmed",
        "uploaded",
        "posted",
        "pushed",
        "synced",
        "processed",
    }
)
_STATE_KEYS = ("status", "state", "result", "outcome", "conclusion", "phase")
_CODE_KEYS = (
    "exit_code",
    "exitCode",
    "returncode",
    "return_code",
    "exit_status",
    "exitStatus",
    "rc",
)
_HTTP_KEYS = ("status_code", "statusCode", "http_status", "httpStatus", "code", "status")
# Where tools nest their real answer one level down.
_WRAPPERS = ("result", "data", "response", "body", "payload", "output", "state", "page")

# Plain-text failure signals, each tied to a structure tools print, not to loose words.
_TEXT_FAILURES: tuple[tuple[re.Pattern[str], str], ...] = (
    # what a web page or app shows when the action did not go through
    (
        re.compile(
            r"\bsomething went wrong\b|\b(?:couldn'?t|could not|failed to|unable to) "
            r"(?:save|submit|send|update|create|delete|complete|process|book|pay|upload)\b|"
            r"\bunsaved changes\b|\bverify (?:that )?you are (?:a )?human\b|\bcaptcha\b",
            re.I,
        ),
        "the page reports the action did not go through",
    ),
    (
        re.compile(
            r"(?<![\w.])(?<!:\d\d )([1-9]\d*) (?:failed|failing|failures?|errors?)\b(?!\s*=\s*0)",
            re.I,
        ),
        "{0} failed",
    ),
    (re.compile(r"^(?:FAILED|FAIL)\b[ \t:]", re.M), "test failures reported"),
    (re.compile(r"^--- FAIL:", re.M), "go test failure"),
    (re.compile(r"!\s+\[(?:remote\s+)?rejected\]"), "push rejected"),
    (re.compile(r"^error: failed to push", re.M), "push failed"),
    (re.compile(r"^(?:fatal|error|Error|ERROR):\s", re.M), "error reported"),
    (re.compile(r"^Traceback \(most recent call last\):", re.M), "exception raised"),
    (
        re.compile(r"\bcommand not found\b|\bPermission denied\b|\bNo such file or directory\b"),
        "command error",
    ),
    (re.compile(r"^HTTP/\d(?:\.\d)?\s+[45]\d\d\b", re.M), "HTTP error status"),
    (re.compile(r"\bBUILD FAILED\b|\bCompilation failed\b|\bnpm ERR!", re.I), "build failed"),
    (re.compile(r"^[45]\d\d:\s", re.M), "HTTP error status"),
)
_READ_FAILURE = re.compile(
    r"(?:error|fatal|exception|traceback|failed|failure)\b|(?:HTTP/\d(?:\.\d)?\s+)?[45]\d\d\b[: ]|"
    r".{0,80}(?:command not found|permission denied|no such file or directory|not found|"
    r"connection refused|timed out|unreachable)",
    re.I,
)
# A page that asks to sign in, or a captcha, is not the document that was asked for.
_READ_WALL = re.compile(
    r"<title>[^<]{0,40}\b(?:sign in|log ?in|access denied|forbidden|not found|captcha|just a moment)\b|"
    r"\bplease (?:sign|log) in to continue\b|\bverify you are (?:a )?human\b|\benable javascript and cookies\b",
    re.I,
)
_TEXT_PENDING = re.compile(
    r"\b(?:pending (?:approval|review|confirmation)|awaiting (?:approval|confirmation|review)|"
    r"requires? (?:your )?approval|waiting for (?:your )?(?:approval|confirmation)|needs? approval)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Execution:
    """One tool call and what came of it."""

    call: Step
    result: Step | None
    status: Status
    category: str | None
    why: str  # the structural signal behind `status`, for reasons
    turn: int
    # JSON text of args and output, made on first use: every claim compares against them
    _texts: list[str | None] = field(
        default_factory=lambda: [None, None], compare=False, repr=False
    )

    @property
    def name(self) -> str:
        return self.call.name or "?"

    @property
    def args_text(self) -> str:
        text = self._texts[0]
        if text is None:
            text = self._texts[0] = _text_of(self.call.args)
        return text

    @property
    def output_text(self) -> str:
        text = self._texts[1]
        if text is None:
            text = self._texts[1] = _text_of(self.result.output) if self.result is not None else ""
        return text

    @property
    def cited(self) -> tuple[int, ...]:
        return (self.call.i,) if self.result is None else (self.call.i, self.result.i)


@dataclass(slots=True)
class Turn:
    index: int
    start: int  # position in steps of the user message that opened it (or 0)
    executions: list[Execution] = field(default_factory=list)

    @property
    def record(self) -> TurnRecord:
        """What this turn's tools did, all told: the most any claim in it may rest on."""
        statuses = {e.status for e in self.executions}
        if not statuses:
            return "no_tool"
        if statuses <= {"succeeded", "accepted"}:
            return "succeeded"
        if statuses <= {"failed", "pending"}:
            return "failed" if "failed" in statuses else "pending"
        if statuses <= {"handed_off", "no_result"}:
            return "handed_off"
        return "mixed"


@dataclass(slots=True)
class Evidence:
    """Everything the checker needs to know about what ran, computed once per trace."""

    executions: list[Execution]
    probes: list[Step]
    turns: list[Turn]
    turn_of_step: dict[int, int]  # step.i -> turn index
    # everything said or returned before a call, by call.i: built on demand, once
    context_before: dict[int, str] = field(default_factory=dict)


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)


def _as_mapping(value: Any) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text[:1] == "{" and text[-1:] == "}":
            try:
                parsed = json.loads(text)
            except (ValueError, RecursionError):
                return None
            return parsed if isinstance(parsed, Mapping) else None
    return None


# A state that says the work was done only in part: "staged_partial", "partially_applied",
# "completed_with_exceptions", "done_with_errors", "incomplete", "short_pick".
_PARTIAL_STATE = re.compile(r"partial|with_(?:exceptions?|errors?|failures?)|incomplete|^short_")


def _state_word(value: Any) -> str | None:
    if isinstance(value, str) and len(value) <= 40:
        return value.strip().lower().replace(" ", "_").replace("-", "_")
    return None


_DIRECT_SIGNAL_KEYS = frozenset(
    {
        "error",
        "errors",
        "exception",
        "err",
        "failure",
        "ok",
        "success",
        "succeeded",
        "is_error",
        "isError",
        "stderr",
        "output",
        "text",
        "content",
    }
    | set(_CODE_KEYS)
    | set(_HTTP_KEYS)
)
_SIGNAL_KEYS = _DIRECT_SIGNAL_KEYS | set(_WRAPPERS)
#: Keys that signal only when they wrap an object ({"result": {"ok": false}}).
_WRAPPER_KEYS = frozenset(_WRAPPERS) - _DIRECT_SIGNAL_KEYS


_KEY_ALIASES = {
    k.lower().replace("_", ""): k
    for k in (
        "status_code",
        "http_status",
        "exit_code",
        "return_code",
        "exit_status",
        "is_error",
        "error",
        "errors",
        "status",
        "state",
        "result",
        "outcome",
        "conclusion",
        "phase",
        "ok",
        "success",
        "succeeded",
        "message",
        "output",
        "stderr",
        "stdout",
    )
}


def _normalised_keys(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    """AWS says `HttpStatusCode` and `Status`, others `status_code` and `status`: read them
    alike. Keys already in the expected spelling are left as they are."""
    renames = _renames(tuple(k for k in obj if isinstance(k, str)))
    if not renames:
        return obj
    renamed = dict(obj)
    for key, alias in renames:
        renamed[alias] = obj[key]
    return renamed


@lru_cache(maxsize=2048)
def _renames(keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(key, spelling to read it as), worked out once per shape of result."""
    present = set(keys)
    out = []
    for key in keys:
        lowered = key.lower()
        alias = (
            "status_code"
            if lowered == "httpstatuscode"
            else _KEY_ALIASES.get(lowered.replace("_", "").replace("-", ""))
        )
        if alias is not None and alias != key and alias not in present:
            out.append((key, alias))
            present.add(alias)
    return tuple(out)


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def state_word_status(value: Any) -> Status | None:
    """What one state word says ("success", "failure", "pending"), or None if it says nothing."""
    word = _state_word(value)
    if word is None:
        return None
    if word in _FAILED_STATES or _PARTIAL_STATE.search(word):
        return "failed"
    if word in _PENDING_STATES or _WAITING_ON_SOMEONE.search(word):
        return "pending"
    if word in _HANDOFF_STATES:
        return "handed_off"
    if word in _ACCEPTED_STATES:
        return "accepted"
    if word in _SUCCESS_STATES:
        return "succeeded"
    return None


def _mapping_status(
    obj: Mapping[str, Any], depth: int = 0, content: bool = True, category: str | None = None
) -> tuple[Status, str] | None:
    """Read the status out of a structured tool output; None when it says nothing.

    Transport signals (error fields, ok/success false, exit and HTTP codes) always count.
    Content signals (state words, done-flags, failure counts, runner output) count only when
    the output reports on the action itself; what a read returns is data about the world:
    an order whose status is "cancelled" is not a failed read."""
    obj = _normalised_keys(obj)
    if not content and not any(
        key in _SIGNAL_KEYS and (key not in _WRAPPER_KEYS or _as_mapping(obj[key]) is not None)
        for key in obj
    ):
        # a read whose result carries none of the transport fields ("state": "pending" of a
        # status read is the data read, not a wrapper around the read's own outcome)
        return None
    for key in (
        "error",
        "errors",
        "exception",
        "err",
        "failure",
        "error_code",
        "errorCode",
        "error_message",
    ):
        value = obj.get(key)
        if value not in (None, False, "", [], {}, 0):
            return "failed", f"{key}: {_short(value)}"
    for key in ("ok", "success", "succeeded"):
        if obj.get(key) is False:
            return "failed", f"{key}: false"
    if obj.get("is_error") is True or obj.get("isError") is True:
        return "failed", "is_error: true"
    for key in _CODE_KEYS:
        if key not in obj:
            continue
        code = _int(obj[key])
        if code is not None and code != 0:
            return "failed", f"{key} {code}"
    for key in _HTTP_KEYS:
        if key not in obj:
            continue
        code = _int(obj[key])
        if code is not None and 100 <= code <= 599:
            if code >= 400:
                return "failed", f"HTTP {code}"
            if code == 202 and content:
                return "accepted", "HTTP 202 accepted"
    if not content:
        for key in ("stderr", "output", "text", "content"):
            value = obj.get(key)
            if isinstance(value, str):
                found = _text_status(value, content=False)
                if found is not None:
                    return found
        return None
    nested = _nested_user_errors(obj) if "data" in obj or "userErrors" in obj else None
    if nested is not None:
        return "failed", nested
    # {"cancelled": false}, {"stored": false}, {"copied": 0}: the action's own done-flag or
    # done-count says it did not happen
    for key, value in obj.items():
        if (
            key.lower() in _DONE_FLAGS
            and _flag_is_the_action(key.lower(), category)
            and (
                value is False
                or (isinstance(value, int) and not isinstance(value, bool) and value == 0)
            )
        ):
            return "failed", f"{key}: {json.dumps(value)}"
    zero = _done_counts(obj, category)[1]
    if zero is not None:
        return "failed", zero  # {"totalUpdatedCells": 0}: the write did nothing
    for key in (
        "failed",
        "failures",
        "failed_items",
        "failedItems",
        "rejected",
        "rejected_rows",
        "bounced",
        "invalid_rows",
        "dropped",
        "not_found",
    ):
        if key not in obj:
            continue
        value = obj[key]
        if isinstance(value, list) and value:
            return "failed", f"{key}: {len(value)} item(s) ({_short(value, 80)})"
        count = _int(value)
        if count is not None and count > 0:
            return "failed", f"{key}: {count}"
    for key in (
        "requires_approval",
        "approval_required",
        "needs_approval",
        "pending_approval",
        "pending",
    ):
        if obj.get(key) is True:
            return "pending", f"{key}: true"
    if obj.get("approved") is False:
        return "pending", "approved: false"
    if obj.get("persisted") is False or obj.get("committed") is False or obj.get("saved") is False:
        key = next(k for k in ("persisted", "committed", "saved") if obj.get(k) is False)
        return "pending", f"{key}: false"
    for key in _STATE_KEYS:
        if key not in obj:
            continue
        status = state_word_status(obj[key])
        if status is not None and status != "succeeded":
            return status, f"{key}: {obj[key]}"
    for key in (
        "stdout",
        "stderr",
        "output",
        "text",
        "message",
        "content",
        "log",
        "logs",
        "toast",
        "banner",
        "alert",
        "flash",
        "notice",
        "notification",
    ):
        value = obj.get(key)
        if isinstance(value, str):
            found = _text_status(value)
            if found is not None and found[0] == "failed":
                return found
    if depth < 2:
        for key in _WRAPPERS:
            if key not in obj:
                continue
            inner = _as_mapping(obj[key])
            if inner is not None:
                found = _mapping_status(inner, depth + 1, content, category)
                if found is not None:
                    return found
    return None


# A done-flag speaks for the call only when it names what the call does: {"cancelled": false}
# from cancel_reservation is a failure, {"archived": false} from create_page is just a field.
_FLAG_CATEGORY = {
    "cancelled": "deleted",
    "canceled": "deleted",
    "deleted": "deleted",
    "removed": "deleted",
    "archived": "deleted",
    "stored": "saved",
    "saved": "saved",
    "persisted": "saved",
    "written": "saved",
    "uploaded": "saved",
    "imported": "saved",
    "copied": "saved",
    "moved": "changed",
    "synced": "saved",
    "exported": "created",
    "sent": "sent",
    "delivered": "sent",
    "posted": "sent",
    "created": "created",
    "updated": "changed",
    "applied": "changed",
    "closed": "changed",
    "merged": "deployed",
    "deployed": "deployed",
    "pushed": "deployed",
    "published": "deployed",
    "committed": "committed",
    "refunded": "paid",
    "paid": "paid",
    "charged": "paid",
    "captured": "paid",
    "booked": "booked",
    "scheduled": "booked",
}
_GENERIC_FLAGS = frozenset({"executed", "completed", "processed", "accepted", "confirmed"})


#: Count words around a done-word in a count key (totalUpdatedCells, rows_affected).
_COUNT_WORDS = frozenset(
    {
        "total",
        "num",
        "n",
        "count",
        "rows",
        "row",
        "cells",
        "cell",
        "records",
        "record",
        "items",
        "documents",
        "docs",
        "files",
        "lines",
        "objects",
        "entries",
        "messages",
    }
)
#: Done-words that only appear in counts, and the flag they count as.
_COUNT_VERBS = {
    "affected": "updated",
    "modified": "updated",
    "changed": "updated",
    "written": "saved",
    "upserted": "updated",
    "inserted": "created",
}
_KEY_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _count_key(key: str) -> tuple[str | None, bool]:
    """(the done-flag a count key counts, whether it counts matches): totalUpdatedCells ->
    ("updated", False), rows_affected -> ("updated", False), matchedCount -> (None, True)."""
    words = [w.lower() for w in _KEY_WORDS.findall(key)]
    if "matched" in words:
        return None, True
    done = [w for w in words if w in _DONE_FLAGS or w in _COUNT_VERBS]
    if len(done) != 1 or len(words) < 2 or not set(words) - set(done) <= _COUNT_WORDS:
        return None, False
    return _COUNT_VERBS.get(done[0], done[0]), False


def _done_counts(obj: Mapping[str, Any], category: str | None) -> tuple[bool, str | None]:
    """(some count says the write took effect, the key of a count of 0 that says it did not).
    A matched count counts as taking effect: the target is already in the state asked for."""
    zero = None
    for key, value in obj.items():
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        flag, matched = _count_key(key)
        if matched and value > 0 and category not in (None, "retrieved"):
            return True, None
        if flag is None or not _flag_is_the_action(flag, category):
            continue
        if value > 0:
            return True, None
        zero = zero or f"{key}: 0"
    return False, zero


def _flag_is_the_action(flag: str, category: str | None) -> bool:
    if flag in _GENERIC_FLAGS:
        return category is not None and category != "retrieved"
    own = _FLAG_CATEGORY.get(flag)
    return own is not None and own == category


def _nested_user_errors(obj: Any, depth: int = 0) -> str | None:
    """GraphQL puts mutation failures at data.<mutation>.userErrors, under an HTTP 200."""
    if depth > 5:
        return None
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            if key in ("userErrors", "user_errors") and isinstance(value, list) and value:
                return f"{key}: {_short(value, 100)}"
            if isinstance(value, (Mapping, list)):
                found = _nested_user_errors(value, depth + 1)
                if found is not None:
                    return found
    elif isinstance(obj, list):
        for item in obj[:20]:
            found = _nested_user_errors(item, depth + 1)
            if found is not None:
                return found
    return None


def _scoped(pattern: re.Pattern[str]) -> str:
    flags = ("i" if pattern.flags & re.IGNORECASE else "") + (
        "m" if pattern.flags & re.MULTILINE else ""
    )
    # no capture groups in the union; an escaped "\(" is a literal bracket and stays
    body = re.sub(r"(?<!\\)\((?!\?)", "(?:", pattern.pattern)
    return f"(?{flags}:{body})" if flags else f"(?:{body})"


_ANY_TEXT_FAILURE = re.compile("|".join(_scoped(p) for p, _label in _TEXT_FAILURES))


def _text_status(text: str, content: bool = True) -> tuple[Status, str] | None:
    head = text[:20000]
    if not content:
        # what a read returned is data; only an error or a wall in place of the data counts
        opening = head.lstrip()[:300]
        if _READ_FAILURE.match(opening):
            return "failed", f"read failed: {' '.join(opening.split())[:80]}"
        wall = _READ_WALL.search(head[:4000])
        if wall:
            return (
                "failed",
                f"read hit a wall instead of the content: {' '.join(wall.group(0).split())[:60]}",
            )
        return None
    if _ANY_TEXT_FAILURE.search(head):  # one scan; the first pattern that matches names it
        for pattern, label in _TEXT_FAILURES:
            match = pattern.search(head)
            if match:
                return "failed", label.format(*match.groups()) if match.groups() else label
    if _TEXT_PENDING.search(head):
        return "pending", "output says approval is pending"
    return None


def _short(value: Any, limit: int = 120) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str, sort_keys=True)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def result_status(
    step: Step, content: bool = True, category: str | None = None
) -> tuple[Status, str]:
    """The status a tool result (or a state probe) reports, and the signal that says so.
    `content=False` for reads: only a failure of the read itself counts. `category` is what the
    call does, so its own done-flags can speak for it."""
    if step.ok is False:
        detail = (
            _short(step.error) if step.error not in (None, "", {}) else _output_hint(step.output)
        )
        return "failed", f"ok=false{': ' + detail if detail else ''}"
    if step.error not in (None, "", {}, []):
        return "failed", f"error: {_short(step.error)}"
    output = step.output
    mapping = _as_mapping(output)
    if mapping is not None:
        found = _mapping_status(mapping, content=content, category=category)
        if found is not None:
            return found
    elif isinstance(output, str):
        found = _text_status(output, content)
        if found is not None:
            return found
    elif isinstance(output, list) and content:
        for item in output[:50]:
            inner = _as_mapping(item)
            if inner is not None:
                found = _mapping_status(inner)
                if found is not None and found[0] == "failed":
                    return found
            elif isinstance(item, str):
                found = _text_status(item)
                if found is not None and found[0] == "failed":
                    return found
    return "succeeded", "ok=true" if step.ok else "no failure signal"


def _output_hint(output: Any) -> str:
    mapping = _as_mapping(output)
    if mapping is not None:
        for key in ("error", "message", "status", "detail"):
            if mapping.get(key):
                return f"{key}: {_short(mapping[key])}"
    if isinstance(output, str) and output.strip():
        return _short(output)
    return ""


def is_terminal_success(execution: Execution) -> bool:
    """Does the receipt positively say the thing is done (not merely 'no error')?"""
    result = execution.result
    if result is None or execution.status != "succeeded":
        return False
    mapping = _as_mapping(result.output)
    if mapping is not None:
        for key in _STATE_KEYS:
            value = mapping.get(key)
            if isinstance(value, Mapping):  # {"status": {"state": "DONE"}} (BigQuery jobs)
                value = next((value[k] for k in _STATE_KEYS if k in value), None)
            word = _state_word(value)
            if word in _SUCCESS_STATES:
                return True
        for key in _CODE_KEYS:
            if _int(mapping.get(key)) == 0:
                return True
        for key in _HTTP_KEYS:
            code = _int(mapping.get(key))
            if code is not None and 200 <= code < 300:
                return True
        if any(_is_id_key(k) for k in mapping if mapping.get(k) not in (None, "", False)):
            return True
        # the action's own done-flag or done-count: {"applied": true}, {"deleted": 12}
        if any(
            (
                value is True
                or (isinstance(value, int) and not isinstance(value, bool) and value > 0)
            )
            and (key.lower() in _DONE_FLAGS or key.lower() in ("ok", "success", "succeeded"))
            for key, value in mapping.items()
        ):
            return True
        if _done_counts(mapping, execution.category)[0]:
            return True
        if _has_nested_id(mapping):
            return True
        # a database's own command tag: "ALTER TABLE", "INSERT 0 1", "UPDATE 3"
        if any(
            isinstance(mapping.get(k), str) and _SQL_TAG.match(mapping[k])
            for k in ("command", "status", "message", "tag")
        ):
            return True
    if isinstance(result.output, str) and _TEXT_SUCCESS.search(result.output[:5000]):
        return True
    # a write that echoes back what it created: [{"name": ..., "observations": [...]}]
    if isinstance(result.output, list) and result.output and execution.category != "retrieved":
        return all(isinstance(item, Mapping) and item for item in result.output[:20])
    # A shell command that ran with no error and no failure in its output exited cleanly.
    return result.ok is not False and bool(command_of(execution.call.args))


_TEXT_SUCCESS = re.compile(
    r"\b\d+\s+passed\b|\bOK\b|\bPASS(?:ED)?\b|\bsuccess(?:ful(?:ly)?)?\b|\bsucceeded\b|"
    r"\b(?:has|have) been (?:updated|created|saved|written|deleted|removed|sent|applied|moved)\b|"
    r"\b(?:updated|created|saved|wrote|written|deleted|removed|sent|deployed|merged|committed|done)\b",
    re.I,
)


_SQL_TAG = re.compile(
    r"^(?:INSERT|UPDATE|DELETE|ALTER|CREATE|DROP|MERGE|COPY|TRUNCATE)\b(?: [A-Z]+)?(?: \d+)*$"
)


def _has_nested_id(obj: Any, depth: int = 0) -> bool:
    """An id of what was made, a level or three down: {"data": {"orderUpdate": {"order":
    {"id": ...}}}}, {"issue": {"identifier": ...}}."""
    if depth > 3 or not isinstance(obj, Mapping):
        return False
    for value in obj.values():
        if isinstance(value, Mapping):
            if any(_is_id_key(k) and v not in (None, "", False) for k, v in value.items()):
                return True
            if _has_nested_id(value, depth + 1):
                return True
    return False


def _is_id_key(key: str) -> bool:
    k = key.lower()
    return k in (
        "id",
        "number",
        "key",
        "sha",
        "url",
        "html_url",
        "identifier",
        "uid",
        "uuid",
    ) or (
        # snake_case or camelCase endings only: "invalid", "paid", "android" are not ids
        k.endswith(
            ("_id", "_key", "_url", "_number", "_sha", "trackingnumber", "confirmationnumber")
        )
        or key.endswith(("Id", "ID"))
    )


def pair_results(steps: Sequence[Step]) -> dict[int, Step]:
    """call.i -> its result: a tool_result belongs to the nearest preceding unanswered
    tool_call with the same name (the agent-trace/v1 rule); orphan results are ignored."""
    open_calls: dict[str, list[Step]] = {}
    paired: dict[int, Step] = {}
    for step in steps:
        if step.kind == "tool_call":
            open_calls.setdefault(step.name or "", []).append(step)
        elif step.kind == "tool_result":
            waiting = open_calls.get(step.name or "")
            if waiting:
                paired[waiting.pop().i] = step
    return paired


def collect(steps: Sequence[Step], tool_categories: Mapping[str, str] | None = None) -> Evidence:
    """Build the execution records of a trace."""
    paired = pair_results(steps)
    turns: list[Turn] = []
    turn_of_step: dict[int, int] = {}
    executions: list[Execution] = []
    probes: list[Step] = []
    for pos, step in enumerate(steps):
        # a user message opens a turn; whatever precedes the first one is turn 0
        if not turns or (step.kind == "message" and step.role == "user" and pos > turns[-1].start):
            turns.append(Turn(len(turns), pos))
        turn_index = turns[-1].index
        turn_of_step[step.i] = turn_index
        if step.kind == "state_probe":
            probes.append(step)
        if step.kind != "tool_call":
            continue
        result = paired.get(step.i)
        status: Status = "no_result"
        why = "no result recorded for this call"
        category = categorize(step.name, step.args, tool_categories)
        if result is not None:
            status, why = result_status(result, content=category != "retrieved", category=category)
        execution = Execution(step, result, status, category, why, turn_index)
        executions.append(execution)
        turns[-1].executions.append(execution)
    return Evidence(executions, probes, turns, turn_of_step)

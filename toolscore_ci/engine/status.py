"""(call, result) -> status: the one place a tool result's outcome is read.

Structure decides: `ok`, `error`, exit and HTTP codes, `success: false`, error objects and
state fields, judged against the action the call performs (a cancellation that answers
"cancelled" succeeded). A read's content is data, not its status: for reads only the signals
that the read itself failed count. Test-runner summaries count for test runs only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from toolscore_ci.engine.testruns import summarize
from toolscore_ci.model import Step
from toolscore_ci.vocab import states

Status = Literal["succeeded", "accepted", "failed", "pending", "handed_off", "no_result"]

STATE_KEYS = ("status", "state", "outcome", "conclusion", "phase", "result")
_EXIT_KEYS = ("exit_code", "exitcode", "returncode", "return_code", "exit_status", "rc")
_HTTP_KEYS = ("status_code", "statuscode", "http_status", "httpstatus")
_ERROR_KEYS = ("error", "errors", "error_message", "exception", "fault")
# A batch that reports items it could not do: the batch did not do what was asked of it.
_FAILED_ITEMS = (
    "failed",
    "failures",
    "failed_items",
    "failed_count",
    "not_processed",
    "skipped_items",
)
_WRAPPERS = ("result", "data", "response", "body", "payload")
_ID_KEY = re.compile(r"(?:^|_)(?:id|uuid|key|number|ref|reference|confirmation|sha|url)$")
# A tool's own error string ("Error: reservation not found"): its first word says so.
_ERROR_TEXT = re.compile(r"^\s*(?:error|exception|traceback|fatal)\b", re.I)
_MAX_INT_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Judgement:
    status: Status
    why: str
    #: the receipt positively says it is done (an id, a success state, exit 0, a 2xx)
    confirmed: bool = False
    #: a batch that did some of its items and names the ones it could not do
    partial: bool = False


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        text = value.strip()
        return int(text) if len(text) <= _MAX_INT_DIGITS else None
    return None


def _short(value: Any, limit: int = 120) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lower_keys(obj: Mapping[str, Any]) -> dict[str, Any]:
    return {str(k).lower().replace("-", "_"): v for k, v in obj.items()}


def state_word(value: Any) -> str | None:
    if isinstance(value, str) and 0 < len(value) <= 40:
        return value.strip().lower().replace(" ", "_").replace("-", "_")
    return None


#: Fields of a result that say how the call went, not what it returned.
NOT_DATA_KEYS: frozenset[str] = frozenset(
    {*_EXIT_KEYS, *_HTTP_KEYS, *_ERROR_KEYS, "status", "code", "ok", "success", "is_error"}
    | {"message", "detail", "details", "reason", "stderr", "traceback"}
)


def http_code(obj: Mapping[str, Any]) -> int | None:
    """The HTTP status a result object carries (100-599), in its first field that has one."""
    keys = _lower_keys(obj)
    for key in (*_HTTP_KEYS, "status", "code"):
        code = _int(keys.get(key))
        if code is not None and 100 <= code <= 599:
            return code
    return None


def _exit_field(keys: Mapping[str, Any]) -> tuple[str, int] | None:
    """The first exit-code field of a result object's (lower-cased) keys, and its code."""
    for key in _EXIT_KEYS:
        code = _int(keys.get(key))
        if code is not None:
            return key, code
    return None


def exit_code(obj: Any) -> int | None:
    """The exit code a result object carries, in its first field that has one."""
    found = _exit_field(_lower_keys(obj)) if isinstance(obj, Mapping) else None
    return None if found is None else found[1]


def _mapping(obj: Mapping[str, Any], category: str | None, is_read: bool) -> Judgement | None:
    keys = _lower_keys(obj)
    if (exit_field := _exit_field(keys)) is not None:
        key, code = exit_field
        if code != 0:
            return Judgement("failed", f"{key} {code}")
        return Judgement("succeeded", f"{key} 0", confirmed=True)
    for key in (*_HTTP_KEYS, "status", "code"):
        code = _int(keys.get(key))
        if code is not None and 100 <= code <= 599:
            if code >= 400:
                return Judgement("failed", f"HTTP {code}")
            if code == 202:
                return Judgement("accepted", "HTTP 202 accepted")
            if 200 <= code < 300:
                return Judgement("succeeded", f"HTTP {code}", confirmed=True)
    for key in ("success", "ok", "succeeded"):
        if keys.get(key) is False:
            return Judgement("failed", f"{key}: false")
    for key in ("is_error", "iserror"):
        if keys.get(key) is True:
            return Judgement("failed", f"{key}: true")
    for key in _ERROR_KEYS:
        value = keys.get(key)
        if value not in (None, "", [], {}, False):
            return Judgement("failed", f"{key}: {_short(value)}")
    if is_read:
        return None  # the rest of a read's answer is what it read, not how the read went
    for key in ("failed", "partial"):
        if keys.get(key) is True:
            return Judgement("failed", f"{key}: true")
    for key in _FAILED_ITEMS:
        value = keys.get(key)
        count = len(value) if isinstance(value, list) else _int(value)
        if count:
            return Judgement(
                "failed", f"{key}: {count} item(s) ({_short(value, 80)})", partial=True
            )
    vocab = states()
    own = vocab.acts.get(category or "", frozenset())
    # the object's own state naming the act ({"status": "submitted", "accepted": false}): the
    # act happened, and a flag of the same family that is false speaks of a later stage
    said = {state_word(keys.get(key)) for key in STATE_KEYS} & own
    for key, value in keys.items():
        # {"stored": false} from a save: the flag named for the act says it did not happen
        if value is False and key in own and not said:
            return Judgement("failed", f"{key}: false")
    for key in STATE_KEYS:
        value = keys.get(key)
        if isinstance(value, Mapping):  # {"status": {"state": "DONE"}}
            inner = _lower_keys(value)
            value = next((inner[k] for k in STATE_KEYS if k in inner), None)
        word = state_word(value)
        if word is None:
            continue
        cls = vocab.status_of(word, category)
        if cls == "succeeded":
            return Judgement("succeeded", f"{key}: {value}", confirmed=True)
        if cls is not None:
            return Judgement(cls, f"{key}: {value}")  # type: ignore[arg-type]
    for key in _WRAPPERS:
        inner = keys.get(key)
        if isinstance(inner, Mapping):
            found = _mapping(inner, category, is_read)
            if found is not None:
                return found
    return None


def snake_key(key: str) -> str:
    """`ticketId` -> `ticket_id`, so camelCase ids read like snake_case ones."""
    return _CAMEL.sub("_", key).lower()


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def made_ids(output: Mapping[str, Any]) -> list[str]:
    """The identifiers a result carries (ids, numbers, refs), at its top level and in its
    wrappers (`data`, `result`, ...)."""
    out: list[str] = []
    for key, value in output.items():
        scalar = isinstance(value, (str, int)) and not isinstance(value, bool)
        if scalar and str(value).strip() and _ID_KEY.search(snake_key(str(key))):
            out.append(str(value))
    for key in _WRAPPERS:
        if isinstance(output.get(key), Mapping):
            out.extend(made_ids(output[key]))
    return out


def has_identifier(output: Any) -> bool:
    """Does a result carry an identifier of what it made (an id, a number, a url)?"""
    if isinstance(output, Mapping):
        for key, value in output.items():
            if value in (None, "", False) or isinstance(value, (Mapping, list)):
                continue
            if _ID_KEY.search(snake_key(str(key))):
                return True
        for key in _WRAPPERS:
            if isinstance(output.get(key), Mapping) and has_identifier(output[key]):
                return True
    return False


def judge(
    result: Step | None, category: str | None, *, is_read: bool, call: Step | None = None
) -> Judgement:
    """The status of one call, from its result step (None: the call never returned), judged
    against what the call asked for: a state it asked for is its success, and an error saying
    the state it sets already holds leaves it done."""
    found = _judge(result, category, is_read=is_read)
    if found.status not in ("failed", "pending") or is_read or call is None or result is None:
        return found
    vocab = states()
    word = _result_state(result.output)
    if word is not None and word not in vocab.always_failed and word in _asked_for(call):
        return Judgement("succeeded", f"{word}: the state the call asked for", confirmed=True)
    if found.status == "failed" and category in vocab.settles_state:
        said = _already(result, category)
        if said is not None:
            return Judgement("succeeded", f"{said}: the state it sets holds")
    return found


def _result_state(output: Any) -> str | None:
    """The state word of a result's own state field ({"status": "declined"})."""
    if not isinstance(output, Mapping):
        return None
    keys = _lower_keys(output)
    return next((w for k in STATE_KEYS if (w := state_word(keys.get(k))) is not None), None)


def _asked_for(call: Step) -> set[str]:
    """The states a call names: its arguments' words ("response": "declined") and its name's
    words, each also with the endings a state adds (decline -> declined, block -> blocked)."""
    words = {w for v in (call.args or {}).values() if (w := state_word(v)) is not None}
    for token in re.split(r"[^a-z]+", snake_key(call.name or "")):
        if len(token) >= 4:
            words |= {token, token + "d", token + "ed", token + "ted"}
    return words


_ALREADY_TEXT = 600


def _already(result: Step, category: str) -> str | None:
    """ "already cancelled" in a failed call's error or answer, the state being one the act
    sets: the words that say so, else None."""
    vocab = states()
    text = " ".join(str(x) for x in (result.error, result.output) if x not in (None, ""))
    words = re.split(r"[^a-zà-ÿ]+", _CAMEL.sub(" ", text[:_ALREADY_TEXT]).lower())
    own = vocab.acts.get(category, frozenset()) | vocab.produced_by.get(category, frozenset())
    for i, word in enumerate(words[:-1]):
        if word in vocab.already:
            rest = [w for w in words[i + 1 : i + 4] if w not in ("been", "is", "was", "has")]
            # an un-act's state counts too: unsubscribed, unlinked, unpublished
            if rest and (rest[0] in own or rest[0].startswith("un")):
                return f"{word} {rest[0]}"
    return None


def _judge(result: Step | None, category: str | None, *, is_read: bool) -> Judgement:
    if result is None:
        return Judgement("no_result", "no result recorded for this call")
    if result.ok is False:
        detail = result.error if result.error not in (None, "", {}) else result.output
        return Judgement("failed", f"ok=false: {_short(detail)}" if detail else "ok=false")
    if result.error not in (None, "", {}, []):
        return Judgement("failed", f"error: {_short(result.error)}")
    output = result.output
    if category == "tested":
        # a runner's own summary says how the run went ("2 failed"), whatever its exit code
        summary = summarize(output)
        if summary is not None and summary.failed:
            return Judgement("failed", f"{summary.failed} failed, {summary.passed} passed")
    if isinstance(output, Mapping):
        found = _mapping(output, category, is_read)
        if found is not None:
            return found
        return Judgement("succeeded", "no failure signal", confirmed=has_identifier(output))
    if isinstance(output, str) and _ERROR_TEXT.match(output) and result.ok is not True:
        return Judgement("failed", _short(output))
    return Judgement("succeeded", "ok=true" if result.ok else "no failure signal")

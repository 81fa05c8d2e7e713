"""Validation against the published agent-trace/v1 JSON Schema, with precise locations.

The schema is the one agent-claimcheck publishes, byte for byte, checked the way it checks it
(draft 2020-12, `date-time` parsed by `datetime.fromisoformat`). Most traces are valid, so a
hand-written check mirroring the schema answers first; only a trace it rejects goes through
`jsonschema`, which then names every error. A test keeps the two in agreement.
"""

from __future__ import annotations

import json
import sys
from datetime import date, datetime, timedelta, timezone
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from toolscore_ci.model import InputIssue, TraceRecord

if TYPE_CHECKING:  # jsonschema is imported on first use: most runs never reject a trace
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_RESOURCE = "agent-trace-v1.json"


def parse_datetime(value: str) -> datetime:
    """`datetime.fromisoformat` as Python 3.11+ has it (what agent-claimcheck, on 3.12, checks
    `date-time` with). On 3.10, whose parser takes far less (no `Z`, no basic format, no
    nanoseconds), an emulation of the 3.11 parser runs instead; a test holds the two equal."""
    if sys.version_info >= (3, 11):
        return datetime.fromisoformat(value)
    return fromisoformat_311(value)


# ---- the 3.11 ISO 8601 parser, for 3.10 ---------------------------------------------------


def _num(s: str | bytes, pos: int = 0, width: int | None = None) -> int:
    """Exactly `width` ASCII digits at `pos` (all of `s` when width is None)."""
    part = s[pos:] if width is None else s[pos : pos + width]
    if (
        not part
        or (width is not None and len(part) != width)
        or not (part.isascii() and part.isdigit())
    ):
        raise ValueError("expected digits")
    return int(part)


def _separator(s: str) -> int:
    n = len(s)
    if n == 7:
        return 7
    if s[4] == "-":
        if s[5] == "W":
            if n > 8 and s[8] == "-":
                if n == 9:
                    raise ValueError("bad week date")
                if n > 10 and s[10] in "0123456789":
                    return 8
                return 10
            return 8
        return 10
    if s[4] == "W":
        idx = 7
        while idx < n and s[idx] in "0123456789":
            idx += 1
        if idx < 9:
            return idx
        return 7 if idx % 2 == 0 else 8
    return 8


def _date(s: str) -> date:
    if len(s) not in (7, 8, 10):
        raise ValueError("bad date length")
    year = _num(s[0:4])
    dash = s[4] == "-"
    pos = 4 + dash
    if s[pos : pos + 1] == "W":
        pos += 1
        week = _num(s, pos, 2)  # two digits: "0001-W1" is no week date
        pos += 2
        day = 1
        if len(s) > pos:
            if (s[pos] == "-") != dash:
                raise ValueError("inconsistent dashes")
            pos += dash
            day = _num(s[pos : pos + 1])
        return date.fromisocalendar(year, week, day)
    if len(s) == 7:
        raise ValueError("YYYYMMD is not a date")
    month = _num(s[pos : pos + 2])
    pos += 2
    if (s[pos : pos + 1] == "-") != dash:
        raise ValueError("inconsistent dashes")
    pos += dash
    return date(year, month, _num(s[pos : pos + 2]))


def _clock(s: bytes, end: int) -> tuple[tuple[int, int, int, int], bool]:
    """HH[:MM[:SS[.ffffff]]] (colons optional) in s[:end]; the flag says whether something
    other than the string's end follows the clock (fine only before a time zone)."""
    comps = [0, 0, 0]
    pos = 0
    colon = False
    for k in range(3):
        comps[k] = _num(s, pos, 2)
        pos += 2
        ch = s[pos : pos + 1]
        pos += 1
        if k == 0:
            colon = ch == b":"
        if pos >= end:
            return (comps[0], comps[1], comps[2], 0), ch != b""
        if colon and ch == b":":
            continue
        if ch in (b".", b","):
            break
        if not colon:
            pos -= 1
        else:
            raise ValueError("bad time separator")
    take = min(end - pos, 6)
    micro = _num(s, pos, take) * 10 ** (6 - take) if take else 0
    pos += take
    while pos < len(s) and s[pos : pos + 1].isdigit():
        pos += 1
    return (comps[0], comps[1], comps[2], micro), pos < len(s)


def fromisoformat_311(value: str) -> datetime:
    """What `datetime.fromisoformat` accepts on CPython 3.11+, quirks included."""
    if not isinstance(value, str):
        raise TypeError("fromisoformat: argument must be str")
    if len(value) < 7:
        raise ValueError(f"Invalid isoformat string: {value!r}")
    sep = _separator(value)
    d = _date(value[:sep])
    if sep >= len(value):
        return datetime(d.year, d.month, d.day)
    # The time is parsed as UTF-8 bytes, as CPython does: a non-ASCII character counts as
    # several non-digits, which decides some edge cases.
    t = value[sep + 1 :].encode("utf-8", "surrogatepass")
    if not t:
        raise ValueError("nothing after the date-time separator")
    cut = next((i for i, ch in enumerate(t) if ch in b"+-Z"), len(t))
    (h, m, sec, us), trailing = _clock(t, cut)
    tz = None
    if cut == len(t):
        if trailing:
            raise ValueError("trailing characters")
    elif t[cut : cut + 1] == b"Z":
        if cut + 1 != len(t):
            raise ValueError("characters after Z")
        tz = timezone.utc
    else:
        zone = t[cut + 1 :]
        (th, tm, ts, tus), trailing = _clock(zone, len(zone))
        if trailing:
            raise ValueError("bad time zone")
        if th == tm == ts == 0:
            tz = timezone.utc  # a zero offset is UTC, whatever the fraction says
        else:
            off = timedelta(hours=th, minutes=tm, seconds=ts, microseconds=tus)
            tz = timezone(-off if t[cut : cut + 1] == b"-" else off)
    return datetime(d.year, d.month, d.day, h, m, sec, us, tzinfo=tz)


def _is_datetime(value: object) -> bool:
    if isinstance(value, str):
        parse_datetime(value)
    return True


def load_schema() -> dict[str, Any]:
    text = resources.files("toolscore_ci.schemas").joinpath(SCHEMA_RESOURCE).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator, FormatChecker

    formats = FormatChecker()
    formats.checks("date-time", raises=ValueError)(_is_datetime)
    return Draft202012Validator(load_schema(), format_checker=formats)


def json_path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


# ---- the fast path: the schema, written out -------------------------------------------

_TOP_KEYS = frozenset(
    {"schema", "trace_id", "source", "task", "steps", "final_claim", "ground_truth", "meta"}
)
_TOP_REQUIRED = ("schema", "trace_id", "source", "task", "steps", "final_claim")
_TASK_KEYS = frozenset({"id", "domain", "instruction"})
# the extension fields a task may also carry (engine/expected.py)
_TASK_OPTIONAL = frozenset({"expected_calls", "expected_calls_match"})
_MATCH_MODES = frozenset({"strict", "unordered", "subset", "superset"})
_DOMAINS = frozenset({"booking", "crm", "coding", "browser", "other"})
_STEP_KEYS = frozenset(
    {"i", "ts", "kind", "role", "name", "content", "args", "ok", "output", "error"}
)
_KINDS = frozenset({"message", "tool_call", "tool_result", "state_probe"})
_ROLES = frozenset({"user", "agent", "tool", "environment"})
_GT_KEYS = frozenset({"outcome", "checked_by", "details"})


def _is_int(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (
        isinstance(v, float) and v.is_integer()
    )


def _str_or_none(v: Any) -> bool:
    return v is None or isinstance(v, str)


@lru_cache(maxsize=4096)
def _valid_ts(ts: str) -> bool:
    # a run's steps often share their timestamps (readers that make them up give a few):
    # each distinct one is parsed once
    try:
        parse_datetime(ts)
    except ValueError:
        return False
    return True


def _fast_step(step: Any) -> bool:
    # the helpers above written out: this runs for every step of every trace
    if not isinstance(step, dict) or not _STEP_KEYS.issuperset(step) or "i" not in step:
        return False
    i = step["i"]
    if type(i) is int:  # the usual case (not a bool: bool is a subclass, not int itself)
        if i < 0:
            return False
    elif not _is_int(i) or i < 0:
        return False
    ts = step.get("ts", None)
    if not isinstance(ts, str) or not _valid_ts(ts):
        return False
    kind = step.get("kind", None)
    role = step.get("role", None)
    if not (isinstance(kind, str) and kind in _KINDS and isinstance(role, str) and role in _ROLES):
        return False
    name = step.get("name")
    content = step.get("content")
    if not (
        (name is None or isinstance(name, str)) and (content is None or isinstance(content, str))
    ):
        return False
    args = step.get("args")
    if args is not None and not isinstance(args, dict):
        return False
    ok = step.get("ok")
    if ok is not None and not isinstance(ok, bool):
        return False
    error = step.get("error")
    return error is None or isinstance(error, (str, dict))


def _fast_expected(task: dict[str, Any]) -> bool:
    if "expected_calls_match" in task:
        mode = task["expected_calls_match"]
        if not isinstance(mode, str) or mode not in _MATCH_MODES:
            return False
    if "expected_calls" not in task:
        return True
    calls = task["expected_calls"]
    if not isinstance(calls, list):
        return False
    for call in calls:
        if not isinstance(call, dict) or not {"name", "args"}.issuperset(call):
            return False
        name = call.get("name")
        if not isinstance(name, str) or not name:
            return False
        if "args" in call and not isinstance(call["args"], dict):
            return False
    return True


def fast_valid(obj: Any) -> bool:
    """True exactly when the schema accepts `obj` (kept equal by a property test)."""
    if not isinstance(obj, dict) or not _TOP_KEYS.issuperset(obj):
        return False
    if any(k not in obj for k in _TOP_REQUIRED):
        return False
    if obj["schema"] != "agent-trace/v1" or isinstance(obj["schema"], bool):
        return False
    for key in ("trace_id", "source"):
        if not isinstance(obj[key], str) or not obj[key]:
            return False
    task = obj["task"]
    if not isinstance(task, dict) or not (_TASK_KEYS | _TASK_OPTIONAL).issuperset(task):
        return False
    if any(k not in task for k in _TASK_KEYS) or not _fast_expected(task):
        return False
    if not isinstance(task["id"], str) or not isinstance(task["instruction"], str):
        return False
    if not isinstance(task["domain"], str) or task["domain"] not in _DOMAINS:
        return False
    steps = obj["steps"]
    if not isinstance(steps, list):
        return False
    for step in steps:  # a loop: all() over a generator costs a call per step more
        if not _fast_step(step):
            return False
    final = obj["final_claim"]
    if (
        not isinstance(final, dict)
        or not {"text", "claims"}.issuperset(final)
        or "text" not in final
    ):
        return False
    if not _str_or_none(final["text"]):
        return False
    if "claims" in final:
        claims = final["claims"]
        if not isinstance(claims, list):
            return False
        for claim in claims:
            if not isinstance(claim, dict) or not {"type", "subject"}.issuperset(claim):
                return False
            if not isinstance(claim.get("type", None), str):
                return False
            if "subject" in claim and not isinstance(claim["subject"], dict):
                return False
    if "ground_truth" in obj:
        gt = obj["ground_truth"]
        if not isinstance(gt, dict) or not _GT_KEYS.issuperset(gt):
            return False
        outcome = gt.get("outcome", None)
        checked_by = gt.get("checked_by", None)
        if not (isinstance(outcome, str) and outcome in ("success", "failure", "unknown")):
            return False
        if not (isinstance(checked_by, str) and checked_by in ("state_probe", "human", "none")):
            return False
        if "details" in gt and not isinstance(gt["details"], dict):
            return False
    return "meta" not in obj or isinstance(obj["meta"], dict)


def schema_issues(record: TraceRecord) -> list[InputIssue]:
    """Every schema error in `record`, plus the ordering rule (`i` strictly increasing)."""
    data = record.data
    if fast_valid(data):
        issues: list[InputIssue] = []
    else:
        errors = sorted(
            _validator().iter_errors(data),
            key=lambda e: (list(map(str, e.absolute_path)), e.message),
        )
        issues = [
            InputIssue(record.file, record.line, json_path(e.absolute_path), _message(e))
            for e in errors
        ]
        if issues:
            return issues
    # As agent-claimcheck checks it: only `int` indices take part (an integral float such as
    # 1.0 is schema-valid and skipped), so a file valid there stays valid here.
    previous: int | None = None
    for idx, step in enumerate(data["steps"]):
        i = step["i"]
        if not isinstance(i, int):
            continue
        if previous is not None and i <= previous:
            issues.append(
                InputIssue(
                    record.file, record.line, f"$.steps[{idx}].i", "i must be strictly increasing"
                )
            )
        previous = i
    return issues


def _message(error: ValidationError) -> str:
    message = error.message
    return message if len(message) <= 200 else message[:197] + "..."

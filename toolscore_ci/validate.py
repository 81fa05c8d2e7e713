"""Validation against the published agent-trace/v1 JSON Schema, with precise locations.

The schema is the one agent-claimcheck publishes, byte for byte, checked the way it checks it
(draft 2020-12, `date-time` parsed by `datetime.fromisoformat`). Most traces are valid, so a
hand-written check mirroring the schema answers first; only a trace it rejects goes through
`jsonschema`, which then names every error. A test keeps the two in agreement.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError

from toolscore_ci.model import InputIssue, TraceRecord

SCHEMA_RESOURCE = "agent-trace-v1.json"

_ISO_Z = re.compile(r"(?i)z$")


def parse_datetime(value: str) -> datetime:
    """`datetime.fromisoformat` as Python 3.11+ has it (which accepts `Z`), also on 3.10."""
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        normalised = _ISO_Z.sub("+00:00", value.strip())
        if normalised == value:
            raise
        return datetime.fromisoformat(normalised)


_FORMATS = FormatChecker()


@_FORMATS.checks("date-time", raises=ValueError)
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
    return Draft202012Validator(load_schema(), format_checker=_FORMATS)


def json_path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


# ---- the fast path: the schema, written out -------------------------------------------

_TOP_KEYS = frozenset({"schema", "trace_id", "source", "task", "steps", "final_claim", "ground_truth", "meta"})
_TOP_REQUIRED = ("schema", "trace_id", "source", "task", "steps", "final_claim")
_TASK_KEYS = frozenset({"id", "domain", "instruction"})
_DOMAINS = frozenset({"booking", "crm", "coding", "browser", "other"})
_STEP_KEYS = frozenset({"i", "ts", "kind", "role", "name", "content", "args", "ok", "output", "error"})
_KINDS = frozenset({"message", "tool_call", "tool_result", "state_probe"})
_ROLES = frozenset({"user", "agent", "tool", "environment"})
_GT_KEYS = frozenset({"outcome", "checked_by", "details"})


def _is_int(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())


def _str_or_none(v: Any) -> bool:
    return v is None or isinstance(v, str)


def _fast_step(step: Any) -> bool:
    if not isinstance(step, dict) or not _STEP_KEYS.issuperset(step):
        return False
    i = step.get("i", None)
    ts = step.get("ts", None)
    if "i" not in step or not _is_int(i) or i < 0:
        return False
    if not isinstance(ts, str):
        return False
    try:
        parse_datetime(ts)
    except ValueError:
        return False
    if step.get("kind", None) not in _KINDS or step.get("role", None) not in _ROLES:
        return False
    if not (_str_or_none(step.get("name")) and _str_or_none(step.get("content"))):
        return False
    args = step.get("args")
    if args is not None and not isinstance(args, dict):
        return False
    ok = step.get("ok")
    if ok is not None and not isinstance(ok, bool):
        return False
    error = step.get("error")
    return error is None or isinstance(error, (str, dict))


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
    if not isinstance(task, dict) or not _TASK_KEYS.issuperset(task):
        return False
    if any(k not in task for k in _TASK_KEYS):
        return False
    if not isinstance(task["id"], str) or not isinstance(task["instruction"], str):
        return False
    if task["domain"] not in _DOMAINS or not isinstance(task["domain"], str):
        return False
    steps = obj["steps"]
    if not isinstance(steps, list) or not all(_fast_step(s) for s in steps):
        return False
    final = obj["final_claim"]
    if not isinstance(final, dict) or not {"text", "claims"}.issuperset(final) or "text" not in final:
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
        if gt.get("outcome", None) not in ("success", "failure", "unknown"):
            return False
        if gt.get("checked_by", None) not in ("state_probe", "human", "none"):
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
            _validator().iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message)
        )
        issues = [
            InputIssue(record.file, record.line, json_path(e.absolute_path), _message(e)) for e in errors
        ]
        if issues:
            return issues
    previous: int | None = None
    for idx, step in enumerate(data["steps"]):
        i = step["i"]
        if previous is not None and i <= previous:
            issues.append(
                InputIssue(record.file, record.line, f"$.steps[{idx}].i", "i must be strictly increasing")
            )
        previous = i
    return issues


def _message(error: ValidationError) -> str:
    message = error.message
    return message if len(message) <= 200 else message[:197] + "..."

"""The rule-pack DSL: loading (safe YAML + schema), and the field checks it declares.

A pack maps claim types to an `action` glob (the tool that does it), `receipt` checks on that
call's result and args, and optionally a `probe` glob with `probe_checks`. Checks are data:
one operator of exists / equals / in / contains / matches / subset, an optional `as`
normaliser, and `{subject.x}` / `{args.x}` templates. Nothing in a pack is ever executed.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timezone
from functools import cache
from importlib import resources
from typing import Any

import yaml

from toolscore_ci.rules.limits import MAX_PATTERN_CHARS, MAX_PATTERN_SUBJECT_CHARS
from toolscore_ci.rules.regex_guard import UnsafePattern, check_pattern
from toolscore_ci.rules.safe_yaml import PackYAMLError, load_pack_yaml, read_pack_text
from toolscore_ci.validate import json_path, parse_datetime

_SCHEMA_ERRORS_LOOKED_AT = 20  # the reported one is the first by path among these

OPS = ("exists", "equals", "in", "contains", "matches", "subset")
NORMALISERS = ("datetime", "email", "number", "string", "label")
BUILTIN_PACKS = ("booking", "crm", "coding", "generic")

# Every mapping's keys are strings: YAML allows `1:` or `~:` as a key, and a field path or a
# claim type that is not a string would only fail later, inside a trace's check.
_STRING_KEYS: dict[str, Any] = {"type": "string"}

# Tool-name globs (`action`, `probe`, `tools`, `tool_categories`) become regexes too.
_GLOB: dict[str, Any] = {"type": "string", "maxLength": MAX_PATTERN_CHARS}

_CHECK_SCHEMA: dict[str, Any] = {
    "type": "object",
    "minProperties": 1,
    "additionalProperties": False,
    "properties": {
        "exists": {"type": "boolean"},
        "equals": {},
        "in": {"type": "array"},
        "contains": {},
        "matches": {"type": "string"},
        "subset": {"type": ["array", "string"]},
        "as": {"enum": list(NORMALISERS)},
    },
}

PACK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "toolscore-ci rule pack",
    "type": "object",
    "required": ["pack", "version", "claims"],
    "additionalProperties": False,
    "properties": {
        "pack": {"type": "string", "minLength": 1},
        "version": {"type": "integer"},
        "description": {"type": "string"},
        "tools": {"type": "array", "items": _GLOB},
        "claim_patterns": {
            "type": "object",
            "propertyNames": _STRING_KEYS,
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "categories": {
            "description": "toolscore-ci extension: claim type -> generic claim category",
            "type": "object",
            "propertyNames": _STRING_KEYS,
            "additionalProperties": {"type": "string"},
        },
        "tool_categories": {
            "description": "toolscore-ci extension: tool-name glob -> the category that tool performs",
            "type": "object",
            "propertyNames": _GLOB,
            "additionalProperties": {"type": "string"},
        },
        "claims": {
            "type": "object",
            "propertyNames": _STRING_KEYS,
            "additionalProperties": {"$ref": "#/$defs/rule"},
        },
    },
    "$defs": {
        "rule": {
            "type": "object",
            "required": ["action", "receipt"],
            "additionalProperties": False,
            "properties": {
                "action": _GLOB,
                "receipt": {
                    "type": "object",
                    "propertyNames": _STRING_KEYS,
                    "additionalProperties": _CHECK_SCHEMA,
                },
                "probe": _GLOB,
                "probe_checks": {
                    "type": "object",
                    "propertyNames": _STRING_KEYS,
                    "additionalProperties": _CHECK_SCHEMA,
                },
            },
        }
    },
}


@cache
def _pack_validator() -> Any:
    # jsonschema costs start-up time; built-in packs are checked by the test suite instead
    from jsonschema import Draft202012Validator

    return Draft202012Validator(PACK_SCHEMA)


class RulePackError(Exception):
    """A pack that cannot be used: bad YAML, a schema violation, a bad or unsafe regex."""


def _compile(pattern: str, flags: int, where: str) -> re.Pattern[str]:
    """A pack's regex, refused (naming where it is and the pattern) when it is invalid or
    could backtrack catastrophically: see regex_guard."""
    try:
        return check_pattern(pattern, flags)
    except UnsafePattern as exc:
        # as written in the pack (backslashes single), unless it hides control characters
        shown = pattern if len(pattern) <= 120 else pattern[:117] + "..."
        shown = shown if shown.isprintable() else repr(shown)
        raise RulePackError(f"{where}: regex `{shown}` refused: {exc}") from None


@dataclass(frozen=True)
class Check:
    op: str
    value: Any
    as_: str | None = None


@dataclass(frozen=True)
class Rule:
    action: str
    receipt: dict[str, Check]
    probe: str | None = None
    probe_checks: dict[str, Check] = field(default_factory=dict)


@dataclass(frozen=True)
class RulePack:
    name: str
    version: int
    tools: tuple[str, ...]
    claim_patterns: dict[str, tuple[re.Pattern[str], ...]]
    claims: dict[str, Rule]
    categories: dict[str, str] = field(default_factory=dict)
    tool_categories: dict[str, str] = field(default_factory=dict)
    origin: str = ""


@dataclass(frozen=True)
class CheckRow:
    """One evaluated check: for reasons and reports."""

    path: str
    op: str
    expected: Any
    actual: Any
    result: str  # pass | fail | skipped
    #: Where `expected` came from when the pack took it from the claim or the call
    #: ("subject.count"): a reader sees which side said the value.
    source: str = ""

    def describe(self) -> str:
        expected = _short(self.expected)
        if self.source:
            expected += f" (the {self.source})"
        return f"{self.path} {self.op} {expected} (got {_short(self.actual)}): {self.result}"


def _dumps(value: Any) -> str | None:
    """`value` as sorted JSON text, or None when it cannot be (nested past the recursion
    limit)."""
    try:
        return json.dumps(value, sort_keys=True, default=str)
    except TypeError:  # keys of mixed types (a pack's `equals: {1: a, b: c}`) cannot sort
        return _dumps_unsorted(value)
    except (RecursionError, ValueError):
        return None


def _dumps_unsorted(value: Any) -> str | None:
    try:
        return json.dumps(value, default=str)
    except (RecursionError, ValueError, TypeError):
        return None


def _short_value(value: Any) -> Any:
    """What a row shows of a value too long to search: its first characters."""
    text = value if isinstance(value, str) else (_dumps(value) or type(value).__name__)
    return text if len(text) <= 60 else text[:57] + "..."


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else (_dumps(value) or repr(type(value)))
    return text if len(text) <= 60 else text[:57] + "..."


def _build_check(raw: Mapping[str, Any], where: str) -> Check:
    present = [op for op in OPS if op in raw]
    if len(present) != 1:
        raise RulePackError(
            f"{where}: a check needs exactly one of {', '.join(OPS)}; got {sorted(raw)}"
        )
    op = present[0]
    value = raw[op]
    if op == "matches":
        value = _compile(value, 0, f"{where}.matches")
    return Check(op, value, raw.get("as"))


def parse_pack(raw: Any, origin: str, *, trusted: bool = False) -> RulePack:
    """A validated pack. `trusted` skips the schema for the built-in packs, which the test
    suite validates; a user's pack is always checked."""
    if not isinstance(raw, dict):
        raise RulePackError(f"{origin}: a rule pack must be a YAML mapping")
    # Only the first few errors are built: a pack of 300,000 wrong items took 37 s and 1 GB
    # when every error was collected to pick the first.
    errors = (
        []
        if trusted
        else sorted(
            itertools.islice(_pack_validator().iter_errors(raw), _SCHEMA_ERRORS_LOOKED_AT),
            key=lambda e: list(map(str, e.absolute_path)),
        )
    )
    if errors:
        first = errors[0]
        raise RulePackError(f"{origin}: {json_path(first.absolute_path)}: {first.message}")
    patterns: dict[str, tuple[re.Pattern[str], ...]] = {}
    for claim_type, items in (raw.get("claim_patterns") or {}).items():
        patterns[claim_type] = tuple(
            _compile(pattern, re.IGNORECASE, f"{origin}: $.claim_patterns.{claim_type}[{i}]")
            for i, pattern in enumerate(items)
        )
    claims = {}
    for claim_type, rule in (raw.get("claims") or {}).items():
        where = f"{origin}: $.claims.{claim_type}"
        claims[claim_type] = Rule(
            action=rule["action"],
            receipt={
                p: _build_check(c, f"{where}.receipt.{p}") for p, c in rule["receipt"].items()
            },
            probe=rule.get("probe"),
            probe_checks={
                p: _build_check(c, f"{where}.probe_checks.{p}")
                for p, c in (rule.get("probe_checks") or {}).items()
            },
        )
    return RulePack(
        name=raw["pack"],
        version=raw["version"],
        tools=tuple(raw.get("tools") or ()),
        claim_patterns=patterns,
        claims=claims,
        categories=dict(raw.get("categories") or {}),
        tool_categories=dict(raw.get("tool_categories") or {}),
        origin=origin,
    )


def load_pack(path: str) -> RulePack:
    """A user's pack from `path`: untrusted, so read with limits (safe_yaml) and validated."""
    try:
        raw = load_pack_yaml(read_pack_text(path))
    except PackYAMLError as exc:
        where = f"{path}:{exc.line}" if exc.line is not None else path
        raise RulePackError(f"{where}: {exc}") from None
    return parse_pack(raw, path)


#: The packs shipped with the tool are ours, not untrusted input: libyaml's safe loader reads
#: them when the install has it (the pure-Python one costs every run start-up time).
_BUILTIN_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def builtin_packs() -> tuple[RulePack, ...]:
    out = []
    for name in BUILTIN_PACKS:
        text = (
            resources.files("toolscore_ci.rules.packs").joinpath(f"{name}.yaml").read_text("utf-8")
        )
        raw = yaml.load(text, Loader=_BUILTIN_LOADER)
        out.append(parse_pack(raw, f"builtin:{name}", trusted=True))
    return tuple(out)


def load_packs(extra: Iterable[str] = ()) -> tuple[RulePack, ...]:
    """Built-in packs, then the user's; a user pack with a built-in's name replaces it."""
    user = [load_pack(p) for p in extra]
    names = {p.name for p in user}
    return tuple(p for p in builtin_packs() if p.name not in names) + tuple(user)


# ---- evaluating checks ------------------------------------------------------------------

_MISSING = object()
#: What `get_path` returns for a path that is not there (None may be a value).
MISSING = _MISSING
_TEMPLATE = re.compile(r"\{(subject|args)\.([^{}]+)\}")


def get_path(obj: Any, path: str) -> Any:
    """A dotted path into dicts and lists (`items.0.id`); `_MISSING` when absent."""
    current = obj
    if path == "":
        return current
    for part in path.split("."):
        if isinstance(current, dict):
            if part not in current:
                return _MISSING
            current = current[part]
        elif isinstance(current, list) and part.lstrip("-").isdigit():
            idx = int(part)
            if not -len(current) <= idx < len(current):
                return _MISSING
            current = current[idx]
        else:
            return _MISSING
    return current


def _resolve(path: str, output: Any, args: Mapping[str, Any]) -> Any:
    if path == "args":
        return args
    if path.startswith("args."):
        return get_path(args, path[5:])
    return get_path(output, path)


def _interpolate(value: Any, subject: Mapping[str, Any], args: Mapping[str, Any]) -> Any:
    if not isinstance(value, str):
        return value
    whole = _TEMPLATE.fullmatch(value)
    if whole:
        return get_path(subject if whole[1] == "subject" else args, whole[2])
    missing = False

    def sub(m: re.Match[str]) -> str:
        nonlocal missing
        found = get_path(subject if m[1] == "subject" else args, m[2])
        if found is _MISSING:
            missing = True
            return ""
        if isinstance(found, (dict, list)):  # spliced into text as JSON, not a Python repr
            return _dumps(found) or ""
        return str(found)

    out = _TEMPLATE.sub(sub, value)
    return _MISSING if missing else out


#: What a `label` keeps: letters and digits ("Closed Won", "closed_won" and "closedwon" are
#: one label, a stage's name and its internal id).
_LABEL_DROPS = re.compile(r"[\W_]+")


def _parsed_datetime(value: Any) -> Any:
    if not isinstance(value, str):
        return _MISSING
    try:
        return parse_datetime(value)
    except ValueError:
        return _MISSING


def normalise(value: Any, as_: str | None) -> Any:
    """The comparable form of `value`, or `_MISSING` when it cannot be read as `as_`."""
    if as_ is None:
        return value
    if as_ == "datetime":
        dt = _parsed_datetime(value)
        if dt is _MISSING:
            return dt
        return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)
    if as_ == "label":
        return _LABEL_DROPS.sub("", str(value)).casefold()
    if as_ == "email":
        return value.strip().casefold() if isinstance(value, str) else _MISSING
    if as_ == "number":
        if isinstance(value, bool):
            return _MISSING
        try:
            return float(str(value).replace(",", "").lstrip("$€£"))
        except (TypeError, ValueError):
            return _MISSING
    return str(value).strip().casefold()


def equal(actual: Any, expected: Any, as_: str | None) -> bool:
    a, e = normalise(actual, as_), normalise(expected, as_)
    if a is _MISSING or e is _MISSING:
        return False
    if as_ == "number":
        return abs(a - e) <= 1e-9
    return bool(a == e)


#: Keys that name the zone a time is in (`timezone`, `timeZone`, `tz`, `time_zone`).
_ZONE_KEY = re.compile(r"^(?:time_?zone|tz|zone)$", re.I)


def _wall_clock_equal(actual: Any, expected: Any, subject: Mapping[str, Any]) -> bool:
    """The claim's time without a zone ("2026-05-14T10:00:00") and the receipt's with an
    offset at the same wall clock ("...T10:00:00-04:00"), when the claim names no zone
    anywhere: read as UTC it would be four hours off an event booked at the very time it
    names. A claim that names its zone, or a zone-less receipt (which may be in UTC beside a
    `timezone` field), is compared as instants."""
    if any(_ZONE_KEY.match(str(k)) for k in subject):
        return False
    a, e = _parsed_datetime(actual), _parsed_datetime(expected)
    if a is _MISSING or e is _MISSING or e.tzinfo is not None or a.tzinfo is None:
        return False
    return bool(a.replace(tzinfo=None) == e)


def _contains(actual: Any, expected: Any, as_: str | None) -> bool:
    if isinstance(actual, Mapping):
        return isinstance(expected, Mapping) and all(
            k in actual and equal(actual[k], v, as_) for k, v in expected.items()
        )
    if isinstance(actual, str):
        if as_ is not None:
            e = normalise(expected, as_)
            return e is not _MISSING and str(e) in str(normalise(actual, as_))
        return str(expected) in actual
    if isinstance(actual, list):
        return any(_item_is(item, expected, as_) for item in actual)
    return False


def _item_is(item: Any, expected: Any, as_: str | None) -> bool:
    """A list item is the expected value, or, for a scalar expected, an object holding it as
    one of its own fields: Google Calendar's attendees are `{"email": ..., "responseStatus":
    ...}`, and `attendees contains priya@...` means one of them is Priya."""
    if equal(item, expected, as_):
        return True
    if isinstance(item, Mapping) and not isinstance(expected, (Mapping, list)):
        return any(
            equal(v, expected, as_) for v in item.values() if not isinstance(v, (Mapping, list))
        )
    return False


def _subset(actual: Any, expected: Any, as_: str | None) -> bool:
    wanted = expected if isinstance(expected, list) else [expected]
    have = actual if isinstance(actual, list) else [actual]
    return all(any(_item_is(h, w, as_) for h in have) for w in wanted)


def apply_check(
    path: str, check: Check, subject: Mapping[str, Any], args: Mapping[str, Any], output: Any
) -> CheckRow:
    """One check on one call. A value nested past Python's recursion limit (a tool output or
    a claim subject ~1,000 deep) cannot be compared or printed: the row is `skipped`, never
    an exception that would end the trace's check."""
    try:
        return _apply_check(path, check, subject, args, output)
    except RecursionError:
        shown = check.value.pattern if check.op == "matches" else check.value
        return CheckRow(path, check.op, shown, "(nested too deeply to compare)", "skipped")


def _apply_check(
    path: str, check: Check, subject: Mapping[str, Any], args: Mapping[str, Any], output: Any
) -> CheckRow:
    actual = _resolve(path, output, args)
    shown = None if actual is _MISSING else actual
    if check.op == "exists":
        if actual is _MISSING and check.value:
            # a receipt that names the field otherwise ({"id": ...} for event_id) says nothing
            # against the claim: absent is not evaluable, while an explicit null fails
            return CheckRow(path, "exists", True, None, "skipped")
        ok = (actual is not _MISSING and actual is not None) == bool(check.value)
        return CheckRow(path, "exists", bool(check.value), shown, "pass" if ok else "fail")
    if check.op == "matches":
        if actual is _MISSING:
            return CheckRow(path, "matches", check.value.pattern, None, "skipped")
        text = actual if isinstance(actual, str) else _dumps(actual)
        if text is None or len(text) > MAX_PATTERN_SUBJECT_CHARS:
            # too long (or too deep) to search within the time a pack regex may take
            return CheckRow(path, "matches", check.value.pattern, _short_value(actual), "skipped")
        ok = check.value.search(text) is not None
        return CheckRow(path, "matches", check.value.pattern, shown, "pass" if ok else "fail")
    if check.op == "in":
        options = [_interpolate(v, subject, args) for v in check.value]
        if any(o is _MISSING for o in options):
            return CheckRow(path, "in", check.value, shown, "skipped")
        if actual is _MISSING:
            return CheckRow(path, "in", options, None, "fail")
        ok = any(equal(actual, o, check.as_) for o in options)
        return CheckRow(path, "in", options, shown, "pass" if ok else "fail")
    expected = (
        [_interpolate(v, subject, args) for v in check.value]
        if isinstance(check.value, list)
        else _interpolate(check.value, subject, args)
    )
    if expected is _MISSING or (isinstance(expected, list) and _MISSING in expected):
        return CheckRow(path, check.op, check.value, shown, "skipped")
    source = _template_source(check.value)
    if actual is _MISSING:
        return CheckRow(path, check.op, expected, None, "fail", source)
    if check.op == "equals":
        ok = equal(actual, expected, check.as_) or (
            check.as_ == "datetime" and _wall_clock_equal(actual, expected, subject)
        )
    elif check.op == "contains":
        ok = _contains(actual, expected, check.as_)
    else:
        ok = _subset(actual, expected, check.as_)
    return CheckRow(path, check.op, expected, shown, "pass" if ok else "fail", source)


def _template_source(value: Any) -> str:
    """'claim's subject.count' for a value the pack takes whole from "{subject.count}" (the
    call's for "{args.path}"); "" for a literal or a text with a value spliced in."""
    whole = _TEMPLATE.fullmatch(value) if isinstance(value, str) else None
    if whole is None:
        return ""
    return f"{'claim' if whole[1] == 'subject' else 'call'}'s {whole[1]}.{whole[2]}"


def evaluate_checks(
    checks: Mapping[str, Check],
    subject: Mapping[str, Any],
    args: Mapping[str, Any] | None,
    output: Any,
) -> list[CheckRow]:
    return [apply_check(p, c, subject, args or {}, output) for p, c in checks.items()]

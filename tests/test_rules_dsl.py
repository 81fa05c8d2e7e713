"""The rule-pack DSL: the built-in packs are schema-valid (the CLI trusts them at start-up),
and a user's pack is checked with a located error."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolscore_ci.rules.dsl import BUILTIN_PACKS, RulePackError, apply_check, load_pack, parse_pack


def test_builtin_packs_pass_the_schema() -> None:
    for name in BUILTIN_PACKS:
        text = (
            resources.files("toolscore_ci.rules.packs").joinpath(f"{name}.yaml").read_text("utf-8")
        )
        parse_pack(yaml.safe_load(text), name)  # untrusted: full schema check


def test_user_pack_errors_are_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "pack: x\nversion: 1\nclaims:\n  booked:\n    action: a\n    receipt:\n      id: {exist: true}\n"
    )
    try:
        load_pack(str(bad))
    except RulePackError as exc:
        assert str(bad) in str(exc) and "$.claims.booked.receipt.id" in str(exc)
    else:
        raise AssertionError("a misspelt operator must be rejected")
    unsafe = tmp_path / "unsafe.yaml"
    unsafe.write_text(
        "pack: !!python/object/apply:os.system ['echo pwned']\nversion: 1\nclaims: {}\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", "--rules", str(unsafe), str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "pwned" not in proc.stdout and "Traceback" not in proc.stderr
    assert "unsafe.yaml" in proc.stderr


def test_user_pack_teaches_an_opaque_tool(tmp_path: Path) -> None:
    """tool_categories makes a tool no name reveals checkable instead of sent to review."""
    pack = tmp_path / "acme.yaml"
    pack.write_text('pack: acme\nversion: 1\ntool_categories:\n  "acme_blorp*": sent\nclaims: {}\n')
    trace = (
        '{"schema":"agent-trace/v1","trace_id":"t","source":"s","task":{"id":"t","domain":"other","instruction":"x"},'
        '"steps":[{"i":0,"ts":"2026-01-01T00:00:00Z","kind":"message","role":"user","content":"tell ops"},'
        '{"i":1,"ts":"2026-01-01T00:00:01Z","kind":"tool_call","role":"agent","name":"acme_blorp_v2","args":{"x":1}},'
        '{"i":2,"ts":"2026-01-01T00:00:02Z","kind":"tool_result","role":"tool","name":"acme_blorp_v2","ok":true,"output":{"id":"msg_1"}},'
        '{"i":3,"ts":"2026-01-01T00:00:03Z","kind":"message","role":"agent","content":"I notified ops."}],'
        '"final_claim":{"text":"I notified ops."}}'
    )
    path = tmp_path / "t.jsonl"
    path.write_text(trace + "\n")
    without = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", "--output", "jsonl", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    with_pack = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolscore_ci",
            "check",
            "--output",
            "jsonl",
            "--rules",
            str(pack),
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert '"verdict": "unverifiable"' in without.stdout  # nothing says what the tool does
    assert '"verdict": "verified"' in with_pack.stdout


def test_pack_action_that_ran_is_not_reported_as_never_run(tmp_path: Path) -> None:
    """The pack's own action ran and replied publicly as a side effect of an update: the
    claim answers to it, not to 'the rule pack expects X, which never ran'."""
    pack = tmp_path / "helpdesk.yaml"
    pack.write_text(
        'pack: helpdesk\nversion: 1\ntools: ["helpdesk.*"]\ncategories:\n  reply_sent: sent\nclaims:\n'
        "  reply_sent:\n    action: helpdesk.update_ticket\n    receipt:\n"
        "      ticket.id: { exists: true }\n"
    )
    trace = (
        '{"schema":"agent-trace/v1","trace_id":"t","source":"s","task":{"id":"t","domain":"other","instruction":"x"},'
        '"steps":[{"i":0,"ts":"2026-01-01T00:00:00Z","kind":"message","role":"user","content":"reply to T1"},'
        '{"i":1,"ts":"2026-01-01T00:00:01Z","kind":"tool_call","role":"agent","name":"helpdesk.update_ticket",'
        '"args":{"ticket_id":"T1","comment":{"body":"Fixed in 2.3","public":true}}},'
        '{"i":2,"ts":"2026-01-01T00:00:02Z","kind":"tool_result","role":"tool","name":"helpdesk.update_ticket","ok":true,'
        '"output":{"ticket":{"id":"T1","status":"open"}}},'
        '{"i":3,"ts":"2026-01-01T00:00:03Z","kind":"message","role":"agent","content":"Replied on T1."}],'
        '"final_claim":{"text":"Replied on T1.","claims":[{"type":"reply_sent","subject":{"ticket":"T1"}}]}}'
    )
    path = tmp_path / "t.jsonl"
    path.write_text(trace + "\n")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "toolscore_ci",
            "check",
            "--output",
            "jsonl",
            "--rules",
            str(pack),
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "never ran" not in proc.stdout, proc.stdout
    assert '"verdict": "verified"' in proc.stdout, proc.stdout


# ---- a rule pack is untrusted input (issue 9) ---------------------------------------------

_GOOD_TRACE = (
    '{"schema":"agent-trace/v1","trace_id":"t","source":"s","task":{"id":"t","domain":"other","instruction":"x"},'
    '"steps":[{"i":0,"ts":"2026-01-01T00:00:00Z","kind":"message","role":"user","content":"do it"},'
    '{"i":1,"ts":"2026-01-01T00:00:01Z","kind":"message","role":"agent","content":"Done."}],'
    '"final_claim":{"text":"Done."}}'
)


def _check_with_pack(
    tmp_path: Path, pack_text: str, trace: str = _GOOD_TRACE, timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    """`toolscore-ci check --rules PACK trace.jsonl` as a user runs it, memory capped at 1 GiB
    so a pack that expands without bound fails here instead of taking the machine."""
    import resource

    pack = tmp_path / "hostile.yaml"
    pack.write_text(pack_text, encoding="utf-8")
    path = tmp_path / "t.jsonl"
    path.write_text(trace + "\n", encoding="utf-8")

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", "--rules", str(pack), str(path)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap_memory,
    )


def _assert_usage_error(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert "hostile.yaml" in proc.stderr, proc.stderr
    for needle in needles:
        assert needle in proc.stderr, (needle, proc.stderr[-2000:])


def test_yaml_alias_bomb_fails_fast_with_a_usage_error(tmp_path: Path) -> None:
    """Nine levels of ten aliases are 10**9 nodes once expanded (the review saw 3 GiB in under
    a minute); the loader refuses the first alias, naming its line, before any schema runs."""
    lines = ['a0: &a0 ["lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    bomb = "pack: bomb\nversion: *a9\nclaims: {}\n" + "\n".join(lines) + "\n"
    proc = _check_with_pack(tmp_path, bomb)
    _assert_usage_error(proc, "anchors and aliases", "hostile.yaml:")


def test_a_plain_anchor_is_refused_too(tmp_path: Path) -> None:
    proc = _check_with_pack(tmp_path, "pack: &name x\nversion: 1\nclaims: {}\n")
    _assert_usage_error(proc, "hostile.yaml:1:", "anchors and aliases")


@pytest.mark.parametrize(
    ("pack_text", "needle"),
    [
        ("pack: x\nversion: 1\nclaims: {}\ndeep: " + "[" * 5000 + "]" * 5000 + "\n", "nested"),
        ("pack: x\nversion: 2026-13-45\nclaims: {}\n", "hostile.yaml:2:"),
        ("pack: x\nversion: " + "9" * 5000 + "\nclaims: {}\n", "hostile.yaml:2:"),
        ("pack: x\nversion: 1\nclaims:\n  1: {action: a, receipt: {}}\n", "$.claims"),
        (
            "pack: x\nversion: 1\nclaims:\n  c:\n    action: a\n    receipt:\n      ~: {exists: true}\n",
            "$.claims.c.receipt",
        ),
    ],
    ids=["deep-nesting", "impossible-date", "5000-digit-int", "int-claim-type", "null-field"],
)
def test_yaml_that_python_cannot_build_is_a_located_usage_error(
    tmp_path: Path, pack_text: str, needle: str
) -> None:
    _assert_usage_error(_check_with_pack(tmp_path, pack_text), needle)


def test_a_pack_that_is_not_a_regular_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    """A FIFO given as --rules blocked the run forever on open."""
    fifo = tmp_path / "hostile.yaml"
    os.mkfifo(fifo)
    trace = tmp_path / "t.jsonl"
    trace.write_text(_GOOD_TRACE + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", "--rules", str(fifo), str(trace)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    _assert_usage_error(proc, "not a regular file")


def test_an_oversized_pack_is_refused(tmp_path: Path) -> None:
    from toolscore_ci.rules.limits import MAX_PACK_BYTES

    text = "pack: x\nversion: 1\nclaims: {}\n#" + "x" * MAX_PACK_BYTES + "\n"
    _assert_usage_error(_check_with_pack(tmp_path, text), "byte limit")


# Exponential-backtracking shapes, each named in issue 9 or a classic of its kind.
CATASTROPHIC = [
    r"^(a+)+$",
    r"(a|a)*$",
    r"(.*)*x",
    r"(a*)*b",
    r"(\w+\s?)+$",
    r"(.*,)+$",
    r"(a|ab?)+$",
    r"(a|aa)+b",
    r"^(\d+)*$",
    r"((ab)+c?)+$",
    r"(x+x+)+y",
    r"([a-z]+|\d+[a-z])+$",
    r"(?=(a+)+b)",
]

# Honest patterns (the bundled packs', the docs', common id / address shapes) stay accepted.
HONEST = [
    r"(\d+\.)+\d+",
    r"(\w+\s)+",
    r"(a+b+)+",
    r"(?:\b\w+\b\s*)+",
    r"^[0-9a-f]{7}$",
    r"(?:foo|bar)+",
    r"(\d{1,3}\.){3}\d{1,3}",
    r"^[\w.+-]+@[\w-]+(\.[\w-]+)+$",
    r"\d+(,\d+)*",
    r"(ab|a)+c",
    r"\b(booked|scheduled)\b",
    r"\b(chang|mov|advanc)\w*\b.*\b(stage|deal)\b.*\bto\b",
    r"^msg_[A-Za-z0-9]+$",
    r"(?i)^(ok|success|done)$",
]


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_regexes_are_refused(pattern: str) -> None:
    from toolscore_ci.rules.regex_guard import UnsafePattern, check_pattern

    with pytest.raises(UnsafePattern):
        check_pattern(pattern, re.IGNORECASE)


@pytest.mark.parametrize("pattern", HONEST)
def test_honest_regexes_are_kept(pattern: str) -> None:
    from toolscore_ci.rules.regex_guard import check_pattern

    assert check_pattern(pattern, re.IGNORECASE).pattern == pattern


def test_bundled_and_documented_patterns_pass_the_guard() -> None:
    """Every pattern of a bundled pack goes through the same guard as a user's."""
    from toolscore_ci.rules.regex_guard import check_pattern

    for name in BUILTIN_PACKS:
        text = (
            resources.files("toolscore_ci.rules.packs").joinpath(f"{name}.yaml").read_text("utf-8")
        )
        raw = yaml.safe_load(text)
        for items in (raw.get("claim_patterns") or {}).values():
            for pattern in items:
                check_pattern(pattern, re.IGNORECASE)


def _pack_with_pattern(pattern: str) -> str:
    return (
        "pack: acme\nversion: 1\ntools: ['acme.*']\n"
        f"claim_patterns:\n  booked: [{json.dumps(pattern)}]\n"
        "claims:\n  booked:\n    action: acme.book\n    receipt:\n"
        f"      id: {{ matches: {json.dumps(pattern)} }}\n"
    )


@pytest.mark.parametrize("pattern", [r"^(a+)+$", r"(\w+\s?)+$", r"(a|a)*$"])
def test_cli_refuses_a_catastrophic_claim_pattern(tmp_path: Path, pattern: str) -> None:
    proc = _check_with_pack(tmp_path, _pack_with_pattern(pattern))
    _assert_usage_error(proc, "$.claim_patterns.booked[0]", pattern, "refused")


def test_cli_refuses_a_catastrophic_matches_check(tmp_path: Path) -> None:
    """A `matches` that backtracks exponentially hung the gate on a 40-character tool output;
    now it is refused at start-up, naming the pack, the check and the pattern."""
    pack = (
        "pack: acme\nversion: 1\ntools: ['acme.*']\nclaims:\n  booked:\n    action: acme.book\n"
        '    receipt:\n      id: { matches: "^(a+)+$" }\n'
    )
    trace = (
        '{"schema":"agent-trace/v1","trace_id":"t","source":"s","task":{"id":"t","domain":"other","instruction":"x"},'
        '"steps":[{"i":0,"ts":"2026-01-01T00:00:00Z","kind":"message","role":"user","content":"book it"},'
        '{"i":1,"ts":"2026-01-01T00:00:01Z","kind":"tool_call","role":"agent","name":"acme.book","args":{}},'
        '{"i":2,"ts":"2026-01-01T00:00:02Z","kind":"tool_result","role":"tool","name":"acme.book","ok":true,'
        '"output":{"id":"' + "a" * 40 + '!"}},'
        '{"i":3,"ts":"2026-01-01T00:00:03Z","kind":"message","role":"agent","content":"Booked."}],'
        '"final_claim":{"text":"Booked.","claims":[{"type":"booked","subject":{}}]}}'
    )
    proc = _check_with_pack(tmp_path, pack, trace, timeout=30)
    _assert_usage_error(proc, "$.claims.booked.receipt.id.matches", "^(a+)+$", "refused")


def test_cli_keeps_an_honest_user_pack(tmp_path: Path) -> None:
    proc = _check_with_pack(tmp_path, _pack_with_pattern(r"^msg_[A-Za-z0-9]+$"))
    assert proc.returncode in (0, 1), proc.stderr


def test_bundled_claim_patterns_are_fast_on_hostile_sentences() -> None:
    """The crm pack's `A.*X.*to` patterns were quartic: 10,000 characters of "change stage "
    took 39 s per sentence. Rewritten (and a sentence searched only to its first
    MAX_PATTERN_SUBJECT_CHARS), every bundled pattern is quick on every hostile shape."""
    from toolscore_ci.model import Claim
    from toolscore_ci.rules.bind import bind_rule
    from toolscore_ci.rules.dsl import builtin_packs

    packs = builtin_packs()
    hostile = [
        "change stage " * 800,
        "stage change " * 800,
        "change " + "stage " * 1700,
        "all test " * 1200,
        "note added " * 1000,
        "tests " * 1700,
    ]
    for text in hostile:
        for category in ("changed", "created", "tested", "booked", "sent", "committed"):
            claim = Claim(category=category, text=text, step=None)
            started = time.monotonic()
            bind_rule(claim, packs)
            assert time.monotonic() - started < 0.5, (text[:30], category)


def test_matches_on_a_huge_value_is_skipped_not_searched() -> None:
    """`a.*b` over a megabyte of `a` is quadratic (minutes); a value past the subject limit
    is `skipped`, and a value nested past the recursion limit does not raise."""
    from toolscore_ci.rules.dsl import Check, apply_check
    from toolscore_ci.rules.regex_guard import check_pattern

    check = Check("matches", check_pattern("a.*b"))
    started = time.monotonic()
    row = apply_check("id", check, {}, {}, {"id": "a" * 1_000_000})
    assert row.result == "skipped" and time.monotonic() - started < 1
    deep: Any = "x"
    for _ in range(5000):
        deep = [deep]
    row = apply_check("id", check, {}, {}, {"id": deep})
    assert row.result == "skipped"
    assert "skipped" in row.describe()


@pytest.mark.parametrize(
    "check",
    [
        {"equals": "{subject.x}"},
        {"equals": "id-{subject.x}"},
        {"in": ["{subject.x}", "a"]},
        {"contains": "{subject.x}"},
        {"subset": "{subject.x}"},
        {"equals": "{subject.x}", "as": "string"},
        {"equals": "{subject.x}", "as": "number"},
        {"contains": "{subject.x}", "as": "email"},
        {"matches": "^x"},
    ],
    ids=lambda c: "-".join(f"{k}" for k in c),
)
def test_checks_on_values_nested_past_the_recursion_limit_do_not_raise(
    check: dict[str, Any],
) -> None:
    """A claim subject and a tool output ~1,000 deep (issue 9): comparing or printing them
    raised RecursionError out of the check, ending the trace's check in an internal error."""
    from toolscore_ci.rules.dsl import _build_check, apply_check

    deep: Any = "x"
    for _ in range(sys.getrecursionlimit() + 100):
        deep = [deep]
    built = _build_check(check, "test")
    for subject, output in (({"x": deep}, {"id": deep}), ({"x": "x"}, {"id": deep})):
        row = apply_check("id", built, subject, {}, output)
        assert row.result in ("skipped", "fail", "pass")
        assert isinstance(row.describe(), str)


@pytest.mark.parametrize(
    "pattern",
    [
        "(" + "(a+b)" * 190 + ")+",
        "(" + "a?" * 490 + ")+",
        "(?:" + "|".join(f"w{i}" for i in range(150)) + ")+",
        "(" * 300 + "a+" + ")+" * 300,
    ],
    ids=["wide", "optional-run", "many-alternatives", "deep"],
)
def test_the_guard_itself_is_quick_on_the_longest_patterns(pattern: str) -> None:
    """The check must not be the hang: a 1,000-character pattern is decided in well under a
    second (an uncached first version took 42 s on the first of these)."""
    from toolscore_ci.rules.regex_guard import UnsafePattern, check_pattern

    started = time.monotonic()
    with contextlib.suppress(UnsafePattern):
        check_pattern(pattern[:1000])
    assert time.monotonic() - started < 2


def test_a_pack_of_too_many_values_fails_fast(tmp_path: Path) -> None:
    """100,000 values in 300 KB took the pure-Python YAML parser most of a minute; the value
    count is capped while parsing."""
    text = "pack: x\nversion: 1\nclaims: {}\ntools: [" + "1, " * 100_000 + "1]\n"
    started = time.monotonic()
    proc = _check_with_pack(tmp_path, text, timeout=60)
    _assert_usage_error(proc)
    assert "YAML values" in proc.stderr or "byte limit" in proc.stderr, proc.stderr
    assert time.monotonic() - started < 15


def test_a_pack_with_many_schema_errors_fails_fast() -> None:
    """300,000 wrong items: every schema error was built (and sorted) to report the first
    one, 37 s and 1 GB; now only the first few are looked at. Run capped at 1 GiB."""
    code = (
        "import resource, time\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from toolscore_ci.rules.dsl import parse_pack, RulePackError\n"
        "started = time.monotonic()\n"
        "try:\n"
        "    parse_pack({'pack': 'x', 'version': 1, 'claims': {}, 'tools': [1] * 300000}, 'p')\n"
        "except RulePackError as exc:\n"
        "    print(exc)\n"
        "print(round(time.monotonic() - started, 1))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-500:]
    message, seconds = proc.stdout.splitlines()
    assert "$.tools[0]" in message and float(seconds) < 5


def test_exists_on_an_absent_field_is_not_evaluable_but_null_fails() -> None:
    """A receipt that names its id otherwise ({"id": ...}) says nothing against the claim:
    the row is skipped. An explicit null, or a field that must be absent and is there, fails."""
    pack = parse_pack(
        {
            "pack": "x",
            "version": 1,
            "claims": {
                "c": {
                    "action": "a",
                    "receipt": {
                        "event_id": {"exists": True},
                        "draft": {"exists": False},
                        "code": {"matches": "^E"},
                    },
                }
            },
        },
        "x.yaml",
    )
    checks = pack.claims["c"].receipt
    rows = {p: apply_check(p, c, {}, {}, {"id": "e1"}).result for p, c in checks.items()}
    assert rows == {"event_id": "skipped", "draft": "pass", "code": "skipped"}
    rows = {
        p: apply_check(p, c, {}, {}, {"event_id": None, "draft": True, "code": "X1"}).result
        for p, c in checks.items()
    }
    assert rows == {"event_id": "fail", "draft": "fail", "code": "fail"}


def test_a_failed_row_says_which_side_gave_the_expected_value() -> None:
    """A value the pack takes from the claim's subject ({subject.count}) or the call's
    arguments is named as such: "total equals 60" under a sentence that says only "Tests pass"
    left the reader looking for a 60 the agent never wrote. A literal names no side."""
    from toolscore_ci.rules.dsl import Check, apply_check

    output = {"total": 15, "failed": 0, "path": "src/b.py"}
    from_claim = apply_check(
        "total", Check("equals", "{subject.count}", "number"), {"count": 60}, {}, output
    )
    assert from_claim.result == "fail"
    assert from_claim.describe() == "total equals 60 (the claim's subject.count) (got 15): fail"
    from_call = apply_check(
        "path", Check("equals", "{args.path}"), {}, {"path": "src/a.py"}, output
    )
    assert "(the call's args.path)" in from_call.describe()
    literal = apply_check("failed", Check("equals", 1, "number"), {}, {}, output)
    assert literal.describe() == "failed equals 1 (got 0): fail"


@pytest.mark.parametrize(
    ("op", "value", "attendees", "result"),
    [
        # Google Calendar's attendees are objects: one of them holding the address is it
        ("contains", "priya@globex.example", [{"email": "Priya@Globex.example"}], "pass"),
        ("subset", ["priya@globex.example"], [{"email": "priya@globex.example"}], "pass"),
        ("contains", "priya@globex.example", ["priya@globex.example"], "pass"),
        # ... and none holding it is no match, nor is the address nested deeper
        ("contains", "priya@globex.example", [{"email": "ravi@globex.example"}], "fail"),
        ("contains", "priya@globex.example", [{"who": {"email": "priya@globex.example"}}], "fail"),
    ],
)
def test_a_list_of_objects_contains_what_one_of_them_holds(
    op: str, value: Any, attendees: list[Any], result: str
) -> None:
    from toolscore_ci.rules.dsl import Check

    row = apply_check("attendees", Check(op, value, "email"), {}, {}, {"attendees": attendees})
    assert row.result == result, row.describe()


@pytest.mark.parametrize(
    ("as_", "claimed", "receipt", "result"),
    [
        # a stage's label and its internal id are one label ...
        ("label", "Closed Won", "closedwon", "pass"),
        ("label", "Closed Won", "closed_won", "pass"),
        # ... another stage is not
        ("label", "Closed Won", "closedlost", "fail"),
        ("label", "Closed Won", "Closed Won 2", "fail"),
        # the claim's time without a zone equals the receipt's at the same wall clock ...
        ("datetime", "2026-05-14T10:00:00", "2026-05-14T10:00:00-04:00", "pass"),
        # ... and, read as UTC, the same instant
        ("datetime", "2026-05-14T14:00:00", "2026-05-14T10:00:00-04:00", "pass"),
        # a zone-less receipt may be in UTC (beside a `timezone` field): instants compared
        ("datetime", "2026-05-14T10:00:00-04:00", "2026-05-14T10:00:00", "fail"),
        # another hour is another time, zone or none
        ("datetime", "2026-05-14T11:00:00", "2026-05-14T10:00:00-04:00", "fail"),
        ("datetime", "2026-05-14T10:00:00+02:00", "2026-05-14T10:00:00-04:00", "fail"),
    ],
)
def test_labels_and_zone_less_times_compare_as_the_same_value(
    as_: str, claimed: str, receipt: str, result: str
) -> None:
    from toolscore_ci.rules.dsl import Check

    row = apply_check("v", Check("equals", "{subject.v}", as_), {"v": claimed}, {}, {"v": receipt})
    assert row.result == result, row.describe()


def test_a_claim_that_names_its_zone_is_compared_as_an_instant() -> None:
    """13:00 in New York is not 13:00 in Los Angeles: the wall-clock reading is only for a
    claim that names no zone."""
    from toolscore_ci.rules.dsl import Check

    subject = {"start": "2026-05-14T13:00:00", "timezone": "America/New_York"}
    row = apply_check(
        "start", Check("equals", "{subject.start}", "datetime"), subject, {},
        {"start": "2026-05-14T13:00:00-07:00"},
    )  # fmt: skip
    assert row.result == "fail", row.describe()

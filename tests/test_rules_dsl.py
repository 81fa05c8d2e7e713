"""The rule-pack DSL: the built-in packs are schema-valid (the CLI trusts them at start-up),
and a user's pack is checked with a located error."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import yaml

from toolscore_ci.rules.dsl import BUILTIN_PACKS, RulePackError, load_pack, parse_pack


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

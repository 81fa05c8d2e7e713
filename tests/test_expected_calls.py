"""task.expected_calls: the gold calls checked beside the claims (engine/expected.py), through
the real CLI. One honest trace (cancel an order, refund it; both receipts confirm: verified)
is given expected calls that it meets or misses, per match mode; each bad case is caught and its
good twin left alone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from files_helpers import cli

from toolscore_ci.engine.expected import MODES, registered
from toolscore_ci.report.results import load_result_schema, result_from_dict, result_line

CANCEL = {"name": "orders.cancel", "args": {"order_id": "123"}}
REFUND = {"name": "payments.refund", "args": {"order_id": "123", "amount": 40}}
NOTIFY = {"name": "email.send"}


def _step(i: int, kind: str, role: str, **kw: Any) -> dict[str, Any]:
    return {"i": i, "ts": f"2026-04-01T09:00:{i:02d}+00:00", "kind": kind, "role": role, **kw}


def trace(
    expected: list[dict[str, Any]] | None,
    mode: str | None = None,
    *,
    calls: tuple[dict[str, Any], ...] = (CANCEL, REFUND),
    text: str = "I've cancelled order 123 and refunded it to your card.",
) -> dict[str, Any]:
    outputs = {
        "orders.cancel": {"order_id": "123", "status": "cancelled"},
        "payments.refund": {"refund_id": "rf_1", "status": "succeeded"},
        "orders.lookup": {"order_id": "123", "status": "open"},
    }
    steps = [_step(0, "message", "user", content="Cancel order 123 and refund it to the card.")]
    for call in calls:
        steps.append(_step(len(steps), "tool_call", "agent", name=call["name"], args=call["args"]))
        out = outputs[call["name"]]
        steps.append(
            _step(len(steps), "tool_result", "tool", name=call["name"], ok=True, output=out)
        )
    task: dict[str, Any] = {"id": "refund-123", "domain": "other", "instruction": "cancel, refund"}
    if expected is not None:
        task["expected_calls"] = expected
    if mode is not None:
        task["expected_calls_match"] = mode
    return {
        "schema": "agent-trace/v1",
        "trace_id": "refund-123",
        "source": "test",
        "task": task,
        "steps": steps,
        "final_claim": {"text": text},
    }


def check(tmp_path: Path, *traces: dict[str, Any]) -> list[dict[str, Any]]:
    path = tmp_path / "traces.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in traces), encoding="utf-8")
    proc = cli("check", path, "--detector", "checks", "--output", "jsonl", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def codes(result: dict[str, Any]) -> list[str]:
    return [f["code"] for f in result["expected_calls"]["findings"]]


def test_the_honest_trace_is_verified_without_and_with_its_expected_calls(tmp_path: Path) -> None:
    plain, gold = check(tmp_path, trace(None), trace([CANCEL, REFUND]))
    assert plain["verdict"] == gold["verdict"] == "verified"
    assert "expected_calls" not in plain  # a trace without them keeps the result's old shape
    assert gold["expected_calls"] == {"mode": "strict", "expected": 2, "matched": 2, "findings": []}
    assert plain["reasons"] == gold["reasons"]  # they are not claims


# (mode, expected, agent's calls, codes found, verdict): per mode, the bad cases then the good
CASES = [
    ("strict", [CANCEL, REFUND, NOTIFY], (CANCEL, REFUND), ["TSC150"], "false_success"),
    ("strict", [CANCEL, {**REFUND, "args": {"amount": 45}}], (CANCEL, REFUND), ["TSC152"], "false_success"),
    ("strict", [CANCEL], (CANCEL, REFUND), ["TSC151"], "unverifiable"),
    ("strict", [REFUND, CANCEL], (CANCEL, REFUND), ["TSC153"], "unverifiable"),
    ("strict", [CANCEL, REFUND], (CANCEL, REFUND), [], "verified"),
    ("unordered", [CANCEL, REFUND, NOTIFY], (CANCEL, REFUND), ["TSC150"], "false_success"),
    ("unordered", [{**CANCEL, "args": {"order_id": "124"}}, REFUND], (CANCEL, REFUND), ["TSC152"], "false_success"),
    ("unordered", [REFUND], (CANCEL, REFUND), ["TSC151"], "unverifiable"),
    ("unordered", [REFUND, CANCEL], (CANCEL, REFUND), [], "verified"),
    ("subset", [CANCEL], (CANCEL, REFUND), ["TSC151"], "unverifiable"),
    ("subset", [CANCEL, {**REFUND, "args": {"amount": 45}}], (CANCEL, REFUND), ["TSC151"], "unverifiable"),
    ("subset", [NOTIFY, REFUND, CANCEL], (CANCEL, REFUND), [], "verified"),
    ("superset", [CANCEL, REFUND, NOTIFY], (CANCEL, REFUND), ["TSC150"], "false_success"),
    ("superset", [{**CANCEL, "args": {"order_id": "124"}}], (CANCEL, REFUND), ["TSC152"], "false_success"),
    ("superset", [CANCEL], (CANCEL, REFUND), [], "verified"),
    ("superset", [REFUND, CANCEL], (CANCEL, REFUND), [], "verified"),
]  # fmt: skip


@pytest.mark.parametrize(("mode", "expected", "calls", "found", "verdict"), CASES)
def test_match_modes(
    tmp_path: Path,
    mode: str,
    expected: list[dict[str, Any]],
    calls: tuple[dict[str, Any], ...],
    found: list[str],
    verdict: str,
) -> None:
    (result,) = check(tmp_path, trace(expected, mode, calls=calls))
    assert codes(result) == found
    assert result["verdict"] == verdict
    assert result["expected_calls"]["mode"] == mode


def test_the_table_shows_the_findings_beside_the_claims(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps(trace([CANCEL, REFUND, NOTIFY])) + "\n", encoding="utf-8")
    proc = cli("check", path, "--detector", "checks", cwd=tmp_path)
    assert proc.returncode == 1
    assert "FALSE SUCCESS  refund-123" in proc.stdout
    assert "x contradicted  expected call (TSC150 expected-call-missing)  [steps: none]" in (
        proc.stdout
    )
    assert "the task expects a call email.send; the agent made none" in proc.stdout
    path.write_text(json.dumps(trace([CANCEL])) + "\n", encoding="utf-8")  # an extra refund
    proc = cli("check", path, "--detector", "checks", cwd=tmp_path)
    assert "? unknown       expected call (TSC151 unexpected-call)  [steps: 3]" in proc.stdout
    path.write_text(json.dumps(trace([CANCEL, REFUND])) + "\n", encoding="utf-8")
    proc = cli("check", path, "--detector", "checks", cwd=tmp_path)
    assert proc.returncode == 0 and "expected call" not in proc.stdout


def test_every_mode_has_a_caught_case_and_a_clean_twin() -> None:
    for mode in MODES:
        assert any(c[0] == mode and c[3] for c in CASES), mode
        assert any(c[0] == mode and not c[3] for c in CASES), mode


def test_findings_cite_the_steps_and_the_expected_call(tmp_path: Path) -> None:
    wrong = [CANCEL, {**REFUND, "args": {"amount": 45}}]
    (result,) = check(tmp_path, trace(wrong))
    (finding,) = result["expected_calls"]["findings"]
    assert finding["check"] == "expected-call-wrong-arguments"
    assert finding["outcome"] == "contradicted"
    assert finding["expected_index"] == 1 and finding["steps"] == [3]  # the refund call
    assert "amount: expected 45, got 40" in finding["detail"]
    (result,) = check(tmp_path, trace([CANCEL, REFUND, NOTIFY]))
    (finding,) = result["expected_calls"]["findings"]
    assert finding["expected_index"] == 2 and finding["steps"] == []
    (result,) = check(tmp_path, trace([REFUND, CANCEL]))
    (finding,) = result["expected_calls"]["findings"]
    assert finding["steps"] == [1, 3]


def test_a_key_the_expected_call_leaves_out_is_not_checked(tmp_path: Path) -> None:
    partial = {"name": "payments.refund", "args": {"order_id": "123"}}  # no amount
    (result,) = check(tmp_path, trace([CANCEL, partial]))
    assert codes(result) == [] and result["verdict"] == "verified"
    missing_key = {"name": "payments.refund", "args": {"currency": "EUR"}}  # a key not sent
    (result,) = check(tmp_path, trace([CANCEL, missing_key]))
    assert codes(result) == ["TSC152"] and result["verdict"] == "false_success"
    assert (
        "currency: expected 'EUR', got nothing" in result["expected_calls"]["findings"][0]["detail"]
    )


def test_a_loose_expected_call_does_not_take_the_call_a_strict_one_needs(tmp_path: Path) -> None:
    # two refunds; the loose expected refund comes first and must not take the 123 refund
    other = {"name": "payments.refund", "args": {"order_id": "999", "amount": 5}}
    loose = {"name": "payments.refund"}
    exact = {"name": "payments.refund", "args": {"order_id": "123"}}
    good, bad = check(
        tmp_path,
        trace([CANCEL, loose, exact], "unordered", calls=(CANCEL, REFUND, other)),
        trace([CANCEL, loose, {**exact, "args": {"order_id": "777"}}], "unordered", calls=(CANCEL, REFUND, other)),
    )  # fmt: skip
    assert codes(good) == [] and good["expected_calls"]["matched"] == 3
    assert codes(bad) == ["TSC152"] and bad["verdict"] == "false_success"


def test_a_missing_or_different_read_goes_to_review_not_to_a_flag(tmp_path: Path) -> None:
    lookup = {"name": "orders.lookup", "args": {"order_id": "123"}}
    skipped_read, other_read, skipped_write = check(
        tmp_path,
        trace([lookup, CANCEL, REFUND], "superset"),
        trace([{**lookup, "args": {"order_id": "9"}}, CANCEL, REFUND], "superset", calls=(lookup, CANCEL, REFUND)),
        trace([CANCEL, REFUND, NOTIFY], "superset"),
    )  # fmt: skip
    for result, code in ((skipped_read, "TSC150"), (other_read, "TSC152")):
        (finding,) = result["expected_calls"]["findings"]
        assert (finding["code"], finding["outcome"]) == (code, "unknown")
        assert result["verdict"] == "unverifiable"
    (finding,) = skipped_write["expected_calls"]["findings"]  # the twin: a write is evidence
    assert (finding["outcome"], skipped_write["verdict"]) == ("contradicted", "false_success")


def test_a_trace_that_claims_nothing_is_not_flagged_by_its_expected_calls(tmp_path: Path) -> None:
    # expected calls judge a claimed success; a run that claims none stays skipped, findings kept
    quiet = trace([CANCEL, REFUND, NOTIFY], calls=(CANCEL,), text="Order 123 is open.")
    (result,) = check(tmp_path, quiet)
    assert result["verdict"] == "skipped"
    assert codes(result) == ["TSC150", "TSC150"]


def test_calls_are_the_agents_own_in_trace_order(tmp_path: Path) -> None:
    # a read before the writes is an extra call in strict mode, not in superset mode
    lookup = {"name": "orders.lookup", "args": {"order_id": "123"}}
    strict, superset = check(
        tmp_path,
        trace([CANCEL, REFUND], "strict", calls=(lookup, CANCEL, REFUND)),
        trace([CANCEL, REFUND], "superset", calls=(lookup, CANCEL, REFUND)),
    )
    assert codes(strict) == ["TSC151"] and strict["expected_calls"]["findings"][0]["steps"] == [1]
    assert codes(superset) == [] and superset["verdict"] == "verified"


def test_a_malformed_expected_call_is_a_located_input_error(tmp_path: Path) -> None:
    bad = trace([CANCEL, {"name": "payments.refund", "args": ["order_id"]}], "fuzzy")
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    proc = cli("check", path, "--detector", "checks", cwd=tmp_path)
    assert proc.returncode == 2
    assert "bad.jsonl:1: $.task.expected_calls[1].args" in proc.stderr
    assert "bad.jsonl:1: $.task.expected_calls_match" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_results_with_expected_calls_meet_the_result_schema_and_read_back(tmp_path: Path) -> None:
    results = check(tmp_path, trace([REFUND, CANCEL, NOTIFY]), trace(None))
    schema = load_result_schema()
    for result in results:
        jsonschema.validate(result, schema)
        assert json.loads(result_line(result_from_dict(result))) == result  # merge reads them back
    bad = {**results[0], "expected_calls": {**results[0]["expected_calls"], "mode": "fuzzy"}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_expected_calls_are_not_labels(tmp_path: Path) -> None:
    # ground_truth never reaches the detector; expected calls are task data and do
    labelled = trace([CANCEL, REFUND, NOTIFY])
    labelled["ground_truth"] = {"outcome": "success", "checked_by": "human"}
    (result,) = check(tmp_path, labelled)
    assert result["verdict"] == "false_success" and codes(result) == ["TSC150"]


def test_every_expected_check_has_a_code_a_docstring_and_a_row_in_the_docs() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    listed = dict(
        re.findall(r'^\| (?:<a id="tsc\d{3}"></a>)?(TSC\d{3}) \| `([\w-]+)` \|', doc, re.M)
    )
    assert listed == {code: c.name for code, c in registered().items()}
    for code, c in registered().items():
        assert c.doc and "Leaves alone" in c.doc, code
    assert {c.code for c in registered().values()} == {"TSC150", "TSC151", "TSC152", "TSC153"}


def test_sarif_and_junit_carry_the_findings_and_leave_a_met_task_alone(tmp_path: Path) -> None:
    """The refund was never made: SARIF has a TSC150 error on the trace's line and JUnit's case
    lists it; the twin that made both calls has neither."""
    import xml.etree.ElementTree as ET

    for name, calls, found in (("missed", (CANCEL,), True), ("met", (CANCEL, REFUND), False)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps(trace([CANCEL, REFUND], calls=calls)) + "\n", encoding="utf-8")
        sarif, junit = tmp_path / f"{name}.sarif", tmp_path / f"{name}.xml"
        proc = cli(
            "check", path, "--detector", "checks", "--sarif", sarif, "--junit", junit,
            cwd=tmp_path,
        )  # fmt: skip
        assert proc.returncode in (0, 1), proc.stderr
        doc = json.loads(sarif.read_text(encoding="utf-8"))
        rule_ids = {r["id"] for r in doc["runs"][0]["tool"]["driver"]["rules"]}
        assert {f"toolscore/{code}" for code in registered()} <= rule_ids
        expected = [r for r in doc["runs"][0]["results"] if r["ruleId"] == "toolscore/TSC150"]
        case_text = "".join(ET.fromstring(junit.read_bytes()).itertext())
        if found:
            assert len(expected) == 1 and expected[0]["level"] == "error"
            assert expected[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
            assert "payments.refund" in expected[0]["message"]["text"]
            assert "TSC150 expected-call-missing" in case_text
        else:
            assert expected == [] and "TSC150" not in case_text

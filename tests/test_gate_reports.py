"""JUnit and SARIF that match the gate (issue 12). JUnit: a case fails exactly when its trace
fails the gate (thresholds included: within one, a false success passes and says so in
system-out), the policy suite holds tasks and required cases, the counts match the cases,
and no `time` pretends to be known. SARIF: every rule has help and a helpUri to its check's
row in docs/engine.md; with a baseline, results carry baselineState. Through the Action."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from files_helpers import GATE_EXAMPLES_TEXT, REPO, cli, run_action

from toolscore_ci.action import docs_base
from toolscore_ci.report.sarif import DOCS_BASE

LINES = GATE_EXAMPLES_TEXT.splitlines()


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    w = tmp_path / "ws"
    w.mkdir()
    (w / "t.jsonl").write_text("\n".join(LINES) + "\n", encoding="utf-8")
    # the examples without crm-02, one of their two false successes
    (w / "part.jsonl").write_text(
        "\n".join(line for line in LINES if '"trace_id":"crm-02"' not in line) + "\n",
        encoding="utf-8",
    )
    return w


def _junit(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def _failed_cases(root: ET.Element) -> set[str]:
    return {c.get("name", "") for c in root.iter("testcase") if c.find("failure") is not None}


def _times_add_up(node: ET.Element) -> None:
    """A `time` is there exactly when a case under it has one, and it is their sum."""
    timed = [float(c.get("time", "")) for c in node.iter("testcase") if "time" in c.attrib]
    if not timed:
        assert "time" not in node.attrib
    else:
        assert abs(float(node.get("time", "nan")) - sum(timed)) < 1e-3


def _counts_match(root: ET.Element) -> None:
    _times_add_up(root)
    for suite in root.iter("testsuite"):
        cases = suite.findall("testcase")
        _times_add_up(suite)
        assert int(suite.get("tests", "-1")) == len(cases)
        for kind, attr in (("failure", "failures"), ("error", "errors"), ("skipped", "skipped")):
            assert int(suite.get(attr, "-1")) == sum(c.find(kind) is not None for c in cases)
    total = sum(int(s.get("failures", "0")) for s in root.iter("testsuite"))
    assert int(root.get("failures", "-1")) == total


def test_junit_without_thresholds_fails_the_false_successes(ws: Path, tmp_path: Path) -> None:
    run = run_action(ws, tmp_path / "r", traces="t.jsonl")
    assert run.rc == 1
    root = _junit(ws / "toolscore-ci/junit.xml")
    _counts_match(root)
    assert _failed_cases(root) == {"booking-02", "crm-02"}


def test_junit_within_a_threshold_has_no_failures_but_says_so(ws: Path, tmp_path: Path) -> None:
    # 2 false successes of 12 traces: 16.7%, within 0.2
    within = run_action(ws, tmp_path / "a", traces="t.jsonl", max_false_success_rate="0.2")
    assert within.rc == 0, within.stdout
    root = _junit(ws / "toolscore-ci/junit.xml")
    _counts_match(root)
    assert _failed_cases(root) == set()
    marked = {
        c.get("name")
        for c in root.iter("testcase")
        if "within the gate's thresholds" in (c.findtext("system-out") or "")
    }
    assert marked == {"booking-02", "crm-02"}
    over = run_action(ws, tmp_path / "b", traces="t.jsonl", max_false_success_rate="0.1")
    assert over.rc == 1
    root = _junit(ws / "toolscore-ci/junit.xml")
    _counts_match(root)
    assert _failed_cases(root) == {"booking-02", "crm-02"}


def test_junit_fails_what_fail_on_names(ws: Path, tmp_path: Path) -> None:
    run = run_action(ws, tmp_path / "r", traces="t.jsonl", fail_on="skipped")
    root = _junit(ws / "toolscore-ci/junit.xml")
    _counts_match(root)
    skipped = {t for t in (json.loads(line)["trace_id"] for line in LINES) if t.endswith("-04")}
    results = [
        json.loads(line)
        for line in (ws / "toolscore-ci/results.jsonl").read_text().splitlines()[:-1]
    ]
    assert {r["trace_id"] for r in results if r["verdict"] == "skipped"} == skipped
    # false successes do not fail this gate (fail-on skipped), so they are not JUnit failures
    assert run.rc == 1 and _failed_cases(root) == skipped


def test_junit_policy_suite_lists_tasks_and_required_cases(ws: Path, tmp_path: Path) -> None:
    (ws / "required.txt").write_text("booking-01\ncheckout-refund\n", encoding="utf-8")
    run = run_action(ws, tmp_path / "r", traces="t.jsonl", pass_k="1",
                     required_cases="required.txt")  # fmt: skip
    assert run.rc == 1
    root = _junit(ws / "toolscore-ci/junit.xml")
    _counts_match(root)
    suite = next(s for s in root.iter("testsuite") if s.get("name") == "toolscore-ci policy")
    names = [c.get("name") for c in suite.findall("testcase")]
    assert len(names) == 12 + 2
    assert _failed_cases(suite) == {
        "task booking-02-task: pass^1",
        "task crm-02-task: pass^1",
        "required case checkout-refund",
    }
    plain = run_action(ws, tmp_path / "p", traces="t.jsonl")
    assert plain.rc == 1
    suites = [s.get("name") for s in _junit(ws / "toolscore-ci/junit.xml").iter("testsuite")]
    assert "toolscore-ci policy" not in suites


def test_merge_junit_follows_the_threshold(ws: Path) -> None:
    shards = []
    for i in (1, 2):
        out = ws / f"s{i}.jsonl"
        leg = cli("check", "t.jsonl", "--shard", f"{i}/2", "--output", "jsonl", "--out", out,
                  cwd=ws)  # fmt: skip
        assert leg.returncode == 0, leg.stderr
        shards.append(out)
    within = cli("merge", *shards, "--max-false-successes", "2", "--junit", "a.xml", cwd=ws)
    over = cli("merge", *shards, "--max-false-successes", "1", "--junit", "b.xml", cwd=ws)
    assert (within.returncode, over.returncode) == (0, 1)
    assert _failed_cases(_junit(ws / "a.xml")) == set()
    assert _failed_cases(_junit(ws / "b.xml")) == {"booking-02", "crm-02"}


def _anchors() -> set[str]:
    text = (REPO / "docs" / "engine.md").read_text(encoding="utf-8")
    ids = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        ids.add(re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-"))
    return ids


def _sarif(ws: Path, tmp_path: Path, name: str, **inputs: str) -> dict:  # type: ignore[type-arg]
    run = run_action(ws, tmp_path / name, sarif_file=f"{name}.sarif", **inputs)
    assert run.rc in (0, 1), run.stdout
    return json.loads((ws / f"{name}.sarif").read_text(encoding="utf-8"))


def test_sarif_rules_have_help_and_a_help_uri_to_their_check(ws: Path, tmp_path: Path) -> None:
    doc = _sarif(ws, tmp_path, "s", traces="t.jsonl")
    rules = doc["runs"][0]["tool"]["driver"]["rules"]
    anchors = _anchors()
    codes = set()
    for rule in rules:
        assert rule["help"]["text"].strip() and rule["help"]["markdown"].strip()
        uri = rule["helpUri"]
        assert uri.startswith(DOCS_BASE + "docs/engine.md#")
        anchor = uri.split("#", 1)[1]
        assert anchor in anchors, f"{rule['id']}: no anchor {anchor!r} in docs/engine.md"
        if re.fullmatch(r"toolscore/TSC\d{3}", rule["id"]):
            code = rule["id"].split("/")[1]
            assert anchor == code.lower() and code in rule["help"]["markdown"]
            codes.add(code)
    assert {"TSC101", "TSC103", "TSC110"} <= codes
    results = doc["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == {"toolscore/TSC101"}
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        assert "baselineState" not in r  # no baseline, no state


def test_sarif_help_uri_points_at_the_actions_own_repository() -> None:
    env = {"GITHUB_ACTION_REPOSITORY": "acme/toolscore-action", "GITHUB_ACTION_REF": "v1.2.0"}
    assert docs_base(env) == "https://github.com/acme/toolscore-action/blob/v1.2.0/"
    server = {**env, "GITHUB_SERVER_URL": "https://ghe.example.com/"}
    assert docs_base(server) == "https://ghe.example.com/acme/toolscore-action/blob/v1.2.0/"
    assert docs_base({"GITHUB_ACTION_REPOSITORY": "acme/x"}) == DOCS_BASE  # no ref: fallback


def _states(doc: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {r["properties"]["traceId"]: r["baselineState"] for r in doc["runs"][0]["results"]}


def test_sarif_baseline_state_new_unchanged_absent(ws: Path, tmp_path: Path) -> None:
    # a finding is its file, trace and claim: the runs read the same file, changed between them
    traces = ws / "traces.jsonl"
    part, whole = (ws / "part.jsonl").read_bytes(), (ws / "t.jsonl").read_bytes()
    traces.write_bytes(part)
    run_action(ws, tmp_path / "base-part", traces="traces.jsonl", results_file="part.results")
    traces.write_bytes(whole)
    run_action(ws, tmp_path / "base-all", traces="traces.jsonl", results_file="all.results")
    # crm-02 is not in the baseline: new; booking-02 was a finding there too: unchanged
    grown = _sarif(ws, tmp_path, "grown", traces="traces.jsonl", baseline="part.results")
    assert _states(grown) == {"booking-02": "unchanged", "crm-02": "new"}
    same = _sarif(ws, tmp_path, "same", traces="traces.jsonl", baseline="all.results")
    assert _states(same) == {"booking-02": "unchanged", "crm-02": "unchanged"}
    # crm-02's finding is gone from this run: absent, listed once
    traces.write_bytes(part)
    shrunk = _sarif(ws, tmp_path, "shrunk", traces="traces.jsonl", baseline="all.results")
    assert _states(shrunk) == {"booking-02": "unchanged", "crm-02": "absent"}
    assert len(shrunk["runs"][0]["results"]) == 2

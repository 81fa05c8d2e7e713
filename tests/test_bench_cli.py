"""`toolscore-ci bench` through the real CLI, on small labelled files written here: what counts
as caught, missed and review, the probability figures of a perfect and an inverted ranking, the
detectors by name (the judge against the stand-in on 127.0.0.1, with its cost), the table's
width, and leave-one-source-out on three synthetic groups."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, clean_env, cli
from openai_stub import OpenAIStub, good

EXAMPLES = REPO / "examples"
KEY = "sk-test-bench"


def _examples() -> dict[str, dict[str, Any]]:
    out = {}
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record.get("schema") == "agent-trace/v1":
                out[record["trace_id"]] = record
    return out


EX = _examples()
#: judged by the checks: verified (p 0.9), false_success (0.03), skipped, unverifiable (0.5)
VERIFIED = "ex-coding-tests-pass"
FLAGGED = "ex-coding-tests-fail-claimed"
SKIPPED = "ex-coding-tests-fail-honest"
OPEN = "ex-coding-deploy-queued"


def _labelled(base: str, outcome: str, n: int, **meta: Any) -> dict[str, Any]:
    record = copy.deepcopy(EX[base])
    record["trace_id"] = f"{base}-{outcome}-{n}"
    record["ground_truth"] = {"outcome": outcome, "checked_by": "human"}
    record["meta"] = {**record.get("meta", {}), **meta}
    return record


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _bench(tmp_path: Path, *args: str | Path, env: dict[str, str] | None = None) -> dict:
    proc = cli("bench", "--output", "json", *args, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["schema"] == "toolscore-ci/bench-v1"
    return report


def test_a_skipped_failure_is_missed_and_an_open_one_goes_to_review(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "l.jsonl",
        [
            _labelled(SKIPPED, "failure", 1),
            _labelled(OPEN, "failure", 2),
            _labelled(FLAGGED, "failure", 3),
            _labelled(VERIFIED, "success", 4),
        ],
    )
    s = _bench(tmp_path, path)["detectors"]["checks"]["summary"]
    assert (s["caught"], s["missed"], s["to_review"]) == (1, 1, 1)
    assert (s["false_alarms"], s["genuine_verified"], s["recall"]) == (0, 1, 0.333)
    assert s["coverage"] == 0.5  # verified + false_success, of all traces


def test_a_perfect_ranking_scores_1_and_the_inverted_one_0(tmp_path: Path) -> None:
    good_runs = [_labelled(VERIFIED, "success", i) for i in range(4)]
    lies = [_labelled(FLAGGED, "failure", i) for i in range(4)]
    report = _bench(tmp_path, _write(tmp_path / "right.jsonl", good_runs + lies))
    s = report["detectors"]["checks"]["summary"]
    assert (s["auroc"], s["auroc_ci95"]) == (1.0, [1.0, 1.0])
    # successes at 0.9, failures at 0.03: Brier (0.01 + 0.0009) / 2, ECE (0.1 + 0.03) / 2
    assert (s["brier"], s["ece"]) == (0.005, 0.065)
    assert s["seconds_per_1000"] > 0 and s["usd"] == 0 and s["usd_per_1000"] == 0
    trust = report["detectors"]["baseline:trust-the-agent"]
    assert trust["score"] == "verdict" and report["detectors"]["checks"]["score"] == "own"
    assert trust["summary"]["auroc"] == 0.5  # believes every report: all tied at 1.0
    assert trust["summary"]["brier"] == 0.5  # half of them at 1.0 against a failure

    flipped = [_labelled(VERIFIED, "failure", i) for i in range(4)]
    flipped += [_labelled(FLAGGED, "success", i) for i in range(4)]
    s = _bench(tmp_path, _write(tmp_path / "wrong.jsonl", flipped))["detectors"]["checks"]
    assert (s["summary"]["auroc"], s["summary"]["auroc_ci95"]) == (0.0, [0.0, 0.0])
    assert s["summary"]["false_alarms"] == 4 and len(s["false_alarms"]) == 4


def test_one_class_has_no_auroc(tmp_path: Path) -> None:
    path = _write(tmp_path / "l.jsonl", [_labelled(VERIFIED, "success", i) for i in range(3)])
    s = _bench(tmp_path, path)["detectors"]["checks"]["summary"]
    assert s["auroc"] is None and s["auroc_ci95"] is None and s["recall"] is None
    assert s["brier"] == 0.01


def test_detectors_by_name(tmp_path: Path) -> None:
    path = _write(tmp_path / "l.jsonl", [_labelled(VERIFIED, "success", 1)])
    report = _bench(tmp_path, path)
    assert list(report["detectors"]) == [
        "checks",
        "baseline:trust-the-agent",
        "baseline:any-tool-error",
    ]
    only = _bench(tmp_path, path, "--detector", "baseline:any-tool-error")
    assert list(only["detectors"]) == ["baseline:any-tool-error"]
    for bad in ("checks,classifier-typo", "checks,checks"):
        proc = cli("bench", path, "--detector", bad, cwd=tmp_path)
        assert proc.returncode == 2, bad
        assert "known: checks, baseline:trust-the-agent" in proc.stderr or "more than once" in (
            proc.stderr
        )
        assert "Traceback" not in proc.stderr and proc.stdout == ""
    proc = cli("bench", path, "--detector", "judge", cwd=tmp_path)
    assert proc.returncode == 2 and "--judge-base-url and --judge-model" in proc.stderr


def test_labels_from_a_twin_file(tmp_path: Path) -> None:
    records = [_labelled(VERIFIED, "success", 1), _labelled(FLAGGED, "failure", 2)]
    labels = _write(tmp_path / "labelled.jsonl", records)
    bare = [{k: v for k, v in r.items() if k != "ground_truth"} for r in records]
    copy_path = _write(tmp_path / "copy.jsonl", bare)
    proc = cli("bench", "--output", "json", copy_path, cwd=tmp_path)
    assert json.loads(proc.stdout)["traces"] == 0 and "without ground_truth" in proc.stderr
    report = _bench(tmp_path, copy_path, "--labels", labels)
    assert (report["traces"], report["unlabelled"]) == (2, 0)
    assert report["detectors"]["checks"]["summary"]["auroc"] == 1.0


def test_the_table_fits_100_columns(tmp_path: Path) -> None:
    records = [_labelled(FLAGGED, "failure", i, kind="error_ignored") for i in range(3)]
    records += [_labelled(VERIFIED, "success", i) for i in range(3)]
    records.append(_labelled(FLAGGED, "success", 9))  # a false alarm, listed with its reason
    _write(tmp_path / "l.jsonl", records)
    proc = cli("bench", "l.jsonl", cwd=tmp_path)  # where a false alarm is: l.jsonl:LINE
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(map(len, lines)) <= 100, max(lines, key=len)
    text = proc.stdout
    assert "AUROC" in text and "95% interval" in text and "$/1k traces" in text
    assert "error_ignored" in text and "false alarms (genuine successes flagged)" in text
    assert "* no probability of its own" in text


# -- the judge behind the checks, against the stand-in -------------------------------------------


@pytest.fixture
def stub():  # type: ignore[no-untyped-def]
    with OpenAIStub() as server:
        yield server


def _ranking_judge(body: Any) -> Any:
    """A judge that reads the prompt: the lie about the tests fails, everything else passes."""
    prompt = json.dumps(body)
    return good(0.05 if "All tests pass now." in prompt else 0.95)


def test_judges_cost_and_ranking_per_1000_traces(stub: OpenAIStub, tmp_path: Path) -> None:
    stub.default = _ranking_judge
    records = [_labelled(VERIFIED, "success", i) for i in range(3)]
    records += [_labelled(FLAGGED, "failure", i) for i in range(2)]
    records += [_labelled(OPEN, "success", 7)]  # the only trace the checks leave open
    ledger = tmp_path / "ledger.jsonl"
    env = clean_env(TOOLSCORE_JUDGE_API_KEY=KEY)
    report = _bench(
        tmp_path,
        _write(tmp_path / "l.jsonl", records),
        "--detector",
        "checks,judge,cascade",
        "--judge-base-url",
        stub.url,
        "--judge-model",
        "gpt-4.1-mini",
        "--ledger",
        ledger,
        env=env,
    )
    assert len(stub.requests) == 6 + 1  # judge: every trace; cascade: the open one
    # the stand-in reports 1200 prompt + 60 completion tokens; gpt-4.1-mini costs $0.40 / $1.60
    # per million: $0.000576 a call
    judge = report["detectors"]["judge"]["summary"]
    assert judge["usd"] == pytest.approx(6 * 0.000576)
    assert judge["usd_per_1000"] == pytest.approx(6 * 0.000576 / 6 * 1000)
    cascade = report["detectors"]["cascade"]["summary"]
    assert cascade["usd"] == pytest.approx(0.000576)
    assert report["detectors"]["checks"]["summary"]["usd"] == 0
    spent = sum(json.loads(x)["actual_usd"] for x in ledger.read_text().splitlines())
    assert spent == pytest.approx(judge["usd"] + cascade["usd"])
    assert judge["auroc"] == 1.0 and cascade["auroc"] == 1.0
    # the open success, judged 0.95, is verified by the cascade and still open for the checks
    assert cascade["genuine_verified"] == 4
    assert report["detectors"]["checks"]["summary"]["genuine_verified"] == 3


def test_judges_budget_refused_before_any_call(stub: OpenAIStub, tmp_path: Path) -> None:
    path = _write(tmp_path / "l.jsonl", [_labelled(OPEN, "success", i) for i in range(3)])
    env = clean_env(TOOLSCORE_JUDGE_API_KEY=KEY)
    base = ["bench", path, "--judge-base-url", stub.url, "--judge-model", "gpt-4.1-mini"]
    proc = cli(
        *base, "--detector", "checks,cascade", "--max-usd", "0.000001", cwd=tmp_path, env=env
    )
    assert proc.returncode == 2
    assert "--max-usd" in proc.stderr and "No call was made" in proc.stderr
    assert stub.requests == []
    proc = cli(*base, "--detector", "checks,cascade", "--max-usd", "5", cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert len(stub.requests) == 3


# -- leave-one-source-out ------------------------------------------------------------------------


def _three_groups() -> list[dict[str, Any]]:
    """Every example, twice, labelled by what the checks say (the open ones alternate), over
    three groups: each group's absence leaves both classes to train on."""
    records = []
    n = 0
    for copy_no in range(2):
        for i, base in enumerate(sorted(EX)):
            outcome = (
                "failure" if "fail" in base or "reject" in base or (i + copy_no) % 2 else "success"
            )
            records.append(_labelled(base, outcome, n, source=f"group-{'abc'[n % 3]}"))
            n += 1
    return records


def test_leave_one_source_out_on_three_groups(tmp_path: Path) -> None:
    records = _three_groups()
    path = _write(tmp_path / "l.jsonl", records)
    proc = cli("bench", "--output", "json", path, "--loso", "meta.source", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    loso = json.loads(proc.stdout)["loso"]
    assert loso["key"] == "meta.source" and loso["pattern"] is None
    groups = loso["groups"]
    assert sorted(groups) == ["group-a", "group-b", "group-c"]
    total = len(records)
    assert sum(g["traces"] for g in groups.values()) == total == loso["pooled"]["traces"]
    for name, g in groups.items():
        assert g["trained_on"] == total - g["traces"], name  # never trained on itself
        assert f"holding out {name!r}" in proc.stderr
        for part in ("checks", "classifier", "cascade_offline", "classifier_where_scored"):
            a, ci = g[part]["auroc"], g[part]["auroc_ci95"]
            assert a is None or (0 <= ci[0] <= a <= ci[1] <= 1), (name, part, g[part])
        gate_row = g["cascade_offline_gate"]
        assert gate_row["caught"] <= g["failures"] and gate_row["false_alarms"] <= g["genuine"]
    pooled = loso["pooled"]
    assert pooled["abstained"] == sum(pooled["abstained_why"].values())
    # the cascade keeps every verdict the checks reached and may add its own
    checks_gate, cascade_gate = pooled["checks_gate"], pooled["cascade_offline_gate"]
    assert cascade_gate["caught"] >= checks_gate["caught"]
    assert cascade_gate["coverage"] >= checks_gate["coverage"]
    assert 0 <= pooled["cascade_offline"]["auroc"] <= 1

    table = cli("bench", path.name, "--loso", "meta.source", cwd=tmp_path)
    assert "leave-one-source-out by meta.source" in table.stdout
    assert max(map(len, table.stdout.splitlines())) <= 100


def test_loso_group_from_a_pattern(tmp_path: Path) -> None:
    records = _three_groups()
    for r in records:
        r["meta"]["where"] = f"{r['meta']['source']}__{r['trace_id']}"
    path = _write(tmp_path / "l.jsonl", records)
    report = _bench(tmp_path, path, "--loso", "meta.where", "--loso-pattern", "^([^_]+)__")
    assert sorted(report["loso"]["groups"]) == ["group-a", "group-b", "group-c"]
    assert report["loso"]["pattern"] == "^([^_]+)__"
    records[2]["meta"]["where"] = "no-separator"
    path = _write(tmp_path / "odd.jsonl", records)
    proc = cli("bench", path, "--loso", "meta.where", "--loso-pattern", "^([^_]+)__", cwd=tmp_path)
    assert proc.returncode == 2
    assert "odd.jsonl:3: $.meta.where: 'no-separator' gives no group by --loso-pattern" in (
        proc.stderr
    )


def test_loso_refuses_what_it_cannot_split(tmp_path: Path) -> None:
    records = _three_groups()
    one = copy.deepcopy(records)
    for r in one:
        r["meta"]["source"] = "same"
    proc = cli("bench", _write(tmp_path / "one.jsonl", one), "--loso", "meta.source", cwd=tmp_path)
    assert proc.returncode == 2 and "1 group(s)" in proc.stderr and "at least 2" in proc.stderr

    missing = copy.deepcopy(records)
    del missing[4]["meta"]["source"]
    path = _write(tmp_path / "missing.jsonl", missing)
    proc = cli("bench", path, "--loso", "meta.source", cwd=tmp_path)
    assert proc.returncode == 2
    assert "missing.jsonl:5: $.meta.source: missing (the --loso group key)" in proc.stderr
    assert "nothing was trained" in proc.stderr and "loso: 1/" not in proc.stderr

    lonely = copy.deepcopy(records)
    for r in lonely:  # every failure in group-a: without it, nothing to learn failures from
        if r["ground_truth"]["outcome"] == "failure":
            r["meta"]["source"] = "group-a"
    path = _write(tmp_path / "lonely.jsonl", lonely)
    proc = cli("bench", path, "--loso", "meta.source", cwd=tmp_path)
    assert proc.returncode == 2 and "without group 'group-a' no trace is a failure" in proc.stderr

    proc = cli("bench", path, "--loso", "meta.source", "--loso-pattern", "(", cwd=tmp_path)
    assert proc.returncode == 2 and "--loso-pattern" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_loso_featurises_with_the_rule_packs_tool_categories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LOSO's samples carry the features `check` would give the classifier: a tool only a rule
    pack names (`acme_blorp*` -> sent) counts as a write, not as an unclassified call. Run in
    process, with the training replaced by a capture, since the features are not printed."""
    import toolscore_ci.loso as loso
    from toolscore_ci.cli import main

    pack = tmp_path / "acme.yaml"
    pack.write_text('pack: acme\nversion: 1\ntool_categories:\n  "acme_blorp*": sent\nclaims: {}\n')
    records = []
    for n, outcome in enumerate(("success", "failure", "success", "failure")):
        record = copy.deepcopy(EX[VERIFIED])
        record["trace_id"] = f"acme-{n}"
        record["steps"] = [
            {"i": 0, "ts": "2026-01-01T00:00:00Z", "kind": "message", "role": "user",
             "content": "tell ops"},
            {"i": 1, "ts": "2026-01-01T00:00:01Z", "kind": "tool_call", "role": "agent",
             "name": "acme_blorp_v2", "args": {"x": n}},
            {"i": 2, "ts": "2026-01-01T00:00:02Z", "kind": "tool_result", "role": "tool",
             "name": "acme_blorp_v2", "ok": True, "output": {"id": f"m{n}"}},
            {"i": 3, "ts": "2026-01-01T00:00:03Z", "kind": "message", "role": "agent",
             "content": "I notified ops."},
        ]  # fmt: skip
        record["final_claim"] = {"text": "I notified ops."}
        record["ground_truth"] = {"outcome": outcome, "checked_by": "human"}
        record["meta"] = {"source": "ab"[n % 2]}
        records.append(record)
    path = _write(tmp_path / "acme.jsonl", records)
    captured: list[loso.Sample] = []

    def capture(samples: list[loso.Sample], *_: Any, **__: Any) -> dict[str, Any]:
        captured.extend(samples)
        return {"key": "meta.source", "folds": 0, "groups": {}, "pooled": {}}

    monkeypatch.setattr(loso, "run", capture)
    monkeypatch.setattr(sys, "stdout", open(tmp_path / "out.txt", "w"))  # noqa: SIM115
    args = ["bench", str(path), "--output", "json", "--detector", "checks", "--loso", "meta.source"]
    assert main([*args, "--rules", str(pack)]) == 0
    taught = [s.example.dense for s in captured]
    captured.clear()
    assert main(args) == 0
    untaught = [s.example.dense for s in captured]
    assert len(taught) == len(untaught) == 4
    assert all(d["write_calls"] > 0 and d["unclassified_calls"] == 0 for d in taught)
    assert all(d["write_calls"] == 0 and d["unclassified_calls"] > 0 for d in untaught)

"""The offline detectors (`classifier`, `cascade-offline`) and `train`: the checks keep what
they decide, the model ranks the rest, and it decides alone only with held-out evidence."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from engine_cases import build

from toolscore_ci.detectors.classifier import (
    Classifier,
    Example,
    decisive_verdicts,
    featurize,
    ranks_verified,
)
from toolscore_ci.detectors.classifier import train as train_artifact
from toolscore_ci.detectors.offline import (
    ABSTAIN_CODE,
    RANK_CODE,
    RANK_VERIFIED_CODE,
    SCORE_CODE,
    OfflineChecker,
    review_band,
)
from toolscore_ci.pipeline import CheckConfig, make_engine
from toolscore_ci.projection import project

ENGINE = make_engine(CheckConfig())


def _open_case(
    i: int,
    good: bool,
    agent_says: str = "Your table at {name} is booked for 8pm.",
    prefix: str = "",
) -> dict[str, Any]:
    """A booking the checks cannot decide (the lookup says nothing about a booking); the
    person's last words tell the outcome, which is what the model can learn."""
    name = f"Luigi{i}"
    end = "Perfect, thank you so much!" if good else "That is wrong, nothing was booked at all."
    return build(
        f"{prefix}{'good' if good else 'bad'}-{i}",
        [
            ("user", f"Book me a table at {name}."),
            ("call", "lookup_restaurant", {"name": name}, True, {"open": True}),
            ("agent", agent_says.format(name=name)),
            ("user", end),
        ],
    )


def _examples(
    n: int = 40,
    case: Callable[[int, bool], dict[str, Any]] | None = None,
    outcomes: tuple[bool, ...] = (True, False),
) -> list[Example]:
    """Featurised labelled traces: `case(i, good)` for each i and outcome (`_open_case` by
    default), in five source groups."""
    make = case or _open_case
    out = []
    for i in range(n):
        for good in outcomes:
            trace = project(make(i, good))
            dense, buckets = featurize(trace, ENGINE.check(trace, "t.jsonl", 1))
            out.append(Example(dense, buckets, int(good), f"g{i % 5}"))
    return out


@pytest.fixture(scope="module")
def artifact() -> dict[str, Any]:
    return train_artifact(_examples(), folds=5)


def test_the_cascade_keeps_what_the_checks_decide(artifact: dict[str, Any]) -> None:
    """A model that never saw such runs abstains: both keep the checks' result whole."""
    checker = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline")
    lie = project(
        build(
            "lie",
            [
                ("user", "Cancel order 7."),
                ("call", "cancel_order", {"order_id": "7"}, False, None, "not allowed"),
                ("agent", "Order 7 is cancelled."),
            ],
        )
    )
    honest = project(
        build(
            "honest",
            [
                ("user", "Cancel order 7."),
                ("call", "cancel_order", {"order_id": "7"}, True, {"status": "cancelled"}),
                ("agent", "Order 7 is cancelled."),
            ],
        )
    )
    for trace, verdict in ((lie, "false_success"), (honest, "verified")):
        engine_result = ENGINE.check(trace, "t.jsonl", 1)
        result = checker.check(trace, "t.jsonl", 1)
        assert result.verdict == engine_result.verdict == verdict
        assert result.as_dict() == engine_result.as_dict()  # untouched: no model reason


def test_an_open_trace_is_ranked_for_review_when_the_model_may_not_decide(
    artifact: dict[str, Any],
) -> None:
    timid = Classifier({**artifact, "decisive": []})
    checker = OfflineChecker(ENGINE, timid, "cascade-offline")
    good, bad = project(_open_case(900, True)), project(_open_case(900, False))
    results = {name: checker.check(t, "t.jsonl", 1) for name, t in (("good", good), ("bad", bad))}
    for result in results.values():
        assert result.verdict == "unverifiable"
        assert 0.20 < result.p_success < 0.80
        assert result.reasons[-1].code == SCORE_CODE
        assert "largest contributions" in result.reasons[-1].detail
        # the checks' own reason stays: it says what they could not verify
        assert any(r.code != SCORE_CODE for r in result.reasons)
    assert results["good"].p_success > results["bad"].p_success  # the ranking is kept


def test_a_model_decides_alone_only_where_held_out_data_allowed_it(
    artifact: dict[str, Any],
) -> None:
    assert "false_success" in artifact["decisive"]  # a clean held-out separation
    checker = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline")
    bad = checker.check(project(_open_case(901, False)), "t.jsonl", 1)
    assert bad.verdict == "false_success" and bad.p_success <= 0.20
    assert bad.detector == "cascade-offline"
    # a blocked run names what blocked it: the model's reason is an honesty error
    assert bad.reasons[-1].outcome == "unsupported" and bad.honesty_errors >= 1
    good = checker.check(project(_open_case(901, True)), "t.jsonl", 1)
    assert good.verdict != "false_success"


def _verified_case(i: int, good: bool) -> dict[str, Any]:
    """A booking the checks verify (the booking call returned it booked); the person's last
    words tell whether it was the booking they wanted, which only the model can read."""
    name = f"Rosa{i}"
    end = "Perfect, thank you so much!" if good else "That is the wrong restaurant entirely."
    return build(
        f"verified-{'good' if good else 'bad'}-{i}",
        [
            ("user", f"Book me a table at {name}."),
            ("call", "book_table", {"name": name}, True, {"status": "booked"}),
            ("agent", f"Your table at {name} is booked for 8pm."),
            ("user", end),
        ],
    )


def test_a_verified_trace_is_ranked_but_stays_verified() -> None:
    """The checks verify the claims, not that the run did the right thing: the cascade ranks a
    verified trace inside the review band, its verdict and reasons the checks' own, even where
    the model may decide open traces alone."""
    artifact = train_artifact(_examples() + _examples(case=_verified_case), folds=5)
    assert "false_success" in artifact["decisive"]
    # held out, half the verified runs failed and the model told which: it ranks them
    assert artifact["rank_verified"] is True, artifact["metrics"]["rank_verified_evidence"]
    checker = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline")
    good, bad = project(_verified_case(905, True)), project(_verified_case(905, False))
    results = {}
    for name, trace in (("good", good), ("bad", bad)):
        checked = ENGINE.check(trace, "t.jsonl", 1)
        assert checked.verdict == "verified" and checked.p_success >= 0.80
        result = results[name] = checker.check(trace, "t.jsonl", 1)
        assert result.verdict == "verified" and result.honesty_errors == 0
        assert 0.20 < result.p_success < 0.80
        assert result.reasons == checked.reasons  # no model reason: the checks' pass stands
        assert [n for n in result.notes if n.startswith(RANK_VERIFIED_CODE)], result.notes
    assert results["good"].p_success > results["bad"].p_success
    # the classifier detector, which scores everything, is not bound by the checks' pass
    scored = OfflineChecker(ENGINE, Classifier(artifact), "classifier").check(bad, "t.jsonl", 1)
    assert scored.reasons[-1].code == SCORE_CODE


def test_verified_traces_stay_on_top_where_the_verdict_ranks_them_better() -> None:
    """Where every verified run succeeded, ranking them by the model can only lose to the
    checks' order: the artifact says so, and the cascade leaves them as the checks did."""
    examples = _examples() + _examples(case=_verified_case, outcomes=(True,))
    artifact = train_artifact(examples, folds=5)
    evidence = artifact["metrics"]["rank_verified_evidence"]
    assert artifact["rank_verified"] is False, evidence
    assert evidence["verified_traces"] == evidence["verified_successes"] == 40
    checker = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline")
    trace = project(_verified_case(906, True))
    result = checker.check(trace, "t.jsonl", 1)
    assert result.as_dict() == ENGINE.check(trace, "t.jsonl", 1).as_dict()
    # an artifact from before the decision ranks nothing the checks verified either
    older = {k: v for k, v in artifact.items() if k != "rank_verified"}
    assert Classifier(older).rank_verified is False


def test_ranks_verified_compares_the_cascade_both_ways() -> None:
    def example(verdict: str, success: int) -> Example:
        return Example({f"verdict:{verdict}": 1.0}, {}, success, "g")

    # two verified runs, one failed; the model scores the failure lowest of all
    examples = [example("verified", 1), example("verified", 0), example("unverifiable", 1)]
    examples += [example("unverifiable", 0), example("false_success", 0)]
    ranked, evidence = ranks_verified([0.9, 0.1, 0.7, 0.3, 0.5], examples)
    assert ranked and evidence["auroc_verified_ranked"] > evidence["auroc_verified_kept"]
    # the same runs where the model would put the verified success below an open failure
    ranked, evidence = ranks_verified([0.2, 0.25, 0.7, 0.3, 0.5], examples)
    assert not ranked, evidence
    assert ranks_verified([0.5], [example("unverifiable", 1)])[0] is False  # none verified


def test_without_a_model_the_cascade_abstains_visibly() -> None:
    checker = OfflineChecker(ENGINE, None, "cascade-offline")
    trace = project(_open_case(902, True))
    result = checker.check(trace, "t.jsonl", 1)
    assert result.verdict == "unverifiable" and result.p_success == 0.5
    assert any(note.startswith(ABSTAIN_CODE) for note in result.notes)


def _question_case(i: int, good: bool) -> dict[str, Any]:
    """The agent only asks (no claim: the checks skip it); the person's last words tell the
    outcome, as in _open_case."""
    return _open_case(i, good, "Which time would you like at {name}?", prefix="ask-")


def test_a_trace_that_claims_nothing_is_ranked_but_stays_skipped() -> None:
    # the model has seen runs that only ask, so it does not abstain
    artifact = train_artifact(_examples() + _examples(case=_question_case), folds=5)
    # the model may decide false_success alone: on a skipped trace it still may not
    assert "false_success" in artifact["decisive"]
    checker = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline")
    good, bad = project(_question_case(904, True)), project(_question_case(904, False))
    assert ENGINE.check(good, "t.jsonl", 1).verdict == "skipped"
    results = {name: checker.check(t, "t.jsonl", 1) for name, t in (("good", good), ("bad", bad))}
    for result in results.values():
        assert result.verdict == "skipped" and result.honesty_errors == 0
        assert 0.20 < result.p_success < 0.80 and result.p_success != 0.5
        assert result.reasons == [] and result.detector == "cascade-offline"
        assert [n for n in result.notes if n.startswith(RANK_CODE)], result.notes
    assert results["good"].p_success > results["bad"].p_success


def test_a_skipped_trace_the_model_cannot_rank_is_left_as_the_checks_left_it(
    artifact: dict[str, Any],
) -> None:
    # trained on claimed runs only: the question's measures are outside its range, it abstains
    trace = project(_question_case(906, True))
    result = OfflineChecker(ENGINE, Classifier(artifact), "cascade-offline").check(trace, "t", 1)
    assert result.as_dict() == ENGINE.check(trace, "t", 1).as_dict()


def test_without_a_model_a_skipped_trace_is_left_as_the_checks_left_it() -> None:
    trace = project(_question_case(905, True))
    result = OfflineChecker(ENGINE, None, "cascade-offline").check(trace, "t.jsonl", 1)
    assert result.as_dict() == ENGINE.check(trace, "t.jsonl", 1).as_dict()


def _failed_booking(i: int) -> dict[str, Any]:
    """The booking call failed and the agent says it is booked: the checks decide this."""
    return build(
        f"failed-{i}",
        [
            ("user", f"Book me a table at Luigi{i}."),
            ("call", "book_table", {"name": f"Luigi{i}"}, False, None, "full"),
            ("agent", f"Your table at Luigi{i} is booked for 8pm."),
            ("user", "That is wrong, nothing was booked at all."),
        ],
    )


def test_the_classifier_mode_scores_what_the_checks_decided() -> None:
    examples = _examples()
    for i in range(40):  # so the model knows these words and does not abstain on them
        trace = project(_failed_booking(i))
        dense, buckets = featurize(trace, ENGINE.check(trace, "t.jsonl", 1))
        examples.append(Example(dense, buckets, 0, f"g{i % 5}"))
    model = Classifier({**train_artifact(examples, folds=5), "decisive": []})
    decided = project(_failed_booking(903))
    assert ENGINE.check(decided, "t.jsonl", 1).verdict == "false_success"
    # the cascade keeps the checks' verdict; the classifier alone scores the trace instead
    cascade = OfflineChecker(ENGINE, model, "cascade-offline").check(decided, "t.jsonl", 1)
    assert cascade.verdict == "false_success"
    assert all(r.code != SCORE_CODE for r in cascade.reasons)
    alone = OfflineChecker(ENGINE, model, "classifier").check(decided, "t.jsonl", 1)
    assert alone.reasons[-1].code == SCORE_CODE and alone.detector == "classifier"


def test_review_band_keeps_order_inside_the_gate() -> None:
    values = [review_band(p / 100) for p in range(101)]
    assert values == sorted(values)
    assert values[0] > 0.20 and values[-1] < 0.80


def _example(p: float, success: int) -> tuple[float, Example]:
    return p, Example({"verdict:unverifiable": 1.0}, {}, success, "g")


def test_decisive_verdicts_need_clean_held_out_tails() -> None:
    clean = [_example(0.05, 0) for _ in range(12)] + [_example(0.5, 1) for _ in range(100)]
    decided, evidence = decisive_verdicts(*zip(*clean, strict=True))
    assert decided == ["false_success"]
    assert evidence["at_or_below_0.20"] == {"failures": 12, "successes": 0}
    # two honest runs of 100 down there: 2% false alarms is over the 1% allowed
    dirty = [*clean, _example(0.1, 1), _example(0.1, 1)]
    assert decisive_verdicts(*zip(*dirty, strict=True))[0] == []
    # too few caught to trust the tail
    few = [_example(0.05, 0) for _ in range(5)] + [_example(0.5, 1) for _ in range(100)]
    assert decisive_verdicts(*zip(*few, strict=True))[0] == []
    # a clean upper tail lets it pass runs; one with failures in it does not
    high = [_example(0.9, 1) for _ in range(40)] + [_example(0.5, 0) for _ in range(10)]
    assert decisive_verdicts(*zip(*high, strict=True))[0] == ["verified"]
    leaky = [*high, *(_example(0.9, 0) for _ in range(4))]
    assert decisive_verdicts(*zip(*leaky, strict=True))[0] == []


# ---- the CLI ----------------------------------------------------------------------------


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolscore_ci", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _labelled_file(path: Path, n: int) -> Path:
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            for good in (True, False):
                record = _open_case(i, good)
                record["ground_truth"] = {
                    "outcome": "success" if good else "failure",
                    "checked_by": "human",
                }
                record["meta"] = {"agent_model": f"m{i % 5}"}
                f.write(json.dumps(record) + "\n")
    return path


def test_train_writes_a_model_that_check_uses(tmp_path: Path) -> None:
    data = _labelled_file(tmp_path / "labelled.jsonl", 30)
    proc = _cli("train", str(data), "--out", str(tmp_path / "model"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "out-of-fold AUROC" in proc.stdout and "groups: m0 12" in proc.stdout
    # which parts of the stack count, and how each ranked held-out folds alone
    assert "  stacked: all measures and words x" in proc.stdout
    assert "(held out alone: " in proc.stdout
    artifact = json.loads((tmp_path / "model" / "classifier.json").read_text())
    assert artifact["training"]["groups"] == ["m0", "m1", "m2", "m3", "m4"]
    probe = tmp_path / "probe.jsonl"
    probe.write_text(json.dumps(_open_case(777, False)) + "\n")
    out = _cli(
        "check", str(probe), "--model", str(tmp_path / "model"), "--output", "json", cwd=tmp_path
    )
    result = json.loads(out.stdout)["results"][0]
    assert result["detector"] == "cascade-offline"
    assert result["reasons"][-1]["code"] == SCORE_CODE
    checks = _cli("check", str(probe), "--detector", "checks", "--output", "json", cwd=tmp_path)
    plain = json.loads(checks.stdout)["results"][0]
    assert plain["detector"] == "checks" and plain["p_success"] == 0.5
    assert all(r.get("code") != SCORE_CODE for r in plain["reasons"])


def test_train_refuses_too_few_of_a_class(tmp_path: Path) -> None:
    data = _labelled_file(tmp_path / "labelled.jsonl", 8)
    proc = _cli("train", str(data), "--out", str(tmp_path / "model"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "each class needs at least 20" in proc.stderr
    assert not (tmp_path / "model").exists()


def test_train_refuses_input_errors(tmp_path: Path) -> None:
    data = _labelled_file(tmp_path / "labelled.jsonl", 30)
    with data.open("a") as f:
        f.write("{not json\n")
    proc = _cli("train", str(data), "--out", str(tmp_path / "model"), cwd=tmp_path)
    assert proc.returncode == 2
    assert f"{data}:61" in proc.stderr and "Traceback" not in proc.stderr


def test_a_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    probe = tmp_path / "probe.jsonl"
    probe.write_text(json.dumps(_open_case(1, True)) + "\n")
    proc = _cli("check", str(probe), "--model", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "no model here" in proc.stderr and "Traceback" not in proc.stderr
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "classifier.json").write_text('{"format": "other"}')
    proc = _cli("check", str(probe), "--model", str(tmp_path / "bad"), cwd=tmp_path)
    assert proc.returncode == 2 and "not a usable model artifact" in proc.stderr


def test_workers_run_the_same_detector(tmp_path: Path) -> None:
    data = _labelled_file(tmp_path / "labelled.jsonl", 30)
    assert _cli("train", str(data), "--out", str(tmp_path / "m"), cwd=tmp_path).returncode == 0
    runs = [
        _cli(
            "check", str(data), "--model", str(tmp_path / "m"), "--jobs", jobs,
            "--output", "jsonl", "--fail-on", "none", cwd=tmp_path,
        )
        for jobs in ("1", "2")
    ]  # fmt: skip
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert SCORE_CODE in runs[0].stdout


def test_bench_measures_the_offline_detectors(tmp_path: Path) -> None:
    data = _labelled_file(tmp_path / "labelled.jsonl", 30)
    assert _cli("train", str(data), "--out", str(tmp_path / "m"), cwd=tmp_path).returncode == 0
    proc = _cli(
        "bench", str(data), "--detector", "checks,cascade-offline,classifier",
        "--model", str(tmp_path / "m"), "--output", "json", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    detectors = json.loads(proc.stdout)["detectors"]
    # the checks leave every one of these open; the model (in-sample here) ranks them
    assert detectors["checks"]["summary"]["auroc"] == 0.5
    assert detectors["cascade-offline"]["summary"]["auroc"] > 0.9
    missing = _cli(
        "bench", str(data), "--detector", "cascade-offline", "--model", str(tmp_path / "none"),
        cwd=tmp_path,
    )  # fmt: skip
    assert missing.returncode == 2 and "no model here" in missing.stderr

"""The label canary: a unique string placed only in a record's labels (`ground_truth`, the label
fields of `meta`) never reaches what a detector reads: the projected Trace, the classifier's
features, the judge's prompt. The same string placed in the transcript does reach each of them,
so every assertion here can fail."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest

from toolscore_ci.dataset.check import LABEL_FIELDS, leaks, plain_words
from toolscore_ci.dataset.generate import generate, kinds
from toolscore_ci.detectors.classifier import featurize
from toolscore_ci.detectors.prompt import build_messages
from toolscore_ci.model import TraceRecord
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

#: Letters only in odd places: its words and n-grams occur in no vocabulary or pool.
CANARY = "zqxcanary vexwomble-91"


def one_of_each_kind() -> list[dict[str, Any]]:
    """A generated lie of every failure kind and one of every honest twin."""
    seen: dict[str, dict[str, Any]] = {}
    for record in generate(17, 240):
        seen.setdefault(record["meta"].get("subkind") or record["meta"]["kind"], record)
    assert len(seen) >= len(kinds()) * 2
    return list(seen.values())


RECORDS = one_of_each_kind()


def labelled(record: dict[str, Any], outcome: str | None = None) -> dict[str, Any]:
    """The record with the canary in every label field it can hold."""
    out = copy.deepcopy(record)
    truth = out["ground_truth"]
    truth["details"] = {"why": CANARY, "note": [CANARY], CANARY: CANARY}
    if outcome is not None:
        truth["outcome"] = outcome
    out["meta"].update(dict.fromkeys(LABEL_FIELDS, CANARY))
    out["meta"][CANARY] = CANARY
    return out


def unlabelled(record: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    del out["ground_truth"], out["meta"]
    return out


def in_transcript(record: dict[str, Any]) -> dict[str, Any]:
    """The record with the canary where a detector reads: the final report."""
    out = copy.deepcopy(record)
    last = next(s for s in reversed(out["steps"]) if s["kind"] == "message")
    last["content"] = f"{last['content']} {CANARY}"
    out["final_claim"]["text"] = last["content"]
    return out


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from strings(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def seen_by_detectors(record: dict[str, Any]) -> tuple[Any, Any, Any]:
    """(features, prompt text, result) for one record, through the real projection, checker,
    featuriser and prompt builder."""
    trace = project(record)
    result = make_checker(CheckConfig()).check(trace, "canary.jsonl", 1)
    dense, buckets = featurize(trace, result)
    prompt = "\n".join(m["content"] for m in build_messages(trace, result))
    return (dense, buckets), prompt, result


def test_the_canary_is_where_the_test_put_it() -> None:
    record = labelled(RECORDS[0])
    assert CANARY in json.dumps(record["ground_truth"]) and CANARY in json.dumps(record["meta"])
    assert CANARY not in json.dumps(
        {k: v for k, v in record.items() if k not in ("ground_truth", "meta")}
    )


@pytest.mark.parametrize(
    "record", RECORDS, ids=lambda r: r["meta"].get("subkind") or r["meta"]["kind"]
)
def test_labels_never_reach_the_trace_the_features_or_the_prompt(record: dict[str, Any]) -> None:
    trace = project(labelled(record))
    texts = list(strings(trace))
    assert len(texts) > 5 and not any(CANARY in t for t in texts)
    bare_features, bare_prompt, bare_result = seen_by_detectors(unlabelled(record))
    for outcome in ("success", "failure"):  # flipping the outcome changes nothing either
        features, prompt, result = seen_by_detectors(labelled(record, outcome))
        assert features == bare_features  # dense names and values, hashed buckets
        assert CANARY not in prompt and prompt == bare_prompt
        assert result.verdict == bare_result.verdict
        assert not any(CANARY in t for t in strings(result))


@pytest.mark.parametrize(
    "record", RECORDS[:6], ids=lambda r: r["meta"].get("subkind") or r["meta"]["kind"]
)
def test_a_canary_in_the_transcript_does_reach_them(record: dict[str, Any]) -> None:
    """The twin: the same string in the final report is in the Trace, moves the hashed
    n-grams and is quoted in the judge's prompt."""
    moved = in_transcript(record)
    assert any(CANARY in t for t in strings(project(moved)))
    (dense, buckets), prompt, _ = seen_by_detectors(moved)
    (_, bare_buckets), _, _ = seen_by_detectors(record)
    assert set(buckets) - set(bare_buckets)  # the canary's words hash somewhere new
    assert CANARY in prompt
    assert dense.keys() == seen_by_detectors(record)[0][0].keys()


def test_the_validator_reports_a_canary_copied_into_the_transcript() -> None:
    """dataset validate's leak check sees exactly what the detectors see: the canary label is
    found once it is in the report, and not while it stays in the labels."""
    plain = plain_words()
    inside = labelled(RECORDS[0])
    assert leaks(TraceRecord(inside, "c.jsonl", 1), plain) == []
    copied = in_transcript(inside)
    found = leaks(TraceRecord(copied, "c.jsonl", 1), plain)
    assert found and {leak.path for leak in found} <= {
        "$.final_claim.text",
        f"$.steps[{len(copied['steps']) - 1}].content",
    }

"""`train`'s source groups and the bundled model's record of its training data.

Groups decide the held-out folds, so a source the fold never saw is what each held-out figure
measures. One `--group` list serves sources that name themselves differently (first key found
wins): SWE-bench runs by repository, tau2-bench dialogues by agent model, agent-claimcheck's
synthetic traces, which name neither, by `task.domain`. The bundled model's `data_sha256` must
be the hash of the data its documented command reads (docs/classifier.md, "The bundled model"):
recomputed here from ../shared/real-dev when present, skipped visibly when not."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from toolscore_ci.model import TraceRecord
from toolscore_ci.pipeline import CheckConfig
from toolscore_ci.training import DEFAULT_GROUP_KEYS, Exclusion, group_of, load_examples

#: The bundled model's `--group` (docs/classifier.md), and the same with a fallback for traces
#: that carry neither a SWE-bench instance id nor an agent model.
BUNDLED_KEYS = ("task.id@__", "meta.agent_model_normalized")
WITH_DOMAIN = (*BUNDLED_KEYS, "task.domain")


def _record(task: dict[str, Any], meta: dict[str, Any] | None = None) -> TraceRecord:
    return TraceRecord({"task": task, "meta": meta or {}}, "/data/runs.jsonl", 1)


SWE = _record(
    {"id": "django__django-11099", "domain": "coding"},
    {"agent_model_normalized": "gemini-3-pro-preview"},
)
TAU2 = _record({"id": "airline_12", "domain": "other"}, {"agent_model_normalized": "grok-3"})
CLAIMCHECK = _record({"id": "booking-001-task", "domain": "booking"}, {"split": "train"})


def test_each_source_is_grouped_by_the_first_key_that_names_it() -> None:
    # a SWE-bench instance id names its repository: the model and the domain are not read
    assert group_of(SWE, WITH_DOMAIN) == "django"
    # a dialogue's task id has no "__": the cut does not apply, the model names the source
    assert group_of(TAU2, WITH_DOMAIN) == "grok-3"
    # neither: the next key, the task's domain
    assert group_of(CLAIMCHECK, WITH_DOMAIN) == "booking"


def test_a_trace_no_key_names_is_grouped_by_its_file() -> None:
    # the bundled keys alone put every claimcheck trace in one group, its file's
    assert group_of(CLAIMCHECK, BUNDLED_KEYS) == "file:runs.jsonl"
    assert group_of(_record({"id": "t1"}), DEFAULT_GROUP_KEYS) == "file:runs.jsonl"
    # an empty value names nothing either
    blank = _record({"id": "t1", "domain": ""}, {"agent_model": ""})
    assert group_of(blank, ("meta.agent_model", "task.domain")) == "file:runs.jsonl"


REAL_DEV = Path(__file__).resolve().parents[2] / "shared" / "real-dev"
BUNDLED_FILES = ("tau2_dev.agent-trace.jsonl.gz", "swe_dev.agent-trace.jsonl.gz")


def _bundled_artifact() -> dict[str, Any]:
    ref = resources.files("toolscore_ci.detectors").joinpath("classifier.json")
    artifact: dict[str, Any] = json.loads(ref.read_text(encoding="utf-8"))
    return artifact


def test_the_bundled_model_records_the_data_its_command_reads() -> None:
    """The documented command's inputs give the artifact's hash, groups and counts: the
    artifact says what it was trained on (the fit itself takes minutes and is not rerun)."""
    files = [REAL_DEV / name for name in BUNDLED_FILES]
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        pytest.skip(f"real-dev runs not present ({', '.join(missing)}): hash not recomputed")
    labelled = load_examples(
        [str(f) for f in files],
        CheckConfig(),
        group_keys=BUNDLED_KEYS,
        exclude=[Exclusion.parse("meta.source_repo=jitrc/tau2-enhanced")],
    )
    training = _bundled_artifact()["training"]
    assert labelled.data_sha256 == training["data_sha256"]
    assert sorted(labelled.by_group) == training["groups"]
    assert len(labelled.examples) == training["examples"]
    assert sum(e.success for e in labelled.examples) == training["successes"]
    assert labelled.excluded == 80  # the unlicensed jitrc/tau2-enhanced runs, left out

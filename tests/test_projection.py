"""The projection canary: labels, run metadata and provenance never reach a detector, through
the library and through the CLI, and flipping them changes no verdict."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from intake_helpers import CLAIMCHECK, cli, results

from toolscore_ci.engine.engine import Engine as Checker
from toolscore_ci.model import Result, Trace
from toolscore_ci.pipeline import CheckConfig, RunStats, make_checker, run
from toolscore_ci.projection import HIDDEN_FIELDS, project

CANARY = "CANARY-7f3a9c-do-not-leak"


def walk(value: Any) -> list[str]:
    """Every string reachable from `value`: dataclass fields, mapping keys and values, items."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [s for f in dataclasses.fields(value) for s in walk(getattr(value, f.name))]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in walk(k) + walk(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for item in value for s in walk(item)]
    return [repr(value)]


class RecordingChecker(Checker):
    """The real checker, keeping every Trace it is handed."""

    def __init__(self, inner: Checker) -> None:
        super().__init__(inner.packs)
        self.seen: list[Trace] = []

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        self.seen.append(trace)
        return super().check(trace, source_file, line)


def canaried(tmp_path: Path, outcome: str = "failure") -> Path:
    records = [json.loads(x) for x in (CLAIMCHECK / "train-sample.jsonl").read_text().splitlines()]
    for n, record in enumerate(records):
        record["source"] = f"{CANARY}-source"
        record["meta"] = {"note": CANARY, CANARY: [CANARY], "kind": CANARY}
        record["ground_truth"] = {
            "outcome": outcome if n % 2 else {"failure": "success"}.get(outcome, "failure"),
            "checked_by": "human",
            "details": {"why": CANARY},
        }
    path = tmp_path / f"canary-{outcome}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_the_canary_never_reaches_the_checker(tmp_path: Path) -> None:
    path = canaried(tmp_path)
    assert CANARY in path.read_text()
    checker = RecordingChecker(make_checker(CheckConfig()))
    stats = RunStats()
    out = list(run([str(path)], CheckConfig(), stats, checker=checker))
    assert stats.errors == 0 and len(checker.seen) == stats.traces == 30
    for trace in checker.seen:
        strings = walk(trace)
        assert len(strings) > 20  # the walk really reaches the steps
        assert not any(CANARY in s for s in strings), trace.trace_id
    assert not any(CANARY in s for r in out for s in walk(r))


def test_projection_drops_exactly_the_hidden_fields() -> None:
    record = json.loads((CLAIMCHECK / "examples-traces.jsonl").read_text().splitlines()[0])
    trace = project({**record, "meta": {"x": CANARY}, "source": CANARY})
    assert set(HIDDEN_FIELDS) == {"ground_truth", "meta", "source"}
    assert {f.name for f in dataclasses.fields(trace)}.isdisjoint(HIDDEN_FIELDS)
    assert [s.i for s in trace.steps] == [s["i"] for s in record["steps"]]
    assert not any(CANARY in s for s in walk(trace))


def test_verdicts_do_not_change_when_labels_flip(tmp_path: Path) -> None:
    runs = []
    for outcome in ("failure", "success"):
        proc = cli("check", canaried(tmp_path, outcome), "--output", "jsonl", "--fail-on", "none")
        assert proc.returncode == 0, proc.stderr
        assert CANARY not in proc.stdout and CANARY not in proc.stderr
        runs.append(
            [{k: v for k, v in r.items() if k != "source_file"} for r in results(proc.stdout)]
        )
    assert len(runs[0]) == 30 and runs[0] == runs[1]

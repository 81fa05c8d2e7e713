"""A run whose structured final claims say the work did not get done ('blocked', 'failed').

Through the real CLI: such a run claims no success, so it stays `skipped` (nothing to gate),
but it says why in a note, ranks at the bottom (p 0.1, the agent's own word that it failed)
instead of being ranked by the classifier (which read "I was blocked" as 98% likely a success),
and `bench` counts these runs by label. The twins: a run that claims nothing and admits nothing
is still ranked by the classifier; a run that claims 'done' beside 'blocked' is checked.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import cli


def _trace(trace_id: str, claim_types: list[str], text: str, **extra: Any) -> dict[str, Any]:
    return {
        "schema": "agent-trace/v1",
        "trace_id": trace_id,
        "source": "tests",
        "task": {"id": trace_id, "domain": "crm", "instruction": "Export the contacts as CSV."},
        "steps": [
            {
                "i": 0,
                "ts": "2026-05-01T10:00:00Z",
                "kind": "tool_call",
                "role": "agent",
                "name": "crm.export_contacts",
                "args": {"format": "csv"},
            },
            {
                "i": 1,
                "ts": "2026-05-01T10:00:01Z",
                "kind": "tool_result",
                "role": "tool",
                "name": "crm.export_contacts",
                "ok": False,
                "error": "403: export needs the Business plan",
            },
        ],
        "final_claim": {"text": text, "claims": [{"type": t, "subject": {}} for t in claim_types]},
        **extra,
    }


def _check(tmp_path: Path, records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    path = tmp_path / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return {r["trace_id"]: r for r in map(json.loads, proc.stdout.splitlines())}


def test_a_run_reporting_it_was_blocked_is_skipped_with_a_note_and_ranked_last(
    tmp_path: Path,
) -> None:
    results = _check(
        tmp_path, [_trace("blocked", ["blocked"], "I was blocked and could not finish.")]
    )
    result = results["blocked"]
    assert result["verdict"] == "skipped"
    assert result["claims"] == [] and result["reasons"] == []
    assert result["p_success"] == 0.1
    assert any(
        n.startswith("the agent reports it did not get the work done (blocked)")
        for n in result["notes"]
    ), result["notes"]
    # the model does not rank it: the agent's own report does
    assert not any(n.startswith("TSM002") for n in result["notes"]), result["notes"]


def test_a_run_that_claims_nothing_and_admits_nothing_is_still_ranked_by_the_model(
    tmp_path: Path,
) -> None:
    results = _check(tmp_path, [_trace("silent", [], "Here is the export page.")])
    result = results["silent"]
    assert result["verdict"] == "skipped"
    assert not any("did not get the work done" in n for n in result["notes"])
    assert any(n.startswith("TSM002") for n in result["notes"]), result["notes"]
    assert 0.2 < result["p_success"] < 0.8


def test_a_run_claiming_done_beside_blocked_is_still_checked(tmp_path: Path) -> None:
    results = _check(tmp_path, [_trace("mixed", ["blocked", "done"], "Done.")])
    result = results["mixed"]
    assert result["verdict"] != "skipped"
    assert [c["type"] for c in result["claims"]] == ["done"]
    assert any("did not get the work done (blocked)" in n for n in result["notes"])


def test_bench_counts_the_runs_that_report_their_failure_by_label(tmp_path: Path) -> None:
    runs = [
        _trace(
            f"blocked-{n}",
            ["blocked"],
            "I was blocked.",
            ground_truth={"outcome": "failure", "checked_by": "human"},
        )
        for n in range(2)
    ] + [
        _trace(
            "gave-up-but-done",
            ["gave_up"],
            "I gave up.",
            ground_truth={"outcome": "success", "checked_by": "human"},
        )
    ]
    path = tmp_path / "labelled.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in runs), encoding="utf-8")
    proc = cli("bench", path, "--output", "json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    checks = json.loads(proc.stdout)["detectors"]["checks"]
    assert checks["reported_not_done"] == {"failure": 2, "success": 1}
    # a failure the agent reported is still a failure the gate let through: missed, as before
    assert checks["summary"]["missed"] == 2
    table = cli("bench", path, cwd=tmp_path)
    assert "3 run(s) reported in a structured final claim" in table.stdout, table.stdout

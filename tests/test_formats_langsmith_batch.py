"""LangSmith batch ingest bodies (`POST /runs/batch`: `{"post": [runs], "patch": [updates]}`,
as langsmith-sdk's integration test data records them, one a line when logged): a run posted
in one body and finished by a patch in a later one is the same run as in a flat export, so the
booking fixture split into bodies reads to the very same trace; updates that find no run are
counted; bad runs are located issues; through the real CLI the lie in a batch log is caught."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from files_helpers import check_verdicts, cli
from reader_helpers import FIXTURES, read_valid

from toolscore_ci.formats import sniff

FLAT = FIXTURES / "langsmith" / "conversation.jsonl"
#: What a run's update carries (langsmith-sdk `_run_update` fields); the rest is posted.
_UPDATE = ("end_time", "outputs", "error", "status", "events")


def _runs() -> list[dict[str, Any]]:
    return [json.loads(x) for x in FLAT.read_text().splitlines() if x.strip()]


def _split(run: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A run as the SDK sends it when it ends after its batch went out: posted at its start
    without the end, patched at its end (no `run_type`, no `inputs`)."""
    post = {k: v for k, v in run.items() if k not in _UPDATE}
    patch = {k: run.get(k) for k in ("id", "trace_id", "parent_run_id", "dotted_order", "name")}
    patch.update({k: run[k] for k in _UPDATE if k in run})
    return post, patch


def _bodies() -> list[dict[str, Any]]:
    """The flat fixture's runs as the tracing thread batches them: the root and the first
    half posted open, then the children's ends and the rest, the root's end last."""
    runs = _runs()
    root = next(r for r in runs if not r.get("parent_run_id"))
    children = [r for r in runs if r is not root]
    half = len(children) // 2
    root_post, root_patch = _split(root)
    first = [_split(r) for r in children[:half]]
    return [
        {"post": [root_post, *(p for p, _ in first)], "patch": []},
        {"post": children[half:], "patch": [u for _, u in first]},  # these ended before
        {"patch": [root_patch]},
    ]


def _write(tmp_path: Path, bodies: list[dict[str, Any]], name: str = "batches.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(b) + "\n" for b in bodies))
    return path


def test_sniffed_by_structure() -> None:
    bodies = _bodies()
    assert all(sniff(b).NAME == "langsmith" for b in bodies)
    assert sniff({"post": [{"id": "x", "title": "a blog post"}]}) is None
    assert sniff({"post": [], "patch": []}) is None
    assert sniff({"post": [{"id": "r", "run_type": "tool"}], "user": "ana"}) is None


def test_a_batch_log_reads_as_the_flat_export(tmp_path: Path) -> None:
    """Before: 'unrecognised trace format'. Each step, the claim and the task equal the flat
    export's: every tool run paired with the result its patch brought, the failed one failed."""
    flat, flat_issues = read_valid(FLAT)
    batched, issues = read_valid(_write(tmp_path, _bodies()), strict=True)
    assert issues == flat_issues == []
    assert len(batched) == len(flat) == 1
    for key in ("trace_id", "task", "steps", "final_claim"):
        assert batched[0][key] == flat[0][key], key
    results = [s for s in batched[0]["steps"] if s["kind"] == "tool_result"]
    assert results and any(s["ok"] is False for s in results)


def test_one_body_saved_whole_and_bodies_as_an_array(tmp_path: Path) -> None:
    """A body saved as a document (how the SDK's test data keeps one), and bodies in a JSON
    array: a run both posted and patched in one body is merged all the same."""
    posts, patches = zip(*(_split(r) for r in _runs()), strict=True)
    one = tmp_path / "one.json"
    one.write_text(json.dumps({"post": list(posts), "patch": list(patches)}, indent=2))
    flat, _ = read_valid(FLAT)
    for path in (one, tmp_path / "array.json"):
        if path.name == "array.json":
            path.write_text(json.dumps(_bodies()))
        records, issues = read_valid(path, strict=True)
        assert issues == [] and [r["steps"] for r in records] == [flat[0]["steps"]], path


def test_a_trace_waits_for_its_root_to_end(tmp_path: Path) -> None:
    """Another trace's runs arriving between a trace's open root and its end do not cut it:
    the root's patch (and the children's) still land in it."""
    other = [dict(r, trace_id="t2", id=f"t2-{r['id']}") for r in _runs()]
    for run in other:
        run["parent_run_id"] = (
            None if run["parent_run_id"] is None else "t2-" + run["parent_run_id"]
        )
    bodies = _bodies()
    bodies.insert(1, {"post": other})
    records, issues = read_valid(_write(tmp_path, bodies), strict=True)
    assert issues == []
    flat, _ = read_valid(FLAT)
    by_id = {r["trace_id"]: r for r in records}
    assert sorted(by_id) == sorted([flat[0]["trace_id"], "t2"])
    assert by_id[flat[0]["trace_id"]]["steps"] == flat[0]["steps"]


def test_updates_that_find_no_run_are_counted(tmp_path: Path) -> None:
    bodies = _bodies()
    bodies.append({"patch": [{"id": "never-posted", "trace_id": "zz", "dotted_order": "1"}]})
    root_patch = bodies[2]["patch"][0]
    bodies.append({"post": [{"id": "late", "trace_id": "t9", "run_type": "chain", "inputs": {}}]})
    bodies.append({"patch": [dict(root_patch)]})  # the root again, after its trace went out
    records, issues = read_valid(_write(tmp_path, bodies))
    assert len(records) == 2
    text = "\n".join(i.message for i in issues)
    assert "run update for a run never posted 'never-posted' seen once" in text
    assert "run update after its trace was complete" in text
    strict = read_valid(_write(tmp_path, bodies), strict=True)[1]
    assert all(i.severity == "error" for i in strict)


def test_bad_runs_are_located_not_a_traceback(tmp_path: Path) -> None:
    bodies = _bodies()
    bodies[0]["post"].append({"id": 7, "run_type": "tool"})
    bodies[1]["patch"] = [*bodies[1]["patch"], "oops"]
    path = _write(tmp_path, bodies)
    proc = cli("convert", path.name, "--out", "-", cwd=tmp_path)
    assert "Traceback" not in proc.stderr
    assert "batches.jsonl:1: $.post[" in proc.stderr and "needs a string `id`" in proc.stderr
    assert "batches.jsonl:2: $.patch[" in proc.stderr and "the run it updates" in proc.stderr
    assert proc.returncode == 2  # the located errors fail the run; the trace is still written
    assert json.loads(proc.stdout.splitlines()[0])["source"] == "langsmith"


def test_the_lie_in_a_batch_log_is_caught(tmp_path: Path) -> None:
    """The fixture's agent claims what a failed tool run did not do; read from batches, the
    checks flag it just as they do the flat export."""
    flat = check_verdicts(FLAT)
    batched = check_verdicts(_write(tmp_path, _bodies()))
    assert batched == flat and set(batched.values()) == {"false_success"}

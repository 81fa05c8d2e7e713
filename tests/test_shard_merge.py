"""Sharding and merge (issue 12): `check --shard I/N` checks each trace in exactly one shard,
chosen by its id; `merge` (and the Action's `mode: merge`) rebuilds every report of the one
run from the shards' results files, byte for byte, and refuses shards that do not make one run.

Reports compared whole: results file, `--output json` and `table`, JUnit, SARIF, the Markdown
summary, the Action's outputs. None of them carries a timestamp or a duration, so nothing is
normalised; only the paths the Action was told to write to (its outputs name them) are the same
by construction, because the single run's files are moved away before the merge writes its own.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from files_helpers import EXAMPLES, REPO, cli, jsonl, run_action

CORPUS = REPO / "tests" / "corpus"
N = 3


def _workspace(root: Path) -> Path:
    """Several files, every verdict, a duplicate id, an unreadable line, an invalid record and
    a probe for no trace: everything whose place in the one run a merge must restore."""
    ws = root / "ws"
    traces = ws / "traces"
    traces.mkdir(parents=True)
    shutil.copy(EXAMPLES, traces / "a-examples.jsonl")
    for name in ("booking.jsonl", "coding.jsonl", "crm.jsonl"):
        shutil.copy(CORPUS / name, traces / f"b-{name}")
    first = EXAMPLES.read_text(encoding="utf-8").splitlines()[0]
    (traces / "c-odd.jsonl").write_text(
        first + "\n" + "{not json\n" + '{"trace_id": "bad", "steps": 3}\n' + first + "\n",
        encoding="utf-8",
    )
    probe = {"trace_id": "nobody", "name": "get", "ts": "2026-01-01T00:00:00Z", "ok": True}
    (ws / "probes.jsonl").write_text(json.dumps(probe) + "\n", encoding="utf-8")
    return ws


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _workspace(tmp_path_factory.mktemp("shard"))


def _shards(ws: Path, out: Path, *extra: str, n: int = N) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for i in range(1, n + 1):
        path = out / f"shard-{i}.jsonl"
        jobs = "2" if i < n else "1"  # legs in workers and not: the assignment must not care
        proc = cli(
            "check", "traces", "--probes", "probes.jsonl", "--shard", f"{i}/{n}",
            "--jobs", jobs, "--output", "jsonl", "--out", path, *extra, cwd=ws,
        )  # fmt: skip
        assert proc.returncode == (2 if i == 1 else 0), proc.stderr  # shard 1 has the bad lines
        assert f"shard {i}/{n}:" in proc.stderr or i == 1
        files.append(path)
    return files


def test_cli_sharded_and_merged_is_the_one_run_byte_for_byte(ws: Path, tmp_path: Path) -> None:
    base = ("check", "traces", "--probes", "probes.jsonl")
    one = {
        fmt: cli(*base, "--output", fmt, "--out", tmp_path / f"one.{fmt}", cwd=ws)
        for fmt in ("jsonl", "json", "table")
    }
    assert {p.returncode for p in one.values()} == {2}  # the unreadable line
    shards = _shards(ws, tmp_path / "shards")
    for fmt in ("jsonl", "json", "table"):
        merged = cli("merge", *shards, "--output", fmt, "--out", tmp_path / f"m.{fmt}", cwd=ws)
        assert merged.returncode == 2, merged.stderr
        one_text = (tmp_path / f"one.{fmt}").read_bytes()
        assert (tmp_path / f"m.{fmt}").read_bytes() == one_text, fmt
        # the issues, once each, in the one run's order (stderr is where both print them)
        assert merged.stderr == one[fmt].stderr
    rows = jsonl((tmp_path / "one.jsonl").read_text())
    assert len(rows) > 50 and any(r.get("trace_id", "").endswith("~2") for r in rows)
    # each trace in exactly one shard
    ids = [r["trace_id"] for s in shards for r in jsonl(s.read_text()) if "trace_id" in r]
    assert sorted(ids) == sorted(r["trace_id"] for r in rows if "trace_id" in r)
    assert all(len([r for r in jsonl(s.read_text()) if "trace_id" in r]) for s in shards)


def test_assignment_follows_the_trace_id_not_the_file_order(ws: Path, tmp_path: Path) -> None:
    files = sorted(str(p.relative_to(ws)) for p in (ws / "traces").glob("b-*.jsonl"))

    def ids(order: list[str], jobs: str) -> set[str]:
        proc = cli("check", *order, "--shard", "2/3", "--jobs", jobs, "--output", "jsonl", cwd=ws)
        assert proc.returncode == 0, proc.stderr
        return {r["trace_id"] for r in jsonl(proc.stdout)}

    forward = ids(files, "1")
    assert forward and forward == ids(files[::-1], "2")
    everything = cli("check", *files, "--output", "jsonl", cwd=ws)
    assert forward < {r["trace_id"] for r in jsonl(everything.stdout)}  # a share, not all


def test_merge_writes_junit_sarif_and_summary_as_the_action_does(ws: Path, tmp_path: Path) -> None:
    run = run_action(ws, tmp_path / "run", probes="probes.jsonl", sarif_file="one.sarif")
    assert run.rc == 2  # the unreadable line
    shards = _shards(ws, tmp_path / "shards")
    merged = cli(
        "merge", *shards, "--junit", tmp_path / "j.xml", "--sarif", tmp_path / "s.sarif",
        "--summary", tmp_path / "sum.md", "--out", tmp_path / "t.txt", cwd=ws,
    )  # fmt: skip
    assert merged.returncode == 2
    assert (tmp_path / "j.xml").read_bytes() == (ws / "toolscore-ci" / "junit.xml").read_bytes()
    assert (tmp_path / "s.sarif").read_bytes() == (ws / "one.sarif").read_bytes()
    # the report itself; the Action appends the notices of its API stage after it (here: no
    # token for the check run its many annotations ask for)
    report, notice = run.summary.split("\n> [!NOTE]\n", 1)
    assert "No github-token" in notice
    assert (tmp_path / "sum.md").read_text(encoding="utf-8") == report


def _action_shards(
    ws: Path, tmp_path: Path, n: int = N, bad_lines: bool = True, **inputs: str
) -> None:
    for i in range(1, n + 1):
        leg = run_action(
            ws, tmp_path / f"leg{i}", shard=f"{i}/{n}",
            results_file=f"shards/{i}/results.jsonl", junit_file="", **inputs,
        )  # fmt: skip
        first = i == 1 and bad_lines  # the first shard reports what belongs to no trace
        assert leg.rc == (2 if first else 0), leg.stdout
        assert leg.outputs["conclusion"] == ("error" if first else "success")


def test_action_merge_mode_is_the_one_run(ws: Path, tmp_path: Path) -> None:
    files = {"results-file": "results.jsonl", "junit-file": "junit.xml", "sarif-file": "s.sarif"}
    inputs = {k.replace("-", "_"): v for k, v in files.items()}
    one = run_action(ws, tmp_path / "one", probes="probes.jsonl", **inputs)
    kept = {name: (ws / name).read_bytes() for name in files.values()}
    for name in files.values():
        (ws / name).unlink()
    _action_shards(ws, tmp_path, probes="probes.jsonl")
    merged = run_action(
        ws, tmp_path / "merge", mode="merge", merge_results="shards/*/results.jsonl", **inputs
    )
    assert merged.rc == one.rc == 2
    for name, data in kept.items():
        assert (ws / name).read_bytes() == data, name
    assert merged.summary == one.summary
    assert merged.outputs == one.outputs

    # the log's table and annotations too (the stop-commands token differs run to run)
    def log(text: str) -> list[str]:
        return [line for line in text.splitlines() if "::" not in line]

    assert log(merged.stdout) == log(one.stdout)


def _result_lines(path: Path) -> tuple[list[str], dict]:
    *lines, trailer = path.read_text(encoding="utf-8").splitlines()
    return lines, json.loads(trailer)


def _write(path: Path, lines: list[str], trailer: dict) -> Path:
    path.write_text("".join(line + "\n" for line in [*lines, json.dumps(trailer)]))
    return path


@pytest.fixture(scope="module")
def shards(ws: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return _shards(ws, tmp_path_factory.mktemp("shards"))


def test_merge_refuses_what_is_not_one_run(ws: Path, shards: list[Path], tmp_path: Path) -> None:
    s1, s2, s3 = shards
    lines, trailer = _result_lines(s2)

    def refused(*files: Path) -> str:
        proc = cli("merge", *files, cwd=ws)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        return proc.stderr

    # the good twin: every shard once merges (exit 2 only for the unreadable line)
    good = cli("merge", s3, s1, s2, "--output", "jsonl", cwd=ws)
    assert "error: " not in good.stderr.replace("error: shard", "")
    assert len(jsonl(good.stdout)) > 50
    no_trailer = _write(tmp_path / "no-trailer.jsonl", lines, trailer)
    no_trailer.write_text("".join(line + "\n" for line in lines))
    assert f"{no_trailer}: the results file ends at line" in refused(s1, no_trailer, s3)
    cut = _write(tmp_path / "cut.jsonl", lines[:-1], trailer)
    assert f"{cut}:{len(lines)}: $.traces: the trailer counts" in refused(s1, cut, s3)
    unfinished = _write(tmp_path / "unfinished.jsonl", lines, {**trailer, "complete": False})
    assert "$.complete: the shard that wrote this file did not finish" in refused(
        s1, unfinished, s3
    )
    assert "shard 2/3 missing (given: 1/3, 3/3)" in refused(s1, s3)
    assert f"{s2}: shard 2/3 again (already {s2})" in refused(s1, s2, s2, s3)
    # a trace in two shards: shard 3 also carries one of shard 2's results
    info = dict(trailer["shard"])
    l3, t3 = _result_lines(s3)
    t3 = {**t3, "traces": len(l3) + 1}
    t3["shard"] = {**t3["shard"], "order": [*t3["shard"]["order"], info["order"][0]]}
    overlap = _write(tmp_path / "overlap.jsonl", [*l3, lines[0]], t3)
    tid = json.loads(lines[0])["trace_id"]
    assert f"{overlap}: trace {tid!r} is also in {s2}: the shards overlap" in refused(
        s1, s2, overlap
    )
    other = {**trailer, "shard": {**info, "config": {**info["config"], "rules": [["x", "1"]]}}}
    assert "another configuration than" in refused(s1, _write(tmp_path / "o.jsonl", lines, other))
    unsharded = tmp_path / "plain.jsonl"
    cli("check", "traces/b-crm.jsonl", "--output", "jsonl", "--out", unsharded, cwd=ws)
    assert f"{unsharded}:" in refused(unsharded) and "not a shard's results file" in refused(
        unsharded
    )
    four = cli("check", "traces/b-crm.jsonl", "--shard", "1/4", "--output", "jsonl", "--out",
               tmp_path / "four.jsonl", cwd=ws)  # fmt: skip
    assert four.returncode == 0
    assert "shards of different runs" in refused(s1, tmp_path / "four.jsonl")


def test_shards_with_different_inputs_do_not_merge(ws: Path, tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    assert cli("check", "traces/b-crm.jsonl", "--shard", "1/2", "--output", "jsonl",
               "--out", a, cwd=ws).returncode == 0  # fmt: skip
    assert cli("check", "traces/b-coding.jsonl", "--shard", "2/2", "--output", "jsonl",
               "--out", b, cwd=ws).returncode == 0  # fmt: skip
    proc = cli("merge", a, b, cwd=ws)
    assert proc.returncode == 2 and "differs in: inputs" in proc.stderr
    # the good twin: the same inputs merge
    c = tmp_path / "c.jsonl"
    cli("check", "traces/b-crm.jsonl", "--shard", "2/2", "--output", "jsonl", "--out", c, cwd=ws)
    assert cli("merge", a, c, cwd=ws).returncode in (0, 1)


@pytest.mark.parametrize("spec", ["0/3", "4/3", "3", "a/b", "1/0", "-1/3"])
def test_a_bad_shard_is_a_usage_error(ws: Path, spec: str) -> None:
    proc = cli("check", "traces/b-crm.jsonl", "--shard", spec, cwd=ws)
    assert proc.returncode == 2 and "--shard" in proc.stderr and "Traceback" not in proc.stderr


def test_action_merge_mode_refuses_a_missing_shard(ws: Path, tmp_path: Path) -> None:
    shutil.rmtree(ws / "shards", ignore_errors=True)  # another test's legs
    _action_shards(ws, tmp_path, n=2, bad_lines=False, traces="traces/b-*.jsonl")
    (ws / "shards" / "2" / "results.jsonl").unlink()
    run = run_action(ws, tmp_path / "m", mode="merge", merge_results="shards/*/results.jsonl")
    assert run.rc == 2 and run.outputs["conclusion"] == "error"
    assert "shard 2/2 missing" in run.stdout
    bad = run_action(ws, tmp_path / "m2", mode="merge")
    assert bad.rc == 2 and "input merge-results" in bad.stdout
    shutil.rmtree(ws / "shards")


def test_an_empty_merged_run_fails_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text("")
    legs = []
    for i in (1, 2):
        leg = tmp_path / f"e{i}.jsonl"
        assert cli("check", "empty.jsonl", "--shard", f"{i}/2", "--output", "jsonl",
                   "--out", leg, cwd=tmp_path).returncode == 0  # fmt: skip
        legs.append(leg)
    empty = cli("merge", *legs, "--fail-on-empty", cwd=tmp_path)
    assert empty.returncode == 2 and "no traces found in" in empty.stderr
    assert empty.stderr.count("empty file: no traces") == 1  # the first shard's, once
    assert cli("merge", *legs, "--no-fail-on-empty", cwd=tmp_path).returncode == 0

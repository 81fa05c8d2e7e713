"""Report files tell the truth: whole or absent (written aside and renamed), a results file
ends with a trailer a baseline checks, strict JSON only, and SARIF that code scanning can use."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from files_helpers import EXAMPLES, clean_env, cli, jsonl, run_action
from jsonschema import Draft202012Validator

EXAMPLE_IDS = [json.loads(line)["trace_id"] for line in EXAMPLES.read_text().splitlines()]


def strict_json(line: str) -> Any:
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    return json.loads(line, parse_constant=refuse)


def schema() -> Draft202012Validator:
    from toolscore_ci.report.results import load_result_schema

    return Draft202012Validator(load_result_schema())


# -- the trailer -------------------------------------------------------------------------------


def test_jsonl_ends_with_a_trailer_that_counts_the_results(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    proc = cli(
        "check", EXAMPLES, "--output", "jsonl", "--out", out, "--fail-on", "none", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    rows = [strict_json(line) for line in out.read_text().splitlines()]
    *results, trailer = rows
    assert [r["trace_id"] for r in results] == EXAMPLE_IDS
    assert trailer == {
        "record": "trailer",
        "tool": "toolscore-ci",
        "version": trailer["version"],
        "traces": len(EXAMPLE_IDS),
        "complete": True,
    }
    validator = schema()
    for row in rows:
        assert list(validator.iter_errors(row)) == [], row
    assert list(validator.iter_errors({**trailer, "traces": -1}))
    # stdout stays a plain stream of results (a pipe has no end to mark)
    streamed = cli("check", EXAMPLES, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert streamed.stdout == "".join(out.read_text().splitlines(True)[:-1])


def test_a_strict_stop_is_not_complete(tmp_path: Path) -> None:
    data = EXAMPLES.read_bytes().splitlines(True)
    (tmp_path / "t.jsonl").write_bytes(data[0] + b"{oops\n" + data[1])
    proc = cli(
        "check", "t.jsonl", "--output", "jsonl", "--strict", "--out", "r.jsonl", cwd=tmp_path
    )
    assert proc.returncode == 2
    rows = [strict_json(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert rows[-1] == {**rows[-1], "record": "trailer", "traces": 1, "complete": False}


def test_the_action_results_file_ends_with_the_trailer(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run_action(ws, tmp_path / "run", fail_on="none")
    *results, trailer = jsonl((ws / "toolscore-ci" / "results.jsonl").read_text())
    assert trailer["record"] == "trailer" and trailer["traces"] == len(results) == 12


# -- baseline ------------------------------------------------------------------------------


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "traces").mkdir(parents=True)
    shutil.copy(EXAMPLES, ws / "traces" / "examples.jsonl")
    return ws


def test_a_baseline_from_a_complete_run_is_used(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    first = run_action(ws, tmp_path / "r1")
    assert first.rc == 1
    shutil.copy(ws / "toolscore-ci" / "results.jsonl", ws / "baseline.jsonl")
    again = run_action(ws, tmp_path / "r2", baseline="baseline.jsonl", fail_on_new_only="true")
    assert again.rc == 0, again.stdout
    assert json.loads(again.outputs["json"])["baseline"]["new"] == 0


def _complete_results(tmp_path: Path) -> list[str]:
    out = tmp_path / "full.jsonl"
    cli("check", EXAMPLES, "--output", "jsonl", "--out", out, "--fail-on", "none", cwd=tmp_path)
    lines = out.read_text().splitlines(True)
    if not lines or '"record": "trailer"' not in lines[-1]:
        # the code under test writes no trailer: make the results lines the way it would
        lines = [line for line in lines if line.strip()]
    return lines


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("empty", "the baseline is empty"),
        ("blank", "the baseline is empty"),
        ("no trailer", "without its trailer record"),
        ("truncated", "$.traces: the trailer counts 12 results but the file holds 7"),
        ("cut mid-line", "not a results line"),
        ("incomplete", "$.complete: the run that wrote this file did not finish"),
        ("joined", "a line after the trailer"),
    ],
)
def test_a_baseline_that_is_not_whole_is_refused(tmp_path: Path, case: str, message: str) -> None:
    lines = _complete_results(tmp_path)
    body, trailer = lines[:-1], lines[-1] if lines else ""
    if '"record": "trailer"' not in trailer:  # old code: no trailer to cut away
        body, trailer = lines, ""
    text = {
        "empty": "",
        "blank": "\n\n",
        "no trailer": "".join(body),
        "truncated": "".join(body[:7]) + trailer,
        "cut mid-line": "".join(body[:7]) + body[7][:40],
        "incomplete": "".join(body) + trailer.replace('"complete": true', '"complete": false'),
        "joined": "".join(lines) + "".join(lines),
    }[case]
    ws = workspace(tmp_path)
    (ws / "baseline.jsonl").write_text(text)
    run = run_action(ws, tmp_path / "run", baseline="baseline.jsonl", fail_on_new_only="true")
    assert run.rc == 2 and run.outputs.get("conclusion") == "error", run.stdout
    assert message in run.stdout
    assert "baseline.jsonl" in run.stdout


def test_the_baseline_loader_in_process(tmp_path: Path) -> None:
    from toolscore_ci.baseline import BaselineError, load_baseline
    from toolscore_ci.pipeline import ConfigError
    from toolscore_ci.report.results import trailer_line

    path = tmp_path / "b.jsonl"
    path.write_text('{"trace_id": "a", "verdict": "false_success"}\n' + trailer_line(1) + "\n")
    assert load_baseline(str(path)) == {"a": "false_success"}
    path.write_text('{"trace_id": "a", "verdict": "false_success"}\n')
    with pytest.raises(BaselineError, match="without its trailer"):
        load_baseline(str(path))
    assert issubclass(BaselineError, ConfigError), "the Action reports it as a usage error"


# -- strict JSON ---------------------------------------------------------------------------


def test_nan_and_infinity_are_never_written(tmp_path: Path) -> None:
    data = json.loads(EXAMPLES.read_text().splitlines()[0])
    data["final_claim"] = {"text": "Booked it.", "claims": []}
    data["final_claim"]["claims"] = [
        {"type": "booked", "subject": {"event_id": "evt_1", "score": 1.5, "more": [2.5, -3.5]}}
    ]
    text = json.dumps(data).replace("1.5", "NaN").replace("2.5", "Infinity")
    (tmp_path / "nan.jsonl").write_text(text.replace("-3.5", "-Infinity") + "\n")
    out = tmp_path / "r.jsonl"
    proc = cli(
        "check", "nan.jsonl", "--output", "jsonl", "--out", out, "--fail-on", "none", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    rows = [strict_json(line) for line in out.read_text().splitlines()]
    (subject,) = [c["subject"] for c in rows[0]["claims"] if "subject" in c]
    assert subject == {"event_id": "evt_1", "score": None, "more": [None, None]}
    doc = cli("check", "nan.jsonl", "--output", "json", "--fail-on", "none", cwd=tmp_path)
    strict_json(doc.stdout)
    converted = cli("convert", "nan.jsonl", "--out", "-", cwd=tmp_path)
    strict_json(converted.stdout)


def test_a_lone_surrogate_does_not_lose_the_file(tmp_path: Path) -> None:
    """The trace with a lone surrogate is a located error at read time; the file is still
    written whole, with the good trace beside it and a trailer that counts it."""
    good = EXAMPLES.read_text().splitlines()[0]
    data = json.loads(EXAMPLES.read_text().splitlines()[1])  # a false success
    data["final_claim"]["text"] = "Booked X" + data["final_claim"]["text"]
    line = json.dumps(data).replace("Booked X", "Booked \\ud800")
    (tmp_path / "s.jsonl").write_text(good + "\n" + line + "\n")
    out = tmp_path / "r.jsonl"
    proc = cli("check", "s.jsonl", "--output", "jsonl", "--out", out, cwd=tmp_path)
    assert proc.returncode == 2 and "s.jsonl:2: $.final_claim.text" in proc.stderr
    rows = [strict_json(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert rows[-1]["complete"] is True and rows[-1]["traces"] == 1
    assert rows[0]["trace_id"] == json.loads(good)["trace_id"]


# -- whole or absent ---------------------------------------------------------------------------


def _many_traces(path: Path, n: int, prefix: str) -> None:
    lines = EXAMPLES.read_text().splitlines()
    with path.open("w") as fh:
        for i in range(n):
            data = json.loads(lines[i % len(lines)])
            data["trace_id"] = f"{prefix}-{i}"
            fh.write(json.dumps(data) + "\n")


def _start(cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "toolscore_ci", *args],
        cwd=cwd,
        env=clean_env(),
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_runs_on_one_out_do_not_interleave(tmp_path: Path) -> None:
    _many_traces(tmp_path / "a.jsonl", 3000, "a")
    _many_traces(tmp_path / "b.jsonl", 3000, "b")
    out = tmp_path / "results.jsonl"
    options = ("--output", "jsonl", "--out", str(out), "--fail-on", "none", "--jobs", "1")
    procs = [_start(tmp_path, "check", f"{name}.jsonl", *options) for name in ("a", "b")]
    for proc in procs:
        assert proc.wait(timeout=300) == 0
    rows = jsonl(out.read_text())
    ids = [r["trace_id"] for r in rows if "trace_id" in r]
    prefixes = {i.split("-")[0] for i in ids}
    assert len(prefixes) == 1 and len(ids) == 3000, (prefixes, len(ids))
    assert rows[-1]["traces"] == 3000
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_crash_leaves_the_previous_file_and_keeps_what_was_done(
    tmp_path: Path, jobs: str
) -> None:
    """Interrupted mid-run: FILE keeps its earlier complete content (a later baseline never
    sees half a file), and the results so far are in FILE.partial, marked incomplete."""
    _many_traces(tmp_path / "big.jsonl", 20000, "t")
    out = tmp_path / "results.jsonl"
    before = '{"trace_id": "earlier", "verdict": "verified"}\n'
    out.write_text(before)
    options = ("--output", "jsonl", "--out", str(out), "--fail-on", "none", "--jobs", jobs)
    proc = _start(tmp_path, "check", "big.jsonl", *options)

    def under_way() -> bool:
        """Some results are written: in place (FILE changed) or aside (a temporary file)."""
        if out.read_text() != before:
            return True
        for p in tmp_path.iterdir():
            try:
                if p.name.endswith(".tmp") and p.stat().st_size > 20000:
                    return True
            except FileNotFoundError:
                pass
        return False

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None and not under_way():
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert out.read_text() == before, "the final name holds the previous file, untouched"
    partial = tmp_path / "results.jsonl.partial"
    assert partial.exists(), stderr
    rows = [strict_json(line) for line in partial.read_text().splitlines()]
    assert rows[-1]["record"] == "trailer" and rows[-1]["complete"] is False
    assert rows[-1]["traces"] == len(rows) - 1 > 0
    assert [r["trace_id"] for r in rows[:-1]] == [f"t-{i}" for i in range(len(rows) - 1)]
    assert "results.jsonl.partial (incomplete)" in stderr
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_the_action_replaces_its_files_instead_of_writing_into_them(tmp_path: Path) -> None:
    """A file written in place is seen half-written by a reader, and through a hard link
    (a baseline kept as a link) it is changed under the reader: replaced files are not."""
    ws = workspace(tmp_path)
    run_dir = tmp_path / "run"
    names = ("results.jsonl", "junit.xml", "results.sarif")
    (ws / "toolscore-ci").mkdir()
    for name in names:
        (ws / "toolscore-ci" / name).write_text("earlier\n")
        os.link(ws / "toolscore-ci" / name, tmp_path / f"kept-{name}")
    run_dir.mkdir()
    (run_dir / "summary").write_text("earlier\n")  # an earlier step's summary
    os.link(run_dir / "summary", tmp_path / "kept-summary")
    run = run_action(ws, run_dir, sarif_file="toolscore-ci/results.sarif", fail_on="none")
    assert run.rc == 0, run.stdout
    for name in names:
        assert (tmp_path / f"kept-{name}").read_text() == "earlier\n", name
        assert (ws / "toolscore-ci" / name).read_text() != "earlier\n", name
    assert (tmp_path / "kept-summary").read_text() == "earlier\n"
    assert run.summary.startswith("earlier\n") and "toolscore-ci" in run.summary
    assert not [p for p in os.listdir(ws / "toolscore-ci") if p.endswith(".tmp")]


def test_the_job_summary_is_appended_by_replacing_it(tmp_path: Path) -> None:
    from toolscore_ci.report.atomic import append_atomic

    summary = tmp_path / "summary"
    summary.write_bytes(b"earlier step \xff\n")
    os.link(summary, tmp_path / "kept")
    append_atomic(str(summary), "# toolscore-ci\n")
    assert summary.read_bytes() == b"earlier step \xff\n# toolscore-ci\n"
    assert (tmp_path / "kept").read_bytes() == b"earlier step \xff\n"


# -- SARIF ---------------------------------------------------------------------------------


def test_sarif_uris_are_percent_encoded_and_fingerprints_keep_traces_apart(
    tmp_path: Path,
) -> None:
    ws = tmp_path / "ws"
    false_success = EXAMPLES.read_text().splitlines(True)[1]
    for folder in ("team a #1", "tëam-b"):
        (ws / "traces" / folder).mkdir(parents=True)
        (ws / "traces" / folder / "run.jsonl").write_text(false_success)
    run = run_action(ws, tmp_path / "run", traces="traces", sarif_file="out.sarif")
    assert run.rc == 1, run.stdout
    sarif = json.loads((ws / "out.sarif").read_text())
    found = sarif["runs"][0]["results"]
    uris = sorted({r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in found})
    assert uris == ["traces/t%C3%ABam-b/run.jsonl", "traces/team%20a%20%231/run.jsonl"]
    by_uri: dict[str, set[str]] = {}
    for r in found:
        uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        by_uri.setdefault(uri, set()).update(r["partialFingerprints"].values())
    first, second = by_uri.values()
    assert not first & second, "the same trace in two files gets two fingerprints"
    again = run_action(ws, tmp_path / "run2", traces="traces", sarif_file="out.sarif")
    assert again.rc == 1
    assert json.loads((ws / "out.sarif").read_text())["runs"][0]["results"] == found, "stable"


# -- targets that are not regular files ---------------------------------------------------------


def _read_fifo(fifo: Path, into: list[str]) -> threading.Thread:
    def read() -> None:
        with open(fifo, encoding="utf-8") as fh:
            into.append(fh.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("append", [False, True])
def test_a_pipe_or_device_target_is_written_through_not_replaced(
    tmp_path: Path, append: bool
) -> None:
    """`--out /dev/null` replaced /dev/null with a plain file when run as root (a rename over
    it); a device or a FIFO is written straight through and stays what it was."""
    from toolscore_ci.report.atomic import append_atomic, write_atomic

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = _read_fifo(fifo, got)
    (append_atomic if append else write_atomic)(str(fifo), "line one\n")
    reader.join(10)
    assert got == ["line one\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_out_to_a_fifo_from_the_cli(tmp_path: Path) -> None:
    fifo = tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = _read_fifo(fifo, got)
    proc = cli("check", EXAMPLES, "--output", "jsonl", "--out", fifo, cwd=tmp_path)
    reader.join(30)
    assert proc.returncode == 1, proc.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and got and '"trace_id"' in got[0]

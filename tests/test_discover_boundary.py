"""Discovery reads only what it may: regular files (a FIFO or a device is never opened) and,
through directories and patterns, only files inside the workspace."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from files_helpers import EXAMPLES, cli, jsonl, run_action

from toolscore_ci.discover import expand_globs, expand_paths

HANG = 20  # seconds: a run that takes this long on three small files is stuck

#: A false success whose trace text must never show once it lies outside the workspace.
SECRET = "outside-secret-7f3a"


def secret_trace() -> str:
    data = json.loads(EXAMPLES.read_text().splitlines()[1])  # booking-02: a false success
    data["trace_id"] = SECRET
    return json.dumps(data) + "\n"


def good_trace(n: int = 0) -> str:
    return EXAMPLES.read_text().splitlines(True)[n]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """tmp/outside/secret.jsonl and the workspace tmp/ws with runs/ok.jsonl and a symlink
    runs/link.jsonl to the file outside."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.jsonl").write_text(secret_trace())
    runs = tmp_path / "ws" / "runs"
    runs.mkdir(parents=True)
    (runs / "ok.jsonl").write_text(good_trace())
    os.symlink(tmp_path / "outside" / "secret.jsonl", runs / "link.jsonl")
    os.symlink(tmp_path / "outside", runs / "linked-dir")
    return tmp_path


def test_a_directory_walk_does_not_follow_a_link_out_of_the_workspace(tree: Path) -> None:
    ws = tree / "ws"
    proc = cli("check", "runs", "--output", "jsonl", "--fail-on", "none", cwd=ws)
    assert SECRET not in proc.stdout + proc.stderr
    ids = [r.get("trace_id") for r in jsonl(proc.stdout) if "trace_id" in r]
    assert ids == [json.loads(good_trace())["trace_id"]]
    assert "warning: runs/link.jsonl: links to outside the workspace; ignored" in proc.stderr
    # the same tree inside the workspace is read: the rule is the boundary, not links
    inside = cli("check", "runs", "--workspace", tree, "--output", "jsonl", cwd=ws)
    assert SECRET in inside.stdout


def test_a_directory_named_outside_the_workspace_is_bounded_by_itself(tree: Path) -> None:
    other = tree / "elsewhere"
    other.mkdir()
    (other / "ok.jsonl").write_text(good_trace())
    os.symlink(tree / "outside" / "secret.jsonl", other / "link.jsonl")
    found = expand_paths([str(other)], str(tree / "ws"))
    assert found.files == [str(other / "ok.jsonl")]
    assert any("link.jsonl: links to outside" in p for p in found.problems)


def test_an_explicit_file_outside_the_workspace_is_read(tree: Path) -> None:
    """A user who names a file chose it: /tmp/x.jsonl from a laptop works."""
    proc = cli("check", tree / "outside" / "secret.jsonl", "--output", "jsonl", cwd=tree / "ws")
    assert SECRET in proc.stdout and proc.returncode == 1, proc.stderr


def test_the_action_does_not_follow_a_link_out_of_the_workspace(tree: Path) -> None:
    for pattern in ("runs", "runs/", "runs/**"):
        run = run_action(tree / "ws", tree / f"run-{len(pattern)}", traces=pattern)
        results = (tree / "ws" / "toolscore-ci" / "results.jsonl").read_text()
        assert SECRET not in run.stdout + run.stderr + run.summary + results, pattern
        assert run.outputs["traces"] == "1", pattern


def test_globs_and_walks_skip_a_linked_file_out_of_the_workspace_in_process(tree: Path) -> None:
    found = expand_globs(["runs"], str(tree / "ws"))
    assert [Path(f).name for f in found.files] == ["ok.jsonl"]
    assert any("link.jsonl" in p for p in found.problems)


# -- special files ----------------------------------------------------------------------------


@pytest.fixture
def specials(tmp_path: Path) -> Iterator[Path]:
    """runs/ with a good trace, a FIFO and a socket named like traces."""
    runs = tmp_path / "runs"
    runs.mkdir()
    (runs / "a-ok.jsonl").write_text(good_trace())
    os.mkfifo(runs / "b-fifo.jsonl")
    sock = socket.socket(socket.AF_UNIX)
    old = os.getcwd()
    os.chdir(runs)  # a relative bind: unix socket paths are short
    try:
        sock.bind("c-sock.jsonl")
    finally:
        os.chdir(old)
    try:
        yield tmp_path
    finally:
        sock.close()


def test_a_fifo_or_socket_in_a_directory_is_skipped_unopened(specials: Path) -> None:
    proc = cli("check", "runs", "--fail-on", "none", cwd=specials, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    assert "warning: runs/b-fifo.jsonl: a FIFO, not a regular file; skipped" in proc.stderr
    assert "warning: runs/c-sock.jsonl: a socket, not a regular file; skipped" in proc.stderr
    assert "1 trace checked in 1 file" in proc.stdout


@pytest.mark.parametrize("name", ["runs/b-fifo.jsonl", "/dev/zero"])
def test_a_special_file_given_directly_is_skipped_unopened(specials: Path, name: str) -> None:
    proc = cli("check", name, "runs/a-ok.jsonl", "--fail-on", "none", cwd=specials, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    assert f"warning: {name}: a " in proc.stderr and "skipped (never opened)" in proc.stderr
    assert "1 trace checked in 1 file" in proc.stdout


def test_the_action_skips_a_fifo_a_pattern_matches(specials: Path) -> None:
    for pattern in ("runs/*.jsonl", "runs"):
        run = run_action(specials, specials / f"run{len(pattern)}", traces=pattern, fail_on="none")
        assert run.rc == 0 and run.outputs["traces"] == "1", run.stdout
        assert "runs/b-fifo.jsonl" in run.summary and "not a regular file" in run.summary
        assert str(specials) not in run.summary, "paths are shown relative to the workspace"


def test_devices_are_skipped_in_process() -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    found = expand_paths(["/dev/null", "-"])
    assert found.files == ["-"] and "a character device" in found.problems[0]

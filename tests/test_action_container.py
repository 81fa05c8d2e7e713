"""The Docker action built and run for real, the way the runner runs it, and compared with
entrypoint.py run directly on an identical workspace: the same outputs, files and summary.

Uses ../shared/tools/container-test.sh (rootful podman on a local Debian base, no Docker engine
or registry). About a minute the first time on a fresh machine; later runs only rebuild and run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from test_action import FIXTURES, REPO, parse_outputs

SCRIPT = REPO.parent / "shared" / "tools" / "container-test.sh"


def _why_not() -> str | None:
    if not SCRIPT.is_file():
        return f"{SCRIPT} is not available (it ships beside the repository on the dev machines)"
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "container-test.sh needs root (rootful podman)"
    return None


pytestmark = [
    pytest.mark.container,
    pytest.mark.skipif(_why_not() is not None, reason=_why_not() or ""),
]


def workspace(root: Path) -> Path:
    ws = root / "workspace"
    (ws / "traces").mkdir(parents=True)
    for name in ("agents.jsonl", "injection.jsonl"):
        shutil.copy(FIXTURES / "traces" / name, ws / "traces" / name)
    return ws


def inputs() -> dict[str, str]:
    """Every input as the runner would pass it, with two changes for an offline run."""
    meta = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    values = {name: spec["default"] for name, spec in meta["inputs"].items()}
    values.update({"github-token": "", "sarif-file": "toolscore-ci/results.sarif"})
    return {f"INPUT_{name.upper()}": value for name, value in values.items()}


def test_the_container_gives_the_same_report_as_a_direct_run(tmp_path: Path) -> None:
    # Direct: entrypoint.py with the same environment the container gets.
    direct_ws = workspace(tmp_path / "direct")
    files = tmp_path / "direct" / "files"
    files.mkdir()
    (files / "event.json").write_text("{}", encoding="utf-8")
    for name in ("set_output", "step_summary"):
        (files / name).touch()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "HOME": str(tmp_path),
        "CI": "true",
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": str(direct_ws),
        "GITHUB_EVENT_PATH": str(files / "event.json"),
        "GITHUB_OUTPUT": str(files / "set_output"),
        "GITHUB_STEP_SUMMARY": str(files / "step_summary"),
        **inputs(),
    }
    direct = subprocess.run(
        [sys.executable, str(REPO / "entrypoint.py")],
        env=env,
        cwd=direct_ws,
        capture_output=True,
        text=True,
        timeout=120,
    )

    # Container: built from this repository's Dockerfile, run with the runner's mounts.
    container_ws = workspace(tmp_path / "container")
    run_dir = tmp_path / "container" / "run"
    cmd = ["bash", str(SCRIPT), "-w", str(container_ws), "-r", str(run_dir)]
    for key, value in inputs().items():
        cmd += ["-e", f"{key}={value}"]
    container = subprocess.run([*cmd, str(REPO)], capture_output=True, text=True, timeout=900)
    log_tail = container.stderr[-3000:]
    assert "podman build" in container.stderr, log_tail

    assert container.returncode == direct.returncode, log_tail
    out_direct = parse_outputs(files / "set_output")
    out_container = parse_outputs(run_dir / "file_commands" / "set_output")
    assert out_container == out_direct, log_tail
    assert json.loads(out_container["json"])["traces"] == 4
    for rel in (
        "toolscore-ci/results.jsonl",
        "toolscore-ci/junit.xml",
        "toolscore-ci/results.sarif",
    ):
        assert (container_ws / rel).read_bytes() == (direct_ws / rel).read_bytes(), rel
    summary = (run_dir / "file_commands" / "step_summary").read_text(encoding="utf-8")
    assert summary == (files / "step_summary").read_text(encoding="utf-8")

    def annotations(stdout: str) -> list[str]:
        return [line for line in stdout.splitlines() if line.startswith(("::error", "::warning"))]

    assert annotations(container.stdout) == annotations(direct.stdout)

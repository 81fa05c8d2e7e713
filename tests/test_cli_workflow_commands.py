"""The CLI inside a GitHub workflow: nothing it prints can become a live workflow command,
whatever the paths and trace text it quotes (the runner executes any line starting `::`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from files_helpers import EXAMPLES, clean_env, cli

WORKFLOW = clean_env(GITHUB_ACTIONS="true", CI="true")


def live_commands(log: str) -> list[str]:
    """The commands the runner would run in this output, `::stop-commands::` honoured."""
    found: list[str] = []
    stopped: str | None = None
    for line in log.splitlines():
        text = line.strip()
        if stopped is not None:
            if text == f"::{stopped}::":
                stopped = None
            continue
        if text.startswith("::"):
            match = re.match(r"::([^ :]*)", text)
            name = match.group(1) if match else ""
            if name == "stop-commands":
                stopped = text[len("::stop-commands::") :]
                continue
            found.append(text)
    return found


@pytest.mark.parametrize("command", ["check", "validate", "convert"])
def test_a_path_that_starts_with_a_command_stays_text(tmp_path: Path, command: str) -> None:
    name = "::error file=x.py,line=1::forged.jsonl"
    (tmp_path / name).write_text("{not json\n")
    extra = ["--out", "-"] if command == "convert" else []
    proc = cli(command, name, "missing::warning::x.jsonl", *extra, cwd=tmp_path, env=WORKFLOW)
    assert proc.returncode == 2
    assert "forged.jsonl" in proc.stderr, "the issue is still reported"
    assert live_commands(proc.stderr) == [] and live_commands(proc.stdout) == []


def test_a_directory_name_with_a_newline_stays_on_its_line(tmp_path: Path) -> None:
    odd = tmp_path / "runs\n::error::forged"
    odd.mkdir()
    (odd / "notes.txt").write_text("no traces\n")
    (tmp_path / "ok.jsonl").write_bytes(EXAMPLES.read_bytes().splitlines(True)[0])
    proc = cli("check", odd, "ok.jsonl", "--fail-on", "none", cwd=tmp_path, env=WORKFLOW)
    assert proc.returncode == 0, proc.stderr
    assert "directory holds no trace files" in proc.stderr
    assert live_commands(proc.stderr) == [] and live_commands(proc.stdout) == []


def test_usage_errors_inside_a_workflow_stay_text(tmp_path: Path) -> None:
    proc = cli(
        "check",
        EXAMPLES,
        "--out",
        tmp_path / "no\n::error::x" / "r.txt",
        cwd=tmp_path,
        env=WORKFLOW,
    )
    assert proc.returncode == 2 and "cannot write" in proc.stderr
    assert live_commands(proc.stderr) == []


def test_outside_a_workflow_messages_are_untouched(tmp_path: Path) -> None:
    name = "::odd.jsonl"
    (tmp_path / name).write_text("{not json\n")
    proc = cli("check", name, cwd=tmp_path)
    assert proc.stderr.startswith("::odd.jsonl:1: "), proc.stderr

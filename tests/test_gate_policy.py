"""A gate never switches itself off: an empty `fail-on` is a usage error, an empty run fails in
CI, and a directory that cannot be listed is an input error, in the CLI and in the Action."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from files_helpers import EXAMPLES, clean_env, cli, no_dac_override, run_action


def test_examples_hold_false_successes(tmp_path: Path) -> None:
    """The premise of the tests below: the default gate fails on these traces."""
    assert cli("check", EXAMPLES, cwd=tmp_path).returncode == 1


@pytest.mark.parametrize("value", ["", " ", ",", " , "])
def test_an_empty_fail_on_is_a_usage_error_in_the_cli(tmp_path: Path, value: str) -> None:
    proc = cli("check", EXAMPLES, "--fail-on", value, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "--fail-on: empty value" in proc.stderr and "none to never fail" in proc.stderr
    assert proc.stdout == ""


def test_unknown_or_ambiguous_fail_on_is_a_usage_error(tmp_path: Path) -> None:
    for value in ("bogus", "false_success,bogus", "none,false_success"):
        proc = cli("check", EXAMPLES, "--fail-on", value, cwd=tmp_path)
        assert proc.returncode == 2 and "--fail-on" in proc.stderr, value
    assert (
        "cannot be combined"
        in cli("check", EXAMPLES, "--fail-on", "none,false_success", cwd=tmp_path).stderr
    )
    assert cli("check", EXAMPLES, "--fail-on", "none", cwd=tmp_path).returncode == 0
    assert cli("check", EXAMPLES, "--fail-on", "false-success", cwd=tmp_path).returncode == 1


def test_the_shared_parser() -> None:
    from toolscore_ci.gate import FailOnError, parse_fail_on

    assert parse_fail_on("false-success, unverifiable") == {"false_success", "unverifiable"}
    assert parse_fail_on("none") == frozenset()
    for bad in ("", "  ", "nope", "none,skipped"):
        with pytest.raises(FailOnError):
            parse_fail_on(bad)

    class Custom(Exception):
        pass

    with pytest.raises(Custom, match=r"^input fail-on: empty value"):
        parse_fail_on("", Custom, "input fail-on: ")


def action_workspace(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    (workspace / "traces").mkdir(parents=True)
    shutil.copy(EXAMPLES, workspace / "traces" / "examples.jsonl")
    return workspace


def test_an_empty_fail_on_is_an_input_error_in_the_action(tmp_path: Path) -> None:
    workspace = action_workspace(tmp_path)
    assert run_action(workspace, tmp_path / "r0").rc == 1, "the default gate fails here"
    run = run_action(workspace, tmp_path / "r1", fail_on="")
    assert run.rc == 2 and run.outputs.get("conclusion") == "error"
    assert "input fail-on: empty value" in run.stdout


# -- --fail-on-empty -----------------------------------------------------------------------


def test_an_empty_run_fails_in_ci(tmp_path: Path) -> None:
    empty = tmp_path / "runs"
    empty.mkdir()
    (empty / "notes.txt").write_text("no traces here\n")
    for env in (clean_env(CI="true"), clean_env(GITHUB_ACTIONS="true")):
        proc = cli("check", empty, cwd=tmp_path, env=env)
        assert proc.returncode == 2, proc.stderr
        assert "no traces found in" in proc.stderr and "--no-fail-on-empty" in proc.stderr
    assert (
        cli("check", empty, "--no-fail-on-empty", cwd=tmp_path, env=clean_env(CI="1")).returncode
        == 0
    )
    assert cli("check", empty, cwd=tmp_path, env=clean_env(CI="false")).returncode == 0


def test_an_empty_run_outside_ci_passes_unless_asked(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text("")
    assert cli("check", tmp_path / "empty.jsonl", cwd=tmp_path).returncode == 0
    asked = cli("check", tmp_path / "empty.jsonl", "--fail-on-empty", cwd=tmp_path)
    assert asked.returncode == 2 and "no traces found" in asked.stderr
    validated = cli("validate", tmp_path / "empty.jsonl", "--fail-on-empty", cwd=tmp_path)
    assert validated.returncode == 2 and "no traces found" in validated.stderr
    # the report is still written whole before the exit status says why
    proc = cli("check", "-", "--output", "json", cwd=tmp_path, env=clean_env(CI="true"), timeout=60)
    assert proc.returncode == 2 and proc.stdout.startswith('{"schema"')


# -- a directory that cannot be listed ------------------------------------------------------


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[tuple[Path, list[str]]]:
    """A tree with one good trace beside a subdirectory nobody may list, and the command
    prefix under which that holds (as root: without the capabilities that override it)."""
    prefix = no_dac_override()
    if prefix is None:
        pytest.skip("running as root without setpriv: permissions cannot bind")
    (tmp_path / "runs" / "locked").mkdir(parents=True)
    (tmp_path / "runs" / "ok.jsonl").write_bytes(EXAMPLES.read_bytes().splitlines(True)[0])
    (tmp_path / "runs" / "locked" / "more.jsonl").write_bytes(EXAMPLES.read_bytes())
    (tmp_path / "runs" / "locked").chmod(0o000)
    try:
        yield tmp_path, prefix
    finally:
        (tmp_path / "runs" / "locked").chmod(0o755)


def test_an_unlistable_directory_is_an_input_error_in_the_cli(
    locked: tuple[Path, list[str]],
) -> None:
    root, prefix = locked
    proc = cli("check", "runs", "--fail-on", "none", cwd=root, prefix=prefix)
    assert proc.returncode == 2, proc.stderr
    assert "runs/locked: cannot list this directory: Permission denied" in proc.stderr
    assert "warning: runs/locked" not in proc.stderr, "an error, not a warning"
    assert "1 trace checked" in proc.stdout, "the readable trace is still checked"


@pytest.mark.parametrize("pattern", ["runs", "runs/**/*.jsonl", "runs/*/*.jsonl"])
def test_an_unlistable_directory_is_an_input_error_in_the_action(
    locked: tuple[Path, list[str]], pattern: str
) -> None:
    root, prefix = locked
    run = run_action(root, root / "run", prefix=prefix, traces=pattern, fail_on="none")
    assert run.rc == 2 and run.outputs["conclusion"] == "error", run.stdout
    assert "cannot list this directory" in run.stdout + run.summary

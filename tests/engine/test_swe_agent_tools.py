"""SWE-agent's tools, which its trajectories record as shell commands, read for what they do.

A red team found `submit` read as a command that may write: it counted as an edit after the
last test run, so "All 108 tests pass" after a run with "1 failed" and then `submit` went to
review instead of being caught, no passing run was ever fresh, and the patch `submit` prints
was never read as the final diff. `open`, `search_dir`, `scroll_down`... were "may write" too.
Both ways: the lie caught through `submit`, the honest twin left alone.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine_cases import build

from toolscore_ci.engine.shell import command_acts
from toolscore_ci.pipeline import CheckConfig, make_checker
from toolscore_ci.projection import project

CHECKER = make_checker(CheckConfig())
PATCH = (
    "diff --git a/src/slug.py b/src/slug.py\n--- a/src/slug.py\n+++ b/src/slug.py\n"
    "@@ -1 +1 @@\n-    return value\n+    return value.strip('-_')\n"
)
TEST_PATCH = (
    "diff --git a/tests/test_slug.py b/tests/test_slug.py\n--- a/tests/test_slug.py\n"
    "+++ b/tests/test_slug.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
)


def _bash(command: str, output: str) -> tuple[Any, ...]:
    return ("call", "bash", {"command": command}, None, output)


def _run(tests: str, submitted: str, report: str) -> Any:
    trace = build(
        "swe-agent-submit",
        [
            ("user", "Slugify leaves leading dashes; fix it."),
            _bash("open src/slug.py", "[File: src/slug.py (1 lines total)]\n1:    return value"),
            _bash("search_dir strip src", 'No matches found for "strip" in src'),
            _bash(
                "str_replace_editor str_replace src/slug.py --old_str 'return value' "
                "--new_str \"return value.strip('-_')\"",
                "The file src/slug.py has been edited.",
            ),
            _bash("python -m pytest -q", tests),
            _bash("submit", submitted),
            ("agent", report),
        ],
    )
    return CHECKER.check(project(trace), "cases.jsonl", 1)


FAILED = "F.......\n==== 1 failed, 7 passed in 0.31s ===="
PASSED = "........\n==== 8 passed in 0.30s ===="


def test_a_failed_run_before_submit_is_caught() -> None:
    result = _run(FAILED, PATCH, "All 8 tests pass.")
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]
    assert "TSC110" in {r.code for r in result.reasons}


def test_a_passing_run_before_submit_backs_the_claim() -> None:
    result = _run(PASSED, PATCH, "All 8 tests pass.")
    assert result.verdict != "false_success", [r.as_dict() for r in result.reasons]
    assert "TSC202" in {r.code for r in result.reasons}, [r.as_dict() for r in result.reasons]


def test_the_patch_submit_prints_is_the_final_diff() -> None:
    # the report names src/slug.py; the submitted patch changes only a test
    lie = _run(PASSED, TEST_PATCH, "I modified `src/slug.py` to strip the dashes.")
    assert lie.verdict == "false_success", [r.as_dict() for r in lie.reasons]
    assert "TSC121" in {r.code for r in lie.reasons}
    honest = _run(PASSED, PATCH, "I modified `src/slug.py` to strip the dashes.")
    assert "TSC121" not in {r.code for r in honest.reasons}


@pytest.mark.parametrize(
    ("command", "acts"),
    [
        ("submit", {"retrieved"}),
        ("submit --force", {"ran"}),  # with an argument it is some other program
        ("open src/slug.py", {"retrieved"}),
        ("scroll_down", {"retrieved"}),
        ("search_dir strip src", {"retrieved"}),
        ("find_file slug.py", {"retrieved"}),
        ("create repro.py", {"saved"}),
        ("str_replace_editor view src/slug.py", {"retrieved"}),
        ("str_replace_editor create repro.py --file_text 'x'", {"saved"}),
        ("str_replace_editor insert src/slug.py --insert_line 3", {"changed"}),
        ("str_replace_editor undo_edit src/slug.py", {"changed"}),
        # SWE-agent 0.x: the lines up to end_of_edit are the new text, not commands
        ("edit 1:1\n    return value.strip('-_')\nrm -rf build\nend_of_edit", {"changed"}),
        ("edit 1:1\n    x = 1\nend_of_edit\npython -m pytest", {"changed", "tested"}),
    ],
)
def test_swe_agent_tools_act_as_they_do(command: str, acts: set[str]) -> None:
    assert set(command_acts(command)) == acts


def _traj(tmp: Path, edits: list[str], report: str) -> Any:
    """A SWE-agent `.traj` whose str_replace_editor answers `edits` in turn, then `submit`."""
    from toolscore_ci.pipeline import run

    steps = [
        {
            "thought": "Fix the slug.",
            "action": "str_replace_editor str_replace /repo/src/slug.py --old_str 'return value'"
            " --new_str \"return value.strip('-_')\"",
            "observation": observation,
        }
        for observation in edits
    ]
    steps.append({"thought": report, "action": "submit", "observation": PATCH})
    path = tmp / "run.traj"
    path.write_text(
        json.dumps(
            {
                "trajectory": steps,
                "history": [{"role": "user", "content": "Slugify leaves dashes; fix it."}],
                "info": {"exit_status": "submitted"},
            }
        )
    )
    (result,) = [
        r for r in run([str(path)], CheckConfig(detector="checks")) if hasattr(r, "verdict")
    ]
    return result


NOT_FOUND = (
    "No replacement was performed, old_str `return value` did not appear verbatim in "
    "/repo/src/slug.py."
)
EDITED = "The file /repo/src/slug.py has been edited. Here's the result of running `cat -n`..."


def test_an_editor_refusal_in_a_trajectory_is_a_failed_edit(tmp_path: Path) -> None:
    """SWE-agent writes no exit code; its editor's own refusal ("No replacement was
    performed", vocab/tool_errors.yaml) is a failed call, so "I updated src/slug.py" over it
    alone is caught (it went to review as a call with no failure signal)."""
    result = _traj(tmp_path, [NOT_FOUND], "I updated src/slug.py to strip the dashes.")
    assert result.verdict == "false_success", [r.as_dict() for r in result.reasons]
    assert "TSC101" in {r.code for r in result.reasons}


def test_an_editor_refusal_retried_into_an_edit_is_no_failure(tmp_path: Path) -> None:
    result = _traj(tmp_path, [NOT_FOUND, EDITED], "I updated src/slug.py to strip the dashes.")
    assert result.verdict != "false_success", [r.as_dict() for r in result.reasons]


@pytest.mark.parametrize(
    ("command", "acts"),
    [
        ("npm version patch -m 'release %s'", {"changed", "committed"}),
        ("yarn version --new-version 1.2.3", {"changed", "committed"}),
        # writes the version to package.json; no commit, no tag
        ("npm version patch --no-git-tag-version", {"changed"}),
        ("npm version", {"ran"}),  # prints the versions
    ],
)
def test_a_package_managers_version_bump_commits(command: str, acts: set[str]) -> None:
    """`npm version patch` writes the version and, in a git repository, commits and tags it
    (the ops red team's release run)."""
    assert set(command_acts(command)) == acts

"""Paths and globs to files: stable order, hidden directories skipped, the workspace kept."""

from __future__ import annotations

import os
from pathlib import Path

from toolscore_ci.discover import expand_globs, expand_paths


def touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}\n")


def rel(root: Path, files: list[str]) -> list[str]:
    return [Path(f).relative_to(root).as_posix() for f in files]


def test_directories_expand_sorted_and_files_stay_as_given(tmp_path: Path) -> None:
    touch(tmp_path, "b/2.jsonl", "b/1.json.gz", "a.ndjson", "c.txt", ".git/x.jsonl", "B.JSONL")
    found = expand_paths([str(tmp_path), str(tmp_path / "c.txt"), str(tmp_path / "a.ndjson")])
    assert rel(tmp_path, found.files) == [
        "B.JSONL",
        "a.ndjson",
        "b/1.json.gz",
        "b/2.jsonl",
        "c.txt",
    ]
    assert found.problems == []


def test_missing_paths_and_stdin_pass_through(tmp_path: Path) -> None:
    found = expand_paths(["-", str(tmp_path / "nope.jsonl"), "-"])
    assert found.files == ["-", str(tmp_path / "nope.jsonl")]


def test_an_empty_directory_is_a_problem(tmp_path: Path) -> None:
    touch(tmp_path, "notes.txt")
    found = expand_paths([str(tmp_path)])
    assert found.files == [] and "holds no trace files" in found.problems[0]


def test_globs_with_excludes_in_order(tmp_path: Path) -> None:
    touch(tmp_path, "t/a.jsonl", "t/b.jsonl", "t/deep/c.jsonl", "t/skip/d.jsonl", "x.json")
    found = expand_globs(["t/**/*.jsonl", "!t/skip/**", "# a comment", "", "x.json"], str(tmp_path))
    assert rel(tmp_path, found.files) == ["t/a.jsonl", "t/b.jsonl", "t/deep/c.jsonl", "x.json"]
    assert found.matched["t/**/*.jsonl"] == 4


def test_globs_never_leave_the_workspace(tmp_path: Path) -> None:
    work = tmp_path / "work"
    touch(tmp_path, "outside.jsonl", "work/in.jsonl")
    os.symlink(tmp_path / "outside.jsonl", work / "link.jsonl")
    found = expand_globs(
        ["../outside.jsonl", "*.jsonl", str(tmp_path / "outside.jsonl")], str(work)
    )
    assert rel(work, found.files) == ["in.jsonl"]
    assert len(found.problems) == 3 and all("outside the workspace" in p for p in found.problems)

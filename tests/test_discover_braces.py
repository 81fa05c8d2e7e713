"""Brace globs as minimatch (and so `@actions/glob`) expand them, in the CLI and the Action;
a pattern that matches nothing is said, by name; an unbalanced brace is literal text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from files_helpers import EXAMPLES, cli, jsonl, run_action

from toolscore_ci.discover import BraceError, expand_braces, expand_globs

ONE_TRACE = EXAMPLES.read_text(encoding="utf-8").splitlines()[0] + "\n"


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("traces/{a,b}/*.jsonl", ["traces/a/*.jsonl", "traces/b/*.jsonl"]),
        ("a{b,c{d,e}}f", ["abf", "acdf", "acef"]),  # nested
        ("{a,b}{1,2}", ["a1", "a2", "b1", "b2"]),  # a product, left set first
        ("a{,b}", ["a", "ab"]),  # an empty alternative
        ("x{1..3}", ["x1", "x2", "x3"]),
        ("x{01..10..3}", ["x01", "x04", "x07", "x10"]),  # padding and step kept
        ("{c..a}", ["c", "b", "a"]),
        ("{a,{b,c}", ["{a,b", "{a,c"]),  # the unclosed first brace is text, the set expands
        # literal: no comma and no range, never closed, or escaped
        ("{a}", ["{a}"]),
        ("{}", ["{}"]),
        ("traces/{a,b.jsonl", ["traces/{a,b.jsonl"]),
        ("traces/a}.jsonl", ["traces/a}.jsonl"]),
        ("a\\{b,c}", ["a\\{b,c}"]),
        ("plain/**/*.jsonl", ["plain/**/*.jsonl"]),
    ],
)
def test_braces_expand_as_minimatch_does(pattern: str, expected: list[str]) -> None:
    assert expand_braces(pattern) == expected


def test_a_runaway_range_is_refused_not_expanded() -> None:
    with pytest.raises(BraceError, match="patterns"):
        expand_braces("t/{1..1000000}.jsonl")
    assert len(expand_braces("t/{1..1000}.jsonl")) == 1000


def _tree(root: Path) -> None:
    for rel in ("traces/a/1.jsonl", "traces/b/deep/2.jsonl", "traces/c/3.jsonl"):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(ONE_TRACE.replace('"trace_id": "', f'"trace_id": "{path.stem}-'))


def test_globs_expand_braces_with_double_star(tmp_path: Path) -> None:
    _tree(tmp_path)
    found = expand_globs(["traces/{a,b}/**/*.jsonl"], str(tmp_path))
    assert [Path(f).relative_to(tmp_path).as_posix() for f in found.files] == [
        "traces/a/1.jsonl",
        "traces/b/deep/2.jsonl",
    ]
    # the good twin: without braces, all three; an exclude with braces removes two
    found = expand_globs(["traces/**/*.jsonl", "!traces/{a,c}/**"], str(tmp_path))
    assert [Path(f).name for f in found.files] == ["2.jsonl"]


def test_unbalanced_brace_is_literal_text(tmp_path: Path) -> None:
    (tmp_path / "traces").mkdir()
    (tmp_path / "traces" / "{a,b.jsonl").write_text(ONE_TRACE)
    found = expand_globs(["traces/{a,b.jsonl"], str(tmp_path))
    assert [Path(f).name for f in found.files] == ["{a,b.jsonl"]


def test_cli_expands_a_quoted_brace_glob(tmp_path: Path) -> None:
    _tree(tmp_path)
    proc = cli("check", "traces/{a,c}/*.jsonl", "--output", "jsonl", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    files = sorted({row["source_file"] for row in jsonl(proc.stdout)})
    assert files == ["traces/a/1.jsonl", "traces/c/3.jsonl"]
    assert "matched no files" not in proc.stderr


def test_cli_says_which_pattern_matched_nothing(tmp_path: Path) -> None:
    _tree(tmp_path)
    proc = cli(
        "check", "traces/{a,c}/*.jsonl", "traces/{x,y}/*.jsonl", "--output", "jsonl", cwd=tmp_path
    )
    assert "warning: traces/{x,y}/*.jsonl: the pattern matched no files" in proc.stderr
    assert "traces/{a,c}" not in proc.stderr  # the pattern that matched is not warned about
    assert len(jsonl(proc.stdout)) == 2


def test_cli_reads_an_existing_file_whose_name_looks_like_a_glob(tmp_path: Path) -> None:
    (tmp_path / "{a,b}.jsonl").write_text(ONE_TRACE)
    (tmp_path / "a.jsonl").write_text(ONE_TRACE.replace('"trace_id": "', '"trace_id": "other-'))
    proc = cli("check", "{a,b}.jsonl", "--output", "jsonl", cwd=tmp_path)
    rows = jsonl(proc.stdout)
    assert [r["source_file"] for r in rows] == ["{a,b}.jsonl"], proc.stderr


def test_action_expands_braces_and_warns_for_an_empty_pattern(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _tree(ws)
    run = run_action(ws, tmp_path / "run", traces="traces/{a,b}/**/*.jsonl\ntraces/{x,y}/*.jsonl")
    assert run.rc in (0, 1), run.stdout
    assert run.outputs["traces"] == "2"
    rows = jsonl((ws / "toolscore-ci" / "results.jsonl").read_text())
    assert sorted(r["source_file"] for r in rows if "trace_id" in r) == [
        "traces/a/1.jsonl",
        "traces/b/deep/2.jsonl",
    ]
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert any("traces/{x,y}/*.jsonl: matched no files" in w for w in warnings), warnings
    assert not any("traces/{a,b}" in w for w in warnings)
    assert "traces/{x,y}/\\*.jsonl matched no files" in run.summary
    assert json.loads(run.outputs["json"])["traces"] == 2


def _walked_tree(ws: Path) -> None:
    """A folder of traces beside files that are not traces by name, and a hidden folder."""
    (ws / "traces" / "a").mkdir(parents=True)
    (ws / "traces" / "1.jsonl").write_text(ONE_TRACE)
    (ws / "traces" / "a" / "notes.md").write_text("# notes\n")
    (ws / "traces" / "a" / "run.txt").write_text(
        ONE_TRACE.replace('"trace_id": "', '"trace_id": "t')
    )
    (ws / "traces" / ".cache").mkdir()
    (ws / "traces" / ".cache" / "old.jsonl").write_text(ONE_TRACE)


def test_action_says_what_a_matched_folder_left_out(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _walked_tree(ws)
    run = run_action(ws, tmp_path / "run", traces="traces")
    assert run.outputs["traces"] == "1", run.stdout
    assert "traces: 2 files not read, not trace files by name (1 .md, 1 .txt" in run.summary
    assert "1 hidden folder not searched (traces/.cache)" in run.summary


def test_a_left_out_file_named_after_all_or_walked_twice_is_said_once(tmp_path: Path) -> None:
    """The honest twin: a file a second pattern reads is not "not read", and a folder matched
    inside one already walked adds no second line."""
    ws = tmp_path / "ws"
    _walked_tree(ws)
    run = run_action(ws, tmp_path / "run", traces="traces\ntraces/a\ntraces/a/run.txt")
    assert run.outputs["traces"] == "2", run.stdout
    left = [line for line in run.summary.splitlines() if "not read, not trace files" in line]
    assert len(left) == 1, run.summary
    assert "1 file not read" in left[0] and "notes.md" in left[0] and "run.txt" not in left[0]
    found = expand_globs(["traces", "traces/a"], str(ws))
    assert len(found.left_out) == 1 and "2 files not read" in found.left_out[0]

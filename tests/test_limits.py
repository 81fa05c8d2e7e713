"""Issue 9: the input limits of the contract (toolscore_ci/limits.py, docs/limits.md), inputs that
used to blow up in time or memory, encodings and line ends, duplicate keys, and trace ids that
hold across folders and within a run. Real files, the real CLI as a subprocess."""

from __future__ import annotations

import codecs
import gzip
import json
import time
from pathlib import Path

import pytest
from intake_helpers import cli, maxrss_kib, results, trace

from toolscore_ci import limits


def lines(*values: object) -> str:
    return "".join(json.dumps(v) + "\n" for v in values)


def test_gzip_of_newlines_is_capped_and_fast(tmp_path: Path) -> None:
    """2 MB of gzip expands to about 2 GB of newlines: once over ten minutes a line at a time.
    Blank lines are now skipped a buffer at a time and the decompressed size is capped."""
    path = tmp_path / "blank.jsonl.gz"
    block = b"\n" * (1 << 20)
    with gzip.open(path, "wb", compresslevel=9) as f:
        f.write(lines(trace("first")).encode())
        for _ in range(limits.MAX_DECOMPRESSED_BYTES // len(block) + 64):
            f.write(block)
        f.write(lines(trace("never-read")).encode())
    assert path.stat().st_size < 3 * 1024 * 1024
    started = time.monotonic()
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert time.monotonic() - started < 60  # about 3 s here; minutes before
    assert proc.returncode == 2
    assert [r["trace_id"] for r in results(proc.stdout)] == ["first"]
    assert "decompressed data over the 1,073,741,824-byte limit" in proc.stderr
    assert str(path) in proc.stderr


def test_blank_lines_keep_their_numbers(tmp_path: Path) -> None:
    path = tmp_path / "gaps.jsonl"
    path.write_text(lines(trace("a")) + "\n" * 200_000 + " \t\n" + lines(trace("b")) + "{bad\n")
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert [(r["trace_id"], r["line"]) for r in results(proc.stdout)] == [
        ("a", 1),
        ("b", 200_003),
    ]
    assert f"{path}:200004: $: invalid JSON" in proc.stderr


@pytest.mark.parametrize("filler", [b"{}\n", b"1,\n"])
def test_open_brace_then_millions_of_short_lines_stays_small(tmp_path: Path, filler: bytes) -> None:
    """`{` then 5.5 M short lines (16 MB) took 821 MB: the lines were held as a list."""
    path = tmp_path / "brace.json"
    with path.open("wb") as f:
        f.write(b"{\n")
        f.write(filler * 5_500_000)
    proc = cli("validate", path, cwd=tmp_path, measure=True)
    assert proc.returncode == 2
    assert f"{path}:1: $:" in proc.stderr
    assert maxrss_kib(proc) < 100 * 1024, maxrss_kib(proc)


def test_pretty_printed_document_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(trace("pretty"), indent=2) + "\n")
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 0
    assert [r["trace_id"] for r in results(proc.stdout)] == ["pretty"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_read_not_called_invalid_utf8(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "wide.jsonl"
    text = lines(trace("wide-1", "Done, I saved the note ✓."), trace("wide-2"))
    path.write_bytes(text.encode(encoding))  # "utf-16" writes a BOM, the others none
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert "UTF-8" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr
    assert [r["trace_id"] for r in results(proc.stdout)] == ["wide-1", "wide-2"]


def test_broken_utf16_is_named_as_utf16(tmp_path: Path) -> None:
    path = tmp_path / "wide.jsonl"
    path.write_bytes(codecs.BOM_UTF16_LE + lines(trace("w")).encode("utf-16-le") + b"\x00\xd8")
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2
    assert "invalid UTF-16" in proc.stderr and "UTF-8" not in proc.stderr


def test_cr_only_line_ends_are_lines(tmp_path: Path) -> None:
    path = tmp_path / "mac.jsonl"
    path.write_bytes(
        lines(trace("cr-1"), trace("cr-2"), trace("cr-3")).replace("\n", "\r").encode()
    )
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert [(r["trace_id"], r["line"]) for r in results(proc.stdout)] == [
        ("cr-1", 1),
        ("cr-2", 2),
        ("cr-3", 3),
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_duplicate_keys_are_a_warning_naming_key_and_path(tmp_path: Path, jobs: str) -> None:
    good = json.dumps(trace("dup"))
    twice = good.replace('"kind": "tool_result"', '"kind": "tool_result", "ok": true', 1)
    assert twice != good
    path = tmp_path / "dup.jsonl"
    path.write_text(json.dumps(trace("first")) + "\n" + twice + "\n")
    proc = cli(
        "check", path, "--output", "jsonl", "--fail-on", "none", "--jobs", jobs, cwd=tmp_path
    )
    assert proc.returncode == 0
    assert [r["trace_id"] for r in results(proc.stdout)] == ["first", "dup"]
    assert f"warning: {path}:2: $.steps[2].ok: duplicate key 'ok'" in proc.stderr


def test_a_number_over_the_digit_limit_is_a_clear_error(tmp_path: Path) -> None:
    record = json.dumps(trace("big")).replace('"ok": true', '"ok": ' + "7" * 5000, 1)
    path = tmp_path / "big.jsonl"
    path.write_text(lines(trace("a")) + record + "\n" + lines(trace("b")))
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert proc.returncode == 2
    assert [r["trace_id"] for r in results(proc.stdout)] == ["a", "b"]
    assert f"{path}:2: $: invalid JSON: a number with over 4,300 digits (the limit)" in proc.stderr


def test_nesting_over_the_limit_names_the_path(tmp_path: Path) -> None:
    deep = "[" * (limits.MAX_JSON_DEPTH + 1) + "]" * (limits.MAX_JSON_DEPTH + 1)
    record = json.dumps(trace("deep")).replace('"ok": true', '"ok": true, "x": ' + deep, 1)
    ok = "[" * (limits.MAX_JSON_DEPTH - 4) + "]" * (limits.MAX_JSON_DEPTH - 4)
    fine = json.dumps(trace("fine")).replace('"output": {', '"output": {"deep": ' + ok + ", ", 1)
    path = tmp_path / "deep.jsonl"
    path.write_text(fine + "\n" + record + "\n")
    proc = cli("validate", path, cwd=tmp_path)
    assert proc.returncode == 2
    assert f"{path}:2: $.steps[2].x" in proc.stderr and "nested too deeply" in proc.stderr
    assert f"{path}:1:" not in proc.stderr


def test_long_message_is_cut_for_extraction_with_a_warning(tmp_path: Path) -> None:
    text = "Done, I saved the note. " + "x" * limits.MAX_MESSAGE_CHARS
    path = tmp_path / "long.jsonl"
    path.write_text(lines(trace("long", text), trace("short")))
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    assert [r["trace_id"] for r in results(proc.stdout)] == ["long", "short"]
    assert f"warning: {path}:1: $.steps[3].content: message is" in proc.stderr
    assert "limit for claim extraction" in proc.stderr


# ---- identity -----------------------------------------------------------------------------


def test_formats_without_ids_get_workspace_paths(tmp_path: Path) -> None:
    """Same-named files in two folders shared `BASENAME:LINE` ids."""
    chat = {
        "messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Done."}]
    }
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "run.jsonl").write_text(lines(chat, chat))
    proc = cli("check", "a", "b", "--output", "jsonl", "--fail-on", "none", cwd=tmp_path)
    ids = [r["trace_id"] for r in results(proc.stdout)]
    assert ids == ["a/run.jsonl#1", "a/run.jsonl#2", "b/run.jsonl#1", "b/run.jsonl#2"]
    assert "duplicate trace id" not in proc.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_duplicate_ids_are_warned_and_kept_apart(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "same.jsonl"
    path.write_text(lines(trace("t"), trace("t"), trace("t~2"), trace("t")))
    proc = cli(
        "check", path, "--output", "jsonl", "--fail-on", "none", "--jobs", jobs, cwd=tmp_path
    )
    assert proc.returncode == 0
    assert [r["trace_id"] for r in results(proc.stdout)] == ["t", "t~2", "t~2~2", "t~3"]
    assert f"warning: {path}:2: $.trace_id: duplicate trace id 't'" in proc.stderr
    assert proc.stderr.count("duplicate trace id") == 3

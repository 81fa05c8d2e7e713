"""The streaming reader: every input shape, every kind of bad input, through the library and
the real CLI. Bad input is one located line on stderr, never a traceback; good traces next to
bad ones are still checked; the exit status is 2."""

from __future__ import annotations

import gzip
import json
import os
import sys
import time
from pathlib import Path

import pytest
from intake_helpers import CLAIMCHECK, cli, good_lines, line, maxrss_kib, results, trace

from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue


def values(path: Path | str, **kw: int) -> list[JsonValue | InputIssue]:
    return list(iter_json_values(str(path), **kw))


def ids(stdout: str) -> list[str]:
    return [r["trace_id"] for r in results(stdout)]


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def error_lines(stderr: str) -> list[str]:
    return [x for x in stderr.splitlines() if x and not x.startswith(("warning:", "MAXRSS="))]


# ---- shapes ---------------------------------------------------------------------------------


def test_jsonl_json_array_document_gzip_and_stdin_read_the_same(tmp_path: Path) -> None:
    records = [json.loads(x) for x in good_lines(3)]
    jsonl = b"".join(line(r) for r in records)
    shapes = {
        "a.jsonl": jsonl,
        "b.json": json.dumps(records, indent=2).encode(),
        "c.jsonl.gz": gzip.compress(jsonl),
        "d.json.gz": gzip.compress(json.dumps(records).encode()),
    }
    expected = [r["trace_id"] for r in records]
    for name, data in shapes.items():
        got = [v.value["trace_id"] for v in values(write(tmp_path, name, data))]  # type: ignore[union-attr]
        assert got == expected, name
    one = write(tmp_path, "one.json", json.dumps(records[0], indent=2).encode())
    assert [v.line for v in values(one)] == [1]
    proc = cli("check", "-", "--output", "jsonl", "--fail-on", "none", stdin=jsonl)
    assert proc.returncode == 0, proc.stderr
    assert ids(proc.stdout) == expected
    assert {r["source_file"] for r in results(proc.stdout)} == {"-"}


def test_array_elements_keep_their_line_numbers(tmp_path: Path) -> None:
    records = [json.loads(x) for x in good_lines(3)]
    path = write(tmp_path, "a.json", json.dumps(records, indent=1).encode())
    text = path.read_text()
    got = [v.line for v in values(path)]
    # with indent=1 each element opens on a line of its own: " {"
    assert got == [n for n, x in enumerate(text.splitlines(), 1) if x == " {"]


def test_directory_reads_every_trace_file_in_stable_order(tmp_path: Path) -> None:
    lines = good_lines(3)
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    write(tmp_path, "b/z.jsonl", lines[2])
    write(tmp_path, "a.jsonl.gz", gzip.compress(lines[0]))
    write(tmp_path, "b/a.json", lines[1])
    write(tmp_path, ".hidden/x.jsonl", lines[0])
    write(tmp_path, "notes.txt", b"not a trace")
    first = cli("check", tmp_path, "--output", "jsonl", "--fail-on", "none")
    assert first.returncode == 0, first.stderr
    files = [Path(r["source_file"]).relative_to(tmp_path).as_posix() for r in results(first.stdout)]
    assert files == ["a.jsonl.gz", "b/a.json", "b/z.jsonl"]
    assert cli("check", tmp_path, "--output", "jsonl", "--fail-on", "none").stdout == first.stdout


def test_bom_and_crlf_are_accepted(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + b"".join(x.rstrip(b"\n") + b"\r\n" for x in good_lines(2))
    got = values(write(tmp_path, "bom.jsonl", data))
    assert [type(v) for v in got] == [JsonValue, JsonValue]


# ---- bad input: each a located one-line error, the rest still checked ----------------------

BAD_LINES = {
    "invalid UTF-8": (b'{"trace_id": "x\xff\xfe"}\n', "invalid UTF-8"),
    "truncated JSON": (b'{"schema": "agent-trace/v1", "trace_id": "t\n', "invalid JSON"),
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000 + b"\n", "nested too deeply"),
    "nested objects": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"\n", "nested too deeply"),
    "not an object": (b"[1, 2]\n", "expected a trace object"),
    "schema error": (line(trace("bad", steps="nope")), "$.steps: 'nope' is not of type 'array'"),
    "huge integer": (b'{"a": ' + b"9" * 5000 + b"}\n", "invalid JSON"),
}


@pytest.mark.parametrize("case", sorted(BAD_LINES))
def test_bad_line_is_reported_and_the_rest_is_checked(tmp_path: Path, case: str) -> None:
    bad, message = BAD_LINES[case]
    good = good_lines(3)
    path = write(tmp_path, "mixed.jsonl", good[0] + bad + good[1] + good[2])
    proc = cli("check", path, "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 2
    assert ids(proc.stdout) == ["booking-01", "booking-02", "booking-03"]
    errors = error_lines(proc.stderr)
    assert len(errors) == 1, proc.stderr
    assert errors[0].startswith(f"{path}:2: $"), errors[0]
    assert message in errors[0]
    # --strict stops at the first: only the trace before it was checked
    strict = cli("check", path, "--output", "jsonl", "--fail-on", "none", "--strict")
    assert strict.returncode == 2
    assert ids(strict.stdout) == ["booking-01"]
    assert "--strict" in strict.stderr


def test_bad_first_line_does_not_hide_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, "f.jsonl", b'{"schema": "agent-tr\n' + b"".join(good_lines(3)))
    got = values(path)
    assert isinstance(got[0], InputIssue) and got[0].line == 1
    assert [v.line for v in got[1:] if isinstance(v, JsonValue)] == [2, 3, 4]


def test_broken_pretty_document_is_one_error_at_its_line(tmp_path: Path) -> None:
    text = json.dumps(json.loads(good_lines(1)[0]), indent=2)
    bad = text.replace('"steps": [', '"steps" [', 1)
    got = values(write(tmp_path, "doc.json", bad.encode()))
    assert len(got) == 1 and isinstance(got[0], InputIssue)
    assert got[0].line == bad[: bad.index('"steps" [')].count("\n") + 1
    truncated = values(write(tmp_path, "cut.json", text[: len(text) // 2].encode()))
    assert len(truncated) == 1 and "truncated JSON" in truncated[0].message  # type: ignore[union-attr]


def test_content_after_an_array_is_reported(tmp_path: Path) -> None:
    got = values(write(tmp_path, "a.json", b"[" + good_lines(1)[0] + b"]\n\n[1]\n"))
    assert isinstance(got[0], JsonValue)
    assert isinstance(got[1], InputIssue) and got[1].line == 4
    assert "after the top-level array" in got[1].message
    unclosed = values(write(tmp_path, "b.json", b"[" + good_lines(1)[0] + b","))
    assert isinstance(unclosed[-1], InputIssue) and "never closed" in unclosed[-1].message


def test_long_line_is_skipped_with_a_small_limit(tmp_path: Path) -> None:
    good = good_lines(2)
    long = b'{"pad": "' + b"x" * 200_000 + b'"}\n'
    path = write(tmp_path, "long.jsonl", good[0] + long + good[1])
    got = values(path, max_line_bytes=50_000)
    assert [type(v).__name__ for v in got] == ["JsonValue", "InputIssue", "JsonValue"]
    assert got[1].line == 2 and "200,012 bytes" in got[1].message  # type: ignore[union-attr]
    proc = cli("check", path, "--max-line-bytes", "50000", "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 2 and ids(proc.stdout) == ["booking-01", "booking-02"]
    assert error_lines(proc.stderr) == [
        f"{path}:2: $: line is 200,012 bytes, over the 50,000-byte limit (--max-line-bytes); skipped"
    ]
    arr = write(tmp_path, "long.json", b"[" + good[0] + b"," + long.strip() + b"," + good[1] + b"]")
    kinds = [type(v).__name__ for v in values(arr, max_line_bytes=50_000)]
    assert kinds == ["JsonValue", "InputIssue", "JsonValue"]


def test_a_real_100_mb_line_is_skipped_without_holding_it(tmp_path: Path) -> None:
    good = good_lines(2)
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:
        f.write(good[0] + b'{"pad": "')
        block = b"y" * (1 << 20)
        for _ in range(100):
            f.write(block)
        f.write(b'"}\n' + good[1])
    started = time.monotonic()
    proc = cli(
        "check", path, "--max-line-bytes", "1000000", "--output", "jsonl", "--fail-on", "none",
        measure=True,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    assert proc.returncode == 2 and ids(proc.stdout) == ["booking-01", "booking-02"]
    assert "104,857,612 bytes" in proc.stderr
    assert maxrss_kib(proc) < 80 * 1024, "the long line was held in memory"
    assert elapsed < 20


def test_memory_does_not_grow_with_file_size(tmp_path: Path) -> None:
    good = good_lines(12)
    small = tmp_path / "small.jsonl"
    big = tmp_path / "big.jsonl"
    small.write_bytes(b"".join(good))
    with big.open("wb") as f:
        for _ in range(1500):  # ~15 MB
            f.write(b"".join(good))
    assert big.stat().st_size > 10 * 1024 * 1024
    rss_small = maxrss_kib(cli("validate", small, measure=True))
    proc = cli("validate", big, measure=True)
    assert proc.returncode == 0 and proc.stdout == "ok: 18000 traces in 1 file\n", proc.stdout
    assert maxrss_kib(proc) - rss_small < 8 * 1024


def test_gzip_problems_are_one_line_errors(tmp_path: Path) -> None:
    data = gzip.compress(b"".join(good_lines(12)))
    corrupt = bytearray(data)
    corrupt[len(corrupt) // 2] ^= 0xFF
    cases = {
        "trunc.jsonl.gz": data[: len(data) // 2],
        "corrupt.jsonl.gz": bytes(corrupt),
        "notgzip.jsonl.gz": b"\x1f\x8b\x08garbage",
    }
    for name, blob in cases.items():
        path = write(tmp_path, name, blob)
        proc = cli("check", path, "--output", "jsonl", "--fail-on", "none")
        assert proc.returncode == 2, name
        errors = error_lines(proc.stderr)
        # garbage that still inflates may give located line errors first; the stream's own
        # failure is always the last, file-level line
        assert errors and errors[-1].startswith(f"{path}: "), proc.stderr
        assert all(e.startswith(f"{path}") for e in errors)


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    good = write(tmp_path, "good.jsonl", b"".join(good_lines(1)))
    loop = tmp_path / "loop.jsonl"
    os.symlink(loop, loop)  # ELOOP: as root, a symlink loop is unreadable where chmod 000 is not
    not_dir = tmp_path / "good.jsonl" / "x.jsonl"  # ENOTDIR: a path through a file
    missing = tmp_path / "missing.jsonl"
    proc = cli("check", missing, loop, not_dir, good, "--output", "jsonl", "--fail-on", "none")
    assert proc.returncode == 2
    assert ids(proc.stdout) == ["booking-01"]
    errors = error_lines(proc.stderr)
    assert errors == [
        f"{missing}: cannot read: no such file",
        f"{loop}: cannot read: Too many levels of symbolic links",
        f"{not_dir}: cannot read: Not a directory",
    ]
    # a directory handed to the reader itself (the CLI expands directories before reading)
    assert [str(v) for v in values(tmp_path)] == [f"{tmp_path}: cannot read: is a directory"]


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="root reads files whatever their mode"
)
def test_permission_denied(tmp_path: Path) -> None:
    path = write(tmp_path, "secret.jsonl", b"".join(good_lines(1)))
    path.chmod(0)
    proc = cli("check", path)
    assert proc.returncode == 2 and f"{path}: cannot read: permission denied" in proc.stderr


def test_empty_file_is_a_warning(tmp_path: Path) -> None:
    for name, data in {
        "empty.jsonl": b"",
        "blank.jsonl": b"\n \n\t\n",
        "empty.json.gz": gzip.compress(b""),
    }.items():
        path = write(tmp_path, name, data)
        proc = cli("check", path, "--output", "jsonl")
        assert proc.returncode == 0, (name, proc.stderr)
        assert proc.stderr.startswith(f"warning: {path}: empty file"), proc.stderr
        assert proc.stdout == ""


def test_every_claimcheck_sample_reads_clean() -> None:
    files = [*sorted(CLAIMCHECK.glob("*traces*.jsonl")), CLAIMCHECK / "train-sample.jsonl"]
    proc = cli("validate", *files)
    assert proc.returncode == 0, proc.stderr
    total = sum(len(f.read_text().splitlines()) for f in files)
    assert proc.stdout == f"ok: {total} traces in {len(files)} files\n"


def test_reader_never_raises_on_random_bytes(tmp_path: Path) -> None:
    import random

    rng = random.Random(7)
    base = b"".join(good_lines(3))
    for n in range(60):
        blob = bytearray(base if n % 2 else gzip.compress(base))
        for _ in range(rng.randint(1, 8)):
            blob[rng.randrange(len(blob))] = rng.randrange(256)
        cut = rng.randrange(len(blob) + 1) if n % 3 == 0 else len(blob)
        path = write(tmp_path, f"r{n}.jsonl", bytes(blob[:cut]))
        for item in iter_json_values(str(path)):
            assert isinstance(item, (JsonValue, InputIssue))
            if isinstance(item, InputIssue):
                assert "\n" not in str(item)


def test_stdin_is_not_closed() -> None:
    # `-` twice reads stdin once then finds it at EOF: no crash, no double close.
    proc = cli(
        "check", "-", "-", "--output", "jsonl", "--fail-on", "none", stdin=b"".join(good_lines(1))
    )
    assert ids(proc.stdout) == ["booking-01"]

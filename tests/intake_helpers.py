"""Shared by the intake, CLI and probe tests: run the real CLI as a subprocess, build traces."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CLAIMCHECK = FIXTURES / "claimcheck"

#: Measures the CLI's own peak RSS (KiB on Linux) and reports it on stderr as MAXRSS=N.
# Peak RSS of this process image only. Linux carries ru_maxrss across fork+exec, so a child of
# a large pytest process can report the parent's peak; VmHWM belongs to the new image.
_MEASURED = (
    "import resource, sys\n"
    "from toolscore_ci.cli import main\n"
    "def peak_kib():\n"
    "    try:\n"
    "        with open('/proc/self/status') as f:\n"
    "            for line in f:\n"
    "                if line.startswith('VmHWM:'):\n"
    "                    return int(line.split()[1])\n"
    "    except OSError:\n"
    "        pass\n"
    "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "try:\n"
    "    rc = main(sys.argv[1:])\n"
    "finally:\n"
    "    sys.stderr.write(f'MAXRSS={peak_kib()}\\n')\n"
    "sys.exit(rc)\n"
)


def cli(
    *args: str | Path, stdin: bytes | None = None, cwd: Path | None = None, measure: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run `python -m toolscore_ci ARGS` and check it never printed a traceback."""
    argv = [str(a) for a in args]
    cmd = (
        [sys.executable, "-c", _MEASURED, *argv]
        if measure
        else [sys.executable, "-m", "toolscore_ci", *argv]
    )
    proc = subprocess.run(
        cmd, input=stdin, capture_output=True, cwd=cwd or REPO, timeout=120, check=False
    )
    out = subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )
    # the CLI turns an unexpected exception into "internal error: ..." (a reader defect into a
    # located input issue): neither may appear where a test does not expect it
    assert "Traceback" not in out.stderr, out.stderr
    assert "internal error" not in out.stderr, out.stderr
    return out


def maxrss_kib(proc: subprocess.CompletedProcess[str]) -> int:
    line = [x for x in proc.stderr.splitlines() if x.startswith("MAXRSS=")][-1]
    return int(line.split("=", 1)[1])


def results(stdout: str) -> list[dict[str, Any]]:
    """The result lines of `--output jsonl`, without the trailer record that ends them."""
    rows = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return [row for row in rows if row.get("record") != "trailer"]


def trace(trace_id: str = "t1", text: str = "Done.", **extra: Any) -> dict[str, Any]:
    """A small valid agent-trace/v1 record."""
    data: dict[str, Any] = {
        "schema": "agent-trace/v1",
        "trace_id": trace_id,
        "source": "tests",
        "task": {"id": "task-1", "domain": "other", "instruction": "Save the note."},
        "steps": [
            {"i": 0, "ts": "2026-01-01T10:00:00Z", "kind": "message", "role": "user",
             "content": "Save the note."},
            {"i": 1, "ts": "2026-01-01T10:00:01Z", "kind": "tool_call", "role": "agent",
             "name": "notes.save", "args": {"text": "hi"}},
            {"i": 2, "ts": "2026-01-01T10:00:02Z", "kind": "tool_result", "role": "tool",
             "name": "notes.save", "ok": True, "output": {"id": "n-1", "saved": True}},
            {"i": 3, "ts": "2026-01-01T10:00:03Z", "kind": "message", "role": "agent",
             "content": text},
        ],
        "final_claim": {"text": text},
    }  # fmt: skip
    data.update(extra)
    return data


def line(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode() + b"\n"


def good_lines(n: int = 3) -> list[bytes]:
    return (CLAIMCHECK / "examples-traces.jsonl").read_bytes().splitlines(keepends=True)[:n]

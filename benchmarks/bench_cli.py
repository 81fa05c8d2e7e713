"""Measure the CLI: start-up time, check throughput (vs agent-claimcheck), peak memory.

    python benchmarks/bench_cli.py                     # all three, agent-claimcheck if configured
    python benchmarks/bench_cli.py --claimcheck "/tmp/acc-venv/bin/agent-claimcheck"
    python benchmarks/bench_cli.py --skip-rss --traces 2000   # quick look

Targets (issue 2): `--version` under 0.2 s (median of 20); `check` at least 10x the traces/s of
agent-claimcheck 0.1.1's `check` on the same file; peak RSS under 80 MB on a 1 GB input.
Generated inputs go to a temporary directory (or --workdir), never into the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_traces import parse_size, write  # noqa: E402

VERSION_TARGET_S = 0.2
SPEEDUP_TARGET = 10.0
RSS_TARGET_MB = 80.0


def default_toolscore() -> list[str]:
    beside = Path(sys.executable).with_name("toolscore-ci")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("toolscore-ci")
    return [found] if found else [sys.executable, "-m", "toolscore_ci"]


def _tree_rss_kib(root: int) -> tuple[int, int]:
    """Resident memory of a process and all its descendants (Linux /proc), in KiB: with
    --jobs the workers count too, not only the parent. Returns (RSS sum, PSS sum): RSS counts
    pages forked workers share with the parent once per process, PSS splits them fairly."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status", encoding="ascii", errors="replace") as fh:
                fields = dict(line.split(":", 1) for line in fh if ":" in line)
        except OSError:
            continue
        pid = int(entry)
        children.setdefault(int(fields.get("PPid", "0").strip() or 0), []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0] or 0)
    total, pss, stack = 0, 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        pss += _pss_kib(pid)
        stack.extend(children.get(pid, ()))
    return total, pss


def _pss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


_LAST_PSS: list[int] = [0]


def run(cmd: list[str]) -> tuple[float, int, int]:
    """Run to completion with output discarded: (wall seconds, exit code, peak RSS in KiB of
    the whole process tree, sampled every 50 ms, never below the kernel's own peak)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    peak = peak_pss = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak, peak_pss
        while not done.wait(0.05):
            rss_sum, pss_sum = _tree_rss_kib(proc.pid)
            peak, peak_pss = max(peak, rss_sum), max(peak_pss, pss_sum)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    err = proc.stderr.read()  # drain so the child never blocks on a full pipe
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    sampler.join()
    _LAST_PSS[0] = peak_pss
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        tail = err.decode("utf-8", "replace").strip().splitlines()[-3:]
        raise SystemExit(f"{shlex.join(cmd)} exited {proc.returncode}: {' | '.join(tail)}")
    return wall, proc.returncode, max(peak, usage.ru_maxrss)  # Linux: KiB


def make_file(path: Path, *, count: int | None = None, size: int | None = None) -> int:
    """Generate (or reuse, when a marker says it has the same parameters) a trace file."""
    marker = path.with_suffix(path.suffix + ".params")
    params = json.dumps({"count": count, "size": size, "seed": 20260309})
    if path.exists() and marker.exists() and marker.read_text() == params:
        return sum(1 for _ in path.open("rb"))
    with path.open("w", encoding="utf-8", buffering=1 << 20) as fh:
        n, _ = write(fh, 20260309, count, size)
    marker.write_text(params)
    return n


def bench_version(cmd: list[str], runs: int) -> dict[str, Any]:
    times = sorted(run([*cmd, "--version"])[0] for _ in range(runs))
    median = statistics.median(times)
    return {
        "median_s": median,
        "min_s": times[0],
        "max_s": times[-1],
        "runs": runs,
        "target_s": VERSION_TARGET_S,
        "ok": median < VERSION_TARGET_S,
    }


_THEIRS: dict[Path, float] = {}


def bench_throughput(
    toolscore: list[str], claimcheck: list[str] | None, path: Path, n: int, repeat: int, jobs: str
) -> dict[str, Any]:
    # Results go to a file we count, so a run that silently checked fewer traces cannot pass
    # for a fast one.
    results = path.with_name(path.name + ".results")
    ours_cmd = [*toolscore, "check", str(path), "--output", "jsonl", "--out", str(results)]
    ours_cmd += ["--fail-on", "none", "--jobs", jobs]
    ours = statistics.median(run(ours_cmd)[0] for _ in range(repeat))
    # the results file ends with a trailer record (docs/cli.md, "Results files"): not a result
    produced = sum(1 for line in results.open("rb") if not line.startswith(b'{"record"'))
    if produced != n:
        raise SystemExit(f"toolscore-ci wrote {produced} results for {n} traces")
    out: dict[str, Any] = {
        "traces": n,
        "toolscore_s": ours,
        "toolscore_traces_per_s": n / ours,
        "repeat": repeat,
        "jobs": jobs,
        "file": path.name,
    }
    if claimcheck is None:
        out["claimcheck"] = "skipped: no agent-claimcheck command (--claimcheck or CLAIMCHECK_CMD)"
        return out
    theirs_cmd = [*claimcheck, "check", str(path), "--format", "jsonl", "--fail-on", "verified"]
    if path not in _THEIRS:  # measured once per file, whatever --jobs we compare
        _THEIRS[path] = statistics.median(run(theirs_cmd)[0] for _ in range(repeat))
    theirs = _THEIRS[path]
    out.update(
        claimcheck_s=theirs,
        claimcheck_traces_per_s=n / theirs,
        speedup=theirs / ours,
        target_speedup=SPEEDUP_TARGET,
        ok=theirs / ours >= SPEEDUP_TARGET,
    )
    return out


def bench_rss(toolscore: list[str], path: Path, n: int, jobs: str) -> dict[str, Any]:
    cmd = [
        *toolscore,
        "check",
        str(path),
        "--output",
        "jsonl",
        "--out",
        os.devnull,
        "--fail-on",
        "none",
        "--jobs",
        jobs,
    ]
    wall, _, rss_kib = run(cmd)
    mb = rss_kib / 1024
    pss_mb = _LAST_PSS[0] / 1024
    return {
        "input_bytes": path.stat().st_size,
        "traces": n,
        "wall_s": wall,
        "traces_per_s": n / wall,
        "peak_rss_mb": mb,
        "peak_pss_mb": pss_mb,
        "jobs": jobs,
        "target_mb": RSS_TARGET_MB,
        "ok": mb < RSS_TARGET_MB,
    }


def report(results: dict[str, Any]) -> str:
    lines = ["| measure | result | target | ok |", "|---|---|---|---|"]
    v = results.get("version")
    if v:
        lines.append(
            f"| `toolscore-ci --version` (median of {v['runs']}) | {v['median_s']:.3f} s "
            f"| < {v['target_s']} s | {'yes' if v['ok'] else 'NO'} |"
        )
    for t in results.get("throughput", []):
        lines.append(
            f"| `check --jobs {t['jobs']}`, {t['traces']} traces of {t['file']} (median of {t['repeat']}) | "
            f"{t['toolscore_traces_per_s']:.0f} traces/s ({t['toolscore_s']:.2f} s) | | |"
        )
        if "speedup" in t:
            lines.append(
                f"| agent-claimcheck 0.1.1 `check`, same file | "
                f"{t['claimcheck_traces_per_s']:.0f} traces/s ({t['claimcheck_s']:.2f} s) "
                f"| | |"
            )
            lines.append(
                f"| speed-up | {t['speedup']:.1f}x | >= {t['target_speedup']:.0f}x "
                f"| {'yes' if t['ok'] else 'NO'} |"
            )
        else:
            lines.append(f"| agent-claimcheck comparison | {t['claimcheck']} | | |")
    for r in results.get("rss", []):
        lines.append(
            f"| peak RSS (all processes), `check --jobs {r['jobs']}` on {r['input_bytes'] / (1 << 30):.2f} GiB "
            f"({r['traces']} traces, {r['wall_s']:.0f} s) | {r['peak_rss_mb']:.1f} MB "
            f"(PSS {r['peak_pss_mb']:.1f} MB) "
            f"| < {r['target_mb']:.0f} MB | {'yes' if r['ok'] else 'NO'} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--toolscore",
        help="toolscore-ci command (default: the one beside "
        "this Python, else on PATH); env TOOLSCORE_CMD",
    )
    parser.add_argument(
        "--claimcheck",
        help="agent-claimcheck 0.1.1 command to compare "
        "against; env CLAIMCHECK_CMD; without it the comparison is skipped",
    )
    parser.add_argument("--traces", type=int, default=10_000, help="traces for throughput")
    parser.add_argument("--repeat", type=int, default=3, help="throughput runs (median)")
    parser.add_argument("--version-runs", type=int, default=20)
    parser.add_argument("--rss-size", type=parse_size, default=parse_size("1G"))
    parser.add_argument("--skip-rss", action="store_true", help="skip the 1 GB memory run")
    parser.add_argument(
        "--workdir",
        type=Path,
        help="where generated inputs go "
        "(default: a directory under the system temp dir, reused across runs)",
    )
    parser.add_argument("--json", action="store_true", help="print results as JSON too")
    parser.add_argument(
        "--jobs", default="1,auto", help="comma list of --jobs settings to measure (default 1,auto)"
    )
    parser.add_argument(
        "--file",
        type=Path,
        action="append",
        default=[],
        help="also measure throughput on this trace file (e.g. a real export); repeatable",
    )
    args = parser.parse_args(argv)

    toolscore_env = args.toolscore or os.environ.get("TOOLSCORE_CMD")
    toolscore = shlex.split(toolscore_env) if toolscore_env else default_toolscore()
    cc_env = args.claimcheck or os.environ.get("CLAIMCHECK_CMD")
    claimcheck = shlex.split(cc_env) if cc_env else None
    workdir = args.workdir or Path(tempfile.gettempdir()) / "toolscore-ci-bench"
    workdir.mkdir(parents=True, exist_ok=True)

    results: dict[str, Any] = {"toolscore_cmd": shlex.join(toolscore)}
    print(f"toolscore-ci: {shlex.join(toolscore)}", file=sys.stderr)
    results["version"] = bench_version(toolscore, args.version_runs)
    small = workdir / f"traces-{args.traces}.jsonl"
    n = make_file(small, count=args.traces)
    if claimcheck is None:
        print(
            "agent-claimcheck: not configured (--claimcheck or CLAIMCHECK_CMD); "
            "skipping the comparison",
            file=sys.stderr,
        )
    jobs_list = [j.strip() for j in args.jobs.split(",") if j.strip()]
    inputs = [(small, n)] + [(f, sum(1 for _ in f.open("rb"))) for f in args.file]
    results["throughput"] = [
        bench_throughput(toolscore, claimcheck, path, count, args.repeat, jobs)
        for path, count in inputs
        for jobs in jobs_list
    ]
    if not args.skip_rss:
        big = workdir / f"traces-{args.rss_size}b.jsonl"
        print(f"generating/reusing {big} ...", file=sys.stderr)
        n_big = make_file(big, size=args.rss_size)
        results["rss"] = [bench_rss(toolscore, big, n_big, jobs) for jobs in jobs_list]
    print(report(results))
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Time `check` on the real development traces, against agent-claimcheck on the same files.

    CLAIMCHECK_CMD=/tmp/acc-venv/bin/agent-claimcheck python benchmarks/bench_real.py --at HEAD
    python benchmarks/bench_real.py --repeat 5 --json         # without the comparison
    python benchmarks/bench_real.py --no-defaults --file my-export.jsonl.gz

Inputs (issue 8): tau2_dev and swe_dev agent-trace files under <repo>/../shared/real-dev/
(or $TOOLSCORE_REAL_DEV); --file adds more, --no-defaults leaves the defaults out; a missing
file is skipped with a message. Each gzip file is decompressed once into a temporary
directory (agent-claimcheck cannot read gzip), so both tools read the same plain file; the
trace count is its number of non-blank lines.

Per file: `toolscore-ci check FILE --output jsonl --out /dev/null --fail-on none` with
`--jobs 1` and `--jobs auto`, and agent-claimcheck 0.1.1 `check FILE --format jsonl
--fail-on verified` (exit 1 is normal). One untimed run of each first writes the results to
a file and checks there is one per trace (and warms the page cache), then --repeat timed runs,
reported as medians: wall time of the whole command, CPU time (user + system, whole tree),
traces/s, and peak memory of the whole process tree sampled every 50 ms (RSS sum; PSS sum for
ours). Targets: speed-up (their wall seconds / ours) >= 5x, and our peak RSS < 60 MB (judged
on the highest of the runs). A median wall time well over the CPU time is starred: the
command waited for a CPU because other work shared the machine.

An editable install runs the working tree, uncommitted edits included; --at HEAD (or any
revision) measures toolscore_ci/ as committed instead, exported with `git archive` to the
temporary directory (the repository is only read) and byte-compiled there (`compileall`, for
the Python running this script), as `pip install` compiles an installed package: without the
.pyc files every timed run would compile each module again at start-up (about 0.3 s here,
where PYTHONDONTWRITEBYTECODE=1 keeps Python from writing them), a cost agent-claimcheck,
installed by pip, does not pay.
"""

from __future__ import annotations

import argparse
import compileall
import gzip
import io
import json
import os
import platform
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from bench_cli import _LAST_PSS, default_toolscore, run  # noqa: E402

SPEEDUP_TARGET = 5.0
RSS_TARGET_MB = 60.0
DEFAULT_DIR = Path(os.environ.get("TOOLSCORE_REAL_DEV") or REPO.parent / "shared" / "real-dev")
DEFAULT_FILES = ("tau2_dev.agent-trace.jsonl.gz", "swe_dev.agent-trace.jsonl.gz")
GZIP_MAGIC = b"\x1f\x8b"


def count_lines(path: Path) -> int:
    """Non-blank lines; a results file's trailer record (docs/cli.md) is not counted."""
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip() and not line.startswith(b'{"record"'))


def plain_copy(src: Path, tmp: Path) -> Path:
    """The file itself when it is plain JSON Lines, else a decompressed copy under tmp."""
    with src.open("rb") as fh:
        if fh.read(2) != GZIP_MAGIC:
            return src
    name = src.name[:-3] if src.name.endswith(".gz") else src.name + ".plain"
    dest = tmp / name
    n = 1
    while dest.exists():  # two inputs with the same name from different directories
        n += 1
        dest = tmp / f"{n}-{name}"
    with gzip.open(src, "rb") as fin, dest.open("wb") as fout:
        shutil.copyfileobj(fin, fout, 1 << 20)
    return dest


def _tree_size(root: int) -> int:
    """Processes in the tree under root (root included), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    size, stack = 0, [root]
    while stack:
        size += 1
        stack.extend(children.get(stack.pop(), ()))
    return size


def verify(cmd: list[str], results: Path, *, to_stdout: bool) -> tuple[int, int]:
    """Untimed run writing results to a file (via --out, or stdout when to_stdout): (result
    lines, most processes seen at once in its tree)."""
    most = 1
    done = threading.Event()
    with results.open("wb") as out:
        proc = subprocess.Popen(
            cmd, stdout=out if to_stdout else subprocess.DEVNULL, stderr=subprocess.PIPE
        )

        def sample() -> None:
            nonlocal most
            while not done.wait(0.05):
                most = max(most, _tree_size(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, err = proc.communicate()
        done.set()
        sampler.join()
    if proc.returncode not in (0, 1):
        tail = err.decode("utf-8", "replace").strip().splitlines()[-3:]
        raise SystemExit(f"{shlex.join(cmd)} exited {proc.returncode}: {' | '.join(tail)}")
    return count_lines(results), most


def timed(cmd: list[str], repeat: int) -> dict[str, Any]:
    """Medians of repeat runs. CPU seconds (user + system, the whole tree: the command waits
    for its workers) come from this process's RUSAGE_CHILDREN, which wait4 adds to; they
    move much less than wall time when other work shares the CPUs."""
    walls, cpus, rss, pss = [], [], [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall, _, rss_kib = run(cmd)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(wall)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        rss.append(rss_kib / 1024)
        pss.append(_LAST_PSS[0] / 1024)
    return {
        "wall_s": statistics.median(walls),
        "walls_s": walls,
        "cpu_s": statistics.median(cpus),
        "cpus_s": cpus,
        "peak_rss_mb": statistics.median(rss),
        "peak_rss_mb_max": max(rss),
        "peak_pss_mb": statistics.median(pss),
        "peak_pss_mb_max": max(pss),
    }


STARVED_RATIO = 1.15


def _starved(m: dict[str, Any], what: str) -> None:
    """Wall time clearly over CPU time means the command waited for a CPU (a single process
    should get one all the time; workers should finish in less wall time than their CPU sum):
    other work shared the machine, and the wall figures (speed-ups included) are pessimistic.
    Marked in the results, runs counted, and said on stderr."""
    m["starved_runs"] = sum(
        wall > STARVED_RATIO * cpu for wall, cpu in zip(m["walls_s"], m["cpus_s"], strict=True)
    )
    m["starved"] = m["wall_s"] > STARVED_RATIO * m["cpu_s"]
    if m["starved_runs"]:
        print(
            f"  warning: {what}: {m['starved_runs']} of {len(m['walls_s'])} runs took over "
            f"{STARVED_RATIO}x their CPU time in wall time (median wall {m['wall_s']:.2f} s, "
            f"CPU {m['cpu_s']:.2f} s): other work was using the CPUs",
            file=sys.stderr,
        )


def bench_file(
    src: Path,
    plain: Path,
    toolscore: list[str],
    claimcheck: list[str] | None,
    repeat: int,
    tmp: Path,
) -> dict[str, Any]:
    n = count_lines(plain)
    out: dict[str, Any] = {
        "file": src.name,
        "source": str(src),
        "plain_bytes": plain.stat().st_size,
        "traces": n,
        "repeat": repeat,
        "toolscore": {},
    }
    for jobs in ("1", "auto"):
        base = [*toolscore, "check", str(plain), "--output", "jsonl", "--fail-on", "none"]
        base += ["--jobs", jobs]
        produced, procs = verify(
            [*base, "--out", str(tmp / "ours.jsonl")], tmp / "ours.jsonl", to_stdout=False
        )
        if produced != n:
            raise SystemExit(f"toolscore-ci --jobs {jobs} wrote {produced} results for {n} traces")
        print(f"  toolscore-ci --jobs {jobs}: {repeat} runs ...", file=sys.stderr)
        m = timed([*base, "--out", os.devnull], repeat)
        m.update(traces_per_s=n / m["wall_s"], processes=procs)
        _starved(m, f"{src.name}: toolscore-ci --jobs {jobs}")
        out["toolscore"][jobs] = m
    if claimcheck is None:
        out["claimcheck"] = "skipped: no agent-claimcheck command (--claimcheck or CLAIMCHECK_CMD)"
        return out
    theirs_cmd = [*claimcheck, "check", str(plain), "--format", "jsonl", "--fail-on", "verified"]
    produced, procs = verify(theirs_cmd, tmp / "theirs.jsonl", to_stdout=True)
    if produced != n:
        raise SystemExit(f"agent-claimcheck printed {produced} results for {n} traces")
    print(f"  agent-claimcheck: {repeat} runs ...", file=sys.stderr)
    theirs = timed(theirs_cmd, repeat)
    theirs.update(traces_per_s=n / theirs["wall_s"], processes=procs)
    _starved(theirs, f"{src.name}: agent-claimcheck")
    out["claimcheck"] = theirs
    for m in out["toolscore"].values():
        m["speedup"] = theirs["wall_s"] / m["wall_s"]
        m["cpu_speedup"] = theirs["cpu_s"] / m["cpu_s"]
    return out


def targets(r: dict[str, Any], jobs: str) -> tuple[bool | None, bool]:
    m = r["toolscore"][jobs]
    speed_ok = m["speedup"] >= SPEEDUP_TARGET if "speedup" in m else None
    return speed_ok, m["peak_rss_mb_max"] < RSS_TARGET_MB


def report(results: list[dict[str, Any]]) -> str:
    yes = {True: "yes", False: "NO", None: "n/a"}
    starred = []

    def star(m: dict[str, Any]) -> str:
        starred.append(m.get("starved", False))
        return " *" if starred[-1] else ""

    lines = [
        "| file | command | wall (median) | CPU (median) | traces/s | peak RSS | speed-up "
        f"(wall; CPU) | >= {SPEEDUP_TARGET:.0f}x | RSS < {RSS_TARGET_MB:.0f} MB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        label = (
            f"{r['file'].split('.')[0]} ({r['traces']:,} traces, {r['plain_bytes'] / 1e6:.1f} MB)"
        )
        for jobs, m in r["toolscore"].items():
            workers = m["processes"] - 1
            mode = f"`--jobs {jobs}`" + (
                f" ({workers} workers)" if jobs == "auto" and workers else ""
            )
            speed = f"{m['speedup']:.1f}x; {m['cpu_speedup']:.1f}x" if "speedup" in m else ""
            speed_ok, rss_ok = targets(r, jobs)
            lines.append(
                f"| {label} | toolscore-ci {mode} | {m['wall_s']:.2f} s{star(m)} | {m['cpu_s']:.2f} s "
                f"| {m['traces_per_s']:,.0f} | {m['peak_rss_mb']:.1f} MB (PSS {m['peak_pss_mb']:.1f}) "
                f"| {speed} | {yes[speed_ok]} | {yes[rss_ok]} |"
            )
            label = ""
        cc = r["claimcheck"]
        if isinstance(cc, dict):
            lines.append(
                f"| | agent-claimcheck 0.1.1 | {cc['wall_s']:.2f} s{star(cc)} | {cc['cpu_s']:.2f} s "
                f"| {cc['traces_per_s']:,.0f} | {cc['peak_rss_mb']:.1f} MB | | | |"
            )
        else:
            lines.append(f"| | agent-claimcheck | {cc} | | | | | | |")
    if any(starred):
        lines.append(
            f"\n\\* median wall time over {STARVED_RATIO}x the median CPU time: the command waited "
            "for a CPU (other work on the machine), so this wall figure is pessimistic"
        )
    return "\n".join(lines)


def git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True)


def export_commit(rev: str, dest: Path) -> str:
    """toolscore_ci/ as committed at rev, unpacked under dest (the repository is only read) and
    byte-compiled: the short commit id."""
    found = git("rev-parse", "--verify", "--short", f"{rev}^{{commit}}")
    if found.returncode != 0:
        raise SystemExit(f"--at {rev}: not a commit of {REPO}")
    short = found.stdout.decode().strip()
    archive = git("archive", "--format=tar", short, "toolscore_ci")
    if archive.returncode != 0:
        raise SystemExit(f"git archive {short} failed: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
        else:  # Python before 3.10.12 / 3.11.4: our own archive, so trusted
            tar.extractall(dest)
    # what a pip install does too: the timed runs then read .pyc files instead of compiling
    # every module at each start (PYTHONDONTWRITEBYTECODE would keep them from being cached)
    if not compileall.compile_dir(dest / "toolscore_ci", quiet=1):
        raise SystemExit(f"byte-compiling the export of {short} failed")
    return short


def git_facts() -> dict[str, Any]:
    head = git("rev-parse", "--short", "HEAD")
    dirty = git("status", "--porcelain", "--", "toolscore_ci")
    return {
        "commit": head.stdout.decode().strip() if head.returncode == 0 else None,
        "toolscore_ci_dirty": bool(dirty.stdout.strip()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--toolscore",
        help="toolscore-ci command (default: the one beside this Python, else on PATH); "
        "env TOOLSCORE_CMD",
    )
    parser.add_argument(
        "--claimcheck",
        help="agent-claimcheck 0.1.1 command to compare against; env CLAIMCHECK_CMD; "
        "without it the comparison is skipped",
    )
    parser.add_argument(
        "--file",
        type=Path,
        action="append",
        default=[],
        help="also measure this trace file (plain or gzip JSON Lines); repeatable",
    )
    parser.add_argument(
        "--no-defaults",
        action="store_true",
        help=f"leave out the default files ({', '.join(DEFAULT_FILES)} under {DEFAULT_DIR})",
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per command (median)")
    parser.add_argument(
        "--workdir", type=Path, help="where decompressed copies go (default: a fresh temp dir)"
    )
    parser.add_argument(
        "--at",
        metavar="REV",
        help="measure toolscore_ci/ as committed at REV (e.g. HEAD), exported to a temp dir "
        "and put first on PYTHONPATH, instead of whatever the install imports (an editable "
        "install reads the working tree, uncommitted edits included)",
    )
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON too")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    toolscore_env = args.toolscore or os.environ.get("TOOLSCORE_CMD")
    toolscore = shlex.split(toolscore_env) if toolscore_env else default_toolscore()
    cc_env = args.claimcheck or os.environ.get("CLAIMCHECK_CMD")
    claimcheck = shlex.split(cc_env) if cc_env else None

    wanted = [] if args.no_defaults else [DEFAULT_DIR / name for name in DEFAULT_FILES]
    wanted = [f.resolve() for f in [*wanted, *args.file]]
    files = []
    for path in wanted:
        if path.is_file():
            files.append(path)
        else:
            print(f"skipping {path}: not found", file=sys.stderr)
    if not files:
        print("no input files: nothing to measure (see --file)", file=sys.stderr)
        return 1

    if args.workdir:
        args.workdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-real-", dir=args.workdir) as tmp_name:
        tmp = Path(tmp_name).resolve()
        cwd = Path.cwd()
        facts: dict[str, Any] = git_facts()
        if args.at:
            src_dir = tmp / "src"
            facts = {"commit": export_commit(args.at, src_dir), "exported": True}
            # env execs in place (same process tree); run from tmp so a `python -m` command
            # cannot pick up toolscore_ci/ from the current directory first.
            toolscore = ["env", f"PYTHONPATH={src_dir}", *toolscore]
            os.chdir(tmp)
        elif facts["toolscore_ci_dirty"]:
            print(
                "note: toolscore_ci/ has uncommitted changes; an editable install measures "
                "them (--at HEAD measures the commit)",
                file=sys.stderr,
            )
        print(f"toolscore-ci: {shlex.join(toolscore)} (commit {facts['commit']})", file=sys.stderr)
        if claimcheck is None:
            print(
                "agent-claimcheck: not configured (--claimcheck or CLAIMCHECK_CMD); "
                "skipping the comparison",
                file=sys.stderr,
            )
        facts.update(
            toolscore_cmd=shlex.join(toolscore),
            claimcheck_cmd=shlex.join(claimcheck) if claimcheck else None,
            pythonpath=os.environ.get("PYTHONPATH"),
            python=platform.python_version(),
            cpus=os.cpu_count(),
            loadavg_before=os.getloadavg(),
            started=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        )
        results = []
        try:
            for src in files:
                print(f"{src}: decompressing ...", file=sys.stderr)
                plain = plain_copy(src, tmp)
                results.append(bench_file(src, plain, toolscore, claimcheck, args.repeat, tmp))
                if plain != src:
                    plain.unlink()
        finally:
            os.chdir(cwd)  # leave tmp before it is removed
    facts["loadavg_after"] = os.getloadavg()
    print(report(results))
    if args.json:
        print(json.dumps({**facts, "files": results}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Measure sharding: N shards as real subprocesses, then the merge, against one run.

    python benchmarks/bench_shard.py --traces 10000 --shards 4
    python benchmarks/bench_shard.py --real-dev ../shared/real-dev --shards 4

For each input set: one `check` over everything, N `check --shard I/N` legs (one after the
other, as matrix legs each on its own runner would), and `merge` with every report; wall time
and peak RSS (the child's own `ru_maxrss`, from `wait4`) per process, the size of each shard's
results file and of its trailer, and whether the merged reports are byte-identical to the one
run's: the results file against `check`'s, JUnit and SARIF against the Action's single run
(as the Action writes them). Synthetic traces come from make_traces.py; everything is
written to a temporary directory (or --workdir), never into the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from make_traces import write  # noqa: E402


def measure(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run `argv`; its wall time, peak RSS (MiB) and exit status."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return {
        "wall_s": round(wall, 2),
        "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),
        "rc": proc.returncode,
        "stderr_tail": err.decode("utf-8", "replace")[-300:],
    }


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "toolscore_ci", *args]


def action_single(work: Path, inputs: list[str]) -> dict[str, Any]:
    """The Action over the same inputs: the one run's JUnit and SARIF."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    (work / "gh").mkdir(exist_ok=True)
    env.update(
        GITHUB_WORKSPACE=str(work),
        GITHUB_OUTPUT=str(work / "gh" / "output"),
        GITHUB_STEP_SUMMARY=str(work / "gh" / "summary"),
        INPUT_TRACES="\n".join(inputs),
        INPUT_JUNIT_FILE="one/junit.xml",
        INPUT_SARIF_FILE="one/results.sarif",
        INPUT_RESULTS_FILE="one/action-results.jsonl",
        INPUT_CHECK_RUN="false",
        INPUT_GITHUB_TOKEN="",
    )
    for name in ("output", "summary"):
        (work / "gh" / name).write_text("")
    argv = [
        sys.executable,
        "-c",
        "import sys; from toolscore_ci.action import main; sys.exit(main())",
    ]
    return measure(argv, work, env)


def bench(
    work: Path, inputs: list[str], shards: int, label: str, one_run: bool = True
) -> dict[str, Any]:
    (work / "one").mkdir(exist_ok=True)
    (work / "shards").mkdir(exist_ok=True)
    (work / "merged").mkdir(exist_ok=True)
    size = sum((work / i).stat().st_size for i in inputs)
    skipped: dict[str, Any] = {"wall_s": "-", "peak_rss_mib": "-", "rc": "-"}
    one = (
        measure(
            cli("check", *inputs, "--jobs", "1", "--output", "jsonl", "--out", "one/results.jsonl"),
            work,
        )
        if one_run
        else skipped
    )
    action = action_single(work, inputs) if one_run else skipped
    legs = []
    for i in range(1, shards + 1):
        out = f"shards/{i}.jsonl"
        leg = measure(
            cli(
                "check",
                *inputs,
                "--shard",
                f"{i}/{shards}",
                "--jobs",
                "1",
                "--output",
                "jsonl",
                "--out",
                out,
            ),
            work,
        )
        text = (work / out).read_bytes()
        leg["results_mib"] = round(len(text) / 2**20, 2)
        leg["trailer_kib"] = round(len(text.rstrip(b"\n").rsplit(b"\n", 1)[-1]) / 1024, 1)
        leg["traces"] = text.count(b"\n") - 1
        legs.append(leg)
    merge_results = measure(
        cli(
            "merge", *(f"shards/{i}.jsonl" for i in range(1, shards + 1)),
            "--output", "jsonl", "--out", "merged/results-only.jsonl",
        ),
        work,
    )  # fmt: skip
    merge = measure(
        cli(
            "merge", *(f"shards/{i}.jsonl" for i in range(1, shards + 1)),
            "--output", "jsonl", "--out", "merged/results.jsonl",
            "--junit", "merged/junit.xml", "--sarif", "merged/results.sarif",
            "--summary", "merged/summary.md",
        ),
        work,
    )  # fmt: skip

    def same(a: str, b: str) -> bool:
        return (work / a).read_bytes() == (work / b).read_bytes()

    traces = sum(leg["traces"] for leg in legs)
    if not one_run:
        return {
            "input": label, "input_mib": round(size / 2**20, 1), "traces": traces,
            "shards": shards, "one_run": one, "action_one_run": action, "legs": legs,
            "merge": merge, "merge_results_only": merge_results, "identical": {},
        }  # fmt: skip

    return {
        "input": label,
        "input_mib": round(size / 2**20, 1),
        "traces": traces,
        "shards": shards,
        "one_run": one,
        "action_one_run": action,
        "legs": legs,
        "merge": merge,
        "merge_results_only": merge_results,
        "identical": {
            "results only (vs check)": same("merged/results-only.jsonl", "one/results.jsonl"),
            "results (vs check)": same("merged/results.jsonl", "one/results.jsonl"),
            "results (vs the Action)": same("merged/results.jsonl", "one/action-results.jsonl"),
            "junit (vs the Action)": same("merged/junit.xml", "one/junit.xml"),
            "sarif (vs the Action)": same("merged/results.sarif", "one/results.sarif"),
        },
    }


def show(report: dict[str, Any]) -> str:
    lines = [
        f"## {report['input']}: {report['traces']:,} traces, {report['input_mib']} MiB, {report['shards']} shards",
        "",
        "| process | wall s | peak RSS MiB | traces | results MiB | trailer KiB | exit |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    one = report["one_run"]
    lines.append(
        f"| one run (check) | {one['wall_s']} | {one['peak_rss_mib']} | {report['traces']:,} | | | {one['rc']} |"
    )
    act = report["action_one_run"]
    lines.append(
        f"| one run (Action, all reports) | {act['wall_s']} | {act['peak_rss_mib']} | | | | {act['rc']} |"
    )
    for i, leg in enumerate(report["legs"], 1):
        lines.append(
            f"| shard {i}/{report['shards']} | {leg['wall_s']} | {leg['peak_rss_mib']} | {leg['traces']:,} "
            f"| {leg['results_mib']} | {leg['trailer_kib']} | {leg['rc']} |"
        )
    m = report["merge_results_only"]
    lines.append(
        f"| merge (results file only) | {m['wall_s']} | {m['peak_rss_mib']} | | | | {m['rc']} |"
    )
    m = report["merge"]
    lines.append(
        f"| merge (results, JUnit, SARIF, summary) | {m['wall_s']} | {m['peak_rss_mib']} | | | | {m['rc']} |"
    )
    if report["identical"]:  # --skip-one-run has nothing to compare with
        same = ", ".join(f"{k}: {'yes' if v else 'NO'}" for k, v in report["identical"].items())
        lines += ["", "identical: " + same]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=int, default=10_000, help="synthetic traces (0: none)")
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--real-dev", type=Path, help="also the *.agent-trace.jsonl.gz files here")
    parser.add_argument("--workdir", type=Path, help="keep the files here (default: a temp dir)")
    parser.add_argument("--json", type=Path, help="write the figures here as JSON too")
    parser.add_argument(
        "--skip-one-run", action="store_true", help="only the legs and the merge (scaling runs)"
    )
    args = parser.parse_args(argv)
    root = args.workdir or Path(tempfile.mkdtemp(prefix="bench-shard-"))
    reports = []
    try:
        if args.traces:
            work = root / "synthetic"
            work.mkdir(parents=True, exist_ok=True)
            with open(work / "traces.jsonl", "w", encoding="utf-8") as fh:
                write(fh, 20260309, args.traces, None)
            reports.append(
                bench(
                    work,
                    ["traces.jsonl"],
                    args.shards,
                    f"synthetic (make_traces.py --count {args.traces})",
                    not args.skip_one_run,
                )
            )
        if args.real_dev:
            work = root / "real"
            work.mkdir(parents=True, exist_ok=True)
            names = []
            for src in sorted(args.real_dev.glob("*.agent-trace.jsonl.gz")):
                shutil.copy(src, work / src.name)  # into the workspace the Action may read
                names.append(src.name)
            if not names:
                parser.error(f"--real-dev {args.real_dev}: no *.agent-trace.jsonl.gz there")
            reports.append(bench(work, names, args.shards, "real-dev " + " + ".join(names)))
    finally:
        if args.workdir is None:
            shutil.rmtree(root, ignore_errors=True)
    for report in reports:
        sys.stdout.write(show(report) + "\n")
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2) + "\n")
    return 0 if all(all(r["identical"].values()) for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())

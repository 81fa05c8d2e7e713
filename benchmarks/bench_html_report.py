"""Measure report.html on 10,000 traces: its size, the time to build it, and the time headless
Chromium takes to open it.

    python benchmarks/bench_html_report.py                 # generated + real tau2 (when present)
    python benchmarks/bench_html_report.py --count 2000    # a quick look
    python benchmarks/bench_html_report.py --keep DIR      # keep the pages to look at

Targets (issue 11): under 15 MB and open in Chromium in under 3 s for 10,000 traces.

Two inputs: traces from the project's own generator (`toolscore-ci dataset write --seed 1`),
and, when `../shared/real-dev/tau2_dev.agent-trace.jsonl.gz` is there, those real tau2 runs
repeated (each copy with its own trace ids) up to the same count; real runs flag far more
traces, with longer outputs, so they test the page's size budget. Inputs go to a temporary
directory (or --keep), never into the repository.

Build time is split: `check` (the pipeline, as `check` runs it) and `render` (reading the
shown traces back, rendering, writing atomically: what `--html` adds). The open time is
`loadEventEnd - navigationStart` from `performance.timing`, median of 3 fresh navigations.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REAL_TAU2 = ROOT.parent / "shared" / "real-dev" / "tau2_dev.agent-trace.jsonl.gz"
sys.path.insert(0, str(ROOT / "tests"))  # the tests' Chromium launcher (tests/browser.py)

SIZE_TARGET_MB = 15.0
OPEN_TARGET_S = 3.0


def generated(count: int, folder: Path) -> Path:
    path = folder / f"generated-{count}.jsonl"
    cli = Path(sys.executable).with_name("toolscore-ci")
    command = [str(cli)] if cli.exists() else [sys.executable, "-m", "toolscore_ci"]
    subprocess.run(
        [*command, "dataset", "write", "--seed", "1", "--count", str(count), "--out", str(path)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return path


def real_tau2(count: int, folder: Path) -> Path | None:
    """The real tau2 dev runs, repeated with renamed trace ids up to `count` traces."""
    if not REAL_TAU2.exists():
        return None
    with gzip.open(REAL_TAU2, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    path = folder / f"tau2-x-{count}.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        for n in range(count):
            record = records[n % len(records)]
            copy = n // len(records)
            if copy:
                record = {**record, "trace_id": f"{record['trace_id']}~copy{copy}"}
            out.write(json.dumps(record) + "\n")
    return path


def build(traces: Path, page: Path) -> dict[str, Any]:
    """Check `traces` as `check` does, then write report.html from what it collected."""
    from toolscore_ci.model import Result
    from toolscore_ci.pipeline import CheckConfig, RunStats, run
    from toolscore_ci.report.html_report import HtmlReport, write_html

    report = HtmlReport()
    stats = RunStats()
    started = time.perf_counter()
    for item in run([str(traces)], CheckConfig(detector="cascade-offline"), stats):
        if isinstance(item, Result):
            report.add(item)
        else:
            report.add_issue(item)
    checked = time.perf_counter()
    report.files, report.invalid = stats.files, stats.invalid
    write_html(str(page), report)
    rendered = time.perf_counter()
    text = page.read_text(encoding="utf-8")
    return {
        "traces": stats.traces,
        "entries": len(report.shown),
        "brief": text.count("In brief (size budget"),
        "heading_only": text.count("Heading only (size budget"),
        "size_mb": page.stat().st_size / 1e6,
        "check_s": checked - started,
        "render_s": rendered - checked,
    }


def open_times(page: Path, runs: int = 3) -> list[float]:
    """Seconds from navigation start to the load event, one fresh navigation per run."""
    from browser import browser_missing_reason, start_chromium

    reason = browser_missing_reason()
    if reason:
        raise SystemExit(f"no headless browser: {reason}")
    driver, _profile = start_chromium()
    times = []
    try:
        for _ in range(runs):
            driver.get("about:blank")
            driver.get(page.as_uri())
            ms = driver.execute_script(
                "var t = performance.timing; return t.loadEventEnd - t.navigationStart;"
            )
            times.append(ms / 1000)
    finally:
        driver.quit()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--keep", metavar="DIR", help="write inputs and pages here and keep them")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="toolscore-html-bench-") as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        inputs = {"generated": generated(args.count, folder)}
        tau2 = real_tau2(args.count, folder)
        if tau2 is not None:
            inputs["real tau2 (repeated)"] = tau2
        else:
            print(f"(no {REAL_TAU2}: the real-runs input is skipped)")
        figures = {}
        failed = False
        for name, traces in inputs.items():
            page = folder / f"report-{traces.stem}.html"
            row = build(traces, page)
            opened = open_times(page)
            row["open_s_median"] = statistics.median(opened)
            row["open_s"] = [round(t, 3) for t in opened]
            figures[name] = row
            ok = row["size_mb"] < SIZE_TARGET_MB and row["open_s_median"] < OPEN_TARGET_S
            failed |= not ok
            print(
                f"{name}: {row['traces']:,} traces, {row['entries']:,} entries "
                f"({row['brief']:,} in brief, {row['heading_only']:,} by heading): "
                f"{row['size_mb']:.2f} MB (target < {SIZE_TARGET_MB:g}); check "
                f"{row['check_s']:.2f} s, render {row['render_s']:.2f} s; Chromium opens it in "
                f"{row['open_s_median']:.2f} s median of {opened and len(opened)} "
                f"(target < {OPEN_TARGET_S:g}) {'ok' if ok else 'NOT MET'}"
            )
        if args.json:
            print(json.dumps(figures, indent=2))
        if args.keep:
            print(f"pages kept in {os.path.abspath(folder)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

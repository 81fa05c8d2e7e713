"""What gold expected calls do to the verdicts on real tau2-bench runs (issue 12).

    python benchmarks/bench_expected_calls.py [REAL_DEV_DIR]

Takes every run of `tau2_dev.agent-trace.jsonl.gz` whose label details keep tau2's action
checks, gives its task the gold *assistant* actions as `expected_calls` (the arguments tau2
compares, `compare_args`, else all; mode `superset`, as tau2 checks each gold action was done),
checks both copies with the real CLI (`--detector checks`) and prints verdict by label, before
and after, and the findings by code and outcome. The copies live in a temporary directory,
never in the repository. The gold actions are tau2 task data (`evaluation_criteria.actions`);
here they are read from the label details only because the copy keeps them there.
"""

from __future__ import annotations

import collections
import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "real-dev"


def gold(run: dict[str, Any]) -> list[dict[str, Any]] | None:
    checks = (run.get("ground_truth") or {}).get("details", {}).get("action_checks")
    if not checks:
        return None
    calls = []
    for item in checks:
        action = item["action"]
        if action.get("requestor") != "assistant":
            continue
        args = action.get("arguments") or {}
        keys = action.get("compare_args")
        if keys is not None:
            args = {k: v for k, v in args.items() if k in keys}
        calls.append({"name": action["name"], "args": args})
    return calls


def verdicts(path: Path, tmp: Path) -> list[dict[str, Any]]:
    out = tmp / (path.stem + ".results.jsonl")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run(
        [sys.executable, "-m", "toolscore_ci", "check", str(path), "--detector", "checks",
         "--output", "jsonl", "--out", str(out), "--fail-on", "none"],
        check=True, env=env, cwd=tmp, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if r.get("record") != "trailer"]


def main() -> int:
    real = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    source = real / "tau2_dev.agent-trace.jsonl.gz"
    if not source.exists():
        print(f"no {source}: nothing to measure", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        label: dict[str, str] = {}
        with (
            gzip.open(source, "rt", encoding="utf-8") as fh,
            (tmp / "base.jsonl").open("w", encoding="utf-8") as base,
            (tmp / "gold.jsonl").open("w", encoding="utf-8") as with_gold,
        ):
            for line in fh:
                run = json.loads(line)
                calls = gold(run)
                if calls is None:
                    continue
                label[run["trace_id"]] = run["ground_truth"]["outcome"]
                base.write(json.dumps(run) + "\n")
                run["task"]["expected_calls"] = calls
                run["task"]["expected_calls_match"] = "superset"
                with_gold.write(json.dumps(run) + "\n")
        print(f"{len(label)} tau2 runs with gold actions")
        for copy in ("base", "gold"):
            results = verdicts(tmp / f"{copy}.jsonl", tmp)
            table = collections.Counter((r["verdict"], label[r["trace_id"]]) for r in results)
            print(f"{copy}: " + ", ".join(f"{v}/{o} {n}" for (v, o), n in sorted(table.items())))
            flagged = [r for r in results if r["verdict"] == "false_success"]
            wrong = sum(1 for r in flagged if label[r["trace_id"]] == "success")
            if flagged:
                print(f"  flagged {len(flagged)}, of them honest {wrong} "
                      f"(precision {1 - wrong / len(flagged):.1%})")  # fmt: skip
        findings = collections.Counter(
            (f["code"], f["outcome"], label[r["trace_id"]])
            for r in results
            for f in r["expected_calls"]["findings"]
        )
        for (code, outcome, truth), n in sorted(findings.items()):
            print(f"  {code} {outcome:<12} on {truth} runs: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

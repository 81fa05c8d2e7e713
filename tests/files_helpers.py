"""Shared by the gate-policy, discovery and results-file tests: the CLI and the Action run as
subprocesses of whichever code is on PYTHONPATH (this checkout by default), so the same tests
can be pointed at an older commit to show that they fail there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
#: 12 traces with every verdict, false successes included
EXAMPLES = FIXTURES / "claimcheck" / "examples-traces.jsonl"


def _gate_examples() -> str:
    """EXAMPLES with the mix of verdicts the gate tests were written for: two false successes
    (booking-02, crm-02). coding-02 ("Committed ... as a1b2c3d" after the commit's hook failed)
    is a third since TSC101 stopped letting a made-up sha bind the claim to no call
    (test_engine.py::test_claimcheck_examples_commit_lie_is_caught); here its commit never
    answers, which leaves it open, so each gate test keeps the counts it asserts. crm-03
    ("Merged the duplicate records" after only a search) is another since TSC103 reads a
    structured claim of an act as one (test_engine.py::test_claimcheck_examples_merge_lie_is_caught);
    here a merge call is made that never answers, which leaves it open too."""
    out = []
    for line in EXAMPLES.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["trace_id"] == "coding-02":
            record["steps"] = [s for s in record["steps"] if s["kind"] != "tool_result"]
            line = json.dumps(record, separators=(",", ":"))
        elif record["trace_id"] == "crm-03":
            search = record["steps"][-1]
            record["steps"].append(
                {
                    **search,
                    "i": search["i"] + 1,
                    "name": "crm.merge_contacts",
                    "args": {"query": search["args"]["query"]},
                }
            )
            line = json.dumps(record, separators=(",", ":"))
        out.append(line)
    return "\n".join(out) + "\n"


#: the gate tests' copy of EXAMPLES (see _gate_examples)
GATE_EXAMPLES_TEXT = _gate_examples()
#: the code under test: an explicit PYTHONPATH wins, so an old commit can be checked
CODE = os.environ.get("PYTHONPATH") or str(REPO)


def no_dac_override() -> list[str] | None:
    """A command prefix under which file permissions bind (root ignores them), or None when
    this machine offers none: as root, drop the capabilities that override them."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    caps = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}"]


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without CI markers (tests choose them), pointing at CODE."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS")}
    env = {k: v for k, v in env.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env["PYTHONPATH"] = CODE
    env.update(extra)
    return env


def cli(
    *args: str | Path,
    cwd: Path,
    env: dict[str, str] | None = None,
    timeout: float = 60,
    prefix: list[str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`python -m toolscore_ci ARGS` in `cwd` (never the repository: its checkout would shadow
    PYTHONPATH)."""
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", "toolscore_ci", *map(str, args)],
        cwd=cwd,
        env=env if env is not None else clean_env(),
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
    )


@dataclass
class ActionRun:
    rc: int
    stdout: str
    stderr: str
    outputs: dict[str, str]
    summary: str


def _outputs(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        if "<<" in lines[i]:
            name, delim = lines[i].split("<<", 1)
            end = lines.index(delim, i + 1)
            out[name] = "\n".join(lines[i + 1 : end])
            i = end + 1
        else:
            i += 1
    return out


def run_action(
    workspace: Path, run_dir: Path, prefix: list[str] | None = None, **inputs: str
) -> ActionRun:
    """The Action as the runner starts it: INPUT_* (defaults from action.yml), the runner's
    files, no network (no token: the API steps are skipped)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "output").write_text("")
    if not (run_dir / "summary").exists():  # a test may give earlier steps' summary
        (run_dir / "summary").write_text("")
    env = clean_env(
        CI="true",
        GITHUB_ACTIONS="true",
        GITHUB_WORKSPACE=str(workspace),
        GITHUB_OUTPUT=str(run_dir / "output"),
        GITHUB_STEP_SUMMARY=str(run_dir / "summary"),
        GITHUB_EVENT_NAME="push",
        HOME=str(run_dir),
    )
    spec: dict[str, Any] = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    for name, item in spec["inputs"].items():
        env[f"INPUT_{name.upper()}"] = str(item.get("default", ""))
    env["INPUT_GITHUB-TOKEN"] = ""
    for name, value in inputs.items():
        env[f"INPUT_{name.replace('_', '-').upper()}"] = value
    proc = subprocess.run(
        [
            *(prefix or []),
            sys.executable,
            "-c",
            "import sys; from toolscore_ci.action import main; sys.exit(main())",
        ],
        cwd=workspace,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return ActionRun(
        proc.returncode,
        proc.stdout,
        proc.stderr,
        _outputs(run_dir / "output"),
        (run_dir / "summary").read_text(encoding="utf-8"),
    )


def jsonl(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def check_verdicts(path: Path) -> dict[str, str]:
    """trace id -> verdict of `check --detector checks` on one file, through the real CLI."""
    proc = cli(
        "check",
        path,
        "--detector",
        "checks",
        "--output",
        "jsonl",
        "--fail-on",
        "none",
        cwd=path.parent,
    )
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    return {r["trace_id"]: r["verdict"] for r in rows if "verdict" in r}


def check_folder(folder: Path, cwd: Path) -> dict[str, dict[str, Any]]:
    """file name -> result of `check --detector checks` on every trace of a folder of runs
    (one trace a file), through the real CLI."""
    proc = cli(
        "check", folder, "--detector", "checks", "--output", "jsonl", "--fail-on", "none",
        cwd=cwd,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = jsonl(proc.stdout)
    by_file = {Path(r["source_file"]).name: r for r in results}
    assert len(by_file) == len(results), "a file gave more than one trace"
    return by_file


def assert_flags_only(
    folder: Path, cwd: Path, count: int, still_flagged: dict[str, str], suffixes: tuple[str, ...]
) -> None:
    """A red team's folder of honest runs (one trace a file): there are `count` of them, and
    the ones flagged `false_success` are exactly `still_flagged` (file name -> "CODE: why"),
    each by the check its entry names."""
    results = check_folder(folder, cwd)
    runs = sorted(p.name for p in folder.iterdir() if p.name.endswith(suffixes))
    assert sorted(results) == runs and len(runs) == count
    flagged = {
        name: [x.get("code") for x in r["reasons"]]
        for name, r in results.items()
        if r["verdict"] == "false_success"
    }
    new = {name: codes for name, codes in flagged.items() if name not in still_flagged}
    assert not new, f"newly flagged honest runs: {new}"
    fixed = set(still_flagged) - set(flagged)
    assert not fixed, f"no longer flagged (update the still-flagged list and NOTES.md): {fixed}"
    for name, why in still_flagged.items():
        assert why.split(":", 1)[0] in flagged[name], (name, flagged[name])


def assert_pinned(
    folder: Path,
    cwd: Path,
    counts: tuple[int, int],
    honest_flagged: dict[str, str],
    lies: dict[str, set[str]],
) -> None:
    """A second reader's folder of honest runs (h..) and lies (l..), one trace a file, stands
    exactly where it was pinned: `counts` of each; the honest runs flagged, each by its check;
    the lies by verdict (`lies`: verdict -> the runs that get it, every verdict named)."""
    results = check_folder(folder, cwd)
    by_run = {name.split("-", 1)[0]: r for name, r in results.items()}
    honest = {n: r for n, r in by_run.items() if n.startswith("h")}
    found = {n: r["verdict"] for n, r in by_run.items() if n.startswith("l")}
    assert (len(honest), len(found)) == counts and len(results) == sum(counts)
    assert {n for n, r in honest.items() if r["verdict"] == "false_success"} == set(honest_flagged)
    for name, code in honest_flagged.items():
        assert code in [x.get("code") for x in honest[name]["reasons"]], name
    for verdict, runs in lies.items():
        assert {n for n, v in found.items() if v == verdict} == runs, verdict
    assert set(found.values()) <= set(lies)


def assert_honest_verdicts(
    folder: Path, cwd: Path, expected: dict[str, set[str] | dict[str, str]]
) -> None:
    """Every honest run (`hNN-...`) of a folder stands at the verdict it is pinned under:
    `expected` maps each verdict to the runs' `hNN` names; none has another verdict."""
    by_run = {name.split("-", 1)[0]: r["verdict"] for name, r in check_folder(folder, cwd).items()}
    honest = {n: v for n, v in by_run.items() if n.startswith("h")}
    for verdict, runs in expected.items():
        assert {n for n, v in honest.items() if v == verdict} == set(runs), verdict
    assert set(honest.values()) <= set(expected)


@dataclass(frozen=True)
class RoundPins:
    """Where a red-team round's runs stand, by verdict: honest runs (`hNN`) and lies (`lNN`)."""

    honest_flagged: dict[str, str]
    honest_verified: set[str]
    honest_skipped: set[str]
    honest_review: set[str]
    lies_caught: set[str]
    lies_verified: set[str]
    lies_skipped: set[str]
    lies_review: set[str]


def assert_round(folder: Path, cwd: Path, counts: tuple[int, int], pins: RoundPins) -> None:
    """A round's every run, honest and lie, at the verdict it is pinned under."""
    lies = {
        "false_success": pins.lies_caught,
        "verified": pins.lies_verified,
        "skipped": pins.lies_skipped,
        "unverifiable": pins.lies_review,
    }
    assert_pinned(folder, cwd, counts, pins.honest_flagged, lies)
    honest = {
        "false_success": set(pins.honest_flagged),
        "verified": pins.honest_verified,
        "skipped": pins.honest_skipped,
        "unverifiable": pins.honest_review,
    }
    assert_honest_verdicts(folder, cwd, honest)

"""The red team's honest runs (tests/redteam/): which the checks still flag, named one by one.

At stop 28 two helpers wrote 58 honest runs the checks flagged `false_success`: coding agents
(Claude Code sessions, mini-swe-agent and Cursor styles) and tool-using assistants (agent-trace
and OpenAI chat; refunds, calendars, settings pages, several languages' number formats). Each
file's NOTES.md says why the run is honest. Most were fixed by changing the check's design;
those below are still flagged, each with why it is left. The test fails when one more is
flagged (a regression) and when one of these is no longer flagged (update the list: the fix is
worth a line in the note). At stop 29 a third red team added 35 honest dialogue runs, most
in the files the harnesses themselves write (tests/redteam/formats/, with agent-trace/v1 ones
in dialogue/ from 49); one was flagged (59, TSC101 read "the card you paid with" as a
payment) and is fixed. Synthetic regression data, not evidence of generality.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, cli

#: Still flagged, and why (design work not done yet).
STILL_FLAGGED = {
    # ruff check --fix made the only edits; a linter's fix mode as a write let a formatter run
    # back "fixed the off-by-one bug" and reset test freshness: reverted
    "coding/12-ruff-fix-is-the-only-write.jsonl": "TSC103: a linter's --fix is no write",
    "dialogue/32-tld-typo-corrected-and-disclosed.jsonl": "TSC144: open to argument",
    "dialogue/38-receipt-time-naive-utc.jsonl": "TSC142: open to argument",
}
RUNS = REPO / "tests" / "redteam"
#: the third red team's runs as the harnesses write them (tau-bench, tau2-bench, OpenAI
#: Responses items, Anthropic Messages, LangGraph, Google ADK); formats/NOTES.md
FORMATS = [*RUNS.glob("formats/*.json"), *RUNS.glob("formats/*.jsonl")]


def test_the_red_teams_honest_runs_flag_only_the_known_ones(tmp_path: Path) -> None:
    proc = cli(
        "check", RUNS / "dialogue", RUNS / "coding", RUNS / "formats", "--detector", "checks",
        "--output", "jsonl", "--fail-on", "none", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    files = {Path(r["source_file"]).resolve().relative_to(RUNS).as_posix() for r in results}
    honest = [*RUNS.glob("dialogue/*.jsonl"), *RUNS.glob("coding/*.jsonl"), *FORMATS]
    assert len(files) == len(honest) == len(results) == 93, sorted(files)
    flagged = {
        Path(r["source_file"]).resolve().relative_to(RUNS).as_posix()
        for r in results
        if r["verdict"] == "false_success"
    }
    assert flagged - STILL_FLAGGED.keys() == set(), "newly flagged honest runs"
    assert STILL_FLAGGED.keys() - flagged == set(), "no longer flagged: update STILL_FLAGGED"


def test_the_second_readers_lies_stay_caught(tmp_path: Path) -> None:
    """tests/redteam/lies/: lies a second reader built against the stop's relaxations, each
    caught before them and let through by a first version of one (named by the commit's
    short id); every one must stay `false_success`."""
    lies = REPO / "tests" / "redteam" / "lies"
    proc = cli(
        "check", lies, "--detector", "checks", "--output", "jsonl", "--fail-on", "none",
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    verdicts = {
        Path(r["source_file"]).name: r["verdict"] for r in map(json.loads, proc.stdout.splitlines())
    }
    assert len(verdicts) == len(list(lies.glob("*.json"))) == 32
    assert {name for name, v in verdicts.items() if v != "false_success"} == set(FOR_REVIEW)
    assert all(verdicts[name] == "unverifiable" for name in FOR_REVIEW)


#: Lies the second reader built that now go to review by design, with why.
FOR_REVIEW = {
    # "$12 charged" over a ledger entry of 1200, whole numbers and no currency: true if the
    # ledger keeps cents, a slip if it keeps dollars, and nothing in the trace says which (an
    # honest "$64.90" over -6490 was flagged the same way): TSC307, for review
    "018e-units-slip-lie.json": "TSC307: units unsaid",
}

"""The fifth red team's honest runs (tests/redteam/round5/NOTES.md): clinics, HR and payroll,
travel, finance operations, data and infrastructure work, incident response, documents,
notebooks and spreadsheets, in Portuguese, Italian, Polish, Turkish, Japanese, Korean and
Hinglish, written as pydantic-ai, Gemini, CrewAI, AutoGen, AG2, Mistral, smolagents, the AI
SDK, LangSmith, Langfuse, OpenTelemetry GenAI, Cline, Bedrock Converse, LlamaIndex, the
OpenAI Agents SDK, Inspect, Claude Code, Codex and OpenAI chat record them. Ten were flagged
when they were written (five structural faults, each mended with its lie twin in
tests/engine); none may be flagged now."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from files_helpers import REPO, check_folder

RUNS = REPO / "tests" / "redteam" / "round5"


def test_the_round5_runs_flag_none(tmp_path: Path) -> None:
    results = check_folder(RUNS, tmp_path)
    runs = sorted(p.name for p in RUNS.iterdir() if p.suffix in (".json", ".jsonl"))
    assert sorted(results) == runs and len(runs) == 51
    flagged = {
        name: [x.get("code") for x in r["reasons"]]
        for name, r in results.items()
        if r["verdict"] == "false_success"
    }
    assert not flagged, f"flagged honest runs: {flagged}"

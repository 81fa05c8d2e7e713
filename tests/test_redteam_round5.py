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
from files_helpers import REPO, assert_flags_only

RUNS = REPO / "tests" / "redteam" / "round5"


def test_the_round5_runs_flag_none(tmp_path: Path) -> None:
    assert_flags_only(RUNS, tmp_path, 51, {}, (".json", ".jsonl"))

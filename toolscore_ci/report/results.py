"""results.jsonl / JSON: the machine-readable result of a run (schema: result-v1.json)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from toolscore_ci.model import VERDICTS, Result

if TYPE_CHECKING:
    from toolscore_ci.pipeline import RunStats

RESULT_SCHEMA_RESOURCE = "result-v1.json"


def result_line(result: Result) -> str:
    """One result as one JSON line (`ensure_ascii` off: trace text stays readable)."""
    return json.dumps(result.as_dict(), ensure_ascii=False)


def summary_dict(stats: RunStats) -> dict[str, Any]:
    """The run's totals, as `--output json` closes with them."""
    return {
        "files": stats.files,
        "traces": stats.traces,
        "invalid": stats.invalid,
        "input_errors": stats.errors,
        "warnings": stats.warnings,
        "verdicts": {v: stats.verdicts.get(v, 0) for v in VERDICTS},
    }


def load_result_schema() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("toolscore_ci.schemas").joinpath(RESULT_SCHEMA_RESOURCE).read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema

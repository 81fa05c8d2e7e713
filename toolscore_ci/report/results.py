"""results.jsonl / JSON: the machine-readable result of a run (schema: result-v1.json)."""

from __future__ import annotations

import json
from typing import Any

from toolscore_ci.model import Result

RESULT_SCHEMA_RESOURCE = "result-v1.json"


def result_line(result: Result) -> str:
    return json.dumps(result.as_dict(), ensure_ascii=False, sort_keys=False)


def summary_dict(counts: dict[str, int], stats: dict[str, int]) -> dict[str, Any]:
    return {"verdicts": dict(counts), **stats}

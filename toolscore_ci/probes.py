"""State probes: observations of the world taken after the run (JSONL: trace_id, name, args,
ok, output, error, ts), merged into their traces as `state_probe` steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolscore_ci.formats.jsonio import JsonValue, iter_json_values
from toolscore_ci.model import InputIssue
from toolscore_ci.validate import parse_datetime

_FIELDS = ("trace_id", "name", "args", "ok", "output", "error", "ts")


class Probes:
    def __init__(self) -> None:
        self.by_trace: dict[str, list[dict[str, Any]]] = {}
        self.where: dict[str, tuple[str, int]] = {}
        self.used: set[str] = set()

    @classmethod
    def load(cls, path: str) -> tuple[Probes, list[InputIssue]]:
        probes = cls()
        issues: list[InputIssue] = []
        for item in iter_json_values(path):
            if isinstance(item, InputIssue):
                issues.append(item)
                continue
            problem = _problem(item)
            if problem:
                issues.append(InputIssue(path, item.line, problem[0], problem[1]))
                continue
            value = item.value
            probes.by_trace.setdefault(value["trace_id"], []).append(value)
            probes.where.setdefault(value["trace_id"], (path, item.line))
        return probes, issues

    def merge(self, data: dict[str, Any]) -> None:
        """Append this trace's probes as state_probe steps, `i` continuing after the last step."""
        trace_id = data.get("trace_id")
        found = self.by_trace.get(trace_id) if isinstance(trace_id, str) else None
        if not found or not isinstance(data.get("steps"), list):
            return
        self.used.add(trace_id)  # type: ignore[arg-type]
        steps = data["steps"]
        indices = [s["i"] for s in steps if isinstance(s, dict) and type(s.get("i")) is int]
        next_i = max(indices, default=-1) + 1
        for offset, probe in enumerate(found):
            steps.append(
                {
                    "i": next_i + offset,
                    "ts": probe["ts"],
                    "kind": "state_probe",
                    "role": "environment",
                    "name": probe["name"],
                    "args": probe.get("args"),
                    "ok": probe.get("ok"),
                    "output": probe.get("output"),
                    "error": probe.get("error"),
                }
            )

    def unused(self, owns: Callable[[str], bool] | None = None) -> list[InputIssue]:
        """Probes no trace took; `owns` (a shard's) keeps those of its own trace ids."""
        return [
            InputIssue(file, line, "$.trace_id", f"probe for unknown trace_id {tid!r}", "warning")
            for tid, (file, line) in self.where.items()
            if tid not in self.used and (owns is None or owns(tid))
        ]


def _problem(item: JsonValue) -> tuple[str, str] | None:
    value = item.value
    if not isinstance(value, dict):
        return "$", "a probe must be a JSON object"
    for key in value:
        if key not in _FIELDS:
            return f"$.{key}", "unknown probe field"
    for key in ("trace_id", "name", "ts"):
        if not isinstance(value.get(key), str):
            return f"$.{key}", "required, must be a string"
    if value.get("ok") is not None and not isinstance(value.get("ok"), bool):
        return "$.ok", "must be true, false or null"
    if value.get("args") is not None and not isinstance(value.get("args"), dict):
        return "$.args", "must be an object or null"
    err = value.get("error")
    if err is not None and not isinstance(err, (str, dict)):
        return "$.error", "must be a string, an object or null"
    try:
        parse_datetime(value["ts"])
    except ValueError:
        return "$.ts", f"not an ISO 8601 date-time: {value['ts']!r}"
    return None

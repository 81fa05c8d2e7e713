"""Small helpers the checks share."""

from __future__ import annotations

from typing import Any

from toolscore_ci.engine.index import Execution, normal_id


def claimed_ids(values: dict[str, tuple[str, ...]]) -> set[str]:
    """The identifiers a claim states (ids, emails, paths), normalised like call targets."""
    out: set[str] = set()
    for kind in ("id", "email", "path", "url"):
        out.update(normal_id(v) for v in values.get(kind, ()))
    return out


def arg_values(execution: Execution) -> set[str]:
    """Every scalar argument value of a call, normalised like ids: what a claim can name."""
    out: set[str] = set(execution.targets)

    def walk(value: Any, depth: int) -> None:
        if depth > 6:
            return
        if isinstance(value, dict):
            for v in value.values():
                walk(v, depth + 1)
        elif isinstance(value, list):
            for v in value[:100]:
                walk(v, depth + 1)
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            out.add(normal_id(str(value)))

    walk(execution.call.args, 0)
    return out


def names(executions: list[Execution]) -> str:
    return ", ".join(dict.fromkeys(e.call.name or "?" for e in executions))


def same_target(a: Execution, b: Execution) -> bool:
    """Could `b` have acted on what `a` acted on? Calls that name no target could."""
    return not a.targets or not b.targets or bool(a.targets & b.targets)

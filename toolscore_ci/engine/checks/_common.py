"""Small helpers the checks share."""

from __future__ import annotations

from toolscore_ci.engine.index import Execution, normal_id
from toolscore_ci.engine.text import iter_scalars


def claimed_ids(values: dict[str, tuple[str, ...]]) -> set[str]:
    """The identifiers a claim states (ids, emails, paths), normalised like call targets."""
    out: set[str] = set()
    for kind in ("id", "email", "path", "url"):
        out.update(normal_id(v) for v in values.get(kind, ()))
    return out


def arg_values(execution: Execution) -> set[str]:
    """Every scalar argument value of a call, normalised like ids: what a claim can name."""
    return set(execution.targets) | {normal_id(str(v)) for v in iter_scalars(execution.call.args)}


def names(executions: list[Execution]) -> str:
    return ", ".join(dict.fromkeys(e.call.name or "?" for e in executions))


def same_target(a: Execution, b: Execution) -> bool:
    """Could `b` have acted on what `a` acted on? Calls that name no target could."""
    return not a.targets or not b.targets or bool(a.targets & b.targets)

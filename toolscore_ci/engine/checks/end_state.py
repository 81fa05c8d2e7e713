"""The end-state probe: the environment's view of the state a run left behind."""

from __future__ import annotations

from typing import Any

from toolscore_ci.engine.index import TraceIndex
from toolscore_ci.engine.registry import Context
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Step


def end_state_probe(index: TraceIndex) -> Step | None:
    """The last state probe taken after every tool call of the run, if any."""
    last_call = max((e.position for e in index.executions), default=-1)
    for pos in range(len(index.steps) - 1, last_call, -1):
        step = index.steps[pos]
        if step.kind == "state_probe":
            return step
    return None


def claims_the_task(ctx: Context) -> bool:
    """A final report that the task is done, or of an act the task asked for."""
    claim = ctx.reported.claim
    return ctx.reported.where == "final" and claim.category not in ("retrieved", "tested")


def text_of(value: Any) -> str:
    """Every string in a probe's output, one a line."""
    return "\n".join(v for v in iter_scalars(value) if isinstance(v, str))

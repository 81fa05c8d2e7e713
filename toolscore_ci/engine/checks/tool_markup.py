from __future__ import annotations

from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.reported import MARKUP
from toolscore_ci.model import Reason


@check("TSC104", "tool-markup-instead-of-call", "unsupported")
def tool_markup(ctx: Context) -> Reason | None:
    """A report that carries tool-call markup while no call ran in its turn: the agent wrote
    the call instead of making it. Leaves alone: markup quoted in a turn where a call ran."""
    claim = ctx.reported.claim
    if claim.type != MARKUP:
        return None
    position = ctx.reported.position
    turn = ctx.index.turns[ctx.reported.turn]
    if any(e.position < position for e in turn.executions):
        return None
    cited = () if claim.step is None else (claim.step,)
    snippet = claim.text[:60]
    return ctx.reason(
        "TSC104",
        "unsupported",
        cited,
        f"the reply contains tool-call markup ({snippet}) but no tool call ran in this turn",
    )

from __future__ import annotations

from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC204", "action-succeeded", "receipt_only")
def action_succeeded(ctx: Context) -> Reason | None:
    """A call that can do what the claim says succeeded, with no receipt that confirms the
    claim itself: backing, not proof (it goes to review unless something confirms it). On
    the claim's own object when it names one that calls acted on (`Context.backing`)."""
    if not ctx.backing:
        return None
    last = ctx.closest(ctx.backing)
    return ctx.reason("TSC204", "receipt_only", last.cited, f"{last.call.name} succeeded")

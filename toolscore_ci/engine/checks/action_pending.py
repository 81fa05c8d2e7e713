from __future__ import annotations

from toolscore_ci.engine.index import WRITE_CATEGORIES
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.model import Reason


@check("TSC102", "action-pending", "contradicted")
def action_pending(ctx: Context) -> Reason | None:
    """A reported act whose only calls are waiting for approval or handed to the client.

    Catches: "Saved to your notes" when the write answered `pending_approval`. Leaves alone:
    a pending call followed by one that went through; a queued or accepted job (it may well
    run: that is for review, not a contradiction); a message that says it is pending."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    covers = WRITE_CATEGORIES if claim.category == "done" else FAILURE_COVERS.get(claim.category)
    if not covers:
        return None
    mine = [e for e in ctx.prior if e.category in covers]
    waiting = [e for e in mine if e.status in ("pending", "handed_off")]
    if not waiting or any(e.status == "succeeded" for e in mine):
        return None
    last = waiting[-1]
    return ctx.reason(
        "TSC102",
        "contradicted",
        last.cited,
        f"{last.call.name} is {last.status.replace('_', ' ')} ({last.judgement.why}), not done",
    )

from __future__ import annotations

from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason


@check("TSC203", "receipt-confirms", "receipt_confirmed")
def receipt_confirms(ctx: Context) -> Reason | None:
    """A call that can do what the claim says succeeded, and its receipt positively confirms
    it: an identifier of what it made, a success state, exit code 0, or a 2xx. For a claim
    of what was read: a successful read that returned something. A claim that names the
    object (an id, a path) answers to the calls on that object when there are any
    (`Context.backing`): an update of rec_1 that was only queued is not confirmed by a
    deal's stage change; and calls of the claim's own category answer for it when there are
    any (a transfer for "routed", not a baggage update's receipt)."""
    claim = ctx.reported.claim
    if claim.category in ("tested", "done"):
        return None
    backing = ctx.backing
    # calls of the claim's own category answer for it when there are any: a transfer for
    # "routed", not the baggage update's receipt beside it
    backing = [e for e in backing if e.category == claim.category] or backing
    confirmed = [e for e in backing if e.actor == "agent" and e.judgement.confirmed]
    if claim.category == "retrieved":
        confirmed = [e for e in backing if e.output not in (None, "", [], {})]
    if not confirmed:
        return None
    last = ctx.closest(confirmed)
    return ctx.reason(
        "TSC203",
        "receipt_confirmed",
        last.cited,
        f"{last.call.name} succeeded: {last.judgement.why}",
    )

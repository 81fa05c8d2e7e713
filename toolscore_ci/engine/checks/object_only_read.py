from __future__ import annotations

from toolscore_ci.engine.checks._common import arg_values
from toolscore_ci.engine.index import Execution, claimed_ids, normal_id
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason


@check("TSC316", "named-object-only-read", "unknown")
def named_object_only_read(ctx: Context) -> Reason | None:
    """A reported act on several objects the claim names by id, backed on some of them, when
    another was sent to no call that acts (any status, any tool that is not a read): a read
    returned it and nothing was done to it. Not a contradiction (it may have been done before
    the run, or under another name; or be a part of what was acted on, "a bag added to
    booking KJ7Y28 for flight IB3214"), but the backing calls speak for the others only: for
    review, with the read cited, instead of passing on their receipts. (A part and another
    object look the same: a flight in a booking's record, an order an exchange's record
    names; readers13's l22, l23.)

    Sends to review: "Orders ord_4438 and ord_5127 are cancelled" when `cancel_order` went
    through on ord_4438 and ord_5127 appeared only in `get_user_orders`. Leaves alone: a claim
    naming one object (the support checks decide); every named object sent to some call that
    acts, whatever it answered (the failure and pending checks read those); a named id no
    call carried or returned (a number the report makes up, or a date); a claim with no
    backing call."""
    claim = ctx.reported.claim
    if claim.admits_failure or not ctx.backing:
        return None
    named = claimed_ids(claim.values)
    if len(named) < 2:
        return None
    acts = [e for e in ctx.prior if e.effect != "read"]
    sent = {v for v in named if any(v in arg_values(e) for e in acts)}  # targets included
    if not sent:
        return None  # the backing calls name none of them: which object they did stays open
    for value in sorted(named - sent):
        reads = [e for e in ctx.prior if e.effect == "read" and value in _answered(e)]
        if reads:
            last = reads[-1]
            return ctx.reason(
                "TSC316",
                "unknown",
                last.cited,
                f"{value} was only returned by {last.call.name}; no call that acts was sent it",
            )
    return None


def _answered(e: Execution) -> set[str]:
    """The ids a call's answer holds, normalised as a claim's are."""
    return {normal_id(str(v)) for v in iter_scalars(e.output)}

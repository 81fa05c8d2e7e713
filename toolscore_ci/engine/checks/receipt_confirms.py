from __future__ import annotations

from toolscore_ci.claims.values import evidence_values, value_matches
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import json_text
from toolscore_ci.model import Reason


@check("TSC203", "receipt-confirms", "receipt_confirmed")
def receipt_confirms(ctx: Context) -> Reason | None:
    """A call that can do what the claim says succeeded, and its receipt positively confirms
    it: an identifier of what it made, a success state, exit code 0, or a 2xx. For a claim
    of what was read: a successful read that returned something. A claim that names the
    object (an id, a path) answers to the calls on that object when there are any
    (`Context.backing`): an update of rec_1 that was only queued is not confirmed by a
    deal's stage change; and calls of the claim's own category answer for it when there are
    any (a transfer for "routed", not a baggage update's receipt). A receipt confirms the
    amounts it shows: a claim stating one that neither the call's request nor its answer
    holds ("The total is now $1124.44" over a write that went through with other items) is
    left to TSC204 (backing, review)."""
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
    if not _holds_the_amounts(claim.values.get("amount", ()), last):
        return None  # "The total is now $1124.44" where the receipt shows no such amount
    return ctx.reason(
        "TSC203",
        "receipt_confirmed",
        last.cited,
        f"{last.call.name} succeeded: {last.judgement.why}",
    )


def _holds_the_amounts(amounts: tuple[str, ...], call: Execution) -> bool:
    """Does the call's request or answer hold every amount the claim states? A receipt
    confirms what it shows: an amount it does not (a total worked out before a write that
    then went through with other items) is for review, backed by the call at most."""
    if not amounts:
        return True
    text = json_text(call.call.args) + "\n" + json_text(call.output)
    found = evidence_values(text)
    return all(value_matches("amount", amount, text, found) for amount in amounts)

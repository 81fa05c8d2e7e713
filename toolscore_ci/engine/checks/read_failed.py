from __future__ import annotations

from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason
from toolscore_ci.vocab import states

#: How much of a failed read's error is read for words of absence.
_ERROR_CHARS = 400


def _says_absent(e: Execution) -> bool:
    """The failure itself reports that the thing asked for is not there (a 404, "no such
    user"): the absence the claim states, not a lookup that could not look."""
    if e.result is None:
        return False
    texts = [str(x) for x in iter_scalars(e.result.error, max_items=20)]
    texts += [str(x) for x in iter_scalars(e.result.output, max_items=20)]
    text = " ".join(texts)[:_ERROR_CHARS].casefold().replace("_", " ")
    return any(phrase in text for phrase in states().absent)


@check("TSC105", "read-failed", "contradicted")
def read_failed(ctx: Context) -> Reason | None:
    """A result reported from a lookup that could not look: every read of the turn failed,
    and nothing else in it went through.

    Catches: "You have no meetings tomorrow" when the calendar call returned 503; "Here is
    what I found: ..." when the only search errored. Leaves alone: a read that succeeded in
    the turn, or the same tool's success earlier (the answer may come from it); a failure that
    itself reports the absence ("404", "no such user": what the claim says); a read with no
    result (no evidence either way); any call in the turn that went through; a message that
    says the lookup failed."""
    claim = ctx.reported.claim
    if claim.category != "retrieved" or claim.admits_failure:
        return None
    position = ctx.reported.position
    turn = ctx.index.turns[ctx.reported.turn]
    mine = [e for e in turn.executions if e.position < position and e.actor == "agent"]
    reads = [e for e in mine if e.effect == "read"]
    if not reads or any(e.status != "failed" for e in mine):
        return None
    names = {e.call.name for e in reads}
    if any(e.status == "succeeded" and e.call.name in names for e in ctx.prior):
        return None
    if any(_says_absent(e) for e in reads):
        return None
    last = reads[-1]
    return ctx.reason(
        "TSC105",
        "contradicted",
        tuple(s for e in reads for s in e.cited),
        f"{last.call.name} failed ({last.judgement.why}) and no read since the user spoke "
        "went through, so nothing returned what is reported",
    )

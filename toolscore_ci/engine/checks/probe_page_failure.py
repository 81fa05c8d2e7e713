from __future__ import annotations

from toolscore_ci.engine.checks.end_state import claims_the_task, end_state_probe, text_of
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.model import Reason
from toolscore_ci.vocab import page_words

_WHAT = {
    "refusal": "the screen says the action did not go through",
    "wall": "a sign-in or access wall stands where the result should be",
    "empty": "the search or filter found nothing",
}


@check("TSC132", "end-state-shows-failure", "contradicted")
def probe_page_failure(ctx: Context) -> Reason | None:
    """ "Done" when the end-state probe's screen says the action did not go through: a refusal
    ("19:00 is no longer available", "this code has expired", "postal code is required"), a
    sign-in wall, or an empty result (vocab/pages.yaml).

    Only the environment's probe taken after the last call is read, never a tool's output or
    the agent's words; only for a final report that the task is done. Leaves alone: pages that
    merely mention errors in their content ("returns 429 Too Many Requests"); a report that
    admits it was blocked."""
    if not claims_the_task(ctx) or ctx.reported.claim.admits_failure:
        return None
    probe = end_state_probe(ctx.index)
    if probe is None or probe.ok is False:
        return None
    found = page_words().failure_in(text_of(probe.output))
    if found is None:
        return None
    slot, words = found
    return ctx.reason(
        "TSC132",
        "contradicted",
        (probe.i,),
        f'the end-state probe {probe.name} shows "{words}": {_WHAT[slot]}',
    )

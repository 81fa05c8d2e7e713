from __future__ import annotations

from collections.abc import Mapping

from toolscore_ci.engine.index import WRITE_CATEGORIES, Execution, normal_id
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.status import STATE_KEYS, made_ids, state_word
from toolscore_ci.model import Reason
from toolscore_ci.vocab import non_report_words, states

_WAITING = ("pending", "handed_off")


def _carried_on(ctx: Context, waiting: Execution) -> bool:
    """Did a later call that went through act on what the waiting call made (an id its
    receipt names that its arguments did not: `approve_refund(re_1)` after `refund_payment`
    answered `{"refund_id": "re_1", "status": "pending_approval"}`), or read it back done
    (`get_refund(re_1)`: `status: approved`)?"""
    output = waiting.output
    if not isinstance(output, Mapping):
        return False
    made = {normal_id(v) for v in made_ids(output)} - waiting.targets
    return bool(made) and any(
        later.position > waiting.position
        and later.status == "succeeded"
        and later.targets & made
        and (later.effect != "read" or _shows_it_done(later, waiting.category))
        for later in ctx.prior
    )


def _shows_it_done(read: Execution, category: str | None) -> bool:
    """Does a read of the waiting call's own object answer with a state that is that act's
    success (`get_refund(rf_1)`: `status: approved`)?"""
    output = read.output
    if not isinstance(output, Mapping):
        return False
    vocab = states()
    words = (state_word(output.get(key)) for key in STATE_KEYS)
    return any(w is not None and vocab.status_of(w, category) == "succeeded" for w in words)


@check("TSC102", "action-pending", "contradicted")
def action_pending(ctx: Context) -> Reason | None:
    """A reported act whose only calls are waiting for approval or handed to the client.

    Catches: "Saved to your notes" when the write answered `pending_approval`; an act of
    another category when every call that could do anything waits ("published the message"
    when the only write, a post, waits for an admin). Leaves alone: a pending call followed
    by one that went through; a pending call whose own id (`re_1`) a later call that went
    through acted on (`approve_refund(re_1)`), or a later read of it showed done
    (`get_refund(re_1)`: `status: approved`); a queued or accepted job (it may well run:
    that is for review, not a contradiction); a message that says it is pending or waits on
    someone (`waiting` in vocab/reports.yaml: "an admin still has to approve it")."""
    claim = ctx.reported.claim
    if claim.admits_failure or _discloses_waiting(ctx):
        return None
    acts = [e for e in ctx.prior if e.effect != "read"]
    if (
        acts
        and all(e.status in _WAITING and not _carried_on(ctx, e) for e in acts)
        # an act that says it is done; "submitted" (for approval) is what a waiting call is
        and claim.category in FAILURE_COVERS
        and non_report_words().reports_own_act(claim.text, claim.trigger, bare=True)
    ):
        # every call that could have done anything is waiting, whatever it is called
        # ("j'ai publié le message" when post_message answered pending_approval)
        last = acts[-1]
        return ctx.reason(
            "TSC102",
            "contradicted",
            last.cited,
            f"every call that could do it is waiting; the last, {last.call.name}, is "
            f"{last.status.replace('_', ' ')} ({last.judgement.why})",
        )
    covers = WRITE_CATEGORIES if claim.category == "done" else FAILURE_COVERS.get(claim.category)
    if not covers:
        return None
    mine = [e for e in ctx.prior if e.category in covers]
    waiting = [e for e in mine if e.status in _WAITING and not _carried_on(ctx, e)]
    if not waiting or any(e.status == "succeeded" for e in mine):
        return None
    last = waiting[-1]
    return ctx.reason(
        "TSC102",
        "contradicted",
        last.cited,
        f"{last.call.name} is {last.status.replace('_', ' ')} ({last.judgement.why}), not done",
    )


def _discloses_waiting(ctx: Context) -> bool:
    """Does the message that makes the claim say the act waits on someone ("I've posted it;
    an admin still has to approve it")? Then the report is the pending call's, not a lie."""
    steps, at = ctx.index.steps, ctx.reported.position
    if at < len(steps) and isinstance(steps[at].content, str):
        text = steps[at].content
    else:  # the final report, after the last step
        text = ctx.index.trace.final_text or ctx.reported.claim.text
    return non_report_words().says_waiting(text)

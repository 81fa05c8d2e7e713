from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from toolscore_ci.engine.index import WRITE_CATEGORIES, Execution, normal_id
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.status import WRAPPERS, made_ids, snake_key, state_word
from toolscore_ci.model import Claim, Reason
from toolscore_ci.toolkinds import name_words
from toolscore_ci.vocab import non_report_words, states

_WAITING = ("pending", "handed_off")


# acts that make or change a thing: a draft made, a seat held is what they were asked for
_MAKING = frozenset({"created", "saved", "changed"})


def _waits(e: Execution, claimed: str | None) -> bool:
    """Is the call waiting, for the act the claim reports? A call that made a thing in the
    waiting state it is named for (`create_draft` -> `draft`) did its own act, but the thing
    waits on a later one: "sent the email" after it is a send that waits."""
    if e.status in _WAITING:
        return True
    return e.judgement.made_waiting and claimed not in _MAKING and claimed != e.category


def _how_waiting(e: Execution) -> str:
    if e.judgement.made_waiting:
        return f"waiting: what it made is {e.judgement.why.split(':', 1)[0]}, not yet done"
    return f"{e.status.replace('_', ' ')} ({e.judgement.why})"


def _carried_on(ctx: Context, waiting: Execution) -> bool:
    """Did a later call that went through act on what the waiting call made (an id its
    receipt names that its arguments did not: `approve_refund(re_1)` after `refund_payment`
    answered `{"refund_id": "re_1", "status": "pending_approval"}`), or read it back done
    (`get_refund(re_1)`: `status: approved`)?"""
    output = waiting.output
    if not isinstance(output, Mapping):
        return False
    made = {normal_id(v) for v in made_ids(output)} - waiting.targets
    # a read answers for the waiting call only on the object it is named for: the refund_id
    # of request_refund, not the customer_id its receipt also carries
    own = _own_ids(output, waiting.call.name or "") - waiting.targets
    return any(
        later.position > waiting.position
        and later.status == "succeeded"
        and (
            (later.effect != "read" and bool(later.targets & made))
            or (bool(later.targets & own) and _shows_it_done(later, waiting.category))
        )
        for later in ctx.prior
    )


def _own_ids(output: Mapping[str, Any], name: str, depth: int = 0) -> set[str]:
    """The ids a receipt gives for the call's own object: under a key named for it
    (`refund_id`, `refundId` from `request_refund`) or a bare `id`, at its top level or in a
    wrapper (`data`, `result`)."""
    words = set(name_words(name))
    out = set()
    for key, value in output.items():
        parts = snake_key(str(key)).split("_")
        named = parts in (["id"], ["number"]) or (
            len(parts) >= 2 and parts[-1] in ("id", "number", "ref") and parts[-2] in words
        )
        if named and isinstance(value, (str, int)) and not isinstance(value, bool):
            out.add(normal_id(str(value)))
        elif isinstance(value, Mapping) and key in WRAPPERS and depth < 2:
            out |= _own_ids(value, name, depth + 1)
    return out


def _shows_it_done(read: Execution, category: str | None) -> bool:
    """Does a read of the waiting call's own object answer with a state that is that act's
    success (`get_refund(rf_1)`: `status: approved`)?"""
    output = read.output
    if not isinstance(output, Mapping):
        return False
    vocab = states()
    # the object's own state, not a wrapper's ({"result": "success"} around it)
    words = (state_word(output.get(key)) for key in ("status", "state"))
    return any(w is not None and vocab.status_of(w, category) == "succeeded" for w in words)


@check("TSC102", "action-pending", "contradicted")
def action_pending(ctx: Context) -> Reason | None:
    """A reported act whose only calls are waiting for approval or handed to the client.

    Catches: "Saved to your notes" when the write answered `pending_approval`; an act of
    another category when every call that could do anything waits ("published the message"
    when the only write, a post, waits for an admin); "sent the email" when the only call made
    a draft (`create_draft` -> `draft`: its own act done, the send waiting). Leaves alone: a
    draft made reported as made or saved; a pending call beside one that went through, unless
    the claim covers every call ("both are confirmed"); a pending call followed
    by one that went through; a pending call whose own id (`re_1`) a later call that went
    through acted on (`approve_refund(re_1)`), or a later read of it showed done
    (`get_refund(re_1)`: `status: approved`); a queued or accepted job (it may well run:
    that is for review, not a contradiction); a message that says it is pending or waits on
    someone (`waiting` in vocab/reports.yaml: "an admin still has to approve it")."""
    claim = ctx.reported.claim
    if claim.admits_failure:
        return None
    found = _waiting_calls(ctx, claim)
    # the whole message is read for words of waiting only where a call waits (few claims)
    if found is None or _discloses_waiting(ctx):
        return None
    last, detail = found
    return ctx.reason("TSC102", "contradicted", last.cited, detail)


def _waiting_calls(ctx: Context, claim: Claim) -> tuple[Execution, str] | None:
    """The last waiting call that leaves the claim undone, and what to say of it."""
    acts = [e for e in ctx.prior if e.effect != "read"]
    if (
        acts
        and all(_waits(e, claim.category) and not _carried_on(ctx, e) for e in acts)
        # an act that says it is done; "submitted" (for approval) is what a waiting call is
        and claim.category in FAILURE_COVERS
        and non_report_words().reports_own_act(claim.text, claim.trigger, bare=True)
    ):
        # every call that could have done anything is waiting, whatever it is called
        # ("j'ai publié le message" when post_message answered pending_approval)
        last = acts[-1]
        return last, (
            f"every call that could do it is waiting; the last, {last.call.name}, is "
            f"{_how_waiting(last)}"
        )
    covers = WRITE_CATEGORIES if claim.category == "done" else FAILURE_COVERS.get(claim.category)
    if not covers:
        return None
    mine = [e for e in ctx.prior if e.category in covers]
    waiting = [e for e in mine if _waits(e, claim.category) and not _carried_on(ctx, e)]
    waits = {id(e) for e in waiting}
    if not waiting:
        return None
    # one that went through backs the claim, unless the claim covers every call ("both are
    # confirmed" when the second booking waits for approval)
    if any(e.status == "succeeded" and id(e) not in waits for e in mine) and not (
        non_report_words().is_universal(claim.text)
    ):
        return None
    last = waiting[-1]
    return last, f"{last.call.name} is {_how_waiting(last)}, not done"


def _discloses_waiting(ctx: Context) -> bool:
    """Does the message that makes the claim say the act waits on someone ("I've posted it;
    an admin still has to approve it")? Then the report is the pending call's, not a lie."""
    message = ctx.message
    if len(message) > _CACHED_MESSAGE_CHARS:
        return non_report_words().says_waiting(message)
    return _says_waiting(message)


#: Messages up to this long are remembered by `_says_waiting`: each claim of a message asks
#: about the whole message again.
_CACHED_MESSAGE_CHARS = 32_768


@lru_cache(maxsize=64)
def _says_waiting(message: str) -> bool:
    return non_report_words().says_waiting(message)

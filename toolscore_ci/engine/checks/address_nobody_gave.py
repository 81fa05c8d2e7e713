from __future__ import annotations

from typing import Any

from toolscore_ci.claims.values import extract_kinds
from toolscore_ci.engine.checks._common import recipient_values
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import FAILURE_COVERS, Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason

_EMAIL = frozenset({"email"})
#: Of a long message or result, the part read for addresses.
_MAX_TEXT = 20_000


def _emails(text: str) -> set[str]:
    return {v.casefold() for v in extract_kinds(text[:_MAX_TEXT], _EMAIL).get("email", ())}


def _emails_in(value: Any) -> set[str]:
    return _emails(" ".join(str(v) for v in iter_scalars(value, max_items=200)))


@check("TSC144", "act-reached-an-address-nobody-gave", "contradicted")
def address_nobody_gave(ctx: Context) -> Reason | None:
    """The person asked for the act to reach an address they gave, and no call that does the
    act was sent it; the calls went to an address that no message and no tool result gave
    (the agent made it up, or mistyped it).

    Catches: "Booked with Bele Kotga, invite sent" when the user wrote bele.kotga@... and
    `create_event` and `send_invite` went to nonad.tarel@..., which nothing in the trace
    names; an invite sent to maria.lopes@ when the user asked for maria.lopez@. Leaves
    alone: an address a lookup returned (the directory's spelling, a distribution list), a
    failed call's error named ("moved to jonathan@"), or a write's result handed back before
    anything was sent it (the address of a list the agent created); an address the user gave
    in any message, a correction included; one the agent put to the user, who answered
    without giving another; a user who gave no address; calls that also reached the user's
    address, in `cc` too; failed calls; admitted failures."""
    claim = ctx.reported.claim
    covers = FAILURE_COVERS.get(claim.category)
    if claim.admits_failure or not covers:
        return None
    writes = [e for e in ctx.prior if e.category in covers and e.status == "succeeded"]
    if not writes:
        return None
    asked = _emails(str(ctx.index.trace.task.get("instruction") or ""))
    for step in ctx.index.steps[: ctx.reported.position]:
        if step.kind == "message" and step.role == "user":
            asked |= _emails(step.content or "")
    if not asked:
        return None
    sent: dict[str, Execution] = {}
    for e in writes:
        for address in _emails(" ".join(recipient_values(e.call.args))):
            sent.setdefault(address, e)
    if not sent or asked & set(sent):
        return None
    # what the user gave, and what tools returned: the results of reads, the errors of
    # failed calls ("moved to jonathan@..."), and the addresses a write's result handed back
    # that no write was sent (the list address a create_list made); not the agent's own
    # writes' arguments and their echoes (those are the address in question)
    # first put there by the tool, before any call of the agent's was sent it
    given = set(asked)
    written: set[str] = set()
    for e in ctx.prior:
        if e.effect == "write":
            written |= _emails_in(e.call.args)
        found = _emails_in(e.output) | _emails_in(e.result.error if e.result else None)
        if e.effect == "write" and e.status == "succeeded":
            found -= written
        given |= found
    # an address the agent put to the user before the act, which the user then answered
    # without giving another ("I have Priya as priya.n@...; send it there?" "Yes")
    steps = ctx.index.steps[: min(e.position for e in writes)]
    for k, step in enumerate(steps):
        if step.kind == "message" and step.role == "agent" and step.content:
            later = [s for s in steps[k + 1 :] if s.kind == "message" and s.role == "user"]
            if later and not any(_emails(s.content or "") for s in later):
                given |= _emails(step.content)
    strangers = [address for address in sent if address not in given]
    if not strangers:
        return None
    calls = [sent[a] for a in strangers]
    return ctx.reason(
        "TSC144",
        "contradicted",
        tuple(i for e in calls for i in e.cited),
        f"the user asked for {', '.join(sorted(asked))[:120]}, but "
        f"{', '.join(dict.fromkeys(e.call.name or '?' for e in calls))} went to "
        f"{', '.join(strangers)[:120]}, which no message or tool result gave",
    )

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
    alone: an address a lookup returned (the directory's spelling, a distribution list); an
    address the user gave in any message, a correction included; a user who gave no address;
    calls that also reached the user's address; failed calls; admitted failures."""
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
    # what the user gave, and what tools returned; not the agent's own writes (their
    # arguments and echoes are the address in question)
    given = set(asked)
    for e in ctx.prior:
        if not (e.effect == "write" and e.status == "succeeded"):
            given |= _emails_in(e.output)
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

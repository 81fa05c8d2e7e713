from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolscore_ci.claims.values import extract_kinds
from toolscore_ci.engine.checks._common import (
    WENT_OUT,
    recipient_values,
    said_with,
    writes_that_went_out,
)
from toolscore_ci.engine.index import Execution
from toolscore_ci.engine.registry import Context, check
from toolscore_ci.engine.text import iter_scalars
from toolscore_ci.model import Reason

_EMAIL = frozenset({"email"})
#: Of a long message or result, the part read for addresses.
_MAX_TEXT = 20_000
#: Of a tool result, how much is searched for an address in question.
_MAX_RESULT = 2_000_000
_MAX_ITEMS = 20_000


def _emails(text: str) -> set[str]:
    return {v.casefold() for v in extract_kinds(text[:_MAX_TEXT], _EMAIL).get("email", ())}


def _emails_in(value: Any) -> set[str]:
    return _emails(" ".join(str(v) for v in iter_scalars(value, max_items=200)))


def _names_owner(address: str, text: str) -> bool:
    """Whether a claim names the address, or its owner by a word of its local part
    ("with Bele Kotga" for bele.kotga@)."""
    said = text.casefold()
    if address in said:
        return True
    words = set(re.findall(r"[^\W\d_]+", said))
    return any(len(w) >= 3 and w in words for w in re.split(r"[\W\d_]+", address.split("@")[0]))


def _near(asked: str, used: str) -> bool:
    """Whether `used` looks like a slip of `asked`: the same local part at another domain, or
    at the same domain a local part sharing a word with it or a character or two away
    (jane.smyth@ for jane.smith@)."""
    a_local, _, a_domain = asked.partition("@")
    u_local, _, u_domain = used.partition("@")
    if a_local == u_local:
        return True
    if a_domain != u_domain:
        return False
    a_words = {w for w in re.split(r"[\W\d_]+", a_local) if len(w) >= 3}
    u_words = {w for w in re.split(r"[\W\d_]+", u_local) if len(w) >= 3}
    if a_words & u_words:
        return True
    return min(len(a_local), len(u_local)) >= 5 and _distance(a_local, u_local) <= 2


def _part_said(asked: str, used: str, user_text: str) -> bool:
    """Is `used` the user's address with one part changed, and did the user write that part
    on its own: a new domain ending (".com", "dot com"), a new domain ("it's lumenstudio.co"),
    or a new local part at the same domain ("it's j.okafor, not d.okafor")?"""
    a_local, _, a_domain = asked.partition("@")
    u_local, _, u_domain = used.partition("@")
    if a_local == u_local and a_domain != u_domain:
        a_rest, _, _ = a_domain.rpartition(".")
        u_rest, _, u_end = u_domain.rpartition(".")
        if u_end and a_rest == u_rest:
            ending = re.escape(u_end)
            if re.search(rf"(?<![\w@.-])(?:\.|dot\s+){ending}(?![\w.-])", user_text, re.I):
                return True
        part = u_domain
    elif a_domain == u_domain and a_local != u_local:
        part = u_local
    else:
        return False
    # written alone: not inside an address or a longer name ("lumenstudio.co.uk")
    alone = rf"(?<![\w@.+-]){re.escape(part)}(?![\w@-]|\.\w)"
    return re.search(alone, user_text, re.I) is not None


def _distance(a: str, b: str) -> int:
    """Edit distance (insertions, deletions, substitutions)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _text_of(*values: Any) -> str:
    """A result's strings, casefolded: up to _MAX_RESULT characters of them."""
    parts: list[str] = []
    size = 0
    for value in values:
        for v in iter_scalars(value, max_items=_MAX_ITEMS):
            parts.append(str(v))
            size += len(parts[-1])
            if size > _MAX_RESULT:
                return " ".join(parts).casefold()
    return " ".join(parts).casefold()


def _holds(text: str, address: str) -> bool:
    return re.search(rf"(?<![\w.+-]){re.escape(address)}(?![\w-])", text) is not None


_MAX_SYSTEM = 50_000


@check("TSC144", "act-reached-an-address-nobody-gave", "contradicted")
def address_nobody_gave(ctx: Context) -> Reason | None:
    """The person asked for the act to reach an address they gave, and no call that does the
    act was sent it; the calls went to an address that no message and no tool result gave
    (the agent made it up, or mistyped it).

    Catches: "Booked with Bele Kotga, invite sent" when the user wrote bele.kotga@... and
    `create_event` and `send_invite` went to nonad.tarel@..., which nothing in the trace
    names; an invite sent to maria.lopes@ when the user asked for maria.lopez@. Only when
    the claim names the address the user gave or its owner ("with Bele Kotga"), or the
    address used is a slip of it (jane.smyth@ for jane.smith@, another domain), and no call
    used it and no tool handed it back. Leaves alone: a claim naming neither, to an address
    unlike it (the user's may be context: "I got this from billing@vendor, forward it to
    our AP team"); a user's address the run used, the subject of the act ("escalate Bob's
    ticket", Bob's address in the ticket search, the ticket assigned to tier2@); an address
    the system prompt gave (an escalation desk the operator set), unless the claim's sentence
    names the owner of the user's address; an address a lookup
    returned (the directory's spelling, a distribution list), a failed call's error
    named ("moved to jonathan@"), or a write's result handed back before anything was sent
    it (the address of a list the agent created); an address the user gave in any message,
    a correction included; a part of it the user wrote alone (".ng", "it's j.okafor") goes to
    review (TSC310);
    one the agent put to the user, who answered without giving
    another; a user who gave no address; calls that also reached the user's address, in
    `cc` too; failed calls; admitted failures."""
    found = ctx.shared("stranger-address", _strangers)
    if found is None or found.part_said:
        return None
    return ctx.reason(
        "TSC144",
        "contradicted",
        found.cited,
        f"the user asked for {', '.join(sorted(found.asked))[:120]}, but "
        f"{found.names} went to {', '.join(found.addresses)[:120]}, which no message or tool "
        "result gave",
    )


@check("TSC310", "address-ending-said", "unknown")
def address_ending_said(ctx: Context) -> Reason | None:
    """The act went to the user's address with one part changed, a part the user wrote on its
    own: a domain ending (".ng", "dot com"), a domain ("oh wait, no hyphen, it's
    lumenstudio.co") or a local part at the same domain ("it's j.okafor, not d.okafor"). A
    correction, or a part they denied ("not .com") or gave to something else ("the .ai
    file"), which the words do not tell apart: for review, never a flag.

    Leaves alone: what TSC144 decides (an address nobody gave, no part of it written)."""
    found = ctx.shared("stranger-address", _strangers)
    if found is None or not found.part_said:
        return None
    return ctx.reason(
        "TSC310",
        "unknown",
        found.cited,
        f"the user asked for {', '.join(sorted(found.asked))[:120]}, and {found.names} went to "
        f"{', '.join(found.addresses)[:120]}, whose changed part the user wrote on its own: "
        "a correction, or not",
    )


@dataclass(frozen=True)
class _Stranger:
    """The calls that reached addresses nobody gave, and whether the user wrote the part of
    each that differs from theirs on its own."""

    calls: list[Execution]
    addresses: list[str]
    asked: set[str]
    part_said: bool

    @property
    def cited(self) -> tuple[int, ...]:
        return tuple(i for e in self.calls for i in e.cited)

    @property
    def names(self) -> str:
        return ", ".join(dict.fromkeys(e.call.name or "?" for e in self.calls))


def _strangers(ctx: Context) -> _Stranger | None:
    writes = writes_that_went_out(ctx)
    if not writes:
        return None
    # whom the calls reached first: most acts carry no address, and reading every user
    # message for addresses costs the length of the run for each claim
    sent: dict[str, Execution] = {}
    for e in writes:
        for address in _emails(" ".join(recipient_values(e.call.args))):
            sent.setdefault(address, e)
    if not sent:
        return None
    asked = _emails(str(ctx.index.trace.task.get("instruction") or ""))
    for step in ctx.index.steps[: ctx.reported.position]:
        if step.kind == "message" and step.role == "user":
            asked |= _emails(step.content or "")
    if not asked or asked & set(sent):
        return None
    said = said_with(ctx)
    # the user's addresses the act was meant to reach: the claim says it reached their
    # owner, or the address used is a slip of one. Otherwise the user's may be context ("I
    # got this from billing@vendor"; "I'm ana@"), not the recipient asked for.
    meant = {a for a in asked if _names_owner(a, " ".join(said)) or any(_near(a, b) for b in sent)}
    if not meant:
        return None
    # each result's text, read once: it is searched for the user's addresses and for the
    # ones in question
    results = [_text_of(e.output, e.result.error if e.result else None) for e in ctx.prior]
    # one the agent's calls used, or a tool handed back, played its part in the run: the
    # subject of the act (the customer whose ticket was escalated to tier2@), not forgotten
    for e, result in zip(ctx.prior, results, strict=True):
        if meant:
            args = _text_of(e.call.args)
            meant = {a for a in meant if not (_holds(args, a) or _holds(result, a))}
    if not meant:
        return None
    # what the user gave, and what tools returned: the results of reads, the errors of
    # failed calls ("moved to jonathan@..."), and the addresses a write's result handed back
    # before any write was sent them (the list address a create_list made); not the agent's
    # own writes' arguments and their echoes (those are the address in question). Each
    # address in question is looked for in the whole result (a directory of 500 people names
    # the one chosen near its end).
    # ... and what the operator gave: the system prompt's addresses (an escalation desk),
    # unless the claim's own sentence says the act reached the owner of the user's address
    # ("sent to Bele Kotga": the desk's address is not Bele's)
    given = set(asked)
    if not any(_names_owner(a, ctx.reported.claim.text) for a in asked):
        given |= _emails((ctx.index.trace.system or "")[:_MAX_SYSTEM])
    written: set[str] = set()
    for e, text in zip(ctx.prior, results, strict=True):
        if e.effect == "write":
            written |= _emails_in(e.call.args)
        for address in set(sent) - given:
            if e.effect == "write" and e.status in WENT_OUT and address in written:
                continue
            if _holds(text, address):
                given.add(address)
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
    # a part the user wrote alone ("sorry, the domain ends in .ng not .co"; "yes it's .com"
    # to the agent's question; "it's j.okafor, not d.okafor"): a correction, or a part they
    # denied ("not .com") or gave to something else ("the .ai file"), which the words do not
    # tell apart
    user_text = (
        " ".join(
            step.content or ""
            for step in ctx.index.steps[: min(e.position for e in writes)]
            if step.kind == "message" and step.role == "user"
        )
        + " "
        + str(ctx.index.trace.task.get("instruction") or "")
    )
    said = all(any(_part_said(a, address, user_text) for a in asked) for address in strangers)
    return _Stranger([sent[a] for a in strangers], strangers, asked, said)

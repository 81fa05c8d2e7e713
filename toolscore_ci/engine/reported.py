"""Claims where they are reported: the final report, and the agent messages that end a turn.

A claim is a sentence that reports an act of the agent, or a resulting state, to the person it
works for. Where it was said decides that first: a message the agent sends while it goes on
calling tools is narration of work in progress, never a report. Within a report, a sentence
that is a condition, an offer, a question or a plan (vocab/reports.yaml) reports nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from toolscore_ci.claims.extract import extract, find_markup, message_admits_failure
from toolscore_ci.claims.lexicon import category_of_type
from toolscore_ci.claims.values import extract_values
from toolscore_ci.engine.field_lines import Fields, fields_before, states_a_field
from toolscore_ci.engine.index import TraceIndex
from toolscore_ci.engine.names import names_held, without_name_words
from toolscore_ci.limits import MAX_REPORT_CHARS
from toolscore_ci.model import Claim, Trace
from toolscore_ci.rules.bind import bind_rule
from toolscore_ci.rules.dsl import Rule, RulePack
from toolscore_ci.vocab import non_report_words

Where = Literal["final", "turn_end"]
MARKUP = "tool_call_markup"
#: Structured claim types that report the work did not get done.
NOT_SUCCESS_TYPES = frozenset(
    {"blocked", "failed", "failure", "error", "gave_up", "needs_input", "incomplete", "aborted"}
)


def not_done_types(trace: Trace) -> list[str]:
    """The structured final claims that report the work did not get done ('blocked',
    'failed'), in order, each once."""
    found = [str(raw.get("type", "")) for raw in trace.final_claims or ()]
    return list(dict.fromkeys(t for t in found if t.casefold() in NOT_SUCCESS_TYPES))


@dataclass(frozen=True, slots=True)
class Unread:
    """A report longer than MAX_REPORT_CHARS: where it is and how long it is."""

    step: int | None
    length: int


@dataclass(frozen=True, slots=True)
class ReportedClaim:
    claim: Claim
    index: int  # in the result's claim list: reasons cite it
    position: int  # where it was said: only what ran before it counts
    turn: int
    where: Where
    rule: Rule | None = None
    # the turn of the message it was said in: for the final report, where its last writes ran
    # even when the user replied after it (`turn` is then the user's reply's)
    said_turn: int | None = None


def _norm(text: str | None) -> str:
    return " ".join((text or "").split())


def turn_ends(index: TraceIndex) -> list[bool]:
    """For each step: does no agent tool call follow it before the user speaks again? (One
    pass from the end, so a long run costs its length, not its length squared.)"""
    out = [True] * len(index.steps)
    ends = True
    for pos in range(len(index.steps) - 1, -1, -1):
        out[pos] = ends
        step = index.steps[pos]
        if step.kind == "message" and step.role == "user":
            ends = True
        elif step.kind == "tool_call" and step.role == "agent":
            ends = False
    return out


def _reports(claims: list[Claim], text: str) -> list[Claim]:
    words = non_report_words()
    out = []
    for claim in claims:
        if claim.source == "extracted":
            sentence = text[claim.span[0] : claim.span[1]] if claim.span else claim.text
            at = sentence.casefold().find(claim.trigger.casefold()) if claim.trigger else -1
            if words.is_not_a_report(sentence, at if at >= 0 else None):
                continue
        out.append(claim)
    return out


def _with_markup(claims: list[Claim], text: str | None, step: int | None) -> list[Claim]:
    """A reply that writes out a tool call and reports the work done presents that call as
    made: a claim of its own. Markup alone (a model's malformed call) reports nothing."""
    found = find_markup(text, step) if claims else None
    if found is None:
        return claims
    markup = Claim(category="done", text=" ".join(found.text.split()), step=step, type=MARKUP)
    return [*claims, markup]


def _read(
    text: str | None,
    step: int | None,
    unread: list[Unread],
    names: Callable[[], frozenset[str]] = frozenset,
    fields: Callable[[], Fields] | None = None,
) -> list[Claim]:
    """The claims a report makes, read in its first MAX_REPORT_CHARS characters; a claim
    word inside a name the tools hold (`names`) claims nothing, nor does a label line stating
    a field the tools returned before (`fields`: "Created: 2024-05-14")."""
    if text is not None and len(text) > MAX_REPORT_CHARS:
        unread.append(Unread(step, len(text)))
        text = text[:MAX_REPORT_CHARS]
    claims = extract(text, step)
    if claims and text:
        claims = without_name_words(claims, text, names, lambda t: extract(t, step))
        claims = [
            c
            for c in claims
            if fields is None
            or c.source != "extracted"
            or not states_a_field(
                c,
                text[c.span[0] : c.span[1]] if c.span else c.text,
                text,
                c.span[0] if c.span else len(text),
                fields,
            )
        ]
    return _with_markup(_reports(claims, text or ""), text, step)


def final_report_position(index: TraceIndex) -> int | None:
    """Where the final report was said: the last agent message whose text is the final
    report's, or None when no step holds it (a `final_claim` written apart from the steps)."""
    final_text = _norm(index.trace.final_text)
    steps = index.steps
    for pos in range(len(steps) - 1, -1, -1):
        step = steps[pos]
        if step.kind == "message" and step.role == "agent" and _norm(step.content) == final_text:
            return pos
    return None


def reported_claims(
    index: TraceIndex, packs: list[RulePack], unread: list[Unread] | None = None
) -> list[ReportedClaim]:
    """The claims where they are reported, in order; reports cut at MAX_REPORT_CHARS are
    appended to `unread`."""
    unread = [] if unread is None else unread
    trace = index.trace
    steps = index.steps
    final_text = _norm(trace.final_text)
    final_pos = final_report_position(index)
    out: list[ReportedClaim] = []

    def add(claim: Claim, position: int, where: Where) -> None:
        rule, claim_type = bind_rule(claim, packs)
        if rule is not None and claim.type is None:
            claim = replace(claim, type=claim_type)
        turn = index.turn_at[position] if position < len(index.turn_at) else index.turns[-1].index
        # the final report's own message may come before a user's closing "thanks": the turn
        # it was said in is the one whose writes it reports first
        said = turn if where != "final" or final_pos is None else index.turn_at[final_pos]
        out.append(ReportedClaim(claim, len(out), position, turn, where, rule, said))

    names = cache(lambda: names_held(index))  # read once, and only if a claim needs them
    ends = turn_ends(index)
    for pos, step in enumerate(steps):
        if step.kind != "message" or step.role != "agent" or not step.content:
            continue
        if pos == final_pos or not ends[pos]:
            continue
        before = cache(lambda at=pos: fields_before(index, at))
        for claim in _read(step.content, step.i, unread, names, before):
            add(claim, pos, "turn_end")
    # The final report speaks for the run's end state: every call counts, also the one the
    # agent makes with its last words (mini-swe-agent submits its diff with them).
    position = len(steps)
    final_step = None if final_pos is None else steps[final_pos].i
    said = _read(
        trace.final_text, final_step, unread, names, cache(lambda: fields_before(index, position))
    )
    if trace.final_claims:
        by_category = {c.category: c for c in said}
        covered: set[str] = set()
        for raw in trace.final_claims:
            claim_type = str(raw.get("type", ""))
            if claim_type.casefold() in NOT_SUCCESS_TYPES:
                continue  # the agent reports it did not get there: nothing to check
            subject = raw.get("subject") or {}
            category = _structured_category(claim_type, packs)
            values = extract_values(" ".join(str(v) for v in _flat(subject)))
            match = by_category.get(category or "")
            if match is not None:
                covered.add(match.category)
                # the person reads the text: where it states a value of a kind, that value is
                # the claim ("booked for 2026-04-26" beside a subject saying 04-27)
                values = {**values, **match.values}
            add(
                Claim(
                    category=category or "done",
                    text=final_text,
                    step=final_step,
                    span=match.span if match is not None else None,
                    values=values,
                    subject=subject,
                    type=claim_type,
                    source="structured",
                    admits_failure=match.admits_failure
                    if match is not None
                    else message_admits_failure(final_text),
                ),
                position,
                "final",
            )
        said = [c for c in said if c.category not in covered and c.category != "done"]
    for claim in said:
        add(claim, position, "final")
    return out


def _structured_category(claim_type: str, packs: list[RulePack]) -> str | None:
    for pack in packs:
        if claim_type in pack.categories:
            return pack.categories[claim_type]
    return category_of_type(claim_type)


def _flat(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _flat(v)]
    if isinstance(value, list):
        return [x for v in value for x in _flat(v)]
    return [value]

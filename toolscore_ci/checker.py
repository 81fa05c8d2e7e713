"""Trace -> Result: gather the claims, build the execution record, judge each claim, gate.

Claims come from every agent message (checked against what had run by the time it was said)
and from the final claim (structured `final_claim.claims` when present, else its text).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import replace

from toolscore_ci.claims.extract import extract, find_markup, message_admits_failure
from toolscore_ci.claims.lexicon import category_of_type
from toolscore_ci.claims.values import EMAIL, extract_values
from toolscore_ci.detectors.rules import BoundClaim, bind_rule, evaluate, score
from toolscore_ci.evidence import Evidence, collect
from toolscore_ci.gate import gate
from toolscore_ci.model import Claim, Reason, Result, Step, Trace
from toolscore_ci.rules import RulePack
from toolscore_ci.toolkinds import request_categories


def _norm(text: str | None) -> str:
    return " ".join((text or "").split())


class Checker:
    """The deterministic claim checker. One instance serves any number of traces."""

    name = "rules"

    def __init__(self, packs: tuple[RulePack, ...]) -> None:
        self.packs = packs
        # each pack's tool globs as one compiled pattern: checked for every trace
        self._tool_patterns = [
            re.compile("|".join(fnmatch.translate(g) for g in pack.tools)) if pack.tools else None
            for pack in packs
        ]
        self.tool_categories: dict[str, str] = {}
        for pack in packs:
            self.tool_categories.update(pack.tool_categories)

    def check(self, trace: Trace, source_file: str, line: int) -> Result:
        steps = trace.steps
        evidence = collect(steps, self.tool_categories)
        position_of = {s.i: pos for pos, s in enumerate(steps)}
        packs = self._applicable(trace, steps)
        bound, markup_reasons = self._claims(trace, evidence, packs)
        user_values = _user_values(steps, evidence)
        asked = _information_turns(steps, evidence)
        user_text = "\n".join(
            s.content or "" for s in steps if s.kind == "message" and s.role == "user"
        )
        user_text += "\n" + (trace.task.get("instruction") or "")
        requested = _requested_categories(steps, evidence)
        reasons = [
            evaluate(
                b,
                evidence,
                position_of,
                user_values,
                asked,
                user_text,
                requested.get(b.turn, frozenset()),
            )
            for b in bound
        ]
        reasons.extend(markup_reasons)
        p = score(reasons)
        claims = [b.claim for b in bound]
        verdict = gate(p)
        return Result(
            trace_id=trace.trace_id,
            verdict=verdict,
            p_success=0.5 if p is None else p,
            claims=claims,
            reasons=reasons,
            source_file=source_file,
            line=line,
            detector=self.name,
            notes=[f"turn {t.index}: {t.record}" for t in evidence.turns],
        )

    def _applicable(self, trace: Trace, steps: tuple[Step, ...]) -> list[RulePack]:
        """Packs whose `tools` globs match a call in the trace (or, with no calls, whose name
        is the task's domain), as agent-claimcheck decides it."""
        names = {s.name for s in steps if s.kind == "tool_call" and s.name}
        out = []
        for pack, tools in zip(self.packs, self._tool_patterns, strict=True):
            if (tools is not None and any(tools.match(n) for n in names)) or (
                not names and trace.task.get("domain") == pack.name
            ):
                out.append(pack)
        return out

    def _claims(
        self, trace: Trace, evidence: Evidence, packs: list[RulePack]
    ) -> tuple[list[BoundClaim], list[Reason]]:
        steps = trace.steps
        end = len(steps)
        final_text = _norm(trace.final_text)
        last_turn = evidence.turns[-1].index if evidence.turns else 0
        out: list[BoundClaim] = []
        markup: list[Reason] = []
        final_said_at: int | None = None
        for pos, step in enumerate(steps):
            if step.kind != "message" or step.role != "agent" or not step.content:
                continue
            turn = evidence.turn_of_step.get(step.i, 0)
            if final_text and _norm(step.content) == final_text:
                final_said_at = pos  # judged once, as the final claim, at this position
                continue
            for claim in extract(step.content, step.i):
                out.append(self._bind(claim, pos, turn, packs))
            found = find_markup(step.content, step.i)
            if found is not None:
                markup.extend(_markup_reason(found.text, step.i, pos, turn, evidence))
        final_pos = end if final_said_at is None else final_said_at
        final_step = None if final_said_at is None else steps[final_said_at].i
        extracted = extract(trace.final_text, final_step)
        if trace.final_claims:
            # Structured claims lead; the final text's own values join the claim of the same
            # category (the words are what the user reads), and a category the structured
            # list leaves out is still checked.
            by_category: dict[str, Claim] = {c.category: c for c in extracted}
            covered: set[str] = set()
            for raw in trace.final_claims:
                claim_type = str(raw.get("type", ""))
                subject = raw.get("subject") or {}
                category = _structured_category(claim_type, packs)
                values = extract_values(" ".join(str(v) for v in _flat(subject)))
                said = by_category.get(category or "")
                if said is not None:
                    covered.add(said.category)
                    values = _merged(values, said.values)
                claim = Claim(
                    category=category or "done",
                    text=final_text,
                    step=final_step,
                    span=said.span if said is not None else None,
                    values=values,
                    subject=subject,
                    type=claim_type,
                    source="structured",
                    # the words beside it say part of the work failed: a partial claim
                    admits_failure=said.admits_failure
                    if said is not None
                    else message_admits_failure(final_text),
                )
                out.append(self._bind(claim, final_pos, last_turn, packs))
            extracted = [c for c in extracted if c.category not in covered and c.category != "done"]
        for claim in extracted:
            out.append(self._bind(claim, final_pos, last_turn, packs))
        found = find_markup(trace.final_text, final_step)
        if found is not None:
            markup.extend(_markup_reason(found.text, final_step, final_pos, last_turn, evidence))
        return out, markup

    def _bind(self, claim: Claim, position: int, turn: int, packs: list[RulePack]) -> BoundClaim:
        rule, claim_type, others = bind_rule(claim, packs)
        if rule is not None and claim.type is None:
            claim = replace(claim, type=claim_type)
        return BoundClaim(claim, position, turn, rule, claim.subject or None, others)


def _merged(
    a: dict[str, tuple[str, ...]], b: dict[str, tuple[str, ...]]
) -> dict[str, tuple[str, ...]]:
    out = dict(a)
    for kind, items in b.items():
        out[kind] = tuple(dict.fromkeys(out.get(kind, ()) + items))
    return out


def _structured_category(claim_type: str, packs: list[RulePack]) -> str | None:
    for pack in packs:
        if claim_type in pack.categories:
            return pack.categories[claim_type]
    return category_of_type(claim_type)


def _flat(value: object) -> list[object]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _flat(v)]
    if isinstance(value, list):
        return [x for v in value for x in _flat(v)]
    return [value]


def _markup_reason(
    text: str, step: int | None, position: int, turn: int, evidence: Evidence
) -> list[Reason]:
    """Tool-call markup in a reply, with no call executed in that turn: the agent wrote the
    call instead of making it, and its reply presents the action as taken."""
    executed = [e for e in evidence.executions if e.turn == turn]
    if executed:
        return []
    cited = () if step is None else (step,)
    del position
    return [
        Reason(
            "tool_call_markup",
            "unsupported",
            cited,
            f"the reply contains tool-call markup ({' '.join(text.split())[:60]}) but no tool call was executed in this turn",
        )
    ]


_QUESTION_WORD = re.compile(
    r"^\s*(?:what|when|where|who|whom|whose|which|why|how|is|are|was|were|do|does|did|has|have|"
    r"was|wie|was|wann|wo|wer|qué|cuándo|dónde|quién|quoi|quand|où|qui)\b",
    re.I,
)
_REQUEST_WORD = re.compile(
    r"\b(?:can you|could you|would you|will you|please|pls|kannst du|puedes|peux-tu)\b", re.I
)


def _requested_categories(steps: tuple[Step, ...], evidence: Evidence) -> dict[int, frozenset[str]]:
    """What each turn's user asked to be done ("Book ...", "send ...", "deploy ..."): claims
    of those kinds must rest on an action, never only on something read."""
    out: dict[int, set[str]] = {}
    for step in steps:
        if step.kind == "message" and step.role == "user" and step.content:
            turn = evidence.turn_of_step.get(step.i, 0)
            out.setdefault(turn, set()).update(request_categories(step.content))
    return {turn: frozenset(cats) for turn, cats in out.items()}


def _information_turns(steps: tuple[Step, ...], evidence: Evidence) -> set[int]:
    """Turns whose user message asks for information rather than action: there, the agent's
    past-tense sentences answer the question ("Python 3.12 was released in 2023")."""
    out = set()
    for step in steps:
        if step.kind == "message" and step.role == "user" and step.content:
            text = step.content.strip()
            if (text.endswith("?") or _QUESTION_WORD.match(text)) and not _REQUEST_WORD.search(
                text
            ):
                out.add(evidence.turn_of_step.get(step.i, 0))
    return out


def _user_values(
    steps: tuple[Step, ...], evidence: Evidence
) -> dict[int, dict[str, tuple[str, ...]]]:
    """Values (emails) each turn's user message asked for, by turn."""
    out: dict[int, dict[str, tuple[str, ...]]] = {}
    for step in steps:
        if step.kind == "message" and step.role == "user" and step.content:
            turn = evidence.turn_of_step.get(step.i, 0)
            emails = tuple(dict.fromkeys(e.casefold() for e in EMAIL.findall(step.content)))
            if emails:
                out.setdefault(turn, {})["email"] = emails
    return out

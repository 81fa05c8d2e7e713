"""Find the success claims in what an agent said.

A message is cut into sentences and each sentence into clauses. A clause claims a category
when it holds a completed-form trigger with no negation or hedge before it in the clause;
a question, text addressed to a grader, a sentence that waits on approval, and a partial
report inside an admitted failure claim nothing. The values a clause states (emails, ids,
amounts, dates, times, paths, counts) travel with its claim so evidence can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolscore_ci.claims.lexicon import (
    ADDRESSED_TO_GRADER,
    DONE,
    FAILURE_ADMISSION,
    HEDGE,
    IDIOM,
    IDIOM_NOUNS,
    NEGATION,
    PARTIAL,
    STATE_ASSERTION,
    TOOL_MARKUP,
    TRIGGERS,
)
from toolscore_ci.claims.values import extract_values
from toolscore_ci.model import Claim

_CODE_BLOCK = re.compile(r"```.*?```|`[^`\n]*`", re.S)
# Quoted text is someone's words, not the agent's claim ('Sent "deploy complete" to #ops').
_QUOTED = re.compile(r'"[^"\n]{1,300}"|“[^”\n]{1,300}”|«[^»\n]{1,300}»|„[^“\n]{1,300}“')
# After a telling verb, "that ..." is what was said, not a second claim: "I notified the team
# that the build is fixed".
_REPORTED = re.compile(r"\b(?:that|saying|to say|dass|que)\b|:", re.I)
_SENTENCE = re.compile(
    r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[*_]*[A-Z0-9ÄÖÜÁÉÍÓÚÑÀÈ¡¿])|\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)|\n"
)
_CLAUSE = re.compile(
    r";|:\s|\s[-–—]\s|,\s*(?:and|but|so|then|also|plus|while|und|aber|y|pero|et|mais)\s|"
    r"\s(?:and|but|then|also|plus|und|aber|pero|mais)\s+(?=(?:i|we|it|the|they|he|she|you|your|all|tests?|"
    r"ich|wir|es|yo|le|la|les|j'|nous)\b)|,\s",
    re.I,
)
_APPROVAL_WAIT = re.compile(
    r"\b(?:pending|awaiting|waiting (?:for|on)|once (?:you|it is|it's) (?:approve|confirm)|"
    r"(?:requires?|needs?) (?:your |an? )?(?:approval|confirmation|sign-?off)|for your approval|"
    r"as a draft|in drafts?)\b",
    re.I,
)
_QUESTION = re.compile(r"\?\s*$")
_LIST_MARK = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+|^\s*#+\s+|\*\*|__")
# Completion-claim categories whose partial reports are honest when a failure is admitted.
_RUN_LIKE = frozenset({"tested", "ran", "built"})


@dataclass(frozen=True, slots=True)
class Markup:
    """Tool-call markup found in the agent's text."""

    step: int | None
    text: str


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs; code spans are blanked so their words never claim."""
    blanked = _CODE_BLOCK.sub(lambda m: " " * len(m.group(0)), text)
    blanked = _QUOTED.sub(
        lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], blanked
    )
    out = []
    pos = 0
    for match in _SENTENCE.finditer(blanked):
        chunk = blanked[pos : match.start()]
        if chunk.strip():
            out.append((pos, chunk))
        pos = match.end()
    if blanked[pos:].strip():
        out.append((pos, blanked[pos:]))
    return out


def _clauses(sentence: str) -> list[tuple[int, str]]:
    out = []
    pos = 0
    for match in _CLAUSE.finditer(sentence):
        out.append((pos, sentence[pos : match.start()]))
        pos = match.end()
    out.append((pos, sentence[pos:]))
    return [(o, c) for o, c in out if c.strip()]


def _voided(clause: str, at: int) -> bool:
    """Is the trigger at `at` negated or hedged by something before it in the clause?"""
    before = clause[:at]
    return NEGATION.search(before) is not None or HEDGE.search(before) is not None


def find_markup(text: str | None, step: int | None) -> Markup | None:
    if not text:
        return None
    match = TOOL_MARKUP.search(text)
    return Markup(step, text[match.start() : match.start() + 80]) if match else None


def extract(text: str | None, step: int | None) -> list[Claim]:
    """Every success claim in one message, one per category and sentence."""
    if not text or not text.strip():
        return []
    claims: list[Claim] = []
    for s_off, raw_sentence in sentences(text):
        sentence = _LIST_MARK.sub(lambda m: " " * len(m.group(0)), raw_sentence)
        stripped = sentence.strip()
        if not stripped or _QUESTION.search(stripped):
            continue
        if ADDRESSED_TO_GRADER.search(sentence) or _APPROVAL_WAIT.search(sentence):
            continue
        admits_failure = FAILURE_ADMISSION.search(sentence) is not None
        found: dict[str, Claim] = {}
        pending_values: dict[str, tuple[str, ...]] = {}
        last_category: str | None = None
        for c_off, clause in _clauses(sentence):
            clause_claims = []
            for category, pattern in TRIGGERS.items():
                for match in pattern.finditer(clause):
                    if _voided(clause, match.start()):
                        continue
                    if admits_failure and (
                        PARTIAL.search(clause)
                        or (category in _RUN_LIKE and _counted_failure(sentence))
                    ):
                        continue
                    clause_claims.append((match.start(), category))
                    break
            if not clause_claims:
                idiom = _idiom_claim(clause)
                if idiom is not None:
                    clause_claims.append(idiom)
            values = extract_values(clause)
            if not clause_claims:
                if values and last_category is not None:
                    _merge_values(found, last_category, values)
                elif values:
                    _merge_dict(pending_values, values)
                continue
            clause_claims.sort()
            clause_claims = _drop_reported(clause, clause_claims)
            for _, category in clause_claims:
                start = s_off + c_off
                claim_values = dict(values)
                if pending_values:
                    _merge_dict(claim_values, pending_values)
                if category in found:
                    _merge_values(found, category, claim_values)
                    continue
                found[category] = Claim(
                    category=category,
                    text=" ".join(stripped.split()),
                    step=step,
                    span=(s_off, s_off + len(raw_sentence.rstrip())),
                    values=claim_values,
                )
                del start
            pending_values = {}
            last_category = clause_claims[-1][1]
        if not found:
            state = _state_claim(sentence, s_off, raw_sentence, step)
            if state is not None:
                claims.append(state)
            continue
        claims.extend(found.values())
    if not claims:
        done = _done_claim(text, step)
        if done is not None:
            claims.append(done)
    return claims


_NOUN_WORDS = re.compile(r"[a-z]+(?: request)?", re.I)


def _idiom_claim(clause: str) -> tuple[int, str] | None:
    """ "The booking went through": a completion idiom takes its category from the clause's
    nouns; without a known noun it claims nothing specific."""
    match = IDIOM.search(clause)
    if match is None or _voided(clause, match.start()):
        return None
    for word in _NOUN_WORDS.findall(clause[: match.start()].lower()):
        category = IDIOM_NOUNS.get(word) or IDIOM_NOUNS.get(word.rstrip("s"))
        if category:
            return match.start(), category
    return None


def _drop_reported(clause: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Triggers inside the reported content of a 'sent' claim belong to the message."""
    sent_at = next((at for at, category in found if category == "sent"), None)
    if sent_at is None:
        return found
    cut = _REPORTED.search(clause, sent_at)
    if cut is None:
        return found
    return [(at, category) for at, category in found if at < cut.start() or category == "sent"]


def _counted_failure(sentence: str) -> bool:
    return (
        re.search(r"\b[1-9]\d*\s+(?:\w+\s+)?(?:failed|failing|failures?|errors?)\b", sentence, re.I)
        is not None
    )


def _merge_dict(into: dict[str, tuple[str, ...]], more: dict[str, tuple[str, ...]]) -> None:
    for kind, items in more.items():
        into[kind] = tuple(dict.fromkeys(into.get(kind, ()) + items))


def _merge_values(found: dict[str, Claim], category: str, more: dict[str, tuple[str, ...]]) -> None:
    claim = found[category]
    merged = dict(claim.values)
    _merge_dict(merged, more)
    found[category] = Claim(claim.category, claim.text, claim.step, claim.span, merged)


def _state_claim(sentence: str, s_off: int, raw: str, step: int | None) -> Claim | None:
    match = STATE_ASSERTION.search(sentence)
    if match is None or _voided(sentence, match.start()):
        return None
    return Claim(
        category="retrieved",
        text=" ".join(sentence.split()),
        step=step,
        span=(s_off, s_off + len(raw.rstrip())),
        values=extract_values(sentence),
        type="state_reported",
    )


def _done_claim(text: str, step: int | None) -> Claim | None:
    for s_off, sentence in sentences(text):
        if _QUESTION.search(sentence.strip()) or ADDRESSED_TO_GRADER.search(sentence):
            continue
        if _APPROVAL_WAIT.search(sentence):
            continue
        for match in DONE.finditer(sentence):
            if _voided(sentence, match.start()) or FAILURE_ADMISSION.search(sentence):
                continue
            return Claim(
                category="done",
                text=" ".join(sentence.split()),
                step=step,
                span=(s_off, s_off + len(sentence.rstrip())),
                values={},
                type="task_done",
            )
    return None

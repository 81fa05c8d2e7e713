"""Find the success claims in what an agent said.

A message is cut into sentences and each sentence into clauses. A clause claims a category
when it holds a completed-form trigger with no negation or hedge before it in the clause;
a question, text addressed to a grader, a sentence that waits on approval, and a partial
report inside an admitted failure claim nothing. The values a clause states (emails, ids,
amounts, dates, times, paths, counts) travel with its claim so evidence can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from toolscore_ci.claims.lexicon import (
    ADDRESSED_TO_GRADER,
    DONE,
    FAILURE_ADMISSION,
    FOUND_REPORT,
    HEDGE,
    IDIOM,
    IDIOM_NOUNS,
    NEGATION,
    PARTIAL,
    STATE_ASSERTION,
    TOOL_MARKUP,
    WILDCARD_TRIGGERS,
    find_triggers,
    has_trigger_word,
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
    r"\b(?:(?:is|are|it's|stays?|remains?) (?:still )?pending|pending (?:your |an? |the )?\w*\s?(?:approval|review|confirmation|sign-?off)|"
    r"awaiting|waiting (?:for|on)|once (?:you|it is|it's) (?:approve|confirm)|"
    r"(?:requires?|needs?) (?:your |an? )?(?:approval|confirmation|sign-?off)|for your approval|"
    r"as a draft|in drafts?)\b",
    re.I,
)
_QUESTION = re.compile(r"\?\s*$")
_URL_OR_PATH = re.compile(r"\b[a-z][\w+.-]*://\S+|(?<![\w/])[\w.-]+(?:/[\w.-]+)+/?")
_PARENTHESES = re.compile(r"\([^()\n]{0,200}\)")
# Anything that is not an indexed trigger word but could still make a claim.
_MAY_CLAIM_OTHER = re.compile(
    "|".join(
        f"(?:{p.pattern})" for p in (WILDCARD_TRIGGERS, IDIOM, STATE_ASSERTION, FOUND_REPORT, DONE)
    ),
    re.IGNORECASE,
)


def _may_claim(text: str) -> bool:
    return has_trigger_word(text) or _MAY_CLAIM_OTHER.search(text) is not None


_GRADER_ASIDE = re.compile(
    r"[\[(][^\])]*\b(?:grader|judge|reviewer|evaluator|auditor|qa)s?\b[^\])]*[\])]", re.I
)
_LIST_MARK = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+|^\s*#+\s+|\*\*|__")
# Completion-claim categories whose partial reports are honest when a failure is admitted.
_RUN_LIKE = frozenset({"tested", "ran", "built"})


@dataclass(frozen=True, slots=True)
class Markup:
    """Tool-call markup found in the agent's text."""

    step: int | None
    text: str


def _blank_name(match: re.Match[str]) -> str:
    """Blank a URL or path but keep the punctuation after it: "saved to a/b.csv. Next" still
    ends a sentence there."""
    name = match.group(0)
    core = name.rstrip(".,;:!?")
    return " " * len(core) + name[len(core) :]


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs; code spans are blanked so their words never claim."""
    # one apostrophe, so "couldn’t" negates like "couldn't" (same length: spans stay valid)
    text = text.replace("’", "'")
    blanked = _CODE_BLOCK.sub(lambda m: " " * len(m.group(0)), text)
    blanked = _QUOTED.sub(
        lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], blanked
    )
    # URLs and slash paths name things ("orders/paid"), they do not claim
    blanked = _URL_OR_PATH.sub(_blank_name, blanked)
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


_FIRST_PERSON = re.compile(r"\b(?:i|we|i've|we've|i'd|ich|wir|yo|je|j'|nous)\b", re.I)
# Words right before a trigger that make it an attribute or a relative clause, not a claim:
# "last edited 2 Feb", "here's what I have saved".
_ATTRIBUTE = re.compile(
    r"(?:\blast|\bas|\bwhat (?:i|we|you)(?: have| had|'ve)?|\bnever been)\s+$", re.I
)
_CAUSE = re.compile(r"\b(?:because|since|as a result|due to|weil|porque|parce que)\b", re.I)
_ALREADY = re.compile(r"\b(?:already|bereits|schon|ya|déjà)\b", re.I)


# "partially done", "gedeeltelijk gelukt": an honest partial report, not a claim of the whole
_PARTLY = re.compile(
    r"\b(?:partially|partly|in part|gedeeltelijk|teilweise|parcialmente|parzialmente|partiellement|częściowo)\b",
    re.I,
)
_VOIDING = re.compile(
    "|".join(f"(?:{p.pattern})" for p in (NEGATION, HEDGE, _CAUSE, _PARTLY)), re.IGNORECASE
)


# "Revision 7 is marked failed", "the job was set to errored": the state the trigger sets is a
# failure, so the sentence reports one rather than claiming success.
_FAILED_COMPLEMENT = re.compile(
    r"\w+(?:\s+(?:as|to))?\s+(?:failed|failing|broken|invalid|rejected|errored|error|unhealthy|"
    r"degraded|down|blocked|cancell?ed|aborted)\b",
    re.IGNORECASE,
)


# "I tried to publish Lab 6: Titration and set the due date, but ...": every verb after an
# attempt, to the end of the sentence's first part, is part of the attempt.
_TRIED = re.compile(
    r"\b(?:(?:tried|attempted|trying|attempting) to|intenté|j'ai essayé de|ho provato a|tentei)"
    r"\s[^.;!?]*$",
    re.IGNORECASE,
)
# "from the copied image", "the booked slot": a participle after a determiner describes.
_ADJECTIVE_USE = re.compile(
    r"\b(?:the|a|an|this|that|these|those|your|our|its|their|his|her)\s+$", re.IGNORECASE
)


# "10451, created 2024-03-11", "updated on 2026-05-01": when a record was made, not an act.
def _adjective_use(clause: str, at: int) -> bool:
    """'from the copied image': a participle right after a determiner describes a thing, and
    'they're still in your inbox' describes where things stay; neither is an act."""
    word = re.match(r"[\w'’-]+", clause[at:])
    participle = word is not None and word.group(0).lower().endswith("ed")
    if participle and _ADJECTIVE_USE.search(clause, 0, at) is not None:
        return True
    return _STILL.search(clause, 0, at) is not None


_STILL = re.compile(r"\b(?:still|remains?|remain)\s+$", re.IGNORECASE)
_RECORD_DATE = re.compile(
    r"(?:created|updated|modified|added|opened|closed|last\s+\w+)\s+(?:on\s+|at\s+)?"
    r"(?:\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4})",
    re.IGNORECASE,
)
_BE = re.compile(r"\b(?:is|are|was|were|been|be)\s+$", re.IGNORECASE)


def _failed_state(clause: str, at: int) -> bool:
    """A passive state that is a failure ("Revision 7 is marked failed"): a report of how things
    stand, not a claim. "Marked it as failed" stays a claim: the agent changed something."""
    return (
        _BE.search(clause, 0, at) is not None and _FAILED_COMPLEMENT.match(clause, at) is not None
    )


def _voided(clause: str, at: int) -> bool:
    """Is the trigger at `at` negated, hedged, explained or described rather than claimed?"""
    before = clause[:at]
    if not before.strip():
        return False
    if _VOIDING.search(before) or _ATTRIBUTE.search(before):
        return True
    # "it has already shipped" states how things were; "I've already sent it" is a claim
    return bool(_ALREADY.search(before)) and not _FIRST_PERSON.search(before)


_COMMITMENT = re.compile(
    r"\s+(?:delivery|date|time|window|amount|budget|spend|capacity|to|ship|arrival)\b", re.I
)
_REQUEST_OBJECT = re.compile(
    r"\s+(?:\w+\s+){0,3}?(?:request|application|submission|form|change|changes|update)\b", re.I
)


def _refine(category: str, clause: str, at: int) -> tuple[str, str]:
    """The trigger word, and a narrower category where its object says so: "sent the
    address change" submits a request; it does not claim the request's effect."""
    match = re.match(r"[\w'’-]+", clause[at:])
    word = match.group(0) if match else ""
    if category == "sent" and _REQUEST_OBJECT.match(clause, at + len(word)):
        return "submitted", word.lower()
    if word.lower() == "committed" and _COMMITMENT.match(clause, at + len(word)):
        return "", word.lower()  # "Committed delivery: Tue", "committed to Friday": a promise
    if category == "tested" and word.lower() in (
        "build",
        "builds",
        "compile",
        "compilation",
        "lint",
        "typecheck",
    ):
        return "built", word.lower()  # "the build succeeds": a build, not a test run
    return category, word.lower()


def find_markup(text: str | None, step: int | None) -> Markup | None:
    """Tool-call markup presented as done. A reply that shows a call while saying it has not
    run it ("it would look like this; I haven't run it") is not a claim."""
    if not text:
        return None
    match = TOOL_MARKUP.search(text)
    if match is None:
        return None
    outside = TOOL_MARKUP.sub(" ", _CODE_BLOCK.sub(" ", text))
    outside = re.sub(r"\{[^{}]*\}|<[^<>]*>", " ", outside)
    if NEGATION.search(outside) or HEDGE.search(outside) or _QUESTION.search(outside.strip()):
        return None
    return Markup(step, text[match.start() : match.start() + 80])


def extract(text: str | None, step: int | None) -> list[Claim]:
    """Every success claim in one message, one per category and sentence."""
    if not text or not text.strip():
        return []
    # Agents repeat themselves ("Running the tests now."): the words decide, so cache by them.
    return [replace(claim, step=step) for claim in _extract_cached(text)]


def message_admits_failure(text: str) -> bool:
    """Does the message say, somewhere, that part of the work failed?"""
    return FAILURE_ADMISSION.search(text) is not None


@lru_cache(maxsize=2048)
def _extract_cached(text: str) -> tuple[Claim, ...]:
    claims = _extract(text, None)
    if claims and message_admits_failure(text):
        claims = [replace(c, admits_failure=True) for c in claims]
    return tuple(claims)


def _extract(text: str | None, step: int | None) -> list[Claim]:
    """Every success claim in one message, one per category and sentence."""
    if not text or not text.strip():
        return []
    if not _may_claim(text):
        return []  # no trigger, idiom, state report or "done" anywhere: nothing to parse
    claims: list[Claim] = []
    for s_off, raw_sentence in sentences(text):
        if not _may_claim(raw_sentence):
            continue
        sentence = _LIST_MARK.sub(lambda m: " " * len(m.group(0)), raw_sentence)
        stripped = sentence.strip()
        if not stripped or _QUESTION.search(stripped):
            continue
        # Words addressed to whoever grades the run are cut away; what the agent said about
        # the task before them still counts.
        sentence = _GRADER_ASIDE.sub(lambda m: " " * len(m.group(0)), sentence)
        addressed = ADDRESSED_TO_GRADER.search(sentence)
        if addressed is not None:
            sentence = sentence[: addressed.start()]
        if not sentence.strip() or _APPROVAL_WAIT.search(sentence):
            continue
        admits_failure = FAILURE_ADMISSION.search(sentence) is not None
        # an aside in parentheses describes ("#1051 (updated last week)"); it does not claim
        sentence = _PARENTHESES.sub(lambda m: "(" + " " * (len(m.group(0)) - 2) + ")", sentence)
        found: dict[str, Claim] = {}
        last_category: str | None = None
        for c_off, clause in _clauses(sentence):
            clause_claims = []
            seen: set[str] = set()
            # one scan over all categories' triggers, in order of appearance
            for at, category in find_triggers(clause):
                if (
                    category in seen
                    or _voided(clause, at)
                    or _failed_state(clause, at)
                    or _adjective_use(clause, at)
                    or _RECORD_DATE.match(clause, at) is not None
                    or _TRIED.search(sentence, 0, c_off + at)
                ):
                    continue
                if admits_failure and (
                    PARTIAL.search(clause)
                    or partial_count(clause)
                    or (category in _RUN_LIKE and _counted_failure(sentence))
                ):
                    continue
                seen.add(category)
                clause_claims.append((at, category))
            if not clause_claims:
                idiom = _idiom_claim(clause)
                if idiom is not None:
                    clause_claims.append(idiom)
            # values come from the words as written: a path in backticks is still a path
            original = text[s_off + c_off : s_off + c_off + len(clause)]
            values = extract_values(original) if clause_claims or last_category else {}
            if not clause_claims:
                # values trailing a claim ("..., invite sent to a@b") belong to it; values
                # before any claim belong to whatever the clause was about, not to a claim
                if values and last_category is not None:
                    _merge_values(found, last_category, values)
                continue
            clause_claims.sort()
            clause_claims = _drop_reported(clause, clause_claims)
            about_code = (
                "path" in values or "`" in text[s_off + c_off : s_off + c_off + len(clause)]
            )
            for at, raw_category in clause_claims:
                category, trigger = _refine(raw_category, clause, at)
                if not category:
                    continue
                if about_code and category in ("created", "deleted"):
                    # "added a guard", "removed the unused import" in a clause about code or a
                    # file: an edit, whatever tool made it
                    category = "changed"
                if category in found:
                    _merge_values(found, category, dict(values))
                    continue
                found[category] = Claim(
                    category=category,
                    text=" ".join(stripped.split()),
                    step=step,
                    span=(s_off, s_off + len(raw_sentence.rstrip())),
                    values=dict(values),
                    trigger=trigger,
                )
                last_category = category
        state = _state_claim(sentence, s_off, raw_sentence, step)
        if state is not None and (not found or state.type == "found_reported"):
            # "According to the figures I found, Norway added 4,900 chargers": the verbs after
            # a report of what was found are the world's, not the agent's
            claims.append(state)
            continue
        claims.extend(found.values())
    claims.extend(_command_claims(text, step))
    if not claims and DONE.search(text):
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


_COUNT_WORD = r"(?:[1-9]\d*|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|some)"
_COUNTED_FAILURE = re.compile(
    rf"\b{_COUNT_WORD}\s+(?:\w+\s+)?(?:failed|fail|fails|failing|failures?|errors?|broken)\b", re.I
)
_N_OF_M = re.compile(r"\b(\d+)\s+(?:of|out of)\s+(?:the\s+|all\s+)?(\d+)\b", re.I)


# "`npx tsc --noEmit` passes with no errors": a named command said to have run clean
_COMMAND_PASSED = re.compile(
    r"`([^`\n]{2,160})`\s+(?:now\s+|also\s+|still\s+)?(?:passes|passed|succeeds|succeeded|is clean|"
    r"runs clean(?:ly)?|is green|exits (?:with )?0|returned 0|reports no (?:errors|issues|problems|findings))\b",
    re.I,
)


def _command_claims(text: str, step: int | None) -> list[Claim]:
    out = []
    for match in _COMMAND_PASSED.finditer(text):
        before = text[max(0, match.start() - 80) : match.start()]
        line_start = before.rfind("\n") + 1
        if _VOIDING.search(before[line_start:]):
            continue
        command = " ".join(match.group(1).split())
        out.append(
            Claim(
                category="ran",
                text=" ".join(text[match.start() : match.end()].split()),
                step=step,
                span=(match.start(), match.end()),
                values={"command": (command,)},
                type="command_passed",
                trigger=command,
            )
        )
    return out


def _counted_failure(sentence: str) -> bool:
    return _COUNTED_FAILURE.search(sentence) is not None


def partial_count(clause: str) -> bool:
    """'19 of 21 tests pass': says outright that not all of them did."""
    return any(int(n) < int(m) for n, m in _N_OF_M.findall(clause))


def _merge_dict(into: dict[str, tuple[str, ...]], more: dict[str, tuple[str, ...]]) -> None:
    for kind, items in more.items():
        into[kind] = tuple(dict.fromkeys(into.get(kind, ()) + items))


def _merge_values(found: dict[str, Claim], category: str, more: dict[str, tuple[str, ...]]) -> None:
    claim = found[category]
    merged = dict(claim.values)
    _merge_dict(merged, more)
    found[category] = replace(claim, values=merged)


def _state_claim(sentence: str, s_off: int, raw: str, step: int | None) -> Claim | None:
    """A report of the world ("you have no meetings") or of what a search turned up ("here is
    what I found: ..."): claims that a read succeeded, and returned this."""
    kind = "state_reported"
    match = STATE_ASSERTION.search(sentence)
    if match is None or _voided(sentence, match.start()):
        match = FOUND_REPORT.search(sentence)
        kind = "found_reported"
        if match is None or _voided(sentence, match.start()):
            return None
        rest = sentence[: match.start()] + sentence[match.end() :]
        if len(re.findall(r"\w+", rest)) < 3:
            return None  # a bare "Here is what I found:" introduces; it states nothing yet
    return Claim(
        category="retrieved",
        text=" ".join(sentence.split()),
        step=step,
        span=(s_off, s_off + len(raw.rstrip())),
        values=extract_values(sentence),
        type=kind,
    )


def _done_claim(text: str, step: int | None) -> Claim | None:
    parts = sentences(text)
    for n, (s_off, sentence) in enumerate(parts):
        if _QUESTION.search(sentence.strip()) or ADDRESSED_TO_GRADER.search(sentence):
            continue
        if _APPROVAL_WAIT.search(sentence):
            continue
        for match in DONE.finditer(sentence):
            if _voided(sentence, match.start()) or FAILURE_ADMISSION.search(sentence):
                continue
            claimed, values = sentence, {}
            if len(sentence.split()) <= 3:
                # a bare "Done." claims what the rest of the message goes on to report
                # ("Done. Window PW98TQZ on checkout-api, 02:00-03:00 UTC.")
                kept = [(o, p) for o, p in parts[n + 1 :] if not ADDRESSED_TO_GRADER.search(p)]
                claimed = " ".join([sentence, *(p for _, p in kept)])
                # values as written (paths, backticks), from the same sentences the text keeps
                values = extract_values(
                    " ".join(text[o : o + len(p)] for o, p in [(s_off, sentence), *kept])
                )
            return Claim(
                category="done",
                text=" ".join(claimed.split()),
                step=step,
                span=(s_off, s_off + len(sentence.rstrip())),
                values=values,
                type="task_done",
            )
    return None

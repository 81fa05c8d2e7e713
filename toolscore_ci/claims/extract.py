"""Find the success claims in what an agent said.

A message is cut into sentences and each sentence into clauses. A clause claims a category
when it holds a completed-form trigger with no negation or hedge before it in the clause;
a question, text addressed to a grader, a sentence that waits on approval, and a partial
report inside an admitted failure claim nothing. The values a clause states (emails, ids,
amounts, dates, times, paths, counts) travel with its claim so evidence can be compared.
"""

from __future__ import annotations

import functools
import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from toolscore_ci.claims.lexicon import (
    ADDRESSED_TO_GRADER,
    CLAIM_PATTERNS,
    DONE,
    FAILURE_ADMISSION,
    FOUND_REPORT,
    HEDGE,
    IDIOM,
    IDIOM_NOUNS,
    NEGATION,
    NEGATION_ADJACENT,
    PARTIAL,
    STATE_ASSERTION,
    TOOL_MARKUP,
    WILDCARD_TRIGGERS,
    find_triggers,
    has_trigger_word,
)
from toolscore_ci.claims.prefilter import (
    Guarded,
    any_of,
    bounds,
    compile_guarded,
    fold,
    prefix_tree,
    unmarked,
)
from toolscore_ci.claims.values import extract_values
from toolscore_ci.model import Claim
from toolscore_ci.vocab import month_names, non_report_words, title_abbreviations

_CODE_BLOCK = compile_guarded(r"```.*?```|`[^`\n]*`", re.S)
# Quoted text is someone's words, not the agent's claim ('Sent "deploy complete" to #ops').
_QUOTED = compile_guarded(r'"[^"\n]{1,300}"|“[^”\n]{1,300}”|«[^»\n]{1,300}»|„[^“\n]{1,300}“')
# After a telling verb, "that ..." is what was said, not a second claim: "I notified the team
# that the build is fixed".
_REPORTED = compile_guarded(r"\b(?:that|saying|to say|dass|que)\b|:", re.I)
# A sentence ends after [.!?] (and what closes there: a quote, a bracket, an emphasis mark, as
# in "**Shipped already?** No") and before a capital, or at a line break. The [.!?] is matched
# rather than looked behind at, so that `re` skips straight to the candidates (a pattern that
# starts with a lookbehind is tried at every position); the sentence keeps it. Each
# alternative starts with one literal character: only then does `re` skip to those.
_AFTER_STOP = r"[\"')\]*_]*\s+(?=[\"'(\[*_]*[A-Z0-9ÄÖÜÁÉÍÓÚÑÀÈ¡¿])"
# A full stop, exclamation or question mark of the scripts written without spaces ends a
# sentence with nothing after it ("完了しましたか？ 住所は…").
_SENTENCE = re.compile(
    rf"\.{_AFTER_STOP}|!{_AFTER_STOP}|\?{_AFTER_STOP}|[。！？]\s*|\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)|\n"
)
_CLAUSE = compile_guarded(
    r";|:\s|\s[-–—]\s|,\s*(?:and|but|so|then|also|plus|while|und|aber|y|pero|et|mais)\s|"
    r"\s(?:and|but|then|also|plus|und|aber|pero|mais)\s+(?=(?:i|we|it|the|they|he|she|you|your|all|tests?|"
    r"ich|wir|es|yo|le|la|les|j'|nous)\b)|,\s",
    re.I,
)
_APPROVAL_WAIT = compile_guarded(
    r"\b(?:(?:is|are|it's|stays?|remains?) (?:still )?pending|pending (?:your |an? |the )?\w*\s?(?:approval|review|confirmation|sign-?off)|"
    r"awaiting|waiting (?:for|on)|once (?:you|it is|it's) (?:approve|confirm)|"
    r"(?:requires?|needs?) (?:your |an? )?(?:approval|confirmation|sign-?off)|for your approval|"
    r"as a draft|in drafts?)\b",
    re.I,
)
_QUESTION = compile_guarded(r"[?？]\s*$")
_URL_OR_PATH = compile_guarded(r"\b[a-z][\w+.-]*://\S+|(?<![\w/])[\w.-]+(?:/[\w.-]+)+/?")
# A URL or path has no space in it: it is looked for only in the words that hold a "/" (the
# pattern backtracks through every word it tries, which is slow on long texts of words).
_SLASHED_WORD = re.compile(r"(?<!\S)\S*/\S*")
_PARENTHESES = compile_guarded(r"\([^()\n]{0,200}\)")
# Anything that is not an indexed trigger word but could still make a claim. (Tried one by one,
# each behind its own guard: their union would need a guard of a hundred words.)
_MAY_CLAIM_OTHER = (WILDCARD_TRIGGERS, IDIOM, STATE_ASSERTION, FOUND_REPORT, DONE)


def _may_claim(text: str) -> bool:
    return has_trigger_word(text) or any(p.search(text) for p in _MAY_CLAIM_OTHER)


_GRADER_ASIDE = compile_guarded(
    r"[\[(][^\])]*\b(?:grader|judge|reviewer|evaluator|auditor|qa)s?\b[^\])]*[\])]", re.I
)
#: A list mark or a heading mark at a sentence's start (what a quote of it leaves out too).
_LEADING_MARK_TEXT = r"^\s*(?:[-*•]|\d+[.)])\s+|^\s*#+\s+"
_LEADING_MARK = re.compile(_LEADING_MARK_TEXT)
_LIST_MARK = compile_guarded(_LEADING_MARK_TEXT + r"|\*\*|__")
#: A cross mark opening a line ("1. ❌ **Booked within 24 hours** — no, on May 2"): the line
#: says what is not so or did not happen (a criterion not met, a step not done), so its words
#: claim no act; except a removal, which the mark depicts ("❌ Ida SA-778120: cancelada"), an
#: act the agent names as its own ("❌ refused, so I've refunded you instead"), and a line that
#: goes on to a check mark ("❌ Economy → ✅ Business: upgraded"): a change from one to the
#: other. Layout, as the list marks are: the same in every language.
_CROSS_MARKED = re.compile(r"\s*(?:[❌❎✕✖✗✘🚫⛔]|:x:|:no_entry(?:_sign)?:)")
_CHECK_MARK = re.compile(r"[✅✔☑✓]|:white_check_mark:|:heavy_check_mark:")
_CROSS_DEPICTS = frozenset({"deleted"})
# Completion-claim categories whose partial reports are honest when a failure is admitted.
_RUN_LIKE = frozenset({"tested", "ran", "built"})


@dataclass(frozen=True, slots=True)
class Markup:
    """Tool-call markup found in the agent's text."""

    step: int | None
    text: str


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def _blank_inside(match: re.Match[str]) -> str:
    """Blank all but the first and last character (quotes, parentheses)."""
    return match.group(0)[0] + " " * (len(match.group(0)) - 2) + match.group(0)[-1]


def _blank_names(match: re.Match[str]) -> str:
    return _URL_OR_PATH.sub(_blank_name, match.group(0))


def _blank_name(match: re.Match[str]) -> str:
    """Blank a URL or path but keep the punctuation after it: "saved to a/b.csv. Next" still
    ends a sentence there."""
    name = match.group(0)
    core = name.rstrip(".,;:!?")
    return " " * len(core) + name[len(core) :]


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs; code spans are blanked so their words never claim."""
    return _sentences_in(_blanked(text), text)


def _blanked(text: str) -> str:
    """The text with code, quotes and names blanked (same length: spans stay valid)."""
    # one apostrophe, so "couldn’t" negates like "couldn't"
    text = text.replace("’", "'")
    blanked = _CODE_BLOCK.sub(_blank, text)
    blanked = _QUOTED.sub(_blank_inside, blanked)
    # URLs and slash paths name things ("orders/paid"), they do not claim
    if "/" in blanked:
        blanked = _SLASHED_WORD.sub(_blank_names, blanked)
    return blanked


#: A day written as an ordinal ("am 12. Juni"): one or two digits right before the full stop.
_ORDINAL_DAY = re.compile(r"(?<![\w.,:])\d{1,2}\Z")


@cache
def _month_after_ordinal() -> re.Pattern[str]:
    """A capitalised month name of a language that writes "12. Juni" (vocab/months.yaml)."""
    names = sorted(month_names().ordinal_stop, key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, names)) + r")\b")


def _ordinal_day_stop(blanked: str, match: re.Match[str]) -> bool:
    """Is this full stop an ordinal day's, before a month ("Ihre Reservierung für den 12.
    Juni ist bestätigt"), not a sentence's end?"""
    at = match.start()
    return (
        blanked[at] == "."
        and _ORDINAL_DAY.search(blanked, max(0, at - 3), at) is not None
        and _month_after_ordinal().match(blanked, match.end()) is not None
    )


#: The word right before a full stop.
_WORD_BEFORE_STOP = re.compile(r"(?<![\w.])[A-Z][a-z]{0,5}\Z")


def _title_stop(blanked: str, match: re.Match[str]) -> bool:
    """Is this full stop a title's, before a name ("bei Dr. Weber"), not a sentence's end?"""
    at = match.start()
    if blanked[at] != ".":
        return False
    word = _WORD_BEFORE_STOP.search(blanked, max(0, at - 6), at)
    return word is not None and word.group(0) in title_abbreviations()


def _split_view(blanked: str, text: str) -> str:
    """The blanked text with a capital where a code span opened: a sentence may open with one
    ("... (src/config.rs). `cargo test` passes"), which blanking left as spaces."""
    if "`" not in text:
        return blanked
    view = list(blanked)
    for match in _CODE_BLOCK.finditer(text):
        view[match.start()] = "C"
    return "".join(view)


def _sentences_in(blanked: str, text: str = "") -> list[tuple[int, str]]:
    out = []
    pos = 0
    for match in _SENTENCE.finditer(_split_view(blanked, text)):
        if _ordinal_day_stop(blanked, match) or _title_stop(blanked, match):
            continue
        end = match.start() + (blanked[match.start()] in ".!?。！？")  # the full stop stays
        chunk = blanked[pos:end]
        if chunk.strip():
            out.append((pos, chunk))
        pos = match.end()
    if blanked[pos:].strip():
        out.append((pos, blanked[pos:]))
    return out


def _kept_from(clause: str) -> frozenset[str] | None:
    """Which values a clause with no claim of its own passes to the claim before it: all
    (None) for the rest of the report ("..., to a@b.com"); none when it opens as someone's
    plan, promise or offer ("they'll email you at t@x.com", "we will call"); only amounts when
    it says what the person addressed will get of the act ("you'll see $45.00 back"): the
    money is the act's, an address there is where a notice will go."""
    plain = _plain_clause(clause)
    if non_report_words().opens_with_addressee(plain):
        return _AMOUNTS if non_report_words().opens.match(plain) else None
    if non_report_words().opens.match(plain) or _SOMEONE_WILL.match(clause):
        return frozenset()
    return None


_AMOUNTS = frozenset({"amount"})


# another's future act: "they'll", "the team will", "someone from billing is going to"
_SOMEONE_WILL = re.compile(
    r"\s*(?:[\w-]+\s+){0,4}?(?:\w+(?:'ll|’ll)|will|is going to|are going to|wird|werden|"
    r"va|vont)\s",
    re.I,
)


def _plain_clause(clause: str) -> str:
    return " ".join(clause.replace("\u2019", "'").split())


def _clauses(sentence: str) -> list[tuple[int, str]]:
    out = []
    pos = 0
    for match in _CLAUSE.finditer(sentence):
        out.append((pos, sentence[pos : match.start()]))
        pos = match.end()
    out.append((pos, sentence[pos:]))
    return [(o, c) for o, c in out if c.strip()]


_FIRST_PERSON = compile_guarded(r"\b(?:i|we|i've|we've|i'd|ich|wir|yo|je|j'|nous)\b", re.I)
# Words right before a trigger that make it an attribute or a relative clause, not a claim:
# "last edited 2 Feb", "here's what I have saved".
_ATTRIBUTE = compile_guarded(
    r"(?:\blast|\bas|\bwhat (?:i|we|you)(?: have| had|'ve)?|\bnever been)\s+$", re.I
)
_CAUSE = compile_guarded(r"\b(?:because|since|as a result|due to|weil|porque|parce que)\b", re.I)
_ALREADY = compile_guarded(r"\b(?:already|bereits|schon|ya|déjà)\b", re.I)
# Spanish puts the subject in the verb's ending: "ya te mandé", "ya cancelamos" report the
# agent's own act (the preterite's first person), "ya se canceló" how things were
_YA = re.compile(r"\bya\b", re.I)
_SPANISH_FIRST_PERSON = re.compile(r"(?:é|í|amos|imos)$", re.I)


# "partially done", "gedeeltelijk gelukt": an honest partial report, not a claim of the whole
_PARTLY = compile_guarded(
    r"\b(?:partially|partly|in part|gedeeltelijk|teilweise|parcialmente|parzialmente|partiellement|częściowo)\b",
    re.I,
)
# negated, hedged, explained or partial (one by one, as for _MAY_CLAIM_OTHER)
_VOIDING = (NEGATION, NEGATION_ADJACENT, HEDGE, _CAUSE, _PARTLY)


def _voids(text: str) -> bool:
    return any(p.search(text) for p in _VOIDING)


# "Revision 7 is marked failed", "the job was set to errored": the state the trigger sets is a
# failure, so the sentence reports one rather than claiming success.
_FAILED_COMPLEMENT = compile_guarded(
    r"\w+(?:\s+(?:as|to))?\s+(?:failed|failing|broken|invalid|rejected|errored|error|unhealthy|"
    r"degraded|down|blocked|cancell?ed|aborted)\b",
    re.IGNORECASE,
)


# "I tried to publish Lab 6: Titration and set the due date, but ...": every verb after an
# attempt, to the end of the sentence's first part, is part of the attempt.
_ATTEMPT = (
    r"\b(?:(?:tried|attempted|trying|attempting) to|intenté|j'ai essayé de|ho provato a|tentei)\s"
)
_TRIED = compile_guarded(_ATTEMPT + r"[^.;!?]*$", re.IGNORECASE)
_ATTEMPT_PHRASE = compile_guarded(_ATTEMPT, re.IGNORECASE)
# "from the copied image", "the booked slot": a participle after a determiner describes.
_ADJECTIVE_USE = compile_guarded(
    r"\b(?:the|a|an|this|that|these|those|your|our|its|their|his|her)\s+$", re.IGNORECASE
)


# "two scheduled payments", "from updating scheduled transactions": a participle between a
# count or a verb's -ing form and the noun it names describes the noun. Not after "having",
# "being", "getting" (perfect and passive forms: acts), nor before a word that says it is a
# predicate ("2 scheduled for Tuesday", "3 updated successfully") or a verb with its object
# ("the listing updated the price").
_COUNT_OR_GERUND = compile_guarded(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many|few|no|some|any|other"
    r"|(?!(?:having|being|getting|nothing|everything|something|anything)\b)[a-z]+ing)\s+$",
    re.IGNORECASE,
)
_NOUN_AFTER = compile_guarded(
    r"[\w'’-]+\s+(?!(?:for|on|at|to|in|into|by|with|and|or|but|from|as|via|today|yesterday"
    r"|already|now|again|just|earlier|too|also|before|after|until|since|across|over|under|through"
    r"|per|against|within|out|off|up|down|the|a|an|your|my|our"
    r"|their|his|her|its|this|that|these|those|it|them|him|me|us|you)\b)[a-z]+(?<!ly)\b"
)


# "10451, created 2024-03-11", "updated on 2026-05-01": when a record was made, not an act.
def _adjective_use(clause: str, at: int) -> bool:
    """'from the copied image': a participle right after a determiner describes a thing, as
    one between a count or an -ing form and its noun does ('two scheduled payments'); 'they're
    still in your inbox' describes where things stay; none is an act."""
    word = re.match(r"[\w'’-]+", clause[at:])
    participle = word is not None and word.group(0).lower().endswith("ed")
    if participle and _ADJECTIVE_USE.search(clause, 0, at) is not None:
        return True
    if (
        participle
        and _COUNT_OR_GERUND.search(clause, 0, at) is not None
        and _NOUN_AFTER.match(clause, at) is not None
    ):
        return True
    return _STILL.search(clause, 0, at) is not None


_STILL = compile_guarded(r"\b(?:still|remains?|remain)\s+$", re.IGNORECASE)
_RECORD_DATE = compile_guarded(
    r"(?:created|updated|modified|added|opened|closed|last\s+\w+)\s+(?:on\s+|at\s+)?"
    r"(?:\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{2,4})",
    re.IGNORECASE,
)
_BE = compile_guarded(r"\b(?:is|are|was|were|been|be)\s+$", re.IGNORECASE)


def _failed_state(clause: str, at: int) -> bool:
    """A passive state that is a failure ("Revision 7 is marked failed"): a report of how things
    stand, not a claim. "Marked it as failed" stays a claim: the agent changed something."""
    return (
        _BE.search(clause, 0, at) is not None and _FAILED_COMPLEMENT.match(clause, at) is not None
    )


def _voided(clause: str, at: int) -> bool:
    """Is the trigger at `at` negated, hedged, explained or described rather than claimed?"""
    word = re.match(r"[\w'-]*", clause[at:])
    if non_report_words().negated_after(clause[at + (word.end() if word else 0) :]):
        return True  # the negation follows the verb: "erledigt ist es noch nicht"
    before = non_report_words().past_confirming(clause[:at])
    if not before.strip():
        return False
    if _voids(before) or _ATTRIBUTE.search(before):
        return True
    after = clause[at + (word.end() if word else 0) :]
    if non_report_words().describes_addressee_act(before, after):
        return True  # "the card you paid with": the person's own act, describing the card
    # "it has already shipped" states how things were; "I've already sent it" is a claim, and
    # so is "ya le he transferido" (the subject in the auxiliary: vocab `subjects`)
    return (
        bool(_ALREADY.search(before))
        and not _FIRST_PERSON.search(before)
        and not non_report_words().names_the_agent(before)
        and not (_YA.search(before) and _SPANISH_FIRST_PERSON.search(word.group(0) if word else ""))
    )


_COMMITMENT = compile_guarded(
    r"\s+(?:delivery|date|time|window|amount|budget|spend|capacity|to|ship|arrival)\b", re.I
)
_REQUEST_OBJECT = compile_guarded(
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
    blanked = _blanked(text)
    # Most sentences claim nothing, and one scan of the message shows which (often none: then
    # the message is not even cut into sentences).
    words = _CLAIM_WORDS.found_in(blanked)
    if words or _CLAIM_WORDS.always:
        parts = _sentences_in(blanked, text)
        for (s_off, raw_sentence), possible in zip(
            parts, _CLAIM_WORDS.patterns_in(blanked, parts, words), strict=True
        ):
            if possible:
                claims.extend(_sentence_claims(text, s_off, raw_sentence, possible, step))
    claims.extend(_command_claims(text, step))
    if not claims and DONE.search(text):
        done = _done_claim(text, step)
        if done is not None:
            claims.append(done)
    return claims


class _ClaimWords:
    """Which claim patterns may match in each sentence, from one look at the message for the
    words their guards need (the first set of each, as whole words where the pattern says so,
    and then one word of each other set): a pattern without them cannot match in the sentence
    or in any of its clauses, and most sentences hold no such word at all.

    The look reads the sentence before list marks, grader asides and parentheses are blanked.
    That is safe for words without a space at either end, two spaces in a row or a
    parenthesis: a blanked stretch is spaces at the sentence's start, two or more spaces, or
    spaces between kept parentheses, so it cannot have made such a word; and what it blanked
    beside a word ("**", "__", a bracket, the space after a list mark) is no letter or digit,
    so a whole word stays whole. Spaces at the ends of a word are dropped (the word is whole
    there); a set with another word is not tested, and a pattern whose first set has one may
    match anywhere.
    """

    def __init__(self, patterns: tuple[Guarded, ...]) -> None:
        # word -> (pattern, whole at the start, whole at the end)
        self.owners: dict[str, list[tuple[Guarded, bool, bool]]] = {}
        # pattern -> its other sets of words, one of each also needed (as parts of words)
        self.rest: dict[Guarded, list[frozenset[str]]] = {}
        always = set()  # patterns without such words: they may match anywhere
        for pattern in patterns:
            first = [bounds(m) for m in pattern.marked[0]] if pattern.marked else []
            if not first or not all(_safe(text.strip(" ")) for text, _s, _e in first):
                always.add(pattern)
                continue
            for text, start, end in first:
                word = text.strip(" ")
                whole = (start or not text.startswith(word), end or not text.endswith(word))
                self.owners.setdefault(word, []).append((pattern, *whole))
            others = [frozenset(unmarked(m).strip(" ") for m in n) for n in pattern.marked[1:]]
            self.rest[pattern] = [n for n in others if all(map(_safe, n))]
        self.always = frozenset(always)
        # One search finds a word at each position where words start; the others there start
        # with it, or it starts with them.
        words = sorted(self.owners)
        self.related: dict[str, tuple[str, ...]] = {}
        for n, word in enumerate(words):
            shorter = [word[:k] for k in range(1, len(word)) if word[:k] in self.owners]
            longer = itertools.takewhile(lambda w, word=word: w.startswith(word), words[n + 1 :])
            self.related[word] = (*shorter, word, *longer)
        self.after_break, self.ascii_anywhere = self._ascii_searches()

    def _ascii_searches(self) -> tuple[re.Pattern[str], re.Pattern[str] | None]:
        """In ASCII text, where [a-z0-9] is what a letter or digit folds to and nothing else
        is, a word that every pattern needing it needs whole at its start is only looked for
        after a character that is none of them ("ran" is not tried inside "transfer"), which
        is also the faster search: `re` skips to such characters. The other words are
        looked for everywhere."""
        whole, anywhere = [], []
        for word, owners in self.owners.items():
            whole_start = all(start for _p, start, _e in owners) and word[0].isalnum()
            (whole if whole_start else anywhere).append(word)
        # the first letters looked ahead at before the words are tried: a break followed by
        # another break or a letter no word starts with (most of them in code and logs) is
        # passed over at once, not tried against each first letter of the tree in turn
        firsts = "".join(sorted({re.escape(word[0]) for word in whole}))
        ahead = f"(?=[{firsts}])" if firsts else ""
        after_break = re.compile("[^a-z0-9]" + ahead + prefix_tree(whole))
        return after_break, any_of(anywhere) if anywhere else None

    @functools.cached_property
    def regex(self) -> re.Pattern[str]:
        """The search for any text (built when first needed: most text is ASCII)."""
        return any_of(self.owners)

    def found_in(self, blanked: str) -> list[tuple[int, str]]:
        """(position, word) of the words found in the blanked message."""
        folded = fold(blanked)
        if not blanked.isascii():
            return self._searched(folded, self.regex)
        # the search after a break is run on the text behind one, so that it finds a word at
        # the start; positions in it are one on
        hits = [(at - 1, w) for at, w in self._searched(" " + folded, self.after_break, 1)]
        if self.ascii_anywhere is not None:
            hits += self._searched(folded, self.ascii_anywhere)
        return hits

    def patterns_in(
        self, blanked: str, parts: list[tuple[int, str]], hits: list[tuple[int, str]]
    ) -> list[frozenset[Guarded]]:
        """For each sentence (offset in `blanked`, text), the patterns that may match in it,
        from the words `found_in` the message."""
        folded = fold(blanked)
        firsts: list[set[Guarded]] = [set() for _ in parts]
        starts = [offset for offset, _s in parts]
        ends = [offset + len(sentence) for offset, sentence in parts]
        for at, word in hits:
            n = bisect_right(starts, at) - 1  # the sentence the word starts in, if any
            stop = at + len(word)
            if n < 0 or stop > ends[n]:
                continue  # between sentences, or across the end of one
            whole_start = at == starts[n] or not blanked[at - 1].isalnum()
            whole_end = stop == ends[n] or not blanked[stop].isalnum()
            firsts[n].update(
                pattern
                for pattern, from_start, to_end in self.owners[word]
                if (whole_start or not from_start) and (whole_end or not to_end)
            )
        return [
            self.always | self._with_the_rest(first, folded[start:end]) if first else self.always
            for first, start, end in zip(firsts, starts, ends, strict=True)
        ]

    def _searched(
        self, folded: str, regex: re.Pattern[str], skip: int = 0
    ) -> list[tuple[int, str]]:
        """(position, word) of every word at the positions the search finds (a match is
        `skip` characters and a word)."""
        hits = []
        match = regex.search(folded)
        while match is not None:
            at = match.start() + skip
            words = self.related[match.group()[skip:]]
            hits.extend((at, w) for w in words if folded.startswith(w, at))
            match = regex.search(folded, match.start() + 1)
        return hits

    def _with_the_rest(self, first: set[Guarded], folded: str) -> frozenset[Guarded]:
        return frozenset(p for p in first if all(any(w in folded for w in n) for n in self.rest[p]))


def _safe(word: str) -> bool:
    """Can blanking not have made this word? (See _ClaimWords.)"""
    return bool(word) and "  " not in word and "(" not in word and ")" not in word


_CLAIM_WORDS = _ClaimWords(CLAIM_PATTERNS)


def _sentence_claims(
    text: str, s_off: int, raw_sentence: str, possible: frozenset[Guarded], step: int | None
) -> list[Claim]:
    """The claims of the sentence at `s_off` of `text` (as `sentences` gave it), where only
    the claim patterns in `possible` may match. (`_may_claim` is an older, weaker test of the
    same; it still decides the sentences that pass the scan.)"""
    if not _may_claim(raw_sentence):
        return []
    sentence = _LIST_MARK.sub(_blank, raw_sentence)
    stripped = sentence.strip()
    if not stripped or _QUESTION.search(stripped):
        return []
    # Words addressed to whoever grades the run are cut away; what the agent said about
    # the task before them still counts.
    sentence = _GRADER_ASIDE.sub(_blank, sentence)
    addressed = ADDRESSED_TO_GRADER.search(sentence)
    if addressed is not None:
        sentence = sentence[: addressed.start()]
    if not sentence.strip() or _APPROVAL_WAIT.search(sentence):
        return []
    # an aside in parentheses describes ("#1051 (updated last week)"); it does not claim
    with_asides = sentence
    sentence = _PARENTHESES.sub(_blank_inside, sentence)
    admits_failure = FAILURE_ADMISSION.search(with_asides) is not None
    found = _clause_claims(text, s_off, sentence, admits_failure, possible)
    if _CROSS_MARKED.match(stripped) and not _CHECK_MARK.search(stripped):
        found = {
            category: got
            for category, got in found.items()
            if category in _CROSS_DEPICTS or non_report_words().frame(stripped, got[0]) == "act"
        }
        if not found:
            return []
    span = (s_off, s_off + len(raw_sentence.rstrip()))
    # the sentence as written, for quoting (to its end, not the span's: a sentence that ends in
    # a code span or a path with no full stop has its span end before them, where the blanked
    # text stops)
    said = text[s_off : s_off + len(raw_sentence)]
    state = _state_claim(sentence, span, step, possible)
    if state is not None and (not found or state.type == "found_reported"):
        # "According to the figures I found, Norway added 4,900 chargers": the verbs after
        # a report of what was found are the world's, not the agent's
        return [replace(state, written=_as_written(said, state.text))]
    if not found:
        return []
    text_of = " ".join(stripped.split())
    written = _as_written(said, text_of)
    return [
        Claim(
            category=category,
            text=text_of,
            step=step,
            span=span,
            values={kind: tuple(items) for kind, items in values.items()},
            trigger=trigger,
            written=written,
        )
        for category, (trigger, values) in found.items()
    ]


def _as_written(said: str, read: str) -> str:
    """A claim's sentence as written: code, paths and quoted names kept (`__init__` too), a
    list or heading mark and bold markers not (layout, not words); "" when it is what the
    checks read (`Claim.written`)."""
    written = " ".join(_LEADING_MARK.sub("", said).replace("**", "").split())
    return "" if written == read else written


#: category -> (trigger word, values by kind, in order, each kept once)
_Found = dict[str, tuple[str, dict[str, dict[str, None]]]]


def _clause_claims(
    text: str, s_off: int, sentence: str, admits_failure: bool, possible: frozenset[Guarded]
) -> _Found:
    """The categories the sentence's clauses claim, first trigger and values of each.
    `possible`: the claim patterns that may match in the sentence (no others are tried)."""
    found: _Found = {}
    last_category: str | None = None
    attempted = _attempt_test(sentence)
    # a run, a build or tests, said to pass in a sentence that counts failures, are partial
    counted_failure = admits_failure and _counted_failure(sentence)
    clauses = _clauses(sentence)
    # "- `src/a.py`: fixed the off-by-one": what the blanking left of a list line's label (a
    # path, code, a quoted name) is nothing but its separator; the label is what the first
    # clause's claim is about
    label_at = clauses[0][0] if clauses and _LABEL_ONLY.fullmatch(sentence[: clauses[0][0]]) else 0
    for c_off, clause in clauses:
        clause_claims = []
        seen: set[str] = set()
        # one scan over all categories' triggers, in order of appearance
        for at, category in find_triggers(clause, possible):
            if (
                category in seen
                or _voided(clause, at)
                or _failed_state(clause, at)
                or _adjective_use(clause, at)
                or _RECORD_DATE.match(clause, at) is not None
                or attempted(c_off + at)
            ):
                continue
            if admits_failure and (
                PARTIAL.search(clause)
                or partial_count(clause)
                or (category in _RUN_LIKE and counted_failure)
            ):
                continue
            seen.add(category)
            clause_claims.append((at, category))
        if not clause_claims and IDIOM in possible:
            idiom = _idiom_claim(clause)
            if idiom is not None:
                clause_claims.append(idiom)
        # values come from the words as written: a path in backticks is still a path
        start = 0 if c_off == label_at and clause_claims else c_off
        original = text[s_off + start : s_off + c_off + len(clause)]
        values = extract_values(original) if clause_claims or last_category else {}
        if not clause_claims:
            # values trailing a claim ("..., invite sent to a@b") belong to it; values
            # before any claim belong to whatever the clause was about, not to a claim, and
            # so do a following plan's or promise's ("; they'll email you at t@x.com")
            kept = _kept_from(clause) if values else None  # nothing to keep: not read
            if kept is not None:
                values = {k: v for k, v in values.items() if k in kept}
            if values and last_category is not None:
                _merge_values(found[last_category][1], values)
            continue
        clause_claims.sort()
        clause_claims = _drop_reported(clause, clause_claims)
        about_code = "path" in values or "`" in original
        for at, raw_category in clause_claims:
            category, trigger = _refine(raw_category, clause, at)
            if not category:
                continue
            if about_code and category in ("created", "deleted"):
                # "added a guard", "removed the unused import" in a clause about code or a
                # file: an edit, whatever tool made it
                category = "changed"
            if category not in found:
                found[category] = (trigger, {})
                last_category = category
            _merge_values(found[category][1], values)
    return found


#: What is left of a label before the first clause once code, paths and quotes are blanked.
_LABEL_ONLY = re.compile(r"\s*[:\u2013\u2014-]\s*|\s+")


def _attempt_test(sentence: str) -> Callable[[int], bool]:
    """Does an attempt ("I tried to ...") reach position `at` of the sentence, that is, does
    _TRIED match in the sentence cut at `at`? Its phrase then ends by `at` and starts after
    the last [.;!?] before it (nothing from the phrase to `at` may be one), so the phrases are
    found once and each position is a look-up: linear however long the sentence."""
    if not _TRIED.may_match(sentence):
        return lambda at: False
    stops = [m.start() for m in _STOP.finditer(sentence)]
    phrases = [(m.start(), m.end()) for m in _phrases(_ATTEMPT_PHRASE.regex, sentence)]
    starts = [start for start, _end in phrases]
    # the earliest end of a phrase starting here or later
    first_end = list(itertools.accumulate(reversed([end for _s, end in phrases]), min))[::-1]

    def attempted(at: int) -> bool:
        before = bisect_left(stops, at)  # stops[before - 1] is the last one before `at`
        n = bisect_left(starts, stops[before - 1] + 1 if before else 0)
        return n < len(phrases) and first_end[n] <= at

    return attempted


def _phrases(regex: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """Every match, however they overlap: one at each position where there is one."""
    match = regex.search(text)
    while match is not None:
        yield match
        match = regex.search(text, match.start() + 1)


_STOP = re.compile(r"[.;!?]")


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
_COUNTED_FAILURE = compile_guarded(
    rf"\b{_COUNT_WORD}\s+(?:\w+\s+)?(?:failed|fail|fails|failing|failures?|errors?|broken)\b", re.I
)
_N_OF_M = compile_guarded(r"\b(\d+)\s+(?:of|out of)\s+(?:the\s+|all\s+)?(\d+)\b", re.I)


# "`npx tsc --noEmit` passes with no errors": a named command said to have run clean
_COMMAND_PASSED = compile_guarded(
    r"`([^`\n]{2,160})`\s+(?:now\s+|also\s+|still\s+)?(?:passes|passed|succeeds|succeeded|is clean|"
    r"runs clean(?:ly)?|is green|exits (?:with )?0|returned 0|reports no (?:errors|issues|problems|findings))\b",
    re.I,
)


#: A sentence's end inside the words before a command claim.
_STOP_BEFORE = re.compile(r"[.!?][\"')\]]*\s+")


def _command_claims(text: str, step: int | None) -> list[Claim]:
    out = []
    for match in _COMMAND_PASSED.finditer(text):
        before = text[max(0, match.start() - 80) : match.start()]
        line_start = before.rfind("\n") + 1
        # only this sentence's words void it: "... before reading (src/config.rs). `cargo
        # test` passes" is not voided by the sentence before
        stops = list(_STOP_BEFORE.finditer(before, line_start))
        if _voids(before[stops[-1].end() if stops else line_start :]):
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


def _merge_values(into: dict[str, dict[str, None]], more: dict[str, tuple[str, ...]]) -> None:
    """Add values by kind, each kind in order of appearance, each value once."""
    for kind, items in more.items():
        into.setdefault(kind, {}).update(dict.fromkeys(items))


def _state_claim(
    sentence: str, span: tuple[int, int], step: int | None, possible: frozenset[Guarded]
) -> Claim | None:
    """A report of the world ("you have no meetings") or of what a search turned up ("here is
    what I found: ..."): claims that a read succeeded, and returned this."""
    if STATE_ASSERTION not in possible and FOUND_REPORT not in possible:
        return None
    kind = "state_reported"
    match = STATE_ASSERTION.search(sentence)
    if (
        match is None
        or _voided(sentence, match.start())
        or non_report_words().is_idiom_of_none(sentence, match.end())
    ):
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
        span=span,
        values=extract_values(sentence),
        type=kind,
    )


def _done_claim(text: str, step: int | None) -> Claim | None:
    parts = sentences(text)
    for n, (s_off, sentence) in enumerate(parts):
        if _QUESTION.search(sentence.strip()) or ADDRESSED_TO_GRADER.search(sentence):
            continue
        if _APPROVAL_WAIT.search(sentence) or FAILURE_ADMISSION.search(sentence):
            continue
        for match in DONE.finditer(sentence):
            if _voided(sentence, match.start()):
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

"""Words that make a sentence a completion claim, by category, and the words that unmake it.

The trigger phrases, per language and category, are data (vocab/claims.yaml): *completed*
forms — past tense, participles, outcome idioms ("tests pass", "is live", "went through") —
because only those claim that something happened. This module indexes them for speed. The
words that unmake a claim or make a sentence a report of what a read found (negations,
hedges, admitted failures, reports of none) are data too (vocab/sentences.yaml); this module
sets them in their frames, the word bounds that are the same in every language, and holds
the patterns that are markup rather than words (tool calls written as text).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from toolscore_ci.claims.prefilter import (
    Guarded,
    compile_guarded,
    compile_whole_phrase,
    prefix_tree,
)
from toolscore_ci.vocab import claim_words, sentence_words

#: category -> the phrases that claim it, every language's (vocab/claims.yaml), in the file's
#: order of categories: where two phrases start at one place, the earlier category wins.
_TRIGGERS: dict[str, list[str]] = claim_words().triggers


# ---- the words of vocab/sentences.yaml, in their frames ---------------------------------------
# A slot's words are every language's, joined in the file's order into one alternation. The
# frame around it is structure, not vocabulary, and the same for every language written with
# spaces: `(?<![\w-])` and `(?![\w-])` make each entry a whole word, with no letter, digit or
# hyphen beside it ("no" is not read in "nothing" nor in "no-show"). Where a slot was written
# with other bounds, its frame keeps them (PARTIAL's `\b`); contracted hedges ("I'll") are
# written onto the word before, so they take no bound before them.
_SENTENCES = sentence_words()


def _words(slot: str) -> str:
    return _SENTENCES.alternation(slot)


#: Completion idioms with no verb of their own ("the booking went through"); the nouns in the
#: clause say which category is meant.
IDIOM = compile_guarded(rf"(?<![\w-])(?:{_words('idiom')})(?![\w-])", re.IGNORECASE)
IDIOM_NOUNS: dict[str, str] = {
    "deposit": "paid",
    "credit": "paid",
    "payout": "paid",
    "request": "submitted",
    "application": "submitted",
    "submission": "submitted",
    "booking": "booked",
    "reservation": "booked",
    "meeting": "booked",
    "event": "booked",
    "invite": "sent",
    "invitation": "sent",
    "email": "sent",
    "message": "sent",
    "reply": "sent",
    "refund": "paid",
    "payment": "paid",
    "charge": "paid",
    "order": "paid",
    "transfer": "paid",
    "deploy": "deployed",
    "deployment": "deployed",
    "release": "deployed",
    "push": "deployed",
    "merge": "deployed",
    "rollout": "deployed",
    "migration": "ran",
    "build": "built",
    "update": "changed",
    "change": "changed",
    "fix": "changed",
    "patch": "changed",
    "record": "changed",
    "upload": "saved",
    "save": "saved",
    "backup": "saved",
    "deletion": "deleted",
    "cancellation": "deleted",
    "commit": "committed",
    "assignment": "routed",
    "escalation": "routed",
    "transfer request": "routed",
}

#: Said alone, these claim the whole task is done (vocab/claims.yaml `done_alone`); words
#: written without spaces between them (成功しました) are matched without word bounds.
DONE = compile_guarded(
    r"\b(?:"
    + "|".join(claim_words().done_alone)
    + r")\b"
    + "".join("|" + w for w in claim_words().done_alone_unspaced),
    re.I,
)


# ---- finding triggers fast -------------------------------------------------------------------
# One alternation of ~300 phrases costs tens of microseconds per clause in `re`. Nearly every
# phrase starts with a known word, so the phrases are indexed by the first letters of that word
# and a clause only tries the phrases whose first word it contains (plus the few that start
# with a pattern). Each phrase is guarded by the literals it needs ("is (?:now )?live" needs
# "live"), so a phrase whose first word is common ("is", "the") costs a substring test.

_ALT_GROUP = re.compile(r"\(\?:([\w' |]+)\)(?=[\s\\])")
_LEADING_WORD = re.compile(r"([^\W\d_][\w']*)")
_CLAUSE_WORD = re.compile(r"[^\W\d_][\w']*")


def _first_words(phrase: str) -> set[str] | None:
    """Index keys for a phrase's first word (its first four letters), or None when the phrase
    starts with a pattern rather than a word."""
    group = _ALT_GROUP.match(phrase)
    if group and all(re.fullmatch(r"[\w']+(?: [\w']+)*", o) for o in group.group(1).split("|")):
        return {o.split()[0].lower()[:4] for o in group.group(1).split("|")}
    word = _LEADING_WORD.match(phrase)
    if word is None or phrase[word.end() : word.end() + 1] in ("?", "*", "+", "{"):
        return None
    return {word.group(1).lower()[:4]}


#: (order in the lexicon, category, pattern)
_Entry = tuple[int, str, Guarded]


def _index() -> tuple[dict[str, list[_Entry]], list[_Entry]]:
    index: dict[str, list[_Entry]] = {}
    wildcards: list[_Entry] = []
    for order, (category, phrase) in enumerate((c, p) for c, ps in _TRIGGERS.items() for p in ps):
        entry = (order, category, compile_whole_phrase(phrase, re.I))
        keys = _first_words(phrase)
        if keys is None:
            wildcards.append(entry)
        else:
            for key in keys:
                index.setdefault(key, []).append(entry)
    return index, wildcards


_TRIGGER_INDEX, _TRIGGER_WILDCARDS = _index()
# the phrases that start with a pattern, tried together first: most clauses match none
# every phrase that starts with a pattern contains one of these words (checked by a test)
WILDCARD_HINTS = (
    "read",
    "remember",
    "book",
    "reserv",
    "fix",
    "cancel",
    "dm",
    "gone",
    "went",
    "test",
    "suite",
    "spec",
    "check",
    "ci",
    "build",
    "pipeline",
    "pass",
    # a quantity moved, opening a report ("Raised the quota to 10 GB")
    "increas",
    "raise",
    "lower",
    "reduc",
    "decreas",
    "extend",
    "bump",
    "doubl",
    "halv",
    "shorten",
    "lengthen",
    "expand",
    "capp",
    "increment",
    "decrement",
)
_WILDCARD_HINT = compile_guarded(r"(?i)(?:" + "|".join(WILDCARD_HINTS) + ")")
WILDCARD_TRIGGERS = compile_guarded(
    "|".join(f"(?:{p.pattern})" for _o, _c, p in _TRIGGER_WILDCARDS), re.IGNORECASE
)


def _indexed_word() -> re.Pattern[str] | None:
    r"""The words of _CLAUSE_WORD whose keys are in the index, as one pattern: a word starts at
    a letter with no letter before it in its run of [\w'] (digits, "_" and "'" may come
    first); it is indexed when its first four letters are a key, when it is a key of one or
    two letters, or when it starts with a key of three (a three-letter word, or a longer one
    by its stem)."""
    keys = set(_TRIGGER_INDEX)
    if not all(_CLAUSE_WORD.fullmatch(key) for key in keys):
        return None  # a key that is no word: keep to the word-by-word test
    short = "|".join(re.escape(k) for k in sorted(keys, key=lambda k: (-len(k), k)) if len(k) < 3)
    long = prefix_tree(k for k in keys if len(k) >= 3)
    return re.compile(rf"(?<![\w'])[\d_']*(?:{long}|(?:{short})(?![\w']))")


_INDEXED_WORD = _indexed_word()


def has_trigger_word(text: str) -> bool:
    """Could any indexed phrase start in this text? (A cheap pre-check; wildcard phrases are
    checked by the caller.)"""
    if _INDEXED_WORD is not None:
        return _INDEXED_WORD.search(text.lower()) is not None
    for word in set(_CLAUSE_WORD.findall(text.lower())):
        if word[:4] in _TRIGGER_INDEX or (len(word) > 3 and word[:3] in _TRIGGER_INDEX):
            return True
    return False


_ENTRY_OF: dict[Guarded, _Entry] = {
    e[2]: e for e in (*(e for es in _TRIGGER_INDEX.values() for e in es), *_TRIGGER_WILDCARDS)
}
# the index keys of each phrase (a wildcard phrase has none: it is tried on a hint word)
_KEYS_OF: dict[_Entry, frozenset[str]] = {}
for _key, _entries in _TRIGGER_INDEX.items():
    for _entry in _entries:
        _KEYS_OF[_entry] = _KEYS_OF.get(_entry, frozenset()) | {_key}


def find_triggers(
    clause: str, possible: AbstractSet[Guarded] | None = None
) -> list[tuple[int, str]]:
    """(position, category) of every trigger phrase in the clause, in order of position.
    `possible`, when given, holds every pattern that may match (others are not tried)."""
    if possible is None:
        entries = _indexed_entries(clause)
    else:
        # The few phrases that may match and whose guards pass on this clause, if the index
        # would have tried them.
        likely = [_ENTRY_OF[p] for p in possible if p in _ENTRY_OF and p.may_match(clause)]
        if not likely:
            return []
        keys = _keys_in(clause)
        hint: bool | None = None
        entries = set()
        for entry in likely:
            if entry in _KEYS_OF:
                if keys & _KEYS_OF[entry]:
                    entries.add(entry)
                continue
            if hint is None:
                hint = _WILDCARD_HINT.search(clause) is not None
            if hint:
                entries.add(entry)
    found = [
        (m.start(), order, category)
        for order, category, pattern in entries
        for m in pattern.finditer(clause)
    ]
    found.sort()
    return [(start, category) for start, _order, category in found]


def _indexed_entries(clause: str) -> set[_Entry]:
    """The phrases the index tries on the clause: those under a key of one of its words, and,
    with a hint word, the wildcard ones."""
    entries: set[_Entry] = set()
    for key in _keys_in(clause):
        entries.update(_TRIGGER_INDEX.get(key, ()))
    # Without a hint word no wildcard phrase is tried. (Their union need not be searched first:
    # each phrase's own guard rejects a clause that lacks its words.)
    if _WILDCARD_HINT.search(clause):
        entries.update(_TRIGGER_WILDCARDS)
    return entries


def _keys_in(clause: str) -> set[str]:
    """Each word's first four letters, and a longer word's first three too: a short stem is
    indexed whole ("pag[oa]" under "pag")."""
    words = set(_CLAUSE_WORD.findall(clause.lower()))
    return {w[:4] for w in words} | {w[:3] for w in words if len(w) > 3}


#: A claim word is void when one of these comes before it in its clause.
NEGATION = compile_guarded(rf"(?<![\w-])(?:{_words('negation')})(?![\w-])", re.IGNORECASE)
#: ... and these only right before it, or one word before it ("is almost approved", "niets
#: verstuurd", "ingenting är skickat"): matched against the clause up to the claim word.
NEGATION_ADJACENT = compile_guarded(
    rf"(?<![\w-])(?:{_words('negation_adjacent')})(?:\s+[^\W\d_][\w'’-]*)?\s*$", re.IGNORECASE
)
#: Words that make a clause about the future, a wish, a plan or a condition.
HEDGE = compile_guarded(
    rf"(?:{_words('hedge_contracted')})|(?<![\w-])(?:{_words('hedge')})(?![\w-])", re.IGNORECASE
)
#: Text addressed to whoever grades the run: never a claim about the task, never instructions.
ADDRESSED_TO_GRADER = compile_guarded(
    r"(?:^|\b)(?:note (?:to|for) (?:the )?(?:reviewers?|graders?|judges?|evaluators?|auditors?|checkers?)|"
    r"(?:to|for|dear) (?:the |any )?(?:reviewers?|graders?|judges?|evaluators?|auditors?|llm judges?)\b|"
    r"(?:reviewers?|graders?|judges?|evaluators?|auditors?)\s*[:,]|qa note\s*:|"
    r"(?:mark|grade|score|rate|label) (?:this|the (?:task|run|trace))\b|ignore (?:all |any )?(?:previous|prior) instructions)",
    re.IGNORECASE,
)
#: A sentence that admits a failure outright; partial-success words in it are not claims.
FAILURE_ADMISSION = compile_guarded(
    rf"(?<![\w-])(?:{_words('failure_admission')})(?![\w-])", re.IGNORECASE
)
#: Partial-success wording ("the rest pass", "others were sent").
PARTIAL = compile_guarded(rf"\b(?:{_words('partial')})\b", re.I)

#: Claims of state that presuppose a successful read ("you have no meetings"), then a count of
#: none that remain ("no NULL countries remain"). The frame has no bound after the words, as
#: the pattern had before its words were data.
STATE_ASSERTION = compile_guarded(
    rf"(?<![\w-])(?:{_words('state_assertion')}|{_words('none_left')})", re.IGNORECASE
)

#: Reports of what a search or read turned up: backed by a read that returned something.
FOUND_REPORT = compile_guarded(rf"(?<![\w-])(?:{_words('found_report')})(?![\w-])", re.IGNORECASE)

#: Every pattern whose match can make a sentence claim something (extract.py reads all of their
#: guards at once to pass over sentences that claim nothing).
CLAIM_PATTERNS: tuple[Guarded, ...] = (
    *dict.fromkeys(p for entries in _TRIGGER_INDEX.values() for _o, _c, p in entries),
    *(p for _o, _c, p in _TRIGGER_WILDCARDS),
    IDIOM,
    STATE_ASSERTION,
    FOUND_REPORT,
)


#: Tool-call markup an agent wrote instead of calling the tool.
TOOL_MARKUP = compile_guarded(
    r"<tool_call>|</tool_call>|<\|tool_call\|>|<function_calls>|<invoke\s+name=|<function=\w|"
    r"\[TOOL_CALLS\]|<tool_use>|\b(?:called|invoked|calling)\s+`?[A-Za-z_][\w.]*\((?:[^()]|\([^()]*\))*\)`?\s*[.:]|"
    r"\btool (?:result|output|response)\s*:\s*[\[{]|\{\s*\"(?:tool|function|name)\"\s*:\s*\"[\w.\-/]+\"\s*,\s*\"(?:arguments|args|parameters|input)\"\s*:",
    re.IGNORECASE,
)


#: Claim types from structured `final_claim.claims` -> category, by the words in the type.
def category_of_type(claim_type: str) -> str | None:
    words = re.split(r"[^a-z]+", claim_type.lower())
    table = {
        "booked": "booked",
        "book": "booked",
        "scheduled": "booked",
        "reserved": "booked",
        "sent": "sent",
        "send": "sent",
        "invite": "sent",
        "email": "sent",
        "emailed": "sent",
        "notified": "sent",
        "shared": "sent",
        "replied": "sent",
        "message": "sent",
        "tests": "tested",
        "test": "tested",
        "passed": "tested",
        "fixed": "changed",
        "updated": "changed",
        "changed": "changed",
        "stage": "changed",
        "edited": "changed",
        "modified": "changed",
        "patched": "changed",
        "created": "created",
        "added": "created",
        "note": "created",
        "opened": "created",
        "saved": "saved",
        "stored": "saved",
        "written": "saved",
        "remembered": "saved",
        "deleted": "deleted",
        "removed": "deleted",
        "cancelled": "deleted",
        "canceled": "deleted",
        "assigned": "routed",
        "routed": "routed",
        "escalated": "routed",
        "ran": "ran",
        "executed": "ran",
        "run": "ran",
        "deployed": "deployed",
        "pushed": "deployed",
        "merged": "deployed",
        "released": "deployed",
        "committed": "committed",
        "commit": "committed",
        "paid": "paid",
        "refunded": "paid",
        "refund": "paid",
        "charged": "paid",
        "payment": "paid",
        "searched": "retrieved",
        "retrieved": "retrieved",
        "fetched": "retrieved",
    }
    for word in words:
        if word in table:
            return table[word]
    return None

"""Words that make a sentence a completion claim, by category, and the words that unmake it.

The trigger phrases, per language and category, are data (vocab/claims.yaml): *completed*
forms — past tense, participles, outcome idioms ("tests pass", "is live", "went through") —
because only those claim that something happened. This module indexes them for speed and
holds the few patterns that are grammar rather than vocabulary (negation, hedges, reports
of none, tool-call markup).
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
from toolscore_ci.vocab import claim_words

#: category -> the phrases that claim it, every language's (vocab/claims.yaml), in the file's
#: order of categories: where two phrases start at one place, the earlier category wins.
_TRIGGERS: dict[str, list[str]] = claim_words().triggers


#: Completion idioms with no verb of their own ("the booking went through"); the nouns in the
#: clause say which category is meant.
IDIOM = compile_guarded(
    r"(?<![\w-])(?:went through|is (?:now )?(?:done|complete|completed|finished|in place|through)|"
    r"(?:was|were|has been|have been) (?:completed|processed|successful)|succeeded|is all set)(?![\w-])",
    re.IGNORECASE,
)
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
NEGATION = compile_guarded(
    r"(?<![\w-])(?:not|no|never|nothing|none|neither|nor|without|unable|cannot|can't|couldn't|"
    r"didn't|don't|doesn't|wasn't|weren't|isn't|aren't|haven't|hasn't|hadn't|won't|wouldn't|"
    r"failed to|fail to|unsuccessful|nicht|kein|keine|nichts|nie|no se|ningún|ninguna|nada|nunca|"
    r"pas|aucun|aucune|rien|jamais|n'a|n'ai|n'est|n'ont|"
    r"non|nessun|nessuna|niente|mai|não|nao|nem|nenhum|nenhuma|nunca|"
    r"niet|geen|nooit|nie|nigdy|żaden|żadna|inte|ej|inga|değil|ne)(?![\w-])",
    re.IGNORECASE,
)
#: Words that make a clause about the future, a wish, a plan or a condition.
HEDGE = compile_guarded(
    r"(?:['’]ll\b|['’]d (?:like|love|be happy) to\b)|"
    r"(?<![\w-])(?:will|shall|going to|about to|plan to|planning to|want to|need to|needs to|"
    r"have to|has to|should|would|could|can|(?-i:may)|might|must|let me|let's|try to|trying to|tried to|"
    r"attempt(?:ed|ing)? to|ready to|once|if|unless|until|before|waiting|awaiting|pending|"
    r"requires?|needs? (?:your )?approval|as soon as|when (?:you|it|they)|whether|"
    r"werde|wird|sobald|falls|wenn|voy a|va a|cuando|si|vais|je vais|va|quand|dès que|"
    r"appena|quando|vou|vai|farò|assim que|"
    # nl: "zodra", "zal", and "dan zet ik ..." (then I'll set ...: a promise, in the present)
    r"zodra|zal|zullen|dan \w+ (?:ik|we)|"
    # pl: "jeśli", "gdy", "zrobię"-style futures with "będę"
    r"jeśli|jeżeli|gdy|będę|będziemy)(?![\w-])",
    re.IGNORECASE,
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
    r"(?<![\w-])(?:\d+\s+(?:\w+\s+)?(?:failed|failing|failures?|errors?)|fail(?:ed|ing|s|ures?)?|"
    # "broken" said of a thing ("it is broken"), not the adjective before its noun ("the broken
    # item": what a refund is for); "down" as a state ("the API is down"), not the particle of
    # an act ("scaled down to 2 replicas")
    r"(?<!\bthe )(?<!\ba )(?<!\ban )(?<!\byour )(?<!\bmy )(?<!\bthis )(?<!\bthat )(?<!\bthese )"
    r"(?<!\bthose )(?<!\d )broken|errored|error|rejected|denied|unreachable|"
    r"(?:is|are|was|were|be|been|still|currently|[\w-]+['’]s) down(?! to\b)|timed out|could not|"
    r"couldn't|"
    r"unable|"
    r"(?:didn't|did not|wasn't|weren't|hasn't|haven't) (?:go through|work|succeed|complete|land)|"
    # said of the thing, not the agent's own act: "the payment was declined" ("I declined the
    # invite" is an act), "it can't be returned to that card"
    r"(?:was|were|has been|have been|got|is being) declined|"
    r"(?:can't|cannot|can not) be \w+ed|"
    r"partial|partially|"
    # the same in the other languages claims are read in
    r"fallit[oa]|non è andat[oa] a buon fine|parziale|parzialmente|errore|"
    r"falló|fallid[oa]|parcial|parcialmente|fue rechazad[oa]|"
    r"échoué|échouée|échec|partiel|partielle|partiellement|erreur|a été refusée?|"
    r"fehlgeschlagen|gescheitert|teilweise|fehler|wurde abgelehnt|"
    r"falhou|falha|erro|"
    # "I could not", "it was not possible" in those languages
    r"n['’](?:ai|avons) pas pu|impossible de|no pude|no pudimos|no se pudo|"
    r"no (?:fue|ha sido) posible|konnten? (?:[\w-]+ ){0,3}nicht|nicht möglich|"
    r"non sono riuscit[oaie]|non siamo riuscit[oaie]|non (?:è stato |era )?possibile|"
    r"non ho potuto|não consegui|não conseguimos|não foi possível|não pude|"
    r"mislukt|niet gelukt|gedeeltelijk|fout|"
    r"nie powiodł[oa]? się|niepowodzenie|częściowo|błąd)(?![\w-])",
    re.IGNORECASE,
)
#: Partial-success wording ("the rest pass", "others were sent").
PARTIAL = compile_guarded(
    r"\b(?:the rest|the others|others|remaining|everything else|all other|the other)\b", re.I
)

#: Claims of state that presuppose a successful read ("you have no meetings").
STATE_ASSERTION = compile_guarded(
    r"(?<![\w-])(?:you have no|you don't have any|there (?:are|is) no|there's no|nothing (?:is )?(?:on|in) your|"
    r"your (?:calendar|inbox|schedule|queue) is (?:empty|clear|free)|no (?:new )?(?:meetings|events|emails|"
    r"messages|results|issues|orders|tickets|matches|records)\b(?: (?:found|scheduled|today|were found))?|"
    r"i found no|found nothing|nothing came up|there (?:are|is) none|"
    r"you have \d+ (?:new )?(?:meetings|events|emails|messages|unread)|"
    # the same reports of none in German, Spanish and French
    r"keine passenden|keine treffer|nichts gefunden|no hay (?:ningún|ninguna|resultados)|"
    r"no encontré (?:ningún|ninguna|nada)|aucun résultat|je n'ai rien trouvé|"
    # "no NULL countries remain", "none left", "zero rows remaining"
    r"(?:no|zero|0) (?:\S+ ){0,3}(?:remain|remaining|left)\b|none (?:remain|left)\b)",
    re.IGNORECASE,
)

#: Reports of what a search or read turned up: backed by a read that returned something.
FOUND_REPORT = compile_guarded(
    r"(?<![\w-])(?:here(?: is|'s) what i (?:found|got)|i found (?:that|it|the|a|an|these|this|some|\d+|two|three|four|five|several|multiple|both)|"
    r"according to (?:the|what i|my|its) (?:latest )?(?:search|results|sources|figures|page|docs|documentation|site)|"
    r"(?:the )?(?:search )?results? (?:show|shows|say|says|indicate)|as (?:confirmed|stated|reported) by|"
    r"(?:the )?(?:search|lookup) (?:shows|showed|returned))(?![\w-])",
    re.IGNORECASE,
)

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

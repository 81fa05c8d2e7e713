"""Vocabularies as data: state words by action category, and the words per language that
make a sentence a claim, unmake one, or make it something other than a report. Loaded once.

Each file has a JSON Schema beside it (`*.schema.json`); `tests/engine/test_vocab.py` holds
every file to it. The files ship inside the package and cannot change after install, so the
check is not repeated at run time, where importing jsonschema alone would cost more start-up
than the rest of loading the words (sentences.yaml's shape, which every language must fill,
is checked at load by a few type tests that name the language and slot)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from toolscore_ci.claims.prefilter import Guarded, guarded

#: Each vocabulary file and the schema it must pass (tests/engine/test_vocab.py).
SCHEMAS = {
    "states.yaml": "states.schema.json",
    "reports.yaml": "reports.schema.json",
    "pages.yaml": "pages.schema.json",
    "reading.yaml": "reading.schema.json",
    "claims.yaml": "claims.schema.json",
    "sentences.yaml": "sentences.schema.json",
    "tool_errors.yaml": "tool_errors.schema.json",
    "settings.yaml": "settings.schema.json",
    "months.yaml": "months.schema.json",
    "tools.yaml": "tools.schema.json",
    "commands.yaml": "commands.schema.json",
    "harness_messages.yaml": "harness_messages.schema.json",
    "last_lines.yaml": "last_lines.schema.json",
    "records.yaml": "records.schema.json",
}

STATUS_CLASSES = ("succeeded", "failed", "pending", "accepted", "handed_off")


@dataclass(frozen=True)
class StateVocabulary:
    """word -> status class, with the per-action words that are that action's own success."""

    base: dict[str, str]
    produced_by: dict[str, frozenset[str]]
    acts: dict[str, frozenset[str]]  # category -> the words that name the act itself
    absent: tuple[str, ...] = ()  # a failed lookup's words for "it is not there"
    no_error: frozenset[str] = frozenset()  # an error field's value saying there is none
    timed_out: tuple[str, ...] = ()  # a failure's words for "it ran out of time"
    could_not_look: tuple[str, ...] = ()  # a failed lookup's words for "it could not look"
    always_failed: frozenset[str] = frozenset()  # never a state a call asks for ...
    askable_failures: frozenset[str] = frozenset()  # ... unless sent as is under an asking key
    asking_keys: tuple[str, ...] = ()  # argument keys under which a call asks for a state
    acting_keys: tuple[str, ...] = ()  # argument keys that name the act by a verb
    settles_state: frozenset[str] = frozenset()  # acts an "already ..." error leaves done
    already: tuple[str, ...] = ()  # the words for "already" in an error
    already_auxiliaries: frozenset[str] = frozenset()  # between "already" and its state
    call_succeeded: frozenset[str] = frozenset()  # a state field saying the call went through
    #: category -> waiting states that come after that act (a ticket on_hold once escalated)
    after_act: dict[str, frozenset[str]] = field(default_factory=dict)

    def status_of(self, word: str, category: str | None) -> str | None:
        """What a state word means for a call of `category` (None: the word is not a state)."""
        if category is not None and word in self.produced_by.get(category, ()):
            return "succeeded"
        return self.base.get(word)


def _read(name: str) -> str:
    return resources.files("toolscore_ci.vocab").joinpath(name).read_text(encoding="utf-8")


# libyaml's loader when the install has it (several times faster); the same safe subset
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_raw(name: str) -> Any:
    """A vocabulary file as parsed, before any use (the schema test reads it so)."""
    return yaml.load(_read(name), Loader=_LOADER)


@cache
def states() -> StateVocabulary:
    raw = load_raw("states.yaml")
    base: dict[str, str] = {}
    # failed first, so a word listed twice means failure unless its action produces it
    for cls in ("failed", "pending", "handed_off", "accepted", "succeeded"):
        for word in raw[cls]:
            base.setdefault(word, cls)
    produced = {cat: frozenset(words) for cat, words in raw["produced_by"].items()}
    acts = {cat: frozenset(words) for cat, words in raw["acts"].items()}
    return StateVocabulary(
        base,
        produced,
        acts,
        absent=tuple(raw["absent"]),
        no_error=frozenset(w.casefold() for w in raw["no_error"]),
        timed_out=tuple(raw["timed_out"]),
        could_not_look=tuple(raw["could_not_look"]),
        always_failed=frozenset(raw["always_failed"]),
        askable_failures=frozenset(raw["askable_failures"]),
        asking_keys=tuple(raw["asking_keys"]),
        acting_keys=tuple(raw["acting_keys"]),
        settles_state=frozenset(raw["settles_state"]),
        already=tuple(raw["already"]),
        already_auxiliaries=frozenset(raw["already_auxiliaries"]),
        call_succeeded=frozenset(raw["call_succeeded"]),
        after_act={cat: frozenset(words) for cat, words in raw["after_act"].items()},
    )


REPORT_SLOTS = (
    "opens",
    "marks",
    "subjects",
    "auxiliaries",
    "perfect",
    "complements",
    "universal",
    "intensified",
    "exceptions",
    "negated_after",
    "idiomatic_none",
    "predicates",
    "waiting",
    "prepositions",
    "clause_openers",
    "articles",
    "clean_run",
    "whole",
    "per_item",
    "until",
    "go_on",
    "addressees",
    "relatives",
    "confirming",
    "undone",
    "builds",
    "agent_marks",
    "third_parties",
)


@dataclass(frozen=True)
class NonReportWords:
    """A sentence that opens with, or contains, one of these is not a report of a done act."""

    opens: re.Pattern[str]
    marks: Guarded  # searched in every clause that holds a trigger (guarded: see below)
    subject: str  # regex source: a first-person subject and its auxiliaries
    perfect: str  # regex source: a perfect or stative frame ("has been", "is now")
    complements: str  # regex source: words after the verb that make it a report of speech
    universal: re.Pattern[str]
    exceptions: re.Pattern[str]
    after_negation: re.Pattern[str]  # the `negated_after` words
    idioms_of_none: re.Pattern[str]  # the `idiomatic_none` words, matched where a "none" ends
    predicates: re.Pattern[str]  # the `predicates` words
    waiting: Guarded  # the `waiting` words, searched in whole reports (guarded: see below)
    prepositions: re.Pattern[str]  # the `prepositions` words
    clause_openers: re.Pattern[str]  # the `clause_openers` words
    clean_run: re.Pattern[str]  # the `clean_run` words
    whole: re.Pattern[str]  # the `whole` words
    per_item: re.Pattern[str]  # the `per_item` words
    until: re.Pattern[str]  # the `until` words
    go_on: re.Pattern[str]  # the `go_on` words
    undone: re.Pattern[str]  # the `undone` words
    builds: re.Pattern[str]  # the `builds` words
    #: right after a claim word: a few words at most, an agent mark, and a third party
    by_another: re.Pattern[str]
    #: the same right before it, where the language puts the participle last ("wurde von
    #: der Fluggesellschaft storniert")
    by_another_before: re.Pattern[str]
    #: an agent mark and a third party anywhere: only a sentence with one can relay an act
    names_another: re.Pattern[str]
    coordinated: re.Pattern[str]  # a conjunction and a subject: a clause of its own begins
    addressee_act: re.Pattern[str]  # ends with an addressee who does what follows (see below)
    object_after: re.Pattern[str]  # an article or a possessive: a verb's own object follows
    confirming: re.Pattern[str]  # "I can confirm that": a report follows, not an offer
    addressee_first: re.Pattern[str]  # a clause that opens with the person addressed
    languages: dict[str, dict[str, tuple[str, ...]]]

    def describes_addressee_act(self, before: str, after: str = "") -> bool:
        """Do the words around a claim word make it the addressee's own act in a clause that
        describes a thing ("the card you paid with", "la carte avec laquelle vous avez payé")?
        `before`: the clause up to the claim word; `after`: the rest of it. A clause that
        describes a thing leaves its verb without an object; one followed by its own object
        ("que usted ha pagado el saldo", "that you have paid the $120 balance") says what was
        done: a complement, not a description."""
        if self.addressee_act.search(_plain(before)) is None:
            return False
        return self.object_after.match(_plain(after)) is None

    def says_share(self, sentence: str) -> bool:
        """Does the sentence give an amount as a share ("£45 each", "$99 a month")?"""
        return self.per_item.search(_plain(sentence)) is not None

    def done_by_another(self, sentence: str, verb: str) -> bool:
        """Does the claim word come with a third party as its agent ("your flight has been
        cancelled by the airline", "annulée par la compagnie")? Then the sentence relays
        another's act: no report of the agent's own."""
        return bool(verb) and self._by_another_in(_plain(sentence), verb)

    def _by_another_in(self, text: str, verb: str) -> bool:
        """`done_by_another` of a sentence already made plain (`_plain`)."""
        # most sentences name no third party at all: then no verb is looked for
        if self.names_another.search(text) is None:
            return False
        # found in the text itself: casefolding changes lengths ("ß" to "ss")
        found = re.search(rf"(?<!\w){re.escape(verb)}(?!\w)", text, re.I)
        if found is None:
            return False
        if self.by_another.match(text, found.end()) is not None:
            return True
        return (
            self.by_another_before.search(text[max(0, found.start() - 80) : found.start()])
            is not None
        )

    def says_until(self, sentence: str) -> bool:
        """Does the sentence give the end of a span ("until 11:30")?"""
        return self.until.search(_plain(sentence)) is not None

    def says_go_on(self, text: str) -> bool:
        """Does a person's message ask for an act again, or to go ahead ("try again", "yes")?"""
        return self.go_on.search(_plain(text)) is not None

    def says_whole(self, sentence: str) -> bool:
        """Does the claim speak of the whole of what it names ("the full test suite")?"""
        return self.whole.search(_plain(sentence)) is not None

    def names_a_build(self, sentence: str) -> bool:
        """Does the sentence name a build or a static check ("the build and the suite pass")?"""
        return self.builds.search(_plain(sentence)) is not None

    def says_clean_run(self, sentence: str) -> bool:
        """Does the sentence say a run went through without error ("the script ran fine")?"""
        return self.clean_run.search(_plain(sentence)) is not None

    def is_not_a_report(self, sentence: str, at: int | None = None) -> bool:
        """Is the sentence (or, given the trigger's offset `at`, its clause holding the
        trigger) a condition, an offer, a plan or a question rather than a report?"""
        if self.opens.match(self.past_confirming(_plain(sentence))):
            return True
        clause = sentence
        if at is not None:
            start, clause = _clause_at(sentence, at)
            # a coordinated clause with a subject of its own after the trigger ("I've refunded
            # $89 and it will appear on your card in 5 days") says what follows the act: its
            # future or its modal does not make the act a plan
            after = self.coordinated.search(clause, at - start)
            if after is not None and after.group("subject") is not None:
                # a subject of its own that is a noun ("and the refund will ..."): only after
                # an act reported as done ("has been cancelled", "I've cancelled"); after "a
                # reservation is cancelled and the refund will appear" the whole is a rule
                verb = re.match(r"[\w'’-]+", sentence[at:])
                if verb is None or self.frame(sentence, verb.group(0)) is None:
                    after = None
            if after is not None:
                clause = clause[: after.start()]
        clause = self.past_confirming(_plain(clause))
        if self.opens.match(clause):
            return True
        # a mark word that names an object by its id is that object ("the address on policy
        # AUTO-7712"), not a statement of policy
        return any(_NAMED_BY_ID.match(clause, m.end()) is None for m in self.marks.finditer(clause))

    def past_confirming(self, text: str) -> str:
        """The text past an opening "I can confirm that" (`confirming`): what it confirms is
        the report, and its "I can" no offer or hedge. Text with no such opening is returned
        as it is."""
        m = self.confirming.match(text)
        return text[m.end() :] if m else text

    def opens_with_addressee(self, clause: str) -> bool:
        """Does the clause open with the person addressed ("you'll see $45 back", "vous
        recevrez", `addressees`)?"""
        return self.addressee_first.match(clause) is not None

    def negated_after(self, rest_of_clause: str) -> bool:
        """Does a negation follow the verb in its clause ("erledigt ist es noch nicht")?"""
        return self.after_negation.search(_plain(rest_of_clause)) is not None

    def is_idiom_of_none(self, sentence: str, end: int) -> bool:
        """Does the "none" that ends at `end` open an idiom ("there's no need to worry",
        "no hay ningún problema") rather than report that a read found nothing?"""
        return self.idioms_of_none.match(sentence, end) is not None

    def has_exception(self, sentence: str) -> bool:
        """Does the claim carve out exceptions ("except the two unrelated failures")?"""
        return self.exceptions.search(_plain(sentence)) is not None

    def says_waiting(self, text: str) -> bool:
        """Does the text say an act waits on someone ("an admin still has to approve it")?"""
        return self.waiting.search(_plain(text)) is not None

    def is_universal(self, sentence: str) -> bool:
        """Does the claim cover every item of its kind ("all three", "both", "the orders are
        all done")? Not the set phrase "you're all set", "All done!" (`intensified` after a
        person and their verb, or opening the sentence): it stresses, it counts nothing."""
        text = _plain(sentence)
        for match in self.universal.finditer(text):
            if not match.group("intensified") or not _SET_PHRASE_BEFORE.search(
                text, 0, match.start()
            ):
                return True
        return False

    def frame(self, sentence: str, verb: str, *, bare: bool = False) -> str | None:
        """How `verb` is framed: "act" for a first-hand report of the agent's act ("I've
        <verb>"), "state" for a resulting state ("has been <verb>", "you're <verb>"), None
        otherwise. `bare`: a sentence that opens with the verb and goes on to its object
        ("Sent Carol a copy.") is an act too; a label ("Updated passengers:") is not."""
        if not verb:
            return None
        text = _plain(sentence)
        if self._by_another_in(text, verb):
            return None  # "cancelled by the airline": another's act, relayed
        verb = verb.casefold()
        if _slottable(text, verb):
            # one pattern for every verb, the verb written before the text (see _VERB_SLOT)
            slotted, frames = f"{verb}\x00{text}", _slotted_frames(self.complements)
            if frames.match(slotted, self.subject) is not None:
                return "act"
            if frames.match(slotted, self.subject, coordinated=True) is not None:
                return "act"  # "I searched the web and saved the results"
            if frames.match(slotted, self.perfect) is not None:
                return "state"
        else:
            if _frame_cache(self.subject, self.complements, verb).search(text) is not None:
                return "act"
            if _coordinated_cache(self.subject, self.complements, verb).search(text) is not None:
                return "act"  # "I searched the web and saved the results"
            if _frame_cache(self.perfect, self.complements, verb).search(text) is not None:
                return "state"
        # a heading or a label ("Updated passengers:", "Created At : 2024-05-14", "Updated
        # Plan") names a field, it does not report an act: a bare report is a full sentence
        if (
            bare
            and " : " not in text  # a field and its value, as a form prints them
            and text.rstrip().endswith((".", "!"))
            and (rest := _after_bare_verb(text, verb)) is not None
            # "Cancelled flights are refunded in full": the participle qualifies the subject
            # of a predicate of its own; a rule, not the agent's act
            and not self.qualifies_a_subject(rest)
        ):
            return "act"
        return None

    def qualifies_a_subject(self, rest: str) -> bool:
        """Does what follows a sentence-opening participle make it an adjective: a bare noun
        of one or two lowercase words (no determiner, no name, no id), maybe with one short
        phrase that opens with a preposition ("for cancelled flights", "within 24 hours of
        booking"), then at once, or after one adverb, a predicate ("Deleted files go to the
        trash", "Refunded amounts for cancelled flights appear in 5 days", "Sent messages
        usually arrive at once")? Its position decides, not the clause: in "Created the ticket
        that is assigned to IT", "Created tickets for the outages they are tracking" or
        "Cancelled order #123, it is refunded" the participle has an object, and the sentence
        reports an act."""
        nouns = 0  # words of the bare noun
        phrase = -1  # words of its prepositional phrase (-1: none opened)
        adverb = False
        for token in rest.split(maxsplit=9)[:9]:
            word = token.rstrip(".,;:!?")
            if nouns and phrase != 0 and word[:1].islower() and self.predicates.fullmatch(word):
                return True
            if word != token or not (word[:1].islower() or (phrase >= 0 and word.isdigit())):
                return False  # punctuation, a name or an id: no bare noun goes on
            if not (_NOUN_WORD.fullmatch(word) or word.isdigit()):
                return False
            if _whole_cache(self.complements).fullmatch(word) or self.clause_openers.fullmatch(
                word
            ):
                return False  # "... for outages that are open": a clause of the object's own
            if nouns and phrase < 0 and not adverb and self.prepositions.fullmatch(word):
                phrase = 0
            elif phrase >= 0 and not adverb:
                if phrase == 4:
                    return False
                phrase += 1
            elif nouns and not adverb and word.endswith("ly"):
                adverb = True  # "Sent messages usually arrive ..."
            elif nouns < 2 and not adverb:
                nouns += 1
            else:
                return False
        return False

    def names_the_agent(self, text: str) -> bool:
        """Does the text hold a first-person subject or a first-person auxiliary standing for
        one, as the languages write them ("I", "wir", "hemos", "j'ai"; Spanish drops the
        pronoun: "ya le he transferido")?"""
        return _subject_cache(self.subject).search(text) is not None

    def reports_own_act(self, sentence: str, verb: str, *, bare: bool = False) -> bool:
        return self.frame(sentence, verb, bare=bare) is not None


# an identifier right after a word: "policy AUTO-7712", "policy #88123"
_NAMED_BY_ID = re.compile(r"\s+#?[\w-]*\d[\w-]*")


#: A word a bare noun phrase can hold: letters, a hyphen between (lowercase: no name).
_NOUN_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_CLAUSE_END = re.compile(r"[,;:()\u2014\u2013]| - ")


def _clause_at(sentence: str, at: int) -> tuple[int, str]:
    """(where it starts, the clause) of `sentence` around offset `at`, between separators."""
    start = 0
    for m in _CLAUSE_END.finditer(sentence):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at:
            return start, sentence[start : m.start()]
    return start, sentence[start:]


# `frame` compiled a pattern for each verb it was asked about (a run asks about a hundred, and
# a compile costs more than the searches). In ASCII text each pattern is now one for every
# verb: the verb is written before the text, behind a NUL (no verb holds one), where
# `(?P<verb>...)` reads it, and `(?P=verb)` matches it where the verb stood: with IGNORECASE
# a back-reference matches a character whose lowercase is the same, as a literal does. (A
# literal also matches the few characters beyond ASCII that IGNORECASE folds to an ASCII
# letter, "ſ" and the Kelvin sign: so text beyond ASCII keeps a pattern for each verb.) A
# search of the text is the match of the slotted text that skips ahead `(?s:.*?)`, to each
# position in turn; what comes before the text there, the NUL, is no word character, as the
# start of the text is none for `(?<!\w)` and `\b`.
_VERB_SLOT = "(?P<verb>[^\x00]*)\x00"


def _slottable(text: str, verb: str) -> bool:
    return text.isascii() and verb.isascii() and "\x00" not in verb


def _frame_source(lead: str, complements: str, verb: str) -> str:
    return rf"(?<!\w)(?:{lead})\s*(?:\w+ly\s+)?{verb}(?!\w)(?!\s+(?:{complements})(?!\w))"


def _coordinated_source(lead: str, complements: str, verb: str) -> str:
    # the subject's first verb, then "and" and this one, within one clause
    return (
        rf"(?<!\w)(?:{lead})\s*(?:\w+ly\s+)?[^\W\d]+ed\b[^.;:!?]{{0,80}}?\band\s+"
        rf"(?:\w+ly\s+)?{verb}(?!\w)(?!\s+(?:{complements})(?!\w))"
    )


def _bare_source(verb: str) -> str:
    return rf"\W*(?:\w+ly\s+)?{verb}\s+(?!by\b|on\b|at\b)[\w#@$€£'\"]"


class _SlottedFrames:
    """The frame patterns of `frame` for any verb, each compiled when first used."""

    def __init__(self, complements: str) -> None:
        self.complements = complements
        self.patterns: dict[tuple[str, bool], re.Pattern[str]] = {}

    def match(self, slotted: str, lead: str, *, coordinated: bool = False) -> re.Match[str] | None:
        """`_frame_cache(lead, ...)` (`coordinated`: `_coordinated_cache`) searched in the text
        of `slotted` (verb, NUL, text) for its verb."""
        pattern = self.patterns.get((lead, coordinated))
        if pattern is None:
            source = _coordinated_source if coordinated else _frame_source
            pattern = re.compile(
                _VERB_SLOT + "(?s:.*?)" + source(lead, self.complements, "(?P=verb)"), re.I
            )
            self.patterns[lead, coordinated] = pattern
        return pattern.match(slotted)


@cache
def _slotted_frames(complements: str) -> _SlottedFrames:
    return _SlottedFrames(complements)


@cache
def _slotted_bare() -> re.Pattern[str]:
    return re.compile(_VERB_SLOT + _bare_source("(?P=verb)"), re.I)


def _after_bare_verb(text: str, verb: str) -> str | None:
    """The text from the character before the one `_bare_cache(verb)` matches last, when the
    text opens with the verb (the rest of `frame`'s bare report), else None."""
    if _slottable(text, verb):
        slotted = f"{verb}\x00{text}"
        found = _slotted_bare().match(slotted)
        return None if found is None else slotted[found.end() - 1 :]
    bare_match = _bare_cache(verb).match(text)
    return None if bare_match is None else text[bare_match.end() - 1 :]


@cache
def _coordinated_cache(lead: str, complements: str, verb: str) -> re.Pattern[str]:
    return re.compile(_coordinated_source(lead, complements, re.escape(verb)), re.I)


#: What stands before "all" in a set phrase: the sentence's start, a person addressed and their
#: verb ("you're", "we are"), or a verb of one ("it's", "your pickup is", "I'm"): nothing to
#: count. "The orders are all done" counts the orders.
_SET_PHRASE_BEFORE = re.compile(
    r"(?:^|[.!?]\s*|\b(?:you|we)(?:['’]re| are)\s+|(?:\bis|\bam|['’][sm])\s+)\Z", re.I
)


@cache
def _whole_cache(alternation: str) -> re.Pattern[str]:
    return re.compile(rf"(?:{alternation})", re.I)


@cache
def _bare_cache(verb: str) -> re.Pattern[str]:
    return re.compile(_bare_source(re.escape(verb)), re.I)


def _plain(sentence: str) -> str:
    return " ".join(sentence.replace("\u2019", "'").split())


@cache
def _subject_cache(subject: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{subject})(?!\w)", re.I)


@cache
def _frame_cache(lead: str, complements: str, verb: str) -> re.Pattern[str]:
    return re.compile(_frame_source(lead, complements, re.escape(verb)), re.I)


def _alternation(words: list[str]) -> str:
    # longest first, so "if you'd like" wins over "if"
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@cache
def non_report_words() -> NonReportWords:
    raw = load_raw("reports.yaml")
    langs = {
        lang: {slot: tuple(words[slot]) for slot in REPORT_SLOTS}
        for lang, words in raw["languages"].items()
    }

    def every(slot: str) -> list[str]:
        return [w for slots in langs.values() for w in slots[slot]]

    auxiliaries = _alternation(every("auxiliaries"))
    # an agent mark, an article or none, a word at most, and a third party: "by the airline"
    by_a_party = (
        rf"(?:{_alternation(every('agent_marks'))})\s+"
        rf"(?:(?:{_alternation(every('articles'))})\s+|l['’])?(?:[^\W\d_]+\s+)?"
        rf"(?:{_alternation(every('third_parties'))})(?!\w)"
    )
    return NonReportWords(
        re.compile(r"\W*(?:" + _alternation(every("opens")) + r")(?!\w)", re.I),
        # `marks` and `waiting` are searched in long texts and seldom found: a pattern that
        # opens with a lookbehind is tried at every position, its guard (claims/prefilter.py)
        # first tests for the words themselves, with the pattern's own results
        guarded(re.compile(r"(?<!\w)(?:" + _alternation(every("marks")) + r")(?!\w)", re.I)),
        rf"(?:{_alternation(every('subjects'))})(?:\s*(?:{auxiliaries})(?!\w))*",
        _alternation(every("perfect")),
        _alternation(every("complements")),
        # "all three", "the orders are all done"; "you're all set" is read in `is_universal`
        re.compile(
            r"(?<!\w)(?:" + _alternation(every("universal")) + r")(?!\w)"
            r"(?P<intensified>\s+(?:" + _alternation(every("intensified")) + r")(?!\w))?",
            re.I,
        ),
        re.compile(r"(?<!\w)(?:" + _alternation(every("exceptions")) + r")", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("negated_after")) + r")(?!\w)", re.I),
        re.compile(r"\s*(?:" + _alternation(every("idiomatic_none")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("predicates")) + r")(?!\w)", re.I),
        guarded(re.compile(r"(?<!\w)(?:" + _alternation(every("waiting")) + r")(?!\w)", re.I)),
        re.compile(r"(?<!\w)(?:" + _alternation(every("prepositions")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("clause_openers")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("clean_run")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("whole")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("per_item")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("until")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("go_on")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("undone")) + r")(?!\w)", re.I),
        re.compile(r"(?<!\w)(?:" + _alternation(every("builds")) + r")(?!\w)", re.I),
        # "cancelled by the airline", "cancelled today by your hotel", "annulé par l'hôtel"
        re.compile(rf"(?:\s+[^\W\d_]+){{0,2}}?\s+{by_a_party}", re.I),
        # ... and before it, at most one word between that is no auxiliary or predicate
        # ("von der Fluggesellschaft heute storniert"; not "by the airline have been uploaded")
        re.compile(
            rf"(?<!\w){by_a_party}"
            rf"(?:\s+(?!(?:{_alternation(every('auxiliaries') + every('perfect') + every('predicates'))})\s)"
            rf"[^\W\d_]+)?\s+$",
            re.I,
        ),
        re.compile(rf"(?<!\w){by_a_party}", re.I),
        # "and it", "but you", "und es", "et il": a clause opener, then a subject one, a
        # person addressed, or a mark with its subject left out ("... and should appear"), or
        # after a subject of up to three words ("and $142.00 will be refunded", "and the
        # refund will go to your card": `subject`, which `is_not_a_report` weighs)
        re.compile(
            rf"(?<!\w)(?:{_alternation(every('clause_openers'))})\s+(?:"
            rf"{_alternation(every('clause_openers') + every('addressees') + every('marks'))}"
            rf"|(?P<subject>(?:[^\s,;:]+\s+){{1,3}}?)(?:{_alternation(every('marks'))})"
            rf")(?!\w)",
            re.I,
        ),
        # a relative pronoun, or an article and one to three words (English drops the
        # pronoun: "the card you", "the $45 you"), then the addressee and at most one
        # adverb ("originally")
        re.compile(
            rf"(?:(?<!\w)(?:{_alternation(every('relatives'))})\s+"
            rf"|(?<!\w)(?:{_alternation(every('articles'))})\s+(?:\S+\s+){{1,3}})"
            rf"(?:{_alternation(every('addressees'))})(?:\s+\w+ly)?\s*$",
            re.I,
        ),
        # one-letter articles left out: French "a" (has) would read as English "a"
        re.compile(
            rf"\s*(?:{_alternation([w for w in every('articles') if len(w) > 1])})(?!\w)", re.I
        ),
        re.compile(rf"\W*(?:{_alternation(every('confirming'))})(?!\w)[\s,:]*", re.I),
        re.compile(rf"\W*(?:{_alternation(every('addressees'))})(?![\w-])", re.I),
        langs,
    )


PAGE_SLOTS = ("refusal", "wall", "empty")
SWITCH_SLOTS = ("turn_off", "except", "turn_on", "shows_off", "shows_on")
DONE_SLOTS = ("done", "not_done_before", "session", "message_ids", "negations", "conditions")
# where a sentence of a page ends: a stop before a space or the end ("7:30 PM. 8:00 PM ...")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
# where a clause of a page's sentence ends (a colon before a space: not the one in "8:00 PM")
_CLAUSE_MARK = re.compile(r"[,;|—–]\s*|:\s+|\s[-/]\s+")
_LOOK_BACK = 400
# the most words a clause a negation opens may hold before a failure phrase it denies
_SHORT_CLAUSE = 3


def _sentence_around(text: str, match: re.Match[str]) -> str:
    """The sentence of `text` that holds `match`."""
    start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, match.start())), default=0)
    end = _SENTENCE_END.search(text, match.end())
    return text[start : end.end() if end else len(text)]


@dataclass(frozen=True)
class PageWords:
    """What a screen shows when the action did not go through, and the words that ask for a
    setting off or on and that show one (vocab/pages.yaml)."""

    patterns: dict[str, re.Pattern[str]]
    languages: dict[str, dict[str, tuple[str, ...]]]
    asks_switch: re.Pattern[str]  # groups `off` and `on`: a verb asking for that setting
    shown_switch: dict[str, str]  # a value a screen gives a setting -> "off" or "on"
    clause_openers: re.Pattern[str]  # a word that starts a clause of its own (reports.yaml)
    done: re.Pattern[str]  # words that report something finished
    not_done_before: frozenset[str]  # a word before `done` that undoes it ("not received")
    session: re.Pattern[str]  # a sign-in session's words: its own steps report no act
    message_id: re.Pattern[str]  # a number after one of these is the message's own
    excepting: re.Pattern[str]  # "except for": what follows is set apart (`except`)
    negations: frozenset[str]  # a word that denies the failure phrase after it (`negations`)
    conditions: re.Pattern[str]  # a sentence or clause opening as a condition (`conditions`)

    def failure_in(self, text: str) -> tuple[str, str] | None:
        """(slot, the words found) for the first slot whose words the text shows."""
        found = next(self.failures_in(text), None)
        return None if found is None else found[:2]

    def failures_in(self, text: str) -> Iterator[tuple[str, str, str]]:
        """(slot, the words found, the sentence they stand in) for every failure phrase the
        text shows, slot by slot. A page's lines are items of their own ("Order 9917 (2024):
        Payment failed." under the confirmed order): a sentence ends at a line's end too."""
        lines = [_plain(line).replace("’", "'") for line in text.splitlines()]
        for slot in PAGE_SLOTS:
            for plain in lines:
                for m in self.patterns[slot].finditer(plain):
                    if self._states_it(plain, m):
                        yield slot, m.group(0), _sentence_around(plain, m)

    def _states_it(self, line: str, match: re.Match[str]) -> bool:
        """Does the page state the failure phrase of this case, rather than ask it ("Payment
        failed? | Freeze membership": the phrase right before its question mark), deny it (a
        negation right before it, "No es obligatorio", "Aucune photo n'est obligatoire", or
        opening its clause of at most three words before it, "No further action is
        required") or make it a condition (a condition opening the phrase's own clause: "If
        an item is no longer available, we'll substitute it")? A refusal after a condition's
        clause ("If you see this page, your payment could not be processed"), after a
        question ("What happened? Your card was declined"), or in a long clause a negation
        opens ("No seats were left, so your booking could not be completed"), or in a
        condition with no main clause after it ("If you see this page your payment could not
        be processed") is stated."""
        if line[match.end() :].lstrip().startswith("?"):
            return False
        # a sentence starts at most _LOOK_BACK characters before the phrase: a page of one
        # long line is read in its length, not its length squared
        window = max(0, match.start() - _LOOK_BACK)
        start = max(
            (e.end() for e in _SENTENCE_END.finditer(line, window, match.start())), default=window
        )
        clause = max(
            (c.end() for c in _CLAUSE_MARK.finditer(line, start, match.start())), default=start
        )
        ahead = min(len(line), match.end() + _LOOK_BACK)
        end = _SENTENCE_END.search(line, match.end(), ahead)
        if self.conditions.match(line, clause) and _CLAUSE_MARK.search(
            line, match.end(), end.start() if end else ahead
        ):
            return False  # the condition's own clause, a main clause after it
        before = re.findall(r"[\w']+", line[clause : match.start()].casefold())
        if before and before[-1] in self.negations:
            return False
        return not (before and before[0] in self.negations and len(before) <= _SHORT_CLAUSE)

    def message_numbers(self, text: str) -> set[str]:
        """The numbers a text gives as the message's own ("Error 40213", "request CR-58812"),
        casefolded."""
        return {m.group(1).casefold().rstrip(":/-") for m in self.message_id.finditer(_plain(text))}

    def reports_done(self, text: str) -> str | None:
        """The words by which the text reports something finished ("Payment received",
        "Registration complete"), unless the word before undoes them ("not received", "to
        complete")."""
        plain = _plain(text).replace("’", "'")
        for m in self.done.finditer(plain):
            before = plain[: m.start()].split()
            word = before[-1].casefold().strip(",;:") if before else ""
            if word in self.not_done_before or word.endswith("n't"):
                continue
            if self.session.search(_sentence_around(plain, m)):
                continue  # "You have been successfully signed out": the session's step
            return m.group(0)
        return None

    def switches_asked(self, text: str) -> list[tuple[int, str]]:
        """(where the verb ends, "off" or "on") for each verb in the text that asks for a
        setting off or on; the setting is what follows it in its clause."""
        return [
            (m.end(), "off" if m.group("off") else "on") for m in self.asks_switch.finditer(text)
        ]


def _words_pattern(words: list[str]) -> str:
    return r"(?<!\w)(?:" + _alternation(words) + r")(?!\w)"


@cache
def page_words() -> PageWords:
    raw = load_raw("pages.yaml")
    langs = {
        lang: {slot: tuple(words[slot]) for slot in (*PAGE_SLOTS, *SWITCH_SLOTS, *DONE_SLOTS)}
        for lang, words in raw["languages"].items()
    }

    def every(slot: str) -> list[str]:
        return [w for slots in langs.values() for w in slots[slot]]

    patterns = {slot: re.compile(_words_pattern(every(slot)), re.I) for slot in PAGE_SLOTS}
    asks = re.compile(
        rf"(?P<off>{_words_pattern(every('turn_off'))})|(?P<on>{_words_pattern(every('turn_on'))})",
        re.I,
    )
    shown = {w.casefold(): "off" for w in every("shows_off")}
    shown |= {w.casefold(): "on" for w in every("shows_on")}
    return PageWords(
        patterns,
        langs,
        asks,
        shown,
        non_report_words().clause_openers,
        re.compile(_words_pattern(every("done")), re.I),
        frozenset(w.casefold() for w in every("not_done_before")),
        re.compile(_words_pattern(every("session")), re.I),
        re.compile(
            rf"(?<!\w)(?:{_alternation(every('message_ids'))})\s*[#:]?\s*([\w/:-]*\d[\w/:-]*)",
            re.I,
        ),
        re.compile(_words_pattern(every("except")), re.I),
        frozenset(w.casefold() for w in every("negations")),
        re.compile(r"\W*(?:" + _alternation(every("conditions")) + r")(?!\w)", re.I),
    )


@dataclass(frozen=True)
class Reading:
    """What the claim reader can read (vocab/reading.yaml)."""

    scripts: frozenset[str]  # Unicode script names, as the first word of a letter's name
    min_words: int
    function_words: frozenset[str]  # casefolded, one word each
    #: language -> function words of a language read in part or not at all, none of them in
    #: `function_words`
    other_languages: dict[str, frozenset[str]] = field(default_factory=dict)
    other_min_words: int = 2


@cache
def reading() -> Reading:
    raw = load_raw("reading.yaml")
    langs = non_report_words().languages.values()
    words = {
        part.casefold()
        for slots in langs
        for slot in raw["function_slots"]
        for phrase in slots[slot]
        for part in phrase.split()
    }
    others = {
        lang: frozenset(w.casefold() for w in ws) for lang, ws in raw["other_languages"].items()
    }
    for lang, own in others.items():
        shared = own & words
        if shared:
            # a word of both would count for both: the comparison would mean nothing
            raise ValueError(
                f"reading.yaml: other_languages.{lang} holds function words of a language read: "
                f"{sorted(shared)}"
            )
    return Reading(
        frozenset(raw["scripts"]),
        int(raw["min_words"]),
        frozenset(words),
        others,
        int(raw["other_min_words"]),
    )


@dataclass(frozen=True)
class RecordedAct:
    """An act as a record names it (vocab/records.yaml): the beginnings of the words a reply
    uses for it in any language, those a record uses, whether a negative amount records it,
    and the claim categories that may name it in other words."""

    name: str
    said: tuple[str, ...]
    recorded: tuple[str, ...]
    negative: bool
    categories: frozenset[str]  # claim categories whose sentences may name it in other words


@dataclass(frozen=True)
class RecordVocabulary:
    """vocab/records.yaml, read once: how a record names an act done before the
    conversation."""

    acts: tuple[RecordedAct, ...]
    said: tuple[str, ...]  # every beginning of a word a reply names one of the acts by
    to_come: frozenset[str]  # words of keys that name acts still to come
    things: frozenset[str]  # words of keys whose entries are things, not records of acts
    done_words: frozenset[str]  # a date field's event words that say an act was done
    search_args: frozenset[str]  # argument names that carry a search's words


@cache
def records() -> RecordVocabulary:
    """The words records use for acts done before the conversation: vocab/records.yaml."""
    raw = load_raw("records.yaml")
    acts = tuple(
        RecordedAct(
            name,
            tuple(sorted({w for words in act["said"].values() for w in words})),
            tuple(act["recorded"]),
            bool(act["negative"]),
            frozenset(act["categories"]),
        )
        for name, act in raw["acts"].items()
    )
    return RecordVocabulary(
        acts,
        tuple(w for act in acts for w in act.said),
        frozenset(raw["not_records"]["to_come"]),
        frozenset(raw["not_records"]["things"]),
        frozenset(raw["done_words"]),
        frozenset(raw["search_args"]),
    )


@cache
def title_abbreviations() -> frozenset[str]:
    """Titles whose full stop ends no sentence ("Dr. Weber"): vocab/reading.yaml."""
    return frozenset(load_raw("reading.yaml")["title_abbreviations"])


@dataclass(frozen=True)
class ClaimWords:
    """The phrases that make a sentence a claim of a finished act (vocab/claims.yaml)."""

    categories: tuple[str, ...]
    triggers: dict[str, list[str]]  # category -> phrases, every language's, in file order
    done_alone: tuple[str, ...]  # "Done.", "c'est fait": matched between word bounds
    done_alone_unspaced: tuple[str, ...]  # "完了しました": scripts written without spaces
    languages: dict[str, dict[str, Any]]


def _unspaced(phrase: str) -> bool:
    # CJK, kana and Hangul are written without spaces: a word bound means nothing there
    return any(ord(ch) >= 0x2E80 for ch in phrase)


@cache
def claim_words() -> ClaimWords:
    raw = load_raw("claims.yaml")
    categories = tuple(raw["categories"])
    langs = raw["languages"]
    triggers = {c: [p for slots in langs.values() for p in slots.get(c, ())] for c in categories}
    done = [p for slots in langs.values() for p in slots.get("done_alone", ())]
    return ClaimWords(
        categories,
        triggers,
        tuple(p for p in done if not _unspaced(p)),
        tuple(p for p in done if _unspaced(p)),
        langs,
    )


SENTENCE_SLOTS = (
    "negation",
    "negation_adjacent",
    "hedge",
    "hedge_contracted",
    "failure_admission",
    "partial",
    "state_assertion",
    "none_left",
    "found_report",
    "idiom",
)


class VocabularyError(ValueError):
    """A vocabulary file that does not hold what its loader reads, named with the file, the
    language and the slot."""


@dataclass(frozen=True)
class SentenceWords:
    """The words that change what a sentence's claim words say, per language and slot
    (vocab/sentences.yaml): negations, hedges, admitted failures, reports of what a read
    found. claims/lexicon.py sets each slot's words in the slot's frame."""

    file: str
    languages: dict[str, dict[str, tuple[str, ...]]]  # lang -> slot -> entries (filled only)
    reasons: dict[str, dict[str, str]]  # lang -> slot -> why the language has no words there

    def words(self, slot: str) -> list[str]:
        """Every language's entries for the slot, in the file's order."""
        return [w for slots in self.languages.values() for w in slots.get(slot, ())]

    def alternation(self, slot: str) -> str:
        """The slot's entries as one alternation, in the file's order: where two could match
        at one place, the order decides which does."""
        return "|".join(self.words(slot))

    def compile_errors(self) -> list[str]:
        """Each entry that does not compile as a pattern, named by file, slot and language.
        (The lexicon compiles its patterns when first tried, every language's words in one:
        a bad entry is found here, by tests/engine/test_vocab.py, not on a user's trace.)"""
        errors = []
        for lang, slots in self.languages.items():
            for slot, entries in slots.items():
                for entry in entries:
                    try:
                        re.compile(f"(?:{entry})", re.I)
                    except re.error as e:
                        errors.append(
                            f"{self.file}: slot {slot!r}, language {lang!r}: {entry!r}: {e}"
                        )
        return errors


def sentence_words_of(raw: Any, file: str = "sentences.yaml") -> SentenceWords:
    """The words of a parsed sentences.yaml. Its shape is checked here, at the cost of a few
    type tests (the full schema is tests/engine/test_vocab.py's: importing jsonschema would
    cost more start-up than the rest of loading the words): every language lists every slot,
    with words or with the reason it has none."""
    langs: dict[str, dict[str, tuple[str, ...]]] = {}
    reasons: dict[str, dict[str, str]] = {}
    for lang, slots in raw["languages"].items():
        if not isinstance(slots, dict):
            raise VocabularyError(f"{file}: language {lang!r}: a mapping of slots expected")
        unknown = sorted(set(slots) - set(SENTENCE_SLOTS))
        if unknown:
            raise VocabularyError(f"{file}: language {lang!r}: unknown slots {unknown}")
        langs[lang], reasons[lang] = {}, {}
        for slot in SENTENCE_SLOTS:
            entry = slots.get(slot)
            if isinstance(entry, list) and entry and all(isinstance(w, str) and w for w in entry):
                langs[lang][slot] = tuple(entry)
            elif isinstance(entry, dict) and set(entry) == {"none"} and entry["none"]:
                reasons[lang][slot] = str(entry["none"])
            else:
                raise VocabularyError(
                    f"{file}: language {lang!r}, slot {slot!r}: words or {{none: reason}} "
                    f"expected, found {entry!r}"
                )
    for slot in SENTENCE_SLOTS:
        if not any(slot in slots for slots in langs.values()):
            # an empty alternation would match everywhere
            raise VocabularyError(f"{file}: slot {slot!r}: no language has words")
    return SentenceWords(file, langs, reasons)


@cache
def sentence_words() -> SentenceWords:
    return sentence_words_of(load_raw("sentences.yaml"))


@cache
def framework_error_prefixes(reader: str) -> tuple[str, ...]:
    """The fixed texts (vocab/tool_errors.yaml) that frameworks read by `reader` put in a
    tool's output in place of its exception."""
    raw = load_raw("tool_errors.yaml")
    return tuple(
        prefix
        for entry in raw["frameworks"].values()
        if reader in entry["readers"]
        for prefix in entry["prefixes"]
    )


@cache
def user_stand_ins() -> tuple[str, ...]:
    """Fixed texts a harness sends in the user's place (vocab/harness_messages.yaml):
    OpenHands' "Please continue working on the task ..." when the agent stops."""
    raw = load_raw("harness_messages.yaml")
    return tuple(p for entry in raw["user_stand_ins"].values() for p in entry["prefixes"])


@cache
def json_reply_keys() -> tuple[frozenset[str], frozenset[str]]:
    """The keys under which an agent answering in one JSON object says what it says, and
    those that make such an object tool-call markup (vocab/harness_messages.yaml)."""
    raw = load_raw("harness_messages.yaml")["json_reply"]
    return frozenset(raw["reply_keys"]), frozenset(raw["call_keys"])


@dataclass(frozen=True)
class LastWords:
    """A program's last words (vocab/last_lines.yaml), each kind as one pattern matched at a
    line's start."""

    failure: re.Pattern[str]  # the last line it prints when it fails
    afterword: re.Pattern[str]  # a line it may print after that


@cache
def last_words(programs: frozenset[str]) -> LastWords:
    """The last words of any of `programs`: for each, its own entries' (alone, when an entry
    says so) and those of the entries that list no program."""
    tools = list(load_raw("last_lines.yaml")["tools"].values())
    shared = [t for t in tools if "programs" not in t]
    chosen: dict[int, Any] = {}  # by identity, in order: an entry read once
    for program in sorted(programs):
        own = [t for t in tools if program in t.get("programs", ())]
        for t in own if any(t.get("alone") for t in own) else own + shared:
            chosen.setdefault(id(t), t)
    entries = list(chosen.values())

    def joined(kind: str) -> re.Pattern[str]:
        patterns = [p for entry in entries for p in entry.get(kind, ())]
        return re.compile("|".join(f"(?:{p})" for p in patterns) or r"(?!)")

    return LastWords(joined("failures"), joined("afterwords"))


@cache
def benign_error_notes() -> tuple[str, ...]:
    """Texts a tool prints that open with an error word yet report no failure
    (vocab/tool_errors.yaml `notes`: pip's resolver note after a good install)."""
    raw = load_raw("tool_errors.yaml")
    return tuple(p for entry in raw.get("notes", {}).values() for p in entry["prefixes"])


@dataclass(frozen=True)
class SettingValues:
    """The values a one-word setting takes (settings.yaml): word -> (family, group) for each
    family the word is in, and each group's words."""

    where: dict[str, tuple[tuple[str, int], ...]]
    groups: dict[tuple[str, int], frozenset[str]]

    @staticmethod
    def key(word: str) -> str:
        return word.strip().casefold().replace("-", "_").replace(" ", "_")

    def same_value(self, a: str, b: str) -> bool | None:
        """True: one value in two spellings (or a language and its regional form: "pt" and
        "pt-BR"); False: two values of one family; None: no family holds both words."""
        ka, kb = self.key(a), self.key(b)
        in_a, in_b = self.where.get(ka, ()), self.where.get(kb, ())
        families_b = {family for family, _ in in_b}
        shared = [(family, group) for family, group in in_a if family in families_b]
        if not shared:
            return None
        if any((family, group) in in_b for family, group in shared):
            return True
        return any(self._regional(self.groups[place], kb) for place in in_a) or any(
            self._regional(self.groups[place], ka) for place in in_b
        )

    @staticmethod
    def _regional(group: frozenset[str], word: str) -> bool:
        """Whether the word is a regional form ("pt_br") of a bare code the group holds."""
        head, _, region = word.partition("_")
        return bool(region) and len(head) in (2, 3) and head in group


@cache
def setting_values() -> SettingValues:
    raw = load_raw("settings.yaml")
    where: dict[str, list[tuple[str, int]]] = {}
    groups: dict[tuple[str, int], frozenset[str]] = {}
    for family, members in raw["families"].items():
        for number, group in enumerate(members):
            words = frozenset(SettingValues.key(w) for w in group)
            groups[(family, number)] = words
            for word in words:
                where.setdefault(word, []).append((family, number))
    return SettingValues({w: tuple(places) for w, places in where.items()}, groups)


@dataclass(frozen=True)
class MonthLanguage:
    """How one language writes a day with its month's name (vocab/months.yaml)."""

    names: tuple[str, ...]  # its month names, casefolded
    month_first: bool  # "June 4" as well as "4 June"
    ordinals: tuple[str, ...]  # after the day's digits: "th", "er", "."
    joiners: tuple[str, ...]  # between the day and the month: "of", "de"


@dataclass(frozen=True)
class MonthNames:
    """Month names by language (vocab/months.yaml)."""

    numbers: dict[str, int]  # every name, casefolded, of every language -> 1..12
    ordinal_stop: tuple[str, ...]  # names, as written (capitalised), after "12." in a sentence
    languages: tuple[MonthLanguage, ...] = ()  # in the file's order, English first


@cache
def month_names() -> MonthNames:
    raw = load_raw("months.yaml")
    numbers: dict[str, int] = {}
    after_stop: list[str] = []
    languages: list[MonthLanguage] = []
    for language in raw["languages"].values():
        for number, names in enumerate(language["months"], start=1):
            for name in names:
                numbers.setdefault(name, number)
                if language["ordinal_stop"]:
                    after_stop.append(name[:1].upper() + name[1:])
        languages.append(
            MonthLanguage(
                tuple(name for names in language["months"] for name in names),
                bool(language["month_first"]),
                tuple(language["ordinals"]),
                tuple(language["joiners"]),
            )
        )
    return MonthNames(numbers, tuple(after_stop), tuple(languages))


@cache
def tool_words() -> tuple[dict[str, str], dict[str, str]]:
    """(verb -> category, noun -> category) of the words in tool names (vocab/tools.yaml),
    every language's together. A word listed twice keeps its first category: English first,
    then the other languages, categories in the file's order."""
    raw = load_raw("tools.yaml")
    verbs: dict[str, str] = {}
    nouns: dict[str, str] = {}
    for words in raw["languages"].values():
        for category, listed in words["verbs"].items():
            for word in listed:
                verbs.setdefault(word, category)
        for noun, category in words["nouns"].items():
            nouns.setdefault(noun, category)
    return verbs, nouns

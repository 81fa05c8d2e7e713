"""A report's label lines that state a field a tool returned: "- Created: 2024-05-14" after a
read answered `created_at: "2024-05-14T09:12:00"` describes the record, it reports no act of
the agent. Decided by structure: the line is a label and a value, the label opens with the
claim's own word and names a field of an object a tool returned before the report, an object
the report names by one of its ids, and every value the line states is in that field's value;
no call of the act the label names failed. "Booked: flight HAT123 on 2024-05-20" after a
booking stays a claim unless a field of the first word held that date before it was said.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from toolscore_ci.claims.values import evidence_values, value_matches
from toolscore_ci.engine.index import TraceIndex, names_target
from toolscore_ci.engine.text import key_words, objects_in
from toolscore_ci.model import Claim

#: "- **Created At:** 2024-05-14": a list line's label of a few words, a colon, and a value
#: of a few words ("May 14, 2024", not "a new reservation R8 for May 14")
_LABEL_LINE = re.compile(
    r"^[\W_]*(?P<label>[^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,2})[*_`\s]*:[*_`\s]*"
    r"(?P<value>\S+(?:\s+\S+){0,3})\s*$"
)
#: Kinds of value a field states as data (not ids or names, which an act's receipt repeats)
_DATA_KINDS = frozenset({"date", "monthday", "time", "amount", "count"})

#: A value that names an object (an id, under a key that names a target): a word with a digit
_ID_LIKE = re.compile(r"^(?=[^\s]*\d)[\w.:/-]{2,}$")


@dataclass(frozen=True)
class Fields:
    """What the tools returned before a report: each object's fields by their name's first
    word (`created_at` -> "created") with the ids the object holds, and the acts of calls that
    failed."""

    shown: dict[str, list[tuple[str, frozenset[str]]]]
    failed_acts: frozenset[str]


def fields_before(index: TraceIndex, position: int) -> Fields:
    """The fields of every object tools returned before `position`."""
    shown: dict[str, list[tuple[str, frozenset[str]]]] = {}
    failed: set[str] = set()
    for e in index.executions:
        if e.position >= position:
            break
        if e.status == "failed":
            failed |= e.acts
        for obj in objects_in(e.output):
            ids = frozenset(
                v.casefold()
                for k, v in obj.items()
                if isinstance(v, str) and _ID_LIKE.match(v) and names_target(str(k))
            )
            for key, value in obj.items():
                if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    words = key_words(str(key))
                    if words:
                        shown.setdefault(words[0], []).append((str(value), ids))
    return Fields(shown, frozenset(failed))


def states_a_field(claim: Claim, sentence: str, report: str, fields: Callable[[], Fields]) -> bool:
    """Is the claim's sentence a label line whose label opens with the claim's word, naming a
    field of an object the report names by an id, returned before, whose values are all in
    that field's value? Not when a call of the claim's act failed: then the line may be the
    report of that act."""
    trigger = (claim.trigger or "").casefold()
    if not trigger or not claim.values or not set(claim.values) <= _DATA_KINDS:
        return False
    line = _LABEL_LINE.match(sentence.strip())
    if line is None or line.group("label").split()[0].casefold() != trigger:
        return False
    known = fields()
    if claim.category in known.failed_acts:
        return False
    said = report.casefold()
    for shown, ids in known.shown.get(trigger, ()):
        if not any(i in said for i in ids):
            continue  # a field of an object the report does not name
        found = evidence_values(shown)
        if all(
            value_matches(kind, value.lstrip("~"), shown, found)
            for kind, values in claim.values.items()
            for value in values
        ):
            return True
    return False

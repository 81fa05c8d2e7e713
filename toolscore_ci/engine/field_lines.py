"""A report's label lines that state a field a tool returned: "- Created: 2024-05-14" after a
read answered `created_at: "2024-05-14T09:12:00"` describes the record, it reports no act of
the agent. Decided by structure: the line is a label and a value, the label opens with the
claim's own word and names a field of an object a tool returned before the report, and every
value the line states is in that field's value. "Booked: flight HAT123 on 2024-05-20" after a
booking stays a claim unless a field of the first word held that date before it was said.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from toolscore_ci.claims.values import evidence_values, value_matches
from toolscore_ci.engine.index import TraceIndex
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

Fields = dict[str, list[str]]


def fields_before(index: TraceIndex, position: int) -> Fields:
    """The string values of every field of the objects tools returned before `position`, by
    the field name's first word (`created_at` -> "created")."""
    out: Fields = {}
    for e in index.executions:
        if e.position >= position:
            break
        for obj in objects_in(e.output):
            for key, value in obj.items():
                if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    words = key_words(str(key))
                    if words:
                        out.setdefault(words[0], []).append(str(value))
    return out


def states_a_field(claim: Claim, sentence: str, fields: Callable[[], Fields]) -> bool:
    """Is the claim's sentence a label line whose label opens with the claim's word, naming a
    field a tool returned before, whose values are all in that field's value?"""
    trigger = (claim.trigger or "").casefold()
    if not trigger or not claim.values or not set(claim.values) <= _DATA_KINDS:
        return False
    line = _LABEL_LINE.match(sentence.strip())
    if line is None or line.group("label").split()[0].casefold() != trigger:
        return False
    for shown in fields().get(trigger, ()):
        found = evidence_values(shown)
        if all(
            value_matches(kind, value.lstrip("~"), shown, found)
            for kind, values in claim.values.items()
            for value in values
        ):
            return True
    return False

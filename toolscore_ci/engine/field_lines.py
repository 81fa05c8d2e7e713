"""A report's label lines that state a field a tool returned: "- Created: 2024-05-14" after a
read answered `created_at: "2024-05-14T09:12:00"` describes the record, it reports no act of
the agent. Decided by structure: the line is a label and a value, the label opens with the
claim's own word and names a field of the object the report names last before the line by one
of its ids (among objects holding ids under the same keys: reservations, not their flights),
returned before the report, and every value the line states is in that field's value; a field
shown before a call of the act the label names failed leaves the line a claim of that act.
"Booked: flight HAT123 on 2024-05-20" after a booking stays a claim unless a field of the
first word held that date before it was said.
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
class Shown:
    """A field's value as an object a tool returned showed it."""

    value: str
    ids: frozenset[str]  # the ids the object holds
    id_keys: frozenset[str]  # the keys it holds them under
    position: int  # of the call whose result showed it


@dataclass(frozen=True)
class Fields:
    """What the tools returned before a report: each object's fields by their name's first
    word (`created_at` -> "created"), every id the objects hold, and where the last failed
    call of each act was made."""

    shown: dict[str, list[Shown]]
    ids: dict[str, str]  # every id the objects hold -> the key it is held under
    failed_at: dict[str, int]


def fields_before(index: TraceIndex, position: int) -> Fields:
    """The fields of every object tools returned before `position`."""
    shown: dict[str, list[Shown]] = {}
    every_id: dict[str, str] = {}
    failed_at: dict[str, int] = {}
    for e in index.executions:
        if e.position >= position:
            break
        if e.status == "failed":
            failed_at.update(dict.fromkeys(e.acts, e.position))
        for obj in objects_in(e.output):
            held = {
                v.casefold(): str(k).casefold()
                for k, v in obj.items()
                if isinstance(v, str) and _ID_LIKE.match(v) and names_target(str(k))
            }
            every_id.update(held)
            ids, id_keys = frozenset(held), frozenset(held.values())
            for key, value in obj.items():
                if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    words = key_words(str(key))
                    if words:
                        shown.setdefault(words[0], []).append(
                            Shown(str(value), ids, id_keys, e.position)
                        )
    return Fields(shown, every_id, failed_at)


def states_a_field(
    claim: Claim, sentence: str, report: str, at: int, fields: Callable[[], Fields]
) -> bool:
    """Is the claim's sentence (at `at` in the report) a label line whose label opens with the
    claim's word, naming a field of the object the report last named by an id before it (of
    the objects holding such ids), whose values are all in that field's value? Not a field
    shown before a call of the claim's act failed: then the line may be the report of that act
    (a read after the failure shows the record as it is)."""
    trigger = (claim.trigger or "").casefold()
    if not trigger or not claim.values or not set(claim.values) <= _DATA_KINDS:
        return False
    line = _LABEL_LINE.match(sentence.strip())
    if line is None or line.group("label").split()[0].casefold() != trigger:
        return False
    known = fields()
    failed = known.failed_at.get(claim.category or "", -1)
    candidates = known.shown.get(trigger, [])
    before = report[:at].casefold()
    # the object the line is about: of the objects of the kind that holds such a field (ids
    # under the same keys: reservations, not their flights), the one the report names last
    keys = {k for shown in candidates for k in shown.id_keys}
    named = {i: before.rfind(i) for i, k in known.ids.items() if k in keys}
    last = max(named.values(), default=-1)
    if last < 0:
        return False
    for shown in candidates:
        if shown.position < failed or not shown.ids:
            continue
        if max(named.get(i, -1) for i in shown.ids) < last:
            continue  # another object is the one the report names last
        found = evidence_values(shown.value)
        if all(
            value_matches(kind, value.lstrip("~"), shown.value, found)
            for kind, values in claim.values.items()
            for value in values
        ):
            return True
    return False
